// Sold out, from the menu list or straight from an order line: one chooser for how long, and one
// way to show an item's availability. What is shown is the platform's menu as main last read it;
// a change staff asked for shows as "changing…" until the platform's menu shows it.
import { useState } from 'react';
import type { MenuItemSummary, OrderItem } from '../../shared/domain';
import { menuItemOfLine } from '../../shared/menu-match';
import { useApp, useAppStore } from './hooks';
import { formatClock } from '../ui-kit/format';
import { DurationChips } from '../ui-kit/Chips';
import { otherVenueItems } from '../ui-kit/venue-menu';
import { en } from './messages';

/** The platform's word on an item, or "changing…" while a change waits for it. */
export const AvailabilityPill = ({
  enabled,
  until,
  changing,
  off,
  offUntil,
}: {
  enabled: boolean;
  until: string | null;
  changing: boolean;
  off: string;
  offUntil: (time: string) => string;
}) =>
  changing ? (
    <span className="pill pill-neutral state-pending" role="status">
      <span className="spinner" aria-hidden="true" /> {en.menu.changing}
    </span>
  ) : (
    <span className={`pill ${enabled ? 'pill-ok' : 'pill-bad'}`}>
      {enabled ? en.menu.available : until ? offUntil(formatClock(until)) : off}
    </span>
  );

export const itemPill = (item: MenuItemSummary) => (
  <AvailabilityPill
    enabled={item.available}
    until={item.enabled && item.disabledUntil ? item.disabledUntil : null}
    changing={item.changing !== null}
    off={en.menu.soldOut}
    offUntil={en.menu.soldOutUntil}
  />
);

/**
 * An order line's menu item when it is not orderable (or changing), on every card: staff deciding
 * on an order see it. On the selected card, a "Sold out" action: mid-rush, the cook sees the last
 * portion go. Only there, so that the cards of a busy board keep their size.
 */
export const LineSoldOut = ({
  line,
  actionable,
  items,
  venueId,
}: {
  line: OrderItem;
  actionable: boolean;
  /** The first venue's items, handed down by the board (most orders are of it). */
  items: readonly MenuItemSummary[];
  /** The order's venue: another venue's line is judged, and sold out, on that venue's menu. */
  venueId?: string;
}) => {
  const setAvailability = useAppStore().getState().setItemAvailability;
  // Null for the first venue's orders (the board's items): no store read changes for them.
  const other = useApp((s) => otherVenueItems(s, venueId));
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Another venue's menu not told yet: no item to match, so nothing is offered for it.
  const item = menuItemOfLine(line, other === null ? items : (other ?? []));
  if (!item) return null;
  if (item.changing || !item.available)
    return <span className="line-sold-out">{itemPill(item)}</span>;
  if (!actionable) return null;
  return (
    <span className="line-sold-out">
      <button
        type="button"
        className="btn btn-quiet btn-small"
        aria-label={en.menu.lineSoldOutLabel(item.name)}
        aria-expanded={choosing}
        onClick={(e) => {
          e.stopPropagation();
          setChoosing((c) => !c);
        }}
      >
        {en.menu.lineSoldOut}
      </button>
      {choosing && (
        <span onClick={(e) => e.stopPropagation()}>
          <DurationChips
            label={en.menu.soldOutFor(item.name)}
            words={en.menu.durations}
            onPick={async (until) => {
              setChoosing(false);
              const failure = await setAvailability(
                item.externalData,
                false,
                until,
                other !== null ? venueId : undefined,
              );
              setError(failure?.message ?? null);
            }}
          />
        </span>
      )}
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
};
