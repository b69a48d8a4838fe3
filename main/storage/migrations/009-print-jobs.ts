import type { Database } from 'better-sqlite3';

/**
 * Print jobs, durable: a job survives a restart and prints once. `request_key` names the request
 * that made it (an action, an arrival, a staff tap) and is unique per printer, so a replayed
 * trigger cannot make a second job. The content is not stored: it is rendered from the order (or
 * the day) when it prints, so no customer's data lives here.
 */
export const migration009PrintJobs = (db: Database): void => {
  db.exec(`
    CREATE TABLE print_jobs (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      request_key TEXT NOT NULL,
      document TEXT NOT NULL,
      order_id TEXT,
      order_number TEXT,
      day TEXT,
      printer_id TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('queued', 'printing', 'waiting', 'printed', 'canceled')),
      origin TEXT NOT NULL CHECK (origin IN ('auto', 'staff', 'test')),
      attempts INTEGER NOT NULL DEFAULT 0,
      error TEXT,
      partial INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      printed_at TEXT,
      UNIQUE (request_key, printer_id)
    );
    CREATE INDEX print_jobs_open ON print_jobs (state) WHERE state IN ('queued', 'printing', 'waiting');
    CREATE INDEX print_jobs_order ON print_jobs (order_id);
  `);
};
