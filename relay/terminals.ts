// Terminal administration on the relay's database file. Safe while the relay runs: SQLite
// serialises the writers, and the relay notices revocations within its revocation check interval.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openRelayDatabase } from './store/sqlite-database';
import { terminalFromRow, type TerminalRow } from './store/sqlite-store';
import type { Terminal } from './store/event-store';

export type { Terminal };
export type CreateTerminalOptions = { name?: string; now?: () => number };

/** A terminal key is 32 random bytes; with that much entropy a plain SHA-256 is a sound stored hash. */
export function hashTerminalKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function createTerminal(
  dbPath: string,
  venueIds: string[],
  options: CreateTerminalOptions = {},
): { id: string; key: string } {
  const venues = [...new Set(venueIds.map((venue) => venue.trim()))];
  if (venues.length === 0 || venues.some((venue) => venue === '')) {
    throw new Error('A terminal needs at least one non-empty venue id.');
  }
  const id = randomUUID();
  const key = `rtk_${randomBytes(32).toString('base64url')}`;
  const now = options.now ?? Date.now;
  const db = openRelayDatabase(dbPath);
  try {
    db.transaction(() => {
      db.prepare('INSERT INTO terminals (id, key_hash, name, created_at) VALUES (?, ?, ?, ?)').run(
        id,
        hashTerminalKey(key),
        options.name ?? null,
        now(),
      );
      const addVenue = db.prepare('INSERT INTO terminal_venues (terminal_id, venue_id) VALUES (?, ?)');
      for (const venue of venues) addVenue.run(id, venue);
    }).immediate();
  } finally {
    db.close();
  }
  return { id, key };
}

/** Returns false when no active terminal has this id (unknown, or revoked already). */
export function revokeTerminal(dbPath: string, id: string, now: () => number = Date.now): boolean {
  const db = openRelayDatabase(dbPath);
  try {
    return db
      .transaction(() => {
        const at = now();
        const changed = db.prepare('UPDATE terminals SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id);
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
    const rows = db.prepare('SELECT id, name, created_at, revoked_at FROM terminals ORDER BY created_at, id').all() as TerminalRow[];
    return rows.map((row) => terminalFromRow(db, row));
  } finally {
    db.close();
  }
}
