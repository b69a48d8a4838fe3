// Terminals, their revocations and the polls each key takes across instances, on PostgreSQL.
import type { KeyUsage, NewTerminalRow, SharedUsage, Terminal } from '../event-store';
import { CHANNEL, LOCK, RELAY_LOCKS } from './migrations';
import { bookkeepingSlices, type PgContext } from './postgres-context';
import { inTransaction } from './postgres-context';
import { withConnection } from './transaction';

/** An instance that has not reported for this long is gone: its open polls no longer count. */
const INSTANCE_TIMEOUT_MS = 3_000;

export const findActiveTerminal = async (
  ctx: PgContext,
  keyHash: string,
): Promise<Terminal | null> => {
  const { rows } = await ctx.pool.query<{
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
};

export const revokedSince = async (
  ctx: PgContext,
  cursor: number,
): Promise<{ terminalIds: string[]; cursor: number }> => {
  const { rows } = await ctx.pool.query<{ cursor: number; terminal_id: string }>(
    'SELECT cursor, terminal_id FROM revocations WHERE cursor > $1 ORDER BY cursor',
    [cursor],
  );
  return {
    terminalIds: rows.map((row) => row.terminal_id),
    cursor: rows.at(-1)?.cursor ?? cursor,
  };
};

export const createTerminals = async (
  ctx: PgContext,
  terminals: NewTerminalRow[],
): Promise<void> => {
  await inTransaction(ctx, async (client) => {
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
};

export const revokeTerminal = (ctx: PgContext, id: string, at: number): Promise<boolean> =>
  inTransaction(ctx, async (client) => {
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

type TerminalRow = {
  id: string;
  name: string | null;
  created_at: number;
  revoked_at: number | null;
  venues: string[];
};

// Number(): a BIGINT column may come back as a string, whatever the row type says.
const toTerminal = (row: TerminalRow): Terminal => ({
  id: row.id,
  name: row.name,
  venueIds: row.venues,
  createdAt: Number(row.created_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
});

export const listTerminals = async (ctx: PgContext): Promise<Terminal[]> => {
  const { rows } = await ctx.pool.query<TerminalRow>(
    `SELECT t.id, t.name, t.created_at, t.revoked_at,
                array(SELECT venue_id FROM terminal_venues WHERE terminal_id = t.id ORDER BY venue_id) AS venues
         FROM terminals t ORDER BY t.created_at, t.id`,
  );
  return rows.map(toTerminal);
};

export const venueTerminals = async (ctx: PgContext, venueIds: string[]): Promise<Terminal[]> => {
  const { rows } = await ctx.pool.query<TerminalRow>(
    `SELECT t.id, t.name, t.created_at, t.revoked_at,
            array(SELECT venue_id FROM terminal_venues WHERE terminal_id = t.id ORDER BY venue_id) AS venues
       FROM terminals t
      WHERE t.revoked_at IS NULL
        AND EXISTS (SELECT 1 FROM terminal_venues v WHERE v.terminal_id = t.id AND v.venue_id = ANY($1::text[]))
      ORDER BY t.created_at, t.id`,
    [venueIds],
  );
  return rows.map(toTerminal);
};

export const shareUsage = (
  ctx: PgContext,
  instanceId: string,
  changes: KeyUsage[],
): Promise<SharedUsage> =>
  withConnection(
    () => ctx.notes.connect(),
    async (client) => {
      const now = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';
      // The snapshot's xmin, for the next read: this statement's snapshot is taken before the
      // read's below, and a later snapshot's xmin is never lower.
      const { rows } = await client.query<{ now: number; horizon: string }>(
        `INSERT INTO relay_instances (id, seen_at) VALUES ($1, ${now})
           ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at
           RETURNING seen_at AS now, pg_snapshot_xmin(pg_current_snapshot())::text AS horizon`,
        [instanceId],
      );
      const at = rows[0]?.now as number;
      const horizon = rows[0]?.horizon as string;
      // In slices (BOOKKEEPING_ROWS): one statement over a wave of 20,000 terminals' polls would
      // run long.
      for (const slice of bookkeepingSlices(changes)) {
        await client.query(
          `INSERT INTO poll_usage (instance_id, terminal_id, polls, open, seen_at)
             SELECT $1, u.terminal_id, u.polls, u.open, $5
             FROM unnest($2::text[], $3::bigint[], $4::int[]) AS u (terminal_id, polls, open)
             ON CONFLICT (instance_id, terminal_id) DO UPDATE
               SET polls = excluded.polls, open = excluded.open, seen_at = excluded.seen_at`,
          [
            instanceId,
            slice.map((change) => change.terminalId),
            slice.map((change) => change.polls),
            slice.map((change) => change.open),
            at,
          ],
        );
      }
      const live = await client.query<{ id: string }>(
        'SELECT id FROM relay_instances WHERE id <> $1 AND seen_at > $2',
        [instanceId, at - INSTANCE_TIMEOUT_MS],
      );
      // Rows changed since the last read (migration 19), whatever order their writers commit in.
      const others = await client.query<{
        instance_id: string;
        terminal_id: string;
        polls: number;
        open: number;
      }>(
        `SELECT u.instance_id, u.terminal_id, u.polls, u.open FROM poll_usage u
           JOIN relay_instances i ON i.id = u.instance_id
           WHERE u.instance_id <> $1 AND i.seen_at > $2 AND u.changed >= $3::xid8`,
        [instanceId, at - INSTANCE_TIMEOUT_MS, ctx.usageHorizon],
      );
      ctx.usageHorizon = horizon;
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
