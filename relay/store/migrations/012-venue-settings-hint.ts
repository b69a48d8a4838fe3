import type Database from 'better-sqlite3';

// The event log takes a third kind: 'venue-settings', the hint that a terminal changed its
// venue's settings (shared/relay-events.ts), so the venue's other terminals read them at once.
// SQLite cannot change a CHECK in place: the table is built again with every row and seq kept,
// and the AUTOINCREMENT counter carried over (a seq is never reused, even one pruned: terminals
// hold cursors into it). Its indexes and the intake trigger (7) go with the old table and are made
// again as they were.
export function migration012(db: Database.Database): void {
  db.exec(`
    ALTER TABLE events RENAME TO events_before_12;
    CREATE TABLE events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('marketplace', 'delivery', 'venue-settings')),
      event_id TEXT NOT NULL,
      venue_id TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      body TEXT NOT NULL,
      signature TEXT,
      UNIQUE (kind, event_id)
    );
    INSERT INTO events (seq, kind, event_id, venue_id, received_at, body, signature)
      SELECT seq, kind, event_id, venue_id, received_at, body, signature FROM events_before_12
      ORDER BY seq;
    DELETE FROM sqlite_sequence WHERE name = 'events';
    INSERT INTO sqlite_sequence (name, seq)
      SELECT 'events', seq FROM sqlite_sequence WHERE name = 'events_before_12';
    DROP TABLE events_before_12;
    CREATE INDEX events_venue_seq ON events (venue_id, seq);
    CREATE INDEX events_received_at ON events (received_at);
    CREATE TRIGGER events_venue_intake AFTER INSERT ON events WHEN NEW.kind = 'marketplace'
    BEGIN
      INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES (NEW.venue_id, NEW.received_at)
        ON CONFLICT (venue_id) DO UPDATE
        SET last_webhook_at = max(coalesce(last_webhook_at, excluded.last_webhook_at), excluded.last_webhook_at);
    END;
  `);
}
