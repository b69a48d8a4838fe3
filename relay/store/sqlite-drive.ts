// The merchants' delivery credentials on the relay's SQLite file: sealed merchant keys, the
// webhooks kept for them, the venues they serve, their webhook secrets (every one of the overlap
// window) and the venue that booked each order reference.
import type Database from 'better-sqlite3';
import { merchantFromRow, type DriveStore, type MerchantRow } from './merchant-row';

const MERCHANT_COLUMNS = `m.merchant_id, m.drive_url, m.key_box, m.webhook_id, m.location_webhook_id,
  (SELECT json_group_array(venue_id) FROM (SELECT venue_id FROM delivery_venues v
    WHERE v.merchant_id = m.merchant_id ORDER BY venue_id)) AS venues`;

export function sqliteDriveStore(db: Database.Database): DriveStore {
  const s = {
    putMerchant: db.prepare(
      `INSERT INTO delivery_merchants (merchant_id, drive_url, key_box, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (merchant_id) DO UPDATE SET drive_url = excluded.drive_url,
         key_box = excluded.key_box, updated_at = excluded.updated_at`,
    ),
    merchant: db.prepare(
      `SELECT ${MERCHANT_COLUMNS} FROM delivery_merchants m WHERE merchant_id = ?`,
    ),
    merchants: db.prepare(
      `SELECT ${MERCHANT_COLUMNS} FROM delivery_merchants m ORDER BY merchant_id`,
    ),
    setWebhooks: db.prepare(
      'UPDATE delivery_merchants SET webhook_id = ?, location_webhook_id = ? WHERE merchant_id = ?',
    ),
    removeMerchant: db.prepare('DELETE FROM delivery_merchants WHERE merchant_id = ?'),
    removeSecrets: db.prepare('DELETE FROM merchant_secrets WHERE merchant_id = ?'),
    removeVenues: db.prepare('DELETE FROM delivery_venues WHERE merchant_id = ?'),
    link: db.prepare(
      `INSERT INTO delivery_venues (venue_id, merchant_id, linked_at) VALUES (?, ?, ?)
       ON CONFLICT (venue_id) DO UPDATE SET merchant_id = excluded.merchant_id, linked_at = excluded.linked_at`,
    ),
    unlink: db
      .prepare('DELETE FROM delivery_venues WHERE venue_id = ? RETURNING merchant_id')
      .pluck(),
    venueMerchant: db.prepare('SELECT merchant_id FROM delivery_venues WHERE venue_id = ?').pluck(),
    // The current secret gets its end; earlier ones keep theirs unless this one is later.
    endCurrent: db.prepare(
      `UPDATE merchant_secrets SET valid_until = ? WHERE merchant_id = ? AND valid_until IS NULL`,
    ),
    dropExpired: db.prepare(
      'DELETE FROM merchant_secrets WHERE merchant_id = ? AND valid_until <= ?',
    ),
    addSecret: db.prepare(
      'INSERT INTO merchant_secrets (merchant_id, secret_box, created_at, valid_until) VALUES (?, ?, ?, NULL)',
    ),
    secrets: db
      .prepare(
        `SELECT secret_box FROM merchant_secrets WHERE merchant_id = ? AND (valid_until IS NULL OR valid_until > ?)
         ORDER BY valid_until IS NULL DESC, created_at DESC`,
      )
      .pluck(),
    book: db.prepare(
      `INSERT INTO delivery_bookings (merchant_id, order_ref, venue_id, booked_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (merchant_id, order_ref) DO NOTHING`,
    ),
    pruneBookings: db.prepare('DELETE FROM delivery_bookings WHERE booked_at < ?'),
    bookingVenue: db
      .prepare('SELECT venue_id FROM delivery_bookings WHERE merchant_id = ? AND order_ref = ?')
      .pluck(),
  };
  const remove = db.transaction((merchantId: string) => {
    s.removeVenues.run(merchantId);
    s.removeSecrets.run(merchantId);
    s.removeMerchant.run(merchantId);
  });
  const rotate = db.transaction(
    (merchantId: string, box: string, at: number, previousUntil: number) => {
      s.endCurrent.run(previousUntil, merchantId);
      s.dropExpired.run(merchantId, at);
      s.addSecret.run(merchantId, box, at);
    },
  );
  const record = db.transaction(
    (merchantId: string, orderRef: string, venueId: string, at: number): string => {
      s.book.run(merchantId, orderRef, venueId, at);
      return s.bookingVenue.get(merchantId, orderRef) as string;
    },
  );
  return {
    async putDeliveryMerchant({ merchantId, driveUrl, keyBox }, at) {
      s.putMerchant.run(merchantId, driveUrl, keyBox, at);
    },
    async deliveryMerchant(merchantId) {
      const row = s.merchant.get(merchantId) as MerchantRow | undefined;
      return row ? merchantFromRow(row) : null;
    },
    async listDeliveryMerchants() {
      return (s.merchants.all() as MerchantRow[]).map(merchantFromRow);
    },
    async setDeliveryWebhooks(merchantId, webhookId, locationWebhookId) {
      s.setWebhooks.run(webhookId, locationWebhookId, merchantId);
    },
    async removeDeliveryMerchant(merchantId) {
      remove(merchantId);
    },
    async linkDeliveryVenue(venueId, merchantId, at) {
      s.link.run(venueId, merchantId, at);
    },
    async unlinkDeliveryVenue(venueId) {
      return (s.unlink.get(venueId) as string | undefined) ?? null;
    },
    async deliveryVenueMerchant(venueId) {
      return (s.venueMerchant.get(venueId) as string | undefined) ?? null;
    },
    async rotateMerchantSecret(merchantId, secretBox, at, previousUntil) {
      rotate(merchantId, secretBox, at, previousUntil);
    },
    async merchantSecrets(merchantId, at) {
      return s.secrets.all(merchantId, at) as string[];
    },
    async recordDeliveryBooking(merchantId, orderRef, venueId, at) {
      return record(merchantId, orderRef, venueId, at);
    },
    async deliveryBookingVenue(merchantId, orderRef) {
      return (s.bookingVenue.get(merchantId, orderRef) as string | undefined) ?? null;
    },
    async pruneDeliveryBookings(time) {
      return s.pruneBookings.run(time).changes;
    },
  };
}
