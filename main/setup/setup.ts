// The setup slice: the venue connection (addresses, venue id; tokens through the token manager,
// keys in the keychain), the relay link it starts, the terminal's status, the setup:* and
// status:get channels and the status:changed event. The parts are module-level functions over
// one SetupContext: the relay link (relay-link.ts), the channels (setup-handlers.ts), the
// status and the platform's health here.
import type { AppStatus } from '../../shared/domain';
import { CLOCK_SKEW_WARNING_MS } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { TokenManager } from '../auth/token-manager';
import { createTokenManager } from '../auth/token-manager';
import { reportedClockOffset } from '../http/clock-offset';
import { linkWhy } from '../http/http';
import { RETIRED_SECRET_NAMES } from '../secrets/secret-store';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import { startRelay, stopRelay } from './relay-link';
import { cancelSignIn, signInVenue } from './sign-in';
import {
  addVenue,
  changeConnection,
  connectVenue,
  disconnectTerminal,
  removeVenue,
  setupState,
} from './setup-handlers';
import type { Connection, SetupContext, SetupDeps } from './setup-context';
import { CONNECTION_KEY } from './setup-context';

export type { Connection, RelayHooks } from './setup-context';
export { storedConnection } from './setup-context';

/**
 * How far the keychain's contents were migrated; 1: the signing secret removed, 2: the shared
 * delivery webhook secret too (the delivery slice then makes a secret of the venue's own).
 */
const KEYCHAIN_VERSION_KEY = 'keychain-version';
const KEYCHAIN_VERSION = 2;

type SetupChannels =
  | 'setup:get'
  | 'setup:connect'
  | 'setup:signIn'
  | 'setup:cancelSignIn'
  | 'setup:change'
  | 'setup:disconnect'
  | 'setup:addVenue'
  | 'setup:removeVenue'
  | 'status:get';

export type SetupSlice = {
  handlers: Pick<ServiceApi, SetupChannels>;
  tokens: TokenManager;
  connection(): Connection | null;
  venueId(): string | null;
  /** The connected venue's id, or the not-configured error staff see. */
  requireVenue(): string;
  /** The marketplace client's view of the platform: reachable or not, and why. */
  platformOutcome(reachable: boolean, error: unknown): { backOnline: boolean };
  /** The platform failed outside a call's answer (e.g. a reconcile). */
  platformFailed(error: unknown): void;
  /** The platform's clock offset read from an answer (ms, platform − ours). */
  clockObserved(offsetMs: number): void;
  /** The links as staff see them (the status bar's state): the port other slices read. */
  status(): AppStatus;
  statusChanged(): void;
  /** Removes from the keychain what earlier versions kept and this one must not (once). */
  migrateKeychain(): Promise<void>;
  /** Starts the relay link of a stored connection (at start). */
  resume(): Promise<void>;
  close(): Promise<void>;
};

const status = (ctx: SetupContext): AppStatus => {
  const conn = ctx.connection();
  const auth = ctx.tokens.state();
  const counts = ctx.deps.outboxCounts();
  return {
    configured: conn !== null,
    venueId: conn?.venueId ?? null,
    venueName: ctx.deps.venueName(),
    relay: ctx.link.state,
    relayError: ctx.link.error,
    relayWhy: ctx.link.why,
    platform: ctx.platform.reachability,
    platformError: ctx.platform.error,
    platformWhy: ctx.platform.why,
    outboxWaiting: counts.waiting,
    outboxFailed: counts.failed,
    needsReconnect: auth.needsReconnect,
    reconnectWhy: auth.reconnectWhy,
    clockOffsetMs: ctx.platform.clockOffsetMs,
  };
};

/** A failure's own text, for the log and support. */
const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

const platformOutcome = (
  ctx: SetupContext,
  reachable: boolean,
  error: unknown,
): { backOnline: boolean } => {
  const was = ctx.platform.reachability;
  const now = reachable ? 'reachable' : 'unreachable';
  ctx.platform.reachability = now;
  ctx.platform.error = reachable || !error ? null : errorText(error);
  ctx.platform.why = reachable ? null : linkWhy(error);
  if (was !== now) ctx.statusChanged();
  return { backOnline: was === 'unreachable' && now === 'reachable' };
};

