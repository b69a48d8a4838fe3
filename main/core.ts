// The terminal's composition root: opens storage, keychain, token manager and platform client,
// then composes the domain slices (setup, orders, venue, menu, delivery, stream guard, printing) around one outbox and one
// event hub, behind the ServiceApi of shared/ipc/contract.ts. Plain Node: the Electron glue
// (main/app/) and the web host only carry requests and events. Each slice owns its tables, its
// outbox kinds, its channels and its events; nothing here touches SQL or implements a channel.
// Slices reach each other only through the typed ports they offer (venue.pause(),
// setup.status(), orders.store.get(), printing.orderAction(), …), wired here; never through
// another slice's handler table or outbox rows (the lint holds this file to it).
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { ServiceApi, ServiceEvents } from '../shared/ipc/contract';
import type { ServiceHost } from './host/dispatch';
import { createEventHub } from './host/event-hub';
import type { SecretStore } from './secrets/secret-store';
import { createLogger, logHandlers } from './log/logger';
import { logLinkChanges } from './log/link-history';
import { watchLoopLag } from './log/loop-lag';
import type { LoopLagFigures } from './log/loop-lag';
import { createRedactor, redactingSecretStore } from './log/redactor';
import { createDiagnosticsSlice } from './diagnostics/diagnostics';
import type { DiagnosticsSlice } from './diagnostics/diagnostics';
import type { LogLevel } from '../shared/domain';
import type { WalFlush } from './storage/database';
import type { Checkpointer } from './storage/checkpointer';
import { startCheckpointer } from './storage/checkpointer';
import {
  checkpointAndTruncate,
  createWalFlush,
  integrityCheck,
  openDatabase,
} from './storage/database';
import { createSettings } from './storage/settings';
import { auditHandlers, createAuditLog } from './audit/audit-log';
import { NotConfiguredError, ReconnectNeededError } from './auth/token-manager';
import { refusal } from '../shared/refusals';
import { createMarketplaceClient } from './marketplace/client';
import type { MarketplaceClient, MarketplaceClientOptions } from './marketplace/client';
import { createVenueConnections } from './marketplace/venue-connections';
import type { VenueConnections } from './marketplace/venue-connections';
import { createOutbox, outboxHandlers } from './outbox/outbox';
import type { Outbox } from './outbox/outbox-context';
import { createSetupSlice } from './setup/setup';
import type { SetupSlice } from './setup/setup';
import { createOrdersSlice } from './orders/orders';
import type { OrdersSlice } from './orders/orders';
import { createVenueSlice, TIME_ZONE } from './venue/venue';
import type { VenueSlice } from './venue/venue';
import { createMenuSlice } from './menu/menu';
import type { MenuSlice } from './menu/menu';
import { createDeliverySlice } from './delivery/delivery';
import type { DeliverySlice } from './delivery/delivery';
import { createMachineSlice } from './machine/machine';
import { createScreenLanguage } from './machine/screen-language';
import type { ScreenLanguage } from './machine/screen-language';
import type { MachineSlice } from './machine/machine';
import type { MachineHost } from './machine/machine';
import type { AuditLog } from './audit/audit-log';
import { createStreamGuard } from './stream-guard/stream-guard';
import type { StreamGuard } from './stream-guard/stream-guard';
import { createPrintingSlice } from './printing/printing';
import type { PrintingSlice } from './printing/printing';
import { createCuesSlice } from './cues/cues';
import type { CuesSlice } from './cues/cues';
import { createUpdatesSlice } from './updates/updates';
import type { UpdatesSlice } from './updates/updates';
import { toOrderStatus } from './marketplace/order-mapping';
import { reportVenueState } from './relay-client/venue-intake';
import { readTerminalsOfVenues } from './relay-client/venue-terminals';
import type { HealthReporter } from './relay-client/health-report';
import { startHealthReports } from './relay-client/health-report';
import { unansweredFor } from '../shared/order-timing';
import { createTerminalsSlice } from './terminals/terminals';
import type { TerminalsSlice } from './terminals/terminals';
import { DEFAULT_ORDER_SETTINGS } from '../shared/order-timing';
import { DEFAULT_STREAM_GUARD_SETTINGS } from '../shared/stream-guard';

export type Core = ServiceHost & {
  /** What the host itself saw (a renderer crash): into the same audit log staff read. */
  record: AuditLog['record'];
  /** Main's event-loop lag since start (also in the log every 10 minutes and in diagnostics). */
  loopLag(): LoopLagFigures;
  /** The app's updater holds a signed update for staff (main/updates/); `confirm` if they let it in. */
  holdUpdate(version: string, confirm: () => void): void;
  close(): Promise<void>;
};

