// The delivery service's refusals in the words of a counter: staff never read an error code, a
// status or a validator's message. The codes are the ones the service answers with
// (docs/platform.md#booking-a-courier); each becomes a refusal code (shared/refusals.ts) the screen
// words in its language; anything else gets a plain one, never its raw text.
import { RequestError } from '../http/http';
import { ServiceError } from '../service-error';
import type { Refusal, RefusalKey } from '../../shared/refusals';
import { decodeRefusal, encodeRefusal, refusal } from '../../shared/refusals';

/** The service refused the address as beyond where its couriers go. */
export const OUTSIDE_AREA_CODES = new Set(['DROPOFF_OUTSIDE_OF_DELIVERY_AREA']);

const BY_CODE: Record<string, RefusalKey> = {
  DROPOFF_OUTSIDE_OF_DELIVERY_AREA: 'courier-outside-area',
  INVALID_SCHEDULED_DROPOFF_TIME: 'courier-time-refused',
  SHIPMENT_PROMISE_EXPIRED: 'courier-offer-expired',
  SHIPMENT_PROMISE_NOT_FOUND: 'courier-offer-expired',
  SHIPMENT_PROMISE_NOT_BINDING: 'courier-address-incomplete',
  DROPOFF_LOCATION_MISMATCH: 'courier-address-changed',
  CASH_NOT_ENABLED: 'courier-cash-off',
  VENUE_CLOSED: 'courier-venue-closed',
};

/** The service's error code, from the error body it sent. */
export const errorCode = (error: unknown): string | null => {
  if (!(error instanceof RequestError)) return null;
  const body = error.body;
  if (body && typeof body === 'object' && 'error_code' in body) {
    const code = (body as { error_code: unknown }).error_code;
    return typeof code === 'string' ? code : null;
  }
  return null;
};

/** Why, as a refusal staff can act on. */
export const staffProblem = (error: unknown): Refusal => {
  if (error instanceof ServiceError && error.bridge.refusal) return error.bridge.refusal;
  const code = errorCode(error);
  const known = code && Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined;
  if (known) return refusal(known);
  if (error instanceof RequestError) {
    // Said by this app itself (courier delivery not set up), already a refusal.
    const own = decodeRefusal(error.message);
    if (own) return own;
    if (error.status === null && error.kind === 'permanent') return refusal('courier-failed');
    if (error.status === null) return refusal('courier-no-answer');
    if (error.status === 401 || error.status === 403) return refusal('courier-setup-refused');
    if (error.status === 422 || error.status === 400) return refusal('courier-details-refused');
    if (error.status === 429) return refusal('courier-busy');
    if (error.status >= 500) return refusal('courier-down');
  }
  return refusal('courier-failed');
};

/**
 * The same failure with the refusal as its message (kept as its code, `encodeRefusal`): what the
 * outbox keeps and the card words in the screen's language for an action the service refused.
 * Kind, status and whether it may have been processed stay as they were, so what is resent and
 * what is not does not change.
 */
export const inStaffWords = (error: unknown): unknown =>
  error instanceof RequestError
    ? new RequestError({
        kind: error.kind,
        status: error.status,
        message: encodeRefusal(staffProblem(error)),
        retryAfterMs: error.retryAfterMs,
        body: error.body,
        outcomeUnknown: error.outcomeUnknown,
      })
    : error;

/** A ServiceError carrying the refusal (the technical message goes to the log, not the screen). */
export const staffFailure = (error: unknown): ServiceError =>
  error instanceof ServiceError ? error : new ServiceError('failed', staffProblem(error));
