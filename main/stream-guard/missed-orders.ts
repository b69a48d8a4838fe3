// The continuous check for orders that never reached this terminal (docs/platform.md#missed-orders).
// A notification the platform lost on its side, or a webhook path broken while polls still work,
// leaves the stream healthy and the order unseen. So every MISSED_CHECK_INTERVAL_MS (and at once
// after an outage or a fault) the venue status' latest orders are compared with ours; an entry
// none of ours accounts for is a suspicion, and one that still stands a grace later, after our
// own orders were read again, is an alarm staff acknowledge. The platform's list carries no ids
// or times: an alarm says when the order was placed as our own orders around it bound it, and it
// is named (number, on the board) once the order reaches this terminal after all. The watch is
// composed here over one context (missed-context.ts): checks in missed-check.ts, folding in
// missed-fold.ts.
import type { IntakeWarning, MissedOrder } from '../../shared/stream-guard';
import { MISSED_CHECK_INTERVAL_MS, MISSED_GRACE_MS } from '../../shared/stream-guard';
import { run, schedule } from './missed-check';
import type { Item, MissedWatchContext, MissedWatchDeps } from './missed-context';
import { read, watchedVenues, write } from './missed-context';

export type { IntakeVerdict } from './missed-context';

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

const toMissed = (item: Item, venueId: string, venueName: string | null): MissedOrder => ({
  id: item.id,
  venueId,
  venueName,
  placedFrom: item.from,
  placedTo: item.to,
  platformStatus: item.status,
  raisedAt: item.raisedAt ?? item.firstSeen,
  moreUntil: item.moreUntil,
  order: item.order,
});

const acknowledge = (ctx: MissedWatchContext, missedId: string): boolean => {
  const { deps } = ctx;
  const stored = watchedVenues(deps)
    .map((venueId) => read(ctx, venueId))
    .find((s) => s.items.some((i) => i.id === missedId));
  const entry = stored?.items.find((i) => i.id === missedId && i.raisedAt !== null);
  if (!stored || !entry || entry.acknowledged) return false;
  const { venueId } = stored;
  // Kept while the platform lists it, so the same order is not told twice.
  entry.acknowledged = true;
  write(ctx, stored);
  deps.audit.record({
    action: 'missed-order',
    subject: entry.order?.orderId ?? venueId,
    outcome: 'acknowledged',
    detail: entry.order
      ? `Order #${entry.order.orderNumber}, placed before ${entry.to}.`
      : `An order placed before ${entry.to}, not received.`,
  });
  deps.changed();
  return true;
};

export const createMissedOrderWatch = (deps: MissedWatchDeps): MissedOrderWatch => {
  const ctx: MissedWatchContext = {
    deps,
    intervalMs: deps.intervalMs ?? MISSED_CHECK_INTERVAL_MS,
    graceMs: deps.graceMs ?? MISSED_GRACE_MS,
    intake: null,
    intakes: new Map(),
    checkedAt: null,
    timer: null,
    running: null,
    again: false,
    closed: false,
  };
  schedule(ctx);
  return {
    // Every venue's alarms, the venue set up first first.
    missed: () => {
      const venues = watchedVenues(deps);
      // A terminal of one venue has nothing to tell apart: no name on its alarms.
      const named = venues.length > 1;
      return venues.flatMap((venueId) => {
        const name = named ? (deps.venueNameOf?.(venueId) ?? null) : null;
        return read(ctx, venueId)
          .items.filter((i) => i.raisedAt !== null && !i.acknowledged)
          .map((item) => toMissed(item, venueId, name));
      });
    },
    noOrdersArriving: () => ctx.intake,
    checkedAt: () => ctx.checkedAt,
    acknowledge: (missedId) => acknowledge(ctx, missedId),
    checkSoon: () => run(ctx),
    idle: async () => {
      while (ctx.running) await ctx.running;
    },
    close: () => {
      ctx.closed = true;
      if (ctx.timer) clearTimeout(ctx.timer);
      ctx.timer = null;
    },
  };
};
