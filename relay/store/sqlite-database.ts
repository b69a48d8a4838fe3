import Database from 'better-sqlite3';
import { migrate } from './migrations';

/** Opens (creating if needed) the relay's SQLite file with the settings durability depends on. */
export function openRelayDatabase(path: string): Database.Database {
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    // FULL: a commit is on disk before the relay answers 200, so a power cut loses nothing acknowledged.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // The admin CLI writes to the same file while the relay runs.
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
