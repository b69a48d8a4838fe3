// The terminal's composition root: opens storage, keychain, token manager and platform client,
// then composes the domain slices (setup, orders, venue, menu, delivery, stream guard) around one outbox and one
// event hub, behind the ServiceApi of shared/ipc/contract.ts. Plain Node: the Electron glue
// (main/app/) and the web host only carry requests and events. Each slice owns its tables, its
// outbox kinds, its channels and its events; nothing here touches SQL or implements a channel.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceApi } from '../shared/ipc/contract';
import type { ServiceHost } from './host/dispatch';
import { createEventHub } from './host/event-hub';
import type { SecretStore } from './secrets/secret-store';
import { openDatabase } from './storage/database';
import { createSettings } from './storage/settings';
import { createAuditLog } from './audit/audit-log';
import { NotConfiguredError, ReconnectNeededError } from './auth/token-manager';
import { createMarketplaceClient } from './marketplace/client';
import { createOutbox, outboxHandlers } from './outbox/outbox';
import { createSetupSlice } from './setup/setup';
import { createOrdersSlice } from './orders/orders';
import { createVenueSlice } from './venue/venue';
import { createMenuSlice } from './menu/menu';
import { createDeliverySlice } from './delivery/delivery';
import { createStreamGuard } from './stream-guard/stream-guard';

export type Core = ServiceHost & { close(): Promise<void> };

export type CoreOptions = {
  dataDir: string;
  secretStore: SecretStore;
  now?: () => Date;
  /** How often to reconcile orders and check the token (default one minute). */
  reconcileIntervalMs?: number;
  /** Outbox backoff (tests shorten it). */
  backoff?: { baseMs?: number; capMs?: number };
  /** Relay long-poll wait in seconds (default 25). */
  relayWaitSeconds?: number;
};

export const startCore = async (options: CoreOptions): Promise<Core> => {
  const now = options.now ?? (() => new Date());
  mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(join(options.dataDir, 'countertop.db'));
  const settings = createSettings(db);
  const audit = createAuditLog(db, now);
  const secrets = options.secretStore;
  const hub = createEventHub();

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
      delivery.maintainWebhook();
    },
    disconnecting: async () => {
      await delivery.forget();
      venue.forget({ name: false });
    },
  });

  const client = createMarketplaceClient({
    posUrl: () => setup.connection()?.posUrl ?? null,
    tokens: setup.tokens,
    onOutcome: (reachable, error) => {
      // The network is back: what waits out a backoff goes now, not after it.
      if (setup.platformOutcome(reachable, error?.message ?? null).backOnline) {
        outbox.resetBackoff();
        orders.sync.resetBackoff();
        orders.drain();
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
    client,
    venueId: () => setup.venueId(),
    requireVenue: () => setup.requireVenue(),
  });
  const delivery = createDeliverySlice({
    ...slice,
    settings,
    secrets,
    relayUrl: () => setup.connection()?.relayUrl ?? null,
  });
  // Orders that cannot arrive take the venue offline, through the venue slice's own action.
  const guard = createStreamGuard({
    ...slice,
    settings,
    venueId: () => setup.venueId(),
    venue: () => venue.handlers['venue:get']({}),
    setVenueOnline: (online) => venue.handlers['venue:setOnline']({ online, until: null }),
  });
  const api: ServiceApi = {
    ...setup.handlers,
    ...orders.handlers,
    ...venue.handlers,
    ...menu.handlers,
    ...outboxHandlers(outbox),
    ...delivery.handlers,
    ...guard.handlers,
    'audit:list': async ({ limit }) => audit.list(limit),
  };

  // Resume: the outbox (rows left "sending" by a crash go again), the relay, the inboxes, a reconcile.
  const background = (): void => {
    orders.drain();
    venue.reconcileQuietly();
    delivery.drain();
    delivery.maintainWebhook();
  };
  outbox.start();
  await setup.migrateKeychain();
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
    close: async () => {
      if (closed) return;
      closed = true;
      hub.close();
      clearInterval(tick);
      guard.close();
      delivery.close();
      await setup.close();
      await outbox.stop();
      await venue.close();
      await orders.close();
      db.close();
    },
  };
};
