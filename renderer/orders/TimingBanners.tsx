import { useCallback, useEffect, useRef } from 'react';
import type { Order } from '../../shared/domain';
import { DEFAULT_UNCLAIMED_AFTER_MINUTES } from '../../shared/order-timing';
import type { Ringer } from '../ui-kit/ringer';
import { formatClock } from '../ui-kit/format';
import { unclaimedTakeaways } from './board';
import { useApp, useNow, usePlatformOffset } from './hooks';
import { en } from './messages';

/** The venue set up first's "not handed over after N minutes" setting. */
export const useUnclaimedAfter = (): number =>
  useApp((s) => s.orderSettings?.unclaimedAfterMinutes ?? DEFAULT_UNCLAIMED_AFTER_MINUTES);

/**
 * Each order's own venue's "not handed over after N minutes" (a terminal of several venues
 * keeps it per venue; another venue's is read once its orders are on the board).
 */
export const useUnclaimedAfterOf = (): ((order: Order) => number) => {
  const first = useUnclaimedAfter();
  const firstVenue = useApp((s) => s.status?.venueId ?? null);
  const others = useApp((s) => s.orderSettingsOf);
  return useCallback(
    (order: Order) =>
      order.venueId === firstVenue
        ? first
        : (others[order.venueId]?.unclaimedAfterMinutes ?? first),
    [first, firstVenue, others],
  );
};

/** Reads the order settings of every other venue whose orders are on the board, once each. */
const useOtherVenuesSettings = (): void => {
  const firstVenue = useApp((s) => s.status?.venueId ?? null);
  const others = useApp((s) => s.orderSettingsOf);
  const load = useApp((s) => s.loadOrderSettings);
  // One string: a new list of orders of the same venues reads nothing again.
  const venues = useApp((s) => [...new Set(s.orders.map((o) => o.venueId))].sort().join('\n'));
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!firstVenue) return;
    for (const venueId of venues ? venues.split('\n') : []) {
      if (venueId === firstVenue || venueId in others || asked.current.has(venueId)) continue;
      asked.current.add(venueId);
      void load(venueId);
    }
  }, [venues, firstVenue, others, load]);
};

/** A ready takeaway not handed over rings once, when it joins the notices' list. */
export const useUnclaimedChime = (ringer: Pick<Ringer, 'chime'>, machineNow: number): void => {
  useOtherVenuesSettings();
  // Pickup times are the platform's: compared on its clock, as the card does.
  const now = machineNow + usePlatformOffset();
  const after = useUnclaimedAfterOf();
  const count = useApp((s) => unclaimedTakeaways(s.orders, now, after).length);
  const before = useRef(0);
  useEffect(() => {
    if (count > before.current) ringer.chime();
    before.current = count;
  }, [count, ringer]);
};

/**
 * READY takeaway orders not handed over N minutes past their pickup time: one line each, its
 * number and name, in the notices' reserved strip (the shell rings once when one is added).
 */
export const UnclaimedBanner = () => {
  const now = useNow(5_000) + usePlatformOffset();
  const after = useUnclaimedAfterOf();
  const orders = useApp((s) => s.orders);
  const unclaimed = unclaimedTakeaways(orders, now, after);
  if (unclaimed.length === 0) return null;
  return (
    <div className="banner banner-warning banner-stack" role="status" data-testid="unclaimed-alert">
      {unclaimed.map((order) => (
        <p key={order.id} className="banner-row">
          {en.unclaimedAlert(
            order.orderNumber,
            order.consumerName ?? en.order.noName,
            formatClock(order.pickupEta ?? order.updatedAt),
          )}
        </p>
      ))}
    </div>
  );
};

/**
 * The browser keeps sound off until the first tap: a full-width banner says so until the ring can
 * play, because a counter that cannot ring misses orders. Any tap anywhere turns sound on.
 */
export const SoundBanner = () => (
  <div className="banner banner-sound" role="alert" data-testid="sound-banner">
    <strong>{en.ring.soundBlockedTitle}</strong> {en.ring.soundBlocked}
    <button type="button" className="btn btn-light btn-small">
      {en.ring.soundOn}
    </button>
  </div>
);

/** Pre-orders the platform moved into preparation: named until staff say they started. */
export const StartCookingBanner = () => {
  const cooking = useApp((s) => s.startCooking);
  const acknowledge = useApp((s) => s.acknowledgeStartCooking);
  if (cooking.length === 0) return null;
  return (
    <div className="banner banner-cooking" role="alert" data-testid="start-cooking">
      {cooking.map((c) => (
        <p key={c.id}>
          <strong>{en.order.startCooking(c.orderNumber)}</strong> {en.order.startCookingDetail}{' '}
          <button type="button" className="btn btn-go btn-small" onClick={() => acknowledge(c.id)}>
            {en.order.startCookingOk}
          </button>
        </p>
      ))}
    </div>
  );
};
