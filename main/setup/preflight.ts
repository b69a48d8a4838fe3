// Setup's checks before anything is spent: the relay (a poll that does not wait, with the terminal
// key), the token service (the client's credentials, with a request that carries no code) and the
// order API answer as they should, or setup says which field is wrong and how to fix it. The
// authorization code is single use: it is exchanged only once everything else is known to work.
import { z } from 'zod';
import { RequestError, sendRequest } from '../http/http';
import { oauthErrorCode } from '../auth/token-client';
import { basicCredential } from '../auth/token-client';

/** A field of the setup form and what is wrong with it, in staff words. */
export type FieldProblem = { field: string; message: string };

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
        message:
          'Something answers at this address, but it is not the relay. Check the address with whoever runs your relay.',
      };
    return { venueIds: answer.data.venue_ids ?? null };
  } catch (error) {
    if (noAnswer(error))
      return {
        field: 'relayUrl',
        message:
          'Nothing answers at this address. Check the host name and the port number (for example https://relay.example.com or http://127.0.0.1:4020).',
      };
    const status = (error as RequestError).status;
    if (status === 401 || status === 403)
      return {
        field: 'terminalKey',
        message:
          'The relay does not accept this terminal key: it was mistyped or withdrawn. Copy it again, or ask whoever runs your relay for a new one.',
      };
    // A rate limit comes after the key was accepted: the relay and the key are right.
    if (status === 429) return { venueIds: null };
    if (status === 404 || status === 405)
      return {
        field: 'relayUrl',
        message:
          'This is not the relay’s address: a server answers, but not as a relay. Enter the address alone, without a path after it (not …/hooks/marketplace or …/v1/events).',
      };
    return {
      field: 'relayUrl',
      message: `The relay answered with an error (${status ?? 'no answer'}). Try again in a minute; if it stays, call whoever runs your relay.`,
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
    await sendRequest({
      method: 'POST',
      url: joinPath(input.authUrl, '/oauth2/token'),
      headers: {
        authorization: `Basic ${basicCredential(input.clientId, input.clientSecret)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        redirect_uri: input.redirectUri,
      }),
      timeoutMs: CHECK_TIMEOUT_MS,
    });
    // A token for no code: not the platform's token service.
    return notTokenService;
  } catch (error) {
    if (noAnswer(error))
      return {
        field: 'authUrl',
        message:
          'Nothing answers at this address. Check the Auth URL the platform gave you (host name and port).',
      };
    const code = oauthErrorCode(error);
    if (code === 'invalid_client')
      return {
        field: 'clientSecret',
        message:
          'The platform does not accept this client ID and secret. Copy both again from the platform’s partner details.',
      };
    if (code === 'invalid_grant' || code === 'invalid_request') return null;
    const status = (error as RequestError).status;
    if (status !== null && status >= 500)
      return {
        field: 'authUrl',
        message: `The platform’s sign-in service answered with an error (${status}). Try again in a minute.`,
      };
    return notTokenService;
  }
};

const notTokenService: FieldProblem = {
  field: 'authUrl',
  message:
    'This is not the platform’s sign-in service: a server answers, but not as one. Check the Auth URL the platform gave you.',
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
        message:
          'Nothing answers at this address. Check the Order API URL the platform gave you (host name and port).',
      };
    const status = (error as RequestError).status;
    if (status === 401) return null;
    if (status !== null && status >= 500)
      return {
        field: 'posUrl',
        message: `The platform’s order service answered with an error (${status}). Try again in a minute.`,
      };
  }
  return {
    field: 'posUrl',
    message:
      'This is not the platform’s order service: a server answers, but not as one. Check the Order API URL the platform gave you.',
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
        message:
          'This terminal key is for another venue than the one you signed in with. Enter the key made for this venue.',
      };
