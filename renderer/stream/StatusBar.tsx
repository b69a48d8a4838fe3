import type { ReactNode } from 'react';
import { useState } from 'react';
import { useApp, useNow, useSounding } from './hooks';
import { formatClock, formatClockSpan } from '../ui-kit/format';
import { en } from './messages';
import type { MissedOrder, StreamGap, StreamGuardState } from '../../shared/stream-guard';
import { placedDuringGap } from '../../shared/stream-guard';
import type { Order, VenueState } from '../../shared/domain';
import type { Ringer } from '../ui-kit/ringer';
import type { StreamAlarm } from './stream-alarm';
import { streamAlarm, withMainsView } from './stream-alarm';

/**
 * The venue's other terminals that are (or are not) receiving, as the relay last told main; a
 * string, so the selector's answer is stable between reads. Unnamed ones are counted, not named.
 */
const otherTerminals = (stream: StreamGuardState | null, receiving: boolean): string | null => {
  const found = (stream?.otherTerminals?.terminals ?? []).filter(
    // One never heard from (a key made and never used) is no terminal that stopped.
    (t) => t.receiving === receiving && (receiving || t.lastSeenSeconds !== null),
  );
  if (found.length === 0) return null;
  return JSON.stringify(found.map((t) => t.name).filter((name) => name !== null));
};
const names = (list: string | null): string[] => (list ? (JSON.parse(list) as string[]) : []);

type VenueLine = {
  name: string | null;
  receiving: string[];
  anyReceiving: boolean;
  paused: boolean;
};

/**
 * A terminal of several venues: each venue's own situation while this terminal's stream is down
 * (another terminal receives its orders, Countertop paused it, or nobody receives them), as a
 * string so the selector's answer is stable. Null for one venue, or when no other terminal
 * receives any of them: the one-venue words then say it for all.
 */
const venueLines = (stream: StreamGuardState | null): string | null => {
  const venues = stream?.venues ?? [];
  if (venues.length < 2) return null;
  const lines: VenueLine[] = venues.map((venue) => {
    const receiving = venue.otherTerminals.filter((t) => t.receiving);
    return {
      name: venue.name,
      receiving: receiving.map((t) => t.name).filter((name) => name !== null),
      anyReceiving: receiving.length > 0,
      paused: venue.pausedAt !== null,
    };
  });
  return lines.some((line) => line.anyReceiving) ? JSON.stringify(lines) : null;
};

/** "This terminal is not receiving orders. Kamppi Burgers: Kitchen is. Kamppi Bowls: taken offline…" */
const perVenueAlarm = (list: string): string =>
  [
    en.status.notReceiving,
    ...(JSON.parse(list) as VenueLine[]).map((line) => {
      const venue = line.name ?? en.status.unnamedVenue;
      if (line.paused) return en.status.venuePaused(venue);
      return line.anyReceiving
        ? en.status.venueReceiving(venue, line.receiving)
        : en.status.venueAlone(venue);
    }),
  ].join(' ');

/** `printer`: the printers' status item, which the shell puts after the links'. */
export const StatusBar = ({ printer }: { printer: ReactNode }) => {
  const status = useApp((s) => s.status);
  const setView = useApp((s) => s.setView);
  const othersDown = useApp((s) => otherTerminals(s.stream, false));
  if (!status) return null;
  const relayOk = status.relay === 'connected';
  const platformOk = status.platform === 'reachable';
  const problem =
    status.relay === 'disconnected' || status.relay === 'unconfigured' || status.relay === 'refused'
      ? en.status.relayProblem[status.relay]
      : status.platform === 'unreachable'
        ? en.status.platformProblem
        : null;
  return (
    <footer className="status-bar" aria-label={en.status.title}>
      <span className={`status-item ${relayOk ? 'ok' : 'bad'}`} data-testid="status-relay">
        <span className="dot" aria-hidden="true" />
        {en.status.relay}: {en.status.relayStates[status.relay]}
      </span>
      <span
        className={`status-item ${platformOk ? 'ok' : status.platform === 'unknown' ? 'wait' : 'bad'}`}
        data-testid="status-platform"
      >
        <span className="dot" aria-hidden="true" />
        {en.status.platform}: {en.status.platformStates[status.platform]}
      </span>
      <button
        type="button"
        className={`status-item status-button ${status.outboxFailed > 0 ? 'bad' : status.outboxWaiting > 0 ? 'wait' : 'ok'}`}
        data-testid="status-outbox"
        onClick={() => setView('activity')}
      >
        <span className="dot" aria-hidden="true" />
        {/* "All actions sent · 2 failed" would contradict itself: failures alone say only that. */}
        {status.outboxFailed > 0 && status.outboxWaiting === 0
          ? en.status.outboxOnlyFailed(status.outboxFailed)
          : en.status.outbox(status.outboxWaiting)}
        {status.outboxFailed > 0 && status.outboxWaiting > 0
          ? ` · ${en.status.outboxFailed(status.outboxFailed)}`
          : ''}
      </button>
      {printer}
      {relayOk && othersDown !== null && (
        <span className="status-item bad" data-testid="status-other-terminals">
          <span className="dot" aria-hidden="true" />
          {en.status.otherDown(names(othersDown))}
        </span>
      )}
      {/* What is wrong and what to do, in staff words; the address and the raw error are in
          Activity → Problems and support, and in the diagnostics. */}
      {problem && (
        <button
          type="button"
          className="status-detail status-button"
          data-testid="status-detail"
          onClick={() => setView('activity')}
        >
          {problem}
        </button>
      )}
    </footer>
  );
};