export type CoreOptions = {
  dataDir: string;
  secretStore: SecretStore;
  now?: () => Date;
  /** How often to reconcile orders and check the token (default one minute). */
  reconcileIntervalMs?: number;
  /** Outbox backoff (tests shorten it). */
  backoff?: { baseMs?: number; capMs?: number };
  /**
   * The continuous check for orders that never reached this terminal: how often it runs and how
   * long a difference must stand before it alarms (defaults in shared/stream-guard.ts).
   */
  missedOrders?: { intervalMs?: number; graceMs?: number };
  /** How often the venue's other terminals are read, and how long an unanswered order waits (tests shorten them). */
  otherTerminals?: { intervalMs?: number; unansweredMs?: number };
  /** How often the venue's shared settings are read from the relay (default 10 s). */
  venueSettingsReadMs?: number;
  /** How often a waiting pre-order's claims are read at the relay (default 1 s). */
  preorderWatchMs?: number;
  /** How often this terminal reports its health to the relay (default 30 s; tests shorten it). */
  healthReportMs?: number;
  /** The computer's name, shown until staff name the terminal (default the OS host name). */
  machineName?: string;
  /** Relay long-poll wait in seconds (default 10: a hung relay is noticed within 15 s). */
  relayWaitSeconds?: number;
  /** The relay client's reconnect backoff (default from 0.5 s doubling up to 30 s; tests shorten it). */
  relayBackoff?: { baseMs?: number; capMs?: number };
  /** What only the desktop app can do (restart itself). */
  machine?: MachineHost;
  /** Shows the platform's sign-in page (the desktop: the system browser); without it, no sign-in. */
  openSignInPage?: (url: string) => Promise<void>;
  /** How long after a courier booking's lost answer staff may book again or cancel (default 3 min). */
  bookingCheckMs?: number;
  /** The app's version, for the diagnostics bundle. */
  version?: string;
  logLevel?: LogLevel;
  /** Printing's OS details: the CUPS commands (tests: stand-ins), status poll intervals. */
  printing?: {
    lpCommand?: string;
    lpstatCommand?: string;
    pollWaitingMs?: number;
    pollIdleMs?: number;
  };
};

/** What every slice is composed over: storage, the log, the keychain, the audit log, events. */
type Foundation = {
  options: CoreOptions;
  now: () => Date;
  db: ReturnType<typeof openDatabase>;
  /** Takes the database's commits to disk off main's loop (storage/database.ts). */
  wal: WalFlush;
  /** Checkpoints the WAL on a thread of its own (storage/checkpointer.ts). */
  checkpointer: Checkpointer;
  redactor: ReturnType<typeof createRedactor>;
  log: ReturnType<typeof createLogger>;
  loopLag: ReturnType<typeof watchLoopLag>;
  settings: ReturnType<typeof createSettings>;
  audit: AuditLog;
  secrets: SecretStore;
  hub: ReturnType<typeof createEventHub>;
};

/**
 * The composed slices. Slices reach each other through ports wired below, which run only once
 * startCore has composed them all; each step reads the others from here when a port is called.
 */
type Composed = {
  outbox: Outbox;
  setup: SetupSlice;
  client: MarketplaceClient;
  venues: VenueConnections;
  orders: OrdersSlice;
  venue: VenueSlice;
  menu: MenuSlice;
  delivery: DeliverySlice;
  machine: MachineSlice;
  language: ScreenLanguage;
  diagnostics: DiagnosticsSlice;
  printing: PrintingSlice;
  guard: StreamGuard;
  cues: CuesSlice;
  updates: UpdatesSlice;
  terminals: TerminalsSlice;
  health: HealthReporter;
  api: ServiceApi;
};

// Customers' data never goes to the log on purpose; the redactor learns it as orders and
// deliveries arrive, so it stays out by accident too (an error quoting it).
const keepPersonalOutOfLog = (base: Foundation): void => {
  const { hub, redactor } = base;
  hub.on('orders:changed', ({ orders }) =>
    redactor.addPersonal(
      ...orders.flatMap((o) => [
        o.consumerName,
        o.consumerPhone,
        o.consumerComment,
        o.deliveryAddress?.street ?? null,
        o.deliveryAddress?.formatted ?? null,
      ]),
    ),
  );
  hub.on('deliveries:changed', ({ deliveries }) =>
    redactor.addPersonal(
      ...deliveries.flatMap((d) => [
        d.recipientName,
        d.recipientPhone,
        d.address.street,
        d.address.formatted,
      ]),
    ),
  );
};

