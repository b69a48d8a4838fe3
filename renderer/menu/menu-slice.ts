// The menu's part of the store: the platform's menu as main last read it, its checks and pushes,
// and which items and options are sold out.
import type { MenuIssue, MenuItemSummary, MenuState } from '../../shared/domain';
import type { BridgeError, MenuCheck } from '../../shared/ipc/contract';
import type { PriceChange } from '../../shared/menu-price';
import type { Result } from '../ui-kit/bridge';
import { tryCall, tryRead } from '../ui-kit/bridge';
import { sameOr } from '../ui-kit/merge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

export type MenuSlice = {
  /** The platform's menu as main last read it; null until loaded. */
  menu: MenuState | null;
  /** menu.items, for the views that only list items. */
  menuItems: MenuItemSummary[];
  checkMenu(text: string): Promise<Result<MenuCheck>>;
  /** The menu's issues if its check refused it, null if pushed; a refusal names what it removes. */
  pushMenu(text: string, confirmRemoved?: string[]): Promise<Result<MenuIssue[] | null>>;
  refreshMenu(): Promise<BridgeError | null>;
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
  /** A new price or discount (shared/menu-price.ts), through the platform's update calls. */
  setPrice(change: PriceChange): Promise<BridgeError | null>;
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
    checkMenu: (text) => tryRead(() => bridge['menu:check']({ text })),
    pushMenu: (text, confirmRemoved) =>
      tryRead(async () => {
        const result = await bridge['menu:push'](
          confirmRemoved ? { text, confirmRemoved } : { text },
        );
        return 'issues' in result ? result.issues : null;
      }),
    refreshMenu: () =>
      tryCall(async () => {
        const menu = await bridge['menu:refresh']({});
        set((s) => withMenu(s, menu));
      }),
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
    setPrice: (change) => tryCall(() => bridge['menu:setPrice'](change)),
  },
  listen: () => [bridge.on('menu:changed', (menu) => set((s) => withMenu(s, menu)))],
});
