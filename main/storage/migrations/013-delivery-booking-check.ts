import type { Database } from 'better-sqlite3';

/**
 * A booking is sent once (docs/architecture.md#resending-actions):
 * - `booking_ref` is the merchant_order_reference_id of the delivery's latest booking attempt
 *   (earlier versions sent the delivery's own id, so existing rows keep that), by which the
 *   service's events name a booking whose answer was lost;
 * - `unconfirmed_at` is when a booking's answer was lost (null otherwise): the delivery shows
 *   "checking" until an event names it, then staff may book again or cancel;
 * - `abandoned_at` is when staff cancelled such a booking: if it turns out booked after all, the
 *   terminal cancels it with the service;
 * - `request` is what was asked of the service (the create-delivery body and the shipment
 *   promise's), so "book again" sends what staff entered (retention empties it with the
 *   recipient's other data).
 */
export const migration013DeliveryBookingCheck = (db: Database): void => {
  db.exec(`
    ALTER TABLE deliveries ADD COLUMN booking_ref TEXT;
    ALTER TABLE deliveries ADD COLUMN unconfirmed_at TEXT;
    ALTER TABLE deliveries ADD COLUMN abandoned_at TEXT;
    ALTER TABLE deliveries ADD COLUMN request TEXT;
    UPDATE deliveries SET booking_ref = id;
    CREATE UNIQUE INDEX deliveries_by_booking_ref ON deliveries (booking_ref);
  `);
};
