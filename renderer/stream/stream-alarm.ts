// When orders cannot arrive or actions cannot leave, staff must see and hear it at once: the
// platform drops a notification after its last retry (about 15 s) and has no order list, so a
// stream that stays down loses orders for good (docs/platform.md#notification-retries).
import type { AppStatus, VenueState } from '../../shared/domain';
import { STREAM_DOWN_ALARM_MS } from '../../shared/stream-guard';

export { STREAM_DOWN_ALARM_MS };
/** Actions wait in the outbox through short platform hiccups; longer than this, staff must know. */
export const PLATFORM_DOWN_ALARM_MS = 30_000;

/** Since when each link has been down, as this terminal saw it (null: up, or not set up). */
export type LinksDown = { relaySince: number | null; platformSince: number | null };

export const NO_LINK_DOWN: LinksDown = { relaySince: null, platformSince: null };

/** Folds a new status into the down-since times: a link keeps its first down time until it is up. */
export const linksDown = (previous: LinksDown, status: AppStatus | null, at: number): LinksDown => {
  const relayDown = status !== null && status.configured && status.relay !== 'connected';
  const platformDown = status !== null && status.configured && status.platform === 'unreachable';
  const next: LinksDown = {
    relaySince: relayDown ? (previous.relaySince ?? at) : null,
    platformSince: platformDown ? (previous.platformSince ?? at) : null,
  };
  return next.relaySince === previous.relaySince && next.platformSince === previous.platformSince
    ? previous
    : next;
};

export type StreamAlarm = { kind: 'orders' | 'actions'; since: number };

/**
 * The alarm to raise now, if any. Orders that cannot arrive matter only while the venue takes
 * orders (online, or not known yet); actions that cannot leave matter always.
 */
export const streamAlarm = (
  down: LinksDown,
  venue: VenueState | null,
  at: number,
  /** Countertop took the venue offline for this outage: the outage is not over, so it sounds on. */
  pausedByCountertop = false,
): StreamAlarm | null => {
  const takesOrders = venue === null || venue.isOnline || pausedByCountertop;
  if (takesOrders && down.relaySince !== null && at - down.relaySince >= STREAM_DOWN_ALARM_MS)
    return { kind: 'orders', since: down.relaySince };
  if (down.platformSince !== null && at - down.platformSince >= PLATFORM_DOWN_ALARM_MS)
    return { kind: 'actions', since: down.platformSince };
  return null;
};

/**
 * The down-since times with main's view of the stream folded in: main's relay client saw it go
 * down first-hand and kept the time through a reload of this window, so while this window also
 * sees the stream down, the earlier of the two counts.
 */
export const withMainsView = (down: LinksDown, mainDownSince: string | null): LinksDown => {
  if (down.relaySince === null || mainDownSince === null) return down;
  const main = Date.parse(mainDownSince);
  return Number.isNaN(main) || main >= down.relaySince ? down : { ...down, relaySince: main };
};
