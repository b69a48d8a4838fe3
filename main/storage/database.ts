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

/** Applies the migrations after the current user_version, each in its own transaction. */
export const migrate = (
  db: Database,
  migrations: ReadonlyArray<(db: Database) => void> = MIGRATIONS,
): void => {
  const current = userVersion(db);
  if (current > migrations.length) throw new DatabaseFromTheFutureError(current, migrations.length);
  for (let version = current + 1; version <= migrations.length; version += 1) {
    const step = migrations[version - 1];
    if (!step) break;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${version}`);
    }).immediate();
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
