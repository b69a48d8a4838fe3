// Each venue's settings and the per-order duties its terminals claim (migration 12) on
// PostgreSQL, shared by every instance: a change reads the row FOR UPDATE in its transaction, so
// two terminals' changes through two instances both count; a claim's first writer wins.
import type { PgContext } from './postgres-context';
import { inTransaction } from './postgres-context';
import type { ClaimRow, SettingsRow, VenueStore } from '../venue-row';
import {
  CLAIM_COLUMNS,
  CLAIMS_ORDER,
  SETTINGS_COLUMNS,
  claimFromRow,
  settingsFromRow,
} from '../venue-row';

export const postgresVenueStore = (ctx: PgContext): VenueStore => ({
  async venueSettings(venueId) {
    const { rows } = await ctx.pool.query<SettingsRow>(
      `SELECT ${SETTINGS_COLUMNS} FROM venue_settings WHERE venue_id = $1`,
      [venueId],
    );
    return rows[0] ? settingsFromRow(rows[0]) : null;
  },
  changeVenueSettings(venueId, change, terminalId, at) {
    return inTransaction(ctx, async (client) => {
      // A first change of two at once: one inserts, the other waits on the row and updates it.
      await client.query(
        `INSERT INTO venue_settings (venue_id, settings, version, updated_at, updated_by)
         VALUES ($1, '{}', 0, $2, NULL) ON CONFLICT (venue_id) DO NOTHING`,
        [venueId, at],
      );
      const { rows } = await client.query<SettingsRow>(
        `SELECT ${SETTINGS_COLUMNS} FROM venue_settings WHERE venue_id = $1 FOR UPDATE`,
        [venueId],
      );
      const current = rows[0] as SettingsRow;
      const settings = change(Number(current.version) === 0 ? null : current.settings);
      const updated = await client.query<SettingsRow>(
        `UPDATE venue_settings SET settings = $2, version = version + 1, updated_at = $3, updated_by = $4
         WHERE venue_id = $1 RETURNING ${SETTINGS_COLUMNS}`,
        [venueId, settings, at, terminalId],
      );
      return settingsFromRow(updated.rows[0] as SettingsRow);
    });
  },
  async claimOrderDuty(venueId, orderId, duty, terminalId, at) {
    // First writer wins: a conflicting insert changes nothing and the holder is read back. A
    // claim racing another's waits for it, but its own statement's snapshot predates that commit
    // and reads no row: the second statement, with a new snapshot, does.
    const { rows } = await ctx.pool.query<{ terminal_id: string }>(
      `INSERT INTO order_duties (venue_id, order_id, duty, terminal_id, claimed_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (venue_id, order_id, duty) DO NOTHING
         RETURNING terminal_id`,
      [venueId, orderId, duty, terminalId, at],
    );
    if (rows[0]) return rows[0].terminal_id;
    const held = await ctx.pool.query<{ terminal_id: string }>(
      'SELECT terminal_id FROM order_duties WHERE venue_id = $1 AND order_id = $2 AND duty = $3',
      [venueId, orderId, duty],
    );
    const holder = held.rows[0]?.terminal_id;
    if (holder === undefined) throw new Error('The duty claim was neither stored nor found.');
    return holder;
  },
  async orderClaims(venueId, orderId) {
    const { rows } = await ctx.pool.query<ClaimRow>(
      `SELECT ${CLAIM_COLUMNS} FROM order_duties WHERE venue_id = $1 AND order_id = $2 ${CLAIMS_ORDER}`,
      [venueId, orderId],
    );
    return rows.map(claimFromRow);
  },
});
