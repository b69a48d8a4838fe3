// The event log on PostgreSQL: appends (relay_append_told, migrations 5, 17 and 18), reads, pruning, the log's id.
import type { AppendOutcome, EventKind, IncomingEvent, StoredEvent } from '../event-store';
import { EVENT_COLUMNS, eventFromRow, type EventRow } from '../event-row';
import { LOCK, RELAY_LOCKS } from './migrations';
import type { PgContext } from './postgres-context';
import { inTransaction } from './postgres-context';
import { withConnection } from './transaction';
import { caughtUp, publishSettled, SETTLED } from './postgres-log';

type AppendRow = {
  r_idx: number;
  r_status: 'stored' | 'released' | 'duplicate' | 'held' | 'intake' | 'settled';
  r_seq: number | null;
  r_kind: EventKind | null;
  r_event_id: string | null;
  r_venue_id: string | null;
  r_received_at: number | null;
  r_body: string | null;
  r_signature: string | null;
};

type Appended = {
  outcomes: AppendOutcome[];
  /** The highest seq the batch reached (0: none). */
  top: number;
  /** The venues whose intake row another transaction held (migration 16), each with its latest notification. */
  busy: { venueId: string; at: number }[];
  /** Every event the batch committed (released ones too), in seq order. */
  committed: StoredEvent[];
  /** Settled at its commit (migration 17): the highest seq below the batch's first; else null. */
  below: number | null;
};

/** relay_append_settled's rows as outcomes, in the batch's order, and what the commit settled. */
const outcomesOf = (events: IncomingEvent[], rows: AppendRow[]): Appended => {
  const outcomes: AppendOutcome[] = [];
  const busy: { venueId: string; at: number }[] = [];
  const committed: StoredEvent[] = [];
  let released: StoredEvent[] = [];
  let top = 0;
  let below: number | null = null;
  for (const row of rows) {
    if (row.r_status === 'intake') {
      busy.push({ venueId: row.r_venue_id as string, at: row.r_received_at as number });
      continue;
    }
    if (row.r_status === 'settled') {
      below = row.r_seq as number;
      continue;
    }
    if (row.r_seq !== null) top = Math.max(top, row.r_seq);
    const event = events[row.r_idx - 1];
    if (!event) throw new Error('relay_append answered an unknown index.');
    if (row.r_status === 'released') {
      const freed: StoredEvent = {
        seq: row.r_seq as number,
        kind: row.r_kind as EventKind,
        eventId: row.r_event_id as string,
        venueId: row.r_venue_id as string,
        receivedAt: row.r_received_at as number,
        body: row.r_body as string,
        signature: row.r_signature,
      };
      released.push(freed);
      committed.push(freed);
      continue;
    }
    if (row.r_status === 'stored') {
      const stored: StoredEvent = {
        seq: row.r_seq as number,
        kind: event.kind,
        eventId: event.eventId,
        venueId: row.r_venue_id as string,
        receivedAt: event.receivedAt,
        body: event.body,
        signature: event.signature,
      };
      outcomes.push({ status: 'stored', event: stored, released });
      committed.push(stored);
      released = [];
    } else outcomes.push({ status: row.r_status });
  }
  committed.sort((a, b) => a.seq - b.seq);
  return { outcomes, top, busy, committed, below };
};

/**
 * The intake of venues whose row was busy at the append, each in a statement of its own after the
 * commit: it waits for that venue's row alone, and no webhook's answer waits for it. A relay
 * stopped in between leaves that venue's last notification time one notification older (the
 * event itself is committed).
 */
const noteBusyIntake = (ctx: PgContext, busy: { venueId: string; at: number }[]): void => {
  for (const { venueId, at } of busy) {
    const noted = ctx.pool
      .query(
        `INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES ($1, $2)
         ON CONFLICT (venue_id) DO UPDATE
         SET last_webhook_at = GREATEST(venue_intake.last_webhook_at, excluded.last_webhook_at)`,
        [venueId, at],
      )
      .then(
        () => undefined,
        (error: unknown) =>
          ctx.log(`noting a venue's notification failed: ${(error as Error).message}`),
      )
      .finally(() => ctx.intakeNotes.delete(noted));
    ctx.intakeNotes.add(noted);
  }
};

/** relay_append_told's one row: relay_append_settled's rows as arrays, in their order. */
type ToldRow = { [K in keyof AppendRow]: (AppendRow[K] | string)[] | null };

