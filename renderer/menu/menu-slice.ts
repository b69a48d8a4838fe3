// The menu's part of the store: the platform's menu as main last read it, its checks and pushes,
// and which items and options are sold out.
import type { MenuIssue, MenuItemSummary, MenuState } from '../../shared/domain';
import type { BridgeError, MenuCheck } from '../../shared/ipc/contract';
import { tryCall } from '../ui-kit/bridge';
import { sameOr } from '../ui-kit/merge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

export type MenuSlice = {
  /** The platform's menu as main last read it; null until loaded. */
  menu: MenuState | null;
  /** menu.items, for the views that only list items. */
  menuItems: MenuItemSummary[];
  checkMenu(text: string): Promise<MenuCheck>;
  /** Errors propagate (a refused push names what it would remove). */
  pushMenu(
    text: string,
    confirmRemoved?: string[],
  ): Promise<{ ok: false; issues: MenuIssue[] } | null>;
  refreshMenu(): Promise<void>;
  /** enabled=false: sold out until `until` (the platform restores it then) or switched back. */
  setItemAvailability(
    externalData: string,
    enabled: boolean,
    until?: string | null,
  ): Promise<BridgeError | null>;
  setOptionAvailability(
    externalData: string,
    enabled: boolean,
    until?: string | null,
  ): Promise<BridgeError | null>;
};

/** The menu as read, and its items as every card takes them (kept when unchanged). */
export const withMenu = (s: { menuItems: MenuItemSummary[] }, menu: MenuState) => ({
  menu,
  menuItems: sameOr(s.menuItems, menu.items),
});

export const createMenuSlice = ({
  bridge,
  set,
}: SliceContext<MenuSlice>): SliceParts<MenuSlice> => ({
  initial: {
    menu: null,
    menuItems: [],
    checkMenu: (text) => bridge['menu:check']({ text }),
    async pushMenu(text, confirmRemoved) {
      const result = await bridge['menu:push'](
        confirmRemoved ? { text, confirmRemoved } : { text },
      );
      return 'issues' in result ? result : null;
    },
    async refreshMenu() {
      try {
        const menu = await bridge['menu:refresh']({});
        set((s) => withMenu(s, menu));
      } catch {
        // The menu's own readError (and the status bar) say why.
      }
    },
    setItemAvailability: (externalData, enabled, until) =>
      tryCall(() =>
        bridge['menu:setItemAvailability'](
          enabled
            ? { externalData, enabled }
            : { externalData, enabled, disabledUntil: until ?? null },
        ),
      ),
    setOptionAvailability: (externalData, enabled, until) =>
      tryCall(() =>
        bridge['menu:setOptionAvailability'](
          enabled ? { externalData, enabled } : { externalData, enabled, until: until ?? null },
        ),
      ),
  },
  listen: () => [bridge.on('menu:changed', (menu) => set((s) => withMenu(s, menu)))],
});
