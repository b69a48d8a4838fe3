// Delivery webhook secrets per venue and the venue of a delivery order, on PostgreSQL.
import { activeDeliverySecrets, withOverlap, type DeliverySecretRow } from '../event-row';
import type { PgContext } from './postgres-context';

export const setDeliverySecret = async (
  ctx: PgContext,
  venueId: string,
  secret: string,
  at: number,
  previousUntil: number,
): Promise<void> => {
  // The replaced secret becomes the previous one and joins the overlap window's others (a second
  // rotation within the window keeps them all); the same secret again is no change. One
  // statement: its parts see the table as it was before it.
  await ctx.pool.query(
    `WITH replaced AS (
       INSERT INTO delivery_secret_history (venue_id, secret, valid_until)
         SELECT venue_id, secret, $4 FROM delivery_secrets WHERE venue_id = $1 AND secret <> $2
         ON CONFLICT (venue_id, secret) DO UPDATE
           SET valid_until = GREATEST(delivery_secret_history.valid_until, excluded.valid_until)
     ), expired AS (
       DELETE FROM delivery_secret_history
         WHERE venue_id = $1 AND (valid_until <= $3 OR secret = $2)
     )
     INSERT INTO delivery_secrets (venue_id, secret, updated_at) VALUES ($1, $2, $3)
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
  const [current, overlap] = await Promise.all([
    ctx.pool.query<DeliverySecretRow>(
      'SELECT secret, previous_secret, previous_until FROM delivery_secrets WHERE venue_id = $1',
      [venueId],
    ),
    ctx.pool.query<{ secret: string }>(
      'SELECT secret FROM delivery_secret_history WHERE venue_id = $1 AND valid_until > $2 ORDER BY valid_until DESC',
      [venueId, at],
    ),
  ]);
  return withOverlap(
    activeDeliverySecrets(current.rows[0], at),
    overlap.rows.map((row) => row.secret),
  );
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
