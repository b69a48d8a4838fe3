// One check folded into the stored suspicions and alarms: what the platform's latest orders
// show missing, matched with what was seen before, raised after the grace, named on arrival.
import { randomUUID } from 'node:crypto';
import type { MissedOrder } from '../../shared/stream-guard';
import type { Alignment } from '../lib/latest-alignment';
import type { Item, MissedWatchContext, Stored } from './missed-context';
import { KNOWN_FOR_MS, MAX_MISSED } from './missed-context';

type Candidate = { status: MissedOrder['platformStatus']; from: string | null; to: string };

const later = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : Date.parse(a) >= Date.parse(b) ? a : b;
const earlier = (a: string, b: string): string => (Date.parse(a) <= Date.parse(b) ? a : b);
const overlaps = (
  a: { from: string | null; to: string },
  b: { from: string | null; to: string },
): boolean =>
  (a.from === null || Date.parse(a.from) < Date.parse(b.to)) &&
  (b.from === null || Date.parse(b.from) < Date.parse(a.to));

const newItem = (readAt: string, candidate: Candidate, acknowledged: boolean): Item => ({
  id: randomUUID(),
  firstSeen: readAt,
  lastSeen: readAt,
  ...candidate,
  seenFrom: null,
  within: [],
  raisedAt: null,
  acknowledged,
  moreUntil: null,
  order: null,
});

/** Our orders inside an item's time bounds that were not there when it was first seen. */
const arrivedIn = (ctx: MissedWatchContext, venueId: string, item: Item, taken: Set<string>) =>
  ctx.deps
    .ordersPlacedBetween(item.seenFrom, item.firstSeen, venueId)
    .filter((o) => !item.within.includes(o.id) && !taken.has(o.id));

const raise = (ctx: MissedWatchContext, venueId: string, item: Item, at: string): void => {
  item.raisedAt = at;
  ctx.deps.audit.record({
    action: 'missed-order',
    subject: venueId,
    outcome: 'raised',
    detail: `The platform lists an order this terminal never received (status ${
      item.status ?? 'OTHER'
    }), placed between ${item.from ?? 'an unknown time'} and ${item.to}.`,
  });
};

/** Whether the list shows a missing order staff were not told of yet (or not sure of). */
export const unexplained = (stored: Stored, alignment: Alignment, readAt: string): boolean => {
  const told = stored.items.filter(
    (i) => i.order === null && (i.raisedAt !== null || i.acknowledged),
  );
  const used = new Set<string>();
  return alignment.missing.some((u) => {
    const bounds = { from: u.older?.createdAt ?? null, to: u.newer?.createdAt ?? readAt };
    const item = told.find((i) => !used.has(i.id) && overlaps(i, bounds));
    if (!item) return true;
    used.add(item.id);
    return false;
  });
};

/** Matches each missing entry with an item seen before, or starts a suspicion; the matched. */
const matchCandidates = (
  ctx: MissedWatchContext,
  stored: Stored,
  candidates: Candidate[],
  readAt: string,
): Set<string> => {
  const matched = new Set<string>();
  for (const candidate of candidates) {
    const item = stored.items.find(
      (i) => !matched.has(i.id) && i.order === null && overlaps(i, candidate),
    );
    if (item) {
      matched.add(item.id);
      item.lastSeen = readAt;
      item.from = later(item.from, candidate.from);
      item.to = earlier(item.to, candidate.to);
      item.status = candidate.status;
      continue;
    }
    const fresh = newItem(readAt, candidate, false);
    fresh.seenFrom = fresh.from;
    fresh.within = ctx.deps
      .ordersPlacedBetween(fresh.from, fresh.firstSeen, stored.venueId)
      .map((o) => o.id);
    stored.items.push(fresh);
    matched.add(fresh.id);
  }
  return matched;
};

/**
 * None of the platform's latest orders is one of ours: orders placed since the newest one it
 * shows may be beyond its sight. The newest missing order says so until the list again shows
 * one of ours. True when that is news to staff.
 */
