// The renderer's only way to the services: whatever host put a Bridge on window (preload in
// Electron, the web host's script in a browser). The renderer never learns which one.
import type { Bridge, BridgeError } from '../../shared/ipc/contract';
import { BRIDGE_GLOBAL } from '../../shared/ipc/contract';
import type { Refusal } from '../../shared/refusals';
import { decodeRefusal, isRefusal, refusal, refusalText, storedText } from '../../shared/refusals';
import { currentLanguage, pseudoLocale } from './language';

export const findBridge = (scope: object = window): Bridge | null => {
  const candidate = (scope as Record<string, unknown>)[BRIDGE_GLOBAL];
  return candidate && typeof candidate === 'object' ? (candidate as Bridge) : null;
};

const BRIDGE_CODES = new Set<BridgeError['code']>([
  'invalid-request',
  'not-configured',
  'not-found',
  'conflict',
  'failed',
]);

/** What main answers for anything it did not expect; also the screen's for an answer it cannot read. */
const UNEXPECTED = refusal('unexpected');

/**
 * Bridges reject with a BridgeError-shaped value; anything else (an answer without words, or an
 * exception of the browser's, whose English text is no staff's) is the unexpected refusal. A
 * refusal main sent as a code is worded here, in the screen's language: its English message is
 * for logs.
 */
export const toBridgeError = (error: unknown): BridgeError => {
  const said =
    error && typeof error === 'object' && !(error instanceof Error)
      ? (error as Partial<BridgeError>)
      : {};
  const code = said.code && BRIDGE_CODES.has(said.code) ? said.code : 'failed';
  const issues = Array.isArray(said.issues) ? { issues: said.issues } : {};
  if (!isRefusal(said.refusal) && typeof said.message === 'string' && said.message)
    return { code, message: said.message, ...issues };
  const why = isRefusal(said.refusal) ? said.refusal : UNEXPECTED;
  return {
    code: isRefusal(said.refusal) ? code : 'failed',
    message: refusalWords(why),
    refusal: why,
    ...issues,
  };
};

/** Runs a bridge call: null when it succeeded, the service's refusal when it did not. */
export const tryCall = async (call: () => Promise<unknown>): Promise<BridgeError | null> => {
  try {
    await call();
    return null;
  } catch (error) {
    return toBridgeError(error);
  }
};

/**
 * The renderer's one error convention for bridge calls: a store action that only commands returns
 * `Promise<BridgeError | null>` (null: done); one that reads data returns `Promise<Result<T>>`.
 * No action throws a bridge error to a component or swallows one: the component shows it.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

/** Runs a bridge call that answers with data: its value, or the service's refusal. */
export const tryRead = async <T>(call: () => Promise<T>): Promise<Result<T>> => {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error: toBridgeError(error) };
  }
};

/** A read's refusal, for a step that only needs to know whether it failed (a form's submit). */
export const errorOf = (result: Result<unknown>): BridgeError | null =>
  result.ok ? null : result.error;

/** What main kept as text (a failed action's error): a kept refusal in the screen's language. */
export const keptText = (text: string): string =>
  storedText(text, currentLanguage(), pseudoLocale());

/**
 * Why an action has not reached the platform, as staff read it: main keeps a code, worded here in
 * the screen's language. The platform's own words kept beside it (an English sentence that may
 * name the order's id) are for support, in the diagnostics export, never on a staff screen; a row
 * kept before errors were codes reads as the screen's "could not be sent".
 */
export const actionErrorWords = (text: string): string =>
  decodeRefusal(text) ? keptText(text) : refusalWords(refusal('action-error', 'other', null));

/**
 * A bridge error as staff read it now: its refusal in the screen's language (so a kept error
 * follows a switch), else the words it came with.
 */
export const errorWords = (error: BridgeError): string =>
  error.refusal ? refusalText(error.refusal, currentLanguage(), pseudoLocale()) : error.message;

/** A refusal the renderer itself found (a form's check shared with main), in the screen's language. */
export const refusalWords = (r: Refusal): string =>
  refusalText(r, currentLanguage(), pseudoLocale());
