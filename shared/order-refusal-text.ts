// How a refused order action reads to staff ("Order #103 is already being prepared."), worded
// once, from the order-action table: main words its refusals and the platform's 409s with it,
// and whatever shows them shows these words. Never a status code or an action's internal name.
import type { OrderStatus } from './order-status';
import { STATUS_RANK, isFinalStatus } from './order-status';
import type {
  DoneRefusalKey,
  FulfilmentRefusalKey,
  OrderActionKind,
  OrderActionRefusal,
  OrderSituation,
  Timing,
  TimingRefusalKey,
} from './order-actions';
import { declarationOf } from './order-actions';

/** Where an order is when it has moved past the point an action needed. */
const ALREADY: Record<OrderStatus, string> = {
  CREATED: 'is waiting to be accepted',
  PRODUCTION: 'is already being prepared',
  READY: 'is already ready',
  DELIVERED: 'has already been handed over',
  REJECTED: 'has been rejected',
  CANCELED: 'was cancelled by the platform',
};

/** Where an order is when it has not yet reached the point an action needs. */
const NOT_YET: Record<OrderStatus, string> = {
  CREATED: 'has not been accepted yet',
  PRODUCTION: 'is still being prepared: mark it ready first',
  READY: 'is ready: hand it over first',
  DELIVERED: ALREADY.DELIVERED,
  REJECTED: ALREADY.REJECTED,
  CANCELED: ALREADY.CANCELED,
};

const order = (orderNumber: string): string => `Order #${orderNumber}`;

/** The order is in `status`, which the action does not start from (the table's `from`). */
export const statusRefusalText = (
  orderNumber: string,
  kind: OrderActionKind,
  status: OrderStatus,
  allowed: readonly OrderStatus[] = declarationOf(kind).from,
): string => {
  const furthest = Math.max(...allowed.map((s) => STATUS_RANK[s]));
  const past = isFinalStatus(status) || STATUS_RANK[status] > furthest;
  return `${order(orderNumber)} ${(past ? ALREADY : NOT_YET)[status]}.`;
};

/** The order is of a timing the action does not fit (the declaration's `refusals.timing`). */
const TIMING: Record<TimingRefusalKey, (label: string, timing: Timing) => string> = {
  'accept-preorder': (label, timing) =>
    timing === 'preorder-waiting'
      ? `${label} is a pre-order: confirm it instead.`
      : `${label} is a pre-order you have already confirmed.`,
  'preorder-only': (label, timing) =>
    timing === 'instant'
      ? `${label} is not a pre-order: accept it instead.`
      : `${label} is already confirmed.`,
};

/** The order is fulfilled in a way the action does not fit (`refusals.fulfilment`). */
const FULFILMENT: Record<FulfilmentRefusalKey, (label: string) => string> = {
  'courier-delivers': (label) =>
    `${label} goes with the platform's courier, who marks it delivered.`,
  'own-courier-only': (label) => `${label} is not delivered by your own courier.`,
};

/** What the action confirms is already on the order (`refusals.done`). */
const DONE: Record<DoneRefusalKey, (label: string) => string> = {
  'picked-up': (label) => `${label} is already out for delivery.`,
};

/** Why staff cannot take `kind` on this order now, in their words. */
export const orderRefusalText = (
  orderNumber: string,
  kind: OrderActionKind,
  situation: OrderSituation,
  refusal: OrderActionRefusal,
): string => {
  const { refusals } = declarationOf(kind);
  switch (refusal.reason) {
    case 'wrong-status':
      return statusRefusalText(orderNumber, kind, situation.status, refusal.allowed);
    case 'wrong-fulfilment':
      return FULFILMENT[refusals.fulfilment](order(orderNumber));
    case 'wrong-timing':
      return TIMING[refusals.timing](order(orderNumber), refusal.timing);
    case 'done':
      return refusals.done
        ? DONE[refusals.done](order(orderNumber))
        : `${order(orderNumber)}: that is already done.`;
  }
};

/** A failed action holds its order until staff retry or discard it. */
export const failedActionText = (orderNumber: string): string =>
  `${order(orderNumber)} has an action that failed: retry or discard it first.`;

export const unknownOrderText = 'This order is not on this terminal.';
