// The terminal's core: wires storage, keychain, token manager, marketplace client, relay client,
// order sync and outbox behind the ServiceApi of shared/ipc/contract.ts. Plain Node: the Electron
// glue (main/app/) and the web host only carry requests and events.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ActionReceipt,
  EventName,
  ServiceApi,
  ServiceEvents,
  SetupState,
} from '../shared/ipc/contract';
import type {
  AppStatus,
  MenuItemSummary,
  PlatformReachability,
  RelayConnection,
  VenueState,
} from '../shared/domain';
import type { SecretStore } from './secrets/secret-store';
import { KeychainUnavailableError } from './secrets/secret-store';
import { openDatabase } from './storage/database';
import { createSettings } from './storage/settings';
import { createAuditLog } from './audit/audit-log';
import { createTokenManager } from './auth/token-manager';
import { HttpError } from './http/http';
import { createMarketplaceClient } from './marketplace/client';
import type { VenueStatus } from './marketplace/schemas';
import { createOrderStore } from './orders/order-store';
import { createOrderSync } from './orders/order-sync';
import { createOutbox } from './outbox/outbox';
import { createActionSender } from './outbox/action-sender';
import { enqueueOrderAction } from './actions/order-actions';
import type { RelayClient } from './events/relay-client';
import { startRelayClient } from './events/relay-client';
import { diffMenus, menuItemCount, parseMenu } from './menu/menu-check';
import { createMenuStore } from './menu/menu-store';
import { ServiceError } from './service-error';
import { createDeliveryClient } from './delivery/client';
import { createDeliveryStore } from './delivery/delivery-store';
import { createDeliveryInbox } from './delivery/delivery-inbox';
import { createDeliveryService } from './delivery/delivery-service';

export type Core = {
  api: ServiceApi;
  on<E extends EventName>(event: E, listener: (payload: ServiceEvents[E]) => void): () => void;
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
  /** Relay long-poll wait in seconds (default 25). */
  relayWaitSeconds?: number;
};

type Connection = {
  authUrl: string;
  posUrl: string;
  relayUrl: string;
  clientId: string;
  redirectUri: string;
  venueId: string;
  hasSigningSecret: boolean;
};

const CONNECTION_KEY = 'connection';
const VENUE_KEY = 'venue';
const VENUE_NAME_KEY = 'venue.name';

