// The top bar's venue status on a terminal of several venues: how many venues the platform
// confirmed offline, and "changing…" under it while a change waits. It keeps one fixed room in
// the bar whatever it says, so nothing moves under a finger when a venue goes offline.
import { useMemo } from 'react';
import { useApp } from './hooks';
import { en } from './messages';
import { offlineWords, venueEntries, venuesTally } from './venues';

const NO_VENUES: readonly { venueId: string }[] = [];

const VenuesPill = () => {
  const venue = useApp((s) => s.venue);
  const venues = useApp((s) => s.venues);
  const connected = useApp((s) => s.setup?.venues ?? NO_VENUES);
  const tally = useMemo(
    () => venuesTally(venueEntries(connected, venues, venue)),
    [connected, venues, venue],
  );
  const words = offlineWords(tally);
  return (
    <span
      className={`pill venues-pill ${tally.offline > 0 ? 'pill-bad' : tally.unknown > 0 ? 'pill-neutral' : 'pill-ok'}`}
      data-testid="venues-pill"
      title={tally.changing > 0 ? `${words} · ${en.venue.changingShort}` : words}
    >
      <span className="venues-pill-words">{words}</span>
      <span className={`venues-pill-changing ${tally.changing > 0 ? '' : 'slot-idle'}`}>
        {en.venue.changingShort}
      </span>
    </span>
  );
};

/** The top bar's venue status: with one venue its state (or changing…), with several the count. */
export const VenueStatusPill = ({ several }: { several: boolean }) => {
  const venue = useApp((s) => s.venue);
  if (several) return <VenuesPill />;
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
