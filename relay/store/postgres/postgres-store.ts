// The relay's event store on PostgreSQL, shared by any number of relay instances.
//
// Commit order: every append runs relay_append (migration 5), which first takes a transaction-level
// advisory lock and holds it until commit, so seqs are allocated one transaction at a time and
// become visible in seq order. Every instance then follows the one log with a single cursor
// ("events with seq > the last one seen", in seq order): woken by LISTEN/NOTIFY after each commit
// anywhere, and on a short interval in case a notification is lost (LISTEN connection down, server
// restarted). Polls are woken only from that ordered read, never from a local commit directly, so
// an instance never hands out seq 9 before it has seen a seq 8 committed elsewhere.
import pg from 'pg';
import type { Pool, PoolClient } from 'pg';
import type {
  AppendOutcome,
  AppendedListener,
  EventKind,
  EventStore,
  StoredEvent,
  Terminal,
} from '../event-store';
import {
  EVENT_COLUMNS,
  activeDeliverySecrets,
  eventFromRow,
  type DeliverySecretRow,
  type EventRow,
} from '../event-row';
import { CHANNEL, LOCK, RELAY_LOCKS, migratePostgres } from './migrations';
import { inTransaction as transaction, withConnection } from './transaction';

export type PostgresStoreOptions = {
  /** How often the log is re-read without a notification (default 250 ms). */
  recheckMs?: number;
  /** Connections in the pool (default 10), plus one for LISTEN. */
  poolSize?: number;
  /** Where connection trouble is reported (rate-limited by the caller's logger). */
  log?: (message: string) => void;
  /** false for the admin commands: no LISTEN connection and no reading of the log. */
  follow?: boolean;
};

type AppendRow = {
  r_idx: number;
  r_status: 'stored' | 'released' | 'duplicate' | 'held';
  r_seq: number | null;
  r_kind: EventKind | null;
  r_event_id: string | null;
  r_venue_id: string | null;
  r_received_at: number | null;
  r_body: string | null;
  r_signature: string | null;
};

// seqs and millisecond times are bigint columns well below 2^53: read them as numbers.
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** An instance that has not reported for this long is gone: its open polls no longer count. */
const INSTANCE_TIMEOUT_MS = 3_000;
const USAGE_OVERLAP_MS = 2_000;

export const isPostgresUrl = (value: string): boolean => /^postgres(ql)?:\/\//i.test(value);

