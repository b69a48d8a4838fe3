import { decodeJwt } from 'jose';
import { z } from 'zod';
import { RequestError, sendRequest } from '../http/http';

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  token_type: z.string().optional(),
  scope: z.string().optional(),
});

export type TokenPair = {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives, as the server said. */
  expiresIn: number;
  venueId: string;
};

export type ClientCredentials = {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
};

const claimsSchema = z.object({ integration: z.object({ venue_id: z.string().min(1) }) });

/** The venue the token is for, from its payload (docs/platform.md#venue-id-in-the-access-token). */
export const venueIdOf = (accessToken: string): string => {
  const parsed = claimsSchema.safeParse(decodeJwt(accessToken));
  if (!parsed.success) {
    throw new RequestError({
      kind: 'permanent',
      status: null,
      message: 'The access token does not name a venue (integration.venue_id is missing).',
    });
  }
  return parsed.data.integration.venue_id;
};

const tokenUrl = (authUrl: string): string => `${authUrl.replace(/\/+$/, '')}/oauth2/token`;

/**
 * The Basic credential of the token endpoint as RFC 6749 §2.3.1 has it: id and secret each
 * form-urlencoded, then `id:secret` in Base64, because the platform's OAuth server form-decodes
 * both halves (docs/platform.md, "Token service: client credentials in the Basic header").
 * Unencoded, a `+` in a secret would arrive there as a space.
 */
export const basicCredential = (clientId: string, clientSecret: string): string => {
  const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64');
};

/** The OAuth error code of a token-service error body, e.g. invalid_grant. */
export const oauthErrorCode = (error: unknown): string | null => {
  if (!(error instanceof RequestError) || !error.body || typeof error.body !== 'object')
    return null;
  const code = (error.body as { error?: unknown }).error;
  return typeof code === 'string' ? code : null;
};

/**
 * The Basic credentials to offer, in order: the form-urlencoded one, then, when it differs, id and
 * secret as they are, which is how the platform's own documents show the header. A service that
 * reads the header literally refuses the first with 401 invalid_client; client authentication
 * comes before the grant, so that refusal spent nothing and the second may be sent.
 */
const basicCredentials = (clientId: string, clientSecret: string): [string, ...string[]] => {
  const encoded = basicCredential(clientId, clientSecret);
  const literal = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
  return literal === encoded ? [encoded] : [encoded, literal];
};

/** Whether an error is the token service refusing the client itself (401 invalid_client). */
const isClientRefused = (error: unknown): boolean =>
  error instanceof RequestError &&
  error.status === 401 &&
  oauthErrorCode(error) === 'invalid_client';

/** Sends `send` with each Basic credential in turn while the client itself is refused. */
export const withBasicCredentials = async <T>(
  clientId: string,
  clientSecret: string,
  send: (basic: string) => Promise<T>,
): Promise<T> => {
  const [first, ...others] = basicCredentials(clientId, clientSecret);
  try {
    return await send(first);
  } catch (error) {
    const next = others[0];
    if (next === undefined || !isClientRefused(error)) throw error;
    return send(next);
  }
};

const postToken = async (
  credentials: ClientCredentials,
  form: Record<string, string>,
): Promise<TokenPair> => {
  const response = await withBasicCredentials(
    credentials.clientId,
    credentials.clientSecret,
    (basic) =>
      sendRequest({
        method: 'POST',
        url: tokenUrl(credentials.authUrl),
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form),
        timeoutMs: credentials.timeoutMs,
      }),
  );
  const parsed = tokenResponseSchema.safeParse(response.body);
  if (!parsed.success) {
    // The server answered 2xx, so the old refresh token may be spent: not a retryable failure.
    throw new RequestError({
      kind: 'permanent',
      status: response.status,
      message: 'The token service answered with a body that is not a token response.',
      outcomeUnknown: true,
    });
  }
  const { access_token, refresh_token, expires_in } = parsed.data;
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    expiresIn: expires_in,
    venueId: venueIdOf(access_token),
  };
};

export const exchangeAuthorizationCode = (
  credentials: ClientCredentials,
  code: string,
  redirectUri: string,
): Promise<TokenPair> =>
  postToken(credentials, { grant_type: 'authorization_code', code, redirect_uri: redirectUri });

export const exchangeRefreshToken = (
  credentials: ClientCredentials,
  refreshToken: string,
): Promise<TokenPair> =>
  postToken(credentials, { grant_type: 'refresh_token', refresh_token: refreshToken });
