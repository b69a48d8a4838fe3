// Each terminal's presence (migration 11) on PostgreSQL, shared by every instance: whichever
// instance a terminal reached notes it here.
import type { TerminalPresenceRow, TerminalTroubleRow } from '../event-store';
import { PRESENCE_COLUMNS, presenceFromRow, type PresenceRow } from '../presence-row';
import { bookkeepingSlices, type PgContext } from './postgres-context';
import { rowsByKey } from './rows-by-key';

export const terminalPresence = async (
  ctx: PgContext,
  terminalIds: string[] | null,
): Promise<TerminalPresenceRow[]> =>
  (
    await rowsByKey<PresenceRow>(
      ctx,
      'terminal_presence',
      PRESENCE_COLUMNS,
      'terminal_id',
      terminalIds,
    )
  ).map(presenceFromRow);

export const noteTerminalsSeen = async (
  ctx: PgContext,
  seen: { terminalId: string; at: number }[],
): Promise<void> => {
  if (seen.length === 0) return;
  // Sorted: two instances noting the same terminals lock their rows in one order.
  const sorted = [...seen].sort((a, b) =>
    a.terminalId < b.terminalId ? -1 : a.terminalId > b.terminalId ? 1 : 0,
  );
  for (const slice of bookkeepingSlices(sorted)) {
    await ctx.notes.query(
      `INSERT INTO terminal_presence (terminal_id, last_seen_at)
       SELECT t, s FROM unnest($1::text[], $2::bigint[]) AS p(t, s) ORDER BY t
       ON CONFLICT (terminal_id) DO UPDATE
       SET last_seen_at = GREATEST(terminal_presence.last_seen_at, excluded.last_seen_at)`,
      [slice.map((s) => s.terminalId), slice.map((s) => s.at)],
    );
  }
};

export const noteTerminalReport = async (
  ctx: PgContext,
  terminalId: string,
  report: string,
  at: number,
): Promise<void> => {
  await ctx.notes.query(
    `INSERT INTO terminal_presence (terminal_id, last_seen_at, reported_at, report)
     VALUES ($1, $2, $2, $3)
     ON CONFLICT (terminal_id) DO UPDATE SET
       last_seen_at = GREATEST(terminal_presence.last_seen_at, excluded.last_seen_at),
       reported_at = CASE WHEN coalesce(terminal_presence.reported_at, 0) <= excluded.reported_at
         THEN excluded.reported_at ELSE terminal_presence.reported_at END,
       report = CASE WHEN coalesce(terminal_presence.reported_at, 0) <= excluded.reported_at
         THEN excluded.report ELSE terminal_presence.report END`,
    [terminalId, at, report],
  );
};

export const noteTerminalTrouble = async (
  ctx: PgContext,
  terminalId: string,
  problems: string,
  at: number,
): Promise<void> => {
  await ctx.notes.query(
    `INSERT INTO terminal_trouble (terminal_id, at, problems)
     SELECT $1, $2, $3
     WHERE (SELECT problems FROM terminal_trouble WHERE terminal_id = $1 ORDER BY at DESC LIMIT 1)
             IS DISTINCT FROM $3
       AND NOT EXISTS (SELECT 1 FROM terminal_trouble WHERE terminal_id = $1 AND at >= $2)
     ON CONFLICT DO NOTHING`,
    [terminalId, at, problems],
  );
};

export const terminalTrouble = async (
  ctx: PgContext,
  terminalIds: string[],
  since: number,
): Promise<TerminalTroubleRow[]> =>
  (
    await ctx.pool.query<{ terminal_id: string; at: string; problems: string }>(
      `SELECT terminal_id, at, problems FROM terminal_trouble
       WHERE terminal_id = ANY($1::text[]) AND at >= $2 ORDER BY at, terminal_id`,
      [terminalIds, since],
    )
  ).rows.map((row) => ({
    terminalId: row.terminal_id,
    at: Number(row.at),
    problems: row.problems,
  }));
