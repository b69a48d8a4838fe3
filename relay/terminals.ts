// Terminal administration on the relay's database file. Safe while the relay runs: SQLite
// serialises the writers, and the relay notices revocations within its revocation check interval.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openRelayDatabase } from './store/sqlite-database';
import { terminalFromRow, terminalVenuesStatement, type TerminalRow } from './store/sqlite-store';
import type { Terminal } from './store/event-store';

export type { Terminal };
export type CreateTerminalOptions = { name?: string; now?: () => number };

/** A terminal key is 32 random bytes; with that much entropy a plain SHA-256 is a sound stored hash. */
export function hashTerminalKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export type NewTerminal = { venueIds: string[]; name?: string };

export function createTerminal(
  dbPath: string,
  venueIds: string[],
  options: CreateTerminalOptions = {},
): { id: string; key: string } {
  const [created] = createTerminals(
    dbPath,
    [{ venueIds, ...(options.name === undefined ? {} : { name: options.name }) }],
    options.now,
  );
  return created as { id: string; key: string };
}

/** Creates several terminals in one transaction (provisioning a fleet, benchmarks). */
export function createTerminals(
  dbPath: string,
  terminals: NewTerminal[],
  now: () => number = Date.now,
): { id: string; key: string }[] {
  const prepared = terminals.map((terminal) => {
    const venues = [...new Set(terminal.venueIds.map((venue) => venue.trim()))];
    if (venues.length === 0 || venues.some((venue) => venue === '')) {
      throw new Error('A terminal needs at least one non-empty venue id.');
    }
    return {
      id: randomUUID(),
      key: `rtk_${randomBytes(32).toString('base64url')}`,
      venues,
      name: terminal.name ?? null,
    };
  });
  const db = openRelayDatabase(dbPath);
  try {
    db.transaction(() => {
      const addTerminal = db.prepare(
        'INSERT INTO terminals (id, key_hash, name, created_at) VALUES (?, ?, ?, ?)',
      );
      const addVenue = db.prepare(
        'INSERT INTO terminal_venues (terminal_id, venue_id) VALUES (?, ?)',
      );
      for (const terminal of prepared) {
        addTerminal.run(terminal.id, hashTerminalKey(terminal.key), terminal.name, now());
        for (const venue of terminal.venues) addVenue.run(terminal.id, venue);
      }
    }).immediate();
  } finally {
    db.close();
  }
  return prepared.map(({ id, key }) => ({ id, key }));
}

/** Returns false when no active terminal has this id (unknown, or revoked already). */
export function revokeTerminal(dbPath: string, id: string, now: () => number = Date.now): boolean {
  const db = openRelayDatabase(dbPath);
  try {
    return db
      .transaction(() => {
        const at = now();
        const changed = db
          .prepare('UPDATE terminals SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
          .run(at, id);
        if (changed.changes === 0) return false;
        db.prepare('INSERT INTO revocations (terminal_id, revoked_at) VALUES (?, ?)').run(id, at);
        return true;
      })
      .immediate();
  } finally {
    db.close();
  }
}

export function listTerminals(dbPath: string): Terminal[] {
  const db = openRelayDatabase(dbPath);
  try {
    const rows = db
      .prepare('SELECT id, name, created_at, revoked_at FROM terminals ORDER BY created_at, id')
      .all() as TerminalRow[];
    const venuesOf = terminalVenuesStatement(db);
    return rows.map((row) => terminalFromRow(row, venuesOf));
  } finally {
    db.close();
  }
}
