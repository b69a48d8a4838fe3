// The one SQLite opener of the project's databases (the terminal's and the relay's): the
// settings their durability depends on, then the caller's migration, the file closed again when
// either fails.
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';

export type OpenSqliteOptions = {
  /** Brings the schema to the newest version (kit/migrations.ts); a failure closes the file. */
  readonly migrate: (db: Database) => void;
  /** Pragmas of this database only, set after the shared ones (e.g. `secure_delete = ON`). */
  readonly pragmas?: readonly string[];
};

/** Opens (creating if needed) a SQLite file: WAL, synchronous=FULL, a busy timeout, foreign keys. */
export const openSqlite = (path: string, options: OpenSqliteOptions): Database => {
  const db = new BetterSqlite3(path);
  try {
    db.pragma('journal_mode = WAL');
    // FULL: a commit is on disk before it is acknowledged (to staff, or the platform's 200), so a
    // power cut loses nothing acknowledged, not only a crash.
    db.pragma('synchronous = FULL');
    // Another process may write to the same file for a moment (the relay's admin CLI).
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    for (const pragma of options.pragmas ?? []) db.pragma(pragma);
    options.migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
};
