// The orders slice: the orders table, the notification inbox's order sync, the order actions of
// shared/order-actions.ts, the orders:* channels and the orders:* events (only the orders that
// changed, in the shape orders:list answers).
import type { Language } from '../../shared/i18n';
import type { AppStatus, Order, OrderActionKind } from '../../shared/domain';
import type { OrderStatus } from '../../shared/domain';
import type { OrderSettings } from '../../shared/order-timing';
import type { StreamDownSpan } from '../../shared/stream-guard';
import {
  autoAcceptMinutes,
  autoAcceptRefusal,
  DEFAULT_ORDER_SETTINGS,
  itemCount,
} from '../../shared/order-timing';
import type { Settings } from '../storage/settings';
import type { ServiceApi } from '../../shared/ipc/contract';
import type {
  OrderActionChannel,
  OrderActionRequestOf,
  SoldOutMark,
} from '../../shared/order-actions';
import { ORDER_ACTION_KINDS, orderActionChannel } from '../../shared/order-actions';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import type { MarketplaceClient } from '../marketplace/client';
import type { Outbox } from '../outbox/outbox';
import type { Database } from '../storage/database';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import type { OrderActionNotice, OrderActionRequest, OrderActions } from './order-actions';
import { createOrderActions } from './order-actions';
import type { OrderStore } from './order-store';
import { createOrderStore } from './order-store';
import type { OrderSync, OrderSyncEvents } from './order-sync';
import { createOrderSync } from './order-sync';
import type { ActionsElsewhere } from './history-context';
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
    'the platform or the order stream is not healthy: a person must see it, and it is accepted once both are back unless someone answers it first.',
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
  /** The order stream was down over this span: orders stored that were placed in it arrived late. */
  markArrivedLate(span: StreamDownSpan): void;
  /** One venue leaves the terminal: its orders, their events and notifications go; their ids. */
  eraseVenue(venueId: string): string[];
  /** A venue's order settings as every terminal of it keeps them (read from the relay). */
  applyVenueSettings(settings: OrderSettings, venueId: string): void;
  /** The order settings in force here for a venue (absent: the venue set up first). */
  settings(venueId?: string): OrderSettings;
  close(): Promise<void>;
};

export type OrdersDeps = {
  db: Database;
  now: () => Date;
  outbox: Outbox;
  client: MarketplaceClient;
  audit: AuditLog;
  hub: EventHub;
  venueId: () => string | null;
  /** Whether an order of this venue is this terminal's (it may serve several venues). */
  servesVenue?: (venueId: string) => boolean;
  /** A notification named an order's venue before the order is stored. */
  orderVenueNamed?: (orderId: string, venueId: string) => void;
  /** Throws unless the venue is connected. */
  requireConnection: () => void;
  /** When the order stream was down (the stream guard's word): an order placed then arrived late. */
  downSpans?: () => readonly StreamDownSpan[];
  /** The venue's name as orders carry it (the venue status has none). */
  venueName: (name: string, venueId: string) => void;
  settings: Settings;
  /** The links as staff see them: auto-accept only while the platform and the relay are healthy. */
  status: () => Promise<AppStatus>;
  history: {
    /** This terminal's name (staff may rename it), recorded with each action taken here. */
    terminal: string | (() => string);
    /** The venue's time zone, which days are counted in. */
    timeZone: () => string;
    /** The screen's language: the CSV's headers and words (English if absent). */
    language?: () => Language;
    /** The printing slice's jobs of an order, for its timeline. */
    printJobs: OrderPrintJobs;
    /** The other domains' removals of personal data past the retention. */
    retention: readonly RetentionHook[];
    /** What other terminals of the venue did to an order, for its timeline. */
    elsewhere?: ActionsElsewhere;
    /** This terminal's venues with their names (history, summary and CSV per venue). */
    venues?: () => ReadonlyArray<{ venueId: string; name: string | null }>;
  };
  /** The platform took an order action sent from this terminal. */
  onTaken?: (orderId: string, action: OrderActionKind) => void;
  /** An action queued here (by staff or auto-accept), inside its transaction (e.g. print jobs). */
  onAction?: (notice: OrderActionNotice) => void;
  /** An action marks menu items sold out with it, inside its transaction (the menu's rows). */
  onSoldOut?: (venueId: string, mark: SoldOutMark) => void;
  /** An order was stored here for the first time, inside the transaction that stores it. */
  onFirstStored?: (order: { orderId: string; orderNumber: string; venueId: string }) => void;
  /** Staff changed a venue's order settings here (they are the venue's: they go to every terminal). */
  onConfigured?: (changes: Partial<OrderSettings>, venueId: string) => void;
  /** A new order reached this terminal (stored, before auto-accept looks at it). */
  onArrived?: (order: { orderId: string; orderNumber: string }) => void;
  /** The platform moved a pre-order into preparation (its kitchen ticket may wait for this). */
  onPreorderStarted?: (order: { orderId: string; orderNumber: string }) => void;
  /** Another terminal confirmed a pre-order (the platform shows it confirmed). */
  onPreorderConfirmed?: (order: { orderId: string; orderNumber: string }) => void;
  /** The platform moved a stored order on (from whichever terminal): printing's duties follow. */
  onProgressed?: (
    order: { orderId: string; orderNumber: string },
    from: OrderStatus,
    to: OrderStatus,
  ) => void;
};

