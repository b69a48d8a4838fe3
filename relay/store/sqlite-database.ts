import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { openSqlite } from '../../kit/sqlite';
import { migrate } from './migrations';

// The file holds venues' delivery secrets and terminal key hashes: readable by the relay's user
// only. SQLite gives its -wal and -shm files the database file's mode, so creating the file 0600
// before SQLite opens it covers all three; a file from an older relay is narrowed on open.
const PRIVATE = 0o600;

function makePrivate(path: string): void {
  if (!existsSync(path)) {
    closeSync(openSync(path, 'a', PRIVATE));
    return;
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Opens (creating if needed) the relay's SQLite file, migrated (kit/sqlite.ts sets durability). */
export function openRelayDatabase(path: string): Database.Database {
  if (path !== ':memory:') makePrivate(path);
  return openSqlite(path, { migrate });
}
