import type { BridgeError } from '../shared/ipc/contract';
import type { Refusal } from '../shared/refusals';
import { refusal, refusalText } from '../shared/refusals';
import { RequestError } from './http/http';
import { KeychainUnavailableError } from './secrets/secret-store';

/**
 * An error an API handler throws on purpose: it crosses the bridge as its BridgeError. Main says
 * why as a refusal code (shared/refusals.ts) and the screen words it in its language; the message
 * is the English wording, for logs and tests.
 */
export class ServiceError extends Error {
  readonly bridge: BridgeError;

  /** `why` as text: words not yet declared as a refusal, shown as they are (English). */
  constructor(code: BridgeError['code'], why: Refusal | string, issues?: BridgeError['issues']) {
    const message = typeof why === 'string' ? why : refusalText(why, 'en');
    super(message);
    this.name = 'ServiceError';
    const said = typeof why === 'string' ? { code, message } : { code, message, refusal: why };
    this.bridge = issues ? { ...said, issues } : said;
  }
}

/** What was being done when a step failed (the refusal `failed` words each). */
export type Doing =
  | 'connect'
  | 'change'
  | 'disconnect'
  | 'addVenue'
  | 'removeVenue'
  | 'startSignIn'
  | 'signIn'
  | 'handshake';

/** Why a step outside the terminal failed, as far as staff can act on it. */
const whyOf = (error: unknown): 'offline' | 'refused' | 'busy' | null => {
  if (!(error instanceof RequestError)) return null;
  if (error.status === null) return error.kind === 'permanent' ? null : 'offline';
  if (error.status === 401 || error.status === 403) return 'refused';
  if (error.status === 429 || error.status >= 500) return 'busy';
  return null;
};

/** The steps that exchange an authorization code: only their invalid_grant is the code's. */
const SPENDS_CODE: ReadonlySet<Doing> = new Set(['connect', 'change', 'addVenue', 'signIn']);

/**
 * Why the token service refused an authorization code, from its invalid_grant answer: the
 * description opens with a fixed generic text and may add one specific sentence (the code already
 * used, a client ID or redirect URI not the authorize request's); with none, the code expired or
 * is not a code. A refused refresh token is not a code's refusal (the venue's reconnect says it).
 */
const codeRefusal = (error: unknown, doing: Doing): Refusal | null => {
  if (!SPENDS_CODE.has(doing) || !(error instanceof RequestError) || error.status !== 400)
    return null;
  const body = error.body as { error?: unknown; error_description?: unknown } | null;
  if (!body || typeof body !== 'object' || body.error !== 'invalid_grant') return null;
  const said = typeof body.error_description === 'string' ? body.error_description : '';
  if (/the refresh token|initial token issuance/i.test(said)) return null;
  if (/authorization code has already been used/i.test(said)) return refusal('auth-code-used');
  if (/client id[^.]*does not match/i.test(said)) return refusal('auth-code-other-client');
  if (/redirect_uri[^.]*does not match/i.test(said)) return refusal('auth-redirect-mismatch');
  return refusal('auth-code-invalid');
};

/**
 * What a handler throws when `doing` failed: its own ServiceError as is, a keychain failure in its
 * own plain words, a refused authorization code by the platform's reason, anything else as what
 * failed and its likely why. The raw error's text never
 * reaches the screen (`log` keeps it).
 */
export const failure = (
  error: unknown,
  doing: Doing,
  log: (message: string) => void = () => undefined,
): ServiceError => {
  if (error instanceof ServiceError) return error;
  if (error instanceof KeychainUnavailableError)
    return new ServiceError('failed', refusal('keychain'));
  log(`${doing} failed: ${error instanceof Error ? error.message : String(error)}`);
  return new ServiceError(
    'failed',
    codeRefusal(error, doing) ?? refusal('failed', doing, whyOf(error)),
  );
};
