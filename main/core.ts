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
import type { ServiceApi } from '../shared/ipc/contract';
import type { ServiceHost } from './host/dispatch';
import { createEventHub } from './host/event-hub';
import type { SecretStore } from './secrets/secret-store';
import { createLogger, logHandlers } from './log/logger';
import { logLinkChanges } from './log/link-history';
import { watchLoopLag } from './log/loop-lag';
import type { LoopLagFigures } from './log/loop-lag';
import { createRedactor, redactingSecretStore } from './log/redactor';
import { createDiagnosticsSlice } from './diagnostics/diagnostics';
import type { LogLevel } from '../shared/domain';
import { checkpointAndTruncate, integrityCheck, openDatabase } from './storage/database';
import { createSettings } from './storage/settings';
import { auditHandlers, createAuditLog } from './audit/audit-log';
import { NotConfiguredError, ReconnectNeededError } from './auth/token-manager';
import { createMarketplaceClient } from './marketplace/client';
import { createOutbox, outboxHandlers } from './outbox/outbox';
import { createSetupSlice } from './setup/setup';
import { createOrdersSlice } from './orders/orders';
import { createVenueSlice, TIME_ZONE } from './venue/venue';
import { createMenuSlice } from './menu/menu';
import { createDeliverySlice } from './delivery/delivery';
import { createMachineSlice } from './machine/machine';
import type { MachineHost } from './machine/machine';
import type { AuditLog } from './audit/audit-log';
import { createStreamGuard } from './stream-guard/stream-guard';
import { createPrintingSlice } from './printing/printing';
import { createCuesSlice } from './cues/cues';
import { createUpdatesSlice } from './updates/updates';
import { toOrderStatus } from './marketplace/order-mapping';
import { reportVenueState } from './relay-client/venue-intake';

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
  /** Relay long-poll wait in seconds (default 10: a hung relay is noticed within 15 s). */
  relayWaitSeconds?: number;
  /** What only the desktop app can do (restart itself). */
  machine?: MachineHost;
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

