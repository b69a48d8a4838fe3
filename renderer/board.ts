// Which column an order belongs to and whether it needs someone: pure rules, so the board, the
// keyboard shortcuts and the ring all agree. Which actions an order takes is not decided here but
// in shared/order-actions.ts (availableActions), the table main checks with too.
import type { Order, OrderActionKind } from '../shared/domain';
import { isFinalStatus } from '../shared/domain';
import { availableActions } from '../shared/order-actions';
import { isPickedUpByCourier, isUnclaimedTakeaway } from '../shared/order-timing';
import { isSameLocalDay } from './format';

export const COLUMN_IDS = ['new', 'preparation', 'ready', 'scheduled', 'done'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export const isPreorderWaiting = (order: Order): boolean =>
  order.type === 'preorder' && order.status === 'CREATED';

export const columnOf = (order: Order, now: number): ColumnId | null => {
  // The platform's courier took it away: nothing is left to do here, though the platform keeps it
  // READY (or PRODUCTION) until the courier marks it delivered (docs/platform.md#order-transitions).
  if (isPickedUpByCourier(order) && !isFinalStatus(order.status))
    return isSameLocalDay(order.updatedAt, now) ? 'done' : null;
  switch (order.status) {
    case 'CREATED':
      return order.type === 'preorder' ? 'scheduled' : 'new';
    case 'PRODUCTION':
      return 'preparation';
    case 'READY':
      return 'ready';
    default:
      return isSameLocalDay(order.updatedAt, now) ? 'done' : null;
  }
};

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

export type BoardColumns = Record<ColumnId, Order[]>;

/**
 * Finished orders shown as cards: the newest ones, which a customer coming back or a reprint is
 * about. The rest of the day is one tap away in history; a board carrying every finished card of
 * a long shift (500 by evening) made each change lay out and paint hundreds of cards nobody reads.
 */
export const DONE_ON_BOARD = 30;

/** The cards the board shows (and the arrow keys walk) of the day's columns. */
export const shownOnBoard = (columns: BoardColumns): BoardColumns => ({
  ...columns,
  done: columns.done.slice(0, DONE_ON_BOARD),
});

export const groupOrders = (orders: readonly Order[], now: number): BoardColumns => {
  const columns: BoardColumns = { new: [], preparation: [], ready: [], scheduled: [], done: [] };
  for (const order of orders) {
    const column = columnOf(order, now);
    if (column) columns[column].push(order);
  }
  columns.new.sort(byAge);
  columns.preparation.sort(byAge);
  columns.ready.sort(byAge);
  columns.scheduled.sort(byPreorderTime);
  columns.done.sort(newestFirst);
  return columns;
};

/** The platform has closed the order: no staff action on it can succeed any more. */
export const isClosedByPlatform = (order: Order): boolean => isFinalStatus(order.platformStatus);

/** The answers a new order waits for from staff. */
const ANSWERS: ReadonlySet<OrderActionKind> = new Set<OrderActionKind>([
  'accept',
  'confirm-preorder',
]);

/**
 * Orders that need someone to act: one staff can still accept or confirm, by the order-action
 * table. The ring keeps going while any is left.
 */
export const needsAttention = perOrder((order: Order): boolean =>
  availableActions(order).some((kind) => ANSWERS.has(kind)),
);

/**
 * What Enter on a card does: the card's first action in the table's order, never Reject (a
 * refusal is always chosen on purpose, from its own button or key).
 */
export const primaryAction = (order: Order): OrderActionKind | null =>
  availableActions(order).find((kind) => kind !== 'reject') ?? null;

/**
 * Takeaway orders left READY past their pickup time and never marked handed over: the platform
 * collects payment only once they are (the end-of-shift count and the board's flag).
 */
export const unclaimedTakeaways = (
  orders: readonly Order[],
  now: number,
  afterMinutes: number,
): Order[] => orders.filter((order) => isUnclaimedTakeaway(order, now, afterMinutes));
