// Which column an order belongs to and whether it needs someone: pure rules, so the board, the
// keyboard shortcuts and the ring all agree. Which actions an order takes is not decided here but
// in shared/order-actions.ts (availableActions), the table main checks with too.
import type { Order, OrderActionKind } from '../../shared/domain';
import type { PrintJob } from '../../shared/printing';
import { isFinalStatus } from '../../shared/domain';
import { availableActions, ORDER_ACTIONS } from '../../shared/order-actions';
import { isPickedUpByCourier, isUnclaimedTakeaway } from '../../shared/order-timing';

export const COLUMN_IDS = ['new', 'preparation', 'ready', 'scheduled', 'done'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export const isPreorderWaiting = (order: Order): boolean =>
  order.type === 'preorder' && order.status === 'CREATED';

/**
 * A value derived from an order alone, computed once per order object. The store keeps an
 * unchanged order the same object, and the board and the ring ask these of every order on every
 * change: with 300 orders that was a few thousand parses and table look-ups per change.
 */
const perOrder = <T>(derive: (order: Order) => T): ((order: Order) => T) => {
  const known = new WeakMap<Order, T>();
  return (order) => {
    if (known.has(order)) return known.get(order) as T;
    const value = derive(order);
    known.set(order, value);
    return value;
  };
};

const createdMs = perOrder((o) => Date.parse(o.createdAt));
const preorderMs = perOrder((o) => Date.parse(o.preorderTime ?? o.createdAt));
const updatedMs = perOrder((o) => Date.parse(o.updatedAt));
// Ties are broken by id: orders handed over together share a time, and a tie left to the input's
// order moved their cards whenever the store's list changed order (React then moves every card
// of the column in the DOM, and the browser lays them all out again).
const byId = (a: Order, b: Order): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byAge = (a: Order, b: Order): number => createdMs(a) - createdMs(b) || byId(a, b);
const byPreorderTime = (a: Order, b: Order): number => preorderMs(a) - preorderMs(b) || byId(a, b);
const newestFirst = (a: Order, b: Order): number => updatedMs(b) - updatedMs(a) || byId(a, b);

/** The local calendar day of a time, as one number (y·10⁴ + m·10² + d). */
const localDay = (ms: number): number => {
  const date = new Date(ms);
  return date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();
};
const updatedDay = perOrder((o) => localDay(updatedMs(o)));
// The board asks with the same `now` for every order of a render: its day is worked out once.
let today = { now: NaN, day: 0 };
/** Last changed on the local day of `now`: a finished order then still shows among today's. */
const finishedToday = (order: Order, now: number): boolean => {
  if (today.now !== now) today = { now, day: localDay(now) };
  return updatedDay(order) === today.day;
};

/**
 * Nothing is left to do at the counter: a final status (moved there by an action on its way, too),
 * or the platform's courier took it away, though the platform keeps it READY (or PRODUCTION) until
 * the courier marks it delivered (docs/platform.md#order-transitions).
 */
export const isFinished = (order: Order): boolean =>
  isFinalStatus(order.status) || isPickedUpByCourier(order);

export const columnOf = (order: Order, now: number): ColumnId | null => {
  if (isFinished(order)) return finishedToday(order, now) ? 'done' : null;
  switch (order.status) {
    case 'CREATED':
      return order.type === 'preorder' ? 'scheduled' : 'new';
    case 'PRODUCTION':
      return 'preparation';
    default:
      // READY: every final status was taken above.
      return 'ready';
  }
};

export type BoardColumns = Record<ColumnId, Order[]>;

/**
 * Finished orders shown as cards: the newest ones, which a customer coming back or a reprint is
 * about. The rest of the day is one tap away in history; a board carrying every finished card of
 * a long shift (500 by evening) made each change lay out and paint hundreds of cards nobody reads.
 */
export const DONE_ON_BOARD = 30;

/**
 * Finished orders the store keeps whole: the board shows the newest DONE_ON_BOARD, and more stay
 * so the column stays full when some leave it (a hand-over that failed). Every change of the
 * store walked the whole day's finished orders (2,400 after a long shift) in the board, the ring
 * and the merge of each event: the day's count is kept apart (createFinishedTally), not them.
 */
export const FINISHED_KEPT = 2 * DONE_ON_BOARD;

/** `orders` without the finished ones older than the newest FINISHED_KEPT (the same list if none). */
export const keepNewestFinished = (orders: Order[]): Order[] => {
  const finished = orders.filter(isFinished);
  if (finished.length <= FINISHED_KEPT) return orders;
  const kept = new Set(finished.sort(newestFirst).slice(0, FINISHED_KEPT));
  return orders.filter((order) => kept.has(order) || !isFinished(order));
};

/** How many orders finished on each local day (y·10⁴ + m·10² + d). */
export type FinishedByDay = Readonly<Record<number, number>>;

/**
 * The day's finished orders counted by id as they come (the whole list or an event's orders),
 * so the count stays whole while the store keeps only the newest of them. An order counts on the
 * day it last changed, as the board's Done column takes it; one that comes back from a final
 * status (a hand-over that failed) is taken off again.
 */
export const createFinishedTally = () => {
  const dayOf = new Map<string, number>();
  let counts: FinishedByDay = {};
  return {
    /** Takes orders in; the counts afterwards (the same object when none changed). */
    take(orders: readonly Order[]): FinishedByDay {
      let next: Record<number, number> | null = null;
      for (const order of orders) {
        const day = isFinished(order) ? updatedDay(order) : undefined;
        const known = dayOf.get(order.id);
        if (day === known) continue;
        next ??= { ...counts };
        if (known !== undefined) next[known] = (next[known] ?? 0) - 1;
        if (day === undefined) dayOf.delete(order.id);
        else {
          dayOf.set(order.id, day);
          next[day] = (next[day] ?? 0) + 1;
        }
      }
      if (!next) return counts;
      // Only the newest two days can be a board's today (the one before until midnight has
      // passed everywhere it is read): older ones are forgotten, orders and counts.
      const days = Object.keys(next)
        .map(Number)
        .sort((a, b) => b - a);
      if (days.length > 2) {
        const stale = new Set(days.slice(2));
        for (const day of stale) delete next[day];
        for (const [id, day] of dayOf) if (stale.has(day)) dayOf.delete(id);
      }
      counts = next;
      return counts;
    },
  };
};

const NOTHING_HELD: ReadonlyMap<string, ColumnId> = new Map();

/** The board of a moment: its columns' cards, and how many orders each column counts. */
export type BoardView = {
  /** The cards, each column in its order; done holds the newest DONE_ON_BOARD only. */
  columns: BoardColumns;
  counts: Record<ColumnId, number>;
};

/**
 * Where a cancelled order not yet acknowledged stays: the column it was in when the platform
 * cancelled it (`from`, when this window saw it), else (a window opened after the cancel, which
 * cannot tell) In preparation, what the alarm is about: food that may be cooking; an unconfirmed
 * pre-order stays among the scheduled. Staff see it, items and all, until they say they
 * stopped, and no tile moves in the meantime.
 */
export const heldColumn = (order: Order, from: ColumnId | undefined): ColumnId =>
  from ??
  (order.type === 'preorder' && order.preorderStatus !== 'confirmed' ? 'scheduled' : 'preparation');

/**
 * The board's columns. Done shows the newest of the day's finished orders the store still keeps;
 * its count is the day's, from `finished` (the store keeps only the newest of them).
 */
export const boardOf = (
  orders: readonly Order[],
  now: number,
  finished: FinishedByDay,
  /** Cancelled orders staff have not acknowledged yet, and the column each stays in. */
  held: ReadonlyMap<string, ColumnId> = NOTHING_HELD,
): BoardView => {
  const columns: BoardColumns = { new: [], preparation: [], ready: [], scheduled: [], done: [] };
  const done = columns.done;
  for (const order of orders) {
    const column = held.get(order.id) ?? columnOf(order, now);
    if (column === null) continue;
    if (column !== 'done') {
      columns[column].push(order);
      continue;
    }
    // Kept newest first, at most DONE_ON_BOARD: most finished orders are older than the last
    // kept one and cost one comparison.
    if (done.length === DONE_ON_BOARD && newestFirst(order, done[DONE_ON_BOARD - 1]!) >= 0)
      continue;
    let at = done.length;
    while (at > 0 && newestFirst(order, done[at - 1]!) < 0) at -= 1;
    done.splice(at, 0, order);
    if (done.length > DONE_ON_BOARD) done.pop();
  }
  columns.new.sort(byAge);
  columns.preparation.sort(byAge);
  columns.ready.sort(byAge);
  columns.scheduled.sort(byPreorderTime);
  return {
    columns,
    counts: {
      new: columns.new.length,
      preparation: columns.preparation.length,
      ready: columns.ready.length,
      scheduled: columns.scheduled.length,
      done: finished[localDay(now)] ?? 0,
    },
  };
};

/** The platform has closed the order: no staff action on it can succeed any more. */
export const isClosedByPlatform = (order: Order): boolean => isFinalStatus(order.platformStatus);

/**
 * Orders that need someone to act: one staff can still accept or confirm, by the order-action
 * table. The ring keeps going while any is left.
 */
export const needsAttention = perOrder((order: Order): boolean =>
  availableActions(order).some((kind) => ORDER_ACTIONS[kind].answers),
);

/**
 * The orders that need someone, worked out once per list of orders: the ring and the top bar ask
 * on every change of the store (several per message of events), and the store keeps an unchanged
 * list the same array. Asking each order of a day's 2,000 every time was thousands of look-ups.
 */
export const waitingOrders: (orders: readonly Order[]) => readonly Order[] = (() => {
  const known = new WeakMap<readonly Order[], readonly Order[]>();
  return (orders) => {
    let waiting = known.get(orders);
    if (!waiting) known.set(orders, (waiting = orders.filter(needsAttention)));
    return waiting;
  };
})();

/**
 * What the top bar counts of the orders that need someone: new orders waiting for an answer, and
 * apart from them the pre-orders waiting for their confirmation (not due for hours, most of them).
 */
export const waitingCounts = (orders: readonly Order[]): { answer: number; preorders: number } => {
  const waiting = waitingOrders(orders);
  const preorders = waiting.filter((order) => order.type === 'preorder').length;
  return { answer: waiting.length - preorders, preorders };
};

/**
 * What Enter on a card does: the card's first action in the table's order, never Reject (a
 * refusal is always chosen on purpose, from its own button or key).
 */
export const primaryAction = (order: Order): OrderActionKind | null =>
  availableActions(order).find((kind) => ORDER_ACTIONS[kind].primary) ?? null;

/**
 * Takeaway orders left READY past their pickup time and never marked handed over: the platform
 * collects payment only once they are (the end-of-shift count and the board's flag).
 */
export const unclaimedTakeaways = (
  orders: readonly Order[],
  now: number,
  afterMinutes: number | ((order: Order) => number),
): Order[] =>
  orders.filter((order) =>
    isUnclaimedTakeaway(
      order,
      now,
      typeof afterMinutes === 'number' ? afterMinutes : afterMinutes(order),
    ),
  );

const NO_JOBS: readonly PrintJob[] = [];

/**
 * Print jobs by order, for the board to hand each card its own: one pass over the jobs when they
 * change, instead of every card reading the store and filtering all jobs on every change.
 */
export const jobsByOrder = (
  jobs: readonly PrintJob[],
): ReadonlyMap<string, readonly PrintJob[]> => {
  const byOrder = new Map<string, PrintJob[]>();
  for (const job of jobs) {
    if (job.orderId === null) continue;
    const list = byOrder.get(job.orderId);
    if (list) list.push(job);
    else byOrder.set(job.orderId, [job]);
  }
  return byOrder;
};

export const jobsOf = (
  byOrder: ReadonlyMap<string, readonly PrintJob[]> | null,
  orderId: string,
): readonly PrintJob[] | null => (byOrder === null ? null : (byOrder.get(orderId) ?? NO_JOBS));

/** How many tile tracks (side-by-side tiles) each column has; an empty Scheduled column half. */
export type ColumnTracks = Record<ColumnId, number>;

/** The columns whose orders take staff's action, which share the spare tracks by their load. */
const WORKING: readonly ColumnId[] = ['new', 'preparation', 'ready', 'scheduled'];

const baseTracks = (loads: Record<ColumnId, number>): ColumnTracks => ({
  new: 1,
  preparation: 1,
  ready: 1,
  // An empty Scheduled column keeps its header and place, at half the width.
  scheduled: loads.scheduled > 0 ? 1 : 0.5,
  // Finished orders take no action: their column is narrower.
  done: 0.75,
});

const sum = (tracks: ColumnTracks): number => COLUMN_IDS.reduce((n, id) => n + tracks[id], 0);
const hidden = (load: number, tracks: number, rows: number): number =>
  Math.max(0, load - Math.max(1, Math.floor(tracks)) * rows);

/**
 * Columns sized to their load, in whole tile tracks: each column has one, and the tracks the
 * board's width leaves go one by one to the column with the most tiles out of sight (`rows`
 * tiles fit in a track's height). The previous split is kept while it still serves (no column
 * hides tiles while another has a track it does not need): a column that changes width moves
 * every tile in it and the columns beside it, so it happens only when a column overflows.
 */
export const allocateTracks = (
  loads: Record<ColumnId, number>,
  units: number,
  rows: number,
  previous: ColumnTracks | null,
): ColumnTracks => {
  const base = baseTracks(loads);
  const spare = Math.max(0, Math.floor(units - sum(base)));
  if (previous && sum(previous) <= sum(base) + spare) {
    const fits = COLUMN_IDS.every((id) => previous[id] >= base[id]) && previous.scheduled <= 1;
    const overflowing = WORKING.some((id) => hidden(loads[id], previous[id], rows) > 0);
    const idle = WORKING.some(
      (id) => previous[id] > Math.max(base[id], Math.ceil(loads[id] / Math.max(1, rows))),
    );
    const unused = sum(previous) < sum(base) + spare;
    if (fits && !(overflowing && (idle || unused))) return previous;
  }
  const tracks = { ...base };
  for (let left = spare; left > 0; left -= 1) {
    let pick: ColumnId | null = null;
    for (const id of WORKING) {
      if (id === 'scheduled') continue;
      const out = hidden(loads[id], tracks[id], rows);
      if (out > 0 && (pick === null || out > hidden(loads[pick], tracks[pick], rows))) pick = id;
    }
    if (pick === null) break;
    tracks[pick] += 1;
  }
  return tracks;
};

/** One line of the all-day strip: an item and how many of it are being prepared. */
export type AllDayCount = { name: string; count: number };

/**
 * What kitchen displays call all-day counts: every item of the orders in preparation, added up
 * by name, most first (ties by name, so the strip does not reshuffle).
 */
export const allDayCounts = (orders: readonly Order[]): AllDayCount[] => {
  const counts = new Map<string, number>();
  for (const order of orders) {
    // The preparation column's orders: one a courier took away is off the kitchen's hands.
    if (order.status !== 'PRODUCTION' || isFinished(order)) continue;
    for (const item of order.items)
      counts.set(item.name, (counts.get(item.name) ?? 0) + item.count);
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
};
