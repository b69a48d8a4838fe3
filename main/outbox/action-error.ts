// Why an action has not reached the platform, as a code the screen words in its own language:
// what the outbox keeps in a row's error and in its tries. Never the error's English, an address
// or a system code (those go to the audit log); the platform's own message, where it gave one,
// is kept beside the code for a secondary details line.
import type { Refusal } from '../../shared/refusals';
import { decodeRefusal, encodeRefusal, refusal } from '../../shared/refusals';
import { RequestError, serverWords } from '../http/http';

/** A failed call sorted by what staff can make of it. */
const requestRefusal = (error: RequestError): Refusal => {
  const { status } = error;
  if (status === null)
    return error.kind === 'temporary'
      ? refusal('action-error', error.timedOut ? 'slow' : 'offline', null)
      : refusal('action-error', 'other', null);
  if (status < 400) return refusal('action-error', 'unreadable', null);
  if (status === 401) return refusal('action-error', 'signIn', status);
  if (error.kind === 'temporary') return refusal('action-error', 'busy', status);
  if (status === 400 || status === 422) return refusal('action-error', 'invalid', status);
  return refusal('action-error', 'refused', status);
};

/**
 * A failure as the outbox keeps it: a refusal a sender already gave as its code stays as it is;
 * anything else is sorted (`describe`: the composition's own errors, e.g. a venue to reconnect).
 */
export const actionErrorText = (
  error: unknown,
  describe?: (error: unknown) => Refusal | null,
): string => {
  const message = error instanceof Error ? error.message : String(error);
  if (decodeRefusal(message)) return message;
  const known = describe?.(error);
  if (known) return encodeRefusal(known);
  if (error instanceof RequestError)
    return encodeRefusal(requestRefusal(error), serverWords(error));
  return encodeRefusal(refusal('action-error', 'other', null));
};

/** Why a `once` kind's try may have taken effect (`reason`: the failure, or the terminal stopped). */
export const unknownOutcomeText = (reason: unknown): string =>
  encodeRefusal(
    refusal(
      'action-unknown',
      reason === 'stopped'
        ? 'stopped'
        : reason instanceof RequestError && reason.timedOut
          ? 'slow'
          : 'other',
    ),
  );
