// The relay's state and dependencies, built once by startRelay and passed explicitly to the
// module-level handlers of routes/ (webhooks, polls, terminals, operations) and connections.ts.
import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { HttpError } from '../kit/http';
import { DELIVERY_RETRY_BACKOFF, retrySpanSeconds } from '../shared/delivery-webhook';
import type { RetryBackoff } from '../shared/delivery-webhook';
import { createCredentialBox, parseCredentialsKey } from './drive/credentials';
import type { DriveDeps } from './drive/merchant-webhooks';
import { createGroupCommit } from './group-commit';
import { freshnessOf } from './ingest/delivery';
import { createIntakeWatch, type IntakeOptions, type IntakeWatch } from './intake-watch';
import { createPresence, type Presence } from './presence';
import { createRelayMetrics, type RelayMetrics } from './metrics';
import { createDeadlines, type Deadlines, type Expiring } from './deadlines';
import { createPollHub } from './poll-hub';
import { renderEvents, type PollAnswer } from './routes/poll-answer';
import { createRateLimiter, type RateLimit } from './rate-limit';
import { createSharedUsage } from './shared-usage';
import { createTerminalRecords, type TerminalRecords } from './terminal-records';
import { createThrottledLog } from './throttled-log';
import { createUnprovenSockets, type UnprovenSockets } from './unproven-sockets';
import type { EventStore } from './store/event-store';
import { redactUrl } from './printable';
import { openPostgresStore } from './store/postgres/postgres-store';
import { openSqliteStore } from './store/sqlite-store';

export type RelayOptions = {
  port?: number;
  host?: string;
  /** The embedded store: one SQLite file, one relay process. */
  dbPath?: string;
  /** The shared store: a postgres:// URL any number of relay instances use together. Wins over dbPath. */
  storeUrl?: string;
  /** PostgreSQL only: how often the shared log is re-read without a notification (default 250 ms). */
  storeRecheckMs?: number;
  marketplaceSecrets: string[];
  /**
   * How long a venue's replaced delivery secret still verifies (default 10 min): events the
   * platform signed just before a terminal rotated it, and their resends, still go through.
   */
  deliverySecretGraceMs?: number;
  maxWaitSeconds?: number;
  /** Largest accepted webhook body (default 64 KiB); bigger ones get 413. */
  maxBodyBytes?: number;
  /** How long events are kept (default and minimum 72 h). */
  retentionHours?: number;
  pruneIntervalMs?: number;
  /** How often the relay looks for terminals revoked by another process (default 500 ms). */
  revocationCheckMs?: number;
  /** Order polls per terminal key (default 5 polls/s, bursts of 20). */
  pollRateLimit?: RateLimit;
  /**
   * A terminal key's other calls: duty claims, health reports, venue settings and terminals,
   * venue state, delivery secret (default 10/s, bursts of 100). Their own budget: a backlog of
   * orders (a claim or two each, as fast as the polls bring them) must not use up the polls', nor
   * the polls theirs. Counted per instance, not shared like the polls'.
   */
  callRateLimit?: RateLimit;
  /** Delivery proxy and set-up calls per terminal key (default 5/s, bursts of 30). */
  driveRateLimit?: RateLimit;
  /** Open long-polls allowed per terminal key (default 4). */
  maxOpenPollsPerKey?: number;
  /** PostgreSQL only: how often instances exchange per-key poll counts for the limits (default 200 ms). */
  usageSyncMs?: number;
  /**
   * Time a client gets to send a whole request, headers and body (default 10 s). A webhook of at
   * most 64 KiB arrives in milliseconds; a slower sender is cut off with 408 so slow-header and
   * slow-body clients cannot hold connections. Long-polls are not affected: it ends with the request.
   */
  requestTimeoutMs?: number;
  /**
   * The resend policy the delivery webhooks are registered with (default the project's one): an
   * event whose dispatched_at is older than its resends last, plus the margin, is a replay.
   */
  deliveryRetryBackoff?: RetryBackoff;
  /**
   * Slack on both sides of that window (default 5 min): each try's own time and the difference
   * between the delivery service's clock and the relay's. Also how far ahead dispatched_at may be.
   */
  deliveryClockMarginMs?: number;
  /**
   * The key the merchants' delivery credentials are sealed with at rest (32 bytes, base64), from
   * the deployment's secret store (RELAY_CREDENTIALS_KEY or a credentials file), never the database.
   * Without it the relay holds no merchant's credentials: the delivery proxy and set-up answer 503.
   */
  credentialsKey?: string;
  /**
   * The relay's address as the delivery service reaches it (the merchants' webhooks point here;
   * default: the address it listens on).
   */
  publicUrl?: string;
  /** How often the merchants' webhooks are checked at the service (default 10 min). */
  deliveryUpkeepMs?: number;
  /** When set, delivery tokens must carry this audience (`aud`). */
  deliveryAudience?: string;
  /** When set, delivery tokens must carry this issuer (`iss`). */
  deliveryIssuer?: string;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /**
   * PostgreSQL only: the role's password (a systemd credential), asked for at each new
   * connection, so setSecrets can rotate it. Unset: the URL, PGPASSWORD or ~/.pgpass give it.
   */
  storePassword?: string;
  /**
   * Open connections at most (default 20,000). Past it, a new connection sheds the socket that
   * has proven nothing (no verified webhook, no valid key) for the longest, whatever it is doing
   * (silent, slow headers, slow body); when every socket has proven itself, an idle one; only
   * when none is idle is the new one refused (connections.ts).
   */
  maxConnections?: number;
  /**
   * Connections terminals may never take (default a tenth of maxConnections): a terminal call
   * that would hold more than maxConnections less this gets 503 and its connection is closed,
   * so webhook intake always has room.
   */
  webhookReserve?: number;
  /** The clock, injectable for retention and token-expiry tests. */
  now?: () => number;
  /** The "no orders arriving" rule's figures (intake-watch.ts; tests shorten them). */
  intake?: Omit<IntakeOptions, 'now'>;
  /** How often at most an instance notes a terminal as heard from (default 15 s; tests shorten it). */
  presenceNoteMs?: number;
  /**
   * A terminal heard from within this long counts as receiving for its venue's other terminals
   * (GET /v1/terminal/venue; default TERMINAL_SILENT_MS; tests shorten it with presenceNoteMs).
   */
  receivingWithinMs?: number;
};

