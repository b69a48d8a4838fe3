// Each venue's intake (migration 9) on PostgreSQL, shared by every instance: the trigger keeps the
// last notification with every append, whichever instance took it; reports and polls are noted
// here by whichever instance a terminal reached.
import type { VenueIntakeRow } from '../event-store';
import { INTAKE_COLUMNS, intakeFromRow, type IntakeRow } from '../intake-row';
import type { PgContext } from './postgres-context';

export const venueIntake = async (
  ctx: PgContext,
  venueIds: string[] | null,
): Promise<VenueIntakeRow[]> => {
  const { rows } =
    venueIds === null
      ? await ctx.pool.query<IntakeRow>(
          `SELECT ${INTAKE_COLUMNS} FROM venue_intake ORDER BY venue_id`,
        )
      : await ctx.pool.query<IntakeRow>(
          `SELECT ${INTAKE_COLUMNS} FROM venue_intake WHERE venue_id = ANY($1) ORDER BY venue_id`,
          [venueIds],
        );
  return rows.map(intakeFromRow);
};

export const noteVenueReport = async (
  ctx: PgContext,
  venueId: string,
  state: { online: boolean; open: boolean },
  at: number,
): Promise<void> => {
  await ctx.pool.query(
    `INSERT INTO venue_intake (venue_id, reported_online, reported_open, reported_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (venue_id) DO UPDATE SET reported_online = excluded.reported_online,
       reported_open = excluded.reported_open, reported_at = excluded.reported_at
     WHERE coalesce(venue_intake.reported_at, 0) <= excluded.reported_at`,
    [venueId, state.online, state.open, at],
  );
};

export const noteVenuePolls = async (
  ctx: PgContext,
  venueIds: string[],
  at: number,
): Promise<void> => {
  if (venueIds.length === 0) return;
  // Sorted: two instances noting the same venues lock their rows in one order.
  await ctx.pool.query(
    `INSERT INTO venue_intake (venue_id, polled_at)
     SELECT v, $2 FROM unnest($1::text[]) AS v ORDER BY v
     ON CONFLICT (venue_id) DO UPDATE
     SET polled_at = GREATEST(venue_intake.polled_at, excluded.polled_at)`,
    [[...venueIds].sort(), at],
  );
};
