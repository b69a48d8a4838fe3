// Which venue's venue-level settings the settings page shows, on a terminal of several venues:
// the automatic pause, auto-accept, the reminder and who prints what are kept per venue (at the relay, for every
// terminal of it). Always first on the page, each venue by its mark (name and colour, never its
// id); on a terminal of one venue it takes no room at all.
import { useStore } from 'zustand';
import { useStoreOf } from './store-context';
import { useVenueMarks } from './VenueMark';
import { VenueChips } from './Chips';
import { en } from './messages';

type PickerView = {
  settingsVenue: string | null;
  setSettingsVenue(venueId: string | null): void;
};

export const SettingsVenuePicker = () => {
  const store = useStoreOf<PickerView>();
  const picked = useStore(store, (s) => s.settingsVenue);
  const pick = useStore(store, (s) => s.setSettingsVenue);
  const marks = useVenueMarks();
  if (marks.list.length < 2) return null;
  // The venue set up first is the one every setting reads when none is named.
  const first = marks.list[0]!.venueId;
  const shown = picked && marks.byId.has(picked) ? picked : first;
  return (
    <section className="panel-section" aria-label={en.venues.settingsFor}>
      <VenueChips
        legend={en.venues.settingsFor}
        marks={marks.list}
        chosen={shown}
        onChoose={(venueId) => pick(venueId === first ? null : venueId)}
      />
      <p className="muted">{en.venues.settingsHint}</p>
    </section>
  );
};

/** The venue the settings page shows (undefined: the venue set up first), for the bridge's calls. */
export const useSettingsVenue = (): string | undefined => {
  const store = useStoreOf<PickerView>();
  const picked = useStore(store, (s) => s.settingsVenue);
  const marks = useVenueMarks();
  return picked && marks.byId.has(picked) ? picked : undefined;
};
