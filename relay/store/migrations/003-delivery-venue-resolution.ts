import type Database from 'better-sqlite3';

// Delivery events order.location_updated and order.handshake_delivery carry no venue_id:
// their venue comes from an earlier event of the same order, or they wait in held_events.
export function migration003(db: Database.Database): void {
  db.exec(`
    CREATE TABLE delivery_orders (
      order_ref TEXT PRIMARY KEY,
      venue_id TEXT NOT NULL,
      last_seen_at INTEGER NOT NULL
    );
    CREATE INDEX delivery_orders_last_seen ON delivery_orders (last_seen_at);
    CREATE TABLE held_events (
      kind TEXT NOT NULL,
      event_id TEXT NOT NULL,
      order_ref TEXT,
      received_at INTEGER NOT NULL,
      body TEXT NOT NULL,
      signature TEXT,
      PRIMARY KEY (kind, event_id)
    );
    CREATE INDEX held_events_order_ref ON held_events (order_ref);
  `);
}
