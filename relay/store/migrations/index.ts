import type Database from 'better-sqlite3';
import { migration001 } from './001-events';
import { migration002 } from './002-terminals';
import { migration003 } from './003-delivery-venue-resolution';
import { migration004 } from './004-log-identity';

export type Migration = { version: number; name: string; up: (db: Database.Database) => void };

// Append only: a migration that shipped is never edited, a change is a new number.
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'events', up: migration001 },
  { version: 2, name: 'terminals', up: migration002 },
  { version: 3, name: 'delivery venue resolution', up: migration003 },
  { version: 4, name: 'log identity', up: migration004 },
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
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
): number {
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const run = db.transaction(() => {
    const current = schemaVersion(db);
    if (current > latest) throw new DatabaseFromFutureError(current, latest);
    for (const migration of migrations) {
      if (migration.version > current) migration.up(db);
    }
    if (current !== latest) db.pragma(`user_version = ${latest}`);
    return latest;
  });
  return run.immediate();
}
