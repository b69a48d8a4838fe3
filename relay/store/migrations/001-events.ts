import type Database from 'better-sqlite3';

// AUTOINCREMENT so a seq is never reused after pruning: terminals hold cursors into it.
export function migration001(db: Database.Database): void {
  db.exec(`
    CREATE TABLE events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('marketplace', 'delivery')),
      event_id TEXT NOT NULL,
      venue_id TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      body TEXT NOT NULL,
      signature TEXT,
      UNIQUE (kind, event_id)
    );
    CREATE INDEX events_venue_seq ON events (venue_id, seq);
    CREATE INDEX events_received_at ON events (received_at);
  `);
}