/** What the slice's work in the background leaves to finish at close. */
type OrdersWork = {
  closed: boolean;
  draining: Promise<void> | null;
  autoAccepting: Set<Promise<void>>;
  /** Orders left while a link was down, decided again once both links are back. */
  awaitingHealth: Set<string>;
  stopWatchingHealth: () => void;
};

type OrdersContext = {
  deps: OrdersDeps;
  store: OrderStore;
  sync: OrderSync;
  actions: OrderActions;
  history: OrderHistoryApi;
  work: OrdersWork;
};

// Each venue of the terminal has its own: its orders are auto-accepted and reminded by them.
const settingsKey = (venueId: string | null): string => `order-settings:${venueId ?? ''}`;

function readSettings(deps: OrdersDeps, venueId: string | null): OrderSettings {
  return {
    ...DEFAULT_ORDER_SETTINGS,
    ...(deps.settings.get<Partial<OrderSettings>>(settingsKey(venueId)) ?? {}),
  };
}

/** The venue a settings call names, if this terminal serves it; else the venue set up first. */
function settingsVenue(deps: OrdersDeps, venueId: string | undefined): string | null {
  if (venueId === undefined || venueId === deps.venueId()) return deps.venueId();
  if (!deps.servesVenue?.(venueId))
    throw new ServiceError('invalid-request', refusal('venue-not-connected'), [
      { path: 'venueId', message: 'This venue is not connected to this terminal.' },
    ]);
  return venueId;
}

/** Whether auto-accept may act: the platform answers, the order stream is up, the grant holds. */
const linksHealthy = (status: AppStatus): boolean =>
  status.platform === 'reachable' && status.relay === 'connected' && !status.needsReconnect;

/**
 * The venue's auto-accept (spec: "accept: partner automatically or by POS button"): a new
 * regular order goes through the same outbox action a person's accept does, with the venue's
 * default preparation time. Pre-orders and large orders wait for a person; an order that arrives
 * while a link is down rings for a person too, and is decided again once both links are back (a
 * short blip must not leave a venue's orders to staff who rely on auto-accept). Each decision
 * either way is audited once.
 */
