import type { Database } from 'better-sqlite3';

/** The first schema: orders, the relay inbox and cursor, the outbox, the audit log, settings, menus. */
export const migration001Initial = (db: Database): void => {
  db.exec(`
    CREATE TABLE orders (
      id TEXT PRIMARY KEY,
      venue_id TEXT NOT NULL,
      order_number TEXT NOT NULL,
      platform_status TEXT NOT NULL,
      data TEXT NOT NULL,
      courier_pickup_eta TEXT,
      pickup_completed INTEGER NOT NULL DEFAULT 0,
      preparation_minutes INTEGER,
      reject_reason TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX orders_by_created ON orders (created_at);

    -- Every notification the relay handed over, by notification id: the dedupe key and a durable
    -- inbox, so a crash between the relay poll and the order fetch loses nothing.
    CREATE TABLE notifications (
      id TEXT PRIMARY KEY,
      relay_seq INTEGER,
      type TEXT NOT NULL,
      order_id TEXT,
      body TEXT NOT NULL,
      received_at TEXT NOT NULL,
      processed_at TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT,
      error TEXT
    );
    CREATE INDEX notifications_unprocessed ON notifications (processed_at, relay_seq);

    CREATE TABLE relay_cursor (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      seq INTEGER NOT NULL
    );

    -- seq gives the FIFO order; id is the action id and the idempotency key.
    CREATE TABLE outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL,
      subject TEXT NOT NULL,
      summary TEXT NOT NULL,
      payload TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'failed', 'done', 'discarded')),
      attempts INTEGER NOT NULL DEFAULT 0,
      error TEXT,
      created_at TEXT NOT NULL,
      next_attempt_at TEXT,
      finished_at TEXT
    );
    CREATE INDEX outbox_open ON outbox (state, subject, seq);

    CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at TEXT NOT NULL,
      action TEXT NOT NULL,
      subject TEXT NOT NULL,
      outcome TEXT NOT NULL,
      detail TEXT
    );

    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );

    CREATE TABLE menus (
      venue_id TEXT PRIMARY KEY,
      menu TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
  `);
};