/**
 * An outage staff must act on: full width, announced, and heard. It keeps its own one-second
 * clock, so the rest of the app does not re-render every second.
 */
export const OutageAlarm = ({ alarm }: { alarm: Ringer }) => {
  const seenDown = useApp((s) => s.linksDown);
  // A withdrawn key is no blip: staff learn it at once, with the way to a new key.
  const refused = useApp((s) => s.status?.relay === 'refused');
  const setView = useApp((s) => s.setView);
  const askConnection = useApp((s) => s.askConnection);
  const mainDownSince = useApp((s) => s.stream?.downSince ?? null);
  const venue = useApp((s) => s.venue);
  const testUntil = useApp((s) => s.alarmTestUntil);
  const pausedAt = useApp((s) => s.stream?.pausedAt ?? null);
  const othersReceiving = useApp((s) => otherTerminals(s.stream, true));
  const perVenue = useApp((s) => venueLines(s.stream));
  // Checked every second: an outage must sound within a second of its threshold.
  const now = useNow(1_000);
  const outage: StreamAlarm | null = refused
    ? { kind: 'orders', since: seenDown.relaySince ?? now }
    : streamAlarm(withMainsView(seenDown, mainDownSince), venue, now, pausedAt !== null);
  const testing = testUntil !== null && now < testUntil;
  const sounding = outage !== null || testing;
  // Mute silences orders, not an outage: nothing but the link coming back stops it.
  useSounding(alarm, sounding);
  if (!outage && !testing) return null;
  const since = outage ? formatClock(new Date(outage.since).toISOString()) : '';
  return (
    <div className="banner banner-danger banner-alarm" role="alert" data-testid="stream-alarm">
      <span>
        {!outage
          ? en.stream.alarmTest
          : outage.kind !== 'orders'
            ? en.status.actionsDown(since)
            : refused
              ? en.status.ordersRefused(since)
              : perVenue !== null
                ? perVenueAlarm(perVenue)
                : othersReceiving !== null && !pausedAt
                  ? en.status.othersReceiving(names(othersReceiving))
                  : en.status.ordersDown(since)}
        {outage?.kind === 'orders' && pausedAt && perVenue === null ? ` ${en.stream.paused}.` : ''}
      </span>
      {refused && (
        <button
          type="button"
          className="btn btn-light"
          onClick={() => {
            setView('venue');
            askConnection();
          }}
        >
          {en.status.refusedButton}
        </button>
      )}
    </div>
  );
};

const NO_GAPS: StreamGap[] = [];

/** The orders main marked as arrived late that were placed in this gap. */
const lateIn = (orders: readonly Order[], gap: StreamGap): Order[] => {
  return orders
    .filter((o) => o.arrivedLate && placedDuringGap(o.createdAt, [gap]))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
};

const LateOrders = ({ orders }: { orders: readonly Order[] }) =>
  orders.length === 0 ? null : (
    <span data-testid="late-orders">
      {' '}
      {en.stream.lateOrders(
        orders.map((o) => en.stream.lateOrder(o.orderNumber, formatClock(o.createdAt))),
      )}
    </span>
  );

/** After an outage: when orders may have been lost, until someone has looked. */
export const GapNotice = () => {
  // A stable empty list: a new one on every read would re-render without end.
  const gaps = useApp((s) => s.stream?.gaps ?? NO_GAPS);
  const acknowledge = useApp((s) => s.acknowledgeGap);
  const orders = useApp((s) => s.orders);
  const [refused, setRefused] = useState<string | null>(null);
  if (gaps.length === 0) return null;
  return (
    <div className="banner banner-warning banner-stack" role="alert" data-testid="gap-notice">
      {gaps.map((gap) => (
        <div key={gap.id} className="banner-row">
          <span>
            {en.stream.gap(...formatClockSpan(gap.from, gap.to))}
            {gap.unknownOrders ? ` ${en.stream.unknownOrders(gap.unknownOrders)}` : ''}
            <LateOrders orders={lateIn(orders, gap)} />
          </span>
          <button
            type="button"
            className="btn btn-light"
            onClick={() =>
              void acknowledge(gap.id).then((failure) => setRefused(failure?.message ?? null))
            }
          >
            {en.stream.gapOk}
          </button>
        </div>
      ))}
      {refused && <p className="banner-row">{refused}</p>}
    </div>
  );
};

