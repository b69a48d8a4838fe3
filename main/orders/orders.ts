// The orders slice: the orders table, the notification inbox's order sync, the order actions of
// shared/order-actions.ts, the orders:* channels and the orders:* events (only the orders that
// changed, in the shape orders:list answers).
import type { Order } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import { ORDER_ACTION_KINDS } from '../../shared/order-actions';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import type { MarketplaceClient } from '../marketplace/client';
import type { Outbox } from '../outbox/outbox';
import type { Database } from '../storage/database';
import type { OrderActionRequest } from './order-actions';
import { createOrderActions } from './order-actions';
import type { OrderStore } from './order-store';
import { createOrderStore } from './order-store';
import type { OrderSync } from './order-sync';
import { createOrderSync } from './order-sync';

type OrderChannels =
  | 'orders:list'
  | 'orders:accept'
  | 'orders:reject'
  | 'orders:markReady'
  | 'orders:handOver'
  | 'orders:confirmPreorder';

export type OrdersSlice = {
  store: OrderStore;
  sync: OrderSync;
  handlers: Pick<ServiceApi, OrderChannels>;
  /** Processes the notification inbox in the background (failures stay in the inbox). */
  drain(): void;
  close(): Promise<void>;
};

export const createOrdersSlice = (deps: {
  db: Database;
  now: () => Date;
  outbox: Outbox;
  client: MarketplaceClient;
  audit: AuditLog;
  hub: EventHub;
  venueId: () => string | null;
  /** Throws unless the venue is connected. */
  requireConnection: () => void;
  /** The venue's name as orders carry it (the venue status has none). */
  venueName: (name: string) => void;
}): OrdersSlice => {
  const { db, now, outbox, client, audit, hub } = deps;
  const store = createOrderStore(db, now, (orderId) =>
    outbox.open({ kinds: ORDER_ACTION_KINDS, ...(orderId ? { subject: orderId } : {}) }),
  );
  const changed = hub.batched('orders:changed', (ids) => ({
    orders: ids.map((id) => store.get(id)).filter((order): order is Order => order !== null),
  }));
  const sync = createOrderSync({
    db,
    orders: store,
    client,
    venueId: deps.venueId,
    now,
    events: {
      changed,
      arrived: (orderId, orderNumber) => hub.emit('orders:arrived', { orderId, orderNumber }),
      problem: (subject, message) =>
        audit.record({ action: 'order-fetch', subject, outcome: 'failed', detail: message }),
      contradicted: (orderId, hint, platformStatus) =>
        audit.record({
          action: 'notification',
          subject: orderId,
          outcome: 'contradicted',
          detail: `A notification said ${hint}; the platform's order reads '${platformStatus}'. The platform's order stands.`,
        }),
      venueName: deps.venueName,
    },
  });
  const actions = createOrderActions({
    outbox,
    orders: store,
    client,
    refetch: (orderId) => sync.refetch(orderId),
    now,
    changed,
  });
  const act = async (request: OrderActionRequest) => {
    deps.requireConnection();
    return actions.enqueue(request);
  };

  let closed = false;
  let draining: Promise<void> | null = null;
  const drain = (): void => {
    if (closed) return;
    const run = sync.drain().catch(() => undefined);
    draining = run;
    void run.finally(() => {
      if (draining === run) draining = null;
    });
  };

  return {
    store,
    sync,
    drain,
    handlers: {
      'orders:list': async () => store.list(),
      'orders:accept': ({ orderId, preparationMinutes }) =>
        act({ kind: 'accept', orderId, preparationMinutes }),
      'orders:reject': ({ orderId, reason, code }) =>
        act({ kind: 'reject', orderId, reason, ...(code ? { code } : {}) }),
      'orders:markReady': ({ orderId }) => act({ kind: 'ready', orderId }),
      'orders:handOver': ({ orderId }) => act({ kind: 'delivered', orderId }),
      'orders:confirmPreorder': ({ orderId }) => act({ kind: 'confirm-preorder', orderId }),
    },
    close: async () => {
      closed = true;
      await draining;
    },
  };
};