const openFoundation = (options: CoreOptions): Foundation => {
  const now = options.now ?? (() => new Date());
  mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(join(options.dataDir, 'countertop.db'));
  const wal = createWalFlush(db);
  const redactor = createRedactor();
  const log = createLogger({
    dir: join(options.dataDir, 'logs'),
    level: options.logLevel,
    redactor,
    now,
  });
  const loopLag = watchLoopLag({ log, now });
  const checkpointer = startCheckpointer(db, {
    onProblem: (message) => log.warn('checkpoint', { message }),
  });
  const settings = createSettings(db);
  const audit = createAuditLog(db, now, (entry) => log.info('audit', entry));
  const secrets = redactingSecretStore(options.secretStore, redactor);
  const hub = createEventHub();
  const base = {
    options,
    now,
    db,
    wal,
    checkpointer,
    redactor,
    log,
    loopLag,
    settings,
    audit,
    secrets,
    hub,
  };
  hub.on('status:changed', logLinkChanges(log));
  keepPersonalOutOfLog(base);
  return base;
};

const composeOutbox = (base: Foundation, c: Composed): Outbox => {
  const outboxChanged = base.hub.batched('outbox:changed', (ids) => ({
    entries: c.outbox.entries(ids),
  }));
  return createOutbox({
    db: base.db,
    now: base.now,
    audit: base.audit,
    // A 30-second ceiling: after an outage the last action waits at most that long (a successful
    // call, a relay reconnect or a reconnect of the venue wakes the outbox even sooner).
    backoff: base.options.backoff ?? { baseMs: 1000, capMs: 30_000 },
    // Not the action's fault: it waits, with every other action, until the venue is reconnected.
    blocked: (error) =>
      error instanceof ReconnectNeededError || error instanceof NotConfiguredError,
    describe: (error) =>
      error instanceof ReconnectNeededError
        ? refusal('action-error', 'reconnect', null)
        : error instanceof NotConfiguredError
          ? refusal('action-error', 'notConnected', null)
          : null,
    blockedRetryMs: 30_000,
    onChange: (ids) => {
      outboxChanged(...ids);
      c.setup.statusChanged();
    },
  });
};

/** The outbox subjects of a venue's own actions (its orders' actions are by order id). */
const venueSubjects = (venueId: string): string[] => [
  `venue:${venueId}`,
  `menu:${venueId}`,
  `venue-settings:${venueId}`,
];

const composeSetup = (base: Foundation, c: Composed): SetupSlice => {
  const { db, settings, secrets, now, audit, hub } = base;
  return createSetupSlice({
    db,
    settings,
    secrets,
    now,
    audit,
    hub,
    relayWaitSeconds: base.options.relayWaitSeconds,
    relayBackoff: base.options.relayBackoff,
    openSignInPage: base.options.openSignInPage,
    relay: {
      durable: () => base.wal.flush(),
      onCommitted: () => c.orders.drain(),
      onDeliveryCommitted: () => c.delivery.drain(),
      // Another terminal changed a venue's settings: read them from the relay now.
      onVenueSettingsHint: (hints) => c.terminals.hinted(hints),
      // Back from an outage: what changed meanwhile is read again, for every venue (orders,
      // each venue's menu and its confirmed availability, each venue's settings).
      onReconnected: () => {
        c.venue.reconcileQuietly();
        c.menu.refreshQuietly();
        c.terminals.refreshSoon();
      },
      onState: (state, _error, downForMs) => c.guard.relayState(state, downForMs),
    },
    venueName: () => c.venue.name(),
    outboxCounts: () => c.outbox.counts(),
    connected: (_venueId, changed) => {
      if (changed) c.venue.forget({ name: true });
      c.outbox.resetBackoff();
      c.outbox.kick();
      c.venue.reconcileQuietly();
      c.menu.refreshQuietly();
      c.delivery.maintainWebhook();
      // What the platform lists now is the starting point of the missed-order check.
      c.guard.missedOrders.checkSoon();
      c.terminals.refreshSoon();
      c.health.reportSoon();
    },
    disconnecting: async () => {
      const venueId = c.setup.venueId();
      await c.delivery.forget();
      c.venue.forget({ name: true });
      // The next venue of this terminal starts clean: no order, delivery, menu or customer of
      // this one stays in the database (the printers and this machine's settings do).
      c.orders.eraseAll();
      c.delivery.eraseAll();
      c.outbox.eraseAll();
      c.printing.eraseAll();
      c.terminals.forget();
      if (venueId) c.menu.forget(venueId);
      audit.forgetDetailsBefore(new Date(now().getTime() + 86_400_000).toISOString());
      checkpointAndTruncate(db);
    },
    relayChanged: () => {
      c.delivery.relayMoved();
      c.guard.missedOrders.checkSoon();
    },
    checkStaffPin: (pin) => c.machine.checkPin(pin, 'disconnect'),
    venues: {
      add: (input, check) => c.venues.add(input, check),
      remove: (venueId) => c.venues.remove(venueId),
      ids: () => c.venues.venueIds(),
    },
    venueNameOf: (venueId) =>
      venueId === c.setup.venueId() ? c.venue.name() : c.venues.nameOf(venueId),
    venueActionsWaiting: (venueId) =>
      c.outbox
        .open()
        .filter(
          (action) =>
            venueSubjects(venueId).includes(action.subject) ||
            c.orders.store.get(action.subject)?.venueId === venueId,
        ).length,
    venueAdded: () => {
      c.venue.reconcileQuietly();
      c.menu.refreshQuietly();
      // The added venue's own settings, as its terminals keep them at the relay.
      c.terminals.refreshSoon();
      c.guard.missedOrders.checkSoon();
    },
    removingVenue: async (venueId) => {
      // Only this venue's: the other venues' orders, actions and menus stay as they are.
      const orderIds = c.orders.eraseVenue(venueId);
      c.outbox.eraseSubjects([...orderIds, ...venueSubjects(venueId)]);
      c.printing.eraseOrders(orderIds);
      c.delivery.eraseVenue(venueId);
      c.menu.forget(venueId);
      c.terminals.forgetVenue(venueId);
      c.guard.forgetVenue(venueId);
      checkpointAndTruncate(db);
    },
  });
};