export const MIN_RETENTION_HOURS = 72;
const MAX_SECRETS = 2;
const MIN_SECRET_LENGTH = 16;

export function validateSecrets(name: string, secrets: readonly string[], required: boolean): void {
  if (required && secrets.length === 0)
    throw new Error(`${name}: at least one secret is required.`);
  if (secrets.length > MAX_SECRETS) {
    throw new Error(
      `${name}: at most ${MAX_SECRETS} secrets may be active at once (one old, one new).`,
    );
  }
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `${name}: every secret must be at least ${MIN_SECRET_LENGTH} characters (128 bits of randomness).`,
      );
    }
  }
}

/** An open socket: what it proved itself to be (a verified webhook's sender, a terminal with a
 * valid key) if anything, whether a request is in progress on it, and the long-poll waiting on it
 * (told when the socket closes: one shared listener, not a closure per open poll). */
export type SocketState = {
  proven: 'webhook' | 'terminal' | null;
  busy: boolean;
  poll: { left(): void } | null;
};

export type RelayLog = ReturnType<typeof createThrottledLog>;

export type RelayContext = {
  options: RelayOptions;
  now: () => number;
  log: RelayLog;
  store: EventStore;
  commits: ReturnType<typeof createGroupCommit>;
  /** The log's id as JSON, sent with every poll answer. */
  logIdJson: string;
  hub: ReturnType<typeof createPollHub<PollAnswer>>;
  /** The waiting polls' deadlines, on one shared timer (deadlines.ts). */
  deadlines: Deadlines<Expiring>;
  metrics: RelayMetrics;
  /** The order polls' budget per terminal key (shared between instances through `usage`). */
  pollLimiter: ReturnType<typeof createRateLimiter>;
  /** Every other call of a terminal key but the delivery proxy's (RelayOptions.callRateLimit). */
  callLimiter: ReturnType<typeof createRateLimiter>;
  /**
   * The delivery proxy's own budget per terminal key: a busy courier (location events wake its
   * polls often) must not use up the calls staff make, nor staff's calls the polls.
   */
  driveLimiter: ReturnType<typeof createRateLimiter>;
  usage: ReturnType<typeof createSharedUsage>;
  intake: IntakeWatch;
  /** Each terminal's last call and health report (presence.ts). */
  presence: Presence;
  /** See RelayOptions.receivingWithinMs (undefined: the default). */
  receivingWithinMs: number | undefined;
  /** Set once close() begins: polls are answered at once, writes refused. */
  closing: boolean;
  retentionHours: number;
  maxWaitSeconds: number;
  maxBodyBytes: number;
  maxOpenPollsPerKey: number;
  /** Replaced whole (never edited in place) when the secrets are reloaded: a request in progress
   * keeps the list it read. */
  marketplaceSecrets: readonly string[];
  /** The store's password as it stands now (rotated with setSecrets); null when not given. */
  storePassword: { current: string } | null;
  deliverySecretGraceMs: number;
  deliveryFreshness: ReturnType<typeof freshnessOf>;
  /** The merchants' delivery credentials and webhooks; null without a credentials key. */
  drive: DriveDeps | null;
  /** The relay's public address (set once it listens, unless the options name it). */
  publicUrl: string;
  metricsTokenHash: Buffer | null;
  /**
   * Everything kept about each terminal, one record each (terminal-records.ts): its key's cache
   * entry (an active terminal by key hash, so a re-poll costs no database round trip; a
   * terminal's venues never change), its rate buckets, its shared poll usage, its presence note.
   * A revocation is final: every revocation the relay reads (on its interval, or at once on a
   * PostgreSQL notification) drops the terminal's record and goes into `revokedIds`, which every
   * hit checks (a key lookup already under way may cache the terminal again).
   */
  terminals: TerminalRecords;
  revokedIds: Set<string>;
  revocations: { cursor: number; checking: boolean; again: boolean };
  /** Every open socket, oldest first. */
  sockets: Map<Socket, SocketState>;
  connections: {
    max: number;
    /** The most connections proven terminals may hold (max less the webhook reserve). */
    terminalShare: number;
    /** Connections proven terminals hold now. */
    terminals: number;
    /** The sockets that have proven nothing yet, by address, oldest first: the first shed at the cap. */
    unproven: UnprovenSockets;
  };
};

