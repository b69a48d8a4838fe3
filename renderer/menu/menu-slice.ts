// The menu's part of the store: the platform's menu as main last read it, its checks and pushes,
// and which items and options are sold out.
import type { MenuProblem, MenuItemSummary, MenuState } from '../../shared/domain';
import type { BridgeError, MenuCheck, MenuDraftState } from '../../shared/ipc/contract';
import type { MenuDraft } from '../../shared/menu-draft';
import type { PriceChange } from '../../shared/menu-price';
import type { Result } from '../ui-kit/bridge';
import { tryCall, tryRead } from '../ui-kit/bridge';
import { sameOr } from '../ui-kit/merge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

export type MenuSlice = {
  /** The menu of the venue set up first, as main last read it; null until loaded. */
  menu: MenuState | null;
  /** menu.items, for the views that only list items. */
  menuItems: MenuItemSummary[];
  /** Every venue's menu as main last told it, by venue (a terminal may serve several). */
  menus: Readonly<Record<string, MenuState>>;
  /** The venue whose menu the menu screen shows; null: the venue set up first. */
  menuVenue: string | null;
  /** Shows this venue's menu (and its draft) on the menu screen. */
  showMenuVenue(venueId: string | null): Promise<BridgeError | null>;
  /** Reads the menus of these venues that this window has not been told yet. */
  loadMenus(venueIds: readonly string[]): Promise<BridgeError | null>;
  checkMenu(text: string, venueId?: string): Promise<Result<MenuCheck>>;
  /** The menu's issues if its check refused it, null if pushed; a refusal names what it removes. */
  pushMenu(
    text: string,
    confirmRemoved?: string[],
    venueId?: string,
  ): Promise<Result<MenuProblem[] | null>>;
  refreshMenu(venueId?: string): Promise<BridgeError | null>;
  /** enabled=false: sold out until `until` (the platform restores it then) or switched back. */
  setItemAvailability(
    externalData: string,
    enabled: boolean,
    until?: string | null,
    venueId?: string,
  ): Promise<BridgeError | null>;
  /** The item sold out (or back on sale) in every venue whose menu has it. */
  setItemAvailabilityEverywhere(
    externalData: string,
    enabled: boolean,
    until?: string | null,
  ): Promise<BridgeError | null>;
  setOptionAvailability(
    externalData: string,
    enabled: boolean,
    until?: string | null,
    venueId?: string,
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
  publishDraft(confirmRemoved?: string[]): Promise<Result<MenuProblem[] | null>>;
};

type Menus = Pick<MenuSlice, 'menu' | 'menuItems' | 'menus'>;

/**
 * A venue's menu as read or told: kept under its venue; the first venue's also as `menu` and its
 * items as every card takes them (kept when unchanged). `first`: the menu read without naming a
 * venue, which is the first venue's.
 */
export const withMenu = (s: Menus, menu: MenuState, first = false): Partial<Menus> => {
  const menus = menu.venueId ? { ...s.menus, [menu.venueId]: menu } : s.menus;
  const isFirst = first || s.menu === null || s.menu.venueId === menu.venueId;
  return isFirst ? { menus, menu, menuItems: sameOr(s.menuItems, menu.items) } : { menus };
};

/**
 * Every venue's menu as main lists them (the venue set up first first), in place of what was
 * kept: a load after a restart or a reconnect reads them all, not only the first venue's.
 */
export const withMenus = (s: Menus, list: readonly MenuState[]): Partial<Menus> => {
  let next: Menus = { ...s, menus: {} };
  list.forEach((menu, index) => {
    next = { ...next, ...withMenu(next, menu, index === 0) };
  });
  return { menu: next.menu, menuItems: next.menuItems, menus: next.menus };
};

/**
 * Draft saves one at a time, the newest waiting one next: saves sent side by side could reach
 * main out of order (the web host answers requests in parallel) and leave an older draft kept.
 * `settled` waits for the saves under way: a check or a publish reads main's kept draft, so it
 * must not run before the last edit reached it.
 */
const draftSaver = (save: (draft: MenuDraft) => Promise<void>) => {
  let waiting: MenuDraft | null = null;
  let running: Promise<void> | null = null;
  return {
    save: (draft: MenuDraft): Promise<void> => {
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
    },
    settled: (): Promise<void> => running ?? Promise.resolve(),
  };
};

type DraftParts = Pick<
  MenuSlice,
  | 'menuDraft'
  | 'loadDraft'
  | 'saveDraft'
  | 'discardDraft'
  | 'startDraft'
  | 'checkDraft'
  | 'publishDraft'
>;

/** The editor's draft, of the venue the menu screen shows (main keeps one per venue). */
const createDraftParts = ({ bridge, get, set }: SliceContext<MenuSlice>): DraftParts => {
  /** The venue the menu screen's draft is of, as the draft channels take it. */
  const draftVenue = (): { venueId?: string } => {
    const venueId = get().menuVenue;
    return venueId ? { venueId } : {};
  };
  // One saver per venue: each venue's draft is its own row, its saves in order among themselves.
  const savers = new Map<string, ReturnType<typeof draftSaver>>();
  const keep = (draft: MenuDraft, venue: { venueId?: string }): Promise<void> => {
    const key = venue.venueId ?? '';
    let saver = savers.get(key);
    if (!saver) {
      saver = draftSaver(async (next) => {
        const menuDraft = await bridge['menu:saveDraft']({ draft: next, ...venue });
        set((s) => (s.menuDraft?.draft === next ? { menuDraft } : {}));
      });
      savers.set(key, saver);
    }
    return saver.save(draft);
  };
  /** The venue's saves under way, finished (a failed one is the editor's message, not ours). */
  const saved = async (venue: { venueId?: string }): Promise<void> => {
    await savers
      .get(venue.venueId ?? '')
      ?.settled()
      .catch(() => undefined);
  };
  /** Sets the draft main answered, unless the screen moved to another venue meanwhile. */
  const setDraft = (venue: { venueId?: string }, menuDraft: MenuDraftState): void =>
    set((s) => ((s.menuVenue ?? undefined) === venue.venueId ? { menuDraft } : {}));
  return {
    menuDraft: null,
    loadDraft: () =>
      tryCall(async () => {
        const venue = draftVenue();
        setDraft(venue, await bridge['menu:draft'](venue));
      }),
    saveDraft: (draft) =>
      tryCall(async () => {
        // Shown at once; main's answer (the kept draft) follows.
        set((s) => ({
          menuDraft: { draft, savedAt: s.menuDraft?.savedAt ?? null, publishedAt: null },
        }));
        await keep(draft, draftVenue());
      }),
    discardDraft: () =>
      tryCall(async () => {
        const venue = draftVenue();
        setDraft(venue, await bridge['menu:discardDraft'](venue));
      }),
    startDraft: (from, language) =>
      tryCall(async () => {
        const venue = draftVenue();
        setDraft(venue, await bridge['menu:startDraft']({ from, language, ...venue }));
      }),
    checkDraft: () =>
      tryRead(async () => {
        const venue = draftVenue();
        await saved(venue);
        return bridge['menu:checkDraft'](venue);
      }),
    publishDraft: (confirmRemoved) =>
      tryRead(async () => {
        const venue = draftVenue();
        await saved(venue);
        const result = await bridge['menu:publishDraft'](
          confirmRemoved ? { confirmRemoved, ...venue } : venue,
        );
        if ('issues' in result) return result.issues;
        setDraft(venue, await bridge['menu:draft'](venue));
        return null;
      }),
  };
};

export const createMenuSlice = (context: SliceContext<MenuSlice>): SliceParts<MenuSlice> => {
  const { bridge, get, set } = context;
  const of = (venueId: string | undefined): { venueId?: string } => (venueId ? { venueId } : {});
  return {
    initial: {
      menu: null,
      menuItems: [],
      menus: {},
      menuVenue: null,
      showMenuVenue: (venueId) =>
        tryCall(async () => {
          if (get().menuVenue === venueId) return;
          // Another venue's draft is never shown under this one: none until it is read.
          set({ menuVenue: venueId, menuDraft: null });
          if (venueId && !get().menus[venueId]) {
            const menu = await bridge['menu:get']({ venueId });
            // An event that told it meanwhile is at least as new as this answer.
            set((s) => (s.menus[venueId] ? {} : withMenu(s, menu)));
          }
        }),
      loadMenus: (venueIds) =>
        tryCall(async () => {
          const missing = venueIds.filter((venueId) => !get().menus[venueId]);
          const menus = await Promise.all(
            missing.map((venueId) => bridge['menu:get']({ venueId })),
          );
          for (const menu of menus)
            set((s) => (menu.venueId && s.menus[menu.venueId] ? {} : withMenu(s, menu)));
        }),
      checkMenu: (text, venueId) => tryRead(() => bridge['menu:check']({ text, ...of(venueId) })),
      pushMenu: (text, confirmRemoved, venueId) =>
        tryRead(async () => {
          const result = await bridge['menu:push'](
            confirmRemoved ? { text, confirmRemoved, ...of(venueId) } : { text, ...of(venueId) },
          );
          return 'issues' in result ? result.issues : null;
        }),
      refreshMenu: (venueId) =>
        tryCall(async () => {
          const menu = await bridge['menu:refresh'](of(venueId));
          set((s) => withMenu(s, menu, !venueId));
        }),
      setItemAvailability: (externalData, enabled, until, venueId) =>
        tryCall(() =>
          bridge['menu:setItemAvailability'](
            enabled
              ? { externalData, enabled, ...of(venueId) }
              : { externalData, enabled, disabledUntil: until ?? null, ...of(venueId) },
          ),
        ),
      setItemAvailabilityEverywhere: (externalData, enabled, until) =>
        tryCall(() =>
          bridge['menu:setItemAvailabilityEverywhere'](
            enabled
              ? { externalData, enabled }
              : { externalData, enabled, disabledUntil: until ?? null },
          ),
        ),
      setOptionAvailability: (externalData, enabled, until, venueId) =>
        tryCall(() =>
          bridge['menu:setOptionAvailability'](
            enabled
              ? { externalData, enabled, ...of(venueId) }
              : { externalData, enabled, until: until ?? null, ...of(venueId) },
          ),
        ),
      setPrice: (change) => tryCall(() => bridge['menu:setPrice'](change)),
      ...createDraftParts(context),
    },
    listen: () => [bridge.on('menu:changed', (menu) => set((s) => withMenu(s, menu)))],
  };
};