// Every venue's client shares the platform's address and tells the same observers.
const clientOptions = (
  base: Foundation,
  c: Composed,
): Omit<MarketplaceClientOptions, 'tokens'> => ({
  posUrl: () => c.setup.connection()?.posUrl ?? null,
  now: () => base.now().getTime(),
  onClock: (offsetMs) => c.setup.clockObserved(offsetMs),
  onOutcome: (reachable, error) => {
    // The network is back: what waits out a backoff goes now, not after it.
    if (c.setup.platformOutcome(reachable, error).backOnline) {
      c.outbox.resetBackoff();
      c.orders.sync.resetBackoff();
      c.orders.drain();
      c.guard.missedOrders.checkSoon();
      // Every venue's menu as its platform shows it now (another device may have changed it).
      c.menu.refreshQuietly();
    }
  },
});

// The venue set up first keeps its grant (setup's token manager); the venues added to the
// terminal have their own; every slice calls one routed client that picks the order's venue.
const composeVenues = (base: Foundation, c: Composed): VenueConnections =>
  createVenueConnections({
    secrets: base.secrets,
    settings: base.settings,
    now: base.now,
    venueOfOrder: (orderId) => c.orders.store.get(orderId)?.venueId ?? null,
    client: clientOptions(base, c),
    primary: {
      venueId: () => c.setup.venueId(),
      client: createMarketplaceClient({ ...clientOptions(base, c), tokens: c.setup.tokens }),
    },
  });

/** This terminal's venues, the one set up first first, each with its name as orders give it. */
const venueList = (c: Composed): Array<{ venueId: string; name: string | null }> => {
  const first = c.setup.venueId();
  const ids = [...(first ? [first] : []), ...c.venues.venueIds().filter((id) => id !== first)];
  return ids.map((venueId) => ({
    venueId,
    name: venueId === first ? c.venue.name() : c.venues.nameOf(venueId),
  }));
};

/** What most slices are made of. */
const sliceBase = (base: Foundation, c: Composed) => ({
  db: base.db,
  now: base.now,
  outbox: c.outbox,
  audit: base.audit,
  hub: base.hub,
});

