// POST /hooks/drive/{merchant_id} and /hooks/drive/{merchant_id}/locations: the delivery
// service's events for every venue of one merchant, on the webhooks the relay keeps for it
// (relay/drive/merchant-webhooks.ts), signed with the merchant's secret that only the relay and
// the service know (docs/security.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendJson } from '../../kit/http';
import { DRIVE_HOOK } from '../drive/merchant-webhooks';
import { checkDispatchedAt, parseDeliveryEvent, verifyDeliveryToken } from '../ingest/delivery';
import type { RelayContext } from '../relay-context';
import { trust } from '../relay-context';
import { ingest, readDeliveryEnvelope, readDeliveryStore, refuse } from './webhook-intake';

/** The merchant of a merchant webhook address, or null. */
export function driveHookMerchant(pathname: string): string | null {
  if (!pathname.startsWith(DRIVE_HOOK)) return null;
  const parts = pathname.slice(DRIVE_HOOK.length).split('/');
  const [segment, tail] = parts;
  if (segment === undefined || segment === '' || parts.length > 2) return null;
  if (parts.length === 2 && tail !== 'locations') return null;
  try {
    const merchant = decodeURIComponent(segment);
    return merchant.length <= 200 ? merchant : null;
  } catch {
    return null;
  }
}

/** The merchant's webhook secrets valid now, opened (a box that does not open is skipped, logged). */
async function merchantSecrets(
  ctx: RelayContext,
  merchantId: string,
  at: number,
): Promise<string[]> {
  const drive = ctx.drive;
  if (drive === null) return [];
  const boxes = await readDeliveryStore(ctx, () => ctx.store.merchantSecrets(merchantId, at));
  const secrets: string[] = [];
  for (const box of boxes) {
    try {
      secrets.push(drive.box.open(merchantId, 'webhook-secret', box));
    } catch (error) {
      ctx.log(
        'drive:box',
        `a webhook secret of ${merchantId} does not open: ${(error as Error).message}`,
      );
    }
  }
  return secrets;
}

const acknowledge = (
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  outcome: string,
): void => {
  ctx.metrics.received.inc({ kind: 'delivery', outcome });
  trust(ctx, req.socket);
  sendJson(res, 200, { received: true, stored: false });
};

/**
 * Verified with the merchant's secrets, then routed: by the venue that booked the order reference
 * through this relay; else by `details.venue_id` (a genuine event, recorded as the reference's
 * owner, for deliveries booked before the relay held the key); an event that names no venue and
 * whose reference nobody booked here, or names another venue than the booking's, or a venue this
 * relay does not serve, is acknowledged and counted, never stored and never refused.
 */
export async function handleDriveHook(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  merchantId: string,
): Promise<void> {
  const envelope = await readDeliveryEnvelope(ctx, req);
  const at = ctx.now();
  const secrets = await merchantSecrets(ctx, merchantId, at);
  if (secrets.length === 0) {
    return refuse(
      ctx,
      'delivery',
      'no_secret',
      new HttpError(401, 'This relay keeps no webhook for that merchant.'),
    );
  }
  const verified = await verifyDeliveryToken(envelope.token, secrets, { now: new Date(at) });
  if (!verified.ok)
    return refuse(ctx, 'delivery', verified.reason, new HttpError(401, verified.message));
  const parsed = parseDeliveryEvent(verified.payload);
  if (!parsed.ok)
    return refuse(ctx, 'delivery', 'invalid_shape', new HttpError(400, parsed.message));
  const fresh = checkDispatchedAt(parsed.dispatchedAt, at, ctx.deliveryFreshness);
  if (!fresh.ok) {
    ctx.log(
      `delivery:${fresh.reason}`,
      `refused a delivery event for merchant ${merchantId}: ${fresh.message}`,
    );
    return refuse(ctx, 'delivery', fresh.reason, new HttpError(400, fresh.message));
  }
  const booked =
    parsed.orderRef === null
      ? null
      : await readDeliveryStore(ctx, () =>
          ctx.store.deliveryBookingVenue(merchantId, parsed.orderRef as string),
        );
  if (booked !== null && parsed.venueId !== null && parsed.venueId !== booked)
    return acknowledge(ctx, req, res, 'order_of_another_venue');
  const venueId = booked ?? parsed.venueId;
  if (venueId === null) return acknowledge(ctx, req, res, 'unknown_order');
  const served = await readDeliveryStore(ctx, () => ctx.store.deliveryVenueMerchant(venueId));
  if (served !== merchantId) return acknowledge(ctx, req, res, 'other_venue');
  if (booked === null && parsed.orderRef !== null) {
    const owner = await readDeliveryStore(ctx, () =>
      ctx.store.recordDeliveryBooking(merchantId, parsed.orderRef as string, venueId, at),
    );
    if (owner !== venueId) return acknowledge(ctx, req, res, 'order_of_another_venue');
  }
  const outcome = await ingest(ctx, {
    kind: 'delivery',
    // Event ids are the merchant's: one webhook brings every venue's events once.
    eventId: JSON.stringify(['merchant', merchantId, parsed.id]),
    venueId,
    orderRef: null,
    receivedAt: at,
    body: envelope.text,
    signature: null,
  });
  trust(ctx, req.socket);
  sendJson(res, 200, {
    received: true,
    duplicate: outcome.status === 'duplicate',
  });
}
