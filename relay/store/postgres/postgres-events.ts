// The event log on PostgreSQL: appends (relay_append, migration 5), reads, pruning, the log's id.
import type { AppendOutcome, EventKind, IncomingEvent, StoredEvent } from '../event-store';
import { EVENT_COLUMNS, eventFromRow, type EventRow } from '../event-row';
import { CHANNEL, LOCK, RELAY_LOCKS } from './migrations';
import type { PgContext } from './postgres-context';
import { inTransaction } from './postgres-context';
import { withConnection } from './transaction';
import { caughtUp } from './postgres-log';

type AppendRow = {
  r_idx: number;
  r_status: 'stored' | 'released' | 'duplicate' | 'held' | 'intake';
  r_seq: number | null;
  r_kind: EventKind | null;
  r_event_id: string | null;
  r_venue_id: string | null;
  r_received_at: number | null;
  r_body: string | null;
  r_signature: string | null;
};

/**
 * relay_append's rows as outcomes, in the batch's order; the highest seq they reached; the venues
 * whose intake row another transaction held (migration 16), each with its latest notification.
 */
const outcomesOf = (
  events: IncomingEvent[],
  rows: AppendRow[],
): { outcomes: AppendOutcome[]; top: number; busy: { venueId: string; at: number }[] } => {
  const outcomes: AppendOutcome[] = [];
  const busy: { venueId: string; at: number }[] = [];
  let released: StoredEvent[] = [];
  let top = 0;
  for (const row of rows) {
    if (row.r_status === 'intake') {
      busy.push({ venueId: row.r_venue_id as string, at: row.r_received_at as number });
      continue;
    }
    if (row.r_seq !== null) top = Math.max(top, row.r_seq);
    const event = events[row.r_idx - 1];
    if (!event) throw new Error('relay_append answered an unknown index.');
    if (row.r_status === 'released') {
      released.push({
        seq: row.r_seq as number,
        kind: row.r_kind as EventKind,
        eventId: row.r_event_id as string,
        venueId: row.r_venue_id as string,
        receivedAt: row.r_received_at as number,
        body: row.r_body as string,
        signature: row.r_signature,
      });
      continue;
    }
    if (row.r_status === 'stored') {
      outcomes.push({
        status: 'stored',
        event: {
          seq: row.r_seq as number,
          kind: event.kind,
          eventId: event.eventId,
          venueId: row.r_venue_id as string,
          receivedAt: event.receivedAt,
          body: event.body,
          signature: event.signature,
        },
        released,
      });
      released = [];
    } else outcomes.push({ status: row.r_status });
  }
  return { outcomes, top, busy };
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

export const appendBatch = async (
  ctx: PgContext,
  events: IncomingEvent[],
): Promise<AppendOutcome[]> => {
  if (events.length === 0) return [];
  const column = <K extends keyof (typeof events)[number]>(key: K) =>
    events.map((event) => event[key]);
  // One statement, its own transaction: committed (synchronous_commit) before it returns.
  // Prepared once per connection (named): a group commit is one Bind/Execute round trip.
  const rows = await withConnection(
    () => ctx.pool.connect(),
    async (client) => {
      try {
        return (
          await client.query<AppendRow>({
            name: 'relay_append',
            text: 'SELECT * FROM relay_append($1, $2, $3, $4, $5, $6, $7)',
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
        ).rows;
      } catch (error) {
        // relay_append's lock is a session lock, released by the function before the commit
        // (migration 14); a statement that failed after taking it leaves it held, and the
        // connection goes back to the pool: release it here (no other session lock is taken).
        await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        throw error;
      }
    },
  );
  const { outcomes, top, busy } = outcomesOf(events, rows);
  noteBusyIntake(ctx, busy);
  if (top > 0) {
    // After the commit, not in it: a NOTIFY in the transaction would take PostgreSQL's notify
    // lock through the commit's flush and serialise the appends again. A hint only: an
    // instance that misses it reads the log on its interval.
    ctx.pool
      .query('SELECT pg_notify($1, $2)', [CHANNEL.events, String(top)])
      .catch((error: unknown) =>
        ctx.log(`notifying an append failed: ${(error as Error).message}`),
      );
  }
  // Waiting polls here are woken by the ordered read of the log, not from this commit.
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
    // Settled events only (postgres-log.ts): one whose transaction is older than every one still
    // running. An earlier seq may still commit behind a later one that already did.
    text: `SELECT ${EVENT_COLUMNS} FROM events WHERE venue_id = ANY($1) AND seq > $2
             AND (xid IS NULL OR xid < pg_snapshot_xmin(pg_current_snapshot())) ORDER BY seq LIMIT $3`,
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
