import type { Database } from 'better-sqlite3';

/**
 * The booking references a "book again" replaced (docs/architecture.md#resending-actions): an
 * event naming one shows the lost attempt was made after all, a second courier for one delivery,
 * which the terminal then shows and cancels with the service.
 */
export const migration014DeliveryReplacedBookings = (db: Database): void => {
  db.exec(`
    CREATE TABLE delivery_replaced_bookings (
      booking_ref TEXT PRIMARY KEY,
      delivery_id TEXT NOT NULL,
      replaced_at TEXT NOT NULL
    );
  `);
};
