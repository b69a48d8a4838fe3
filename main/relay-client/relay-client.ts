// Long-polls the relay for the venue's notifications. The events of one answer are written to the
// local inbox and the cursor moves in the same transaction, so a crash can only replay events
// (de-duplicated by notification id), never skip them. A cursor counts in one relay event log,
// named by the answers' log_id: when the relay's database is replaced its seqs start again at 1,
// so an answer from another log sends the client back to after=0 instead of skipping everything
// up to the old cursor.
import { z } from 'zod';
import type { LinkWhy, RelayConnection } from '../../shared/domain';
import type { Notification } from '../../shared/notification';
import { notificationSchema } from '../../shared/notification';
import type { VenueSettingsHint } from '../../shared/relay-events';
import { venueSettingsHintSchema } from '../../shared/relay-events';
import type { Database } from '../storage/database';
import { linkWhy, RequestError, sendRequest } from '../http/http';
import { relayUrl } from './relay-call';
import { fullJitterDelay } from '../lib/backoff';
import { parseJsonBody } from './json-body';
import { createNotificationInbox } from './inbox';

const eventSchema = z.object({
  seq: z.number().int().nonnegative(),
  received_at: z.string(),
  kind: z.string(),
  venue_id: z.string(),
  body: z.string(),
  signature: z.string().nullable().optional(),
});
// log_id is optional so a relay from before log identities still works (without the protection).
const answerSchema = z.object({
  log_id: z.string().min(1).max(200).optional(),
  events: z.array(eventSchema),
});

export type RelayClientOptions = {
  db: Database;
  relayUrl: string;
  terminalKey: string;
  waitSeconds?: number;
  /**
   * How long past its hold time a poll may take before the relay counts as down (default 5 s). A
   * relay that accepts connections but answers nothing (a frozen process, a stuck proxy) must be
   * seen as surely as one that is gone: the long poll has a deadline, not just the socket.
   */
  answerMarginMs?: number;
  backoff?: { baseMs?: number; capMs?: number };
  /**
   * Polls allowed per second on average, in bursts of `pollBurst` (defaults 4.5 and 18): the relay
   * allows a terminal 5 a second, so a busy stream is fetched in batches instead of earning 429s.
   */
  pollsPerSecond?: number;
  pollBurst?: number;
  /**
   * `downForMs`: how long before this report the relay was last known to answer. A poll that hit
   * its deadline was sent that long ago, and the relay has been silent since. `why`: why it is
   * down, as the screen words it (null while it is not).
   */
  onState: (
    state: RelayConnection,
    error: string | null,
    downForMs?: number,
    why?: LinkWhy | null,
  ) => void;
  /**
   * Resolves when the commits made so far are on disk (storage/database.ts, WalFlush). Waited for
   * after a batch is committed, before the next poll: asking past a cursor tells the relay the
   * batch is kept, and a power cut must not lose it after that.
   */
  durable?: () => Promise<void>;
  /** New notifications are in the inbox. */
  onCommitted: (count: number) => void;
  /** New delivery events (kind "delivery") are in delivery_inbox, verified later. */
  onDeliveryCommitted?: (count: number) => void;
  /**
   * A terminal changed these venues' settings at the relay (kind "venue-settings"; the hint names
   * the version written, never the settings): read them from the relay. Told once the answer's
   * commit is kept; a hint is not stored (a terminal that starts again reads every venue's
   * settings anyway).
   */
  onVenueSettingsHint?: (hints: VenueSettingsHint[]) => void;
  /** The relay answered again after being away: time to reconcile. */
  onReconnected: () => void;
  onRejected?: (reason: string, detail: string) => void;
  /**
   * The relay answered from another event log than the cursor's (its database was replaced):
   * the cursor went back to 0. Called inside the transaction that moved it, so an audit entry
   * written here commits with it.
   */
  onLogChanged?: (change: { previousLogId: string; logId: string; cursor: number }) => void;
};