/** The URL without its password, for messages. */
export const redactUrl = (url: string): string => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<EventStore> {
  const log = options.log ?? ((message: string) => console.error(`relay: ${message}`));
  const pool: Pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle pooled connection that dies (server restart) is dropped by the pool; the error must
  // not crash the process.
  pool.on('error', (error) => log(`PostgreSQL connection lost: ${error.message}`));
  try {
    await migratePostgres(() => pool.connect());
  } catch (error) {
    await pool.end();
    throw error;
  }

  const appended = new Set<AppendedListener>();
  const revoked = new Set<() => void>();
  let closed = false;

  // --- Following the log in commit (= seq) order -------------------------------------------
  let lastSeen = (
    await pool.query<{ top: number }>('SELECT coalesce(max(seq), 0)::bigint AS top FROM events')
  ).rows[0]?.top as number;
  let reading: Promise<void> | null = null;
  // The highest seq known to be committed and not read yet (from a local commit or a
  // notification's payload), or Infinity when unknown (the interval, a reconnect).
  let wanted = 0;
  const TAIL_PAGE = 1_000;

  // Local appends waiting for the read that tells this instance's listeners of their commit.
  let catchingUp: { top: number; resolve: () => void }[] = [];
  const settleCaughtUp = (all: boolean) => {
    if (catchingUp.length === 0) return;
    const waiting = catchingUp;
    catchingUp = [];
    for (const waiter of waiting) {
      if (all || waiter.top <= lastSeen) waiter.resolve();
      else catchingUp.push(waiter);
    }
  };

  const readLog = async (): Promise<void> => {
    for (;;) {
      const { rows } = await pool.query<EventRow>({
        name: 'relay_tail',
        text: `SELECT ${EVENT_COLUMNS} FROM events WHERE seq > $1 ORDER BY seq LIMIT ${TAIL_PAGE}`,
        values: [lastSeen],
      });
      if (rows.length === 0) return;
      const events = rows.map(eventFromRow);
      const after = lastSeen;
      lastSeen = (events.at(-1) as StoredEvent).seq;
      for (const listener of appended) listener(events, after);
      settleCaughtUp(false);
      if (rows.length < TAIL_PAGE) return;
    }
  };

  /**
   * Reads what was committed since the last read; one reader at a time, re-run if asked meanwhile.
   * Given the seq a commit reached, a read that has already passed it is skipped: a local commit
   * and its own notification, or many commits' notifications arriving during one read, cost one
   * query for the whole instance, never one per poll or per venue.
   */
  const follow = (top = Infinity): Promise<void> => {
    if (closed || !following) return Promise.resolve();
    if (top <= lastSeen) return reading ?? Promise.resolve();
    wanted = Math.max(wanted, top);
    if (reading) return reading;
    reading = (async () => {
      while (wanted > lastSeen && !closed) {
        wanted = 0;
        try {
          await readLog();
        } catch (error) {
          log(`reading the event log failed: ${(error as Error).message}`);
          return;
        }
      }
    })().finally(() => {
      reading = null;
      // A failed read leaves the rest to the next one (the interval); a committed append does not
      // wait for it: the commit stands, and the listeners hear of it from that read.
      settleCaughtUp(true);
    });
    return reading;
  };

  /**
   * Resolves once this instance's listeners were told of everything up to seq top, so a poll on
   * this instance after the webhook's 200 finds the event (as with SQLite, where they are told
   * before the append returns). Waits for the read that passes top, not for the reader to go idle:
   * under a steady stream of commits it may never be.
   */
  const caughtUp = (top: number): Promise<void> => {
    if (top <= lastSeen || closed || !following) return Promise.resolve();
    const waited = new Promise<void>((resolve) => catchingUp.push({ top, resolve }));
    void follow(top);
    return waited;
  };

  const following = options.follow ?? true;
  const recheck = following
    ? setInterval(() => void follow(), options.recheckMs ?? 250)
    : undefined;
  recheck?.unref();

  // --- LISTEN on a dedicated connection, reconnected when it drops --------------------------
  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  const listen = async (): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({ connectionString: url, types });
    client.on('notification', (message) => {
      // The payload is the highest seq of the commit (relay_append).
      if (message.channel === CHANNEL.events) void follow(Number(message.payload) || Infinity);
      else if (message.channel === CHANNEL.revocations) for (const fn of revoked) fn();
    });
    const retry = () => {
      if (closed || listener !== client) return;
      listener = null;
      client.end().catch(() => undefined);
      clearTimeout(reconnect);
      reconnect = setTimeout(() => void listen(), 500);
      reconnect.unref();
    };
    client.on('error', (error) => {
      log(`LISTEN connection lost: ${error.message}`);
      retry();
    });
    client.on('end', retry);
    listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL.events}; LISTEN ${CHANNEL.revocations}`);
      // Whatever was committed while it was down.
      void follow();
      for (const fn of revoked) fn();
    } catch (error) {
      log(`LISTEN connection failed: ${(error as Error).message}`);
      retry();
    }
  };
  if (following) await listen();

  let lastUsageRead: number | null = null;

  const inTransaction = <T>(fn: (client: PoolClient) => Promise<T>): Promise<T> =>
    transaction(() => pool.connect(), fn);

  return {
    async appendBatch(events) {
      if (events.length === 0) return [];
      const column = <K extends keyof (typeof events)[number]>(key: K) =>
        events.map((event) => event[key]);
      // One statement, its own transaction: committed (synchronous_commit) before it returns.
      // Prepared once per connection (named): a group commit is one Bind/Execute round trip.
      const { rows } = await pool.query<AppendRow>({
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
      });
      const outcomes: AppendOutcome[] = [];
      let released: StoredEvent[] = [];
      let top = 0;
      for (const row of rows) {
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
      // Waiting polls here are woken by the ordered read of the log, not from this commit.
      await caughtUp(top);
      return outcomes;
    },

    async logId() {
      const { rows } = await pool.query<{ value: string }>(
        "SELECT value FROM meta WHERE key = 'log_id'",
      );
      return rows[0]?.value as string;
    },

    async listEvents(venueIds, after, limit) {
      if (venueIds.length === 0) return [];
      const { rows } = await pool.query<EventRow>({
        name: 'relay_list',
        text: `SELECT ${EVENT_COLUMNS} FROM events WHERE venue_id = ANY($1) AND seq > $2 ORDER BY seq LIMIT $3`,
        values: [venueIds, after, limit],
      });
      return rows.map(eventFromRow);
    },

    async findActiveTerminal(keyHash) {
      const { rows } = await pool.query<{
        id: string;
        name: string | null;
        created_at: number;
        venues: string[];
      }>(
        `SELECT t.id, t.name, t.created_at,
                array(SELECT venue_id FROM terminal_venues WHERE terminal_id = t.id ORDER BY venue_id) AS venues
         FROM terminals t WHERE t.key_hash = $1 AND t.revoked_at IS NULL`,
        [keyHash],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        venueIds: row.venues,
        createdAt: row.created_at,
        revokedAt: null,
      };
    },

    async revokedSince(cursor) {
      const { rows } = await pool.query<{ cursor: number; terminal_id: string }>(
        'SELECT cursor, terminal_id FROM revocations WHERE cursor > $1 ORDER BY cursor',
        [cursor],
      );
      return {
        terminalIds: rows.map((row) => row.terminal_id),
        cursor: rows.at(-1)?.cursor ?? cursor,
      };
    },

    async pruneBefore(time, options = {}) {
      return inTransaction(async (client) => {
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
        await client.query(
          `DELETE FROM poll_usage u USING relay_instances i WHERE i.id = u.instance_id
             AND i.seen_at < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - 600000`,
        );
        await client.query(
          'DELETE FROM relay_instances WHERE seen_at < (extract(epoch FROM clock_timestamp()) * 1000)::bigint - 600000',
        );
        return (events.rowCount ?? 0) + (held.rowCount ?? 0);
      });
    },

    onAppended(listener) {
      appended.add(listener);
      return () => appended.delete(listener);
    },

    onRevoked(listener) {
      revoked.add(listener);
      return () => revoked.delete(listener);
    },

    async createTerminals(terminals) {
      await inTransaction(async (client) => {
        await client.query(
          'INSERT INTO terminals (id, key_hash, name, created_at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])',
          [
            terminals.map((t) => t.id),
            terminals.map((t) => t.keyHash),
            terminals.map((t) => t.name),
            terminals.map((t) => t.createdAt),
          ],
        );
        const pairs = terminals.flatMap((t) => t.venueIds.map((venue) => [t.id, venue]));
        await client.query(
          'INSERT INTO terminal_venues (terminal_id, venue_id) SELECT * FROM unnest($1::text[], $2::text[])',
          [pairs.map((pair) => pair[0]), pairs.map((pair) => pair[1])],
        );
      });
    },

    async revokeTerminal(id, at) {
      return inTransaction(async (client) => {
        // Revocation cursors, like seqs, must become visible in order: instances remember the last
        // cursor they read.
        await client.query('SELECT pg_advisory_xact_lock($1, $2)', [RELAY_LOCKS, LOCK.revoke]);
        const changed = await client.query(
          'UPDATE terminals SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL',
          [at, id],
        );
        if (changed.rowCount === 0) return false;
        await client.query('INSERT INTO revocations (terminal_id, revoked_at) VALUES ($1, $2)', [
          id,
          at,
        ]);
        await client.query(`SELECT pg_notify('${CHANNEL.revocations}', $1)`, [id]);
        return true;
      });
    },

    async listTerminals() {
      const { rows } = await pool.query<{
        id: string;
        name: string | null;
        created_at: number;
        revoked_at: number | null;
        venues: string[];
      }>(
        `SELECT t.id, t.name, t.created_at, t.revoked_at,
                array(SELECT venue_id FROM terminal_venues WHERE terminal_id = t.id ORDER BY venue_id) AS venues
         FROM terminals t ORDER BY t.created_at, t.id`,
      );
      return rows.map((row): Terminal => ({
        id: row.id,
        name: row.name,
        venueIds: row.venues,
        createdAt: row.created_at,
        revokedAt: row.revoked_at,
      }));
    },

    async shareUsage(instanceId, changes) {
      return withConnection(
        () => pool.connect(),
        async (client) => {
          const now = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
          const { rows } = await client.query<{ now: number }>(
            `INSERT INTO relay_instances (id, seen_at) VALUES ($1, ${now})
           ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at RETURNING seen_at AS now`,
            [instanceId],
          );
          const at = rows[0]?.now as number;
          if (changes.length > 0) {
            await client.query(
              `INSERT INTO poll_usage (instance_id, terminal_id, polls, open, seen_at)
             SELECT $1, u.terminal_id, u.polls, u.open, $5
             FROM unnest($2::text[], $3::bigint[], $4::int[]) AS u (terminal_id, polls, open)
             ON CONFLICT (instance_id, terminal_id) DO UPDATE
               SET polls = excluded.polls, open = excluded.open, seen_at = excluded.seen_at`,
              [
                instanceId,
                changes.map((change) => change.terminalId),
                changes.map((change) => change.polls),
                changes.map((change) => change.open),
                at,
              ],
            );
          }
          const live = await client.query<{ id: string }>(
            'SELECT id FROM relay_instances WHERE id <> $1 AND seen_at > $2',
            [instanceId, at - INSTANCE_TIMEOUT_MS],
          );
          // Rows changed lately, with a window wide enough for statements committing out of order.
          const others = await client.query<{
            instance_id: string;
            terminal_id: string;
            polls: number;
            open: number;
          }>(
            `SELECT u.instance_id, u.terminal_id, u.polls, u.open FROM poll_usage u
           JOIN relay_instances i ON i.id = u.instance_id
           WHERE u.instance_id <> $1 AND i.seen_at > $2 AND u.seen_at > $3`,
            [instanceId, at - INSTANCE_TIMEOUT_MS, (lastUsageRead ?? 0) - USAGE_OVERLAP_MS],
          );
          lastUsageRead = at;
          return {
            live: live.rows.map((row) => row.id),
            others: others.rows.map((row) => ({
              instanceId: row.instance_id,
              terminalId: row.terminal_id,
              polls: row.polls,
              open: row.open,
            })),
          };
        },
      );
    },

    async setDeliverySecret(venueId, secret, at, previousUntil) {
      // The replaced secret becomes the previous one; the same secret again is no change.
      await pool.query(
        `INSERT INTO delivery_secrets (venue_id, secret, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (venue_id) DO UPDATE SET previous_secret = delivery_secrets.secret,
           previous_until = $4, secret = excluded.secret, updated_at = excluded.updated_at
         WHERE delivery_secrets.secret <> excluded.secret`,
        [venueId, secret, at, previousUntil],
      );
    },

    async deliverySecrets(venueId, at) {
      const { rows } = await pool.query<DeliverySecretRow>(
        'SELECT secret, previous_secret, previous_until FROM delivery_secrets WHERE venue_id = $1',
        [venueId],
      );
      return activeDeliverySecrets(rows[0], at);
    },

    async deliveryOrderVenue(orderRef) {
      const { rows } = await pool.query<{ venue_id: string }>(
        'SELECT venue_id FROM delivery_orders WHERE order_ref = $1',
        [orderRef],
      );
      return rows[0]?.venue_id ?? null;
    },

    async renewLogId() {
      const { rows } = await pool.query<{ value: string }>(
        "UPDATE meta SET value = gen_random_uuid()::text WHERE key = 'log_id' RETURNING value",
      );
      return rows[0]?.value as string;
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(recheck);
      clearTimeout(reconnect);
      appended.clear();
      revoked.clear();
      settleCaughtUp(true);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
      await reading;
      await pool.end();
    },
  };
}
