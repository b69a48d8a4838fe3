// Staff actions on orders, checked against the one table of shared/order-actions.ts: the local
// change and the outbox row commit together, then the outbox sends the row with the platform call
// the table names. A 409 is read, not feared: if the order already is where the action leads (a
// resend after a crash, or a lost 202), the action is done.
import type { Order, OrderActionKind, OrderStatus } from '../../shared/domain';
import type { ActionReceipt } from '../../shared/ipc/contract';
import type {
  OrderActionHook,
  OrderActionPayload,
  OrderActionRequestOf,
  OrderPrintHook,
  SoldOutMark,
} from '../../shared/order-actions';
import { orderRefusal, statusRefusal } from '../../shared/order-refusal-text';
import type { Refusal } from '../../shared/refusals';
import { encodeRefusal, refusal as why } from '../../shared/refusals';
import {
  ORDER_ACTION_KINDS,
  declarationOf,
  fulfilmentOf,
  platformCallOf,
  refusalOf,
  situationOf,
  soldOutMarkSchema,
} from '../../shared/order-actions';
import type { MarketplaceClient } from '../marketplace/client';
import { conflictBodySchema } from '../marketplace/schemas';
import { toOrderStatus } from '../marketplace/order-mapping';
import { RequestError } from '../http/http';
import type { ActionKind, Outbox, StoredAction } from '../outbox/outbox';
import { ServiceError } from '../service-error';
import type { OrderStore } from './order-store';
import type { DeliveryRefusal, PreparationRefusal } from '../../shared/order-timing';
import {
  adjustedPickupTime,
  deliveryRefusal,
  preparationRefusal,
  totalDeliveryTime,
} from '../../shared/order-timing';

/** A preparation time the platform would refuse, for staff (the screen words it). */
const preparationMessage = (order: Order, refusal: PreparationRefusal): Refusal => {
  const n = order.orderNumber;
  switch (refusal.reason) {
    case 'no-time-taken':
      return why('prep-no-time', n);
    case 'before-estimate':
      return why(
        'prep-before-estimate',
        n,
        refusal.window.earliest,
        Date.parse(refusal.window.estimate),
      );
    case 'after-limit':
      return why('prep-after-limit', n, Math.max(0, refusal.window.latest));
  }
};

/** A delivery time the platform would refuse, for staff (the screen words it). */
const deliveryMessage = (order: Order, refusal: DeliveryRefusal): Refusal => {
  const n = order.orderNumber;
  switch (refusal.reason) {
    case 'not-self-delivery':
      return why('delivery-not-self', n);
    case 'before-ready':
      return why('delivery-before-ready', n, refusal.window.earliest);
    case 'after-limit':
      return why('delivery-after-limit', n, Math.max(0, refusal.window.latest));
  }
};

/** An order action as main takes it: the channel's request, and whether a person took it. */
export type OrderActionRequest = {
  [K in OrderActionKind]: { kind: K } & OrderActionRequestOf<K> & {
      /** Countertop takes it by itself (the venue's auto-accept), not a person. */
      auto?: boolean;
    };
}[OrderActionKind];

export type { OrderActionPayload };

/** An action's hook: a check against the order and the clock, and what it adds to the payload. */
type Hook = {
  refusal(order: Order, request: OrderActionRequest, now: number): Refusal | null;
  payload(order: Order, request: OrderActionRequest, now: number): Partial<OrderActionPayload>;
};
const minutesOf = (request: OrderActionRequest): number | null =>
  'preparationMinutes' in request ? request.preparationMinutes : null;
const deliveryMinutesOf = (request: OrderActionRequest): number | null =>
  'deliveryMinutes' in request ? (request.deliveryMinutes ?? null) : null;

const HOOKS: Record<OrderActionHook, Hook> = {
  // The pickup time an accept asks for: within the platform's limits, and only on an order that
  // takes one (docs/platform.md#preparation-time).
  'preparation-time': {
    refusal: (order, request, now) => {
      const refusal = preparationRefusal(order, minutesOf(request), now);
      if (refusal) return preparationMessage(order, refusal);
      const delivery = deliveryRefusal(order, deliveryMinutesOf(request), now);
      return delivery ? deliveryMessage(order, delivery) : null;
    },
    payload: (order, request, now) =>
      // A self-delivering venue's accept takes a delivery time instead of a pickup time.
      order.selfDelivery
        ? { totalDeliveryTime: totalDeliveryTime(order, deliveryMinutesOf(request), now) }
        : { adjustedPickupTime: adjustedPickupTime(order.pickupEta, minutesOf(request), now) },
  },
};

const check = (order: Order | null, request: OrderActionRequest, now: Date): Order => {
  if (!order) throw new ServiceError('not-found', why('order-unknown'));
  if (order.pending?.state === 'failed')
    throw new ServiceError('conflict', why('order-failed-action', order.orderNumber));
  const situation = situationOf(order);
  const refusal = refusalOf(request.kind, situation);
  if (refusal) {
    throw new ServiceError(
      'conflict',
      orderRefusal(order.orderNumber, request.kind, situation, refusal),
    );
  }
  const hook = declarationOf(request.kind).hook;
  const timing = hook ? HOOKS[hook].refusal(order, request, now.getTime()) : null;
  if (timing) throw new ServiceError('invalid-request', timing);
  return order;
};

/** An order action queued on this terminal, told inside the transaction that queues it. */
export type OrderActionNotice = {
  orderId: string;
  orderNumber: string;
  action: OrderActionKind;
  actionId: string;
  by: 'staff' | 'auto';
  /** The prints the action's declaration asks for (printing decides the documents). */
  prints: readonly OrderPrintHook[];
};

