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
 * The Basic credential of the token endpoint: id and secret each form-urlencoded, then
 * `id:secret` in Base64, because the token service form-decodes both halves (docs/platform.md,
 * "Token service: client credentials in the Basic header"). Unencoded, a `+` in a secret would
 * arrive as a space and a `%` would be refused.
 */
export const basicCredential = (clientId: string, clientSecret: string): string => {
  const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`).toString('base64');
};

const postToken = async (
  credentials: ClientCredentials,
  form: Record<string, string>,
): Promise<TokenPair> => {
  const basic = basicCredential(credentials.clientId, credentials.clientSecret);
  const response = await sendRequest({
    method: 'POST',
    url: tokenUrl(credentials.authUrl),
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form),
    timeoutMs: credentials.timeoutMs,
  });
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

/** The OAuth error code of a token-service error body, e.g. invalid_grant. */
export const oauthErrorCode = (error: unknown): string | null => {
  if (!(error instanceof RequestError) || !error.body || typeof error.body !== 'object')
    return null;
  const code = (error.body as { error?: unknown }).error;
  return typeof code === 'string' ? code : null;
};
