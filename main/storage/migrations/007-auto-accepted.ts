import type { Database } from 'better-sqlite3';

/** Orders Countertop accepted by itself (the venue's auto-accept) are marked as such for staff. */
export const migration007AutoAccepted = (db: Database): void => {
  db.exec('ALTER TABLE orders ADD COLUMN auto_accepted INTEGER NOT NULL DEFAULT 0');
};
