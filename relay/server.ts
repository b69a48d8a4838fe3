import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  HttpError,
  decodeJson,
  readBody,
  requestTimeouts,
  sendEmpty,
  sendError,
  sendJson,
  sendText,
} from '../kit/http';
import { createGroupCommit } from './group-commit';
import { createIntakeWatch, type IntakeOptions } from './intake-watch';
import { venueStateHandler } from './venue-state';
import { DELIVERY_RETRY_BACKOFF, retrySpanSeconds } from '../shared/delivery-webhook';
import type { RetryBackoff } from '../shared/delivery-webhook';
import {
  checkDispatchedAt,
  deliveryBody,
  deliverySecretBody,
  freshnessOf,
  parseDeliveryEvent,
  verifyDeliveryToken,
} from './ingest/delivery';
import { parseMarketplaceNotification, verifyPlatformSignature } from './ingest/marketplace';
import { createRelayMetrics } from './metrics';
import { createPollHub, type Waiter } from './poll-hub';
import { createRateLimiter, type RateLimit } from './rate-limit';
import { createSharedUsage } from './shared-usage';
import { createThrottledLog } from './throttled-log';
import type {
  EventKind,
  EventStore,
  IncomingEvent,
  StoredEvent,
  Terminal,
} from './store/event-store';
import { openPostgresStore, redactUrl } from './store/postgres/postgres-store';
import { openSqliteStore } from './store/sqlite-store';
import { hashTerminalKey } from './terminals';

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
  /** Per terminal key (default 5 polls/s, bursts of 20). */
  pollRateLimit?: RateLimit;
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
  /** When set, delivery tokens must carry this audience (`aud`). */
  deliveryAudience?: string;
  /** When set, delivery tokens must carry this issuer (`iss`). */
  deliveryIssuer?: string;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /**
   * Open connections at most (default 20,000). Past it, a new connection first sheds an idle
   * socket that never proved itself (no verified webhook, no valid key), then an idle keep-alive,
   * then an unverified request in progress; only when none exists is the new one refused.
   */
  maxConnections?: number;
  /** The clock, injectable for retention and token-expiry tests. */
  now?: () => number;
  /** The "no orders arriving" rule's figures (intake-watch.ts; tests shorten them). */
  intake?: Omit<IntakeOptions, 'now'>;
};

export type Relay = {
  url: string;
  /** Deletes events older than the retention now (it also runs periodically); returns how many. */
  prune(): Promise<number>;
  close(): Promise<void>;
};

export const MIN_RETENTION_HOURS = 72;
const MAX_SECRETS = 2;
const MIN_SECRET_LENGTH = 16;
const MAX_EVENTS_PER_POLL = 100;
const DELIVERY_SECRET_BODY_BYTES = 4 * 1024;
const DELIVERY_HOOK = '/hooks/delivery/';

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

/** The venue of a delivery webhook address (`/hooks/delivery/{venue_id}`), or null. */
function deliveryVenue(pathname: string): string | null {
  if (!pathname.startsWith(DELIVERY_HOOK)) return null;
  const segment = pathname.slice(DELIVERY_HOOK.length);
  if (segment === '' || segment.includes('/')) return null;
  try {
    const venue = decodeURIComponent(segment);
    return venue.length <= 200 ? venue : null;
  } catch {
    return null;
  }
}

function parseIntParam(
  params: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw))
    throw new HttpError(400, `Query parameter '${name}' must be a whole number ≥ ${min}.`);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new HttpError(400, `Query parameter '${name}' must be a whole number ≥ ${min}.`);
  }
  return value;
}

// One event woken into a thousand polls is serialised once, not a thousand times.
const serialised = new WeakMap<StoredEvent, string>();
const serialise = (event: StoredEvent): string => {
  let text = serialised.get(event);
  if (text === undefined) {
    text = JSON.stringify({
      seq: event.seq,
      received_at: new Date(event.receivedAt).toISOString(),
      kind: event.kind,
      venue_id: event.venueId,
      body: event.body,
      signature: event.signature,
    });
    serialised.set(event, text);
  }
  return text;
};

/**
 * A poll's answer, rendered once for every poll woken at the same cursor on the same venues: the
 * same body Buffer and the same header object are handed to each response, so waking a thousand
 * polls serialises nothing a thousand times.
 */