/** The store the options name; its id read (it is closed again when that fails). */
export async function openStore(
  options: RelayOptions,
  log: RelayLog,
  password: RelayContext['storePassword'] = null,
): Promise<{ store: EventStore; logId: string }> {
  let store: EventStore;
  if (options.storeUrl !== undefined) {
    try {
      store = await openPostgresStore(options.storeUrl, {
        ...(options.storeRecheckMs === undefined ? {} : { recheckMs: options.storeRecheckMs }),
        ...(password === null ? {} : { password: () => password.current }),
        log: (message) => log(`store:${message.slice(0, 40)}`, message),
      });
    } catch (error) {
      throw new Error(
        `Cannot open the store ${redactUrl(options.storeUrl)}: ${(error as Error).message}`,
      );
    }
  } else if (options.dbPath !== undefined) {
    store = openSqliteStore(options.dbPath);
  } else {
    throw new Error('Either storeUrl (postgres://…) or dbPath (a SQLite file) is required.');
  }
  // Fixed for the life of the storage, so it is read once and sent with every poll answer.
  try {
    return { store, logId: await store.logId() };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** Checks the options, opens the store and builds the relay's parts. */
export async function createRelayContext(options: RelayOptions): Promise<RelayContext> {
  validateSecrets('marketplaceSecrets', options.marketplaceSecrets, true);
  const retentionHours = options.retentionHours ?? MIN_RETENTION_HOURS;
  if (!(retentionHours >= MIN_RETENTION_HOURS)) {
    throw new Error(`retentionHours must be at least ${MIN_RETENTION_HOURS}.`);
  }
  const now = options.now ?? Date.now;
  const deliveryFreshness = freshnessOf(
    retrySpanSeconds(options.deliveryRetryBackoff ?? DELIVERY_RETRY_BACKOFF),
    options.deliveryClockMarginMs ?? 5 * 60_000,
  );
  const credentialsKey =
    options.credentialsKey === undefined ? null : parseCredentialsKey(options.credentialsKey);
  const log = createThrottledLog();
  checkMetricsToken(options.metricsToken);
  const storePassword =
    options.storePassword === undefined ? null : { current: options.storePassword };
  const { store, logId } = await openStore(options, log, storePassword);
  const logIdJson = JSON.stringify(logId);
  const hub = createPollHub((events) => renderEvents(logIdJson, events));
  const terminals = createTerminalRecords();
  const pollLimiter = createRateLimiter(
    options.pollRateLimit ?? { perSecond: 5, burst: 20 },
    now,
    terminals.slot('pollBucket'),
  );
  const deliverySecretGraceMs = options.deliverySecretGraceMs ?? 10 * 60_000;
  const ctx: RelayContext = {
    options,
    now,
    log,
    store,
    commits: createGroupCommit(store),
    logIdJson,
    hub,
    deadlines: createDeadlines(),
    metrics: createRelayMetrics(() => hub.size),
    pollLimiter,
    callLimiter: createRateLimiter(
      options.callRateLimit ?? { perSecond: 10, burst: 100 },
      now,
      terminals.slot('callBucket'),
    ),
    driveLimiter: createRateLimiter(
      options.driveRateLimit ?? { perSecond: 5, burst: 30 },
      now,
      terminals.slot('driveBucket'),
    ),
    usage: createSharedUsage(store, pollLimiter, (terminalId) => hub.openFor(terminalId), log, {
      taken: terminals.slot('pollsTaken'),
      others: terminals.slot('elsewhere'),
    }),
    intake: createIntakeWatch({ ...options.intake, now }, store, (message) =>
      log(`intake:${message.slice(0, 30)}`, message),
    ),
    presence: createPresence(
      { now, ...(options.presenceNoteMs === undefined ? {} : { noteMs: options.presenceNoteMs }) },
      store,
      (message) => log('presence', message),
      terminals.slot('notedAt'),
    ),
    receivingWithinMs: options.receivingWithinMs,
    closing: false,
    retentionHours,
    maxWaitSeconds: Math.min(options.maxWaitSeconds ?? 25, 25),
    maxBodyBytes: options.maxBodyBytes ?? 64 * 1024,
    maxOpenPollsPerKey: options.maxOpenPollsPerKey ?? 4,
    marketplaceSecrets: [...options.marketplaceSecrets],
    storePassword,
    deliverySecretGraceMs,
    deliveryFreshness,
    drive: null,
    publicUrl: options.publicUrl ?? '',
    metricsTokenHash: metricsTokenHash(options.metricsToken),
    terminals,
    revokedIds: new Set(),
    revocations: { cursor: 0, checking: false, again: false },
    sockets: new Map(),
    connections: connectionLimits(options),
  };
  if (credentialsKey !== null) {
    ctx.drive = {
      store,
      box: createCredentialBox(credentialsKey),
      publicUrl: () => ctx.publicUrl,
      now,
      secretGraceMs: deliverySecretGraceMs,
      backoff: options.deliveryRetryBackoff ?? DELIVERY_RETRY_BACKOFF,
      running: new Map(),
      secretSent: new Set(),
    };
  }
  return ctx;
}

function connectionLimits(options: RelayOptions): RelayContext['connections'] {
  const max = options.maxConnections ?? 20_000;
  const reserve = options.webhookReserve ?? Math.ceil(max / 10);
  if (!(Number.isInteger(reserve) && reserve >= 1 && reserve < max)) {
    throw new Error(`webhookReserve must be a whole number from 1 to maxConnections - 1.`);
  }
  return { max, terminalShare: max - reserve, terminals: 0, unproven: createUnprovenSockets() };
}

const MIN_METRICS_TOKEN_LENGTH = 16;

function checkMetricsToken(token: string | undefined): void {
  if (token !== undefined && token.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new Error(`The metrics token must be at least ${MIN_METRICS_TOKEN_LENGTH} characters.`);
  }
}

const metricsTokenHash = (token: string | undefined): Buffer | null =>
  token === undefined ? null : createHash('sha256').update(token).digest();

/** The secrets that can change while the relay runs (credentials reloaded on SIGHUP). */
export type RotatableSecrets = Pick<
  RelayOptions,
  'marketplaceSecrets' | 'metricsToken' | 'storePassword'
>;

/**
 * Puts new secrets in force, all or none: each is checked first, and a bad one changes nothing.
 * Each swap is one assignment, so no request ever sees a list without the secret it was signed
 * with while both the old and the new one are given (a rotation's overlap).
 */
export function setSecrets(ctx: RelayContext, secrets: RotatableSecrets): void {
  validateSecrets('marketplace secrets', secrets.marketplaceSecrets, true);
  checkMetricsToken(secrets.metricsToken);
  if (secrets.storePassword !== undefined && ctx.storePassword === null && ctx.options.storeUrl) {
    throw new Error(
      'A store password given after start is used only after a restart (the relay started without one).',
    );
  }
  ctx.marketplaceSecrets = [...secrets.marketplaceSecrets];
  ctx.metricsTokenHash = metricsTokenHash(secrets.metricsToken);
  if (ctx.storePassword !== null && secrets.storePassword !== undefined) {
    ctx.storePassword.current = secrets.storePassword;
  }
}

/**
 * A socket that proved itself: shed last when connections run out. A terminal's is refused (503,
 * closed) when terminals already hold their whole share, the webhook reserve excepted.
 */
export function trust(
  ctx: RelayContext,
  socket: Socket,
  as: 'webhook' | 'terminal' = 'webhook',
): void {
  const state = ctx.sockets.get(socket);
  if (!state || state.proven !== null) return;
  if (as === 'terminal') {
    if (ctx.connections.terminals >= ctx.connections.terminalShare) {
      ctx.metrics.shed.inc({ victim: 'terminal_over_share' });
      throw new HttpError(
        503,
        'The relay holds as many terminal connections as it may; retry shortly.',
        {
          headers: { 'Retry-After': '5', Connection: 'close' },
        },
      );
    }
    ctx.connections.terminals += 1;
  }
  state.proven = as;
  ctx.connections.unproven.delete(socket);
}
