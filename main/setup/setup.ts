// The setup slice: the venue connection (addresses, venue id; tokens through the token manager,
// keys in the keychain), the relay link it starts, the terminal's status, the setup:* and
// status:get channels and the status:changed event.
import type { AppStatus, PlatformReachability, RelayConnection } from '../../shared/domain';
import { CLOCK_SKEW_WARNING_MS } from '../../shared/domain';
import type { ServiceApi, SetupState } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import type { TokenManager } from '../auth/token-manager';
import { createTokenManager } from '../auth/token-manager';
import type { EventHub } from '../host/event-hub';
import { reportedClockOffset } from '../http/clock-offset';
import type { RelayClient, RelayClientOptions } from '../relay-client/relay-client';
import { resetCursor, startRelayClient } from '../relay-client/relay-client';
import type { SecretStore } from '../secrets/secret-store';
import { RETIRED_SECRET_NAMES } from '../secrets/secret-store';
import { failure, ServiceError } from '../service-error';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import type { FieldProblem } from './preflight';
import { checkOrderApi, checkRelay, checkTokenService, venueMismatch } from './preflight';

export type Connection = {
  authUrl: string;
  posUrl: string;
  relayUrl: string;
  clientId: string;
  redirectUri: string;
  venueId: string;
};

const CONNECTION_KEY = 'connection';
/**
 * The relay refused this terminal's key (its operator revoked it): the key left the keychain, and
 * the terminal waits for a new one (Change connection) instead of asking again at every start.
 */
const RELAY_REFUSED_KEY = 'relay-refused';
const REFUSED_AT_START =
  'The relay refused this terminal’s key earlier; enter a new key under Venue → Connection.';

/** The stored venue connection (addresses and venue id, no secret), e.g. for `npm run doctor`. */
export const storedConnection = (settings: Settings): Connection | null =>
  settings.get<Connection>(CONNECTION_KEY);
/**
 * How far the keychain's contents were migrated; 1: the signing secret removed, 2: the shared
 * delivery webhook secret too (the delivery slice then makes a secret of the venue's own).
 */
const KEYCHAIN_VERSION_KEY = 'keychain-version';
const KEYCHAIN_VERSION = 2;

/** What the relay link reports to the other slices. */
export type RelayHooks = Pick<
  RelayClientOptions,
  'durable' | 'onCommitted' | 'onDeliveryCommitted' | 'onReconnected'
> & {
  /** The relay link's state as the relay client sees it (the stream guard's input). */
  onState?: RelayClientOptions['onState'];
};

const isProblem = (value: unknown): value is FieldProblem =>
  value !== null && typeof value === 'object' && 'field' in value;

/** Setup refused before the venue was connected: each field with its fix, and what was kept. */
const REFUSALS = {
  'nothing-spent':
    'Nothing was sent to the platform yet, so your authorization code still works. Fix the marked fields and connect again.',
  'code-held':
    'The platform accepted your authorization code; fix the marked field and connect again with the same code (until this app is restarted).',
  'nothing-changed':
    'Nothing was changed: the terminal keeps its connection. Fix the marked field.',
} as const;

const refusal = (problems: FieldProblem[], kept: keyof typeof REFUSALS): ServiceError =>
  new ServiceError(
    'invalid-request',
    REFUSALS[kept],
    problems.map((p) => ({ path: p.field, message: p.message })),
  );

type SetupChannels =
  'setup:get' | 'setup:connect' | 'setup:change' | 'setup:disconnect' | 'status:get';

