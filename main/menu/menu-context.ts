// The menu slice's state and dependencies, passed explicitly to the module-level functions of
// menu-read.ts, menu-actions.ts and menu-handlers.ts; the menu as staff see it (`view`).
import type { AvailabilityWish, MenuState } from '../../shared/domain';
import type { PriceTarget, PriceWish } from '../../shared/menu-price';
import type { EventHub } from '../host/event-hub';
import type { MarketplaceClient } from '../marketplace/client';
import type { ActionKind, Outbox } from '../outbox/outbox';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import type { AvailabilityWishes, LiveMenu } from './menu-check';
import { menuItemCount, summarizeItems, summarizeOptions } from './menu-check';
import type { MenuStore } from './menu-store';
import { createMenuStore } from './menu-store';

/** `confirmedRemoved`: the ids of the items staff confirmed the push removes. */
export type MenuPushPayload = { venueId: string; menu: LiveMenu; confirmedRemoved?: string[] };
/** `enabled` is the availability asked for; `disabledUntil` only with enabled=false. */
export type ItemAvailabilityPayload = {
  venueId: string;
  externalData: string;
  enabled: boolean;
  disabledUntil: string | null;
};
export type OptionAvailabilityPayload = { venueId: string; externalData: string; enabled: boolean };
/** A price change (shared/menu-price.ts), minor units; `discountedPrice` only for items. */
export type MenuPricePayload = {
  venueId: string;
  target: PriceTarget;
  externalData: string;
  price: number;
  discountedPrice: number | null;
};

export type MenuDeps = {
  db: Database;
  settings: Settings;
  now: () => Date;
  outbox: Outbox;
  client: MarketplaceClient;
  hub: EventHub;
  venueId: () => string | null;
  requireVenue: () => string;
  /** The screen's language: menu names are shown in it where the menu has it. */
  language: () => string;
  /** The venues this terminal serves, the first venue first: each has its own menu. */
  venueIds: () => string[];
};

/** The slice's state before its outbox kinds are registered (they need its reads). */
export type MenuCore = {
  deps: MenuDeps;
  store: MenuStore;
  /** Why the last read of a venue's menu failed, by venue. */
  readErrors: Map<string, string>;
  /** Why a venue's push did not show in its menu (the push the platform took, then its menu). */
  pushProblems: Map<string, string>;
  /** Changes the platform took (its 202) that its menu did not show yet, by venue, kind and external_data. */
  awaiting: Map<string, { wish: AvailabilityWish; since: number }>;
  /** Price changes the platform took that its menu did not show yet, by venue, target and external_data. */
  priceAwaiting: Map<string, { wish: PriceWish; since: number }>;
  /** The push each venue's platform took and its menu does not show yet, by venue. */
  pushAwaiting: Map<string, { menu: LiveMenu; since: number }>;
  /** The menu each push sent (the file's, with the platform's availability), by action id. */
  sentMenus: Map<string, LiveMenu>;
  readTimer: ReturnType<typeof setTimeout> | null;
  restoreTimer: ReturnType<typeof setTimeout> | null;
  closed: boolean;
  /** The menu read under way per venue, shared by everyone who asks meanwhile. */
  reading: Map<string, Promise<LiveMenu>>;
  /** Tells the renderer these venues' menus changed (every venue's when none is named). */
  changed: (...venueIds: string[]) => void;
};

export type MenuKinds = {
  push: ActionKind<MenuPushPayload>;
  item: ActionKind<ItemAvailabilityPayload>;
  option: ActionKind<OptionAvailabilityPayload>;
  price: ActionKind<MenuPricePayload>;
};

export type MenuContext = MenuCore & { kinds: MenuKinds };

export const createMenuCore = (deps: MenuDeps): MenuCore => {
  const core: MenuCore = {
    deps,
    store: createMenuStore(deps.db, deps.settings),
    readErrors: new Map(),
    pushProblems: new Map(),
    awaiting: new Map(),
    priceAwaiting: new Map(),
    pushAwaiting: new Map(),
    sentMenus: new Map(),
    readTimer: null,
    restoreTimer: null,
    closed: false,
    reading: new Map(),
    changed: () => undefined,
  };
  core.changed = menuChanged(core);
  return core;
};

/**
 * One menu:changed per venue whose menu changed, each carrying its venue: a burst (a read, a
 * settled outbox run) tells each venue once per tick. A notice naming no venue tells every venue.
 */
const menuChanged = (core: MenuCore): ((...venueIds: string[]) => void) => {
  const notices = new Map<string, () => void>();
  const noticeOf = (venueId: string): (() => void) => {
    let notice = notices.get(venueId);
    if (!notice) {
      // A venue gone from the terminal by the time the tick runs is told nothing.
      notice = core.deps.hub.batched('menu:changed', () =>
        core.deps.venueIds().includes(venueId) ? view(core, venueId) : null,
      );
      notices.set(venueId, notice);
    }
    return notice;
  };
  return (...venueIds) => {
    for (const venueId of venueIds.length > 0 ? venueIds : core.deps.venueIds())
      noticeOf(venueId)();
  };
};

