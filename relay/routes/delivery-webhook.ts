// POST /hooks/delivery/{venue_id}: the delivery service's signed events, one webhook per venue.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JWTPayload } from 'jose';
import { HttpError, sendJson } from '../../kit/http';
import { isVenueId } from '../../shared/venue-id';
import { checkDispatchedAt, parseDeliveryEvent, verifyDeliveryToken } from '../ingest/delivery';
import type { RelayContext } from '../relay-context';
import { trust } from '../relay-context';
import { ingest, readDeliveryEnvelope, readDeliveryStore, refuse } from './webhook-intake';

export const DELIVERY_HOOK = '/hooks/delivery/';

/** The venue of a delivery webhook address (`/hooks/delivery/{venue_id}`), or null. */
export function deliveryVenue(pathname: string): string | null {
  if (!pathname.startsWith(DELIVERY_HOOK)) return null;
  const segment = pathname.slice(DELIVERY_HOOK.length);
  if (segment === '' || segment.includes('/')) return null;
  try {
    const venue = decodeURIComponent(segment);
    return isVenueId(venue) ? venue : null;
  } catch {
    return null;
  }
}

/** The body's token, verified against this venue's secrets only, and when it was. */
async function verifiedPayload(
  ctx: RelayContext,
  token: string,
  venueId: string,
): Promise<{ payload: JWTPayload; at: number }> {
  const at = ctx.now();
  const secrets = await readDeliveryStore(ctx, () => ctx.store.deliverySecrets(venueId, at));
  if (secrets.length === 0) {
    return refuse(
      ctx,
      'delivery',
      'no_secret',
      new HttpError(
        401,
        'No delivery secret is registered for this venue; its terminal registers one when courier delivery is set up.',
      ),
    );
  }
  const { deliveryAudience, deliveryIssuer } = ctx.options;
  const verified = await verifyDeliveryToken(token, secrets, {
    now: new Date(at),
    ...(deliveryAudience === undefined ? {} : { audience: deliveryAudience }),
    ...(deliveryIssuer === undefined ? {} : { issuer: deliveryIssuer }),
  });
  if (!verified.ok)
    return refuse(ctx, 'delivery', verified.reason, new HttpError(401, verified.message));
  return { payload: verified.payload, at };
}

/**
 * A delivery event for one venue (docs/platform.md#delivery-webhooks): the address names the
 * venue whose terminal registered the webhook, and only that venue's secret is tried. An event
 * that names another venue is acknowledged and dropped even when it verifies: that venue's own
 * webhook brings it, signed with its own secret, and a terminal could sign anything with its
 * venue's. Order references and event ids are scoped to the venue of the address.
 */
export async function handleDelivery(
  ctx: RelayContext,
  req: IncomingMessage,
  res: ServerResponse,
  venueId: string,
): Promise<void> {
  const envelope = await readDeliveryEnvelope(ctx, req);
  const { payload, at } = await verifiedPayload(ctx, envelope.token, venueId);
  const parsed = parseDeliveryEvent(payload);
  if (!parsed.ok)
    return refuse(ctx, 'delivery', 'invalid_shape', new HttpError(400, parsed.message));
  const fresh = checkDispatchedAt(parsed.dispatchedAt, at, ctx.deliveryFreshness);
  if (!fresh.ok) {
    // Logged (throttled per reason): a replay attempt, or a sender whose clock is off.
    ctx.log(
      `delivery:${fresh.reason}`,
      `refused a delivery event for ${venueId}: ${fresh.message}`,
    );
    return refuse(ctx, 'delivery', fresh.reason, new HttpError(400, fresh.message));
  }
  if (parsed.venueId !== null && parsed.venueId !== venueId) {
    // Every webhook of the merchant receives every venue's events (docs/platform.md#delivery-webhooks):
    // this one is another venue's, which its own webhook brings with its own secret. Refusing it
    // would only make the service resend it; storing it here would let this venue's secret, which
    // its terminal knows, speak for that venue. Acknowledged and counted, never stored.
    ctx.metrics.received.inc({ kind: 'delivery', outcome: 'other_venue' });
    trust(ctx, req.socket);
    sendJson(res, 200, { received: true, stored: false });
    return;
  }
  // Order references and event ids are this venue's own: an event at another venue's address
  // can neither claim this venue's order nor take its event ids.
  const scopedRef = parsed.orderRef === null ? null : JSON.stringify([venueId, parsed.orderRef]);
  if (parsed.venueId === null) {
    const known =
      scopedRef === null
        ? null
        : await readDeliveryStore(ctx, () => ctx.store.deliveryOrderVenue(scopedRef));
    if (known === null) {
      // Courier locations and handshake PINs name no venue. Until an event of the same order
      // has named this venue, the event cannot be told apart from another venue's copy: the
      // platform resends it (docs/platform.md#delivery-event-retries), by when its order is known.
      return refuse(
        ctx,
        'delivery',
        'unknown_order',
        new HttpError(
          409,
          'The event names no venue and its order is not known here yet; resend it.',
        ),
      );
    }
  }
  const outcome = await ingest(ctx, {
    kind: 'delivery',
    eventId: JSON.stringify([venueId, parsed.id]),
    venueId,
    orderRef: scopedRef,
    receivedAt: at,
    body: envelope.text,
    signature: null,
  });
  trust(ctx, req.socket);
  sendJson(res, 200, {
    received: true,
    duplicate: outcome.status === 'duplicate',
    ...(outcome.status === 'held' ? { held: true } : {}),
  });
}
