// A venue_intake row as both stores read it (SQLite: integers; PostgreSQL: booleans, bigints).
import type { VenueIntakeRow } from './event-store';

export const INTAKE_COLUMNS =
  'venue_id, last_webhook_at, reported_online, reported_open, reported_at, polled_at';

export type IntakeRow = {
  venue_id: string;
  last_webhook_at: number | string | null;
  reported_online: number | boolean | null;
  reported_open: number | boolean | null;
  reported_at: number | string | null;
  polled_at: number | string | null;
};

export const intakeFromRow = (row: IntakeRow): VenueIntakeRow => ({
  venueId: row.venue_id,
  lastWebhookAt: row.last_webhook_at === null ? null : Number(row.last_webhook_at),
  report:
    row.reported_at === null
      ? null
      : {
          online: Boolean(row.reported_online),
          open: Boolean(row.reported_open),
          at: Number(row.reported_at),
        },
  polledAt: row.polled_at === null ? null : Number(row.polled_at),
});
