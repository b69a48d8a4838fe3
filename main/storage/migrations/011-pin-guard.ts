import type { Database } from 'better-sqlite3';

/**
 * The staff PIN's guard (the machine slice's): the run of wrong tries and the lockout's end, one
 * row. They lived in memory, so a restart cleared a lockout; here a try is written before its
 * hash is computed, and a crash mid-check counts it as wrong.
 */
export const migration011PinGuard = (db: Database): void => {
  db.exec(`
    CREATE TABLE machine_pin_guard (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      wrong_tries INTEGER NOT NULL DEFAULT 0 CHECK (wrong_tries >= 0),
      locked_until_ms INTEGER NOT NULL DEFAULT 0
    );
    INSERT INTO machine_pin_guard (id) VALUES (1);
  `);
};
