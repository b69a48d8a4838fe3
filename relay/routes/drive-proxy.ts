// /v1/drive/…: the terminals' way to the delivery service. A terminal calls the service's own
// paths under this prefix with its terminal key; the relay checks that the venue, merchant or
// order reference is the terminal's own, then forwards the call with the merchant's key, which
// never leaves the relay (docs/security.md). What a terminal may call is this list and nothing
// else: the merchant's webhooks are the relay's alone.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, decodeJson, readBody, sendJson, sendText } from '../../kit/http';
import { callDrive, DriveUnreachable } from '../drive/drive-api';
import { merchantAccount } from '../drive/merchant-webhooks';
import { isVenueId, VENUE_ID_RULE } from '../../shared/venue-id';
import type { RelayContext } from '../relay-context';
import type { Terminal } from '../store/event-store';
import { driveCaller } from './drive-caller';

export const DRIVE_PROXY = '/v1/drive/';
const BODY_BYTES = 64 * 1024;
/** Below the terminal's own 15 s, so it hears the relay's verdict rather than its own timeout. */
const FORWARD_TIMEOUT_MS = 12_000;

type Target =
  | { scope: 'venue'; venueId: string; booking: boolean }
  | { scope: 'merchant'; merchantId: string }
  | { scope: 'order'; orderRef: string };

type Allowed = { method: string; pattern: RegExp; target: (parts: string[]) => Target };

const segment = '([^/]{1,200})';
const ALLOWED: readonly Allowed[] = [
  {
    method: 'POST',
    pattern: new RegExp(`^v1/venues/${segment}/shipment-promises$`),
    target: ([venueId]) => ({ scope: 'venue', venueId: venueId as string, booking: false }),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^v1/venues/${segment}/deliveries$`),
    target: ([venueId]) => ({ scope: 'venue', venueId: venueId as string, booking: true }),
  },
  ...['available-venues', 'delivery-fee'].map((name) => ({
    method: 'POST',
    pattern: new RegExp(`^merchants/${segment}/${name}$`),
    target: ([merchantId]: string[]): Target => ({
      scope: 'merchant',
      merchantId: merchantId as string,
    }),
  })),
  {
    method: 'GET',
    pattern: new RegExp(`^merchants/${segment}/delivery-areas$`),
    target: ([merchantId]) => ({ scope: 'merchant', merchantId: merchantId as string }),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^order/${segment}/status/cancel$`),
    target: ([orderRef]) => ({ scope: 'order', orderRef: orderRef as string }),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^order/${segment}/handshake-delivery$`),
    target: ([orderRef]) => ({ scope: 'order', orderRef: orderRef as string }),
  },
];

/** The allowed call this path and method are, or an answer why not. */
function allowed(method: string, rest: string): { target: Target } {
  if (/^v1\/merchants\/[^/]+\/webhooks(\/|$)/.test(rest))
    throw new HttpError(
      403,
      "The merchant's webhooks are kept by the relay; no terminal may touch them.",
    );
  for (const entry of ALLOWED) {
    const match = entry.pattern.exec(rest);
    if (!match) continue;
    if (method !== entry.method)
      throw new HttpError(405, `This path accepts ${entry.method} only.`, {
        headers: { Allow: entry.method },
      });
    let parts: string[];
    try {
      parts = match.slice(1).map((part) => decodeURIComponent(part));
    } catch {
      throw new HttpError(400, 'The path is not validly encoded.');
    }
    return { target: entry.target(parts) };
  }
  throw new HttpError(
    404,
    'No such delivery call: a terminal may quote, book, cancel, read a PIN and check an address.',
  );
}

/** The merchant whose key serves this call, once the target is proven the terminal's own. */
async function merchantFor(
  ctx: RelayContext,
  terminal: Terminal,
  target: Target,
): Promise<{ merchantId: string; venueId: string | null }> {
  const merchants = new Map<string, string>();
  for (const venueId of terminal.venueIds) {
    const merchantId = await ctx.store.deliveryVenueMerchant(venueId);
    if (merchantId !== null) merchants.set(venueId, merchantId);
  }
  if (target.scope === 'venue') {
    if (!isVenueId(target.venueId)) throw new HttpError(400, `A venue id is ${VENUE_ID_RULE}.`);
    if (!terminal.venueIds.includes(target.venueId))
      throw new HttpError(403, 'This terminal key does not belong to that venue.');
    const merchantId = merchants.get(target.venueId);
    if (merchantId === undefined)
      throw new HttpError(409, 'Courier delivery is not set up for this venue at the relay.');
    return { merchantId, venueId: target.venueId };
  }
  if (target.scope === 'merchant') {
    if (![...merchants.values()].includes(target.merchantId))
      throw new HttpError(403, "That merchant is not this terminal's venue's.");
    return { merchantId: target.merchantId, venueId: null };
  }
  for (const [venueId, merchantId] of merchants) {
    const owner = await ctx.store.deliveryBookingVenue(merchantId, target.orderRef);
    if (owner === venueId) return { merchantId, venueId };
  }
  throw new HttpError(403, "That delivery is not one of this terminal's venue's.");
}

async function requestBody(req: IncomingMessage, method: string): Promise<unknown> {
  if (method === 'GET') return undefined;
  const { json } = decodeJson(await readBody(req, BODY_BYTES));
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new HttpError(400, 'The body must be a JSON object.');
  return json;
}

const referenceOf = (body: unknown): string | null => {
  if (body === null || typeof body !== 'object') return null;
  const ref = (body as { platform_order_reference_id?: unknown }).platform_order_reference_id;
  return typeof ref === 'string' && ref !== '' && ref.length <= 200 ? ref : null;
};

/** Answers the terminal with the service's own answer (status and JSON body). */
function relayAnswer(res: ServerResponse, status: number, text: string): void {
  if (text === '') {
    sendJson(res, status, null);
    return;
  }
  sendText(res, status, text, { 'Content-Type': 'application/json; charset=utf-8' });
}

export async function handleDriveProxy(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
): Promise<void> {
  const { terminal, drive } = await driveCaller(ctx, req);
  const method = req.method ?? 'GET';
  const { target } = allowed(method, rest);
  const body = await requestBody(req, method);
  const { merchantId, venueId } = await merchantFor(ctx, terminal, target);
  const account = await merchantAccount(drive, merchantId);
  if (account === null)
    throw new HttpError(409, 'The relay holds no merchant key for this venue; set it up again.');
  let answer: Awaited<ReturnType<typeof callDrive>>;
  try {
    answer = await callDrive(account.driveUrl, account.merchantKey, {
      method,
      path: `/${rest}`,
      body,
      timeoutMs: FORWARD_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof DriveUnreachable)) throw error;
    // 504 when the call may have reached the service: a booking's outcome is then unknown.
    throw new HttpError(error.maybeSent ? 504 : 502, error.message);
  }
  if (target.scope === 'venue' && target.booking && answer.status < 300 && venueId !== null) {
    const ref = referenceOf(answer.body);
    if (ref !== null) {
      try {
        await ctx.store.recordDeliveryBooking(merchantId, ref, venueId, ctx.now());
      } catch (error) {
        // Booked, but not recorded: the terminal learns the booking from its order.received.
        ctx.log('storage', `could not record a booking: ${(error as Error).message}`);
        throw new HttpError(504, 'The booking was sent but the relay could not record it.');
      }
    }
  }
  relayAnswer(res, answer.status, answer.text);
}
