import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import type { SqliteStep } from '../../kit/migrations';
import { migrateSqlite, SchemaFromTheFutureError } from '../../kit/migrations';
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

/** Opens (or creates) the terminal's database: WAL, synchronous=FULL, migrated. */
export const openDatabase = (path: string): Database => {
  const db = new BetterSqlite3(path);
  try {
    db.pragma('journal_mode = WAL');
    // FULL: an action staff saw acknowledged must survive a power cut, not only a crash.
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
};
