import { useCallback, useMemo, useState } from 'react';
import type { Order } from '../../shared/domain';
import type { VenueMarks } from '../ui-kit/VenueMark';
import { useVenueMarks, VenueMark } from '../ui-kit/VenueMark';
import type { VenueMark as Mark } from '../ui-kit/venue-marks';
import { waitingOrders } from './board';
import { useApp } from './hooks';
import { en } from './messages';

/** New orders waiting for an answer, by venue (pre-orders to confirm are counted apart). */
const waitingByVenue = (orders: readonly Order[]): ReadonlyMap<string, number> => {
  const counts = new Map<string, number>();
  for (const order of waitingOrders(orders))
    if (order.type !== 'preorder') counts.set(order.venueId, (counts.get(order.venueId) ?? 0) + 1);
  return counts;
};

/** The venue the board shows, or null for every venue (a venue this window no longer holds: every venue). */
export const useShownVenue = (marks: VenueMarks): string | null => {
  const filter = useApp((s) => s.venueFilter);
  return filter && marks.byId.has(filter) ? filter : null;
};

/** The orders the board shows: every venue's, or the chosen venue's. */
export const useShownOrders = (marks: VenueMarks): Order[] => {
  const orders = useApp((s) => s.orders);
  const shown = useShownVenue(marks);
  return useMemo(
    () => (shown ? orders.filter((order) => order.venueId === shown) : orders),
    [orders, shown],
  );
};

/**
 * What the board shows of the venues: the orders of every venue or of the chosen one, and each
 * order's venue mark on a terminal of several venues.
 */
export const useShownBoard = (): {
  orders: Order[];
  venueOf: (order: Order) => Mark | null;
} => {
  const marks = useVenueMarks();
  const orders = useShownOrders(marks);
  const venueOf = useCallback((order: Order) => marks.byId.get(order.venueId) ?? null, [marks]);
  return { orders, venueOf };
};

/**
 * Which venue's orders the board shows, in the top bar's venue place (a terminal of several venues
 * has no one venue name to show there): the room it takes is the name's, so nothing moves when it
 * comes. Its list opens over the board. While one venue is chosen, the new orders of the others
 * still ring, and the button counts them.
 */
export const VenueFilter = ({ marks }: { marks: VenueMarks }) => {
  const [open, setOpen] = useState(false);
  const setVenueFilter = useApp((s) => s.setVenueFilter);
  const orders = useApp((s) => s.orders);
  const waiting = useMemo(() => waitingByVenue(orders), [orders]);
  const shown = useShownVenue(marks);
  const chosen = shown ? marks.byId.get(shown)! : null;
  let hidden = 0;
  if (chosen) for (const [venueId, n] of waiting) if (venueId !== chosen.venueId) hidden += n;
  const choose = (venueId: string | null): void => {
    setVenueFilter(venueId);
    setOpen(false);
  };
  return (
    <div className="venue-filter">
      <button
        type="button"
        className="btn btn-light btn-small venue-filter-button"
        aria-expanded={open}
        aria-label={`${en.venueFilter.title}: ${chosen ? chosen.name : en.venues.all}`}
        onClick={() => setOpen(!open)}
      >
        {chosen ? <VenueMark mark={chosen} /> : <span>{en.venues.all}</span>}
        <span aria-hidden="true">▾</span>
      </button>
      {/* Always there, hidden when nothing of another venue waits: its coming moves nothing. */}
      <span
        className={`badge venue-filter-hidden ${hidden > 0 ? '' : 'slot-idle'}`}
        data-testid="venue-filter-hidden"
        aria-hidden={hidden === 0}
      >
        {hidden}
      </span>
      {open && (
        <>
          <div
            className="venue-filter-backdrop"
            aria-hidden="true"
            onClick={() => setOpen(false)}
          />
          <div className="venue-filter-list" role="group" aria-label={en.venueFilter.title}>
            <button
              type="button"
              className={`btn venue-filter-choice ${chosen ? '' : 'venue-filter-on'}`}
              aria-pressed={!chosen}
              onClick={() => choose(null)}
            >
              {en.venues.all}
            </button>
            {marks.list.map((mark) => {
              const n = waiting.get(mark.venueId) ?? 0;
              return (
                <button
                  key={mark.venueId}
                  type="button"
                  className={`btn venue-filter-choice ${chosen === mark ? 'venue-filter-on' : ''}`}
                  aria-pressed={chosen === mark}
                  onClick={() => choose(mark.venueId)}
                >
                  <VenueMark mark={mark} />
                  {n > 0 && <span className="badge">{en.venueFilter.waiting(n)}</span>}
                </button>
              );
            })}
          </div>
        </>
      )}
    </div>
  );
};
