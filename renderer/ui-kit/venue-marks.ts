// The venue mark of a terminal that serves several venues: each venue's name with a colour, on
// every tile, detail and the filter, so a kitchen cooking for two brands never mixes them up.
// A terminal of one venue shows no mark at all. The colour is given to a venue once (kept with
// the theme, in the window's storage) and never shows the venue's id.
import type { AppStatus, Order } from '../../shared/domain';

/**
 * The marks' colours, each under white text at a contrast of at least 4.5:1 (WCAG AA), in both
 * themes, and far apart in hue: a venue is told by its name first, its colour at a glance.
 * Red is left out: on the board it means a failure or an allergy.
 */
export const VENUE_COLOURS = [
  '#1d4ed8', // blue
  '#b45309', // amber
  '#7e22ce', // purple
  '#047857', // green
  '#be185d', // pink
  '#0e7490', // teal
  '#4d7c0f', // olive
  '#374151', // slate
] as const;

export type VenueMark = { venueId: string; name: string; colour: string };

/** Which colour (an index of VENUE_COLOURS) each venue was given. */
export type VenueColours = Readonly<Record<string, number>>;

/** A stable small number of a venue: where its colour search starts, the same on every terminal. */
const startOf = (venueId: string): number => {
  let hash = 0;
  for (let i = 0; i < venueId.length; i += 1) hash = (hash * 31 + venueId.charCodeAt(i)) >>> 0;
  return hash % VENUE_COLOURS.length;
};

/**
 * Colours for `venueIds`: a venue keeps the one it was given; a venue seen for the first time
 * takes the first colour no other venue here has, from where its id starts the search. The same
 * object when nothing was added, so it is kept only when a venue is new.
 */
export const assignColours = (venueIds: readonly string[], given: VenueColours): VenueColours => {
  const taken = new Set<number>();
  for (const id of venueIds) if (given[id] !== undefined) taken.add(given[id]);
  let next: Record<string, number> | null = null;
  for (const id of venueIds) {
    if (given[id] !== undefined) continue;
    const start = startOf(id);
    let slot = start;
    for (let step = 0; step < VENUE_COLOURS.length; step += 1) {
      const candidate = (start + step) % VENUE_COLOURS.length;
      if (!taken.has(candidate)) {
        slot = candidate;
        break;
      }
    }
    taken.add(slot);
    next ??= { ...given };
    next[id] = slot;
  }
  return next ?? given;
};

/** A colours map read back from storage; anything else is no colours at all. */
export const parseColours = (text: string | null | undefined): VenueColours => {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const colours: Record<string, number> = {};
    for (const [id, slot] of Object.entries(value)) {
      if (
        Number.isInteger(slot) &&
        (slot as number) >= 0 &&
        (slot as number) < VENUE_COLOURS.length
      )
        colours[id] = slot as number;
    }
    return colours;
  } catch {
    return {};
  }
};

/**
 * The venues of this terminal: those connected (the one set up first first, as setup lists
 * them), then any other whose orders this window holds. Each is named by its newest order's name
 * (the platform's), else by the name setup or the status knows; never by its id.
 */
export const venuesOf = (
  orders: readonly Order[],
  connected: readonly { venueId: string; name: string | null }[],
  status: Pick<AppStatus, 'venueId' | 'venueName'> | null = null,
): Array<{ venueId: string; name: string | null }> => {
  const fromOrders = new Map<string, { name: string; at: string }>();
  for (const order of orders) {
    if (!order.venueName) continue;
    const known = fromOrders.get(order.venueId);
    if (!known || order.createdAt > known.at)
      fromOrders.set(order.venueId, { name: order.venueName, at: order.createdAt });
  }
  const listed = new Map<string, string | null>();
  for (const venue of connected) listed.set(venue.venueId, venue.name);
  if (status?.venueId && !listed.has(status.venueId)) listed.set(status.venueId, status.venueName);
  const others = new Set<string>();
  for (const order of orders) if (!listed.has(order.venueId)) others.add(order.venueId);
  const nameOf = (venueId: string): string | null =>
    fromOrders.get(venueId)?.name ?? listed.get(venueId) ?? null;
  return [
    ...[...listed.keys()].map((venueId) => ({ venueId, name: nameOf(venueId) })),
    ...[...others]
      .map((venueId) => ({ venueId, name: nameOf(venueId) }))
      .sort(
        (a, b) => (a.name ?? '').localeCompare(b.name ?? '') || (a.venueId < b.venueId ? -1 : 1),
      ),
  ];
};

/** WCAG's contrast ratio of two #rrggbb colours. */
export const contrastRatio = (a: string, b: string): number => {
  const luminance = (hex: string): number => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
