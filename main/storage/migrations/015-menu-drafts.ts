import type { Database } from 'better-sqlite3';

/**
 * The menu editor's draft, one per venue (docs/platform.md#menu-editor): kept by main so edits
 * survive a restart and the renderer never holds the only copy. `published_at`: when this draft
 * was last published unchanged (null: edited since, or never published).
 */
export const migration015MenuDrafts = (db: Database): void => {
  db.exec(`
    CREATE TABLE menu_drafts (
      venue_id TEXT PRIMARY KEY,
      draft TEXT NOT NULL,
      saved_at TEXT NOT NULL,
      published_at TEXT
    );
  `);
};