export type RelayClient = { stop(): Promise<void> };

/** The relay's own words for a refused key (for the log and support), or ours. */
const refusedReason = (body: unknown): string => {
  const message =
    body !== null && typeof body === 'object' && 'message' in body ? body.message : null;
  return typeof message === 'string' && message.length > 0 && message.length <= 200
    ? `The relay refused the terminal key: ${message}`
    : 'The relay refused the terminal key.';
};

/** A poll's answer may come this long after its hold time before the relay counts as hung. */
export const RELAY_ANSWER_MARGIN_MS = 5_000;

/** Where the client stands: the last seq it holds, in which relay log, and that log's local offset. */
export type RelayCursor = { seq: number; logId: string | null; seqOffset: number };

/** The terminal is disconnected: the next relay is read from its start. */
export const resetCursor = (db: Database): void => {
  db.prepare('DELETE FROM relay_cursor').run();
};

export const readCursor = (db: Database): RelayCursor => {
  const row = db.prepare('SELECT seq, log_id, seq_offset FROM relay_cursor WHERE id = 1').get() as
    { seq: number; log_id: string | null; seq_offset: number } | undefined;
  return row
    ? { seq: row.seq, logId: row.log_id, seqOffset: row.seq_offset }
    : { seq: 0, logId: null, seqOffset: 0 };
};

type RelayEvent = z.infer<typeof eventSchema>;

const jsonOrNull = (text: string): unknown => {
  try {
    return parseJsonBody(text);
  } catch {
    return null;
  }
};
type Answer = z.infer<typeof answerSchema>;

/** What one answer's commit stored (new notifications, new delivery events) and its hints. */
type Committed = { added: number; deliveries: number; hints: VenueSettingsHint[] };

/** The client's writes, each one transaction: an answer's events with the cursor, a log change. */
type InboxWrites = {
  commit: (events: RelayEvent[], logId: string | null) => Committed;
  restart: (previousLogId: string, logId: string) => void;
};

const prepareWrites = (options: RelayClientOptions): InboxWrites => {
  const { db } = options;
  const inbox = createNotificationInbox(db);
  const insertDelivery = db.prepare(
    'INSERT OR IGNORE INTO delivery_inbox (relay_seq, body, received_at) VALUES (?, ?, ?)',
  );
  const saveCursor = db.prepare(
    `INSERT INTO relay_cursor (id, seq, log_id, seq_offset) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, log_id = excluded.log_id, seq_offset = excluded.seq_offset`,
  );
  const highestLocalSeq = db.prepare(
    `SELECT MAX(COALESCE((SELECT MAX(relay_seq) FROM notifications), 0),
                COALESCE((SELECT MAX(relay_seq) FROM delivery_inbox), 0)) AS seq`,
  );

  // A new log's seqs are shifted past every local row, so delivery_inbox (keyed by seq) never
  // drops one as a duplicate and both inboxes keep arrival order.
  const restart = db.transaction((previousLogId: string, logId: string): void => {
    const current = readCursor(db);
    const highest = (highestLocalSeq.get() as { seq: number }).seq;
    const seqOffset = Math.max(current.seqOffset + current.seq, highest);
    saveCursor.run(0, logId, seqOffset);
    options.onLogChanged?.({ previousLogId, logId, cursor: current.seq });
  });

  const commit = db.transaction((events: RelayEvent[], logId: string | null): Committed => {
    const committed: Committed = { added: 0, deliveries: 0, hints: [] };
    const stored = readCursor(db);
    let cursor = stored.seq;
    for (const event of events) {
      cursor = Math.max(cursor, event.seq);
      const localSeq = event.seq + stored.seqOffset;
      if (event.kind === 'delivery') {
        // Its JWT is checked after the commit (asynchronously); the raw body is what it signs.
        committed.deliveries += insertDelivery.run(localSeq, event.body, event.received_at).changes;
        continue;
      }
      if (event.kind === 'venue-settings') {
        const hint = venueSettingsHintSchema.safeParse(jsonOrNull(event.body));
        if (hint.success && hint.data.venue_id === event.venue_id) committed.hints.push(hint.data);
        else options.onRejected?.('malformed', `relay event ${event.seq}`);
        continue;
      }
      // A kind this terminal does not know (a newer relay's) is passed over.
      if (event.kind !== 'marketplace') continue;
      // No signature check here: the relay verified it, and the terminal holds no partner-wide
      // secret. A notification is only a hint; the order sync reads the order from the platform.
      let parsed: Notification;
      try {
        parsed = notificationSchema.parse(parseJsonBody(event.body));
      } catch {
        options.onRejected?.('malformed', `relay event ${event.seq}`);
        continue;
      }
      // received_at is when the relay received it: the start of the notification-to-stored latency.
      if (
        inbox.receive(parsed, {
          relaySeq: localSeq,
          body: event.body,
          receivedAt: event.received_at,
        })
      )
        committed.added += 1;
    }
    // A first answer with a log_id adopts it for the cursor already held.
    saveCursor.run(cursor, stored.logId ?? logId, stored.seqOffset);
    return committed;
  });
  return { commit, restart };
};