const NO_MISSED: MissedOrder[] = [];
/** How long after it appears a floating alarm's button ignores taps. */
const TAP_GUARD_MS = 1_500;

/**
 * When what is shown (named by `key`; '' for nothing) last changed, on the given clock (which
 * may lag by its tick: the guard below allows for that).
 */
const useShownAt = (key: string, now: number): number | null => {
  const [seen, setSeen] = useState<{ key: string; at: number }>({ key: '', at: now });
  // Adjusting state to a changed input during render: React re-renders at once, no effect needed.
  if (seen.key !== key) setSeen({ key, at: now });
  return key === '' ? null : seen.key === key ? seen.at : now;
};

/** When a missed order was placed, in staff words: about a time when our orders bound it closely. */
export const placedText = (missed: Pick<MissedOrder, 'placedFrom' | 'placedTo'>): string => {
  if (missed.placedFrom === null) return en.stream.placedBefore(formatClock(missed.placedTo));
  const from = Date.parse(missed.placedFrom);
  const to = Date.parse(missed.placedTo);
  if (to - from <= 5 * 60_000)
    return en.stream.placedAbout(formatClock(new Date((from + to) / 2).toISOString()));
  return en.stream.placedBetween(formatClock(missed.placedFrom), formatClock(missed.placedTo));
};

/**
 * An order the platform has that never reached this terminal (main's continuous check): it rings
 * with the orders (App's ring) and stays, named once the order turns up, until staff confirm it.
 */
export const MissedOrderBanner = () => {
  const missed = useApp((s) => s.stream?.missed ?? NO_MISSED);
  const acknowledge = useApp((s) => s.acknowledgeMissed);
  const [refused, setRefused] = useState<string | null>(null);
  // A tap meant for what was under the banner's place a moment ago must not confirm it unread.
  const now = useNow(500);
  const shownAt = useShownAt(missed.map((m) => m.id).join(' '), now);
  const ready = shownAt !== null && now - shownAt >= TAP_GUARD_MS;
  if (missed.length === 0) return null;
  return (
    <div className="banner banner-danger banner-stack" role="alert" data-testid="missed-order">
      {missed.map((entry) => (
        <div key={entry.id} className="banner-row">
          <span>
            {entry.venueName ? `${en.stream.missedVenue(entry.venueName)} ` : ''}
            {entry.order
              ? en.stream.missedNamed(entry.order.orderNumber, placedText(entry))
              : `${en.stream.missed(placedText(entry))} ${
                  en.stream.missedStatus[entry.platformStatus ?? 'other']
                } ${en.stream.missedStep}`}
            {entry.moreUntil && !entry.order
              ? ` ${en.stream.missedMore(formatClock(entry.moreUntil))}`
              : ''}
          </span>
          <button
            type="button"
            className="btn btn-light"
            disabled={!ready}
            onClick={() =>
              void acknowledge(entry.id).then((failure) => setRefused(failure?.message ?? null))
            }
          >
            {en.stream.missedOk}
          </button>
        </div>
      ))}
      {refused && <p className="banner-row">{refused}</p>}
    </div>
  );
};

/** The relay says nothing has arrived for far longer than usual: a broken path, not a quiet shift. */
export const NoOrdersArrivingBanner = () => {
  const warning = useApp((s) => s.stream?.noOrdersArriving ?? null);
  if (!warning) return null;
  return (
    <div className="banner banner-danger" role="alert" data-testid="no-orders-arriving">
      <span>
        {en.stream.noOrdersArriving(
          Math.max(1, Math.round(warning.quietSeconds / 60)),
          Math.max(1, Math.round(warning.thresholdSeconds / 60)),
        )}
      </span>
    </div>
  );
};

export const ReconnectBanner = () => {
  const status = useApp((s) => s.status);
  const openSetup = useApp((s) => s.openSetup);
  const setupOpen = useApp((s) => s.setupOpen);
  if (!status?.needsReconnect) return null;
  return (
    <div className="banner banner-danger" role="alert">
      <span>{en.status.reconnect(status.reconnectWhy)}</span>
      {/* On the set-up screen the button would only reopen what is already open. */}
      {!setupOpen && (
        <button type="button" className="btn btn-light" onClick={() => openSetup(true)}>
          {en.status.reconnectButton}
        </button>
      )}
    </div>
  );
};

type OfflineVenue = {
  venueId: string;
  name: string;
  paused: boolean;
  until: string | null;
  /** Its change waits for the platform already. */
  pending: boolean;
};