export type OrderActions = {
  enqueue(request: OrderActionRequest): ActionReceipt;
};

export const createOrderActions = (deps: {
  outbox: Outbox;
  orders: OrderStore;
  client: MarketplaceClient;
  /** Refetches an order from the platform (a 409 without the order's status). */
  refetch: (orderId: string) => Promise<unknown>;
  now: () => Date;
  /** The order changed (an action queued, settled, retried or discarded). */
  changed: (orderId: string) => void;
  /** Runs inside the action's transaction: what it writes commits, or not, with the action. */
  onAction?: (notice: OrderActionNotice) => void;
  /**
   * Marks menu items sold out in a venue, inside the action's transaction: its outbox rows
   * commit with the action's, and a refusal (throws) leaves neither.
   */
  onSoldOut?: (venueId: string, mark: SoldOutMark) => void;
  /** The platform took an action sent from here (after its row is settled). */
  onTaken?: (orderId: string, action: OrderActionKind) => void;
}): OrderActions => {
  const { outbox, orders, client, now } = deps;

  const currentStatus = async (
    orderId: string,
    error: RequestError,
  ): Promise<OrderStatus | null> => {
    const parsed = conflictBodySchema.safeParse(error.body);
    const fromBody =
      parsed.success && parsed.data.order_status ? toOrderStatus(parsed.data.order_status) : null;
    if (fromBody) return fromBody;
    await deps.refetch(orderId);
    return orders.get(orderId)?.platformStatus ?? null;
  };

  const send = async (action: StoredAction<OrderActionPayload>): Promise<void> => {
    const kind = action.kind as OrderActionKind;
    const { orderId } = action.payload;
    const order = orders.get(orderId);
    if (!order)
      throw new RequestError({
        kind: 'permanent',
        status: null,
        message: encodeRefusal(why('order-unknown')),
      });
    const spec = declarationOf(kind);
    const call = platformCallOf(kind, fulfilmentOf(order));
    try {
      await client.orderAction(orderId, call.path, call.body?.(action.payload), action.id);
    } catch (error) {
      if (!(error instanceof RequestError) || error.status !== 409) throw error;
      const status = await currentStatus(orderId, error);
      if (!status || !spec.reachedIn.includes(status)) {
        throw new RequestError({
          kind: 'permanent',
          status: 409,
          // Staff read this on the card: the order's state in their words (the screen words the
          // kept refusal in its language), not the HTTP answer.
          message: status
            ? encodeRefusal(statusRefusal(order.orderNumber, kind, status, undefined, true))
            : error.message,
          body: error.body,
        });
      }
      orders.advance(orderId, status);
    }
    orders.advance(orderId, spec.leadsTo);
    if (spec.confirms?.pickupCompleted) orders.setPickupCompleted(orderId);
    // The accept may have moved the pickup time: the card counts down to the platform's own time.
    if (spec.hook === 'preparation-time') await deps.refetch(orderId).catch(() => undefined);
  };

  const kinds = Object.fromEntries(
    ORDER_ACTION_KINDS.map((kind) => [
      kind,
      outbox.register<OrderActionPayload>(kind, {
        send,
        // A repeated transition is a 409 the sender counts as done.
        resend: 'safe',
        changed: (action, outcome) => {
          deps.changed(action.payload.orderId);
          if (outcome === 'done') deps.onTaken?.(action.payload.orderId, kind);
        },
      }),
    ]),
  ) as Record<OrderActionKind, ActionKind<OrderActionPayload>>;

  return {
    enqueue: (request) =>
      outbox.enqueue(kinds[request.kind], {
        subject: request.orderId,
        // Checked inside the transaction: two quick taps cannot both pass.
        prepare: (actionId) => {
          const order = check(orders.get(request.orderId), request, now());
          const spec = declarationOf(request.kind);
          const by = request.auto ? 'auto' : 'staff';
          // The rule and the marks are checked here too (the channel checks them on the way in)
          // for callers inside main.
          if (spec.rule && !spec.rule.holds(request))
            throw new ServiceError('invalid-request', spec.rule.refusal);
          const soldOut = spec.soldOut?.(request);
          if (soldOut) {
            const mark = soldOutMarkSchema.safeParse(soldOut);
            if (!mark.success) throw new ServiceError('invalid-request', why('bad-request'));
            if (!deps.onSoldOut) throw new ServiceError('invalid-request', why('menu-not-read'));
            deps.onSoldOut(order.venueId, mark.data);
          }
          deps.onAction?.({
            orderId: order.id,
            orderNumber: order.orderNumber,
            action: request.kind,
            actionId,
            by,
            prints: spec.prints,
          });
          const recorded = spec.record?.(request) ?? {};
          orders.recordAction({
            orderId: order.id,
            actionId,
            action: request.kind,
            by,
            preparationMinutes: recorded.minutes ?? null,
            reason: recorded.reason ?? null,
          });
          const local = spec.local?.(request, request.auto === true);
          if (local) orders.setLocal(order.id, local);
          const hook = spec.hook ? HOOKS[spec.hook].payload(order, request, now().getTime()) : {};
          return {
            payload: { orderId: order.id, ...spec.payload?.(request), ...hook },
            facts: {
              orderNumber: order.orderNumber,
              ...spec.facts?.(request),
              ...(request.auto ? { auto: true } : {}),
            },
          };
        },
      }),
  };
};
