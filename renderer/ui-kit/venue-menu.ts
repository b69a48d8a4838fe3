// Whose menu an order's lines are judged on: the order's own venue's. A terminal of several
// venues keeps each venue's menu apart (the menu slice's `menus`); the first venue's items are
// also every card's `menuItems`. One rule for every place that matches an order's lines against
// a menu (the card's "sold out" per line, the reject dialog's "Items unavailable").
import type { MenuItemSummary, MenuState } from '../../shared/domain';

export type VenueMenus = {
  /** The first venue's menu (null until read). */
  menu: MenuState | null;
  /** Every venue's menu as main last told it, by venue. */
  menus: Readonly<Record<string, MenuState>>;
};

/**
 * The order's venue's items when that venue is not the first venue (whose items the caller
 * already holds); null for the first venue's orders, for an order naming no venue, and before any
 * menu is read. `undefined`: another venue whose menu this window was not told yet.
 */
export const otherVenueItems = (
  state: VenueMenus,
  venueId: string | undefined,
): readonly MenuItemSummary[] | null | undefined => {
  if (!venueId || !state.menu || state.menu.venueId === venueId) return null;
  return state.menus[venueId]?.items;
};
