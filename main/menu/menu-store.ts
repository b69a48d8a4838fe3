// The platform's menu as this terminal last read it (the `menus` table: one row per venue, the
// read's time in updated_at), and the option values this terminal turns back on at a time
// (settings `menu.optionRestores`: the platform has no time limit for options).
// The editor's draft, one per venue (`menu_drafts`, migration 015).
// `menu_item_states` (migration 002) held availability wished from this terminal before the live
// menu was read; availability now comes from the platform's menu, so nothing reads it any more.
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import type { MenuDraft } from '../../shared/menu-draft';
import { menuDraftSchema } from '../../shared/menu-draft';
import type { LiveMenu } from './menu-check';
import { liveMenuSchema } from './menu-check';

/** The editor's draft as kept (`menu_drafts`, migration 015). */
export type StoredDraft = { draft: MenuDraft; savedAt: string; publishedAt: string | null };

const RESTORES_KEY = 'menu.optionRestores';

/** external_data → when to turn the option value back on, per venue. */
type Restores = Record<string, Record<string, string>>;

export type MenuStore = {
  live(venueId: string): { menu: LiveMenu; fetchedAt: string } | null;
  saveLive(venueId: string, menu: LiveMenu, fetchedAt: string): void;
  forget(venueId: string): void;
  restores(venueId: string): Record<string, string>;
  setRestore(venueId: string, externalData: string, at: string | null): void;
  draft(venueId: string): StoredDraft | null;
  saveDraft(venueId: string, draft: MenuDraft, savedAt: string): void;
  /** Marks the draft published as it is now (a later save clears the mark). */
  markPublished(venueId: string, at: string): void;
  discardDraft(venueId: string): void;
};

export const createMenuStore = (db: Database, settings: Settings): MenuStore => {
  const selectMenu = db.prepare<[string], { menu: string; updated_at: string }>(
    'SELECT menu, updated_at FROM menus WHERE venue_id = ?',
  );
  const upsertMenu = db.prepare(
    `INSERT INTO menus (venue_id, menu, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (venue_id) DO UPDATE SET menu = excluded.menu, updated_at = excluded.updated_at`,
  );
  const deleteMenu = db.prepare('DELETE FROM menus WHERE venue_id = ?');
  const selectDraft = db.prepare<
    [string],
    { draft: string; saved_at: string; published_at: string | null }
  >('SELECT draft, saved_at, published_at FROM menu_drafts WHERE venue_id = ?');
  const upsertDraft = db.prepare(
    `INSERT INTO menu_drafts (venue_id, draft, saved_at, published_at) VALUES (?, ?, ?, NULL)
     ON CONFLICT (venue_id) DO UPDATE SET draft = excluded.draft, saved_at = excluded.saved_at,
       published_at = NULL`,
  );
  const publishDraft = db.prepare('UPDATE menu_drafts SET published_at = ? WHERE venue_id = ?');
  const deleteDraft = db.prepare('DELETE FROM menu_drafts WHERE venue_id = ?');
  const allRestores = (): Restores => settings.get<Restores>(RESTORES_KEY) ?? {};

  return {
    live: (venueId) => {
      const row = selectMenu.get(venueId);
      if (!row) return null;
      const parsed = liveMenuSchema.safeParse(JSON.parse(row.menu));
      return parsed.success ? { menu: parsed.data, fetchedAt: row.updated_at } : null;
    },
    saveLive: (venueId, menu, fetchedAt) => {
      upsertMenu.run(venueId, JSON.stringify(menu), fetchedAt);
    },
    forget: (venueId) => {
      deleteMenu.run(venueId);
      deleteDraft.run(venueId);
      const restores = allRestores();
      delete restores[venueId];
      settings.set(RESTORES_KEY, restores);
    },
    restores: (venueId) => allRestores()[venueId] ?? {},
    setRestore: (venueId, externalData, at) => {
      const restores = allRestores();
      const venue = { ...(restores[venueId] ?? {}) };
      if (at) venue[externalData] = at;
      else delete venue[externalData];
      settings.set(RESTORES_KEY, { ...restores, [venueId]: venue });
    },
    draft: (venueId) => {
      const row = selectDraft.get(venueId);
      if (!row) return null;
      // A draft an older version wrote in another shape is not offered as this one.
      const parsed = menuDraftSchema.safeParse(JSON.parse(row.draft));
      return parsed.success
        ? { draft: parsed.data, savedAt: row.saved_at, publishedAt: row.published_at }
        : null;
    },
    saveDraft: (venueId, draft, savedAt) => {
      upsertDraft.run(venueId, JSON.stringify(draft), savedAt);
    },
    markPublished: (venueId, at) => {
      publishDraft.run(at, venueId);
    },
    discardDraft: (venueId) => {
      deleteDraft.run(venueId);
    },
  };
};
