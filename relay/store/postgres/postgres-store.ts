// The relay's event store on PostgreSQL, shared by any number of relay instances.
//
// Commit order: every append runs relay_append (migrations 5 and 14), which takes its transaction
// id and its seqs under one advisory lock, released before the commit's flush: appends from every
// instance commit in parallel, in any order, and seq order is transaction-id order. Every instance
// follows the one log with a single cursor ("events with seq > the last one seen", in seq order),
// handing out only settled events, whose transaction is older than every append still running
// (postgres-log.ts, migration 18), so a seq 9 that committed before seq 8 waits for it. The log is
// read when notified (LISTEN/NOTIFY, sent by the append's own procedure after its commit), soon
// again while an event waits, and on a short interval in case a notification is lost (LISTEN
// connection down, server restarted). Polls are woken from that ordered read, or from an append
// settled at its commit (migration 17: no older append that may hold a seq was running), whose
// events the appending instance hands out from the append's rows and the others from its
// notification's payload, each only once it has handed out every seq below them: an instance
// never hands out seq 9 before it has seen a seq 8 committed elsewhere.
//
// Each concern is its own file of module-level functions over a PgContext (postgres-context.ts):
// postgres-log.ts follows the log, postgres-events.ts, postgres-terminals.ts and
// postgres-delivery.ts hold the SQL; this file only opens the pool and composes them.
import pg from 'pg';
import { printable } from '../../printable';
import type { EventStore } from '../event-store';
import { migratePostgres } from './migrations';
import { deliveryOrderVenue, deliverySecrets, setDeliverySecret } from './postgres-delivery';
import type { PgContext } from './postgres-context';
import { postgresDriveStore } from './postgres-drive';
import { connectionConfig, notesPool } from './postgres-context';
import { appendBatch, listEvents, logId, pruneBefore, renewLogId } from './postgres-events';
import { noteVenuePolls, noteVenueReport, venueIntake } from './postgres-intake';
import {
  noteTerminalReport,
  noteTerminalTrouble,
  noteTerminalsSeen,
  terminalPresence,
  terminalTrouble,
} from './postgres-presence';
import { postgresVenueStore } from './postgres-venue';
import { follow, listen, settleCaughtUp } from './postgres-log';
import {
  createTerminals,
  findActiveTerminal,
  listTerminals,
  venueTerminals,
  revokedSince,
  revokeTerminal,
  shareUsage,
} from './postgres-terminals';

export type PostgresStoreOptions = {
  /** How often the log is re-read without a notification (default 250 ms). */
  recheckMs?: number;
  /** Connections in the pool (default 10), plus one for LISTEN and the bookkeeping's (notesPool). */
  poolSize?: number;
  /** Where connection trouble is reported (rate-limited by the caller's logger). */
  log?: (message: string) => void;
  /** false for the admin commands: no LISTEN connection and no reading of the log. */
  follow?: boolean;
  /**
   * The role's password, asked for at each new connection, so a password rotated on SIGHUP is
   * used from the next connection on. Unset: the URL, PGPASSWORD or ~/.pgpass give it.
   */
  password?: () => string;
};

export const isPostgresUrl = (value: string): boolean => /^postgres(ql)?:\/\//i.test(value);

/** The pool, migrated; closed again when the migration fails. */
const openPool = async (url: string, options: PostgresStoreOptions, log: PgContext['log']) => {
  const pool = new pg.Pool({
    ...connectionConfig(url, options.password),
    max: options.poolSize ?? 10,
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
  return pool;
};

export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<EventStore> {
  const log = options.log ?? ((message: string) => console.error(`relay: ${printable(message)}`));
  const pool = await openPool(url, options, log);
  const ctx: PgContext = {
    url,
    password: options.password,
    pool,
    notes: notesPool(url, options.password, log),
    log,
    following: options.follow ?? true,
    closed: false,
    appended: new Set(),
    revoked: new Set(),
    lastSeen: (
      await pool.query<{ top: number }>('SELECT coalesce(max(seq), 0)::bigint AS top FROM events')
    ).rows[0]?.top as number,
    reading: null,
    wanted: 0,
    catchingUp: [],
    listener: null,
    reconnect: undefined,
    heldSince: null,
    heldRetries: 0,
    heldReported: false,
    heldRetry: undefined,
    usageHorizon: '0',
    intakeNotes: new Set(),
  };
  const recheck = ctx.following
    ? setInterval(() => void follow(ctx), options.recheckMs ?? 250)
    : undefined;
  recheck?.unref();
  if (ctx.following) await listen(ctx);

  return {
    ...postgresDriveStore(ctx),
    ...postgresVenueStore(ctx),
    appendBatch: (events, committed) => appendBatch(ctx, events, committed),
    logId: () => logId(ctx),
    listEvents: (venueIds, after, limit) => listEvents(ctx, venueIds, after, limit),
    findActiveTerminal: (keyHash) => findActiveTerminal(ctx, keyHash),
    revokedSince: (cursor) => revokedSince(ctx, cursor),
    pruneBefore: (time, pruneOptions) => pruneBefore(ctx, time, pruneOptions),
    onAppended(listener) {
      ctx.appended.add(listener);
      return () => ctx.appended.delete(listener);
    },
    onRevoked(listener) {
      ctx.revoked.add(listener);
      return () => ctx.revoked.delete(listener);
    },
    createTerminals: (terminals) => createTerminals(ctx, terminals),
    revokeTerminal: (id, at) => revokeTerminal(ctx, id, at),
    listTerminals: () => listTerminals(ctx),
    venueTerminals: (venueIds) => venueTerminals(ctx, venueIds),
    shareUsage: (instanceId, changes) => shareUsage(ctx, instanceId, changes),
    setDeliverySecret: (venueId, secret, at, previousUntil) =>
      setDeliverySecret(ctx, venueId, secret, at, previousUntil),
    deliverySecrets: (venueId, at) => deliverySecrets(ctx, venueId, at),
    deliveryOrderVenue: (orderRef) => deliveryOrderVenue(ctx, orderRef),
    venueIntake: (venueIds) => venueIntake(ctx, venueIds),
    noteVenueReport: (venueId, state, at) => noteVenueReport(ctx, venueId, state, at),
    noteVenuePolls: (polls) => noteVenuePolls(ctx, polls),
    noteTerminalsSeen: (seen) => noteTerminalsSeen(ctx, seen),
    noteTerminalReport: (terminalId, report, at) => noteTerminalReport(ctx, terminalId, report, at),
    noteTerminalTrouble: (terminalId, problems, at) =>
      noteTerminalTrouble(ctx, terminalId, problems, at),
    terminalTrouble: (terminalIds, since) => terminalTrouble(ctx, terminalIds, since),
    terminalPresence: (terminalIds) => terminalPresence(ctx, terminalIds),
    renewLogId: () => renewLogId(ctx),
    async close() {
      if (ctx.closed) return;
      ctx.closed = true;
      clearInterval(recheck);
      clearTimeout(ctx.reconnect);
      clearTimeout(ctx.heldRetry);
      ctx.appended.clear();
      ctx.revoked.clear();
      settleCaughtUp(ctx, true);
      const client = ctx.listener;
      ctx.listener = null;
      await client?.end().catch(() => undefined);
      await ctx.reading;
      await Promise.all(ctx.intakeNotes);
      await ctx.pool.end();
      await ctx.notes.end();
    },
  };
}
