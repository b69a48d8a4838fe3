// The OAuth 2.0 token service (docs/platform.md#token-service) as Ory Hydra/fosite answers it,
// mounted at /auth.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendEmpty, sendJson, sendText } from '../../kit/http';
import { mediaType } from '../http';
import type { Service } from '../service';
import type { AuthStore, Client } from './auth-store';

const GENERIC = {
  invalid_request:
    'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
  invalid_client:
    'Client authentication failed (e.g., unknown client, no client authentication included, or unsupported authentication method).',
  invalid_grant:
    'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  unsupported_grant_type:
    'The authorization grant type is not supported by the authorization server.',
} as const;
type OAuthError = keyof typeof GENERIC;

const STATUS: Record<OAuthError, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
};

// RFC 6749 §5.1: token answers are never cached. The content type is written as fosite writes it.
const TOKEN_HEADERS = {
  'Content-Type': 'application/json;charset=UTF-8',
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
};
const ALLOW = { Allow: 'OPTIONS, POST' };
const CREDENTIALS_MISSING =
  'Client credentials missing or malformed in both HTTP Authorization header and HTTP POST body.';

/** fosite's composition: the generic text of the code, then the specific hint if any. */
export const describeError = (error: OAuthError, hint: string | null): string =>
  hint ? `${GENERIC[error]} ${hint}` : GENERIC[error];

function sendOAuthError(res: ServerResponse, error: OAuthError, hint: string | null = null): void {
  sendJson(
    res,
    STATUS[error],
    { error, error_description: describeError(error, hint) },
    TOKEN_HEADERS,
  );
}

/** One way of reading the id and secret of a Basic header. */
type Credentials = { id: string; secret: string };
/**
 * The readings of a Basic header, the literal one first: the spec shows the Base64 of
 * `client_id:client_secret` as they are, and the platform's OAuth server form-decodes each half
 * (RFC 6749 §2.3.1), so a client may send either (docs/platform.md, "Token service: client
 * credentials in the Basic header"). A half that is not form-decodable has only the literal reading.
 */
type BasicCredentials = Credentials[] | 'absent';

/** Go's r.BasicAuth(): the header's Base64 split at the first colon, read both ways. */
export function parseBasic(header: string | undefined): BasicCredentials {
  const match = /^basic (.+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return 'absent';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(match[1])) return 'absent';
  const literal = { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  const unescape = (s: string): string | null => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return null;
    }
  };
  const id = unescape(literal.id);
  const secret = unescape(literal.secret);
  return id === null || secret === null ? [literal] : [literal, { id, secret }];
}

/** The registered client one reading of the header names with its secret, else null. */
export const authenticateBasic = (
  store: Pick<AuthStore, 'authenticate'>,
  readings: Credentials[],
): Client | null => {
  for (const { id, secret } of readings) {
    const client = store.authenticate(id, secret);
    if (client) return client;
  }
  return null;
};

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const body = await readBody(req, 1024 * 1024);
  // Like Go's ParseForm, only a form-encoded body counts; JSON leaves the form empty.
  return mediaType(req) === 'application/x-www-form-urlencoded'
    ? new URLSearchParams(body.toString('utf8'))
    : new URLSearchParams();
}

async function token(req: IncomingMessage, res: ServerResponse, store: AuthStore): Promise<void> {
  if (req.method === 'OPTIONS') return sendEmpty(res, 204, ALLOW);
  if (req.method !== 'POST') return sendText(res, 405, 'Method Not Allowed', ALLOW);
  const form = await readForm(req);
  const grantType = (form.get('grant_type') ?? '').trim();
  if (grantType === '')
    return sendOAuthError(res, 'invalid_request', "Request parameter 'grant_type' is missing");

  const basic = parseBasic(req.headers.authorization);
  if (basic === 'absent') {
    // Without a usable Basic header fosite looks at the body; this platform's clients only
    // support client_secret_basic, so a body client_id is an unsupported method.
    if ((form.get('client_id') ?? '') === '')
      return sendOAuthError(res, 'invalid_request', CREDENTIALS_MISSING);
    return sendOAuthError(res, 'invalid_client');
  }
  const client = authenticateBasic(store, basic);
  if (!client) return sendOAuthError(res, 'invalid_client');

  let result;
  if (grantType === 'authorization_code') {
    const redirectUri = form.get('redirect_uri');
    result = await store.exchangeCode(client, form.get('code') ?? '', redirectUri);
  } else if (grantType === 'refresh_token') {
    result = await store.refresh(client, form.get('refresh_token') ?? '');
  } else {
    return sendOAuthError(res, 'unsupported_grant_type');
  }
  if (!result.ok) return sendOAuthError(res, result.failure.error, result.failure.hint);
  sendJson(res, 200, result.tokens, TOKEN_HEADERS);
}

export function createTokenService(store: AuthStore): Service {
  return {
    prefix: '/auth',
    faultable: true,
    async handle(req, res, path) {
      if (path === '/oauth2/token') {
        await token(req, res, store);
        return true;
      }
      if (path === '/.well-known/jwks.json' && (req.method === 'GET' || req.method === 'HEAD')) {
        sendJson(res, 200, await store.publicJwks(), { 'Cache-Control': 'public, max-age=3600' });
        return true;
      }
      return false;
    },
  };
}