/** The item's or option's name for the outbox facts (Activity shows names, never ids). */
export const nameFact = (name: string | undefined): { itemName?: string } =>
  name ? { itemName: name } : {};

/** A venue id never holds a newline; the key splits back into its venue and `kind:external_data`. */
export const awaitingKey = (
  venueId: string,
  kind: 'item' | 'option',
  externalData: string,
): string => `${venueId}\n${kind}:${externalData}`;

export const splitAwaitingKey = (key: string): { venueId: string; rest: string } => {
  const at = key.indexOf('\n');
  return { venueId: key.slice(0, at), rest: key.slice(at + 1) };
};

/** Staff's availability changes the platform's menu does not show yet, for a push to keep. */
export const availabilityWishes = (core: MenuCore, venueId: string): AvailabilityWishes => {
  const items = wishes(core, venueId, 'item');
  const options = wishes(core, venueId, 'option');
  const prices = priceWishes(core, venueId, 'item');
  return {
    item: (x) => items.get(x) ?? null,
    option: (x) => options.get(x) ?? null,
    price: (x) => prices.get(x) ?? null,
  };
};

/** The latest wish per external_data: rows on their way, then changes taken but not yet shown. */
export const wishes = (
  core: MenuCore,
  venueId: string,
  kind: 'item' | 'option',
): Map<string, AvailabilityWish> => {
  const out = new Map<string, AvailabilityWish>();
  for (const [k, { wish }] of core.awaiting) {
    const { venueId: v, rest } = splitAwaitingKey(k);
    if (v === venueId && rest.startsWith(`${kind}:`)) out.set(rest.slice(kind.length + 1), wish);
  }
  const kinds =
    kind === 'item' ? (['item-availability'] as const) : (['option-availability'] as const);
  for (const action of core.deps.outbox.open({ kinds })) {
    if (action.state === 'failed') continue;
    const payload = action.payload as ItemAvailabilityPayload;
    if (payload.venueId !== venueId) continue;
    out.set(payload.externalData, {
      available: payload.enabled,
      until: payload.enabled ? null : (payload.disabledUntil ?? null),
    });
  }
  return out;
};

/** The latest price wish per external_data: rows on their way, then changes taken but not shown. */
export const priceWishes = (
  core: MenuCore,
  venueId: string,
  target: PriceTarget,
): Map<string, PriceWish> => {
  const out = new Map<string, PriceWish>();
  for (const [k, { wish }] of core.priceAwaiting) {
    const { venueId: v, rest } = splitAwaitingKey(k);
    if (v === venueId && rest.startsWith(`${target}:`))
      out.set(rest.slice(target.length + 1), wish);
  }
  for (const action of core.deps.outbox.open({ kinds: ['menu-price'] })) {
    if (action.state === 'failed') continue;
    const payload = action.payload as MenuPricePayload;
    if (payload.target !== target || payload.venueId !== venueId) continue;
    out.set(payload.externalData, {
      price: payload.price,
      discountedPrice: payload.discountedPrice,
    });
  }
  return out;
};

/** The menu of one venue (the first venue unless named) as staff see it. */
export const view = (core: MenuCore, venueId?: string): MenuState => {
  const { store, deps } = core;
  const id = venueId ?? deps.venueId() ?? '';
  const live = id ? store.live(id) : null;
  const itemWishes = wishes(core, id, 'item');
  const optionWishes = wishes(core, id, 'option');
  const restores = id ? store.restores(id) : {};
  const itemPrices = priceWishes(core, id, 'item');
  const optionPrices = priceWishes(core, id, 'option');
  const sending = deps.outbox
    .open({ kinds: ['menu-push'] })
    .find((a) => a.state !== 'failed' && (a.payload as MenuPushPayload).venueId === id);
  const sendingMenu = sending ? (sending.payload as MenuPushPayload).menu : null;
  const pushAwaiting = core.pushAwaiting.get(id) ?? null;
  return {
    venueId: id || null,
    fetchedAt: live?.fetchedAt ?? null,
    readError: core.readErrors.get(id) ?? null,
    items: live
      ? summarizeItems(
          live.menu,
          deps.now(),
          (x) => itemWishes.get(x) ?? null,
          deps.language(),
        ).map((item) => ({
          ...item,
          priceChanging: itemPrices.get(item.externalData) ?? null,
        }))
      : [],
    options: live
      ? summarizeOptions(
          live.menu,
          (x) => optionWishes.get(x) ?? null,
          (x) => restores[x] ?? null,
          deps.language(),
        ).map((option) => ({
          ...option,
          priceChanging: optionPrices.get(option.externalData) ?? null,
        }))
      : [],
    push: sendingMenu
      ? { state: 'sending', itemCount: menuItemCount(sendingMenu) }
      : pushAwaiting
        ? { state: 'processing', itemCount: menuItemCount(pushAwaiting.menu) }
        : null,
    pushProblem: core.pushProblems.get(id) ?? null,
  };
};