const composeOrders = (base: Foundation, c: Composed): OrdersSlice =>
  createOrdersSlice({
    ...sliceBase(base, c),
    client: c.client,
    venueId: () => c.setup.venueId(),
    servesVenue: (venueId) => c.venues.serves(venueId),
    orderVenueNamed: (orderId, venueId) => c.venues.learn(orderId, venueId),
    requireConnection: () => c.setup.requireVenue(),
    venueName: (name, venueId) => {
      if (venueId === c.setup.venueId()) c.venue.rememberName(name);
      else if (c.venues.nameOf(venueId) !== name) c.venues.rememberName(venueId, name);
    },
    downSpans: () => c.guard.downSpans(),
    settings: base.settings,
    status: async () => c.setup.status(),
    history: {
      // The name staff gave this terminal, else the machine's.
      terminal: () => c.terminals.name(),
      timeZone: () => TIME_ZONE,
      // Read at each export: c.language is composed after the orders.
      language: () => c.language.current(),
      printJobs: (orderId) => c.printing.jobsOfOrder(orderId),
      // Who took the other actions: the venue's other terminals, as they told the relay.
      elsewhere: (orderId) => c.terminals.actionsElsewhere(orderId),
      // The venues as setup lists them: history, the day summary and the CSV per venue.
      venues: () => venueList(c),
      // Each domain removes its own copies of customers' data past the retention.
      retention: [
        { name: 'deliveries', forget: (cutoff) => c.delivery.forgetPersonalBefore(cutoff) },
        { name: 'outbox payloads', forget: (cutoff) => c.outbox.forgetPayloadsBefore(cutoff) },
        { name: 'print jobs', forget: (cutoff) => c.printing.forgetPersonalBefore(cutoff) },
        { name: 'audit details', forget: (cutoff) => base.audit.forgetDetailsBefore(cutoff) },
      ],
    },
    // The kitchen ticket and the ready prints commit with the action that asks for them.
    onAction: (notice) => c.printing.orderAction(notice),
    // A rejection for items unavailable marks them sold out in the same transaction.
    onSoldOut: (venueId, mark) => c.menu.markSoldOut(venueId, mark),
    onArrived: (order) => c.printing.orderArrived(order),
    onFirstStored: (order) => c.terminals.orderStored(order),
    onConfigured: (changes, venueId) => c.terminals.changeVenueSettings(changes, venueId),
    onPreorderStarted: (order) => c.printing.preorderStarted(order),
    onPreorderConfirmed: (order) => c.printing.preorderConfirmed(order),
    onTaken: (orderId, action) => c.terminals.actionTaken(orderId, action),
    onProgressed: (order, from, to) => c.printing.orderProgressed(order, from, to),
  });

const composeVenue = (base: Foundation, c: Composed): VenueSlice =>
  createVenueSlice({
    ...sliceBase(base, c),
    settings: base.settings,
    client: c.client,
    venueId: () => c.setup.venueId(),
    venueIds: () => venueList(c).map((v) => v.venueId),
    nameOf: (venueId) => c.venues.nameOf(venueId),
    requireVenue: () => c.setup.requireVenue(),
    canReconcile: () => !c.setup.tokens.state().needsReconnect,
    reconcileOrders: async (remote, others) => {
      // Notifications already in the inbox first: what the relay holds is no order we lack.
      await c.orders.sync.drain();
      const first = c.setup.venueId();
      const result = await c.orders.sync.reconcile(
        remote,
        first ? { venueId: first, refetchOpen: true } : undefined,
      );
      // Every other venue of the terminal: its own status (as the venue slice read it for this
      // reconcile, not read again) against its own newest orders (the open orders of all venues
      // were read again above, once).
      let unknown = result.unknown;
      for (const { venueId, status } of others) {
        if (venueId === first || !c.venues.serves(venueId)) continue;
        const other = await c.orders.sync.reconcile(status, { venueId, refetchOpen: false });
        unknown += other.unknown;
        if (other.mismatch)
          base.audit.record({
            action: 'reconcile',
            subject: venueId,
            outcome: 'mismatch',
            detail: 'its latest orders differ from this terminal’s',
          });
      }
      await c.orders.sync.drain();
      c.guard.latestOrdersChecked(unknown);
      return { ...result, unknown };
    },
    nameChanged: () => c.setup.statusChanged(),
    failed: (error) => c.setup.platformFailed(error),
  });

const composeDiagnostics = (base: Foundation, c: Composed): DiagnosticsSlice =>
  createDiagnosticsSlice({
    dataDir: base.options.dataDir,
    version: base.options.version ?? 'unknown',
    now: base.now,
    api: () => c.api,
    log: base.log,
    redactor: base.redactor,
    secrets: base.secrets,
    integrity: () => integrityCheck(base.db),
    loopLag: () => base.loopLag.shift(),
  });