export type SetupSlice = {
  handlers: Pick<ServiceApi, SetupChannels>;
  tokens: TokenManager;
  connection(): Connection | null;
  venueId(): string | null;
  /** The connected venue's id, or the not-configured error staff see. */
  requireVenue(): string;
  /** The marketplace client's view of the platform: reachable or not, and why. */
  platformOutcome(reachable: boolean, error: string | null): { backOnline: boolean };
  /** The platform failed outside a call's answer (e.g. a reconcile). */
  platformFailed(message: string): void;
  /** The platform's clock offset read from an answer (ms, platform − ours). */
  clockObserved(offsetMs: number): void;
  /** The links as staff see them (the status bar's state): the port other slices read. */
  status(): AppStatus;
  statusChanged(): void;
  /** Starts the relay link of a stored connection (at start). */
  /** Removes from the keychain what earlier versions kept and this one must not (once). */
  migrateKeychain(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
};

// eslint-disable-next-line max-lines-per-function -- one closure over the pairing and onboarding state; not yet cut into module-level functions over a context (issue 37)
export const createSetupSlice = (deps: {
  db: Database;
  settings: Settings;
  secrets: SecretStore;
  now: () => Date;
  audit: AuditLog;
  hub: EventHub;
  relayWaitSeconds?: number;
  relayBackoff?: { baseMs?: number; capMs?: number };
  relay: RelayHooks;
  /** What the status shows of the other slices. */
  venueName: () => string | null;
  outboxCounts: () => { waiting: number; failed: number };
  /** A venue was connected (`changed`: another venue than before). */
  connected: (venueId: string, changed: boolean) => void;
  /**
   * The terminal is being disconnected: the slices forget their set-up and erase the venue's
   * orders, deliveries and customers' data.
   */
  disconnecting: () => Promise<void>;
  /** The relay link moved (Change connection): what the relay holds for the venue is handed again. */
  relayChanged: () => void;
  /** Throws unless `pin` is the staff PIN; resolves whether one is set. */
  checkStaffPin: (pin: string | undefined) => Promise<boolean>;
}): SetupSlice => {
  const { settings, secrets, audit, hub } = deps;
  const connection = (): Connection | null => settings.get<Connection>(CONNECTION_KEY);
  const venueId = (): string | null => connection()?.venueId ?? null;
  const tokens = createTokenManager({
    secrets,
    settings,
    now: deps.now,
    onRefresh: (outcome, detail) => {
      if (outcome !== 'ok')
        audit.record({ action: 'token-refresh', subject: venueId() ?? '-', outcome, detail });
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
    statusChanged();
  });
  let relayState: RelayConnection = 'unconfigured';
  let relayError: string | null = null;
  let platform: PlatformReachability = 'unknown';
  let platformError: string | null = null;
  let clockOffsetMs: number | null = null;

  const status = (): AppStatus => {
    const conn = connection();
    const auth = tokens.state();
    const counts = deps.outboxCounts();
    return {
      configured: conn !== null,
      venueId: conn?.venueId ?? null,
      venueName: deps.venueName(),
      relay: relayState,
      relayError,
      platform,
      platformError,
      outboxWaiting: counts.waiting,
      outboxFailed: counts.failed,
      needsReconnect: auth.needsReconnect,
      reconnectReason: auth.reconnectReason,
      clockOffsetMs,
    };
  };
  const statusChanged = hub.batched('status:changed', () => status());

  let relay: RelayClient | null = null;
  const startRelay = async (): Promise<void> => {
    const conn = connection();
    if (!conn || relay) return;
    const terminalKey = await secrets.get('terminal-key');
    if (!terminalKey && settings.get<string>(RELAY_REFUSED_KEY) !== null) {
      relayState = 'refused';
      relayError = REFUSED_AT_START;
      deps.relay.onState?.('refused', relayError);
      statusChanged();
      return;
    }
    if (!terminalKey) {
      relayState = 'unconfigured';
      relayError = 'No relay terminal key is stored; reconnect the venue.';
      statusChanged();
      return;
    }
    const { onState: reportState, ...hooks } = deps.relay;
    relay = startRelayClient({
      db: deps.db,
      relayUrl: conn.relayUrl,
      terminalKey,
      waitSeconds: deps.relayWaitSeconds,
      ...(deps.relayBackoff ? { backoff: deps.relayBackoff } : {}),
      onState: (state, error, downForMs) => {
        if (state === 'refused') forgetting = keyRefused(terminalKey, error);
        reportState?.(state, error, downForMs);
        if (state === relayState && error === relayError) return;
        relayState = state;
        relayError = error;
        statusChanged();
      },
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
      ...hooks,
    });
  };
  /** Closing waits for it: its audit entry must not outlive the database. */
  let forgetting: Promise<void> = Promise.resolve();
  /** The relay refused the key: it is worthless now, so it leaves the keychain (once). */
  const keyRefused = async (key: string, error: string | null): Promise<void> => {
    settings.set(RELAY_REFUSED_KEY, deps.now().toISOString());
    let removed = false;
    try {
      // Only the key that was refused: a new one set meanwhile (Change connection) stays.
      if ((await secrets.get('terminal-key')) === key) {
        await secrets.delete('terminal-key');
        removed = true;
      }
    } catch {
      // A keychain that does not answer keeps the key; the client asks with it no more.
    }
    audit.record({
      action: 'relay',
      subject: venueId() ?? '-',
      outcome: 'key-refused',
      detail: `${error ?? 'The relay refused the terminal key.'}${removed ? ' The key was removed from the keychain.' : ''}`,
    });
  };
  const stopRelay = async (): Promise<void> => {
    const current = relay;
    relay = null;
    if (current) await current.stop();
    relayState = 'unconfigured';
    relayError = null;
  };

  const setupState = (): SetupState => {
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
  };

  const requireVenue = (): string => {
    const id = venueId();
    if (!id) throw new ServiceError('not-configured', 'Connect the venue first.');
    return id;
  };

  return {
    tokens,
    connection,
    venueId,
    requireVenue,
    statusChanged,
    platformOutcome: (reachable, error) => {
      const was = platform;
      platform = reachable ? 'reachable' : 'unreachable';
      platformError = reachable ? null : error;
      if (was !== platform) statusChanged();
      return { backOnline: was === 'unreachable' && platform === 'reachable' };
    },
    clockObserved: (observedMs) => {
      const before = clockOffsetMs;
      const offsetMs = reportedClockOffset(before, observedMs);
      // The Date header has one-second steps: only a real change is news.
      if (offsetMs === before) return;
      clockOffsetMs = offsetMs;
      const skewed = Math.abs(offsetMs) > CLOCK_SKEW_WARNING_MS;
      if (skewed !== (before !== null && Math.abs(before) > CLOCK_SKEW_WARNING_MS))
        audit.record({
          action: 'clock/skew',
          subject: 'this machine',
          outcome: skewed ? 'detected' : 'resolved',
          detail:
            offsetMs >= 0
              ? `${Math.round(offsetMs / 1000)} s behind the platform`
              : `${Math.round(-offsetMs / 1000)} s ahead of the platform`,
        });
      statusChanged();
    },
    platformFailed: (message) => {
      platformError = message;
      statusChanged();
    },
    migrateKeychain: async () => {
      if ((settings.get<number>(KEYCHAIN_VERSION_KEY) ?? 0) >= KEYCHAIN_VERSION) return;
      // A keychain that does not answer now is tried again at the next start.
      const removed: string[] = [];
      try {
        for (const name of RETIRED_SECRET_NAMES) {
          if ((await secrets.get(name)) === null) continue;
          await secrets.delete(name);
          removed.push(name);
        }
      } catch {
        return;
      }
      settings.set(KEYCHAIN_VERSION_KEY, KEYCHAIN_VERSION);
      // Said only when something was there: a new terminal never held these.
      if (removed.length > 0)
        audit.record({
          action: 'keychain',
          subject: removed.join(', '),
          outcome: 'removed',
          detail: 'Secrets a terminal no longer holds were removed from the keychain.',
        });
    },
    resume: async () => {
      await startRelay().catch((error: unknown) => {
        relayState = 'disconnected';
        relayError = error instanceof Error ? error.message : String(error);
      });
    },
    close: async () => {
      await stopRelay();
      await forgetting;
    },
    status,
    handlers: {
      'setup:get': async () => setupState(),
      'setup:connect': async (request) => {
        let venue: string;
        try {
          // Everything but the code is checked first: the code is single use.
          const [relay, ...platform] = await Promise.all([
            checkRelay(request.relayUrl, request.terminalKey),
            checkTokenService(request),
            checkOrderApi(request.posUrl),
          ]);
          const problems = [relay, ...platform].filter(isProblem);
          if (problems.length > 0) throw refusal(problems, 'nothing-spent');
          const relayVenues = isProblem(relay) ? null : relay.venueIds;
          ({ venueId: venue } = await tokens.connect(request, (venueId) => {
            const mismatch = venueMismatch(venueId, relayVenues);
            if (mismatch) throw refusal([mismatch], 'code-held');
          }));
          await secrets.set('terminal-key', request.terminalKey);
          settings.delete(RELAY_REFUSED_KEY);
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
        } satisfies Connection);
        audit.record({ action: 'connect', subject: venue, outcome: 'done', detail: null });
        // Before the relay restarts: what it brings in belongs to the new venue.
        deps.connected(venue, previous?.venueId !== venue);
        await stopRelay();
        await startRelay();
        statusChanged();
        return { venueId: venue };
      },
      'setup:change': async (request) => {
        const conn = connection();
        if (!conn) throw new ServiceError('not-configured', 'Connect the venue first.');
        const newKey = request.terminalKey?.trim() ? request.terminalKey.trim() : null;
        const terminalKey = newKey ?? (await secrets.get('terminal-key'));
        if (!terminalKey)
          throw refusal(
            [
              {
                field: 'terminalKey',
                message: 'No terminal key is stored: enter this counter’s key.',
              },
            ],
            'nothing-changed',
          );
        const relay = await checkRelay(request.relayUrl, terminalKey);
        const problem = isProblem(relay) ? relay : venueMismatch(conn.venueId, relay.venueIds);
        if (problem) throw refusal([problem], 'nothing-changed');
        try {
          if (newKey) await secrets.set('terminal-key', newKey);
        } catch (error) {
          throw failure(error, 'Changing the connection');
        }
        settings.set(CONNECTION_KEY, { ...conn, relayUrl: request.relayUrl } satisfies Connection);
        // The relay just accepted the key: whatever it refused before is behind us.
        settings.delete(RELAY_REFUSED_KEY);
        audit.record({
          action: 'connection',
          subject: conn.venueId,
          outcome: 'changed',
          detail: newKey ? 'relay address and terminal key' : 'relay address',
        });
        await stopRelay();
        await startRelay();
        deps.relayChanged();
        statusChanged();
        return setupState();
      },
      'setup:disconnect': async (request) => {
        await deps.checkStaffPin(request.pin);
        const waiting = deps.outboxCounts();
        if (waiting.waiting + waiting.failed > 0 && !request.discardWaiting)
          throw new ServiceError(
            'conflict',
            `${waiting.waiting + waiting.failed} actions have not reached the platform. Disconnecting drops them; confirm to go on.`,
          );
        const venue = venueId() ?? '-';
        await stopRelay();
        try {
          await tokens.disconnect();
          await secrets.delete('terminal-key');
          await deps.disconnecting();
        } catch (error) {
          throw failure(error, 'Disconnecting the terminal');
        }
        resetCursor(deps.db);
        settings.delete(CONNECTION_KEY);
        settings.delete(RELAY_REFUSED_KEY);
        audit.record({ action: 'disconnect', subject: venue, outcome: 'done', detail: null });
        statusChanged();
      },
      'status:get': async () => status(),
    },
  };
};