/** The running client: its options, writes, connection state and what stops it. */
type PollContext = {
  options: RelayClientOptions;
  writes: InboxWrites;
  /** The long poll's hold time in seconds, and how long past it an answer may take. */
  wait: number;
  answerMarginMs: number;
  running: boolean;
  stopping: AbortController;
  poll: AbortController | null;
  state: RelayConnection;
  failures: number;
  everConnected: boolean;
  takePollToken: () => Promise<void>;
};

const setState = (
  ctx: PollContext,
  next: RelayConnection,
  error: string | null,
  downForMs = 0,
  why: LinkWhy | null = null,
): void => {
  ctx.state = next;
  ctx.options.onState(next, error, downForMs, why);
};

/** Waits `ms`, or less when the client stops. */
const pause = (stopping: AbortController, ms: number): Promise<void> =>
  new Promise<void>((resolve) => {
    const wake = (): void => {
      clearTimeout(timer);
      stopping.signal.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    stopping.signal.addEventListener('abort', wake);
  });

/** A token bucket: `rate` polls a second on average, bursts of `burst`. */
const pollBudget = (stopping: AbortController, rate: number, burst: number) => {
  let tokens = burst;
  let refilledAt = Date.now();
  return async (): Promise<void> => {
    const at = Date.now();
    tokens = Math.min(burst, tokens + ((at - refilledAt) / 1000) * rate);
    refilledAt = at;
    if (tokens < 1) {
      await pause(stopping, ((1 - tokens) / rate) * 1000);
      tokens = 1;
      refilledAt = Date.now();
    }
    tokens -= 1;
  };
};

/** An answer: the link is up again (reconcile if it was away), then its events are kept. */
const takeAnswer = async (ctx: PollContext, answer: Answer): Promise<void> => {
  const { options } = ctx;
  const wasAway = ctx.state !== 'connected';
  if (wasAway) setState(ctx, 'connected', null);
  if (wasAway && (ctx.everConnected || ctx.failures > 0)) options.onReconnected();
  ctx.everConnected = true;
  ctx.failures = 0;
  const storedLogId = readCursor(options.db).logId;
  if (answer.log_id !== undefined && storedLogId !== null && answer.log_id !== storedLogId) {
    // This answer counted from the old cursor in the new log: drop it and ask from 0.
    ctx.writes.restart(storedLogId, answer.log_id);
    // Notifications may have been lost while the relay was replaced: reconcile too.
    options.onReconnected();
    return;
  }
  if (answer.events.length > 0 || (storedLogId === null && answer.log_id !== undefined)) {
    const { added, deliveries, hints } = ctx.writes.commit(answer.events, answer.log_id ?? null);
    if (added > 0) options.onCommitted(added);
    if (deliveries > 0) options.onDeliveryCommitted?.(deliveries);
    if (hints.length > 0) options.onVenueSettingsHint?.(hints);
    await options.durable?.();
  }
};

/** A failed poll: a refused key stops the client; anything else waits its backoff and asks again. */
const takeFailure = async (
  ctx: PollContext,
  error: unknown,
  silentMs: number,
  deadlineMs: number,
): Promise<void> => {
  if (error instanceof RequestError && error.status === 401) {
    // The relay no longer accepts this key (revoked by its operator, or unknown to it):
    // asking again with it cannot succeed, so the client stops until a new key is set.
    ctx.running = false;
    setState(ctx, 'refused', refusedReason(error.body));
    return;
  }
  ctx.failures += 1;
  const message = error instanceof Error ? error.message : String(error);
  // A poll that ran into its deadline: the relay has said nothing since it was sent.
  setState(ctx, 'disconnected', message, silentMs >= deadlineMs ? silentMs : 0, linkWhy(error));
  const delay = fullJitterDelay(ctx.failures, {
    baseMs: ctx.options.backoff?.baseMs ?? 500,
    capMs: ctx.options.backoff?.capMs ?? 30_000,
  });
  const retryAfter = error instanceof RequestError ? (error.retryAfterMs ?? 0) : 0;
  await pause(ctx.stopping, Math.max(50, delay, retryAfter));
};

/** One poll: asked past the cursor, answered within its hold time plus the margin, or failed. */
const pollOnce = async (ctx: PollContext): Promise<void> => {
  const { options } = ctx;
  // A short first poll tells at once whether the relay answers; then the long wait.
  const pollWait = ctx.state === 'connected' ? ctx.wait : 0;
  const url = relayUrl(options, '/v1/events', {
    after: readCursor(options.db).seq,
    wait: pollWait,
    limit: 100,
  });
  await ctx.takePollToken();
  if (!ctx.running) return;
  ctx.poll = new AbortController();
  const sentAt = Date.now();
  // The relay answers a poll by its hold time at the latest (empty when nothing came).
  const deadlineMs = pollWait * 1000 + ctx.answerMarginMs;
  try {
    const response = await sendRequest({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${options.terminalKey}` },
      timeoutMs: deadlineMs,
      signal: ctx.poll.signal,
    });
    if (!ctx.running) return;
    await takeAnswer(ctx, answerSchema.parse(response.body));
  } catch (error) {
    if (!ctx.running) return;
    await takeFailure(ctx, error, Date.now() - sentAt, deadlineMs);
  }
};

export const startRelayClient = (options: RelayClientOptions): RelayClient => {
  const stopping = new AbortController();
  const ctx: PollContext = {
    options,
    writes: prepareWrites(options),
    // The hold time bounds how long a relay that hangs (accepts, never answers) goes unnoticed:
    // hold + margin. 10 s makes a frozen relay alarm within 15 s, like one that is gone; one poll
    // per terminal every 10 s is far below the relay's per-key limit.
    wait: options.waitSeconds ?? 10,
    answerMarginMs: options.answerMarginMs ?? RELAY_ANSWER_MARGIN_MS,
    running: true,
    stopping,
    poll: null,
    state: 'connecting',
    failures: 0,
    everConnected: false,
    takePollToken: pollBudget(stopping, options.pollsPerSecond ?? 4.5, options.pollBurst ?? 18),
  };
  const loop = async (): Promise<void> => {
    setState(ctx, 'connecting', null);
    while (ctx.running) await pollOnce(ctx);
  };
  const done = loop();
  return {
    stop: async () => {
      ctx.running = false;
      stopping.abort();
      ctx.poll?.abort();
      await done;
    },
  };
};
