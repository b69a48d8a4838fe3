import type Database from 'better-sqlite3';

// Revocations are an append-only log so a running relay can find, from another process's
// change, which waiting polls to end, by remembering the last cursor it has seen.
export function migration002(db: Database.Database): void {
  db.exec(`
    CREATE TABLE terminals (
      id TEXT PRIMARY KEY,
      key_hash TEXT NOT NULL UNIQUE,
      name TEXT,
      created_at INTEGER NOT NULL,
      revoked_at INTEGER
    );
    CREATE TABLE terminal_venues (
      terminal_id TEXT NOT NULL REFERENCES terminals (id),
      venue_id TEXT NOT NULL,
      PRIMARY KEY (terminal_id, venue_id)
    );
    CREATE TABLE revocations (
      cursor INTEGER PRIMARY KEY AUTOINCREMENT,
      terminal_id TEXT NOT NULL REFERENCES terminals (id),
      revoked_at INTEGER NOT NULL
    );
  `);
}