/** The procedure's arrays as rows; its bigint arrays come back as text. */
const rowsOf = (told: ToldRow): AppendRow[] => {
  const number = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return (told.r_idx ?? []).map((idx, i) => ({
    r_idx: Number(idx),
    r_status: told.r_status?.[i] as AppendRow['r_status'],
    r_seq: number(told.r_seq?.[i]),
    r_kind: (told.r_kind?.[i] ?? null) as EventKind | null,
    r_event_id: (told.r_event_id?.[i] ?? null) as string | null,
    r_venue_id: (told.r_venue_id?.[i] ?? null) as string | null,
    r_received_at: number(told.r_received_at?.[i]),
    r_body: (told.r_body?.[i] ?? null) as string | null,
    r_signature: (told.r_signature?.[i] ?? null) as string | null,
  }));
};

export const appendBatch = async (
  ctx: PgContext,
  events: IncomingEvent[],
  committed?: () => void,
): Promise<AppendOutcome[]> => {
  if (events.length === 0) return [];
  const column = <K extends keyof (typeof events)[number]>(key: K) =>
    events.map((event) => event[key]);
  // One round trip: the append, committed (synchronous_commit) before the procedure goes on to
  // tell the other instances (migration 18). Prepared once per connection (named).
  const told = await withConnection(
    () => ctx.pool.connect(),
    async (client) => {
      try {
        return (
          await client.query<ToldRow>({
            name: 'relay_append_told',
            text: 'CALL relay_append_told($1, $2, $3, $4, $5, $6, $7)',
            values: [
              column('kind'),
              column('eventId'),
              column('venueId'),
              column('orderRef'),
              column('receivedAt'),
              column('body'),
              column('signature'),
            ],
          })
        ).rows[0] as ToldRow;
      } catch (error) {
        // relay_append's lock is a session lock, released by the function before the commit
        // (migration 14); a statement that failed after taking it leaves it held, and the
        // connection goes back to the pool: release it here (no other session lock is taken).
        await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        throw error;
      }
    },
  );
  committed?.();
  const { outcomes, top, busy, committed: stored, below } = outcomesOf(events, rowsOf(told));
  noteBusyIntake(ctx, busy);
  // Settled at its commit: this instance's polls are woken from the append's own rows, when it
  // has told its listeners of everything below them. Otherwise by the ordered read of the log.
  if (below !== null && publishSettled(ctx, stored, below)) return outcomes;
  await caughtUp(ctx, top);
  return outcomes;
};

export const logId = async (ctx: PgContext): Promise<string> => {
  const { rows } = await ctx.pool.query<{ value: string }>(
    "SELECT value FROM meta WHERE key = 'log_id'",
  );
  return rows[0]?.value as string;
};

export const renewLogId = async (ctx: PgContext): Promise<string> => {
  const { rows } = await ctx.pool.query<{ value: string }>(
    "UPDATE meta SET value = gen_random_uuid()::text WHERE key = 'log_id' RETURNING value",
  );
  return rows[0]?.value as string;
};

export const listEvents = async (
  ctx: PgContext,
  venueIds: string[],
  after: number,
  limit: number,
): Promise<StoredEvent[]> => {
  if (venueIds.length === 0) return [];
  const { rows } = await ctx.pool.query<EventRow>({
    name: 'relay_list',
    // Settled events only (postgres-log.ts): an earlier seq may still commit behind a later one
    // that already did.
    text: `SELECT ${EVENT_COLUMNS} FROM events WHERE venue_id = ANY($1) AND seq > $2
             AND ${SETTLED} ORDER BY seq LIMIT $3`,
    values: [venueIds, after, limit],
  });
  return rows.map(eventFromRow);
};

export const pruneBefore = (
  ctx: PgContext,
  time: number,
  options: { wait?: boolean } = {},
): Promise<number> =>
  inTransaction(ctx, async (client) => {
    // One instance prunes at a time; a periodic round finds the lock taken and skips, an
    // explicit prune waits for it, so "pruned now" holds when it returns.
    if (options.wait) {
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [RELAY_LOCKS, LOCK.prune]);
    } else {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_xact_lock($1, $2) AS locked',
        [RELAY_LOCKS, LOCK.prune],
      );
      if (!rows[0]?.locked) return 0;
    }
    const events = await client.query('DELETE FROM events WHERE received_at < $1', [time]);
    const held = await client.query('DELETE FROM held_events WHERE received_at < $1', [time]);
    await client.query('DELETE FROM delivery_orders WHERE last_seen_at < $1', [time]);
    await client.query('DELETE FROM order_duties WHERE claimed_at < $1', [time]);
    await client.query('DELETE FROM terminal_trouble WHERE at < $1', [time]);
    await client.query(
      `DELETE FROM poll_usage u USING relay_instances i WHERE i.id = u.instance_id
             AND i.seen_at < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - 600000`,
    );
    await client.query(
      'DELETE FROM relay_instances WHERE seen_at < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - 600000',
    );
    return (events.rowCount ?? 0) + (held.rowCount ?? 0);
  });