// Orders that cannot arrive take the venue offline, through the venue slice's own action.
const composeGuard = (base: Foundation, c: Composed): StreamGuard =>
  createStreamGuard({
    settings: base.settings,
    audit: base.audit,
    hub: base.hub,
    now: base.now,
    venueId: () => c.setup.venueId(),
    // Each venue of the terminal is paused (and resumed) on its own.
    venueIds: () => venueList(c).map((v) => v.venueId),
    venueNameOf: (venueId) => venueList(c).find((v) => v.venueId === venueId)?.name ?? null,
    venue: c.venue,
    otherTerminals: {
      ...base.options.otherTerminals,
      // One read names the terminals of every venue of this terminal, each with its venues.
      read: async () => {
        const conn = c.setup.connection();
        const terminalKey = await base.secrets.get('terminal-key');
        if (!conn || !c.setup.venueId() || !terminalKey) return null;
        return readTerminalsOfVenues({ relayUrl: conn.relayUrl, terminalKey });
      },
    },
    onConfigured: (next, venueId) => c.terminals.changeVenueSettings(next, venueId),
    onGap: (span) => c.orders.markArrivedLate(span),
    venueOnlineNow: async (venueId) => (await c.client.getVenueStatus(venueId)).status.is_online,
    missedOrders: {
      ...base.options.missedOrders,
      readVenueStatus: async (venueId) => {
        const remote = await c.client.getVenueStatus(venueId);
        return {
          isOnline: remote.status.is_online,
          isOpen: remote.status.is_open,
          latest: (remote.last_three_orders_status ?? []).map((s) => toOrderStatus(s)),
        };
      },
      // Every venue of the terminal is watched, each against its own orders.
      venueIds: () => {
        const first = c.setup.venueId();
        return first ? [first, ...c.venues.venueIds().filter((v) => v !== first)] : [];
      },
      latestOrders: (count, venueId) => c.orders.store.latest(count, venueId),
      ordersPlacedBetween: (from, to, venueId) =>
        c.orders.store
          .placedBetween(
            from === null
              ? new Date(0).toISOString()
              : new Date(Date.parse(from) + 1).toISOString(),
            to,
          )
          .filter((o) => o.venueId === venueId)
          .map((o) => ({ id: o.id, orderNumber: o.orderNumber, createdAt: o.createdAt })),
      settle: async () => {
        await c.orders.sync.drain();
        await c.orders.sync.reconcile(null);
        await c.orders.sync.drain();
      },
      reportToRelay: async (venueId, state) => {
        const conn = c.setup.connection();
        const terminalKey = await base.secrets.get('terminal-key');
        if (!conn || !terminalKey) return null;
        return reportVenueState({ relayUrl: conn.relayUrl, terminalKey, venueId, ...state });
      },
    },
  });

/**
 * Commit before you say OK: no answer leaves for the window before the commits its handler made
 * are on disk. One fsync serves every answer waiting for it (storage/database.ts, WalFlush), on
 * the thread pool: main's loop stays free, where a FULL commit held it for each action.
 */
export const answersAfterFlush = (api: ServiceApi, wal: WalFlush): ServiceApi =>
  Object.fromEntries(
    Object.entries(api).map(([channel, handler]) => [
      channel,
      async (request: unknown) => {
        const value: unknown = await (handler as (r: unknown) => Promise<unknown>)(request);
        await wal.flush();
        return value;
      },
    ]),
  ) as ServiceApi;

/** Every window of the terminal is told what now holds for a venue's settings. */
const tellWindows = (
  base: Foundation,
  c: Composed,
  venueId: string,
  printedBy: ServiceEvents['venueSettings:changed']['printedBy'],
  by: ServiceEvents['venueSettings:changed']['by'],
): void =>
  base.hub.emit('venueSettings:changed', {
    venueId,
    first: venueId === c.setup.venueId(),
    orders: c.orders.settings(venueId),
    printedBy,
    by,
  });

/** The venue's settings kept at the relay: every slice that follows one reads it from here. */
const composeTerminals = (base: Foundation, c: Composed): TerminalsSlice =>
  createTerminalsSlice({
    now: base.now,
    settings: base.settings,
    outbox: c.outbox,
    audit: base.audit,
    client: c.client,
    fallbackName: base.options.machineName ?? hostname(),
    readIntervalMs: base.options.venueSettingsReadMs,
    ...(base.options.preorderWatchMs === undefined
      ? {}
      : { preorderWatchMs: base.options.preorderWatchMs }),
    waitingPreorders: () =>
      c.orders.store.openOrderIds().filter((id) => {
        const order = c.orders.store.get(id);
        return (
          order?.type === 'preorder' &&
          order.platformStatus === 'CREATED' &&
          order.preorderStatus !== 'confirmed'
        );
      }),
    // As the stream guard last read them from the relay: alone, no other terminal can confirm.
    othersKnown: () => c.guard.hasOtherTerminals(),
    refetch: (orderId) => c.orders.sync.refetch(orderId),
    // Each order's duties and claims at the relay under its own venue, not the first venue's.
    venueOfOrder: (orderId) => c.orders.store.get(orderId)?.venueId ?? null,
    serves: (venueId) => c.venues.serves(venueId),
    firstVenue: () => c.setup.venueId(),
    venueIds: () => venueList(c).map((v) => v.venueId),
    relay: async () => {
      const conn = c.setup.connection();
      const venueId = c.setup.venueId();
      const terminalKey = await base.secrets.get('terminal-key');
      if (!conn || !venueId || !terminalKey) return null;
      return { relayUrl: conn.relayUrl, terminalKey, venueId };
    },
    currentSettings: (venueId) => ({
      ...c.orders.settings(venueId),
      ...c.guard.settings(venueId),
    }),
    apply: (venue, venueId) => {
      const orders = c.orders.settings(venueId);
      c.orders.applyVenueSettings(
        {
          autoAccept: venue.autoAccept ?? DEFAULT_ORDER_SETTINGS.autoAccept,
          autoAcceptMaxItems: venue.autoAcceptMaxItems ?? DEFAULT_ORDER_SETTINGS.autoAcceptMaxItems,
          unclaimedAfterMinutes:
            venue.unclaimedAfterMinutes ?? DEFAULT_ORDER_SETTINGS.unclaimedAfterMinutes,
        },
        venueId,
      );
      const guard = c.guard.settings(venueId);
      // Each venue is paused by its own settings (the guard watches the one stream for all).
      c.guard.applyVenueSettings(
        {
          autoPause: venue.autoPause ?? DEFAULT_STREAM_GUARD_SETTINGS.autoPause,
          pauseAfterSeconds:
            venue.pauseAfterSeconds ?? DEFAULT_STREAM_GUARD_SETTINGS.pauseAfterSeconds,
        },
        venueId,
      );
      base.audit.record({
        action: 'venue-settings',
        subject: venueId,
        outcome: 'followed',
        detail: JSON.stringify({ before: { ...orders, ...guard }, venue }),
      });
      // An open window shows them (its settings page among them) without a restart.
      tellWindows(base, c, venueId, venue.printedBy, 'another-terminal');
    },
    // Changed through one window: the others (a second screen, the web host's) show it too.
    changedHere: (venueId) =>
      tellWindows(base, c, venueId, c.terminals.venueSettings(venueId).printedBy, 'this-terminal'),
  });

