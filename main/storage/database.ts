import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { SqliteStep } from '../../kit/migrations';
import { migrateSqlite, SchemaFromTheFutureError } from '../../kit/migrations';
import { openSqlite } from '../../kit/sqlite';
import { MIGRATIONS } from './migrations';

export type { Database } from 'better-sqlite3';

/** The terminal's words for a database a newer Countertop wrote: staff are told to update. */
export class DatabaseFromTheFutureError extends Error {
  constructor(found: number, known: number) {
    super(
      `The database has schema version ${found}, but this version of Countertop knows only up to ` +
        `${known}. It was written by a newer version; update Countertop instead of opening it.`,
    );
    this.name = 'DatabaseFromTheFutureError';
  }
}

/**
 * Brings the database to the newest version with the project's one runner (kit/migrations.ts):
 * one IMMEDIATE transaction, so a failing step leaves the version it started from, whole, and two
 * processes opening the file cannot both migrate.
 */
export const migrate = (db: Database, migrations: readonly SqliteStep[] = MIGRATIONS): void => {
  try {
    migrateSqlite(db, migrations);
  } catch (error) {
    if (error instanceof SchemaFromTheFutureError)
      throw new DatabaseFromTheFutureError(error.found, error.known);
    throw error;
  }
};

const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;
const SIDE_FILES = ['-wal', '-shm', '-journal'];
/**
 * SQLite's page cache, in KiB. better-sqlite3 builds SQLite with a 16 MB default, and the cache
 * keeps what it read until it is full: over a shift main's memory grew by that much while the
 * database grew past 16 MB (the soak: its malloc heap +17 MB, the JS heap flat). A terminal's hot
 * pages (today's orders, the outbox, the indexes' upper levels) fit in 4 MB many times over; the
 * rest is in the OS's file cache a read call away.
 */
const PAGE_CACHE_KIB = 4096;

/**
 * The database holds customers' names and phones: its folder and files are the user's alone,
 * whatever the umask, and an install from before this rule is tightened on its next start.
 * SQLite gives the WAL and shared-memory files the database file's mode; they are set anyway.
 * Windows has no such modes (the user profile's ACL applies).
 */
const keepPrivate = (path: string, sideFiles: boolean): void => {
  if (process.platform === 'win32') return;
  if (!sideFiles) {
    chmodSync(dirname(path), PRIVATE_FOLDER);
    closeSync(openSync(path, 'a', PRIVATE_FILE));
  }
  for (const file of sideFiles ? SIDE_FILES.map((suffix) => path + suffix) : [path]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
  }
};

/**
 * Opens (or creates) the terminal's database (kit/sqlite.ts: WAL), migrated, private to the user
 * (its folder 0700, the database and its WAL/SHM files 0600). Commits do not wait for the disk
 * (synchronous=NORMAL): what must be on disk before it is acknowledged waits for `flushWal`
 * instead, off main's event loop (docs/architecture.md, "Durability").
 */
export const openDatabase = (path: string): Database => {
  keepPrivate(path, false);
  const db = openSqlite(path, {
    pragmas: [
      // Deleted and overwritten content is zeroed, not left in free pages and free space:
      // retention removes customers' names, and they must not stay readable in the file.
      'secure_delete = ON',
      `cache_size = -${PAGE_CACHE_KIB}`,
      // A commit at FULL waits for an fsync of the WAL on main's event loop: 1–10 ms on a quiet
      // disk, hundreds under load, once per staff action and per notification. Commits are made
      // durable by a WalFlush instead: the same fsync, on libuv's thread pool, shared by every
      // commit made before it started.
      'synchronous = NORMAL',
    ],
    migrate: (opened) => migrate(opened),
  });
  try {
    keepPrivate(path, true);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
};

/**
 * Copies the WAL into the database file and empties it: after retention, the pages it zeroed are
 * zeroed in the file too, and the WAL's older copies of pages (names included) are gone.
 */
export const checkpointAndTruncate = (db: Database): void => {
  db.pragma('wal_checkpoint(TRUNCATE)');
};

/** SQLite's own check of the whole file: ['ok'] or what is broken. */
export const integrityCheck = (db: Database): string[] =>
  (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map(
    (row) => row.integrity_check,
  );

/**
 * Runs `write` in one transaction that nobody waits on the disk for: bookkeeping whose loss in a
 * power cut is made good from a record that was flushed (an order the platform holds is read
 * again at start, a row left `sending` is settled again, a ticket left `printing` waits for
 * staff, an audit line). Every commit is synchronous=NORMAL now; the name says that no
 * acknowledgement waits for this one (the next flush, at most FLUSH_EVERY_MS later, takes it to
 * disk). Inside another transaction it is a savepoint of that one and commits as that one does.
 */
export const commitLazily = <T>(db: Database, write: () => T): T => db.transaction(write)();

/** Commits nobody waited for reach the disk at the latest this long after they were made. */
export const FLUSH_EVERY_MS = 1_000;

export type WalFlush = {
  /**
   * Resolves once every commit made before the call is on disk (the WAL fsynced, on libuv's
   * thread pool, main's loop free meanwhile). Calls made while one fsync runs share the next;
   * nothing committed since the last fsync: resolves at once.
   */
  flush(): Promise<void>;
  /** Flushes every FLUSH_EVERY_MS while commits wait for it, until closed. */
  close(): Promise<void>;
};

const syncFile = async (path: string): Promise<void> => {
  let handle;
  try {
    // Writable: Windows flushes only through a handle opened for writing.
    handle = await open(path, 'r+');
  } catch (error) {
    // No WAL: the database was closed and checkpointed, nothing waits in a WAL.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * The durability of synchronous=FULL without its wait on main's loop. In WAL mode a commit is a
 * write of its pages to the WAL file; FULL adds an fsync of that file inside the commit, NORMAL
 * leaves it to the next checkpoint. Either way the commit is in the operating system once it
 * returns, so a crash of the app loses nothing. A power cut loses what is not fsynced: here, what
 * no flush has reached yet. The hosts wait for a flush before they answer staff (core.ts), the
 * relay client before it asks past a committed batch, and the timer bounds the rest to
 * FLUSH_EVERY_MS. SQLite keeps the WAL's frames in commit order and recovers to the last whole
 * commit, so a power cut leaves a consistent database that holds every acknowledged commit.
 */
export const createWalFlush = (
  db: Database,
  sync: (path: string) => Promise<void> = syncFile,
): WalFlush => {
  const wal = `${db.name}-wal`;
  const total = db.prepare<[], number>('SELECT total_changes()').pluck();
  const changes = (): number => (db.open ? (total.get() ?? 0) : durable);
  let durable = changes();
  let running: { upTo: number; done: Promise<void> } | null = null;
  let next: Promise<void> | null = null;
  const start = (upTo: number): Promise<void> => {
    const done = sync(wal)
      .then(() => {
        durable = Math.max(durable, upTo);
      })
      .finally(() => {
        running = null;
      });
    running = { upTo, done };
    return done;
  };
  const flush = (): Promise<void> => {
    const wanted = changes();
    if (wanted <= durable) return Promise.resolve();
    if (!running) return start(wanted);
    if (running.upTo >= wanted) return running.done;
    // The fsync under way may have begun before these commits: one more after it, for all.
    next ??= running.done
      .catch(() => undefined)
      .then(() => {
        next = null;
        return flush();
      });
    return next;
  };
  const timer = setInterval(() => {
    flush().catch(() => undefined);
  }, FLUSH_EVERY_MS);
  timer.unref();
  return {
    flush,
    close: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};
