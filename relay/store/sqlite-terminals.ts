// Terminals and their revocations on the relay's SQLite file: the store's lookups over its
// context, and the administration shared with the synchronous file functions of terminals.ts.
import type Database from 'better-sqlite3';
import type { NewTerminalRow, Terminal } from './event-store';
import type { SqliteContext, TerminalRow } from './sqlite-context';

export const findActiveTerminal = (ctx: SqliteContext, keyHash: string): Terminal | null => {
  // One query per poll: the terminal and its venues together.
  const row = ctx.statements.terminalByHash.get(keyHash) as
    (TerminalRow & { venues: string }) | undefined;
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    venueIds: JSON.parse(row.venues) as string[],
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
};

export const revokedSince = (
  ctx: SqliteContext,
  cursor: number,
): { terminalIds: string[]; cursor: number } => {
  const rows = ctx.statements.revokedSince.all(cursor) as {
    cursor: number;
    terminal_id: string;
  }[];
  const last = rows.at(-1);
  return {
    terminalIds: rows.map((row) => row.terminal_id),
    cursor: last ? last.cursor : cursor,
  };
};

export function insertTerminals(db: Database.Database, terminals: NewTerminalRow[]): void {
  db.transaction(() => {
    const addTerminal = db.prepare(
      'INSERT INTO terminals (id, key_hash, name, created_at) VALUES (?, ?, ?, ?)',
    );
    const addVenue = db.prepare(
      'INSERT INTO terminal_venues (terminal_id, venue_id) VALUES (?, ?)',
    );
    for (const terminal of terminals) {
      addTerminal.run(terminal.id, terminal.keyHash, terminal.name, terminal.createdAt);
      for (const venue of terminal.venueIds) addVenue.run(terminal.id, venue);
    }
  }).immediate();
}

export function revokeTerminalIn(db: Database.Database, id: string, at: number): boolean {
  return db
    .transaction(() => {
      const changed = db
        .prepare('UPDATE terminals SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
        .run(at, id);
      if (changed.changes === 0) return false;
      db.prepare('INSERT INTO revocations (terminal_id, revoked_at) VALUES (?, ?)').run(id, at);
      return true;
    })
    .immediate();
}

/** Terminal rows with the venues each serves. */
function withVenues(db: Database.Database, rows: TerminalRow[]): Terminal[] {
  const venuesOf = db
    .prepare('SELECT venue_id FROM terminal_venues WHERE terminal_id = ? ORDER BY venue_id')
    .pluck();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    venueIds: venuesOf.all(row.id) as string[],
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  }));
}

export function listTerminalsIn(db: Database.Database): Terminal[] {
  const rows = db
    .prepare('SELECT id, name, created_at, revoked_at FROM terminals ORDER BY created_at, id')
    .all() as TerminalRow[];
  return withVenues(db, rows);
}

export function venueTerminalsIn(db: Database.Database, venueIds: string[]): Terminal[] {
  const rows = db
    .prepare(
      `SELECT DISTINCT t.id, t.name, t.created_at, t.revoked_at FROM terminals t
         JOIN terminal_venues v ON v.terminal_id = t.id
        WHERE t.revoked_at IS NULL AND v.venue_id IN (SELECT value FROM json_each(?))
        ORDER BY t.created_at, t.id`,
    )
    .all(JSON.stringify(venueIds)) as TerminalRow[];
  return withVenues(db, rows);
}
