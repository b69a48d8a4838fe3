// A terminal_presence row as both stores read it (SQLite: integers; PostgreSQL: bigints as text).
import type { TerminalPresenceRow } from './event-store';

export const PRESENCE_COLUMNS = 'terminal_id, last_seen_at, reported_at, report';

export type PresenceRow = {
  terminal_id: string;
  last_seen_at: number | string | null;
  reported_at: number | string | null;
  report: string | null;
};

export const presenceFromRow = (row: PresenceRow): TerminalPresenceRow => ({
  terminalId: row.terminal_id,
  lastSeenAt: row.last_seen_at === null ? null : Number(row.last_seen_at),
  report: row.report,
  reportedAt: row.reported_at === null ? null : Number(row.reported_at),
});
