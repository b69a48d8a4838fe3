import type Database from 'better-sqlite3';
import { migrateSqlite, type MigrationPlan, type SqliteStep } from '../../../kit/migrations';
import { migration001 } from './001-events';
import { migration002 } from './002-terminals';
import { migration003 } from './003-delivery-venue-resolution';
import { migration004 } from './004-log-identity';
import { migration005 } from './005-delivery-secrets';
import { migration006 } from './006-delivery-secret-overlap';
import { migration007 } from './007-venue-intake';
import { migration008 } from './008-delivery-merchants';
import { migration009 } from './009-terminal-presence';
import { migration010 } from './010-venue-settings-and-duties';
import { migration011 } from './011-terminal-trouble';
import { migration012 } from './012-venue-settings-hint';

// Append only: a migration that shipped is never edited, a change is a new number (index + 1).
// 1: events · 2: terminals · 3: delivery venue resolution · 4: log identity · 5: delivery secrets ·
// 6: every delivery secret of the overlap window · 7: each venue's intake (last notification,
// reported state, last poll) · 8: the merchants' delivery credentials · 9: each terminal's presence
// (last seen, last health report) · 10: each venue's settings and the per-order duties claimed by
// one terminal of it · 11: each terminal's trouble, one row per change (the venue page's day) ·
// 12: the event log takes the venue-settings hint (shared/relay-events.ts).
export const MIGRATIONS: readonly SqliteStep[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
];

export function schemaVersion(db: Database.Database): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/**
 * Brings the relay's SQLite file to the newest version through the project's one runner: one
 * IMMEDIATE transaction, so a crash or a failing step leaves the previous version intact and two
 * processes opening the file at once cannot both migrate; a file from a newer relay is refused.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly SqliteStep[] = MIGRATIONS,
): MigrationPlan {
  return migrateSqlite(db, migrations, 'The relay database');
}
