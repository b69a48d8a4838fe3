// Following the one log in commit (= seq) order, woken by LISTEN/NOTIFY after each commit
// anywhere and on a short interval in case a notification is lost (see postgres-store.ts).
import pg from 'pg';
import type { StoredEvent } from '../event-store';
import { EVENT_COLUMNS, eventFromRow, type EventRow } from '../event-row';
import type { PgContext } from './postgres-context';
import { connectionConfig } from './postgres-context';
import { CHANNEL } from './migrations';

const TAIL_PAGE = 1_000;

export const settleCaughtUp = (ctx: PgContext, all: boolean): void => {
  if (ctx.catchingUp.length === 0) return;
  const waiting = ctx.catchingUp;
  ctx.catchingUp = [];
  for (const waiter of waiting) {
    if (all || waiter.top <= ctx.lastSeen) waiter.resolve();
    else ctx.catchingUp.push(waiter);
  }
};

/**
 * Whether an event may be handed out: its transaction is older than every append still running
 * (migrations 14 and 18). Appends take their xid and seqs under one lock, so a smaller seq has a
 * smaller xid: once an event's xid is below the horizon, every earlier seq has committed (and is
 * visible in the same snapshot) or rolled back. Rows from before migration 14 have no xid. The
 * log read here and the poll read (postgres-events.ts) alike.
 */
export const SETTLED = '(xid IS NULL OR xid < (SELECT relay_settled_horizon()))';

/** How soon the log is read again while a committed event waits for an older transaction. */
const HELD_RETRY_MS = [2, 5, 10, 20, 40];
/** A hold-back longer than this is reported (an append that does not end holds delivery). */
const HELD_REPORT_MS = 10_000;

const readLog = async (ctx: PgContext): Promise<void> => {
  for (;;) {
    const { rows } = await ctx.pool.query<EventRow & { settled: boolean }>({
      name: 'relay_tail',
      text: `SELECT ${EVENT_COLUMNS}, ${SETTLED} AS settled FROM events WHERE seq > $1 ORDER BY seq LIMIT ${TAIL_PAGE}`,
      values: [ctx.lastSeen],
    });
    // Settled rows are a prefix in seq order (see SETTLED): the rest wait for the next read.
    const held = rows.findIndex((row) => !row.settled);
    const ready = held < 0 ? rows : rows.slice(0, held);
    // Told meanwhile from a settled append (publishSettled), which covered everything up to
    // ctx.lastSeen: not again. What is above it continues where that left off.
    const fresh = ready.filter((row) => row.seq > ctx.lastSeen);
    // Progress restarts the back-off: under a steady stream of commits some event is nearly
    // always waiting for a moment, and each should be read again within milliseconds.
    if (ready.length > 0) ctx.heldRetries = 0;
    if (held >= 0) heldBack(ctx);
    else {
      ctx.heldSince = null;
      ctx.heldReported = false;
    }
    if (ready.length === 0) return;
    if (fresh.length > 0) tell(ctx, fresh.map(eventFromRow));
    settleCaughtUp(ctx, false);
    if (held >= 0 || rows.length < TAIL_PAGE) return;
  }
};

/** The listeners hear of `events`, which continue where they were last told, in seq order. */
const tell = (ctx: PgContext, events: StoredEvent[]): void => {
  const after = ctx.lastSeen;
  ctx.lastSeen = (events.at(-1) as StoredEvent).seq;
  for (const listener of ctx.appended) listener(events, after);
};

/**
 * An append settled at its commit (migration 17): its events, in seq order, and the highest seq
 * below its first. Every event up to its last is settled, and none lies between `below` and its
 * first.
 */
export type SettledPayload = { below: number; events: StoredEvent[] };

/**
 * Tells the listeners of a settled append's events without reading the log, when they have been
 * told of everything up to `below` (else false: the log is read, which finds the events between).
 * True also when they were told of these already.
 */
export const publishSettled = (ctx: PgContext, events: StoredEvent[], below: number): boolean => {
  const top = events.at(-1)?.seq;
  if (top === undefined || ctx.closed || !ctx.following) return false;
  if (top <= ctx.lastSeen) return true;
  if (ctx.lastSeen < below) return false;
  tell(
    ctx,
    events.filter((event) => event.seq > ctx.lastSeen),
  );
  settleCaughtUp(ctx, false);
  // Events held back behind this append (committed after it began) may be settled now: read
  // them at once rather than at the next retry.
  if (ctx.heldSince !== null) void follow(ctx);
  return true;
};

/**
 * A notification's payload (relay_append_told, migration 18): a settled append's events,
 * published at once when they continue what this instance was told; else the seq a commit
 * reached, read from the log.
 */
