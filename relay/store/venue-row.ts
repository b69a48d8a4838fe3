// venue_settings and order_duties rows as both stores read them (SQLite: integers; PostgreSQL:
// bigints as text), with the columns each store selects, so the two cannot map them apart.
import type { EventStore, OrderClaimRow, VenueSettingsRow } from './event-store';

/** What both stores implement for venues: their signatures come from here, written once. */
export type VenueStore = Pick<
  EventStore,
  'venueSettings' | 'changeVenueSettings' | 'claimOrderDuty' | 'orderClaims'
>;

export const SETTINGS_COLUMNS = 'settings, version, updated_at, updated_by';

export type SettingsRow = {
  settings: string;
  version: number | string;
  updated_at: number | string;
  updated_by: string | null;
};

export const settingsFromRow = (row: SettingsRow): VenueSettingsRow => ({
  settings: row.settings,
  version: Number(row.version),
  updatedAt: Number(row.updated_at),
  updatedBy: row.updated_by,
});

/** An order's claims, oldest first (the first claim of a duty is who holds it). */
export const CLAIM_COLUMNS = 'duty, terminal_id, claimed_at';
export const CLAIMS_ORDER = 'ORDER BY claimed_at, duty';

export type ClaimRow = { duty: string; terminal_id: string; claimed_at: number | string };

export const claimFromRow = (row: ClaimRow): OrderClaimRow => ({
  duty: row.duty,
  terminalId: row.terminal_id,
  claimedAt: Number(row.claimed_at),
});
