// The menu screen of a terminal of several venues: which venue's menu it shows (a picker of the
// venues' names, in one place above everything, only when there are several), and an item that
// is on several venues' menus sold out or back on sale in all of them at once, each venue's
// state shown as that venue's platform confirmed it.
import { useEffect, useState } from 'react';
import type { MenuItemSummary, MenuState } from '../../shared/domain';
import type { VenueMarks } from '../ui-kit/VenueMark';
import { useVenueMarks, VenueMark } from '../ui-kit/VenueMark';
import { DurationChips, VenueChips } from '../ui-kit/Chips';
import type { VenueMark as Mark } from '../ui-kit/venue-marks';
import { useApp } from './hooks';
import { en } from './messages';
import { itemPill } from './SoldOut';

/** The venue the menu screen shows (undefined: the venue set up first) and its menu. */
export type ShownMenu = {
  marks: VenueMarks;
  /** As the menu channels take it: absent for the venue set up first. */
  venueId: string | undefined;
  menu: MenuState | null;
};

export const useShownMenu = (): ShownMenu => {
  const marks = useVenueMarks();
  const picked = useApp((s) => s.menuVenue);
  // A venue this terminal left (or a terminal of one venue) shows the first venue's menu.
  const venueId = picked && marks.byId.has(picked) ? picked : undefined;
  const menu = useApp((s) => (venueId ? (s.menus[venueId] ?? null) : s.menu));
  return { marks, venueId, menu };
};

/** Every venue's menu, read once the screen shows several venues (events keep them fresh). */
export const useEveryMenu = (marks: VenueMarks): void => {
  const loadMenus = useApp((s) => s.loadMenus);
  const ids = marks.list.map((mark) => mark.venueId).join('\n');
  useEffect(() => {
    if (ids) void loadMenus(ids.split('\n'));
  }, [ids, loadMenus]);
};

/** Whose menu the screen shows: each venue by its name and colour; none with one venue. */
export const MenuVenuePicker = ({ shown }: { shown: ShownMenu }) => {
  const showMenuVenue = useApp((s) => s.showMenuVenue);
  const { marks } = shown;
  if (marks.list.length < 2) return null;
  const current = shown.venueId ?? marks.list[0]!.venueId;
  return (
    <VenueChips
      className="menu-venues"
      legend={en.menu.venuePicker}
      marks={marks.list}
      chosen={current}
      // The venue set up first is the screen's default: it is asked for as such.
      onChoose={(venueId) =>
        void showMenuVenue(venueId === marks.list[0]!.venueId ? null : venueId)
      }
    />
  );
};

/** The item as each venue's menu has it: only the venues whose menu has it. */
const itemInVenues = (
  marks: VenueMarks,
  menus: Readonly<Record<string, MenuState>>,
  externalData: string,
): Array<{ mark: Mark; item: MenuItemSummary }> =>
  marks.list.flatMap((mark) => {
    const item = menus[mark.venueId]?.items.find((i) => i.externalData === externalData);
    return item ? [{ mark, item }] : [];
  });

/**
 * An item on several venues' menus: its state in each venue (each venue's "changing…" until its
 * platform confirms), and sold out or back on sale in all of them with one tap.
 */
export const Everywhere = ({
  marks,
  item,
  onRefused,
}: {
  marks: VenueMarks;
  item: MenuItemSummary;
  onRefused: (message: string | null) => void;
}) => {
  const menus = useApp((s) => s.menus);
  const setEverywhere = useApp((s) => s.setItemAvailabilityEverywhere);
  const [choosing, setChoosing] = useState(false);
  const venues = itemInVenues(marks, menus, item.externalData);
  if (venues.length < 2) return null;
  const changing = venues.some((v) => v.item.changing !== null);
  const anyOn = venues.some((v) => v.item.available);
  const anyOff = venues.some((v) => !v.item.available);
  const n = venues.length;
  const set = async (enabled: boolean, until: string | null): Promise<void> => {
    const failure = await setEverywhere(item.externalData, enabled, until);
    onRefused(failure?.message ?? null);
  };
  return (
    <div className="menu-everywhere" role="group" aria-label={en.menu.everywhereStates(item.name)}>
      <ul className="menu-everywhere-states">
        {venues.map(({ mark, item: there }) => (
          <li key={mark.venueId}>
            <VenueMark mark={mark} /> {itemPill(there)}
          </li>
        ))}
      </ul>
      <span className="menu-everywhere-actions">
        {anyOn && (
          <button
            type="button"
            className="btn btn-danger-outline btn-small"
            disabled={changing}
            aria-expanded={choosing}
            onClick={() => setChoosing((c) => !c)}
          >
            {en.menu.everywhereOff(n)}
          </button>
        )}
        {anyOff && (
          <button
            type="button"
            className="btn btn-go btn-small"
            disabled={changing}
            onClick={() => void set(true, null)}
          >
            {en.menu.everywhereOn(n)}
          </button>
        )}
      </span>
      {choosing && anyOn && !changing && (
        <DurationChips
          label={en.menu.everywhereFor(item.name, n)}
          words={en.menu.durations}
          onPick={(until) => {
            setChoosing(false);
            void set(false, until);
          }}
        />
      )}
    </div>
  );
};
