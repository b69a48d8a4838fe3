import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';

// A random identity for this event log, created once with the database. seq numbering is only
// meaningful within one log: a terminal that sees another log_id (the file was deleted, replaced
// or restored) knows its cursor no longer applies and starts over instead of skipping events.
export function migration004(db: Database.Database): void {
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID');
  db.prepare("INSERT INTO meta (key, value) VALUES ('log_id', ?)").run(randomUUID());
}
