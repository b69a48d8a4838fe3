// Each terminal's presence (migration 9) on the relay's SQLite file.
import type { TerminalPresenceRow, TerminalTroubleRow } from './event-store';
import { presenceFromRow, type PresenceRow } from './presence-row';
import type { SqliteContext } from './sqlite-context';

export const terminalPresence = (
  ctx: SqliteContext,
  terminalIds: string[] | null,
): TerminalPresenceRow[] => {
  const rows = (
    terminalIds === null
      ? ctx.statements.presenceAll.all()
      : ctx.statements.presenceOf.all(JSON.stringify(terminalIds))
  ) as PresenceRow[];
  return rows.map(presenceFromRow);
};

export const noteTerminalsSeen = (
  ctx: SqliteContext,
  seen: { terminalId: string; at: number }[],
): void => {
  if (seen.length > 0)
    ctx.statements.noteSeen.run(JSON.stringify(seen.map((s) => [s.terminalId, s.at])));
};

export const noteTerminalReport = (
  ctx: SqliteContext,
  terminalId: string,
  report: string,
  at: number,
): void => {
  ctx.statements.noteHealth.run({ id: terminalId, at, report });
};

export const noteTerminalTrouble = (
  ctx: SqliteContext,
  terminalId: string,
  problems: string,
  at: number,
): void => {
  ctx.statements.noteTrouble.run({ id: terminalId, at, problems });
};

export const terminalTrouble = (
  ctx: SqliteContext,
  terminalIds: string[],
  since: number,
): TerminalTroubleRow[] =>
  (
    ctx.statements.troubleOf.all(JSON.stringify(terminalIds), since) as {
      terminal_id: string;
      at: number;
      problems: string;
    }[]
  ).map((row) => ({ terminalId: row.terminal_id, at: row.at, problems: row.problems }));
