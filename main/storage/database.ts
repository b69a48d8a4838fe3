import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
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
 * Opens (or creates) the terminal's database (kit/sqlite.ts: WAL, synchronous=FULL), migrated,
 * private to the user (its folder 0700, the database and its WAL/SHM files 0600).
 */
export const openDatabase = (path: string): Database => {
  keepPrivate(path, false);
  const db = openSqlite(path, {
    pragmas: [
      // Deleted and overwritten content is zeroed, not left in free pages and free space:
      // retention removes customers' names, and they must not stay readable in the file.
      'secure_delete = ON',
      `cache_size = -${PAGE_CACHE_KIB}`,
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
 * Runs `write` in a transaction whose commit does not wait for the disk (synchronous=NORMAL for
 * this commit only; every other commit waits, synchronous=FULL). Each commit that waits holds
 * main's event loop for an fsync (1–10 ms here, more on a busy disk), and a rush makes hundreds:
 * this is for the bookkeeping whose loss in a power cut is made good from a record that did
 * wait: an order the platform holds (read again at start), an action's outcome (a row left
 * `sending` is settled again), a ticket marked printed (left `printing`, it waits for staff),
 * an audit line. The WAL keeps commits in order and a waiting commit syncs all before it, so a
 * power cut can lose only the newest of these writes, never one a later waiting commit follows.
 * Inside another transaction it is a savepoint of that one and commits as that one does.
 */
export const commitLazily = <T>(db: Database, write: () => T): T => {
  if (db.inTransaction) return db.transaction(write)();
  db.pragma('synchronous = NORMAL');
  try {
    return db.transaction(write)();
  } finally {
    db.pragma('synchronous = FULL');
  }
};
