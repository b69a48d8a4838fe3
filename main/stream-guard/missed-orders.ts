// The continuous check for orders that never reached this terminal (docs/platform.md#missed-orders).
// A notification the platform lost on its side, or a webhook path broken while polls still work,
// leaves the stream healthy and the order unseen. So every MISSED_CHECK_INTERVAL_MS (and at once
// after an outage or a fault) the venue status' latest orders are compared with ours; an entry
// none of ours accounts for is a suspicion, and one that still stands a grace later, after our
// own orders were read again, is an alarm staff acknowledge. The platform's list carries no ids
// or times: an alarm says when the order was placed as our own orders around it bound it, and it
// is named (number, on the board) once the order reaches this terminal after all.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OrderStatus } from '../../shared/domain';
import type { IntakeWarning, MissedOrder } from '../../shared/stream-guard';
import { MISSED_CHECK_INTERVAL_MS, MISSED_GRACE_MS } from '../../shared/stream-guard';
import type { AuditLog } from '../audit/audit-log';
import type { Settings } from '../storage/settings';
import type { Alignment, LocalOrder } from './latest-alignment';
import { alignLatest } from './latest-alignment';

const STATE_KEY = 'missed-orders.state';
/** A missing entry already told (or there when the terminal was connected) is not told again. */
const KNOWN_FOR_MS = 60 * 60_000;
/** Alarms kept for staff at most; the oldest acknowledged first… none is dropped unseen. */
const MAX_MISSED = 30;
/** The relay's word on the venue's webhooks is stale after this long without a new one. */
const INTAKE_STALE_MS = 3 * 60_000;

const iso = z.string().min(1);
const statusSchema = z.enum(['CREATED', 'PRODUCTION', 'READY', 'DELIVERED', 'REJECTED']).nullable();
/**
 * A missing order as the checks bound it: a suspicion until it stood the grace, then an alarm
 * (`raisedAt`) until staff acknowledge it; an acknowledged one is kept while the platform still
 * lists it, so it is not told twice. `seenFrom` to `firstSeen` bound it as first seen: later
 * checks narrow `from`/`to` for staff, but which entry of a later list is which can only be
 * guessed, so whether it arrived is judged on these. `within`: our orders already inside those
 * bounds when it was first seen, so one that arrives there later is the missing order itself.
 */
const itemSchema = z.object({
  id: z.string(),
  firstSeen: iso,
  lastSeen: iso,
  from: iso.nullable(),
  to: iso,
  status: statusSchema,
  seenFrom: iso.nullable().default(null),
  within: z.array(z.string()),
  raisedAt: iso.nullable(),
  acknowledged: z.boolean(),
  moreUntil: iso.nullable().default(null),
  order: z.object({ orderId: z.string(), orderNumber: z.string() }).nullable(),
});
type Item = z.infer<typeof itemSchema>;
const storedSchema = z.object({
  venueId: z.string(),
  /** The first check happened: what it found missing was there before this terminal looked. */
  baselined: z.boolean(),
  items: z.array(itemSchema),
});
type Stored = z.infer<typeof storedSchema>;
const empty = (venueId: string): Stored => ({ venueId, baselined: false, items: [] });

/** What the relay says of the venue's webhooks (null: it could not be asked). */
export type IntakeVerdict = {
  noOrdersArriving: boolean;
  lastWebhookAt: string | null;
  quietSeconds: number;
  thresholdSeconds: number;
};

export type MissedOrderWatch = {
  missed(): MissedOrder[];
  /** When the last check compared the lists (null: none since start). */
  checkedAt(): string | null;
  noOrdersArriving(): IntakeWarning | null;
  acknowledge(missedId: string): boolean;
  /** Checks now (after an outage or a fault), or as soon as the running check ends. */
  checkSoon(): void;
  /** Resolves once the current check (if any) ended: for tests and shutdown. */
  idle(): Promise<void>;
  close(): void;
};