async function autoAccept(ctx: OrdersContext, orderId: string, again = false): Promise<void> {
  const { deps, store, actions, work } = ctx;
  const { audit } = deps;
  const order = store.get(orderId);
  if (!order) return;
  // The order's own venue's rule: a terminal of several venues follows each one's.
  const settings = readSettings(deps, order.venueId);
  if (!settings.autoAccept) return;
  const refusal = autoAcceptRefusal(order, settings, linksHealthy(await deps.status()));
  if (refusal === 'unhealthy' && !work.closed) work.awaitingHealth.add(orderId);
  // Decided again: a person answered it meanwhile, or a link is down again; said the first time.
  if (again && refusal) return;
  if (refusal) {
    audit.record({
      action: 'auto-accept',
      subject: orderId,
      outcome: 'left-for-staff',
      detail: `Order #${order.orderNumber}: ${LEFT_FOR_STAFF[refusal](order, settings)}`,
    });
    return;
  }
  const minutes = autoAcceptMinutes(order, deps.now().getTime());
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
}

/** Auto-accept looks at an order in the background; close waits for it. */
function decide(ctx: OrdersContext, orderId: string, again: boolean): void {
  const { deps, work } = ctx;
  const run = autoAccept(ctx, orderId, again).catch((error: unknown) =>
    deps.audit.record({
      action: 'auto-accept',
      subject: orderId,
      outcome: 'failed',
      detail: error instanceof Error ? error.message : String(error),
    }),
  );
  work.autoAccepting.add(run);
  void run.finally(() => work.autoAccepting.delete(run));
}

/** A new order arrived: told to the renderer and the slice's hook, then auto-accept looks at it. */
function arrived(ctx: OrdersContext, orderId: string, orderNumber: string): void {
  const { deps, work } = ctx;
  deps.hub.emit('orders:arrived', { orderId, orderNumber });
  if (work.closed) return;
  deps.onArrived?.({ orderId, orderNumber });
  decide(ctx, orderId, false);
}

/** Both links are back: the orders left while one was down are decided again. */
function healthChanged(ctx: OrdersContext, status: AppStatus): void {
  const { work } = ctx;
  if (work.closed || work.awaitingHealth.size === 0 || !linksHealthy(status)) return;
  const waiting = [...work.awaitingHealth];
  work.awaitingHealth.clear();
  for (const orderId of waiting) decide(ctx, orderId, true);
}

