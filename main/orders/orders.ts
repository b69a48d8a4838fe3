// The orders slice: the orders table, the notification inbox's order sync, the order actions of
// shared/order-actions.ts, the orders:* channels and the orders:* events (only the orders that
// changed, in the shape orders:list answers).
import type { AppStatus, Order } from '../../shared/domain';
import type { OrderSettings } from '../../shared/order-timing';
import {
  autoAcceptMinutes,
  autoAcceptRefusal,
  DEFAULT_ORDER_SETTINGS,
  itemCount,
} from '../../shared/order-timing';
import type { Settings } from '../storage/settings';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { OrderActionChannel, OrderActionRequestOf } from '../../shared/order-actions';
import { ORDER_ACTION_KINDS, orderActionChannel } from '../../shared/order-actions';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import type { MarketplaceClient } from '../marketplace/client';
import type { Outbox } from '../outbox/outbox';
import type { Database } from '../storage/database';
import type { OrderActionNotice, OrderActionRequest } from './order-actions';
import { createOrderActions } from './order-actions';
import type { OrderStore } from './order-store';
import { createOrderStore } from './order-store';
import type { OrderSync } from './order-sync';
import { createOrderSync } from './order-sync';
import type { OrderHistoryApi, OrderPrintJobs, RetentionHook } from './order-history';
import { createOrderHistory } from './order-history';

/** Why an order waits for a person although auto-accept is on, for the audit log. */
const LEFT_FOR_STAFF: Record<
  NonNullable<ReturnType<typeof autoAcceptRefusal>>,
  (order: Order, settings: OrderSettings) => string
> = {
  off: () => 'auto-accept is off.',
  preorder: () => 'a pre-order is confirmed by a person.',
  'not-new': (order) => `it is already ${order.status.toLowerCase()}.`,
  busy: () => 'an action on it is already on its way.',
  unhealthy: () =>
    'the platform or the order stream is not healthy, so a person must see it before it is accepted.',
  'too-large': (order, settings) =>
    `${itemCount(order)} items, more than the ${settings.autoAcceptMaxItems} accepted automatically.`,
};

type OrderChannels =
  'orders:list' | OrderActionChannel | 'orders:settings' | 'orders:configure' | `history:${string}`;

export type OrdersSlice = {
  store: OrderStore;
  sync: OrderSync;
  /** Search, timelines, the day summary (`history.daySummary`), retention. */
  history: OrderHistoryApi;
  handlers: Pick<ServiceApi, Extract<keyof ServiceApi, OrderChannels>>;
  /** Processes the notification inbox in the background (failures stay in the inbox). */
  drain(): void;
  /** The terminal is disconnected: every order, its events and notifications go. */
  eraseAll(): void;
  close(): Promise<void>;
};