const later = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : Date.parse(a) >= Date.parse(b) ? a : b;
const earlier = (a: string, b: string): string => (Date.parse(a) <= Date.parse(b) ? a : b);
const overlaps = (
  a: { from: string | null; to: string },
  b: { from: string | null; to: string },
): boolean =>
  (a.from === null || Date.parse(a.from) < Date.parse(b.to)) &&
  (b.from === null || Date.parse(b.from) < Date.parse(a.to));

const toMissed = (item: Item): MissedOrder => ({
  id: item.id,
  placedFrom: item.from,
  placedTo: item.to,
  platformStatus: item.status,
  raisedAt: item.raisedAt ?? item.firstSeen,
  moreUntil: item.moreUntil,
  order: item.order,
});

// eslint-disable-next-line max-lines-per-function -- new on the silentmiss branch today: one closure over the watch's suspicions, alarms and timers; to be cut into module-level functions over a context (issue 37)
export const createMissedOrderWatch = (deps: {
  settings: Settings;
  audit: AuditLog;
  now: () => Date;
  venueId: () => string | null;
  /** The venue status as the platform answers it now (throws when it cannot be read). */
  readVenueStatus: (venueId: string) => Promise<{
    isOnline: boolean;
    isOpen: boolean;
    latest: ReadonlyArray<OrderStatus | null>;
  }>;
  /** Our newest orders, newest first. */
  latestOrders: (count: number) => LocalOrder[];
  /** Our orders placed strictly between two times (platform time). */
  ordersPlacedBetween: (
    from: string | null,
    to: string,
  ) => { id: string; orderNumber: string; createdAt: string }[];
  /** Takes in what the relay holds and reads our open orders again. */
  settle: () => Promise<void>;
  /** Tells the relay the venue's state; answers its word on the venue's webhooks. */
  reportToRelay: (
    venueId: string,
    state: { online: boolean; open: boolean },
  ) => Promise<IntakeVerdict | null>;
  changed: () => void;
  intervalMs?: number;
  graceMs?: number;
}): MissedOrderWatch => {
  const { settings, audit, now } = deps;
  const intervalMs = deps.intervalMs ?? MISSED_CHECK_INTERVAL_MS;
  const graceMs = deps.graceMs ?? MISSED_GRACE_MS;
  let intake: IntakeWarning | null = null;
  let checkedAt: string | null = null;

  const read = (venueId: string): Stored => {
    const parsed = storedSchema.safeParse(settings.get(STATE_KEY));
    return parsed.success && parsed.data.venueId === venueId ? parsed.data : empty(venueId);
  };
  const write = (next: Stored): void => settings.set(STATE_KEY, next);

  /** Our orders inside an item's time bounds that were not there when it was first seen. */
  const arrivedIn = (item: Item, taken: Set<string>) =>
    deps
      .ordersPlacedBetween(item.seenFrom, item.firstSeen)
      .filter((o) => !item.within.includes(o.id) && !taken.has(o.id));

  const raise = (item: Item, at: string): void => {
    item.raisedAt = at;
    audit.record({
      action: 'missed-order',
      subject: deps.venueId() ?? '-',
      outcome: 'raised',
      detail: `The platform lists an order this terminal never received (status ${
        item.status ?? 'OTHER'
      }), placed between ${item.from ?? 'an unknown time'} and ${item.to}.`,
    });
  };

  /** Whether the list shows a missing order staff were not told of yet (or not sure of). */
  const unexplained = (stored: Stored, alignment: Alignment, readAt: string): boolean => {
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

  /**
   * Folds one check into the items; true when staff must be told something new. `oldestMatched`:
   * how far back the platform's list sees (null: nothing of ours in it).
   */
  const fold = (stored: Stored, alignment: Alignment, readAt: string): boolean => {
    const at = Date.parse(readAt);
    const nowIso = now().toISOString();
    let told = false;
    const candidates = alignment.missing.map((u) => ({
      status: u.status as MissedOrder['platformStatus'],
      from: u.older?.createdAt ?? null,
      to: u.newer?.createdAt ?? readAt,
    }));
    if (!stored.baselined) {
      // What the platform lists that we lack when we first look (orders from before this
      // terminal was connected, or pruned here) was never ours to receive.
      stored.baselined = true;
      stored.items = candidates.map((c) => ({
        id: randomUUID(),
        firstSeen: readAt,
        lastSeen: readAt,
        ...c,
        seenFrom: null,
        within: [],
        raisedAt: null,
        acknowledged: true,
        moreUntil: null,
        order: null,
      }));
      return false;
    }
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
      const fresh: Item = {
        id: randomUUID(),
        firstSeen: readAt,
        lastSeen: readAt,
        ...candidate,
        seenFrom: null,
        within: [],
        raisedAt: null,
        acknowledged: false,
        moreUntil: null,
        order: null,
      };
      fresh.seenFrom = fresh.from;
      fresh.within = deps.ordersPlacedBetween(fresh.from, fresh.firstSeen).map((o) => o.id);
      stored.items.push(fresh);
      matched.add(fresh.id);
    }
    // None of the platform's latest orders is one of ours: orders placed since the newest one
    // it shows may be beyond its sight. The newest missing order says so until the list again
    // shows one of ours.
    const saturated =
      candidates.length >= 3 && alignment.oldestMatched === null && stored.items.length > 0;
    if (saturated) {
      const newest = stored.items
        .filter((i) => matched.has(i.id) && i.order === null)
        .sort((a, b) => Date.parse(b.to) - Date.parse(a.to))[0];
      if (newest) {
        if (newest.moreUntil === null && newest.raisedAt !== null && !newest.acknowledged)
          told = true;
        newest.moreUntil = readAt;
      }
    }
    const taken = new Set(stored.items.flatMap((i) => (i.order ? [i.order.orderId] : [])));
    const seesBack = alignment.oldestMatched?.createdAt ?? null;
    stored.items = stored.items.filter((item) => {
      const arrived = item.order === null ? arrivedIn(item, taken)[0] : undefined;
      if (item.raisedAt === null && !item.acknowledged) {
        // A suspicion: its order arrived (the notification was on its way), or the platform's
        // list still reaches back past its time and shows nothing missing there: gone.
        if (arrived) return false;
        if (
          !matched.has(item.id) &&
          seesBack !== null &&
          item.from !== null &&
          seesBack <= item.from
        )
          return false;
        // Still missing after the grace, or out of the list's sight by now: staff are told.
        if (at - Date.parse(item.firstSeen) >= graceMs) {
          raise(item, nowIso);
          told = true;
        }
        return true;
      }
      if (arrived && !item.acknowledged) {
        item.order = { orderId: arrived.id, orderNumber: arrived.orderNumber };
        taken.add(arrived.id);
        told = true;
        audit.record({
          action: 'missed-order',
          subject: arrived.id,
          outcome: 'named',
          detail: `Order #${arrived.orderNumber} reached this terminal late; it was missing since ${item.raisedAt ?? item.firstSeen}.`,
        });
      }
      // Acknowledged: kept while the platform may still list it, so it is not told twice.
      return !item.acknowledged || at - Date.parse(item.lastSeen) < KNOWN_FOR_MS;
    });
    const shown = stored.items.filter((i) => i.raisedAt !== null && !i.acknowledged);
    if (shown.length > MAX_MISSED) {
      const drop = new Set(shown.slice(0, shown.length - MAX_MISSED).map((i) => i.id));
      for (const item of stored.items) if (drop.has(item.id)) item.acknowledged = true;
    }
    return told;
  };

  const check = async (): Promise<void> => {
    if (closed) return;
    const venueId = deps.venueId();
    if (!venueId) return;
    let status = await deps.readVenueStatus(venueId);
    let readAt = now().toISOString();
    const verdict = await deps
      .reportToRelay(venueId, { online: status.isOnline, open: status.isOpen })
      .catch(() => null);
    const before = intake;
    if (verdict) {
      intake = verdict.noOrdersArriving
        ? {
            lastWebhookAt: verdict.lastWebhookAt,
            quietSeconds: verdict.quietSeconds,
            thresholdSeconds: verdict.thresholdSeconds,
            reportedAt: readAt,
          }
        : null;
    } else if (intake && Date.parse(readAt) - Date.parse(intake.reportedAt) > INTAKE_STALE_MS) {
      intake = null;
    }
    if (
      before?.lastWebhookAt !== intake?.lastWebhookAt ||
      (before === null) !== (intake === null)
    ) {
      if (intake && !before)
        audit.record({
          action: 'missed-order',
          subject: venueId,
          outcome: 'no-orders-arriving',
          detail: `The relay received no notification for ${intake.quietSeconds} s (usual at most ${intake.thresholdSeconds} s).`,
        });
      deps.changed();
    }
    const depth = Math.max(3, status.latest.length) + 3;
    let alignment = alignLatest(status.latest, deps.latestOrders(depth));
    if (unexplained(read(venueId), alignment, readAt)) {
      // What is on its way (in the inbox, or a status our copy lags) is no missing order: take
      // it in, then ask the platform again, so both sides are read in that order. Not for what
      // staff were already told of: a missed order stays in the list for a while, and reading
      // every open order again every check meanwhile would only load the platform.
      await deps.settle();
      status = await deps.readVenueStatus(venueId);
      readAt = now().toISOString();
      alignment = alignLatest(status.latest, deps.latestOrders(depth));
    }
    if (closed || deps.venueId() !== venueId) return;
    const stored = read(venueId);
    const suspicionsBefore = stored.items.filter((i) => i.raisedAt === null).length;
    const told = fold(stored, alignment, readAt);
    write(stored);
    checkedAt = readAt;
    const suspicions = stored.items.filter((i) => i.raisedAt === null).length;
    if (told || suspicions !== suspicionsBefore) deps.changed();
  };

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (closed) return;
    const venueId = deps.venueId();
    const stored = venueId ? read(venueId) : null;
    const at = now().getTime();
    // A suspicion is looked at again as soon as its grace is over, not at the next tick.
    const due = (stored?.items ?? [])
      .filter((i) => i.raisedAt === null && !i.acknowledged)
      .map((i) => Date.parse(i.firstSeen) + graceMs - at);
    const delay = Math.max(0, Math.min(intervalMs, ...due.map((d) => d + 50)));
    timer = setTimeout(run, delay);
    timer.unref();
  };

  function run(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    again = false;
    // A check that fails (the platform unreachable) says nothing: the platform's own alarm does,
    // and the next check comes at the interval.
    running = check()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) run();
        else schedule();
      });
  }

  schedule();

  return {
    missed: () => {
      const venueId = deps.venueId();
      if (!venueId) return [];
      return read(venueId)
        .items.filter((i) => i.raisedAt !== null && !i.acknowledged)
        .map(toMissed);
    },
    noOrdersArriving: () => intake,
    checkedAt: () => checkedAt,
    acknowledge: (missedId) => {
      const venueId = deps.venueId();
      if (!venueId) return false;
      const stored = read(venueId);
      const entry = stored.items.find((i) => i.id === missedId && i.raisedAt !== null);
      if (!entry || entry.acknowledged) return false;
      // Kept while the platform lists it, so the same order is not told twice.
      entry.acknowledged = true;
      write(stored);
      audit.record({
        action: 'missed-order',
        subject: entry.order?.orderId ?? venueId,
        outcome: 'acknowledged',
        detail: entry.order
          ? `Order #${entry.order.orderNumber}, placed before ${entry.to}.`
          : `An order placed before ${entry.to}, not received.`,
      });
      deps.changed();
      return true;
    },
    checkSoon: run,
    idle: async () => {
      while (running) await running;
    },
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};
