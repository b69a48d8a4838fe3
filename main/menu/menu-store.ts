// The venue's menu as last pushed from this terminal, and item availability changed since.
import type { MenuItemSummary } from '../../shared/domain';
import type { Database } from '../storage/database';
import type { Menu } from './menu-check';
import { summarizeMenu } from './menu-check';

export type MenuStore = {
  current(venueId: string): Menu | null;
  /** Stores a pushed menu; availability set from the terminal is gone with the old menu. */
  replace(venueId: string, menu: Menu): void;
  setAvailability(
    venueId: string,
    externalData: string,
    enabled: boolean,
    disabledUntil: string | null,
  ): void;
  items(venueId: string): MenuItemSummary[];
};

/** External data of the items whose availability change is still on its way (outbox projection). */
export type PendingItems = () => ReadonlySet<string>;

export const createMenuStore = (
  db: Database,
  now: () => Date,
  pendingItems: PendingItems,
): MenuStore => {
  const selectMenu = db.prepare<[string], { menu: string }>(
    'SELECT menu FROM menus WHERE venue_id = ?',
  );
  const upsertMenu = db.prepare(
    `INSERT INTO menus (venue_id, menu, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (venue_id) DO UPDATE SET menu = excluded.menu, updated_at = excluded.updated_at`,
  );
  const clearStates = db.prepare('DELETE FROM menu_item_states WHERE venue_id = ?');
  const upsertState = db.prepare(
    `INSERT INTO menu_item_states (venue_id, external_data, enabled, disabled_until, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (venue_id, external_data) DO UPDATE SET
       enabled = excluded.enabled, disabled_until = excluded.disabled_until, updated_at = excluded.updated_at`,
  );
  const selectStates = db.prepare<
    [string],
    { external_data: string; enabled: number; disabled_until: string | null }
  >('SELECT external_data, enabled, disabled_until FROM menu_item_states WHERE venue_id = ?');

  const current = (venueId: string): Menu | null => {
    const row = selectMenu.get(venueId);
    return row ? (JSON.parse(row.menu) as Menu) : null;
  };

  return {
    current,
    replace: (venueId, menu) => {
      upsertMenu.run(venueId, JSON.stringify(menu), now().toISOString());
      clearStates.run(venueId);
    },
    setAvailability: (venueId, externalData, enabled, disabledUntil) => {
      upsertState.run(venueId, externalData, enabled ? 1 : 0, disabledUntil, now().toISOString());
    },
    items: (venueId) => {
      const menu = current(venueId);
      if (!menu) return [];
      const pending = pendingItems();
      const overrides = new Map(
        selectStates.all(venueId).map((row) => [
          row.external_data,
          {
            enabled: row.enabled === 1,
            disabledUntil: row.disabled_until,
            pending: pending.has(row.external_data),
          },
        ]),
      );
      return summarizeMenu(menu, overrides);
    },
  };
};
