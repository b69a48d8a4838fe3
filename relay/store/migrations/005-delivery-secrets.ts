import type Database from 'better-sqlite3';

// Each venue's delivery webhook secret, handed over by a terminal of that venue (PUT
// /v1/delivery-secret). The previous secret stays valid until previous_until, so events the
// platform signed just before a rotation still verify.
export function migration005(db: Database.Database): void {
  db.exec(`
    CREATE TABLE delivery_secrets (
      venue_id TEXT PRIMARY KEY,
      secret TEXT NOT NULL,
      previous_secret TEXT,
      previous_until INTEGER,
      updated_at INTEGER NOT NULL
    );
  `);
}
