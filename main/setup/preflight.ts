// Setup's checks before anything is spent: the relay (a poll that does not wait, with the terminal
// key), the token service (the client's credentials, with a request that carries no code) and the
// order API answer as they should, or setup says which field is wrong and how to fix it. The
// authorization code is single use: it is exchanged only once everything else is known to work.
import { z } from 'zod';
import { RequestError, sendRequest } from '../http/http';
import { oauthErrorCode, withBasicCredentials } from '../auth/token-client';
import type { Refusal } from '../../shared/refusals';
import { refusal } from '../../shared/refusals';

/** A field of the setup form and what is wrong with it, as a code the screen words. */
export type FieldProblem = { field: string; refusal: Refusal };

/** How long each check may take: a counter does not wait on a dead address. */
const CHECK_TIMEOUT_MS = 8_000;

const relayAnswerSchema = z.object({
  log_id: z.string().optional(),
  venue_ids: z.array(z.string()).optional(),
  events: z.array(z.unknown()),
});

const joinPath = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;

/** Nothing answered at all: the address (host or port) is wrong, or the service is down. */
const noAnswer = (error: unknown): boolean =>
  error instanceof RequestError ? error.status === null : true;

/**
 * The relay with this key: the venues it may read (null when the relay does not say), or the
 * problem, naming the field to fix.
 */
export const checkRelay = async (
  relayUrl: string,
  terminalKey: string,
): Promise<{ venueIds: string[] | null } | FieldProblem> => {
  try {
    const response = await sendRequest({
      method: 'GET',
      url: joinPath(relayUrl, '/v1/events?after=0&wait=0&limit=1'),
      headers: { authorization: `Bearer ${terminalKey}` },
      timeoutMs: CHECK_TIMEOUT_MS,
    });
    const answer = relayAnswerSchema.safeParse(response.body);
    if (!answer.success)
      return {
        field: 'relayUrl',
        refusal: refusal('setup-relay-not-relay'),
      };
    return { venueIds: answer.data.venue_ids ?? null };
  } catch (error) {
    if (noAnswer(error))
      return {
        field: 'relayUrl',
        refusal: refusal('setup-relay-no-answer'),
      };
    const status = (error as RequestError).status;
    if (status === 401 || status === 403)
      return {
        field: 'terminalKey',
        refusal: refusal('setup-key-refused'),
      };
    // A rate limit comes after the key was accepted: the relay and the key are right.
    if (status === 429) return { venueIds: null };
    if (status === 404 || status === 405)
      return {
        field: 'relayUrl',
        refusal: refusal('setup-relay-path'),
      };
    return {
      field: 'relayUrl',
      refusal: refusal('setup-relay-failing'),
    };
  }
};

/**
 * The token service with the client's credentials: a code exchange without a code. Client
 * authentication comes before the grant, so a wrong client is refused (invalid_client) and a
 * right one gets invalid_grant for the missing code; nothing is spent (docs/platform.md#setup-checks).
 */
export const checkTokenService = async (input: {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): Promise<FieldProblem | null> => {
  try {
    await withBasicCredentials(input.clientId, input.clientSecret, (basic) =>
      sendRequest({
        method: 'POST',
        url: joinPath(input.authUrl, '/oauth2/token'),
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          redirect_uri: input.redirectUri,
        }),
        timeoutMs: CHECK_TIMEOUT_MS,
      }),
    );
    // A token for no code: not the platform's token service.
    return notTokenService;
  } catch (error) {
    if (noAnswer(error))
      return {
        field: 'authUrl',
        refusal: refusal('setup-auth-no-answer'),
      };
    const code = oauthErrorCode(error);
    if (code === 'invalid_client')
      return {
        field: 'clientSecret',
        refusal: refusal('setup-client-refused'),
      };
    if (code === 'invalid_grant' || code === 'invalid_request') return null;
    const status = (error as RequestError).status;
    if (status !== null && status >= 500)
      return {
        field: 'authUrl',
        refusal: refusal('setup-auth-failing'),
      };
    return notTokenService;
  }
};

const notTokenService: FieldProblem = {
  field: 'authUrl',
  refusal: refusal('setup-not-auth'),
};

/**
 * The order API answers a request without a token as the platform does (401). Another answer
 * means another service or a wrong path (docs/platform.md#setup-checks).
 */
export const checkOrderApi = async (posUrl: string): Promise<FieldProblem | null> => {
  try {
    await sendRequest({
      method: 'GET',
      url: joinPath(posUrl, '/orders/countertop-setup-check'),
      timeoutMs: CHECK_TIMEOUT_MS,
    });
  } catch (error) {
    if (noAnswer(error))
      return {
        field: 'posUrl',
        refusal: refusal('setup-pos-no-answer'),
      };
    const status = (error as RequestError).status;
    if (status === 401) return null;
    if (status !== null && status >= 500)
      return {
        field: 'posUrl',
        refusal: refusal('setup-pos-failing'),
      };
  }
  return {
    field: 'posUrl',
    refusal: refusal('setup-not-pos'),
  };
};

/** The venue the code signed in against the relay key's venues. */
export const venueMismatch = (
  venueId: string,
  relayVenueIds: readonly string[] | null,
): FieldProblem | null =>
  relayVenueIds === null || relayVenueIds.includes(venueId)
    ? null
    : {
        field: 'terminalKey',
        refusal: refusal('setup-key-other-venue'),
      };