/** The terminal's health, told to the relay every 30 s from what each slice's port says. */
const composeHealth = (base: Foundation, c: Composed): HealthReporter =>
  startHealthReports({
    now: base.now,
    intervalMs: base.options.healthReportMs,
    access: async () => {
      const conn = c.setup.connection();
      const terminalKey = await base.secrets.get('terminal-key');
      if (!conn || !c.setup.venueId() || !terminalKey) return null;
      return { relayUrl: conn.relayUrl, terminalKey };
    },
    facts: () => {
      const at = base.now().getTime();
      const printing = c.printing.state();
      return {
        version: base.options.version ?? 'unknown',
        name: c.terminals.staffName(),
        status: c.setup.status(),
        // Every venue of the terminal: its state as last read, and whether the guard paused it.
        venues: venueList(c).map(({ venueId }) => ({
          venueId,
          state: c.venue.state(venueId),
          pausedByCountertopAt: c.guard.pausedAt(venueId),
        })),
        actionsWaitingSince: c.outbox.open().map((action) => action.createdAt),
        unansweredSince: c.orders.store.openOrderIds().flatMap((id) => {
          const order = c.orders.store.get(id);
          return order !== null && unansweredFor(order, at) !== null ? [order.createdAt] : [];
        }),
        printers: printing.settings.printers.map((config) => ({
          config,
          status: printing.printers.find((p) => p.printerId === config.id),
        })),
      };
    },
    failed: (error) =>
      base.log.info('health report not sent', {
        message: error instanceof Error ? error.message : String(error),
      }),
  });

const composeApi = (base: Foundation, c: Composed): ServiceApi => ({
  ...c.setup.handlers,
  ...c.orders.handlers,
  ...c.venue.handlers,
  ...c.menu.handlers,
  ...outboxHandlers(c.outbox),
  ...c.delivery.handlers,
  ...c.machine.handlers,
  ...c.language.handlers,
  ...c.diagnostics.handlers,
  ...logHandlers(base.log),
  ...c.guard.handlers,
  ...c.printing.handlers,
  ...c.cues.handlers,
  ...c.updates.handlers,
  ...c.terminals.handlers,
  ...auditHandlers(base.audit),
});

