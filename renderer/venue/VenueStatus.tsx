// The venue's status in the top bar. With one venue: its state (or changing…) beside its name.
// With several: a badge on the Venue tab, "1/2" when a venue is offline (as the platform confirmed
// it) and "…" while a change waits, its words in full in the tab's title. The badge's room is
// always there (hidden when every venue is online), so nothing moves under a finger when a venue
// goes offline or comes back.
import { useMemo } from 'react';
import { useApp } from './hooks';
import { en } from './messages';
import { offlineWords, venueEntries, venuesTally } from './venues';
import type { VenuesTally } from './venues';

const NO_VENUES: readonly { venueId: string }[] = [];

/** How many venues the platform confirmed offline, of how many, and how many are changing. */
export const useVenuesTally = (): VenuesTally => {
  const venue = useApp((s) => s.venue);
  const venues = useApp((s) => s.venues);
  const connected = useApp((s) => s.setup?.venues ?? NO_VENUES);
  return useMemo(
    () => venuesTally(venueEntries(connected, venues, venue)),
    [connected, venues, venue],
  );
};

/** The words the Venue tab's badge stands for (its title): "1 of 2 venues offline · changing…". */
export const venuesStatusWords = (tally: VenuesTally): string =>
  tally.changing > 0 ? `${offlineWords(tally)} · ${en.venue.changingShort}` : offlineWords(tally);

/**
 * The Venue tab's badge on a terminal of several venues (none with one): its words in full in its
 * title; the venue screen says them too.
 */
export const VenuesBadge = ({ several }: { several: boolean }) => {
  const tally = useVenuesTally();
  if (!several) return null;
  const shown = tally.offline > 0 || tally.changing > 0;
  const tone = tally.offline > 0 ? 'venues-badge-bad' : 'venues-badge-changing';
  return (
    <span
      className={`badge venues-badge ${tone} ${shown ? '' : 'slot-idle'}`}
      data-testid="venues-badge"
      title={venuesStatusWords(tally)}
      aria-hidden="true"
    >
      {tally.offline > 0 ? en.venue.offlineShort(tally.offline, tally.total) : '…'}
    </span>
  );
};

/** The top bar's status beside the venue's name on a terminal of one venue. */
export const VenueStatusPill = () => {
  const venue = useApp((s) => s.venue);
  if (!venue) return null;
  return venue.changing?.online ? (
    <span className="pill pill-neutral" title={en.venue.changing}>
      {en.venue.changingShort}
    </span>
  ) : (
    <span className={`pill ${venue.isOnline ? 'pill-ok' : 'pill-bad'}`}>
      {venue.isOnline ? en.venue.online : en.venue.offline}
    </span>
  );
};
