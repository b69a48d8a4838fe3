import type { Database } from 'better-sqlite3';

/**
 * The relay cursor remembers which relay event log it counts in (`log_id`): a relay whose
 * database was replaced starts seq at 1 again, and a cursor from the old log would skip its
 * events. `seq_offset` is added to that log's seqs for the local inboxes (delivery_inbox is keyed
 * by seq), so the events of a new log never collide with rows kept from an earlier one.
 */
export const migration004RelayLog = (db: Database): void => {
  db.exec(`
    ALTER TABLE relay_cursor ADD COLUMN log_id TEXT;
    ALTER TABLE relay_cursor ADD COLUMN seq_offset INTEGER NOT NULL DEFAULT 0;
  `);
};
