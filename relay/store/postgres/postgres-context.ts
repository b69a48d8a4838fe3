// The PostgreSQL store's connections and state, passed explicitly to the module-level functions
// of postgres-log.ts (following the log), postgres-events.ts, postgres-terminals.ts and
// postgres-delivery.ts.
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { Pool, PoolClient } from 'pg';
import type { AppendedListener } from '../event-store';
import { inTransaction as transaction } from './transaction';

// seqs and millisecond times are bigint columns well below 2^53: read them as numbers.
export const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === 20
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export type PgContext = {
  url: string;
  /** The role's password as it stands now (a rotated credential), when not in the URL or ~/.pgpass. */
  password: (() => string) | undefined;
  pool: Pool;
  /**
   * The bookkeeping's own connections (who was seen, which venues were polled, each key's poll
   * usage, what a terminal reported), committed without waiting for the disk: see notesPool.
   */
  notes: Pool;
  /** Where connection trouble is reported (rate-limited by the caller's logger). */
  log: (message: string) => void;
  /** false for the admin commands: no LISTEN connection and no reading of the log. */
  following: boolean;
  closed: boolean;
  appended: Set<AppendedListener>;
  revoked: Set<() => void>;
  /** The highest seq this instance's listeners were told of. */
  lastSeen: number;
  /** The read of the log under way. */
  reading: Promise<void> | null;
  /**
   * The highest seq known to be committed and not read yet (from a local commit or a
   * notification's payload), or Infinity when unknown (the interval, a reconnect).
   */
  wanted: number;
  /** Local appends waiting for the read that tells this instance's listeners of their commit. */
  catchingUp: { top: number; resolve: () => void }[];
  /** The LISTEN connection, reconnected when it drops. */
  listener: pg.Client | null;
  reconnect: NodeJS.Timeout | undefined;
  /** Since when a committed event has waited for an older transaction (null: none waits). */
  heldSince: number | null;
  heldRetries: number;
  heldReported: boolean;
  /** The re-read scheduled while an event waits. */
  heldRetry: NodeJS.Timeout | undefined;
  /** Intake rows noted after their append's commit (postgres-events.ts), awaited by close(). */
  intakeNotes: Set<Promise<void>>;
  /**
   * The xmin of a snapshot taken at or before the last read of the other instances' usage (a
   * transaction id as text; '0' before the first): rows changed since were written at or above it.
   */
  usageHorizon: string;
};

/**
 * The connection settings of a new connection: the URL, and the password as it stands now. With
 * a password the URL is parsed here, since pg lets a connectionString's (empty) password win.
 */
export const connectionConfig = (
  url: string,
  password: (() => string) | undefined,
): pg.ClientConfig =>
  password === undefined
    ? { connectionString: url, types }
    : { ...parseIntoClientConfig(url), types, password };

export const inTransaction = <T>(
  ctx: PgContext,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> => transaction(() => ctx.pool.connect(), fn);

/**
 * The bookkeeping's pool: its few connections commit without waiting for the WAL's flush
 * (`synchronous_commit` off for them alone). 20,000 terminals' notes through the shared pool took
 * its connections from the appends and the log reads, each held through a flush of the disk.
 * Visible to every instance at once as before; a crash of PostgreSQL itself may lose the last
 * fraction of a second of notes (each is written again by the terminal's next call), never an
 * event: appends use the shared pool and commit synchronously. Its transactions hold no seq and
 * hold back no event (migration 18: only appends count for settling).
 */
export const notesPool = (
  url: string,
  password: (() => string) | undefined,
  log: (message: string) => void,
): Pool => {
  const notes = new pg.Pool({
    ...connectionConfig(url, password),
    options: '-c synchronous_commit=off',
    max: NOTES_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  notes.on('error', (error) => log(`PostgreSQL connection lost: ${error.message}`));
  return notes;
};

/** Connections of the bookkeeping's pool: its writes wait for each other, never for an append. */
export const NOTES_POOL_SIZE = 2;

/**
 * The most rows one bookkeeping statement writes: a wave of polls (20,000 terminals' long polls
 * ending together) is written in statements of this size, one after another, so none runs long:
 * a long one held back the settling of the events appended meanwhile until appends were marked
 * (migration 18), and still holds back the next usage read of every instance (migration 19).
 */
export const BOOKKEEPING_ROWS = 500;

/** `rows` in slices of at most BOOKKEEPING_ROWS. */
export function* bookkeepingSlices<T>(rows: readonly T[]): Generator<T[]> {
  for (let at = 0; at < rows.length; at += BOOKKEEPING_ROWS)
    yield rows.slice(at, at + BOOKKEEPING_ROWS);
}