type PollAnswer = { body: Buffer; headers: Record<string, string> };

const POLL_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
} as const;

const renderEvents = (logIdJson: string, events: StoredEvent[]): PollAnswer => {
  const body = Buffer.from(`{"log_id":${logIdJson},"events":[${events.map(serialise).join(',')}]}`);
  return { body, headers: { ...POLL_HEADERS, 'Content-Length': String(body.length) } };
};

function sendEvents(res: ServerResponse, answer: PollAnswer, closing: boolean): void {
  if (res.headersSent || res.destroyed) return;
  // Header and body leave in one write (Node joins the head with the first chunk of end()).
  res.writeHead(200, closing ? { ...answer.headers, Connection: 'close' } : answer.headers);
  res.end(answer.body);
}

export async function startRelay(options: RelayOptions): Promise<Relay> {
  validateSecrets('marketplaceSecrets', options.marketplaceSecrets, true);
  const retentionHours = options.retentionHours ?? MIN_RETENTION_HOURS;
  if (!(retentionHours >= MIN_RETENTION_HOURS)) {
    throw new Error(`retentionHours must be at least ${MIN_RETENTION_HOURS}.`);
  }
  const maxWaitSeconds = Math.min(options.maxWaitSeconds ?? 25, 25);
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const maxOpenPollsPerKey = options.maxOpenPollsPerKey ?? 4;
  const now = options.now ?? Date.now;
  const marketplaceSecrets = [...options.marketplaceSecrets];
  const deliverySecretGraceMs = options.deliverySecretGraceMs ?? 10 * 60_000;
  const deliveryFreshness = freshnessOf(
    retrySpanSeconds(options.deliveryRetryBackoff ?? DELIVERY_RETRY_BACKOFF),
    options.deliveryClockMarginMs ?? 5 * 60_000,
  );

  const log = createThrottledLog();
  let store: EventStore;
  if (options.storeUrl !== undefined) {
    try {
      store = await openPostgresStore(options.storeUrl, {
        ...(options.storeRecheckMs === undefined ? {} : { recheckMs: options.storeRecheckMs }),
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
  let logId: string;
  try {
    logId = await store.logId();
  } catch (error) {
    await store.close();
    throw error;
  }
  const commits = createGroupCommit(store);
  const logIdJson = JSON.stringify(logId);
  const hub = createPollHub((events) => renderEvents(logIdJson, events));
  const metrics = createRelayMetrics(() => hub.size);
  const limiter = createRateLimiter(options.pollRateLimit ?? { perSecond: 5, burst: 20 }, now);
  const usage = createSharedUsage(store, limiter, (terminalId) => hub.openFor(terminalId), log);
  let closing = false;

  const intake = createIntakeWatch({ ...options.intake, now });
  store.onAppended((events, after) => {
    hub.publish(events, after);
    for (const event of events)
      if (event.kind === 'marketplace') intake.webhook(event.venueId, event.receivedAt, event.body);
  });

  const ingest = async (event: IncomingEvent) => {
    try {
      const outcome = await commits.append(event);
      metrics.received.inc({ kind: event.kind, outcome: outcome.status });
      return outcome;
    } catch (error) {
      metrics.refused.inc({ kind: event.kind, reason: 'storage_error' });
      log('storage', `could not store a ${event.kind} event: ${(error as Error).message}`);
      throw new HttpError(503, 'The event could not be stored; retry later.', {
        headers: {
          'Retry-After': '1',
        },
      });
    }
  };

  const refuse = (kind: EventKind, reason: string, error: HttpError): never => {
    metrics.refused.inc({ kind, reason });
    throw error;
  };

  const readWebhookBody = async (req: IncomingMessage, kind: EventKind): Promise<Buffer> => {
    try {
      return await readBody(req, maxBodyBytes);
    } catch (error) {
      if (error instanceof HttpError) {
        refuse(kind, error.status === 413 ? 'too_large' : 'malformed', error);
      }
      throw error;
    }
  };

  const handleMarketplace = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readWebhookBody(req, 'marketplace');
    const header = req.headers['platform-signature'];
    const signature = typeof header === 'string' ? header : undefined;
    if (!verifyPlatformSignature(body, signature, marketplaceSecrets)) {
      refuse(
        'marketplace',
        signature === undefined ? 'missing_signature' : 'bad_signature',
        new HttpError(401, 'PLATFORM-SIGNATURE is missing or does not match the body.'),
      );
    }
    let decoded: { text: string; json: unknown };
    try {
      decoded = decodeJson(body);
    } catch (error) {
      return refuse('marketplace', 'malformed', error as HttpError);
    }
    const parsed = parseMarketplaceNotification(decoded.json);
    if (!parsed.ok)
      return refuse('marketplace', 'invalid_shape', new HttpError(400, parsed.message));
    const outcome = await ingest({
      kind: 'marketplace',
      eventId: parsed.id,
      venueId: parsed.venueId,
      orderRef: null,
      receivedAt: now(),
      body: decoded.text,
      signature: signature as string,
    });
    trust(req.socket);
    sendJson(res, 200, { received: true, duplicate: outcome.status === 'duplicate' });
  };

  // A storage read on the way to a verdict: a failure is the relay's, so the platform retries.
  const readStore = async <T>(read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      metrics.refused.inc({ kind: 'delivery', reason: 'storage_error' });
      log('storage', `could not read for a delivery event: ${(error as Error).message}`);
      throw new HttpError(503, 'The event could not be checked; retry later.', {
        headers: { 'Retry-After': '1' },
      });
    }
  };

  /**
   * A delivery event for one venue (docs/platform.md#delivery-webhooks): the address names the
   * venue whose terminal registered the webhook, and only that venue's secret is tried. An event
   * that names another venue is acknowledged and dropped even when it verifies: that venue's own
   * webhook brings it, signed with its own secret, and a terminal could sign anything with its
   * venue's. Order references and event ids are scoped to the venue of the address.
   */
  const handleDelivery = async (req: IncomingMessage, res: ServerResponse, venueId: string) => {
    const body = await readWebhookBody(req, 'delivery');
    let decoded: { text: string; json: unknown };
    try {
      decoded = decodeJson(body);
    } catch (error) {
      return refuse('delivery', 'malformed', error as HttpError);
    }
    const envelope = deliveryBody.safeParse(decoded.json);
    if (!envelope.success) {
      return refuse(
        'delivery',
        'malformed',
        new HttpError(400, 'The body must be a JSON object with a string field "token".'),
      );
    }
    const at = now();
    const secrets = await readStore(() => store.deliverySecrets(venueId, at));
    if (secrets.length === 0) {
      return refuse(
        'delivery',
        'no_secret',
        new HttpError(
          401,
          'No delivery secret is registered for this venue; its terminal registers one when courier delivery is set up.',
        ),
      );
    }
    const verified = await verifyDeliveryToken(envelope.data.token, secrets, {
      now: new Date(at),
      ...(options.deliveryAudience === undefined ? {} : { audience: options.deliveryAudience }),
      ...(options.deliveryIssuer === undefined ? {} : { issuer: options.deliveryIssuer }),
    });
    if (!verified.ok)
      return refuse('delivery', verified.reason, new HttpError(401, verified.message));
    const parsed = parseDeliveryEvent(verified.payload);
    if (!parsed.ok) return refuse('delivery', 'invalid_shape', new HttpError(400, parsed.message));
    const fresh = checkDispatchedAt(parsed.dispatchedAt, at, deliveryFreshness);
    if (!fresh.ok) {
      // Logged (throttled per reason): a replay attempt, or a sender whose clock is off.
      log(`delivery:${fresh.reason}`, `refused a delivery event for ${venueId}: ${fresh.message}`);
      return refuse('delivery', fresh.reason, new HttpError(400, fresh.message));
    }
    if (parsed.venueId !== null && parsed.venueId !== venueId) {
      // Every webhook of the merchant receives every venue's events (docs/platform.md#delivery-webhooks):
      // this one is another venue's, which its own webhook brings with its own secret. Refusing it
      // would only make the service resend it; storing it here would let this venue's secret, which
      // its terminal knows, speak for that venue. Acknowledged and counted, never stored.
      metrics.received.inc({ kind: 'delivery', outcome: 'other_venue' });
      trust(req.socket);
      sendJson(res, 200, { received: true, stored: false });
      return;
    }
    // Order references and event ids are this venue's own: an event at another venue's address
    // can neither claim this venue's order nor take its event ids.
    const scopedRef = parsed.orderRef === null ? null : JSON.stringify([venueId, parsed.orderRef]);
    if (parsed.venueId === null) {
      const known =
        scopedRef === null ? null : await readStore(() => store.deliveryOrderVenue(scopedRef));
      if (known === null) {
        // Courier locations and handshake PINs name no venue. Until an event of the same order
        // has named this venue, the event cannot be told apart from another venue's copy: the
        // platform resends it (docs/platform.md#delivery-event-retries), by when its order is known.
        return refuse(
          'delivery',
          'unknown_order',
          new HttpError(
            409,
            'The event names no venue and its order is not known here yet; resend it.',
          ),
        );
      }
    }
    const outcome = await ingest({
      kind: 'delivery',
      eventId: JSON.stringify([venueId, parsed.id]),
      venueId,
      orderRef: scopedRef,
      receivedAt: at,
      body: decoded.text,
      signature: null,
    });
    trust(req.socket);
    sendJson(res, 200, {
      received: true,
      duplicate: outcome.status === 'duplicate',
      ...(outcome.status === 'held' ? { held: true } : {}),
    });
  };

  // Active terminals by key hash, so a re-poll costs no database round trip. A terminal's venues
  // never change and a revocation is final: every revocation the relay reads (on its interval,
  // or at once on a PostgreSQL notification) goes into `revokedIds`, which every hit checks.
  const knownTerminals = new Map<string, Terminal>();
  const revokedIds = new Set<string>();
  const MAX_KNOWN_TERMINALS = 100_000;
  const authenticate = async (req: IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const challenge = { 'WWW-Authenticate': 'Bearer realm="relay"' };
    if (!match)
      throw new HttpError(401, 'A terminal key is required: Authorization: Bearer <key>.', {
        headers: challenge,
      });
    const hash = hashTerminalKey(match[1] as string);
    let terminal = knownTerminals.get(hash) ?? null;
    if (terminal === null) {
      terminal = await store.findActiveTerminal(hash);
      if (terminal !== null) {
        if (knownTerminals.size >= MAX_KNOWN_TERMINALS) {
          knownTerminals.delete(knownTerminals.keys().next().value as string);
        }
        knownTerminals.set(hash, terminal);
      }
    }
    if (terminal === null || revokedIds.has(terminal.id)) {
      throw new HttpError(401, 'The terminal key is unknown or revoked.', { headers: challenge });
    }
    trust(req.socket);
    return terminal;
  };

  const handlePoll = async (req: IncomingMessage, res: ServerResponse, params: URLSearchParams) => {
    const started = performance.now();
    const after = parseIntParam(params, 'after', 0, 0);
    const wait = Math.min(parseIntParam(params, 'wait', 0, 0), maxWaitSeconds);
    const limit = Math.min(
      parseIntParam(params, 'limit', MAX_EVENTS_PER_POLL, 1),
      MAX_EVENTS_PER_POLL,
    );
    const terminal = await authenticate(req);
    intake.polled(terminal.venueIds, now());
    const retryAfter = limiter.take(terminal.id);
    if (retryAfter === 0) usage.took(terminal.id);
    if (retryAfter > 0) {
      metrics.polls.inc({ outcome: 'rate_limited' });
      throw new HttpError(429, `This terminal key polls too often; retry in ${retryAfter} s.`, {
        headers: {
          'Retry-After': String(retryAfter),
        },
      });
    }
    if (
      wait > 0 &&
      hub.openFor(terminal.id) + usage.openElsewhere(terminal.id) >= maxOpenPollsPerKey
    ) {
      metrics.polls.inc({ outcome: 'too_many_open' });
      throw new HttpError(
        429,
        `This terminal key already has ${maxOpenPollsPerKey} polls open; close one first.`,
        {
          headers: {
            'Retry-After': '1',
          },
        },
      );
    }

    const pending: { timer?: NodeJS.Timeout } = {};
    const answer = (events: StoredEvent[], outcome: string, rendered?: PollAnswer) => {
      clearTimeout(pending.timer);
      metrics.polls.inc({ outcome });
      metrics.pollDuration.observe((performance.now() - started) / 1000);
      sendEvents(res, rendered ?? renderEvents(logIdJson, events), closing);
    };
    const list = async (): Promise<{ events: StoredEvent[]; rendered?: PollAnswer }> => {
      // The hub answers waiting polls only: with PostgreSQL it learns of another instance's
      // commit a few milliseconds late, which a waiting poll absorbs (it is woken then) but an
      // immediate answer would not.
      if (wait > 0 && !closing) {
        const known = hub.lookup(terminal.venueIds, after, limit);
        if (known !== null) return { events: known.events, rendered: known.answer ?? undefined };
      }
      const events = await store.listEvents(terminal.venueIds, after, limit);
      hub.listed(terminal.venueIds, after, events, limit);
      return { events };
    };
    // A poll that arrives after closeAll() would otherwise wait until the shutdown's grace period
    // cuts its connection: during shutdown every poll is answered at once.
    if (wait === 0 || closing) {
      const { events } = await list();
      answer(events, events.length > 0 ? 'events' : 'empty');
      return;
    }
    // A re-poll behind the newest events (common after a large fan-out) is answered at once from
    // the hub's window, with the answer rendered for every poll at that cursor.
    const known = hub.lookup(terminal.venueIds, after, limit);
    if (known !== null && known.answer !== null) {
      answer(known.events, 'events', known.answer);
      return;
    }
    // Registered before reading the store, so an event committed in between wakes this poll.
    const waiter: Waiter<PollAnswer> = {
      terminalId: terminal.id,
      venueIds: terminal.venueIds,
      after,
      limit,
      recheck: () => undefined,
      settle(outcome, rendered) {
        if (outcome === 'revoked') {
          clearTimeout(pending.timer);
          metrics.polls.inc({ outcome: 'revoked' });
          sendError(res, new HttpError(401, 'The terminal key was revoked.'));
        } else if (outcome === 'closing') {
          answer([], 'closing');
        } else {
          const at = now();
          for (const event of outcome)
            metrics.delivery.observe(Math.max(0, at - event.receivedAt) / 1000);
          answer(outcome, 'events', rendered);
        }
      },
    };
    // One store read at a time per poll; a batch published meanwhile asks for one more.
    let rechecking = false;
    let recheckAgain = false;
    waiter.recheck = () => {
      if (rechecking) {
        recheckAgain = true;
        return;
      }
      rechecking = true;
      recheckAgain = false;
      metrics.rechecks.inc();
      list()
        .then(({ events, rendered }) => {
          if (events.length > 0 && hub.remove(waiter)) answer(events, 'events', rendered);
        })
        .catch((error: unknown) =>
          log('poll', `re-reading for a poll failed: ${(error as Error).message}`),
        )
        .finally(() => {
          rechecking = false;
          if (recheckAgain) waiter.recheck();
        });
    };
    hub.add(waiter);
    usage.changed(terminal.id);
    res.on('close', () => {
      clearTimeout(pending.timer);
      hub.remove(waiter);
      usage.changed(terminal.id);
    });
    pending.timer = setTimeout(() => {
      if (hub.remove(waiter)) answer([], 'empty');
    }, wait * 1000);
    // Known to have nothing yet: the hub wakes it. Otherwise the store is read.
    if (known !== null) return;
    let found: { events: StoredEvent[]; rendered?: PollAnswer };
    try {
      found = await list();
    } catch (error) {
      hub.remove(waiter);
      clearTimeout(pending.timer);
      throw error;
    }
    if (found.events.length > 0 && hub.remove(waiter)) {
      answer(found.events, 'events', found.rendered);
    }
  };

  /**
   * A terminal hands over the delivery webhook secret it made for one of its venues. The key
   * proves which venues it may speak for, so no terminal can set another venue's secret.
   */
  const handleDeliverySecret = async (req: IncomingMessage, res: ServerResponse) => {
    const terminal = await authenticate(req);
    const retryAfter = limiter.take(terminal.id);
    if (retryAfter > 0) {
      throw new HttpError(429, `This terminal key calls too often; retry in ${retryAfter} s.`, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    usage.took(terminal.id);
    const parsed = deliverySecretBody.safeParse(
      decodeJson(await readBody(req, DELIVERY_SECRET_BODY_BYTES)).json,
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(
        400,
        `The body must be {"venue_id": string, "secret": 32 to 512 visible ASCII characters}${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}.`,
      );
    }
    const { venue_id: venueId, secret } = parsed.data;
    if (!terminal.venueIds.includes(venueId)) {
      throw new HttpError(403, 'This terminal key does not belong to that venue.');
    }
    const at = now();
    await store.setDeliverySecret(venueId, secret, at, at + deliverySecretGraceMs);
    sendEmpty(res, 204);
  };

  const metricsTokenHash =
    options.metricsToken === undefined
      ? null
      : createHash('sha256').update(options.metricsToken).digest();
  /** GET /metrics and GET /v1/intake: the partner's operations views, behind the metrics token. */
  const requireMetricsToken = (req: IncomingMessage, path: string) => {
    if (metricsTokenHash !== null) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
      const given = createHash('sha256')
        .update(match?.[1] ?? '')
        .digest();
      if (!match || !timingSafeEqual(given, metricsTokenHash)) {
        throw new HttpError(
          401,
          `GET ${path} requires the metrics token: Authorization: Bearer <token>.`,
          {
            headers: {
              'WWW-Authenticate': 'Bearer realm="relay-metrics"',
            },
          },
        );
      }
    }
  };
  const serveMetrics = (req: IncomingMessage, res: ServerResponse) => {
    requireMetricsToken(req, '/metrics');
    sendText(res, 200, `${metrics.render()}\n${intake.render()}`, {
      'Content-Type': 'text/plain; version=0.0.4; charset=utf-8',
    });
  };

  type Route = {
    method: string;
    /** `venue` is the venue of a per-venue delivery path, null on every other route. */
    run(
      req: IncomingMessage,
      res: ServerResponse,
      url: URL,
      venue: string | null,
    ): Promise<void> | void;
  };
  // Built once: a poll must not pay for five closures per request.
  const routes = new Map<string, Route>([
    ['/hooks/marketplace', { method: 'POST', run: handleMarketplace }],
    [
      '/v1/events',
      { method: 'GET', run: (req, res, url) => handlePoll(req, res, url.searchParams) },
    ],
    ['/v1/delivery-secret', { method: 'PUT', run: handleDeliverySecret }],
    [
      '/healthz',
      {
        method: 'GET',
        run: (_req, res) =>
          sendJson(res, closing ? 503 : 200, { status: closing ? 'closing' : 'ok' }),
      },
    ],
    ['/metrics', { method: 'GET', run: serveMetrics }],
    [
      '/v1/venue-state',
      {
        method: 'PUT',
        run: venueStateHandler({
          authenticate,
          take: (terminalId) => {
            const wait = limiter.take(terminalId);
            if (wait === 0) usage.took(terminalId);
            return wait;
          },
          intake,
        }),
      },
    ],
    [
      '/v1/intake',
      {
        method: 'GET',
        run: (req, res) => {
          requireMetricsToken(req, '/v1/intake');
          sendJson(res, 200, { venues: intake.list() });
        },
      },
    ],
  ]);
  const deliveryRoute: Route = {
    method: 'POST',
    run: (req, res, _url, venue) => handleDelivery(req, res, venue as string),
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://relay');
    } catch {
      throw new HttpError(400, 'The request target is not a valid URL path.');
    }
    const venue = deliveryVenue(url.pathname);
    const found = venue !== null ? deliveryRoute : routes.get(url.pathname);
    if (!found) {
      throw new HttpError(
        404,
        url.pathname === '/hooks/delivery'
          ? 'Delivery webhooks are per venue: POST /hooks/delivery/{venue_id}.'
          : 'No such route.',
      );
    }
    if (req.method !== found.method) {
      throw new HttpError(405, `${url.pathname} accepts ${found.method} only.`, {
        headers: {
          Allow: found.method,
        },
      });
    }
    if (closing && found.method !== 'GET') {
      throw new HttpError(503, 'The relay is shutting down; retry shortly.', {
        headers: {
          'Retry-After': '1',
          Connection: 'close',
        },
      });
    }
    await found.run(req, res, url, venue);
  };

  // Every open socket, oldest first, with whether it has proved itself (a verified webhook or a
  // valid terminal key) and whether a request is in progress on it.
  type SocketState = { trusted: boolean; busy: boolean };
  const sockets = new Map<Socket, SocketState>();
  const maxConnections = options.maxConnections ?? 20_000;
  function trust(socket: Socket): void {
    const state = sockets.get(socket);
    if (state) state.trusted = true;
  }
  const shedFor = (incoming: Socket): void => {
    const pick = (test: (state: SocketState) => boolean) => {
      for (const [socket, state] of sockets) if (test(state)) return socket;
      return undefined;
    };
    const victim =
      pick((state) => !state.trusted && !state.busy) ??
      pick((state) => state.trusted && !state.busy) ??
      pick((state) => !state.trusted && state.busy);
    metrics.shed.inc({ victim: victim ? 'older' : 'incoming' });
    log('shed', `${sockets.size} connections open (the cap): shedding one`);
    (victim ?? incoming).destroy();
  };

  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const server = createServer(
    {
      keepAliveTimeout: 5_000,
      ...requestTimeouts(requestTimeoutMs),
    },
    (req, res) => {
      const socket = req.socket;
      const state = sockets.get(socket);
      if (state) state.busy = true;
      res.once('finish', () => {
        if (state) state.busy = false;
        // Once shutting down, a keep-alive connection ends after its answer so close() can finish.
        if (closing) socket.end();
      });
      route(req, res).catch((error: unknown) => {
        if (error instanceof HttpError) {
          sendError(res, error);
          if (error.status === 413) res.once('finish', () => req.destroy());
          return;
        }
        log('request', `${req.method} request failed: ${(error as Error).message}`);
        sendError(res, new HttpError(503, 'The relay could not handle this request; retry later.'));
      });
    },
  );
  server.on('connection', (socket: Socket) => {
    if (sockets.size >= maxConnections) shedFor(socket);
    if (socket.destroyed) return;
    sockets.set(socket, { trusted: false, busy: false });
    socket.once('close', () => sockets.delete(socket));
  });

  const prune = (wait = false) => store.pruneBefore(now() - retentionHours * 3_600_000, { wait });
  const timers: NodeJS.Timeout[] = [];
  let revocationCursor = (await store.revokedSince(0)).cursor;
  let checkingRevocations = false;
  let checkAgain = false;
  const checkRevocations = () => {
    if (checkingRevocations) {
      checkAgain = true;
      return;
    }
    checkingRevocations = true;
    checkAgain = false;
    store
      .revokedSince(revocationCursor)
      .then(({ terminalIds, cursor }) => {
        revocationCursor = cursor;
        for (const id of terminalIds) {
          revokedIds.add(id);
          hub.revoke(id);
        }
      })
      .catch((error: unknown) =>
        log('revocations', `revocation check failed: ${(error as Error).message}`),
      )
      .finally(() => {
        checkingRevocations = false;
        if (checkAgain && !closing) checkRevocations();
      });
  };
  store.onRevoked(checkRevocations);
  timers.push(
    setInterval(checkRevocations, options.revocationCheckMs ?? 500),
    setInterval(
      () => {
        prune().catch((error: unknown) =>
          log('prune', `pruning failed: ${(error as Error).message}`),
        );
        limiter.sweep();
      },
      options.pruneIntervalMs ?? 10 * 60_000,
    ),
  );
  if (store.shareUsage) timers.push(setInterval(usage.sync, options.usageSyncMs ?? 200));
  for (const timer of timers) timer.unref();

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // A deep accept queue: after a restart thousands of terminals reconnect at once.
      server.listen(
        { port: options.port ?? 0, host: options.host ?? '127.0.0.1', backlog: 4096 },
        () => {
          server.off('error', reject);
          resolve();
        },
      );
    });
  } catch (error) {
    for (const timer of timers) clearInterval(timer);
    await store.close();
    throw error;
  }
  await prune();

  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed: Promise<void> | null = null;

  return {
    url: `http://${host}:${address.port}`,
    prune: () => prune(true),
    close() {
      closed ??= (async () => {
        closing = true;
        for (const timer of timers) clearInterval(timer);
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        hub.closeAll();
        server.closeIdleConnections();
        // Webhooks already read get their commit and their answer before the database closes.
        const grace = setTimeout(() => server.closeAllConnections(), 5_000);
        await stopped;
        clearTimeout(grace);
        await commits.drain();
        await store.close();
      })();
      return closed;
    },
  };
}