// eslint-disable-next-line max-lines-per-function -- the orders slice's composition and its outbox senders; not yet cut into module-level functions over a context (issue 37)
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
  settings: Settings;
  /** The links as staff see them: auto-accept only while the platform and the relay are healthy. */
  status: () => Promise<AppStatus>;
  history: {
    /** This terminal's name, recorded with each action taken here. */
    terminal: string;
    /** The venue's time zone, which days are counted in. */
    timeZone: () => string;
    /** The printing slice's jobs of an order, for its timeline. */
    printJobs: OrderPrintJobs;
    /** The other domains' removals of personal data past the retention. */
    retention: readonly RetentionHook[];
  };
  /** An action queued here (by staff or auto-accept), inside its transaction (e.g. print jobs). */
  onAction?: (notice: OrderActionNotice) => void;
  /** A new order reached this terminal (stored, before auto-accept looks at it). */
  onArrived?: (order: { orderId: string; orderNumber: string }) => void;
  /** The platform moved a pre-order into preparation (its kitchen ticket may wait for this). */
  onPreorderStarted?: (order: { orderId: string; orderNumber: string }) => void;
}): OrdersSlice => {
  const { db, now, outbox, client, audit, hub } = deps;
  const store = createOrderStore(
    db,
    now,
    (orderId) =>
      outbox.open({ kinds: ORDER_ACTION_KINDS, ...(orderId ? { subject: orderId } : {}) }),
    deps.history.terminal,
  );
  const history = createOrderHistory({
    db,
    now,
    store,
    settings: deps.settings,
    audit,
    actions: (subjects) => outbox.history(subjects),
    printJobs: deps.history.printJobs,
    timeZone: deps.history.timeZone,
    retention: deps.history.retention,
  });
  let closed = false;
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
      arrived: (orderId, orderNumber) => {
        hub.emit('orders:arrived', { orderId, orderNumber });
        if (closed) return;
        deps.onArrived?.({ orderId, orderNumber });
        const run = autoAccept(orderId).catch((error: unknown) =>
          audit.record({
            action: 'auto-accept',
            subject: orderId,
            outcome: 'failed',
            detail: error instanceof Error ? error.message : String(error),
          }),
        );
        autoAccepting.add(run);
        void run.finally(() => autoAccepting.delete(run));
      },
      preorderStarted: (orderId, orderNumber) => {
        if (!closed) deps.onPreorderStarted?.({ orderId, orderNumber });
      },
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
    onAction: deps.onAction,
  });
  const settingsKey = (): string => `order-settings:${deps.venueId() ?? ''}`;
  const readSettings = (): OrderSettings => ({
    ...DEFAULT_ORDER_SETTINGS,
    ...(deps.settings.get<Partial<OrderSettings>>(settingsKey()) ?? {}),
  });

  /**
   * The venue's auto-accept (spec: "accept: partner automatically or by POS button"): a new
   * regular order goes through the same outbox action a person's accept does, with the venue's
   * default preparation time. Pre-orders, orders while a link is down and large orders wait for a
   * person; each decision either way is audited.
   */
  const autoAccept = async (orderId: string): Promise<void> => {
    const settings = readSettings();
    if (!settings.autoAccept) return;
    const order = store.get(orderId);
    if (!order) return;
    const status = await deps.status();
    const healthy =
      status.platform === 'reachable' && status.relay === 'connected' && !status.needsReconnect;
    const refusal = autoAcceptRefusal(order, settings, healthy);
    if (refusal) {
      audit.record({
        action: 'auto-accept',
        subject: orderId,
        outcome: 'left-for-staff',
        detail: `Order #${order.orderNumber}: ${LEFT_FOR_STAFF[refusal](order, settings)}`,
      });
      return;
    }
    const minutes = autoAcceptMinutes(order, now().getTime());
    try {
      actions.enqueue({ kind: 'accept', orderId, preparationMinutes: minutes, auto: true });
      audit.record({
        action: 'auto-accept',
        subject: orderId,
        outcome: 'queued',
        detail: `Order #${order.orderNumber} accepted by Countertop (venue setting) ${
          minutes === null ? "at the platform's pickup estimate" : `with ${minutes} min preparation`
        }.`,
      });
    } catch (error) {
      // Someone (another terminal, a person) answered it first: nothing to do.
      audit.record({
        action: 'auto-accept',
        subject: orderId,
        outcome: 'left-for-staff',
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  };
  const autoAccepting = new Set<Promise<void>>();

  const act = async (request: OrderActionRequest) => {
    deps.requireConnection();
    return actions.enqueue(request);
  };

  // One channel per declared action, each taking its own request (shared/order-actions.ts).
  const actionHandlers = Object.fromEntries(
    ORDER_ACTION_KINDS.map((kind) => [
      orderActionChannel(kind),
      (request: OrderActionRequestOf<typeof kind>) =>
        act({ ...request, kind } as OrderActionRequest),
    ]),
  ) as unknown as Pick<ServiceApi, OrderActionChannel>;

  let draining: Promise<void> | null = null;
  const drain = (): void => {
    if (closed) return;
    const run = sync.drain().catch(() => undefined);
    draining = run;
    void run.finally(() => {
      if (draining === run) draining = null;
    });
  };

  const eraseAll = deps.db.transaction((): void => {
    for (const table of ['notifications', 'order_events', 'orders'])
      deps.db.prepare(`DELETE FROM ${table}`).run();
  });
  return {
    store,
    sync,
    history,
    drain,
    eraseAll: () => eraseAll(),
    handlers: {
      ...history.handlers,
      'orders:list': async () => store.list(),
      ...actionHandlers,
      'orders:settings': async () => {
        deps.requireConnection();
        return readSettings();
      },
      'orders:configure': async (changes) => {
        deps.requireConnection();
        const next = { ...readSettings(), ...changes };
        deps.settings.set(settingsKey(), next);
        audit.record({
          action: 'order-settings',
          subject: deps.venueId() ?? '',
          outcome: 'changed',
          detail: JSON.stringify(changes),
        });
        return next;
      },
    },
    close: async () => {
      closed = true;
      await history.close();
      await draining;
      await Promise.all([...autoAccepting]);
    },
  };
};
