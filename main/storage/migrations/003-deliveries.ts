import type { Database } from 'better-sqlite3';

/**
 * Courier deliveries (docs/platform.md#delivery-service): the bookings, the relay's delivery events
 * as received (a durable inbox, verified after the commit because verification is asynchronous),
 * and every verified
 * event by its id (the dedupe key), from which a delivery's state is folded.
 */
export const migration003Deliveries = (db: Database): void => {
  db.exec(`
    CREATE TABLE deliveries (
      id TEXT PRIMARY KEY,
      reference TEXT UNIQUE,
      venue_id TEXT NOT NULL,
      booking TEXT NOT NULL,
      status TEXT NOT NULL,
      tracking_url TEXT,
      price TEXT,
      rejected_reason TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX deliveries_by_created ON deliveries (created_at);

    CREATE TABLE delivery_inbox (
      relay_seq INTEGER PRIMARY KEY,
      body TEXT NOT NULL,
      received_at TEXT NOT NULL,
      processed_at TEXT,
      outcome TEXT
    );
    CREATE INDEX delivery_inbox_unprocessed ON delivery_inbox (processed_at, relay_seq);

    CREATE TABLE delivery_events (
      id TEXT PRIMARY KEY,
      reference TEXT,
      type TEXT NOT NULL,
      dispatched_at TEXT NOT NULL,
      payload TEXT NOT NULL,
      received_at TEXT NOT NULL
    );
    CREATE INDEX delivery_events_by_reference ON delivery_events (reference, dispatched_at);
  `);
};