const isSkewed = (offsetMs: number | null): boolean =>
  offsetMs !== null && Math.abs(offsetMs) > CLOCK_SKEW_WARNING_MS;

const clockObserved = (ctx: SetupContext, observedMs: number): void => {
  const before = ctx.platform.clockOffsetMs;
  const offsetMs = reportedClockOffset(before, observedMs);
  // The Date header has one-second steps: only a real change is news.
  if (offsetMs === before) return;
  ctx.platform.clockOffsetMs = offsetMs;
  const skewed = isSkewed(offsetMs);
  if (skewed !== isSkewed(before))
    ctx.deps.audit.record({
      action: 'clock/skew',
      subject: 'this machine',
      outcome: skewed ? 'detected' : 'resolved',
      detail:
        offsetMs >= 0
          ? `${Math.round(offsetMs / 1000)} s behind the platform`
          : `${Math.round(-offsetMs / 1000)} s ahead of the platform`,
    });
  ctx.statusChanged();
};

const migrateKeychain = async ({ deps }: SetupContext): Promise<void> => {
  const { settings, secrets, audit } = deps;
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
};

const createContext = (deps: SetupDeps): SetupContext => {
  const connection = (): Connection | null => deps.settings.get<Connection>(CONNECTION_KEY);
  const tokens = createTokenManager({
    secrets: deps.secrets,
    settings: deps.settings,
    now: deps.now,
    onRefresh: (outcome, detail) => {
      if (outcome !== 'ok')
        deps.audit.record({
          action: 'token-refresh',
          subject: connection()?.venueId ?? '-',
          outcome,
          detail,
        });
    },
  });
  const ctx: SetupContext = {
    deps,
    tokens,
    link: {
      client: null,
      state: 'unconfigured',
      error: null,
      why: null,
      forgetting: Promise.resolve(),
    },
    platform: { reachability: 'unknown', error: null, why: null, clockOffsetMs: null },
    signIn: null,
    connection,
    statusChanged: deps.hub.batched('status:changed', () => status(ctx)),
  };
  tokens.onChange((state) => {
    if (state.needsReconnect)
      deps.audit.record({
        action: 'needs-reconnect',
        subject: state.config?.venueId ?? '-',
        outcome: 'blocked',
        detail: state.reconnectReason,
      });
    ctx.statusChanged();
  });
  return ctx;
};

export const createSetupSlice = (deps: SetupDeps): SetupSlice => {
  const ctx = createContext(deps);
  const venueId = (): string | null => ctx.connection()?.venueId ?? null;
  return {
    tokens: ctx.tokens,
    connection: ctx.connection,
    venueId,
    requireVenue: () => {
      const id = venueId();
      if (!id) throw new ServiceError('not-configured', refusal('connect-first'));
      return id;
    },
    statusChanged: ctx.statusChanged,
    platformOutcome: (reachable, error) => platformOutcome(ctx, reachable, error),
    clockObserved: (observedMs) => clockObserved(ctx, observedMs),
    platformFailed: (error) => {
      ctx.platform.error = errorText(error);
      ctx.platform.why = linkWhy(error);
      ctx.statusChanged();
    },
    migrateKeychain: () => migrateKeychain(ctx),
    resume: async () => {
      await startRelay(ctx).catch((error: unknown) => {
        ctx.link.state = 'disconnected';
        ctx.link.error = errorText(error);
        ctx.link.why = linkWhy(error);
      });
    },
    close: async () => {
      ctx.signIn?.cancel();
      await stopRelay(ctx);
      await ctx.link.forgetting;
    },
    status: () => status(ctx),
    handlers: {
      'setup:get': async () => setupState(ctx),
      'setup:connect': (request) => connectVenue(ctx, request),
      'setup:signIn': (request) => signInVenue(ctx, request),
      'setup:cancelSignIn': async () => cancelSignIn(ctx),
      'setup:change': (request) => changeConnection(ctx, request),
      'setup:disconnect': (request) => disconnectTerminal(ctx, request),
      'setup:addVenue': (request) => addVenue(ctx, request),
      'setup:removeVenue': (request) => removeVenue(ctx, request),
      'status:get': async () => status(ctx),
    },
  };
};