/** Every slice, in the order they are built; the ports between them run only later. */
const composeSlices = (base: Foundation): Composed => {
  const { options, settings, secrets, audit, hub, now, db } = base;
  // Filled step by step below; no port reads it before this function returns.
  const c = {} as Composed;
  c.outbox = composeOutbox(base, c);
  c.setup = composeSetup(base, c);
  c.venues = composeVenues(base, c);
  c.client = c.venues.routed;
  c.orders = composeOrders(base, c);
  c.venue = composeVenue(base, c);
  // Before the menu: its restores, armed as it is built, name items in the screen's language.
  c.language = createScreenLanguage({ settings });
  c.menu = createMenuSlice({
    ...sliceBase(base, c),
    settings,
    client: c.client,
    venueId: () => c.setup.venueId(),
    requireVenue: () => c.setup.requireVenue(),
    language: () => c.language.current(),
    venueIds: () => {
      const first = c.setup.venueId();
      return first ? [first, ...c.venues.venueIds().filter((v) => v !== first)] : [];
    },
  });
  c.delivery = createDeliverySlice({
    ...sliceBase(base, c),
    settings,
    secrets,
    relayUrl: () => c.setup.connection()?.relayUrl ?? null,
    ...(options.bookingCheckMs === undefined ? {} : { bookingCheckMs: options.bookingCheckMs }),
  });
  c.machine = createMachineSlice({ db, settings, secrets, audit, hub, now, host: options.machine });
  c.diagnostics = composeDiagnostics(base, c);
  c.printing = createPrintingSlice({
    ...sliceBase(base, c),
    settings,
    order: (orderId) => c.orders.store.get(orderId),
    venueName: () => c.venue.name(),
    daySummary: (day, venueId) => c.orders.history.daySummary(day, venueId),
    // Which terminal of the venue prints each order document (the venue's settings at the relay).
    // Which terminal of the order's own venue prints each order document.
    printDuty: (document, orderId) => {
      const venueId = c.orders.store.get(orderId)?.venueId;
      const assigned = c.terminals.venueSettings(venueId).printedBy?.[document];
      if (assigned === undefined) return 'unassigned';
      const self = c.terminals.selfId();
      // Not knowing itself yet, a terminal prints rather than leave a ticket unprinted.
      return self === null || assigned === self ? 'mine' : 'other';
    },
    claimPrint: (orderId, document) => c.terminals.claim(orderId, document),
    screenLanguage: () => c.language.current(),
    ...options.printing,
  });
  // The kitchen's language follows the screen's until staff choose one: the settings shown change.
  c.language.onChange(() => c.printing.settingsChanged());
  // Menu names follow the screen's language: the menu screen gets them again at once.
  c.language.onChange(() => c.menu.languageChanged());
  c.guard = composeGuard(base, c);
  // What rings until acknowledged, decided here from the stored orders, replayed to any window.
  c.cues = createCuesSlice({
    settings,
    hub,
    audit,
    now,
    openOrders: () =>
      c.orders.store
        .openOrderIds()
        .map((id) => c.orders.store.get(id))
        .filter((order) => order !== null),
  });
  c.updates = createUpdatesSlice({ hub, audit, now });
  c.terminals = composeTerminals(base, c);
  c.health = composeHealth(base, c);
  c.api = answersAfterFlush(composeApi(base, c), base.wal);
  return c;
};

// Resume: the outbox (rows left "sending" by a crash go again), the relay, the inboxes, a reconcile.
const background = (c: Composed): void => {
  c.orders.drain();
  c.terminals.refreshSoon();
  c.venue.reconcileQuietly();
  c.menu.refreshQuietly();
  c.delivery.drain();
  c.delivery.maintainWebhook();
};

/** Starts the slices' work; returns the periodic tick. */
const startWork = async (
  base: Foundation,
  c: Composed,
): Promise<ReturnType<typeof setInterval>> => {
  const { options, log } = base;
  c.outbox.start();
  // Customers' data past the retention goes now and every hour, connected or not.
  c.orders.history.start();
  await c.setup.migrateKeychain();
  // Before the relay is reached: a key that cannot be handed over yet stays for a later tick.
  await c.delivery.migrateKeychain().catch(() => undefined);
  log.info('started', { version: options.version ?? 'unknown' });
  if (c.setup.connection()) {
    await c.setup.resume();
    background(c);
  }
  const tick = setInterval(() => {
    void c.setup.tokens.refreshIfDue().catch(() => undefined);
    background(c);
  }, options.reconcileIntervalMs ?? 60_000);
  tick.unref();
  return tick;
};

const stopAll = async (
  base: Foundation,
  c: Composed,
  tick: ReturnType<typeof setInterval>,
): Promise<void> => {
  base.hub.close();
  clearInterval(tick);
  c.guard.close();
  await c.health.close();
  c.terminals.close();
  c.cues.close();
  await c.guard.missedOrders.idle();
  await c.printing.close();
  c.delivery.close();
  c.menu.close();
  await c.setup.close();
  await c.outbox.stop();
  await c.venue.close();
  await c.orders.close();
  await base.wal.close();
  await base.checkpointer.close();
  base.db.close();
  base.loopLag.close();
  base.log.info('stopped');
  await base.log.close();
};

export const startCore = async (options: CoreOptions): Promise<Core> => {
  const base = openFoundation(options);
  const c = composeSlices(base);
  const tick = await startWork(base, c);
  let closed = false;
  return {
    api: c.api,
    on: base.hub.on,
    record: (entry) => base.audit.record(entry),
    loopLag: () => base.loopLag.shift(),
    holdUpdate: (version, confirm) => c.updates.hold(version, confirm),
    close: async () => {
      if (closed) return;
      closed = true;
      await stopAll(base, c, tick);
    },
  };
};
