// Each venue's settings and the per-order duties its terminals claim (migration 10), on the
// relay's SQLite file: one process, so each change is one IMMEDIATE transaction.
import type Database from 'better-sqlite3';
import type { VenueSettingsRow } from './event-store';
import type { ClaimRow, SettingsRow, VenueStore } from './venue-row';
import {
  CLAIM_COLUMNS,
  CLAIMS_ORDER,
  SETTINGS_COLUMNS,
  claimFromRow,
  settingsFromRow,
} from './venue-row';

export const sqliteVenueStore = (db: Database.Database): VenueStore => {
  const select = db.prepare<[string], SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS} FROM venue_settings WHERE venue_id = ?`,
  );
  const upsert = db.prepare(
    `INSERT INTO venue_settings (venue_id, settings, version, updated_at, updated_by)
     VALUES (@venueId, @settings, 1, @at, @terminalId)
     ON CONFLICT (venue_id) DO UPDATE SET settings = excluded.settings,
       version = venue_settings.version + 1, updated_at = excluded.updated_at,
       updated_by = excluded.updated_by`,
  );
  const claim = db.prepare(
    `INSERT INTO order_duties (venue_id, order_id, duty, terminal_id, claimed_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (venue_id, order_id, duty) DO NOTHING`,
  );
  const holder = db
    .prepare<[string, string, string], string>(
      'SELECT terminal_id FROM order_duties WHERE venue_id = ? AND order_id = ? AND duty = ?',
    )
    .pluck();
  const claims = db.prepare<[string, string], ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM order_duties WHERE venue_id = ? AND order_id = ? ${CLAIMS_ORDER}`,
  );
  const change = db.transaction(
    (
      venueId: string,
      fn: (current: string | null) => string,
      terminalId: string,
      at: number,
    ): VenueSettingsRow => {
      const settings = fn(select.get(venueId)?.settings ?? null);
      upsert.run({ venueId, settings, at, terminalId });
      return settingsFromRow(select.get(venueId) as SettingsRow);
    },
  );
  const claimDuty = db.transaction(
    (venueId: string, orderId: string, duty: string, terminalId: string, at: number): string => {
      claim.run(venueId, orderId, duty, terminalId, at);
      return holder.get(venueId, orderId, duty) as string;
    },
  );
  return {
    async venueSettings(venueId) {
      const row = select.get(venueId);
      return row ? settingsFromRow(row) : null;
    },
    async changeVenueSettings(venueId, fn, terminalId, at) {
      return change.immediate(venueId, fn, terminalId, at);
    },
    async claimOrderDuty(venueId, orderId, duty, terminalId, at) {
      return claimDuty.immediate(venueId, orderId, duty, terminalId, at);
    },
    async orderClaims(venueId, orderId) {
      return claims.all(venueId, orderId).map(claimFromRow);
    },
  };
};
