// Each venue's settings and the per-order duties its terminals claim (migration 10), on the
// relay's SQLite file: one process, so each change is one IMMEDIATE transaction.
import type Database from 'better-sqlite3';
import type { OrderClaimRow, VenueSettingsRow } from './event-store';

type SettingsRow = {
  settings: string;
  version: number;
  updated_at: number;
  updated_by: string | null;
};

const toRow = (row: SettingsRow): VenueSettingsRow => ({
  settings: row.settings,
  version: row.version,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
});

export const sqliteVenueStore = (db: Database.Database) => {
  const select = db.prepare<[string], SettingsRow>(
    'SELECT settings, version, updated_at, updated_by FROM venue_settings WHERE venue_id = ?',
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
  const claims = db.prepare<
    [string, string],
    { duty: string; terminal_id: string; claimed_at: number }
  >(
    'SELECT duty, terminal_id, claimed_at FROM order_duties WHERE venue_id = ? AND order_id = ? ORDER BY claimed_at, duty',
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
      return toRow(select.get(venueId) as SettingsRow);
    },
  );
  const claimDuty = db.transaction(
    (venueId: string, orderId: string, duty: string, terminalId: string, at: number): string => {
      claim.run(venueId, orderId, duty, terminalId, at);
      return holder.get(venueId, orderId, duty) as string;
    },
  );
  return {
    async venueSettings(venueId: string): Promise<VenueSettingsRow | null> {
      const row = select.get(venueId);
      return row ? toRow(row) : null;
    },
    async changeVenueSettings(
      venueId: string,
      fn: (current: string | null) => string,
      terminalId: string,
      at: number,
    ): Promise<VenueSettingsRow> {
      return change.immediate(venueId, fn, terminalId, at);
    },
    async claimOrderDuty(
      venueId: string,
      orderId: string,
      duty: string,
      terminalId: string,
      at: number,
    ): Promise<string> {
      return claimDuty.immediate(venueId, orderId, duty, terminalId, at);
    },
    async orderClaims(venueId: string, orderId: string): Promise<OrderClaimRow[]> {
      return claims.all(venueId, orderId).map((row) => ({
        duty: row.duty,
        terminalId: row.terminal_id,
        claimedAt: row.claimed_at,
      }));
    },
  };
};
