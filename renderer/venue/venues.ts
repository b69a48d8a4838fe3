// The venues of a terminal as the venue screen and the top bar count them: each with its status
// as the platform last confirmed it (null until read), and what staff want it to be.
import type { VenueState } from '../../shared/domain';
import { en } from './messages';

export type VenueEntry = { venueId: string; state: VenueState | null };

/**
 * Every venue of the terminal: those setup lists (the one set up first first), then any other
 * whose status main gave; each with its latest status (the first venue's own event may be newer).
 */
export const venueEntries = (
  connected: readonly { venueId: string }[],
  venues: readonly VenueState[],
  first: VenueState | null,
): VenueEntry[] => {
  const states = new Map(venues.map((v) => [v.venueId, v]));
  if (first) states.set(first.venueId, first);
  const ids = [...connected.map((v) => v.venueId)];
  if (first && !ids.includes(first.venueId)) ids.unshift(first.venueId);
  for (const v of venues) if (!ids.includes(v.venueId)) ids.push(v.venueId);
  return ids.map((venueId) => ({ venueId, state: states.get(venueId) ?? null }));
};

/** Online as staff last asked for it (the confirmed state when nothing waits). */
export const wantsOnline = (venue: VenueState): boolean =>
  venue.changing?.online ? venue.changing.online.online : venue.isOnline;

export type VenuesTally = {
  total: number;
  /** Confirmed offline by the platform. */
  offline: number;
  /** Whose status was not read yet: neither online nor offline to staff. */
  unknown: number;
  /** Whose online change waits for the platform. */
  changing: number;
};

/** How many venues are offline as the platform confirmed it, unknown, and changing. */
export const venuesTally = (entries: readonly VenueEntry[]): VenuesTally => ({
  total: entries.length,
  offline: entries.filter((e) => e.state && !e.state.isOnline).length,
  unknown: entries.filter((e) => !e.state).length,
  changing: entries.filter((e) => e.state?.changing?.online).length,
});

/** The words for how many venues are offline, as the platform confirmed them. */
export const offlineWords = ({ total, offline, unknown }: VenuesTally): string =>
  offline === 0
    ? unknown > 0
      ? en.venue.venuesUnknown
      : en.venue.allOnline
    : offline === total
      ? en.venue.allOffline
      : en.venue.offlineCount(offline, total);
