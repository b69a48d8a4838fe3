// Delivery webhook secrets per venue and the venue of a delivery order, on PostgreSQL.
import { activeDeliverySecrets, type DeliverySecretRow } from '../event-row';
import type { PgContext } from './postgres-context';

export const setDeliverySecret = async (
  ctx: PgContext,
  venueId: string,
  secret: string,
  at: number,
  previousUntil: number,
): Promise<void> => {
  // The replaced secret becomes the previous one; the same secret again is no change.
  await ctx.pool.query(
    `INSERT INTO delivery_secrets (venue_id, secret, updated_at) VALUES ($1, $2, $3)
         ON CONFLICT (venue_id) DO UPDATE SET previous_secret = delivery_secrets.secret,
           previous_until = $4, secret = excluded.secret, updated_at = excluded.updated_at
         WHERE delivery_secrets.secret <> excluded.secret`,
    [venueId, secret, at, previousUntil],
  );
};

export const deliverySecrets = async (
  ctx: PgContext,
  venueId: string,
  at: number,
): Promise<string[]> => {
  const { rows } = await ctx.pool.query<DeliverySecretRow>(
    'SELECT secret, previous_secret, previous_until FROM delivery_secrets WHERE venue_id = $1',
    [venueId],
  );
  return activeDeliverySecrets(rows[0], at);
};

export const deliveryOrderVenue = async (
  ctx: PgContext,
  orderRef: string,
): Promise<string | null> => {
  const { rows } = await ctx.pool.query<{ venue_id: string }>(
    'SELECT venue_id FROM delivery_orders WHERE order_ref = $1',
    [orderRef],
  );
  return rows[0]?.venue_id ?? null;
};
