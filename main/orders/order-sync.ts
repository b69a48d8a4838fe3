// Turns inbox notifications into stored orders, and heals what notifications missed.
// The platform drops a notification after 3 failed deliveries and has no order list, so the
// sync also reconciles: it reads the venue status (whose latest-three statuses reveal a missed
// change) and refetches every order that is not final yet.
import type { Order, OrderStatus } from '../../shared/domain';
import type { Database } from '../storage/database';
import type { MarketplaceClient } from '../marketplace/client';
import type { VenueStatus } from '../marketplace/schemas';
import { mapOrderV2, toOrderStatus } from '../marketplace/order-mapping';
import { STATUS_RANK, isFinalStatus } from '../../shared/domain';
import { RequestError } from '../http/http';
import { fullJitterDelay } from '../lib/backoff';
import type { OrderStore } from './order-store';
import { coalescedDrain } from '../lib/coalesced-drain';
import type { LocalOrder } from '../lib/latest-alignment';
import { alignLatest } from '../lib/latest-alignment';
import type { InboxNotification } from '../relay-client/inbox';
import { createNotificationInbox } from '../relay-client/inbox';

export type OrderSyncEvents = {
  /** The stored order changed. */
  changed: (orderId: string) => void;
  arrived: (orderId: string, orderNumber: string) => void;
  /** The order is stored on this terminal for the first time: runs inside the storing transaction. */
  firstStored?: (order: { orderId: string; orderNumber: string; venueId: string }) => void;
  /**
   * The platform moved an order this terminal had stored to a later status (whoever did it: this
   * terminal, another of the venue, the platform).
   */
  progressed?: (orderId: string, orderNumber: string, from: OrderStatus, to: OrderStatus) => void;
  /** The platform moved a pre-order this terminal knew as waiting to start into preparation. */
  preorderStarted?: (orderId: string, orderNumber: string) => void;
  /**
   * The platform shows a pre-order confirmed that this terminal knew as waiting: another terminal
   * of the venue confirmed it (one confirmed here is confirmed on the order already).
   */
  preorderConfirmed?: (orderId: string, orderNumber: string) => void;
  /** Measured from the relay's commit of the notification to the order stored here. */
  stored?: (notificationId: string, latencyMs: number) => void;
  problem?: (subject: string, message: string) => void;
  /** A notification said `hint`, the platform's own order says otherwise: the hint is ignored. */
  contradicted?: (orderId: string, hint: OrderStatus, platformStatus: string) => void;
  /** The venue's name as orders carry it (the venue status has none). */
  venueName?: (name: string, venueId: string) => void;
};

export type OrderSync = {
  /** Processes every due inbox notification, one at a time, oldest first. */
  drain(): Promise<void>;
  /** Refetches the given order (or every open one) and folds the venue status into the view. */
  /**
   * `venue`: whose status this is (its own newest orders are compared with it, on a terminal of
   * several venues) and whether the open orders are read again (once per round, not per venue).
   */
  reconcile(
    venueStatus: VenueStatus | null,
    venue?: { venueId: string; refetchOpen: boolean },
  ): Promise<{ refetched: number; mismatch: boolean; unknown: number }>;
  refetch(orderId: string, hint?: OrderStatus | null): Promise<{ isNew: boolean }>;
  /** Makes every waiting notification due now (the platform is reachable again). */
  resetBackoff(): void;
};

type SyncOptions = Parameters<typeof createOrderSync>[0];

/**
 * Stores the platform's order. A first store and what it starts (sent to POS) commit together:
 * a crash between them cannot leave an order whose platform was never told it arrived.
 */
const storeOrder = (
  options: SyncOptions,
  mapped: ReturnType<typeof mapOrderV2>,
  trusted: OrderStatus | null,
  first: boolean,
) => {
  const { orders, events } = options;
  if (!first || !events.firstStored) return orders.upsert(mapped, trusted);
  return options.db.transaction(() => {
    const stored = orders.upsert(mapped, trusted);
    if (stored.isNew)
      events.firstStored?.({
        orderId: mapped.id,
        orderNumber: mapped.orderNumber,
        venueId: mapped.venueId,
      });
    return stored;
  })();
};

