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

/**
 * What a handler throws when `doing` failed: its own ServiceError as is, a keychain failure in its
 * own plain words, anything else as what failed and its likely why. The raw error's text never
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
  return new ServiceError('failed', refusal('failed', doing, whyOf(error)));
};
