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
 * The venues whose orders this window holds, the connected venue first, each with the name the
 * platform's orders carry (the newest order's). The venue set up on this terminal is always
 * among them, so its name comes from the status when none of its orders is here.
 */
export const venuesOf = (
  orders: readonly Order[],
  status: Pick<AppStatus, 'venueId' | 'venueName'> | null,
): Array<{ venueId: string; name: string | null }> => {
  const names = new Map<string, { name: string | null; at: string }>();
  if (status?.venueId) names.set(status.venueId, { name: status.venueName, at: '' });
  for (const order of orders) {
    const known = names.get(order.venueId);
    if (!known) names.set(order.venueId, { name: order.venueName ?? null, at: order.createdAt });
    else if (order.venueName && (!known.name || order.createdAt > known.at))
      names.set(order.venueId, { name: order.venueName, at: order.createdAt });
  }
  const first = status?.venueId ?? null;
  return [...names.entries()]
    .map(([venueId, { name }]) => ({ venueId, name }))
    .sort((a, b) =>
      a.venueId === first
        ? -1
        : b.venueId === first
          ? 1
          : (a.name ?? '').localeCompare(b.name ?? '') || (a.venueId < b.venueId ? -1 : 1),
    );
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