const markSaturated = (
  stored: Stored,
  candidates: Candidate[],
  alignment: Alignment,
  matched: Set<string>,
  readAt: string,
): boolean => {
  const saturated =
    candidates.length >= 3 && alignment.oldestMatched === null && stored.items.length > 0;
  if (!saturated) return false;
  const newest = stored.items
    .filter((i) => matched.has(i.id) && i.order === null)
    .sort((a, b) => Date.parse(b.to) - Date.parse(a.to))[0];
  if (!newest) return false;
  const told = newest.moreUntil === null && newest.raisedAt !== null && !newest.acknowledged;
  newest.moreUntil = readAt;
  return told;
};

/** Drops what arrived or went out of question, raises and names the rest; true when news. */
const settleItems = (
  ctx: MissedWatchContext,
  stored: Stored,
  matched: Set<string>,
  alignment: Alignment,
  times: { readAt: string; nowIso: string },
): boolean => {
  const at = Date.parse(times.readAt);
  let told = false;
  const taken = new Set(stored.items.flatMap((i) => (i.order ? [i.order.orderId] : [])));
  const seesBack = alignment.oldestMatched?.createdAt ?? null;
  stored.items = stored.items.filter((item) => {
    const arrived =
      item.order === null ? arrivedIn(ctx, stored.venueId, item, taken)[0] : undefined;
    if (item.raisedAt === null && !item.acknowledged) {
      // A suspicion: its order arrived (the notification was on its way), or the platform's
      // list still reaches back past its time and shows nothing missing there: gone.
      if (arrived) return false;
      if (!matched.has(item.id) && seesBack !== null && item.from !== null && seesBack <= item.from)
        return false;
      // Still missing after the grace, or out of the list's sight by now: staff are told.
      if (at - Date.parse(item.firstSeen) >= ctx.graceMs) {
        raise(ctx, stored.venueId, item, times.nowIso);
        told = true;
      }
      return true;
    }
    if (arrived && !item.acknowledged) {
      item.order = { orderId: arrived.id, orderNumber: arrived.orderNumber };
      taken.add(arrived.id);
      told = true;
      ctx.deps.audit.record({
        action: 'missed-order',
        subject: arrived.id,
        outcome: 'named',
        detail: `Order #${arrived.orderNumber} reached this terminal late; it was missing since ${item.raisedAt ?? item.firstSeen}.`,
      });
    }
    // Acknowledged: kept while the platform may still list it, so it is not told twice.
    return !item.acknowledged || at - Date.parse(item.lastSeen) < KNOWN_FOR_MS;
  });
  return told;
};

/**
 * Folds one check into the items; true when staff must be told something new. `oldestMatched`:
 * how far back the platform's list sees (null: nothing of ours in it).
 */
export const fold = (
  ctx: MissedWatchContext,
  stored: Stored,
  alignment: Alignment,
  readAt: string,
): boolean => {
  const nowIso = ctx.deps.now().toISOString();
  const candidates: Candidate[] = alignment.missing.map((u) => ({
    status: u.status as MissedOrder['platformStatus'],
    from: u.older?.createdAt ?? null,
    to: u.newer?.createdAt ?? readAt,
  }));
  if (!stored.baselined) {
    // What the platform lists that we lack when we first look (orders from before this
    // terminal was connected, or pruned here) was never ours to receive.
    stored.baselined = true;
    stored.items = candidates.map((c) => newItem(readAt, c, true));
    return false;
  }
  const matched = matchCandidates(ctx, stored, candidates, readAt);
  const toldSaturated = markSaturated(stored, candidates, alignment, matched, readAt);
  const toldSettled = settleItems(ctx, stored, matched, alignment, { readAt, nowIso });
  const shown = stored.items.filter((i) => i.raisedAt !== null && !i.acknowledged);
  if (shown.length > MAX_MISSED) {
    const drop = new Set(shown.slice(0, shown.length - MAX_MISSED).map((i) => i.id));
    for (const item of stored.items) if (drop.has(item.id)) item.acknowledged = true;
  }
  return toldSaturated || toldSettled;
};
