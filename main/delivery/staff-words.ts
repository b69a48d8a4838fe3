// The delivery service's refusals in the words of a counter: staff never read an error code, a
// status or a validator's message. The codes are the ones the service answers with
// (docs/platform.md#booking-a-courier); anything else gets a plain sentence, not its raw text.
import { RequestError } from '../http/http';
import { ServiceError } from '../service-error';

/** The service refused the address as beyond where its couriers go. */
export const OUTSIDE_AREA_CODES = new Set(['DROPOFF_OUTSIDE_OF_DELIVERY_AREA']);

const BY_CODE: Record<string, string> = {
  DROPOFF_OUTSIDE_OF_DELIVERY_AREA: 'This address is outside the courier delivery area.',
  INVALID_SCHEDULED_DROPOFF_TIME:
    'The courier service cannot deliver at that time: pick a time more than an hour from now, or as soon as possible.',
  SHIPMENT_PROMISE_EXPIRED: 'The price offer ran out: get a new price and time.',
  SHIPMENT_PROMISE_NOT_FOUND: 'The price offer ran out: get a new price and time.',
  SHIPMENT_PROMISE_NOT_BINDING:
    'A courier can only be booked with the full address: add the street and the post code or city.',
  DROPOFF_LOCATION_MISMATCH: 'The address changed since the price offer: get a new price and time.',
  CASH_NOT_ENABLED: 'Cash on delivery is not switched on for this account: leave the cash empty.',
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

/** One sentence staff can act on. */
export const staffProblem = (error: unknown): string => {
  if (error instanceof ServiceError) return error.message;
  const code = errorCode(error);
  if (code && BY_CODE[code]) return BY_CODE[code];
  if (error instanceof RequestError) {
    // Said by this app itself (courier delivery not set up), already in staff words.
    if (error.status === null && error.kind === 'permanent') return error.message;
    if (error.status === null)
      return 'The courier service did not answer: check the internet connection and try again.';
    if (error.status === 401 || error.status === 403)
      return 'The courier service did not accept this terminal’s set-up: ask a manager to check the courier set-up.';
    if (error.status === 422 || error.status === 400)
      return 'The courier service did not accept these details: check the address and the fields, then try again.';
    if (error.status === 429) return 'The courier service is busy: try again in a minute.';
    if (error.status >= 500)
      return 'The courier service has a problem right now: try again in a minute.';
  }
  return 'Something went wrong asking the courier service: try again.';
};

/**
 * The same failure with the staff sentence as its message: what the outbox keeps and the card
 * shows for an action the service refused. Kind, status and whether it may have been processed
 * stay as they were, so what is resent and what is not does not change.
 */
export const inStaffWords = (error: unknown): unknown =>
  error instanceof RequestError
    ? new RequestError({
        kind: error.kind,
        status: error.status,
        message: staffProblem(error),
        retryAfterMs: error.retryAfterMs,
        body: error.body,
        outcomeUnknown: error.outcomeUnknown,
      })
    : error;

/** A ServiceError carrying the staff sentence (the technical one goes to the log, not the screen). */
export const staffFailure = (error: unknown): ServiceError =>
  error instanceof ServiceError ? error : new ServiceError('failed', staffProblem(error));