const failure = (error: unknown, doing: string): ServiceError => {
  if (error instanceof ServiceError) return error;
  if (error instanceof KeychainUnavailableError) return new ServiceError('failed', error.message);
  if (error instanceof HttpError)
    return new ServiceError('failed', `${doing} failed: ${error.message}`);
  return new ServiceError(
    'failed',
    `${doing} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
};

export const startCore = async (options: CoreOptions): Promise<Core> => {
  const now = options.now ?? (() => new Date());
  mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(join(options.dataDir, 'countertop.db'));
  const settings = createSettings(db);
  const audit = createAuditLog(db, now);
  const orders = createOrderStore(db, now);
  const secrets = options.secretStore;

  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const emit = <E extends EventName>(event: E, payload: ServiceEvents[E]): void => {
    for (const listener of listeners.get(event) ?? []) {
      try {
        (listener as (p: ServiceEvents[E]) => void)(payload);
      } catch {
        // A listener's failure must not stop the core.
      }
    }
  };
  // Bursts (a relay batch, a reconcile) become one event per tick.
  const scheduled = new Set<EventName>();
  const later = (
    event:
      | 'orders:changed'
      | 'outbox:changed'
      | 'status:changed'
      | 'menu:changed'
      | 'deliveries:changed',
  ): void => {
    if (scheduled.has(event)) return;
    scheduled.add(event);
    setImmediate(() => {
      scheduled.delete(event);
      if (closed) return;
      if (event === 'orders:changed') emit(event, { orders: orders.list() });
      else if (event === 'outbox:changed') emit(event, { entries: outbox.list() });
      else if (event === 'status:changed') emit(event, status());
      else if (event === 'deliveries:changed') emit(event, { deliveries: deliveries.list() });
      else emit(event, { items: menuItems() });
    });
  };

  const connection = (): Connection | null => settings.get<Connection>(CONNECTION_KEY);
  let relayState: RelayConnection = 'unconfigured';
  let relayError: string | null = null;
  let platform: PlatformReachability = 'unknown';
  let platformError: string | null = null;
  let closed = false;

  const tokens = createTokenManager({
    secrets,
    settings,
    now,
    onRefresh: (outcome, detail) => {
      if (outcome !== 'ok')
        audit.record({
          action: 'token-refresh',
          subject: connection()?.venueId ?? '-',
          outcome,
          detail,
        });
    },
  });
  tokens.onChange((state) => {
    if (state.needsReconnect)
      audit.record({
        action: 'needs-reconnect',
        subject: state.config?.venueId ?? '-',
        outcome: 'blocked',
        detail: state.reconnectReason,
      });
    later('status:changed');
  });

  const client = createMarketplaceClient({
    posUrl: () => connection()?.posUrl ?? null,
    tokens,
    onOutcome: (reachable, error) => {
      const was = platform;
      platform = reachable ? 'reachable' : 'unreachable';
      platformError = reachable ? null : (error?.message ?? null);
      if (was !== platform) {
        later('status:changed');
        // The network is back: actions waiting out a backoff go now, not after it.
        if (platform === 'reachable' && was === 'unreachable') {
          outbox.resetBackoff();
          sync.resetBackoff();
          drainQuietly();
        }
      }
    },
  });

  const venueId = (): string | null => connection()?.venueId ?? null;

  const sync = createOrderSync({
    db,
    orders,
    client,
    venueId,
    now,
    events: {
      changed: () => later('orders:changed'),
      arrived: (orderId, orderNumber) => emit('orders:arrived', { orderId, orderNumber }),
      problem: (subject, message) =>
        audit.record({ action: 'order-fetch', subject, outcome: 'failed', detail: message }),
      venueName: (name) => {
        if (settings.get<string>(VENUE_NAME_KEY) === name) return;
        settings.set(VENUE_NAME_KEY, name);
        const venue = storedVenue();
        if (venue) saveVenue({ ...venue, name });
        later('status:changed');
      },
    },
  });

  const storedVenue = (): VenueState | null => settings.get<VenueState>(VENUE_KEY);
  const saveVenue = (venue: VenueState | null): void => {
    if (venue) settings.set(VENUE_KEY, venue);
    else settings.delete(VENUE_KEY);
    emit('venue:changed', venue);
  };
  const venueFromStatus = (id: string, remote: VenueStatus): VenueState => ({
    venueId: id,
    name: settings.get<string>(VENUE_NAME_KEY) ?? remote.name ?? null,
    isOnline: remote.status.is_online,
    isOpen: remote.status.is_open,
    offlineUntil: remote.offline_until ?? null,
    openingTimes: remote.opening_times ?? [],
    fetchedAt: now().toISOString(),
    pending: outbox
      .list()
      .some(
        (e) =>
          (e.kind === 'venue-online' || e.kind === 'venue-opening-times') &&
          (e.state === 'pending' || e.state === 'sending'),
      ),
  });

  const deliveries = createDeliveryStore(db, now);
  const deliveryClient = createDeliveryClient({
    account: () => delivery.config(),
    merchantKey: () => secrets.get('merchant-key'),
  });
  const deliveryInbox = createDeliveryInbox({
    db,
    store: deliveries,
    secret: () => secrets.get('delivery-webhook-secret'),
    now,
    onChanged: () => later('deliveries:changed'),
    onRejected: (reason, detail) =>
      audit.record({
        action: 'delivery-event',
        subject: detail,
        outcome: 'rejected',
        detail: reason,
      }),
  });
  const drainDeliveries = (): void => {
    if (!closed) void deliveryInbox.drain().catch(() => undefined);
  };

  const send = createActionSender({
    client,
    orders,
    sync,
    delivery: {
      client: deliveryClient,
      store: deliveries,
      onChanged: () => later('deliveries:changed'),
    },
    blockedRetryMs: 30_000,
    onVenueAction: (action) => {
      if (action.kind === 'venue-online' || action.kind === 'venue-opening-times')
        void refreshVenue().catch(() => undefined);
      if (action.kind === 'item-availability' || action.kind === 'menu-push') later('menu:changed');
    },
  });

  const outbox = createOutbox({
    db,
    now,
    send,
    // A 30-second ceiling: after an outage the last action waits at most that long (a successful
    // reconcile or relay reconnect wakes the outbox even sooner).
    backoff: options.backoff ?? { baseMs: 1000, capMs: 30_000 },
    onSettled: (action, outcome, detail) => {
      if (outcome !== 'retry' || action.attempts === 1) {
        audit.record({
          action: action.kind,
          subject: action.subject,
          outcome: outcome === 'retry' ? 'retrying' : outcome,
          detail: outcome === 'done' ? action.summary : detail,
        });
      }
    },
    onChange: () => {
      later('outbox:changed');
      later('orders:changed');
      later('status:changed');
      later('deliveries:changed');
    },
  });

  const delivery = createDeliveryService({
    db,
    settings,
    secrets,
    outbox,
    audit,
    store: deliveries,
    client: deliveryClient,
    now,
    relayUrl: () => connection()?.relayUrl ?? null,
    changed: () => {
      later('deliveries:changed');
      later('outbox:changed');
    },
  });
  const maintainWebhook = (): void => {
    if (!closed) void delivery.maintainWebhook();
  };

  const status = (): AppStatus => {
    const conn = connection();
    const auth = tokens.state();
    const counts = outbox.counts();
    return {
      configured: conn !== null,
      venueId: conn?.venueId ?? null,
      venueName: settings.get<string>(VENUE_NAME_KEY) ?? storedVenue()?.name ?? null,
      relay: relayState,
      relayError,
      platform,
      platformError,
      outboxWaiting: counts.waiting,
      outboxFailed: counts.failed,
      needsReconnect: auth.needsReconnect,
      reconnectReason: auth.reconnectReason,
    };
  };

  let reconciling: Promise<void> | null = null;
  /** Reads the venue status, stores the venue state, and returns the raw status. */
  const fetchVenue = async (id: string): Promise<VenueStatus> => {
    const remote = await client.getVenueStatus(id);
    saveVenue(venueFromStatus(id, remote));
    return remote;
  };
  const refreshVenue = async (): Promise<void> => {
    const id = venueId();
    if (id) await fetchVenue(id);
  };
  const reconcile = (): Promise<void> => {
    reconciling ??= (async () => {
      const id = venueId();
      if (!id || tokens.state().needsReconnect) return;
      const remote = await fetchVenue(id);
      const result = await sync.reconcile(remote);
      if (result.mismatch) {
        audit.record({
          action: 'reconcile',
          subject: id,
          outcome: 'mismatch',
          detail: `refetched ${result.refetched} open orders`,
        });
      }
      await sync.drain();
    })().finally(() => {
      reconciling = null;
    });
    return reconciling;
  };
  const reconcileQuietly = (): void => {
    void reconcile().catch((error: unknown) => {
      platformError = error instanceof Error ? error.message : String(error);
      later('status:changed');
    });
  };

  let draining: Promise<void> | null = null;
  const drainQuietly = (): void => {
    if (closed) return;
    const run = sync.drain().catch(() => undefined);
    draining = run;
    void run.finally(() => {
      if (draining === run) draining = null;
    });
  };

  let relay: RelayClient | null = null;
  const startRelay = async (): Promise<void> => {
    const conn = connection();
    if (!conn || relay) return;
    const terminalKey = await secrets.get('terminal-key');
    if (!terminalKey) {
      relayState = 'unconfigured';
      relayError = 'No relay terminal key is stored; reconnect the venue.';
      later('status:changed');
      return;
    }
    const signingSecret = conn.hasSigningSecret ? await secrets.get('signing-secret') : null;
    relay = startRelayClient({
      db,
      relayUrl: conn.relayUrl,
      terminalKey,
      signingSecret,
      waitSeconds: options.relayWaitSeconds,
      onState: (state, error) => {
        if (state === relayState && error === relayError) return;
        relayState = state;
        relayError = error;
        later('status:changed');
      },
      onCommitted: drainQuietly,
      onDeliveryCommitted: drainDeliveries,
      onReconnected: reconcileQuietly,
      onRejected: (reason, detail) =>
        audit.record({
          action: 'notification',
          subject: detail,
          outcome: 'rejected',
          detail: reason,
        }),
      onLogChanged: ({ previousLogId, logId, cursor }) =>
        audit.record({
          action: 'relay',
          subject: logId,
          outcome: 'log-changed',
          detail: `The relay's event log changed (was ${previousLogId} at seq ${cursor}); reading it again from the start.`,
        }),
    });
  };
  const stopRelay = async (): Promise<void> => {
    const current = relay;
    relay = null;
    if (current) await current.stop();
    relayState = 'unconfigured';
    relayError = null;
  };

  const requireConnection = (): Connection => {
    const conn = connection();
    if (!conn) throw new ServiceError('not-configured', 'Connect the venue first.');
    return conn;
  };

  const menus = createMenuStore(db, now);
  const menuItems = (): MenuItemSummary[] => {
    const id = venueId();
    return id ? menus.items(id) : [];
  };

  const orderAction = (request: Parameters<typeof enqueueOrderAction>[1]): ActionReceipt => {
    requireConnection();
    const receipt = enqueueOrderAction({ db, orders, outbox, now }, request);
    audit.record({
      action: request.kind,
      subject: request.orderId,
      outcome: 'queued',
      detail: null,
    });
    later('orders:changed');
    later('outbox:changed');
    return receipt;
  };

  const api: ServiceApi = {
    'setup:get': async (): Promise<SetupState> => {
      const conn = connection();
      return {
        configured: conn !== null,
        venueId: conn?.venueId ?? null,
        authUrl: conn?.authUrl ?? null,
        posUrl: conn?.posUrl ?? null,
        relayUrl: conn?.relayUrl ?? null,
        clientId: conn?.clientId ?? null,
        redirectUri: conn?.redirectUri ?? null,
      };
    },
    'setup:connect': async (request) => {
      let venue: string;
      try {
        ({ venueId: venue } = await tokens.connect(request));
        await secrets.set('terminal-key', request.terminalKey);
        if (request.signingSecret) await secrets.set('signing-secret', request.signingSecret);
        else await secrets.delete('signing-secret');
      } catch (error) {
        audit.record({
          action: 'connect',
          subject: request.clientId,
          outcome: 'failed',
          detail: error instanceof Error ? error.message : null,
        });
        throw failure(error, 'Connecting the venue');
      }
      const previous = connection();
      settings.set(CONNECTION_KEY, {
        authUrl: request.authUrl,
        posUrl: request.posUrl,
        relayUrl: request.relayUrl,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        venueId: venue,
        hasSigningSecret: Boolean(request.signingSecret),
      } satisfies Connection);
      if (previous?.venueId !== venue) {
        settings.delete(VENUE_KEY);
        settings.delete(VENUE_NAME_KEY);
      }
      audit.record({ action: 'connect', subject: venue, outcome: 'done', detail: null });
      await stopRelay();
      await startRelay();
      outbox.resetBackoff();
      outbox.kick();
      reconcileQuietly();
      maintainWebhook();
      later('status:changed');
      return { venueId: venue };
    },
    'setup:disconnect': async () => {
      await stopRelay();
      try {
        await tokens.disconnect();
        await secrets.delete('terminal-key');
        await secrets.delete('signing-secret');
        await delivery.forget();
      } catch (error) {
        throw failure(error, 'Disconnecting the venue');
      }
      settings.delete(CONNECTION_KEY);
      saveVenue(null);
      audit.record({ action: 'disconnect', subject: '-', outcome: 'done', detail: null });
      later('status:changed');
    },
    'status:get': async () => status(),
    'orders:list': async () => orders.list(),
    'orders:accept': async ({ orderId, preparationMinutes }) =>
      orderAction({ kind: 'accept', orderId, preparationMinutes }),
    'orders:reject': async ({ orderId, reason, code }) =>
      orderAction({ kind: 'reject', orderId, reason, ...(code ? { code } : {}) }),
    'orders:markReady': async ({ orderId }) => orderAction({ kind: 'ready', orderId }),
    'orders:handOver': async ({ orderId }) => orderAction({ kind: 'delivered', orderId }),
    'orders:confirmPreorder': async ({ orderId }) =>
      orderAction({ kind: 'confirm-preorder', orderId }),
    'venue:get': async () => storedVenue(),
    'venue:refresh': async () => {
      requireConnection();
      try {
        await reconcile();
      } catch (error) {
        throw failure(error, 'Reading the venue status');
      }
      return storedVenue();
    },
    'venue:setOnline': async ({ online, until }) => {
      const conn = requireConnection();
      const actionId = db
        .transaction(() => {
          const current = storedVenue();
          if (current)
            settings.set(VENUE_KEY, {
              ...current,
              isOnline: online,
              offlineUntil: online ? null : (until ?? null),
              pending: true,
            });
          const summary = online
            ? 'Venue online'
            : `Venue offline${until ? ` until ${until}` : ''}`;
          return outbox.insert('venue-online', `venue:${conn.venueId}`, summary, {
            venueId: conn.venueId,
            online,
            until: online ? null : (until ?? null),
          });
        })
        .immediate();
      outbox.kick();
      emit('venue:changed', storedVenue());
      audit.record({
        action: 'venue-online',
        subject: conn.venueId,
        outcome: 'queued',
        detail: online ? 'ONLINE' : 'OFFLINE',
      });
      return { actionId };
    },
    'venue:setOpeningTimes': async ({ availability }) => {
      const conn = requireConnection();
      const actionId = db
        .transaction(() => {
          const current = storedVenue();
          if (current)
            settings.set(VENUE_KEY, { ...current, openingTimes: availability, pending: true });
          return outbox.insert(
            'venue-opening-times',
            `venue:${conn.venueId}`,
            `Opening times (${availability.length} windows)`,
            { venueId: conn.venueId, availability },
          );
        })
        .immediate();
      outbox.kick();
      emit('venue:changed', storedVenue());
      audit.record({
        action: 'venue-opening-times',
        subject: conn.venueId,
        outcome: 'queued',
        detail: null,
      });
      return { actionId };
    },
    'menu:check': async ({ text }) => {
      const parsed = parseMenu(text);
      if (!parsed.ok) return { ok: false, issues: parsed.issues };
      const id = venueId();
      return {
        ok: true,
        diff: diffMenus(id ? menus.current(id) : null, parsed.menu),
        itemCount: menuItemCount(parsed.menu),
      };
    },
    'menu:push': async ({ text }) => {
      const conn = requireConnection();
      const parsed = parseMenu(text);
      if (!parsed.ok) return { ok: false, issues: parsed.issues };
      const actionId = db
        .transaction(() => {
          menus.replace(conn.venueId, parsed.menu);
          return outbox.insert(
            'menu-push',
            `menu:${conn.venueId}`,
            `Menu (${menuItemCount(parsed.menu)} items)`,
            { venueId: conn.venueId, menu: parsed.menu },
          );
        })
        .immediate();
      outbox.kick();
      audit.record({ action: 'menu-push', subject: conn.venueId, outcome: 'queued', detail: null });
      later('menu:changed');
      return { actionId };
    },
    'menu:items': async () => menuItems(),
    'menu:setItemAvailability': async ({ externalData, enabled, disabledUntil }) => {
      const conn = requireConnection();
      if (!menuItems().some((item) => item.externalData === externalData)) {
        throw new ServiceError(
          'not-found',
          `No item with external_data "${externalData}" is in the pushed menu.`,
        );
      }
      const until = enabled ? null : (disabledUntil ?? null);
      const actionId = db
        .transaction(() => {
          menus.setAvailability(conn.venueId, externalData, enabled, until);
          return outbox.insert(
            'item-availability',
            `menu:${conn.venueId}`,
            `${enabled ? 'Enable' : 'Disable'} ${externalData}`,
            {
              venueId: conn.venueId,
              externalData,
              enabled,
              disabledUntil: until,
            },
          );
        })
        .immediate();
      outbox.kick();
      later('menu:changed');
      audit.record({
        action: 'item-availability',
        subject: externalData,
        outcome: 'queued',
        detail: enabled ? 'enabled' : 'disabled',
      });
      return { actionId };
    },
    'outbox:list': async () => outbox.list(),
    'outbox:retry': async ({ actionId }) => {
      if (!outbox.retry(actionId))
        throw new ServiceError('not-found', 'There is no failed action with this id.');
      audit.record({ action: 'retry', subject: actionId, outcome: 'queued', detail: null });
    },
    'outbox:discard': async ({ actionId }) => {
      const action = outbox.discard(actionId);
      if (!action)
        throw new ServiceError(
          'not-found',
          'There is no waiting or failed action with this id that can be discarded.',
        );
      audit.record({
        action: 'discard',
        subject: action.subject,
        outcome: 'discarded',
        detail: action.summary,
      });
      later('orders:changed');
      if (action.kind.startsWith('venue-')) reconcileQuietly();
    },
    'audit:list': async ({ limit }) => audit.list(limit),
    ...delivery.api,
  };

  // Resume: the relay, the outbox (rows left "sending" by a crash go again), the inbox, a reconcile.
  outbox.start();
  if (connection()) {
    await startRelay().catch((error: unknown) => {
      relayState = 'disconnected';
      relayError = error instanceof Error ? error.message : String(error);
    });
    drainQuietly();
    reconcileQuietly();
    drainDeliveries();
    maintainWebhook();
  }
  const tick = setInterval(() => {
    void tokens.refreshIfDue().catch(() => undefined);
    reconcileQuietly();
    drainQuietly();
    drainDeliveries();
    maintainWebhook();
  }, options.reconcileIntervalMs ?? 60_000);
  tick.unref();

  return {
    api,
    on: (event, listener) => {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (payload: never) => void);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(tick);
      await stopRelay();
      await outbox.stop();
      await reconciling?.catch(() => undefined);
      await draining;
      db.close();
    },
  };
};