// eslint-disable-next-line max-lines-per-function -- the composition root wires every slice in order; not yet cut into smaller composition steps (issue 37)
export const startCore = async (options: CoreOptions): Promise<Core> => {
  const now = options.now ?? (() => new Date());
  mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(join(options.dataDir, 'countertop.db'));
  const redactor = createRedactor();
  const log = createLogger({
    dir: join(options.dataDir, 'logs'),
    level: options.logLevel,
    redactor,
    now,
  });
  const loopLag = watchLoopLag({ log, now });
  const settings = createSettings(db);
  const audit = createAuditLog(db, now, (entry) => log.info('audit', entry));
  const secrets = redactingSecretStore(options.secretStore, redactor);
  const hub = createEventHub();
  hub.on('status:changed', logLinkChanges(log));
  // Customers' data never goes to the log on purpose; the redactor learns it as orders and
  // deliveries arrive, so it stays out by accident too (an error quoting it).
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

  const outboxChanged = hub.batched('outbox:changed', (ids) => ({ entries: outbox.entries(ids) }));
  const outbox = createOutbox({
    db,
    now,
    audit,
    // A 30-second ceiling: after an outage the last action waits at most that long (a successful
    // call, a relay reconnect or a reconnect of the venue wakes the outbox even sooner).
    backoff: options.backoff ?? { baseMs: 1000, capMs: 30_000 },
    // Not the action's fault: it waits, with every other action, until the venue is reconnected.
    blocked: (error) =>
      error instanceof ReconnectNeededError || error instanceof NotConfiguredError,
    blockedRetryMs: 30_000,
    onChange: (ids) => {
      outboxChanged(...ids);
      setup.statusChanged();
    },
  });

  const setup = createSetupSlice({
    db,
    settings,
    secrets,
    now,
    audit,
    hub,
    relayWaitSeconds: options.relayWaitSeconds,
    relay: {
      onCommitted: () => orders.drain(),
      onDeliveryCommitted: () => delivery.drain(),
      onReconnected: () => venue.reconcileQuietly(),
      onState: (state, _error, downForMs) => guard.relayState(state, downForMs),
    },
    venueName: () => venue.name(),
    outboxCounts: () => outbox.counts(),
    connected: (_venueId, changed) => {
      if (changed) venue.forget({ name: true });
      outbox.resetBackoff();
      outbox.kick();
      venue.reconcileQuietly();
      menu.refreshQuietly();
      delivery.maintainWebhook();
      // What the platform lists now is the starting point of the missed-order check.
      guard.missedOrders.checkSoon();
    },
    disconnecting: async () => {
      const venueId = setup.venueId();
      await delivery.forget();
      venue.forget({ name: true });
      // The next venue of this terminal starts clean: no order, delivery, menu or customer of
      // this one stays in the database (the printers and this machine's settings do).
      orders.eraseAll();
      delivery.eraseAll();
      outbox.eraseAll();
      printing.eraseAll();
      if (venueId) menu.forget(venueId);
      audit.forgetDetailsBefore(new Date(now().getTime() + 86_400_000).toISOString());
      checkpointAndTruncate(db);
    },
    relayChanged: () => {
      delivery.relayMoved();
      guard.missedOrders.checkSoon();
    },
    checkStaffPin: (pin) => machine.checkPin(pin, 'disconnect'),
  });

  const client = createMarketplaceClient({
    posUrl: () => setup.connection()?.posUrl ?? null,
    tokens: setup.tokens,
    now: () => now().getTime(),
    onClock: (offsetMs) => setup.clockObserved(offsetMs),
    onOutcome: (reachable, error) => {
      // The network is back: what waits out a backoff goes now, not after it.
      if (setup.platformOutcome(reachable, error?.message ?? null).backOnline) {
        outbox.resetBackoff();
        orders.sync.resetBackoff();
        orders.drain();
        guard.missedOrders.checkSoon();
      }
    },
  });

  const slice = { db, now, outbox, audit, hub };
  const orders = createOrdersSlice({
    ...slice,
    client,
    venueId: () => setup.venueId(),
    requireConnection: () => setup.requireVenue(),
    venueName: (name) => venue.rememberName(name),
    settings,
    status: async () => setup.status(),
    history: {
      // No terminal name is configured anywhere: the machine's name tells a venue's terminals apart.
      terminal: hostname(),
      timeZone: () => TIME_ZONE,
      printJobs: (orderId) => printing.jobsOfOrder(orderId),
      // Each domain removes its own copies of customers' data past the retention.
      retention: [
        { name: 'deliveries', forget: (cutoff) => delivery.forgetPersonalBefore(cutoff) },
        { name: 'outbox payloads', forget: (cutoff) => outbox.forgetPayloadsBefore(cutoff) },
        { name: 'print jobs', forget: (cutoff) => printing.forgetPersonalBefore(cutoff) },
        { name: 'audit details', forget: (cutoff) => audit.forgetDetailsBefore(cutoff) },
      ],
    },
    // The kitchen ticket and the ready prints commit with the action that asks for them.
    onAction: (notice) => printing.orderAction(notice),
    onArrived: (order) => printing.orderArrived(order),
    onPreorderStarted: (order) => printing.preorderStarted(order),
  });
  const venue = createVenueSlice({
    ...slice,
    settings,
    client,
    venueId: () => setup.venueId(),
    requireVenue: () => setup.requireVenue(),
    canReconcile: () => !setup.tokens.state().needsReconnect,
    reconcileOrders: async (remote) => {
      // Notifications already in the inbox first: what the relay holds is no order we lack.
      await orders.sync.drain();
      const result = await orders.sync.reconcile(remote);
      await orders.sync.drain();
      guard.latestOrdersChecked(result.unknown);
      return result;
    },
    nameChanged: () => setup.statusChanged(),
    failed: (message) => setup.platformFailed(message),
  });
  const menu = createMenuSlice({
    ...slice,
    settings,
    client,
    venueId: () => setup.venueId(),
    requireVenue: () => setup.requireVenue(),
  });
  const delivery = createDeliverySlice({
    ...slice,
    settings,
    secrets,
    relayUrl: () => setup.connection()?.relayUrl ?? null,
    ...(options.bookingCheckMs === undefined ? {} : { bookingCheckMs: options.bookingCheckMs }),
  });
  const machine = createMachineSlice({
    db,
    settings,
    secrets,
    audit,
    hub,
    now,
    host: options.machine,
  });
  const diagnostics = createDiagnosticsSlice({
    dataDir: options.dataDir,
    version: options.version ?? 'unknown',
    now,
    api: () => api,
    log,
    redactor,
    secrets,
    integrity: () => integrityCheck(db),
    loopLag: () => loopLag.shift(),
  });
  const printing = createPrintingSlice({
    ...slice,
    settings,
    order: (orderId) => orders.store.get(orderId),
    venueName: () => venue.name(),
    daySummary: (day) => orders.history.daySummary(day),
    ...options.printing,
  });
  // Orders that cannot arrive take the venue offline, through the venue slice's own action.
  const guard = createStreamGuard({
    settings,
    audit,
    hub,
    now,
    venueId: () => setup.venueId(),
    venue,
    missedOrders: {
      ...options.missedOrders,
      readVenueStatus: async (venueId) => {
        const remote = await client.getVenueStatus(venueId);
        return {
          isOnline: remote.status.is_online,
          isOpen: remote.status.is_open,
          latest: (remote.last_three_orders_status ?? []).map((s) => toOrderStatus(s)),
        };
      },
      latestOrders: (count) => orders.store.latest(count),
      ordersPlacedBetween: (from, to) =>
        orders.store
          .placedBetween(
            from === null
              ? new Date(0).toISOString()
              : new Date(Date.parse(from) + 1).toISOString(),
            to,
          )
          .map((o) => ({ id: o.id, orderNumber: o.orderNumber, createdAt: o.createdAt })),
      settle: async () => {
        await orders.sync.drain();
        await orders.sync.reconcile(null);
        await orders.sync.drain();
      },
      reportToRelay: async (venueId, state) => {
        const conn = setup.connection();
        const terminalKey = await secrets.get('terminal-key');
        if (!conn || !terminalKey) return null;
        return reportVenueState({ relayUrl: conn.relayUrl, terminalKey, venueId, ...state });
      },
    },
  });
  // What rings until acknowledged, decided here from the stored orders, replayed to any window.
  const cues = createCuesSlice({
    settings,
    hub,
    audit,
    now,
    openOrders: () =>
      orders.store
        .openOrderIds()
        .map((id) => orders.store.get(id))
        .filter((order) => order !== null),
  });
  const updates = createUpdatesSlice({ hub, audit, now });
  const api: ServiceApi = {
    ...setup.handlers,
    ...orders.handlers,
    ...venue.handlers,
    ...menu.handlers,
    ...outboxHandlers(outbox),
    ...delivery.handlers,
    ...machine.handlers,
    ...diagnostics.handlers,
    ...logHandlers(log),
    ...guard.handlers,
    ...printing.handlers,
    ...cues.handlers,
    ...updates.handlers,
    ...auditHandlers(audit),
  };

  // Resume: the outbox (rows left "sending" by a crash go again), the relay, the inboxes, a reconcile.
  const background = (): void => {
    orders.drain();
    venue.reconcileQuietly();
    menu.refreshQuietly();
    delivery.drain();
    delivery.maintainWebhook();
  };
  outbox.start();
  // Customers' data past the retention goes now and every hour, connected or not.
  orders.history.start();
  await setup.migrateKeychain();
  // Before the relay is reached: a key that cannot be handed over yet stays for a later tick.
  await delivery.migrateKeychain().catch(() => undefined);
  log.info('started', { version: options.version ?? 'unknown' });
  if (setup.connection()) {
    await setup.resume();
    background();
  }
  const tick = setInterval(() => {
    void setup.tokens.refreshIfDue().catch(() => undefined);
    background();
  }, options.reconcileIntervalMs ?? 60_000);
  tick.unref();

  let closed = false;
  return {
    api,
    on: hub.on,
    record: (entry) => audit.record(entry),
    loopLag: () => loopLag.shift(),
    holdUpdate: (version, confirm) => updates.hold(version, confirm),
    close: async () => {
      if (closed) return;
      closed = true;
      hub.close();
      clearInterval(tick);
      guard.close();
      cues.close();
      await guard.missedOrders.idle();
      await printing.close();
      delivery.close();
      menu.close();
      await setup.close();
      await outbox.stop();
      await venue.close();
      await orders.close();
      db.close();
      loopLag.close();
      log.info('stopped');
      await log.close();
    },
  };
};
