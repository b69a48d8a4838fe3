import type Database from 'better-sqlite3';

// The relay holds the merchant's delivery credentials (docs/security.md): the sealed merchant key,
// the webhooks it keeps for the merchant, the venues it serves, every webhook secret of the overlap
// window, and which venue booked each order reference (venue-less events are routed by it).
export function migration008(db: Database.Database): void {
  db.exec(`
    CREATE TABLE delivery_merchants (
      merchant_id TEXT PRIMARY KEY,
      drive_url TEXT NOT NULL,
      key_box TEXT NOT NULL,
      webhook_id TEXT,
      location_webhook_id TEXT,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE delivery_venues (
      venue_id TEXT PRIMARY KEY,
      merchant_id TEXT NOT NULL,
      linked_at INTEGER NOT NULL
    );
    CREATE INDEX delivery_venues_merchant ON delivery_venues (merchant_id);
    CREATE TABLE merchant_secrets (
      merchant_id TEXT NOT NULL,
      secret_box TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      valid_until INTEGER,
      PRIMARY KEY (merchant_id, secret_box)
    );
    CREATE TABLE delivery_bookings (
      merchant_id TEXT NOT NULL,
      order_ref TEXT NOT NULL,
      venue_id TEXT NOT NULL,
      booked_at INTEGER NOT NULL,
      PRIMARY KEY (merchant_id, order_ref)
    );
    CREATE INDEX delivery_bookings_booked_at ON delivery_bookings (booked_at);
  `);
}
