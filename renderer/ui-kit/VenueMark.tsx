// The venue mark (ui-kit/venue-marks.ts) as every screen shows it, and the marks of the moment:
// the venues this window holds, each with its name and its colour.
import { useEffect, useMemo } from 'react';
import type { CSSProperties } from 'react';
import { useStore } from 'zustand';
import type { AppStatus, Order } from '../../shared/domain';
import type { ConnectedVenue } from '../../shared/ipc/contract';
import { useStoreOf } from './store-context';
import type { VenueColours, VenueMark as Mark } from './venue-marks';
import { assignColours, VENUE_COLOURS, venuesOf } from './venue-marks';
import { en } from './messages';

type MarksView = {
  orders: Order[];
  /** The venues connected here, as setup lists them. */
  setup: { venues?: readonly ConnectedVenue[] } | null;
  status: AppStatus | null;
  venueColours: VenueColours;
  keepVenueColours(colours: VenueColours): void;
};

export type VenueMarks = {
  /** Every venue's mark, the connected venue first; empty on a terminal of one venue. */
  list: readonly Mark[];
  /** The mark of a venue by its id (none on a terminal of one venue). */
  byId: ReadonlyMap<string, Mark>;
};

const NO_VENUES: readonly ConnectedVenue[] = [];
const NONE: VenueMarks = { list: [], byId: new Map() };

/**
 * The venues' marks. A venue seen for the first time is given its colour here once, and the
 * colour is kept (the same after a restart, whatever other venues come or go).
 */
export const useVenueMarks = (): VenueMarks => {
  const store = useStoreOf<MarksView>();
  const orders = useStore(store, (s) => s.orders);
  const venueId = useStore(store, (s) => s.status?.venueId ?? null);
  const venueName = useStore(store, (s) => s.status?.venueName ?? null);
  const given = useStore(store, (s) => s.venueColours);
  const connected = useStore(store, (s) => s.setup?.venues ?? NO_VENUES);
  const venues = useMemo(
    () => venuesOf(orders, connected, { venueId, venueName }),
    [orders, connected, venueId, venueName],
  );
  // What the marks show, as one value: a new list of orders of the same venues keeps the marks.
  const shape = venues.map((v) => `${v.venueId}\t${v.name ?? ''}`).join('\n');
  const colours = useMemo(
    () => assignColours(shape ? shape.split('\n').map((line) => line.split('\t')[0]!) : [], given),
    [shape, given],
  );
  const several = venues.length > 1;
  useEffect(() => {
    if (colours !== given && several) store.getState().keepVenueColours(colours);
  }, [colours, given, several, store]);
  return useMemo(() => {
    const lines = shape ? shape.split('\n') : [];
    if (lines.length < 2) return NONE;
    const list = lines.map((line, index) => {
      const [id, name] = line.split('\t') as [string, string];
      return {
        venueId: id,
        name: name || en.venues.unnamed(index + 1),
        colour: VENUE_COLOURS[colours[id] ?? 0]!,
      };
    });
    return { list, byId: new Map(list.map((mark) => [mark.venueId, mark])) };
  }, [shape, colours]);
};

/** A venue's name on its colour: on a tile, a detail, the filter. */
export const VenueMark = ({ mark, className }: { mark: Mark; className?: string }) => (
  <span
    className={`venue-mark ${className ?? ''}`}
    data-testid="venue-mark"
    data-venue-colour={mark.colour}
    style={{ '--venue-colour': mark.colour } as CSSProperties}
    title={mark.name}
  >
    {mark.name}
  </span>
);
