// The merchants' delivery credentials on PostgreSQL: sealed merchant keys, the webhooks kept for
// them, the venues they serve, their webhook secrets (every one of the overlap window) and the
// venue that booked each order reference.
import { merchantFromRow, type DriveStore, type MerchantRow } from '../merchant-row';
import type { PgContext } from './postgres-context';
import { inTransaction } from './transaction';

const MERCHANT_COLUMNS = `m.merchant_id, m.drive_url, m.key_box, m.webhook_id, m.location_webhook_id,
  coalesce((SELECT array_agg(v.venue_id ORDER BY v.venue_id) FROM delivery_venues v
    WHERE v.merchant_id = m.merchant_id), '{}') AS venues`;

export function postgresDriveStore(ctx: PgContext): DriveStore {
  const { pool } = ctx;
  return {
    async putDeliveryMerchant({ merchantId, driveUrl, keyBox }, at) {
      await pool.query(
        `INSERT INTO delivery_merchants (merchant_id, drive_url, key_box, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (merchant_id) DO UPDATE SET drive_url = excluded.drive_url,
           key_box = excluded.key_box, updated_at = excluded.updated_at`,
        [merchantId, driveUrl, keyBox, at],
      );
    },
    async deliveryMerchant(merchantId) {
      const { rows } = await pool.query<MerchantRow>(
        `SELECT ${MERCHANT_COLUMNS} FROM delivery_merchants m WHERE merchant_id = $1`,
        [merchantId],
      );
      return rows[0] ? merchantFromRow(rows[0]) : null;
    },
    async listDeliveryMerchants() {
      const { rows } = await pool.query<MerchantRow>(
        `SELECT ${MERCHANT_COLUMNS} FROM delivery_merchants m ORDER BY merchant_id`,
      );
      return rows.map(merchantFromRow);
    },
    async setDeliveryWebhooks(merchantId, webhookId, locationWebhookId) {
      await pool.query(
        'UPDATE delivery_merchants SET webhook_id = $2, location_webhook_id = $3 WHERE merchant_id = $1',
        [merchantId, webhookId, locationWebhookId],
      );
    },
    async removeDeliveryMerchant(merchantId) {
      await inTransaction(
        () => pool.connect(),
        async (tx) => {
          await tx.query('DELETE FROM delivery_venues WHERE merchant_id = $1', [merchantId]);
          await tx.query('DELETE FROM merchant_secrets WHERE merchant_id = $1', [merchantId]);
          await tx.query('DELETE FROM delivery_merchants WHERE merchant_id = $1', [merchantId]);
        },
      );
    },
    async linkDeliveryVenue(venueId, merchantId, at) {
      await pool.query(
        `INSERT INTO delivery_venues (venue_id, merchant_id, linked_at) VALUES ($1, $2, $3)
         ON CONFLICT (venue_id) DO UPDATE SET merchant_id = excluded.merchant_id, linked_at = excluded.linked_at`,
        [venueId, merchantId, at],
      );
    },
    async unlinkDeliveryVenue(venueId) {
      const { rows } = await pool.query<{ merchant_id: string }>(
        'DELETE FROM delivery_venues WHERE venue_id = $1 RETURNING merchant_id',
        [venueId],
      );
      return rows[0]?.merchant_id ?? null;
    },
    async deliveryVenueMerchant(venueId) {
      const { rows } = await pool.query<{ merchant_id: string }>(
        'SELECT merchant_id FROM delivery_venues WHERE venue_id = $1',
        [venueId],
      );
      return rows[0]?.merchant_id ?? null;
    },
    async rotateMerchantSecret(merchantId, secretBox, at, previousUntil) {
      // One statement: the current secret gets its end, expired ones go, the new one is current.
      await pool.query(
        `WITH ended AS (
           UPDATE merchant_secrets SET valid_until = $4 WHERE merchant_id = $1 AND valid_until IS NULL
         ), expired AS (
           DELETE FROM merchant_secrets WHERE merchant_id = $1 AND valid_until <= $3
         )
         INSERT INTO merchant_secrets (merchant_id, secret_box, created_at, valid_until)
           VALUES ($1, $2, $3, NULL)`,
        [merchantId, secretBox, at, previousUntil],
      );
    },
    async merchantSecrets(merchantId, at) {
      const { rows } = await pool.query<{ secret_box: string }>(
        `SELECT secret_box FROM merchant_secrets WHERE merchant_id = $1 AND (valid_until IS NULL OR valid_until > $2)
         ORDER BY valid_until IS NULL DESC, created_at DESC`,
        [merchantId, at],
      );
      return rows.map((row) => row.secret_box);
    },
    async recordDeliveryBooking(merchantId, orderRef, venueId, at) {
      // First writer wins: a conflicting insert changes nothing and the owner is read back.
      const { rows } = await pool.query<{ venue_id: string }>(
        `WITH added AS (
           INSERT INTO delivery_bookings (merchant_id, order_ref, venue_id, booked_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT (merchant_id, order_ref) DO NOTHING RETURNING venue_id
         )
         SELECT venue_id FROM added
         UNION ALL
         SELECT venue_id FROM delivery_bookings WHERE merchant_id = $1 AND order_ref = $2
         LIMIT 1`,
        [merchantId, orderRef, venueId, at],
      );
      return rows[0]?.venue_id ?? venueId;
    },
    async deliveryBookingVenue(merchantId, orderRef) {
      const { rows } = await pool.query<{ venue_id: string }>(
        'SELECT venue_id FROM delivery_bookings WHERE merchant_id = $1 AND order_ref = $2',
        [merchantId, orderRef],
      );
      return rows[0]?.venue_id ?? null;
    },
    async pruneDeliveryBookings(time) {
      const { rowCount } = await pool.query('DELETE FROM delivery_bookings WHERE booked_at < $1', [
        time,
      ]);
      return rowCount ?? 0;
    },
  };
}
