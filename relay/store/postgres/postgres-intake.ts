// Each venue's intake (migration 9) on PostgreSQL, shared by every instance: the trigger keeps the
// last notification with every append, whichever instance took it; reports and polls are noted
// here by whichever instance a terminal reached.
import type { VenueIntakeRow } from '../event-store';
import { INTAKE_COLUMNS, intakeFromRow, type IntakeRow } from '../intake-row';
import { bookkeepingSlices, type PgContext } from './postgres-context';
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
  await ctx.notes.query(
    `INSERT INTO venue_intake (venue_id, reported_online, reported_open, reported_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (venue_id) DO UPDATE SET reported_online = excluded.reported_online,
       reported_open = excluded.reported_open, reported_at = excluded.reported_at
     WHERE coalesce(venue_intake.reported_at, 0) <= excluded.reported_at`,
    [venueId, state.online, state.open, at],
  );
};

/**
 * Notes the venues' polls without ever waiting on another venue's row: a venue's intake row is
 * locked by every append of its notifications (`relay_append()` writes its last notification in
 * the append's transaction) and by its reports, and one note covers every venue polled in a short
 * window. Rows locked by someone else are skipped (`FOR UPDATE SKIP LOCKED`) and returned, so the
 * caller notes them again shortly; a venue with no row yet is inserted in a statement of its own,
 * which can wait only for that venue's own row being created by another transaction.
 */
export const noteVenuePolls = async (
  ctx: PgContext,
  polls: { venueId: string; at: number }[],
): Promise<string[]> => {
  const busy: string[] = [];
  for (const slice of bookkeepingSlices(polls)) busy.push(...(await noteSlice(ctx, slice)));
  return busy;
};

const noteSlice = async (
  ctx: PgContext,
  polls: { venueId: string; at: number }[],
): Promise<string[]> => {
  const { rows } = await ctx.notes.query<{ venue_id: string; at: string; present: boolean }>(
    `WITH p AS (
       SELECT v, max(t) AS t FROM unnest($1::text[], $2::bigint[]) AS n(v, t) GROUP BY v
     ), free AS MATERIALIZED (
       SELECT vi.venue_id FROM venue_intake vi WHERE vi.venue_id = ANY($1::text[])
       ORDER BY vi.venue_id FOR UPDATE SKIP LOCKED
     ), noted AS (
       UPDATE venue_intake vi SET polled_at = GREATEST(vi.polled_at, p.t)
       FROM p JOIN free f ON f.venue_id = p.v WHERE vi.venue_id = p.v
       RETURNING vi.venue_id
     )
     SELECT p.v AS venue_id, p.t AS at,
       EXISTS (SELECT 1 FROM venue_intake vi WHERE vi.venue_id = p.v) AS present
     FROM p WHERE p.v NOT IN (SELECT venue_id FROM noted)`,
    [polls.map((p) => p.venueId), polls.map((p) => p.at)],
  );
  const busy = rows.filter((row) => row.present).map((row) => row.venue_id);
  await Promise.all(
    rows
      .filter((row) => !row.present)
      .map((row) =>
        ctx.notes.query(
          `INSERT INTO venue_intake (venue_id, polled_at) VALUES ($1, $2)
           ON CONFLICT (venue_id) DO UPDATE
           SET polled_at = GREATEST(venue_intake.polled_at, excluded.polled_at)`,
          [row.venue_id, Number(row.at)],
        ),
      ),
  );
  return busy;
};
