import type { Database } from 'better-sqlite3';

/**
 * The venue a print job is of: a day summary printed for one venue of a terminal of several prints
 * that venue's day when its printer takes it, as it printed every venue's before. Null: every
 * venue's (the day summaries printed until this version, and every order document, whose venue
 * is its order's).
 */
export const migration017PrintJobVenue = (db: Database): void => {
  db.exec('ALTER TABLE print_jobs ADD COLUMN venue_id TEXT');
};
