import type Database from 'better-sqlite3';

// What the "no orders arriving" watch (intake-watch.ts) judges a venue by, kept in the store so a
// restarted relay still knows it: the venue's last marketplace notification (kept by a trigger, so
// it commits with the event itself and nothing can append one without it), the state a terminal
// last reported and its last poll. Filled from the events already in the log.
export function migration007(db: Database.Database): void {
  db.exec(`
    CREATE TABLE venue_intake (
      venue_id TEXT PRIMARY KEY,
      last_webhook_at INTEGER,
      reported_online INTEGER,
      reported_open INTEGER,
      reported_at INTEGER,
      polled_at INTEGER
    );
    INSERT INTO venue_intake (venue_id, last_webhook_at)
      SELECT venue_id, max(received_at) FROM events WHERE kind = 'marketplace' GROUP BY venue_id;
    CREATE TRIGGER events_venue_intake AFTER INSERT ON events WHEN NEW.kind = 'marketplace'
    BEGIN
      INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES (NEW.venue_id, NEW.received_at)
        ON CONFLICT (venue_id) DO UPDATE
        SET last_webhook_at = max(coalesce(last_webhook_at, excluded.last_webhook_at), excluded.last_webhook_at);
    END;
  `);
}
