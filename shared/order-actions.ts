// The one declaration of every staff action on an order. Each action is one object, under one
// name (its key below, which is also the outbox kind and the key of its label): which orders it
// fits in which states, its request, its platform call, what it changes on the order, its words,
// its dialog, its prints, its key on the keyboard. Everything else is derived from it: main's
// check and outbox sender (main/orders/order-actions.ts), the `orders:<name>` channel
// (shared/ipc/contract.ts), the card's buttons, the keyboard, the ring, the automatic prints.
// A test walks every rule against the sandbox's state machine (docs/platform.md#order-transitions).
// The recipe for adding one is in docs/architecture.md#adding-an-order-action.
import { z } from 'zod';
import type { DeliveryType, OrderStatus } from './order-status';
import type { Refusal } from './refusals';
import { encodeRefusal, refusal } from './refusals';

/** Who brings the food to the customer: it decides who may mark an order delivered. */
export const FULFILMENTS = ['takeaway', 'eatin', 'self-delivery', 'platform-courier'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

export const fulfilmentOf = (order: {
  deliveryType: DeliveryType;
  selfDelivery: boolean;
}): Fulfilment => {
  if (order.deliveryType === 'homedelivery')
    return order.selfDelivery ? 'self-delivery' : 'platform-courier';
  return order.deliveryType;
};

/** An instant order, or a pre-order before or after the venue confirmed it. */
export const TIMINGS = ['instant', 'preorder-waiting', 'preorder-confirmed'] as const;
export type Timing = (typeof TIMINGS)[number];

export const timingOf = (order: {
  type: 'instant' | 'preorder';
  preorderStatus: 'confirmed' | 'waiting' | null;
}): Timing => {
  if (order.type === 'instant') return 'instant';
  return order.preorderStatus === 'confirmed' ? 'preorder-confirmed' : 'preorder-waiting';
};

/**
 * A marketplace order call: `PUT {pos_url}/orders/{id}/<path>` with the body made from the
 * outbox row's payload (none when `body` is absent or gives undefined).
 */
export type PlatformOrderCall = {
  path: string;
  body?: (payload: OrderActionPayload) => Record<string, unknown> | undefined;
};

/**
 * What an action's outbox row carries: the order, and whatever the call's body is made from.
 * Rows written by older versions carry the same fields.
 */
export type OrderActionPayload = {
  orderId: string;
  adjustedPickupTime?: string | null;
  /** Self-delivery accept: when the venue's courier reaches the customer. */
  totalDeliveryTime?: string | null;
  reason?: string;
  code?: string | null;
};

/**
 * Menu items (by external_data) an action marks sold out in the order's own venue in the same
 * step, until `until` (null: until staff switch them back): the marks' outbox rows commit with the
 * action's row, or none does.
 */
export const soldOutMarkSchema = z
  .object({
    items: z.array(z.string().min(1).max(200)).min(1).max(50),
    until: z.iso.datetime({ offset: true }).nullable(),
  })
  .strict();
export type SoldOutMark = z.infer<typeof soldOutMarkSchema>;

/** What an action writes on the order with its row (commits together), for the card to show. */
export type OrderLocalChange = {
  preparationMinutes?: number | null;
  autoAccepted?: boolean;
  rejectReason?: string | null;
  preorderStatus?: 'confirmed';
};

/** Work main does for an action that needs the order and the clock (main/orders/order-actions.ts). */
export const ORDER_ACTION_HOOKS = ['preparation-time'] as const;
export type OrderActionHook = (typeof ORDER_ACTION_HOOKS)[number];

/** Prints an action asks for (main/printing/printing.ts says which documents, by the settings). */
export const ORDER_PRINT_HOOKS = ['kitchen-ticket', 'preorder-ticket', 'ready-documents'] as const;
export type OrderPrintHook = (typeof ORDER_PRINT_HOOKS)[number];

/** The dialog an action opens before it is taken (the renderer's dialogs). */
export type OrderActionDialog = 'accept' | 'reject';

/** How a refusal for the wrong timing or fulfilment reads (shared/order-refusal-text.ts). */
export type TimingRefusalKey = 'accept-preorder' | 'preorder-only';
export type FulfilmentRefusalKey = 'courier-delivers' | 'own-courier-only';
/** How a refusal reads when what the action confirms is already on the order. */
export type DoneRefusalKey = 'picked-up';

export type OrderActionDeclaration<S extends z.ZodRawShape = z.ZodRawShape> = {
  /** The request's fields besides `orderId`: the channel validates them (strict). */
  fields: S;
  /** Staff may take it on an order in one of these statuses... */
  from: readonly OrderStatus[];
  /** ...of one of these timings... */
  timings: readonly Timing[];
  /** ...fulfilled this way; some fulfilments move on from more statuses. */
  fulfilments: Partial<Record<Fulfilment, { from?: readonly OrderStatus[] }>>;
  /** The platform call, by fulfilment where it differs. */
  call: PlatformOrderCall;
  callBy?: Partial<Record<Fulfilment, PlatformOrderCall>>;
  /** The status the order is in once the platform took it (the same status: no move). */
  leadsTo: OrderStatus;
  /** Statuses in which the action's effect is already in place (a 409 there means done). */
  reachedIn: readonly OrderStatus[];
  /** What the platform's answer confirms beyond the status (kept on the order from then on);
   *  once it is on the order, the action is done and no longer offered. */
  confirms?: { pickupCompleted?: true };
  /** The row's payload besides `orderId`, from the request. */
  payload?: (request: z.output<z.ZodObject<S>>) => Omit<OrderActionPayload, 'orderId'>;
  /** Written on the order with the row, shown as asked (the card marks it as waiting); `auto`:
   *  taken by Countertop itself (the venue's auto-accept), not a person. */
  local?: (request: z.output<z.ZodObject<S>>, auto: boolean) => OrderLocalChange;
  /** Menu items the action marks sold out with it (reject "items unavailable"). */
  soldOut?: (request: z.output<z.ZodObject<S>>) => SoldOutMark | undefined;
  /** A rule across the request's fields, checked with them on the way in; refused as `refusal`. */
  rule?: { holds: (request: z.output<z.ZodObject<S>>) => boolean; refusal: Refusal };
  /** What the outbox entry tells staff besides the order number (OutboxFacts). */
  facts?: (request: z.output<z.ZodObject<S>>) => { minutes?: number };
  /** What the timeline keeps of the request (history). */
  record?: (request: z.output<z.ZodObject<S>>) => { minutes?: number | null; reason?: string };
  hook?: OrderActionHook;
  /** Words: the refusals for the wrong timing and fulfilment (the label's key is the name). */
  refusals: { timing: TimingRefusalKey; fulfilment: FulfilmentRefusalKey; done?: DoneRefusalKey };
  /** Opens this dialog first; without one, a tap takes the action at once. */
  dialog: OrderActionDialog | null;
  prints: readonly OrderPrintHook[];
  /** Its key on the board (lower case), or none. Two actions share a key only if they never
   *  fit the same order (a test checks). */
  key: string | null;
  /** Answers a new order: the order rings while one of these can still be taken (a refusal is
   *  no such answer: a confirmed pre-order can still be rejected, and rings no more). */
  answers: boolean;
  /** Enter on a card may take it (never a refusal: that is always chosen on purpose). */
  primary: boolean;
  /** The button's weight on the card. */
  tone: 'go' | 'primary' | 'danger';
};

/** Keeps each declaration's request type for its own functions. */
const declare = <S extends z.ZodRawShape>(declaration: OrderActionDeclaration<S>) => declaration;

const ALL: Record<Fulfilment, object> = {
  takeaway: {},
  eatin: {},
  'self-delivery': {},
  'platform-courier': {},
};
const REJECT_CODES = ['GENERIC', 'ITEMS_UNAVAILABLE', 'VENUE_CLOSING_SOON'] as const;
/** The one reason a rejection marks its items sold out with (the dialog offers marks only there). */
const SOLD_OUT_REASON: (typeof REJECT_CODES)[number] = 'ITEMS_UNAVAILABLE';

/** In the order the card shows their buttons. */
export const ORDER_ACTIONS = {
  accept: declare({
    fields: {
      /** Minutes from now until the food is ready; null keeps the platform's estimate. */
      preparationMinutes: z.number().int().min(1).max(120).nullable(),
      /** Self-delivery: minutes from now until the customer has it; absent or null keeps the
       *  venue's default times (shared/order-timing.ts says which the platform takes). */
      deliveryMinutes: z.number().int().min(1).max(240).nullable().optional(),
    },
    from: ['CREATED'],
    timings: ['instant'],
    fulfilments: ALL,
    // A self-delivering venue's accept takes a delivery time, not a pickup time
    // (docs/platform.md#self-delivery-orders).
    call: {
      path: 'accept',
      body: (p) =>
        p.adjustedPickupTime ? { adjusted_pickup_time: p.adjustedPickupTime } : undefined,
    },
    callBy: {
      'self-delivery': {
        path: 'self-delivery/accept',
        body: (p) =>
          p.totalDeliveryTime ? { total_delivery_time: p.totalDeliveryTime } : undefined,
      },
    },
    leadsTo: 'PRODUCTION',
    reachedIn: ['PRODUCTION', 'READY', 'DELIVERED'],
    local: (r, auto) => ({ preparationMinutes: r.preparationMinutes, autoAccepted: auto }),
    facts: (r) => (r.preparationMinutes ? { minutes: r.preparationMinutes } : {}),
    record: (r) => ({ minutes: r.preparationMinutes }),
    hook: 'preparation-time',
    refusals: { timing: 'accept-preorder', fulfilment: 'courier-delivers' },
    dialog: 'accept',
    prints: ['kitchen-ticket'],
    key: 'a',
    answers: true,
    primary: true,
    tone: 'go',
  }),
  'confirm-preorder': declare({
    fields: {},
    from: ['CREATED'],
    timings: ['preorder-waiting'],
    fulfilments: ALL,
    call: { path: 'confirm-preorder' },
    // The platform starts a confirmed pre-order itself, later (docs/platform.md#pre-orders).
    leadsTo: 'CREATED',
    reachedIn: ['PRODUCTION', 'READY', 'DELIVERED'],
    local: () => ({ preorderStatus: 'confirmed' }),
    refusals: { timing: 'preorder-only', fulfilment: 'courier-delivers' },
    dialog: null,
    // Confirming is a pre-order's accept: its kitchen ticket prints then, or (a setting) when
    // the platform moves it into preparation.
    prints: ['preorder-ticket'],
    key: 'a',
    answers: true,
    primary: true,
    tone: 'go',
  }),
  reject: declare({
    fields: {
      reason: z.string().trim().min(1).max(500),
      code: z.enum(REJECT_CODES).optional(),
      /** The order's lines' menu items marked sold out with the rejection ("items unavailable"). */
      soldOut: soldOutMarkSchema.optional(),
    },
    from: ['CREATED'],
    timings: TIMINGS,
    fulfilments: ALL,
    call: {
      path: 'reject',
      body: (p) => (p.code ? { reason: p.reason ?? '', code: p.code } : { reason: p.reason ?? '' }),
    },
    leadsTo: 'REJECTED',
    reachedIn: ['REJECTED'],
    payload: (r) => ({ reason: r.reason, code: r.code ?? null }),
    local: (r) => ({ rejectReason: r.reason }),
    soldOut: (r) => r.soldOut,
    rule: {
      holds: (r) => r.soldOut === undefined || r.code === SOLD_OUT_REASON,
      refusal: refusal('reject-sold-out-reason'),
    },
    record: (r) => ({ reason: r.reason }),
    refusals: { timing: 'preorder-only', fulfilment: 'courier-delivers' },
    dialog: 'reject',
    prints: [],
    key: 'x',
    answers: false,
    primary: false,
    tone: 'danger',
  }),
  ready: declare({
    fields: {},
    from: ['PRODUCTION'],
    timings: TIMINGS,
    fulfilments: ALL,
    call: { path: 'ready' },
    leadsTo: 'READY',
    reachedIn: ['READY', 'DELIVERED'],
    refusals: { timing: 'preorder-only', fulfilment: 'courier-delivers' },
    dialog: null,
    prints: ['ready-documents'],
    key: 'r',
    answers: false,
    primary: true,
    tone: 'primary',
  }),
  'picked-up': declare({
    fields: {},
    from: ['READY'],
    timings: TIMINGS,
    // The venue's own courier leaves with the order; the platform tells the customer. The
    // platform's courier reports its own pickup (a notification), never through the venue.
    fulfilments: { 'self-delivery': {} },
    call: { path: 'pickup-completed' },
    leadsTo: 'READY',
    reachedIn: [],
    confirms: { pickupCompleted: true },
    refusals: { timing: 'preorder-only', fulfilment: 'own-courier-only', done: 'picked-up' },
    dialog: null,
    prints: [],
    key: 'o',
    answers: false,
    primary: true,
    tone: 'primary',
  }),
  delivered: declare({
    fields: {},
    from: ['READY'],
    timings: TIMINGS,
    // The platform's courier marks its own orders delivered; a venue's own courier may deliver
    // straight from production.
    fulfilments: { takeaway: {}, eatin: {}, 'self-delivery': { from: ['PRODUCTION', 'READY'] } },
    call: { path: 'delivered' },
    leadsTo: 'DELIVERED',
    reachedIn: ['DELIVERED'],
    refusals: { timing: 'preorder-only', fulfilment: 'courier-delivers' },
    dialog: null,
    prints: [],
    key: 'h',
    answers: false,
    primary: true,
    tone: 'go',
  }),
};

export type OrderActionKind = keyof typeof ORDER_ACTIONS;
export const ORDER_ACTION_KINDS = Object.keys(ORDER_ACTIONS) as OrderActionKind[];

export const isOrderActionKind = (kind: string): kind is OrderActionKind =>
  Object.prototype.hasOwnProperty.call(ORDER_ACTIONS, kind);

/** An action's channel's request: the order plus the action's own fields, nothing else. */
type FieldsOf<K extends OrderActionKind> =
  (typeof ORDER_ACTIONS)[K] extends OrderActionDeclaration<infer S> ? S : never;
type ShapeOf<K extends OrderActionKind> = { orderId: z.ZodString } & FieldsOf<K>;
export type OrderActionSchema<K extends OrderActionKind> = z.ZodObject<
  Extract<ShapeOf<K>, z.ZodRawShape>,
  z.core.$strict
>;
export const orderActionSchema = <K extends OrderActionKind>(kind: K): OrderActionSchema<K> => {
  const request = z
    .object({ orderId: z.string().min(1).max(200), ...ORDER_ACTIONS[kind].fields })
    .strict();
  const rule = declarationOf(kind).rule;
  // The rule's refusal is kept as the message: the channel refuses with that code.
  return (rule
    ? request.refine(rule.holds, { message: encodeRefusal(rule.refusal) })
    : request) as unknown as OrderActionSchema<K>;
};

/** The request of an action as its channel takes it. */
export type OrderActionRequestOf<K extends OrderActionKind> = z.output<OrderActionSchema<K>> & {
  orderId: string;
};

/** The actions a tap takes at once: no fields beyond the order, so no dialog to ask them. */
export type DirectOrderActionKind = {
  [K in OrderActionKind]: keyof FieldsOf<K> extends never ? K : never;
}[OrderActionKind];
export const isDirectAction = (kind: OrderActionKind): kind is DirectOrderActionKind =>
  Object.keys(ORDER_ACTIONS[kind].fields).length === 0 && ORDER_ACTIONS[kind].dialog === null;

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
/** An action's one channel: `orders:` and its name in camelCase. */
export type OrderActionChannel<K extends OrderActionKind = OrderActionKind> = `orders:${Camel<K>}`;
export const orderActionChannel = <K extends OrderActionKind>(kind: K): OrderActionChannel<K> =>
  `orders:${kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}` as OrderActionChannel<K>;

export type OrderSituation = {
  fulfilment: Fulfilment;
  timing: Timing;
  status: OrderStatus;
  /** The order's courier picked it up (the venue's own, through an action; or the platform's). */
  pickedUp?: boolean;
};

type SituationFacts = Parameters<typeof fulfilmentOf>[0] &
  Parameters<typeof timingOf>[0] & { status: OrderStatus; pickupCompleted?: boolean };

export const situationOf = (order: SituationFacts): OrderSituation => ({
  fulfilment: fulfilmentOf(order),
  timing: timingOf(order),
  status: order.status,
  pickedUp: order.pickupCompleted === true,
});

/** Why an action is not available, as data: shared/order-refusal-text.ts words it for staff. */
export type OrderActionRefusal =
  | { reason: 'wrong-status'; allowed: readonly OrderStatus[] }
  | { reason: 'wrong-timing'; timing: Timing }
  | { reason: 'wrong-fulfilment'; fulfilment: Fulfilment }
  | { reason: 'done' };

/** The declaration without its request's own type, for code that handles every action alike. */
export const declarationOf = (kind: OrderActionKind): OrderActionDeclaration =>
  ORDER_ACTIONS[kind] as unknown as OrderActionDeclaration;

/** Null when the action exists for this situation, otherwise why not. */
export const refusalOf = (
  kind: OrderActionKind,
  situation: OrderSituation,
): OrderActionRefusal | null => {
  const spec = declarationOf(kind);
  const byFulfilment = spec.fulfilments[situation.fulfilment];
  if (!byFulfilment) return { reason: 'wrong-fulfilment', fulfilment: situation.fulfilment };
  const from = byFulfilment.from ?? spec.from;
  if (!from.includes(situation.status)) return { reason: 'wrong-status', allowed: from };
  if (!spec.timings.includes(situation.timing))
    return { reason: 'wrong-timing', timing: situation.timing };
  if (spec.confirms?.pickupCompleted && situation.pickedUp) return { reason: 'done' };
  return null;
};

/** Every action that exists for this situation, in the table's order. */
export const actionsFor = (situation: OrderSituation): OrderActionKind[] =>
  ORDER_ACTION_KINDS.filter((kind) => refusalOf(kind, situation) === null);

export const platformCallOf = (kind: OrderActionKind, fulfilment: Fulfilment): PlatformOrderCall =>
  declarationOf(kind).callBy?.[fulfilment] ?? declarationOf(kind).call;

/** The actions staff can take on this order now: none while one is on its way or failed. */
export const availableActions = (
  order: SituationFacts & { pending: unknown },
): OrderActionKind[] => (order.pending ? [] : actionsFor(situationOf(order)));

/** The action a key takes on this order now, if any (the board's keyboard). */
export const actionForKey = (
  order: SituationFacts & { pending: unknown },
  key: string,
): OrderActionKind | null =>
  availableActions(order).find((kind) => ORDER_ACTIONS[kind].key === key.toLowerCase()) ?? null;
