// Each venue's intake (migration 9) on PostgreSQL, shared by every instance: the trigger keeps the
// last notification with every append, whichever instance took it; reports and polls are noted
// here by whichever instance a terminal reached.
import type { VenueIntakeRow } from '../event-store';
import { INTAKE_COLUMNS, intakeFromRow, type IntakeRow } from '../intake-row';
import type { PgContext } from './postgres-context';
import { rowsByKey } from './rows-by-key';

export const venueIntake = async (
  ctx: PgContext,
  venueIds: string[] | null,
): Promise<VenueIntakeRow[]> =>
  (await rowsByKey<IntakeRow>(ctx, 'venue_intake', INTAKE_COLUMNS, 'venue_id', venueIds)).map(
    intakeFromRow,
  );

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
  polls: { venueId: string; at: number }[],
): Promise<void> => {
  if (polls.length === 0) return;
  // Sorted: two instances noting the same venues lock their rows in one order.
  const sorted = [...polls].sort((a, b) => a.venueId.localeCompare(b.venueId));
  await ctx.pool.query(
    `INSERT INTO venue_intake (venue_id, polled_at)
     SELECT v, t FROM unnest($1::text[], $2::bigint[]) AS p(v, t) ORDER BY v
     ON CONFLICT (venue_id) DO UPDATE
     SET polled_at = GREATEST(venue_intake.polled_at, excluded.polled_at)`,
    [sorted.map((p) => p.venueId), sorted.map((p) => p.at)],
  );
};
