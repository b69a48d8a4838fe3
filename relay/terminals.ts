// Terminal administration on the relay's store, safe while relays run: SQLite serialises the
// writers, PostgreSQL transactions do; running relays notice revocations within their revocation
// check interval (PostgreSQL also notifies them at once).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isVenueId, VENUE_ID_RULE } from '../shared/venue-id';
import { escapeControl } from './printable';
import type { NewTerminalRow, Terminal } from './store/event-store';
import { withStore, type StoreLocation } from './store/open-store';
import { openRelayDatabase } from './store/sqlite-database';
import { insertTerminals, listTerminalsIn, revokeTerminalIn } from './store/sqlite-terminals';

export type { Terminal };
export type CreateTerminalOptions = { name?: string; now?: () => number };

/** A terminal key is 32 random bytes; with that much entropy a plain SHA-256 is a sound stored hash. */
export function hashTerminalKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export type NewTerminal = { venueIds: string[]; name?: string };

export const TERMINAL_NAME_MAX_LENGTH = 100;

/** A terminal's name is shown to people (admin list, fleet view): plain text of one line. */
function checkTerminalName(name: string): void {
  if (name.length > TERMINAL_NAME_MAX_LENGTH || escapeControl(name) !== name) {
    throw new Error(
      `A terminal name is at most ${TERMINAL_NAME_MAX_LENGTH} characters, without control characters.`,
    );
  }
}

/** New ids and keys for terminals, validated; the rows to store hold only the keys' hashes. */
function prepareTerminals(
  terminals: NewTerminal[],
  now: () => number,
): { rows: NewTerminalRow[]; created: { id: string; key: string }[] } {
  const created: { id: string; key: string }[] = [];
  const rows = terminals.map((terminal) => {
    const venues = [...new Set(terminal.venueIds.map((venue) => venue.trim()))];
    if (venues.length === 0) throw new Error('A terminal needs at least one venue id.');
    const invalid = venues.find((venue) => !isVenueId(venue));
    if (invalid !== undefined) {
      throw new Error(`"${escapeControl(invalid)}" is not a venue id: ${VENUE_ID_RULE}.`);
    }
    if (terminal.name !== undefined) checkTerminalName(terminal.name);
    const id = randomUUID();
    const key = `rtk_${randomBytes(32).toString('base64url')}`;
    created.push({ id, key });
    return {
      id,
      keyHash: hashTerminalKey(key),
      name: terminal.name ?? null,
      venueIds: venues,
      createdAt: now(),
    };
  });
  return { rows, created };
}

const withFile = <T>(dbPath: string, fn: (db: ReturnType<typeof openRelayDatabase>) => T): T => {
  const db = openRelayDatabase(dbPath);
  try {
    return fn(db);
  } finally {
    db.close();
  }
};

// Synchronous functions on a SQLite file (the demo, the core's tests).

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
  const { rows, created } = prepareTerminals(terminals, now);
  withFile(dbPath, (db) => insertTerminals(db, rows));
  return created;
}

/** Returns false when no active terminal has this id (unknown, or revoked already). */
export function revokeTerminal(dbPath: string, id: string, now: () => number = Date.now): boolean {
  return withFile(dbPath, (db) => revokeTerminalIn(db, id, now()));
}

export function listTerminals(dbPath: string): Terminal[] {
  return withFile(dbPath, listTerminalsIn);
}

// The same on any store location: a SQLite file or a postgres:// URL.

export async function createTerminalsAt(
  location: StoreLocation,
  terminals: NewTerminal[],
  now: () => number = Date.now,
): Promise<{ id: string; key: string }[]> {
  const { rows, created } = prepareTerminals(terminals, now);
  await withStore(location, (store) => store.createTerminals(rows));
  return created;
}

export function revokeTerminalAt(
  location: StoreLocation,
  id: string,
  now: () => number = Date.now,
): Promise<boolean> {
  return withStore(location, (store) => store.revokeTerminal(id, now()));
}

export function listTerminalsAt(location: StoreLocation): Promise<Terminal[]> {
  return withStore(location, (store) => store.listTerminals());
}
