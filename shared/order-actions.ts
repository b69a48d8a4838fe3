// The one declaration of which staff action exists for which order in which state. Main checks a
// request with it, the action sender picks the platform call from it, the renderer derives its
// buttons from it, and a test walks every row of it against the sandbox's state machine
// (docs/platform.md#order-transitions).
import type { Order, OrderActionKind, OrderStatus } from './domain';
import { ORDER_ACTION_KINDS } from './domain';

export { ORDER_ACTION_KINDS };
export type { OrderActionKind };

export const isOrderActionKind = (kind: string): kind is OrderActionKind =>
  (ORDER_ACTION_KINDS as readonly string[]).includes(kind);

/** Who brings the food to the customer: it decides who may mark an order delivered. */
export const FULFILMENTS = ['takeaway', 'eatin', 'self-delivery', 'platform-courier'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

export const fulfilmentOf = (order: Pick<Order, 'deliveryType' | 'selfDelivery'>): Fulfilment => {
  if (order.deliveryType === 'homedelivery')
    return order.selfDelivery ? 'self-delivery' : 'platform-courier';
  return order.deliveryType;
};

/** An instant order, or a pre-order before or after the venue confirmed it. */
export const TIMINGS = ['instant', 'preorder-waiting', 'preorder-confirmed'] as const;
export type Timing = (typeof TIMINGS)[number];

export const timingOf = (order: Pick<Order, 'type' | 'preorderStatus'>): Timing => {
  if (order.type === 'instant') return 'instant';
  return order.preorderStatus === 'confirmed' ? 'preorder-confirmed' : 'preorder-waiting';
};

/** The platform endpoint an action goes to (docs/platform.md#order-endpoints). */
export type PlatformOrderCall =
  | 'accept'
  | 'accept-self-delivery'
  | 'reject'
  | 'mark-ready'
  | 'mark-delivered'
  | 'confirm-preorder';

export type OrderActionSpec = {
  /** Key of the button's label in the renderer's texts (en.actions.kinds). */
  labelKey: OrderActionKind;
  /** Staff may take it on an order in one of these statuses... */
  from: readonly OrderStatus[];
  /** ...of one of these timings... */
  timings: readonly Timing[];
  /** ...fulfilled this way; some fulfilments move on from more statuses. */
  fulfilments: Partial<Record<Fulfilment, { from?: readonly OrderStatus[] }>>;
  /** The platform call, by fulfilment where it differs. */
  call: PlatformOrderCall;
  callBy?: Partial<Record<Fulfilment, PlatformOrderCall>>;
  /** The status the order is in once the platform took it; confirm-preorder keeps it CREATED. */
  leadsTo: OrderStatus;
  /** Statuses in which the action's effect is already in place (a 409 there means done). */
  reachedIn: readonly OrderStatus[];
};

const ALL: Record<Fulfilment, object> = {
  takeaway: {},
  eatin: {},
  'self-delivery': {},
  'platform-courier': {},
};

export const ORDER_ACTIONS: Record<OrderActionKind, OrderActionSpec> = {
  accept: {
    labelKey: 'accept',
    from: ['CREATED'],
    timings: ['instant'],
    fulfilments: ALL,
    call: 'accept',
    callBy: { 'self-delivery': 'accept-self-delivery' },
    leadsTo: 'PRODUCTION',
    reachedIn: ['PRODUCTION', 'READY', 'DELIVERED'],
  },
  'confirm-preorder': {
    labelKey: 'confirm-preorder',
    from: ['CREATED'],
    timings: ['preorder-waiting'],
    fulfilments: ALL,
    call: 'confirm-preorder',
    leadsTo: 'CREATED',
    reachedIn: ['PRODUCTION', 'READY', 'DELIVERED'],
  },
  reject: {
    labelKey: 'reject',
    from: ['CREATED'],
    timings: TIMINGS,
    fulfilments: ALL,
    call: 'reject',
    leadsTo: 'REJECTED',
    reachedIn: ['REJECTED'],
  },
  ready: {
    labelKey: 'ready',
    from: ['PRODUCTION'],
    timings: TIMINGS,
    fulfilments: ALL,
    call: 'mark-ready',
    leadsTo: 'READY',
    reachedIn: ['READY', 'DELIVERED'],
  },
  delivered: {
    labelKey: 'delivered',
    from: ['READY'],
    timings: TIMINGS,
    // The platform's courier marks its own orders delivered; a venue's own courier may deliver
    // straight from production.
    fulfilments: { takeaway: {}, eatin: {}, 'self-delivery': { from: ['PRODUCTION', 'READY'] } },
    call: 'mark-delivered',
    leadsTo: 'DELIVERED',
    reachedIn: ['DELIVERED'],
  },
};

export type OrderSituation = { fulfilment: Fulfilment; timing: Timing; status: OrderStatus };

export const situationOf = (order: Order): OrderSituation => ({
  fulfilment: fulfilmentOf(order),
  timing: timingOf(order),
  status: order.status,
});

/** Why an action is not available, as data: shared/order-refusal-text.ts words it for staff. */
export type OrderActionRefusal =
  | { reason: 'wrong-status'; allowed: readonly OrderStatus[] }
  | { reason: 'wrong-timing'; timing: Timing }
  | { reason: 'wrong-fulfilment'; fulfilment: Fulfilment };

/** Null when the action exists for this situation, otherwise why not. */
export const refusalOf = (
  kind: OrderActionKind,
  situation: OrderSituation,
): OrderActionRefusal | null => {
  const spec = ORDER_ACTIONS[kind];
  const byFulfilment = spec.fulfilments[situation.fulfilment];
  if (!byFulfilment) return { reason: 'wrong-fulfilment', fulfilment: situation.fulfilment };
  const from = byFulfilment.from ?? spec.from;
  if (!from.includes(situation.status)) return { reason: 'wrong-status', allowed: from };
  if (!spec.timings.includes(situation.timing))
    return { reason: 'wrong-timing', timing: situation.timing };
  return null;
};

/** Every action that exists for this situation, in the table's order. */
export const actionsFor = (situation: OrderSituation): OrderActionKind[] =>
  ORDER_ACTION_KINDS.filter((kind) => refusalOf(kind, situation) === null);

export const platformCallOf = (kind: OrderActionKind, fulfilment: Fulfilment): PlatformOrderCall =>
  ORDER_ACTIONS[kind].callBy?.[fulfilment] ?? ORDER_ACTIONS[kind].call;

/** The actions staff can take on this order now: none while one is on its way or failed. */
export const availableActions = (order: Order): OrderActionKind[] =>
  order.pending ? [] : actionsFor(situationOf(order));
