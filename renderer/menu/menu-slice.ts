// The menu's part of the store: the platform's menu as main last read it, its checks and pushes,
// and which items and options are sold out.
import type { MenuIssue, MenuItemSummary, MenuState } from '../../shared/domain';
import type { BridgeError, MenuCheck, MenuDraftState } from '../../shared/ipc/contract';
import type { MenuDraft } from '../../shared/menu-draft';
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
  /** The editor's draft as main keeps it; null until loaded. */
  menuDraft: MenuDraftState | null;
  loadDraft(): Promise<BridgeError | null>;
  /** Every edit goes to main at once: the renderer never holds the only copy. */
  saveDraft(draft: MenuDraft): Promise<BridgeError | null>;
  discardDraft(): Promise<BridgeError | null>;
  startDraft(from: 'live' | 'empty', language: string): Promise<BridgeError | null>;
  checkDraft(): Promise<Result<MenuCheck>>;
  /** The draft's issues if main refused it, null if its push is queued. */
  publishDraft(confirmRemoved?: string[]): Promise<Result<MenuIssue[] | null>>;
};

/** The menu as read, and its items as every card takes them (kept when unchanged). */
export const withMenu = (s: { menuItems: MenuItemSummary[] }, menu: MenuState) => ({
  menu,
  menuItems: sameOr(s.menuItems, menu.items),
});

/**
 * Draft saves one at a time, the newest waiting one next: saves sent side by side could reach
 * main out of order (the web host answers requests in parallel) and leave an older draft kept.
 */
const draftSaver = (save: (draft: MenuDraft) => Promise<void>) => {
  let waiting: MenuDraft | null = null;
  let running: Promise<void> | null = null;
  return (draft: MenuDraft): Promise<void> => {
    waiting = draft;
    running ??= (async () => {
      try {
        while (waiting) {
          const next = waiting;
          waiting = null;
          await save(next);
        }
      } finally {
        running = null;
        waiting = null;
      }
    })();
    return running;
  };
};

export const createMenuSlice = ({
  bridge,
  set,
}: SliceContext<MenuSlice>): SliceParts<MenuSlice> => {
  const keep = draftSaver(async (draft) => {
    const menuDraft = await bridge['menu:saveDraft']({ draft });
    set((s) => (s.menuDraft?.draft === draft ? { menuDraft } : {}));
  });
  return {
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
      menuDraft: null,
      loadDraft: () =>
        tryCall(async () => {
          const menuDraft = await bridge['menu:draft']({});
          set({ menuDraft });
        }),
      saveDraft: (draft) =>
        tryCall(async () => {
          // Shown at once; main's answer (the kept draft) follows.
          set((s) => ({
            menuDraft: { draft, savedAt: s.menuDraft?.savedAt ?? null, publishedAt: null },
          }));
          await keep(draft);
        }),
      discardDraft: () =>
        tryCall(async () => {
          const menuDraft = await bridge['menu:discardDraft']({});
          set({ menuDraft });
        }),
      startDraft: (from, language) =>
        tryCall(async () => {
          const menuDraft = await bridge['menu:startDraft']({ from, language });
          set({ menuDraft });
        }),
      checkDraft: () => tryRead(() => bridge['menu:checkDraft']({})),
      publishDraft: (confirmRemoved) =>
        tryRead(async () => {
          const result = await bridge['menu:publishDraft'](
            confirmRemoved ? { confirmRemoved } : {},
          );
          if ('issues' in result) return result.issues;
          set({ menuDraft: await bridge['menu:draft']({}) });
          return null;
        }),
    },
    listen: () => [bridge.on('menu:changed', (menu) => set((s) => withMenu(s, menu)))],
  };
};