/** The sync's events; `arrived` reaches the context once it exists (the sync is built first). */
function syncEvents(
  deps: OrdersDeps,
  work: OrdersWork,
  changed: OrderSyncEvents['changed'],
  onArrived: OrderSyncEvents['arrived'],
): OrderSyncEvents {
  const { audit } = deps;
  return {
    changed,
    firstStored: (order) => deps.onFirstStored?.(order),
    arrived: onArrived,
    progressed: (orderId, orderNumber, from, to) => {
      if (!work.closed) deps.onProgressed?.({ orderId, orderNumber }, from, to);
    },
    preorderStarted: (orderId, orderNumber) => {
      if (!work.closed) deps.onPreorderStarted?.({ orderId, orderNumber });
    },
    preorderConfirmed: (orderId, orderNumber) => {
      if (!work.closed) deps.onPreorderConfirmed?.({ orderId, orderNumber });
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
  };
}

function drain(ctx: OrdersContext): void {
  const { work } = ctx;
  if (work.closed) return;
  const run = ctx.sync.drain().catch(() => undefined);
  work.draining = run;
  void run.finally(() => {
    if (work.draining === run) work.draining = null;
  });
}

function orderHandlers(ctx: OrdersContext): OrdersSlice['handlers'] {
  const { deps, store, actions, history } = ctx;
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
  return {
    ...history.handlers,
    'orders:list': async () => store.list(),
    ...actionHandlers,
    'orders:settings': async ({ venueId }) => {
      deps.requireConnection();
      return readSettings(deps, settingsVenue(deps, venueId));
    },
    'orders:configure': async ({ venueId: named, ...changes }) => {
      deps.requireConnection();
      const venueId = settingsVenue(deps, named);
      const next = { ...readSettings(deps, venueId), ...changes };
      deps.settings.set(settingsKey(venueId), next);
      if (venueId) deps.onConfigured?.(changes, venueId);
      deps.audit.record({
        action: 'order-settings',
        subject: venueId ?? '',
        outcome: 'changed',
        detail: JSON.stringify(changes),
      });
      return next;
    },
  };
}

async function closeOrders(ctx: OrdersContext): Promise<void> {
  const { work } = ctx;
  work.closed = true;
  work.stopWatchingHealth();
  await ctx.history.close();
  await work.draining;
  await Promise.all([...work.autoAccepting]);
}

function eraseAll(db: Database): void {
  db.transaction((): void => {
    for (const table of ['notifications', 'order_events', 'orders'])
      db.prepare(`DELETE FROM ${table}`).run();
  })();
}

function eraseVenue(db: Database, venueId: string): string[] {
  return db.transaction((): string[] => {
    const ids = db
      .prepare<[string], { id: string }>('SELECT id FROM orders WHERE venue_id = ?')
      .all(venueId)
      .map((row) => row.id);
    for (const table of ['notifications', 'order_events'])
      db.prepare(
        `DELETE FROM ${table} WHERE order_id IN (SELECT id FROM orders WHERE venue_id = ?)`,
      ).run(venueId);
    db.prepare('DELETE FROM orders WHERE venue_id = ?').run(venueId);
    return ids;
  })();
}

export function createOrdersSlice(deps: OrdersDeps): OrdersSlice {
  const { db, now, outbox, client, audit, hub } = deps;
  const store = createOrderStore(
    db,
    now,
    (orderId) =>
      outbox.open({ kinds: ORDER_ACTION_KINDS, ...(orderId ? { subject: orderId } : {}) }),
    deps.history.terminal,
    deps.downSpans,
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
    ...(deps.history.elsewhere ? { elsewhere: deps.history.elsewhere } : {}),
    ...(deps.history.venues ? { venues: deps.history.venues } : {}),
    ...(deps.history.language ? { language: deps.history.language } : {}),
  });
  const work: OrdersWork = {
    closed: false,
    draining: null,
    autoAccepting: new Set(),
    awaitingHealth: new Set(),
    stopWatchingHealth: () => undefined,
  };
  const changed = hub.batched('orders:changed', (ids) => ({
    orders: ids.map((id) => store.get(id)).filter((order): order is Order => order !== null),
  }));
  // The sync and the actions need each other (an arrival is auto-accepted through the actions,
  // which reread orders through the sync): the sync's arrivals reach the context once it is built.
  let ctx: OrdersContext | null = null;
  const sync = createOrderSync({
    db,
    orders: store,
    client,
    venueId: deps.venueId,
    servesVenue: deps.servesVenue,
    orderVenueNamed: deps.orderVenueNamed,
    now,
    events: syncEvents(deps, work, changed, (orderId, orderNumber) => {
      if (ctx) arrived(ctx, orderId, orderNumber);
    }),
  });
  const actions = createOrderActions({
    outbox,
    orders: store,
    client,
    refetch: (orderId) => sync.refetch(orderId),
    now,
    changed,
    onAction: deps.onAction,
    ...(deps.onSoldOut ? { onSoldOut: deps.onSoldOut } : {}),
    ...(deps.onTaken ? { onTaken: deps.onTaken } : {}),
  });
  const context: OrdersContext = { deps, store, sync, actions, history, work };
  ctx = context;
  work.stopWatchingHealth = hub.on('status:changed', (status) => healthChanged(context, status));
  return {
    store,
    sync,
    history,
    drain: () => drain(context),
    eraseAll: () => eraseAll(db),
    markArrivedLate: (span) => {
      for (const id of store.markArrivedLate(span)) changed(id);
    },
    eraseVenue: (venueId) => {
      deps.settings.delete(settingsKey(venueId));
      return eraseVenue(db, venueId);
    },
    applyVenueSettings: (next, venueId) => deps.settings.set(settingsKey(venueId), next),
    settings: (venueId) => readSettings(deps, venueId ?? deps.venueId()),
    handlers: orderHandlers(context),
    close: () => closeOrders(context),
  };
}
