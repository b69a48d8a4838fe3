import type Database from 'better-sqlite3';

// Each terminal's trouble as its health reports told it, one row each time what is wrong changed
// (the problems' JSON; '[]' when it became fine): the fleet's venue page shows a venue's day from
// it. Pruned with the events.
export function migration011(db: Database.Database): void {
  db.exec(`
    CREATE TABLE terminal_trouble (
      terminal_id TEXT NOT NULL,
      at INTEGER NOT NULL,
      problems TEXT NOT NULL,
      PRIMARY KEY (terminal_id, at)
    );
    CREATE INDEX terminal_trouble_at ON terminal_trouble (at);
  `);
}