const notified = (ctx: PgContext, payload: string | undefined): void => {
  if (payload?.startsWith('{')) {
    let settled: SettledPayload & { top: number };
    try {
      settled = JSON.parse(payload) as SettledPayload & { top: number };
    } catch {
      void follow(ctx);
      return;
    }
    if (!publishSettled(ctx, settled.events, settled.below)) void follow(ctx, settled.top);
    return;
  }
  void follow(ctx, Number(payload) || Infinity);
};

/** A committed event waits for an older transaction: read again soon, backing off. */
const heldBack = (ctx: PgContext): void => {
  const at = Date.now();
  if (ctx.heldSince === null) {
    ctx.heldSince = at;
    ctx.heldRetries = 0;
  } else if (at - ctx.heldSince > HELD_REPORT_MS && !ctx.heldReported) {
    ctx.heldReported = true;
    ctx.log(
      `events wait for an append open for over ${HELD_REPORT_MS / 1000} s (an earlier append that has not ended holds delivery back)`,
    );
  }
  if (ctx.heldRetry !== undefined || ctx.closed) return;
  const delay = HELD_RETRY_MS[Math.min(ctx.heldRetries, HELD_RETRY_MS.length - 1)] as number;
  ctx.heldRetries += 1;
  ctx.heldRetry = setTimeout(() => {
    ctx.heldRetry = undefined;
    void follow(ctx);
  }, delay);
  ctx.heldRetry.unref();
};

/**
 * Reads what was committed since the last read; one reader at a time, re-run if asked meanwhile.
 * Given the seq a commit reached, a read that has already passed it is skipped: a local commit
 * and its own notification, or many commits' notifications arriving during one read, cost one
 * query for the whole instance, never one per poll or per venue.
 */
export const follow = (ctx: PgContext, top = Infinity): Promise<void> => {
  if (ctx.closed || !ctx.following) return Promise.resolve();
  if (top <= ctx.lastSeen) return ctx.reading ?? Promise.resolve();
  ctx.wanted = Math.max(ctx.wanted, top);
  if (ctx.reading) return ctx.reading;
  ctx.reading = (async () => {
    while (ctx.wanted > ctx.lastSeen && !ctx.closed) {
      ctx.wanted = 0;
      try {
        await readLog(ctx);
      } catch (error) {
        ctx.log(`reading the event log failed: ${(error as Error).message}`);
        return;
      }
    }
  })().finally(() => {
    ctx.reading = null;
    // A failed read leaves the rest to the next one (the interval); a committed append does not
    // wait for it: the commit stands, and the listeners hear of it from that read.
    settleCaughtUp(ctx, true);
  });
  return ctx.reading;
};

/**
 * Resolves once this instance's listeners were told of everything up to seq top, so a poll on
 * this instance after the webhook's 200 finds the event (as with SQLite, where they are told
 * before the append returns). Waits for the read that passes top, not for the reader to go idle:
 * under a steady stream of commits it may never be.
 */
export const caughtUp = (ctx: PgContext, top: number): Promise<void> => {
  if (top <= ctx.lastSeen || ctx.closed || !ctx.following) return Promise.resolve();
  const waited = new Promise<void>((resolve) => ctx.catchingUp.push({ top, resolve }));
  void follow(ctx, top);
  return waited;
};

/** LISTEN on a dedicated connection, reconnected when it drops. */
export const listen = async (ctx: PgContext): Promise<void> => {
  if (ctx.closed) return;
  const client = new pg.Client(connectionConfig(ctx.url, ctx.password));
  client.on('notification', (message) => {
    if (message.channel === CHANNEL.events) notified(ctx, message.payload);
    else if (message.channel === CHANNEL.revocations) for (const fn of ctx.revoked) fn();
  });
  const retry = () => {
    if (ctx.closed || ctx.listener !== client) return;
    ctx.listener = null;
    client.end().catch(() => undefined);
    clearTimeout(ctx.reconnect);
    ctx.reconnect = setTimeout(() => void listen(ctx), 500);
    ctx.reconnect.unref();
  };
  client.on('error', (error) => {
    ctx.log(`LISTEN connection lost: ${error.message}`);
    retry();
  });
  client.on('end', retry);
  ctx.listener = client;
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL.events}; LISTEN ${CHANNEL.revocations}`);
    // Whatever was committed while it was down.
    void follow(ctx);
    for (const fn of ctx.revoked) fn();
  } catch (error) {
    ctx.log(`LISTEN connection failed: ${(error as Error).message}`);
    retry();
  }
};
