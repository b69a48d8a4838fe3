// The delivery service's webhook secrets (with their overlap window) and each delivery order's
// venue, on the relay's SQLite file.
import { activeDeliverySecrets, withOverlap, type DeliverySecretRow } from './event-row';
import type { SqliteContext } from './sqlite-context';

/** The rotation of a venue's secret, in one transaction (prepared once per store). */
export const secretRotation = (ctx: SqliteContext) =>
  ctx.db.transaction((venueId: string, secret: string, at: number, previousUntil: number) => {
    ctx.statements.keepReplacedSecret.run(previousUntil, venueId, secret);
    ctx.statements.setDeliverySecret.run(venueId, secret, at, previousUntil);
    ctx.statements.dropOverlapSecrets.run(venueId, at, secret);
  });

export const deliverySecrets = (ctx: SqliteContext, venueId: string, at: number): string[] =>
  withOverlap(
    activeDeliverySecrets(
      ctx.statements.deliverySecrets.get(venueId) as DeliverySecretRow | undefined,
      at,
    ),
    ctx.statements.overlapSecrets.pluck().all(venueId, at) as string[],
  );

export const deliveryOrderVenue = (ctx: SqliteContext, orderRef: string): string | null => {
  const row = ctx.statements.orderVenue.get(orderRef) as { venue_id: string } | undefined;
  return row?.venue_id ?? null;
};
