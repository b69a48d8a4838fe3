// Each venue's intake (migration 7) on the relay's SQLite file: the trigger keeps the last
// notification with every append; reports and polls are noted here.
import type { VenueIntakeRow } from './event-store';
import { intakeFromRow, type IntakeRow } from './intake-row';
import type { SqliteContext } from './sqlite-context';

export const venueIntake = (ctx: SqliteContext, venueIds: string[] | null): VenueIntakeRow[] => {
  const rows = (
    venueIds === null
      ? ctx.statements.intakeAll.all()
      : ctx.statements.intakeOf.all(JSON.stringify(venueIds))
  ) as IntakeRow[];
  return rows.map(intakeFromRow);
};

export const noteVenueReport = (
  ctx: SqliteContext,
  venueId: string,
  state: { online: boolean; open: boolean },
  at: number,
): void => {
  ctx.statements.noteReport.run(venueId, state.online ? 1 : 0, state.open ? 1 : 0, at);
};

export const noteVenuePolls = (ctx: SqliteContext, venueIds: string[], at: number): void => {
  if (venueIds.length > 0) ctx.statements.notePolls.run(at, JSON.stringify(venueIds));
};