/** A waiting pre-order stored again: confirmed (by another terminal), or started by the platform. */
const preorderMoved = (
  orders: OrderStore,
  events: OrderSyncEvents,
  before: Order | null,
  mapped: { id: string; orderNumber: string },
): void => {
  // Read again only when it can matter: each read parses the order's whole stored JSON.
  if (before?.type !== 'preorder' || before.platformStatus !== 'CREATED') return;
  const after = orders.get(mapped.id);
  if (before.preorderStatus !== 'confirmed' && after?.preorderStatus === 'confirmed')
    events.preorderConfirmed?.(mapped.id, mapped.orderNumber);
  if (after?.platformStatus === 'PRODUCTION' || after?.platformStatus === 'READY')
    events.preorderStarted?.(mapped.id, mapped.orderNumber);
};

/** An order of a venue this terminal does not serve: left alone. */
const isForeign = (options: SyncOptions, venueId: string | null): boolean => {
  if (!venueId) return false;
  if (options.servesVenue) return !options.servesVenue(venueId);
  const venue = options.venueId();
  return venue !== null && venueId !== venue;
};

export const createOrderSync = (options: {
  db: Database;
  orders: OrderStore;
  client: MarketplaceClient;
  venueId: () => string | null;
  /**
   * Whether an order of this venue is this terminal's (a terminal may serve several venues);
   * without it, only the orders of `venueId` are.
   */
  servesVenue?: (venueId: string) => boolean;
  /** A notification named an order's venue: its calls go to that venue's grant. */
  orderVenueNamed?: (orderId: string, venueId: string) => void;
  now: () => Date;
  events: OrderSyncEvents;
}): OrderSync => {
  const { orders, client, now, events } = options;
  const inbox = createNotificationInbox(options.db);
  const foreign = (venueId: string | null): boolean => isForeign(options, venueId);

  const refetch = async (
    orderId: string,
    hint: OrderStatus | null = null,
  ): Promise<{ isNew: boolean }> => {
    const fetched = await client.getOrder(orderId);
    if (fetched.venue.name) events.venueName?.(fetched.venue.name, fetched.venue.id);
    // The platform's order is the truth, a notification only a hint: anyone who can reach the
    // relay's webhook could send one. The one status the order API cannot show is CANCELED (it
    // reads `other`, docs/platform.md#order-states), so a CANCELED hint counts only when the
    // order reads `other`; every other hint the order itself confirms or contradicts.
    const shown = toOrderStatus(fetched.order_status);
    const trusted = hint === 'CANCELED' && shown === null ? hint : null;
    if (hint && !trusted && (shown === null || STATUS_RANK[hint] > STATUS_RANK[shown]))
      events.contradicted?.(orderId, hint, fetched.order_status);
    const mapped = mapOrderV2(fetched, trusted ?? 'CREATED', now().toISOString());
    if (foreign(mapped.venueId)) return { isNew: false };
    const before = orders.get(mapped.id);
    const result = storeOrder(options, mapped, trusted, before === null);
    if (result.changed) events.changed(mapped.id);
    if (before && result.changed && before.platformStatus !== mapped.platformStatus)
      events.progressed?.(
        mapped.id,
        mapped.orderNumber,
        before.platformStatus,
        mapped.platformStatus,
      );
    if (result.changed) preorderMoved(orders, events, before, mapped);
    return { isNew: result.isNew };
  };

  const handle = async (row: InboxNotification): Promise<void> => {
    // Parsed once, by the relay client with shared/notification.ts; here are its fields.
    const { orderId } = row;
    if (!orderId || foreign(row.orderVenueId)) return;
    if (row.orderVenueId) options.orderVenueNamed?.(orderId, row.orderVenueId);
    switch (row.type) {
      case 'order.notification': {
        const hint = row.orderStatus ? toOrderStatus(row.orderStatus) : null;
        const { isNew } = await refetch(orderId, hint);
        const order = isNew ? orders.get(orderId) : null;
        if (order?.platformStatus === 'CREATED') events.arrived(order.id, order.orderNumber);
        break;
      }
      case 'courier.notification': {
        // The courier's ETA may move the order's pickup time (docs/platform.md#preparation-time):
        // read the order, so the ready-by countdown follows the platform's time.
        await refetch(orderId);
        const eta = row.courierPickupEta;
        if (eta && orders.setCourierEta(orderId, eta)) events.changed(orderId);
        break;
      }
      case 'pickup_completed.notification': {
        if (!orders.has(orderId)) await refetch(orderId);
        if (row.pickupCompleted && orders.setPickupCompleted(orderId)) events.changed(orderId);
        break;
      }
      default:
        // Unknown types (venue alerts, future ones) are accepted and kept, not acted on.
        break;
    }
  };

  const drainOnce = async (): Promise<void> => {
    for (;;) {
      const rows = inbox.due(now().toISOString());
      if (rows.length === 0) return;
      let progressed = false;
      for (const row of rows) {
        try {
          await handle(row);
          inbox.processed(row.id, now().toISOString(), null);
          progressed = true;
          const received = inbox.receivedAt(row.id);
          if (received) events.stored?.(row.id, now().getTime() - Date.parse(received));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (error instanceof RequestError && error.kind === 'permanent' && error.status !== 401) {
            // E.g. 404 or 403: no retry will fetch it; keep the notification, marked with why.
            inbox.processed(row.id, now().toISOString(), message);
            events.problem?.(row.orderId ?? row.id, message);
            progressed = true;
          } else {
            const delay = Math.max(
              500,
              fullJitterDelay(row.attempts + 1, { baseMs: 1000, capMs: 60_000 }),
            );
            inbox.retryAt(row.id, new Date(now().getTime() + delay).toISOString(), message);
          }
        }
      }
      if (!progressed) return;
    }
  };

  return {
    drain: coalescedDrain(drainOnce),
    reconcile: async (venueStatus, venue) => {
      let mismatch = false;
      if (venueStatus?.last_three_orders_status) {
        // The venue status carries statuses only: a difference from our newest orders means a
        // notification went missing somewhere, and the refetch below heals the ones we know.
        const remote = venueStatus.last_three_orders_status.map((s) => toOrderStatus(s));
        const local = orders.latestStatuses(remote.length, venue?.venueId);
        mismatch = remote.length !== local.length || remote.some((s, i) => s !== local[i]);
      }
      let refetched = 0;
      for (const orderId of venue?.refetchOpen === false ? [] : orders.openOrderIds()) {
        const before = orders.get(orderId);
        if (!before || isFinalStatus(before.platformStatus)) continue;
        await refetch(orderId);
        refetched += 1;
      }
      // After the refetch our statuses are the platform's: what still differs is orders we lack.
      const remote = (venueStatus?.last_three_orders_status ?? []).map((s) => toOrderStatus(s));
      const unknown = unknownLatestOrders(remote, orders.latest(remote.length, venue?.venueId));
      return { refetched, mismatch, unknown };
    },
    refetch,
    resetBackoff: () => inbox.clearBackoff(),
  };
};

/**
 * How many of the venue's newest orders (the platform's latest statuses, newest first) this
 * terminal does not have: the same alignment the missed-order check raises its alarms from
 * (main/lib/latest-alignment.ts), counted. The list carries no ids
 * (docs/platform.md#latest-orders), so statuses are all there is to match; a status the platform
 * shows as `OTHER` (null here) matches any of ours.
 */
export const unknownLatestOrders = (
  remote: ReadonlyArray<OrderStatus | null>,
  local: readonly LocalOrder[],
): number => alignLatest(remote, local).missing.length;