/**
 * A terminal of several venues: those the platform confirmed offline, each with whether Countertop
 * paused it and until when staff took it offline; null with one venue (its own words say it).
 */
const offlineVenues = (
  first: VenueState | null,
  venues: readonly VenueState[],
  stream: StreamGuardState | null,
): { offline: OfflineVenue[]; total: number } | null => {
  const all = venues.map((v) => (first && v.venueId === first.venueId ? first : v));
  if (all.length < 2) return null;
  const pausedIds = new Set(
    (stream?.venues ?? []).filter((v) => v.pausedAt !== null).map((v) => v.venueId),
  );
  // The guard's own pause is the first venue's.
  if (first && stream?.pausedAt) pausedIds.add(first.venueId);
  const down = all.filter((v) => !v.isOnline);
  return {
    offline: down.map((v) => ({
      venueId: v.venueId,
      name: v.name ?? en.status.unnamedVenue,
      paused: pausedIds.has(v.venueId),
      until: v.offlineUntil,
      pending: v.pending,
    })),
    total: all.length,
  };
};

/**
 * "Kamppi Bowls is offline until 14:30." — one sentence per reason (Countertop's pause first, then
 * staff's, in venue order), naming its venues; "All venues…" when one reason covers every venue.
 */
const offlineSentences = (offline: readonly OfflineVenue[], total: number): string => {
  const groups = new Map<string, OfflineVenue[]>();
  const keyOf = (v: OfflineVenue) =>
    v.paused ? 'paused' : v.until ? `until ${formatClock(v.until)}` : 'manual';
  for (const v of [...offline.filter((o) => o.paused), ...offline.filter((o) => !o.paused)]) {
    groups.set(keyOf(v), [...(groups.get(keyOf(v)) ?? []), v]);
  }
  return [...groups.values()]
    .map((group) => {
      const [{ paused, until }] = group as [OfflineVenue];
      const names = group.map((v) => v.name);
      const everyVenue = group.length === total;
      if (paused) return everyVenue ? en.status.allPaused : en.status.venuesPaused(names);
      if (until) {
        const time = formatClock(until);
        return everyVenue
          ? en.status.allOfflineUntil(time)
          : en.status.venuesOfflineUntil(names, time);
      }
      return everyVenue ? en.status.allOffline : en.status.venuesOffline(names);
    })
    .join(' ');
};

/** Staff must never forget a venue is hidden from customers: on several, which one and why. */
export const OfflineBanner = () => {
  const venue = useApp((s) => s.venue);
  const venues = useApp((s) => s.venues);
  const stream = useApp((s) => s.stream);
  const setOnline = useApp((s) => s.setOnline);
  const setVenuesOnline = useApp((s) => s.setVenuesOnline);
  const several = offlineVenues(venue, venues, stream);
  if (several) {
    if (several.offline.length === 0) return null;
    // A venue whose change already waits for the platform is not asked again.
    const asked = several.offline.filter((v) => !v.pending).map((v) => v.venueId);
    return (
      <div className="banner banner-offline" role="status" data-testid="offline-banner">
        <span>{offlineSentences(several.offline, several.total)}</span>
        {asked.length > 0 && (
          <button
            type="button"
            className="btn btn-light"
            onClick={() => void setVenuesOnline(asked, true, null)}
          >
            {en.venue.goOnline}
          </button>
        )}
      </div>
    );
  }
  const pausedByUs = stream?.pausedAt != null;
  if (!venue || venue.isOnline) return null;
  return (
    <div className="banner banner-offline" role="status" data-testid="offline-banner">
      <span>
        {en.status.offline} ·{' '}
        {pausedByUs
          ? `${en.stream.paused}. ${en.stream.pausedReturn}`
          : venue.offlineUntil
            ? en.venue.offlineUntil(formatClock(venue.offlineUntil))
            : en.venue.offlineIndefinitely}
      </span>
      {!venue.pending && (
        <button type="button" className="btn btn-light" onClick={() => void setOnline(true, null)}>
          {en.venue.goOnline}
        </button>
      )}
    </div>
  );
};

/** A cancellation must stop the cooking: it rings and stays until someone confirms it. */
export const CancelledBanner = () => {
  const cancelled = useApp((s) => s.cancelled);
  const acknowledge = useApp((s) => s.acknowledgeCancelled);
  if (cancelled.length === 0) return null;
  return (
    <div className="banner banner-danger banner-stack" role="alert" data-testid="cancelled-banner">
      {cancelled.map((order) => (
        <div key={order.id} className="banner-row">
          <span>{en.order.cancelledByPlatform(order.orderNumber)}</span>
          <button type="button" className="btn btn-light" onClick={() => acknowledge(order.id)}>
            {en.order.cancelledOk}
          </button>
        </div>
      ))}
    </div>
  );
};
