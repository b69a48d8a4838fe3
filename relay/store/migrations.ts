import type Database from 'better-sqlite3';

export type Migration = { version: number; name: string; sql: string };

// Append only: a migration that shipped is never edited, a change is a new number.
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'events',
    // AUTOINCREMENT so a seq is never reused after pruning: terminals hold cursors into it.
    sql: `
      CREATE TABLE events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('marketplace', 'delivery')),
        event_id TEXT NOT NULL,
        venue_id TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        body TEXT NOT NULL,
        signature TEXT,
        UNIQUE (kind, event_id)
      );
      CREATE INDEX events_venue_seq ON events (venue_id, seq);
      CREATE INDEX events_received_at ON events (received_at);
    `,
  },
  {
    version: 2,
    name: 'terminals',
    // Revocations are an append-only log so a running relay can find, from another process's
    // change, which waiting polls to end, by remembering the last cursor it has seen.
    sql: `
      CREATE TABLE terminals (
        id TEXT PRIMARY KEY,
        key_hash TEXT NOT NULL UNIQUE,
        name TEXT,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE TABLE terminal_venues (
        terminal_id TEXT NOT NULL REFERENCES terminals (id),
        venue_id TEXT NOT NULL,
        PRIMARY KEY (terminal_id, venue_id)
      );
      CREATE TABLE revocations (
        cursor INTEGER PRIMARY KEY AUTOINCREMENT,
        terminal_id TEXT NOT NULL REFERENCES terminals (id),
        revoked_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'delivery venue resolution',
    // Delivery events order.location_updated and order.handshake_delivery carry no venue_id:
    // their venue comes from an earlier event of the same order, or they wait in held_events.
    sql: `
      CREATE TABLE delivery_orders (
        order_ref TEXT PRIMARY KEY,
        venue_id TEXT NOT NULL,
        last_seen_at INTEGER NOT NULL
      );
      CREATE INDEX delivery_orders_last_seen ON delivery_orders (last_seen_at);
      CREATE TABLE held_events (
        kind TEXT NOT NULL,
        event_id TEXT NOT NULL,
        order_ref TEXT,
        received_at INTEGER NOT NULL,
        body TEXT NOT NULL,
        signature TEXT,
        PRIMARY KEY (kind, event_id)
      );
      CREATE INDEX held_events_order_ref ON held_events (order_ref);
    `,
  },
];

export class DatabaseFromFutureError extends Error {
  constructor(found: number, known: number) {
    super(
      `The relay database is at schema version ${found}, newer than this relay knows (${known}). ` +
        'Run the newer relay, or restore a backup made for this version.',
    );
    this.name = 'DatabaseFromFutureError';
  }
}

export function schemaVersion(db: Database.Database): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/**
 * Brings the database to the newest version in one IMMEDIATE transaction: a crash or a failing
 * step leaves the previous version intact, and two processes opening the file at once cannot
 * both migrate. A database from a newer relay is refused rather than guessed at.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const run = db.transaction(() => {
    const current = schemaVersion(db);
    if (current > latest) throw new DatabaseFromFutureError(current, latest);
    for (const migration of migrations) {
      if (migration.version > current) db.exec(migration.sql);
    }
    if (current !== latest) db.pragma(`user_version = ${latest}`);
    return latest;
  });
  return run.immediate();
}
