// A delivery_merchants row with its venues as both stores read it (SQLite: the venues as a JSON
// array; PostgreSQL: a text array), and the part of the store each implements over it.
import type { DeliveryMerchant, EventStore } from './event-store';

export type MerchantRow = {
  merchant_id: string;
  drive_url: string;
  key_box: string;
  webhook_id: string | null;
  location_webhook_id: string | null;
  venues: string | string[];
};

export const merchantFromRow = (row: MerchantRow): DeliveryMerchant => ({
  merchantId: row.merchant_id,
  driveUrl: row.drive_url,
  keyBox: row.key_box,
  webhookId: row.webhook_id,
  locationWebhookId: row.location_webhook_id,
  venueIds: typeof row.venues === 'string' ? (JSON.parse(row.venues) as string[]) : row.venues,
});

/** The merchants' delivery credentials, webhooks, venues, secrets and bookings. */
export type DriveStore = Pick<
  EventStore,
  | 'putDeliveryMerchant'
  | 'deliveryMerchant'
  | 'listDeliveryMerchants'
  | 'setDeliveryWebhooks'
  | 'removeDeliveryMerchant'
  | 'linkDeliveryVenue'
  | 'unlinkDeliveryVenue'
  | 'deliveryVenueMerchant'
  | 'rotateMerchantSecret'
  | 'merchantSecrets'
  | 'recordDeliveryBooking'
  | 'deliveryBookingVenue'
  | 'pruneDeliveryBookings'
>;
