import type Database from 'better-sqlite3';

// The settings a venue keeps once for all its terminals (shared/venue-settings.ts, the JSON the
// relay checked), numbered so a terminal knows it has the newest; and the per-order duties one
// terminal of the venue does for all (sent to POS, each printed document): the first terminal to
// claim one holds it, for good.
export function migration010(db: Database.Database): void {
  db.exec(`
    CREATE TABLE venue_settings (
      venue_id TEXT PRIMARY KEY,
      settings TEXT NOT NULL,
      version INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      updated_by TEXT
    );
    CREATE TABLE order_duties (
      venue_id TEXT NOT NULL,
      order_id TEXT NOT NULL,
      duty TEXT NOT NULL,
      terminal_id TEXT NOT NULL,
      claimed_at INTEGER NOT NULL,
      PRIMARY KEY (venue_id, order_id, duty)
    );
    CREATE INDEX order_duties_claimed_at ON order_duties (claimed_at);
  `);
}
