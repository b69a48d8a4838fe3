import type { Database } from 'better-sqlite3';

/** Item availability changed from the terminal, kept apart from the pushed menu it overrides. */
export const migration002ItemAvailability = (db: Database): void => {
  db.exec(`
    CREATE TABLE menu_item_states (
      venue_id TEXT NOT NULL,
      external_data TEXT NOT NULL,
      enabled INTEGER NOT NULL,
      disabled_until TEXT,
      updated_at TEXT NOT NULL,
      PRIMARY KEY (venue_id, external_data)
    );
  `);
};
