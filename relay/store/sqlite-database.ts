import type Database from 'better-sqlite3';
import { openSqlite } from '../../kit/sqlite';
import { migrate } from './migrations';

/** Opens (creating if needed) the relay's SQLite file, migrated (kit/sqlite.ts sets durability). */
export function openRelayDatabase(path: string): Database.Database {
  return openSqlite(path, { migrate });
}
