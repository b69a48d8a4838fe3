import type Database from 'better-sqlite3';

// Each terminal's presence, one row per terminal key: when the relay last heard from it (any call
// of its key, noted at most every 15 s per instance) and the health report it last sent
// (shared/terminal-health.ts, kept as the relay re-serialised it after checking). The fleet view,
// /metrics and the terminals of a venue (who else is receiving) read it.
export function migration009(db: Database.Database): void {
  db.exec(`
    CREATE TABLE terminal_presence (
      terminal_id TEXT PRIMARY KEY,
      last_seen_at INTEGER,
      reported_at INTEGER,
      report TEXT
    );
  `);
}
