// Why a refused order action cannot be taken, as a refusal code (shared/refusals.ts words it for
// staff: "Order #103 is already being prepared."), chosen once from the order-action table: main
// refuses and words the platform's 409s with it. Never a status code or an action's internal name.
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
import type { Refusal } from './refusals';
import { refusal } from './refusals';

/**
 * The order is in `status`, which the action does not start from (the table's `from`): past
 * where it starts, or not there yet. `byPlatform`: the platform said so (its 409).
 */
export const statusRefusal = (
  orderNumber: string,
  kind: OrderActionKind,
  status: OrderStatus,
  allowed: readonly OrderStatus[] = declarationOf(kind).from,
  byPlatform = false,
): Refusal => {
  const furthest = Math.max(...allowed.map((s) => STATUS_RANK[s]));
  const past = isFinalStatus(status) || STATUS_RANK[status] > furthest;
  return refusal(
    past ? 'order-past' : 'order-not-yet',
    orderNumber,
    status,
    byPlatform ? 'platform' : null,
  );
};

type OfOrder = 'order-courier-delivers' | 'order-not-own-courier' | 'order-picked-up';
type OfTiming =
  | 'order-preorder-waiting'
  | 'order-preorder-confirmed'
  | 'order-not-preorder'
  | 'order-already-confirmed';

/** The order is fulfilled in a way the action does not fit (`refusals.fulfilment`). */
const FULFILMENT: Record<FulfilmentRefusalKey, OfOrder> = {
  'courier-delivers': 'order-courier-delivers',
  'own-courier-only': 'order-not-own-courier',
};

/** The order is of a timing the action does not fit (the declaration's `refusals.timing`). */
const TIMING: Record<TimingRefusalKey, (timing: Timing) => OfTiming> = {
  'accept-preorder': (timing) =>
    timing === 'preorder-waiting' ? 'order-preorder-waiting' : 'order-preorder-confirmed',
  'preorder-only': (timing) =>
    timing === 'instant' ? 'order-not-preorder' : 'order-already-confirmed',
};

/** What the action confirms is already on the order (`refusals.done`). */
const DONE: Record<DoneRefusalKey, OfOrder> = { 'picked-up': 'order-picked-up' };

/** Why staff cannot take `kind` on this order now. */
export const orderRefusal = (
  orderNumber: string,
  kind: OrderActionKind,
  situation: OrderSituation,
  why: OrderActionRefusal,
): Refusal => {
  const { refusals } = declarationOf(kind);
  switch (why.reason) {
    case 'wrong-status':
      return statusRefusal(orderNumber, kind, situation.status, why.allowed);
    case 'wrong-fulfilment':
      return refusal(FULFILMENT[refusals.fulfilment], orderNumber);
    case 'wrong-timing':
      return refusal(TIMING[refusals.timing](why.timing), orderNumber);
    case 'done':
      return refusals.done
        ? refusal(DONE[refusals.done], orderNumber)
        : refusal('order-done', orderNumber);
  }
};
