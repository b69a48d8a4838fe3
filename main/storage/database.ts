import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { MIGRATIONS } from './migrations';

export type { Database } from 'better-sqlite3';

export class DatabaseFromTheFutureError extends Error {
  constructor(found: number, known: number) {
    super(
      `The database has schema version ${found}, but this version of Countertop knows only up to ` +
        `${known}. It was written by a newer version; update Countertop instead of opening it.`,
    );
    this.name = 'DatabaseFromTheFutureError';
  }
}

const userVersion = (db: Database): number => db.pragma('user_version', { simple: true }) as number;

/**
 * Brings the database to the newest version in one IMMEDIATE transaction: a failing step leaves
 * the version it started from, whole, and two processes opening the file cannot both migrate.
 */
export const migrate = (
  db: Database,
  migrations: ReadonlyArray<(db: Database) => void> = MIGRATIONS,
): void => {
  db.transaction(() => {
    const current = userVersion(db);
    if (current > migrations.length)
      throw new DatabaseFromTheFutureError(current, migrations.length);
    if (current === migrations.length) return;
    for (const step of migrations.slice(current)) step(db);
    db.pragma(`user_version = ${migrations.length}`);
  }).immediate();
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
