// Staff actions on orders, checked against the one table of shared/order-actions.ts: the local
// change and the outbox row commit together, then the outbox sends the row with the platform call
// the table names. A 409 is read, not feared: if the order already is where the action leads (a
// resend after a crash, or a lost 202), the action is done.
import type { Order, OrderActionKind, OrderStatus } from '../../shared/domain';
import type { ActionReceipt } from '../../shared/ipc/contract';
import type { PlatformOrderCall } from '../../shared/order-actions';
import {
  failedActionText,
  orderRefusalText,
  statusRefusalText,
  unknownOrderText,
} from '../../shared/order-refusal-text';
import {
  ORDER_ACTION_KINDS,
  ORDER_ACTIONS,
  fulfilmentOf,
  platformCallOf,
  refusalOf,
  situationOf,
} from '../../shared/order-actions';
import type { MarketplaceClient } from '../marketplace/client';
import { conflictBodySchema } from '../marketplace/schemas';
import { toOrderStatus } from '../marketplace/order-mapping';
import { HttpError } from '../http/http';
import type { ActionKind, Outbox, StoredAction } from '../outbox/outbox';
import { ServiceError } from '../service-error';
import type { OrderStore } from './order-store';
import type { PreparationRefusal } from '../../shared/order-timing';
import { adjustedPickupTime, preparationRefusal } from '../../shared/order-timing';

/** The counter's local clock time, as the board shows it (main runs on the same machine). */
const clock = (iso: string): string =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A preparation time the platform would refuse, in words staff understand. */
const preparationMessage = (order: Order, refusal: PreparationRefusal): string => {
  const label = `Order #${order.orderNumber}`;
  switch (refusal.reason) {
    case 'no-time-taken':
      return `${label} takes no preparation time: the platform sets its times. Accept it without one.`;
    case 'before-estimate':
      return `${label}: the platform's pickup estimate is ${refusal.window.earliest} min from now (${clock(refusal.window.estimate)}); choose that or later.`;
    case 'after-limit':
      return `${label}: the platform allows at most ${Math.max(0, refusal.window.latest)} min from now (its estimate plus 25 min).`;
  }
};

export type OrderActionRequest =
  | {
      kind: 'accept';
      orderId: string;
      preparationMinutes: number | null;
      /** Countertop accepts by itself (the venue's auto-accept), not a person. */
      auto?: boolean;
    }
  | { kind: 'reject'; orderId: string; reason: string; code?: string }
  | { kind: 'ready' | 'delivered' | 'confirm-preorder'; orderId: string };

/** What an order action's row carries (rows written before accept lost `selfDelivery` keep it). */
export type OrderActionPayload = {
  orderId: string;
  adjustedPickupTime?: string | null;
  reason?: string;
  code?: string | null;
};

const check = (order: Order | null, request: OrderActionRequest, now: Date): Order => {
  if (!order) throw new ServiceError('not-found', unknownOrderText);
  if (order.pending?.state === 'failed')
    throw new ServiceError('conflict', failedActionText(order.orderNumber));
  const situation = situationOf(order);
  const refusal = refusalOf(request.kind, situation);
  if (refusal) {
    throw new ServiceError(
      'conflict',
      orderRefusalText(order.orderNumber, request.kind, situation, refusal),
    );
  }
  if (request.kind === 'accept') {
    const timing = preparationRefusal(order, request.preparationMinutes, now.getTime());
    if (timing) throw new ServiceError('invalid-request', preparationMessage(order, timing));
  }
  return order;
};

type Call = (client: MarketplaceClient, payload: OrderActionPayload, key: string) => Promise<void>;

const CALLS: Record<PlatformOrderCall, Call> = {
  accept: (client, p, key) => client.acceptOrder(p.orderId, p.adjustedPickupTime ?? null, key),
  'accept-self-delivery': (client, p, key) => client.acceptSelfDeliveryOrder(p.orderId, null, key),
  reject: (client, p, key) => client.rejectOrder(p.orderId, p.reason ?? '', p.code ?? null, key),
  'mark-ready': (client, p, key) => client.markReady(p.orderId, key),
  'mark-delivered': (client, p, key) => client.markDelivered(p.orderId, key),
  'confirm-preorder': (client, p, key) => client.confirmPreorder(p.orderId, key),
};

/** An order action queued on this terminal, told inside the transaction that queues it. */
export type OrderActionNotice = {
  orderId: string;
  orderNumber: string;
  action: OrderActionKind;
  actionId: string;
  by: 'staff' | 'auto';
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
}): OrderActions => {
  const { outbox, orders, client, now } = deps;

  const currentStatus = async (orderId: string, error: HttpError): Promise<OrderStatus | null> => {
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
      throw new HttpError({
        kind: 'permanent',
        status: null,
        message: unknownOrderText,
      });
    const spec = ORDER_ACTIONS[kind];
    try {
      await CALLS[platformCallOf(kind, fulfilmentOf(order))](client, action.payload, action.id);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
      const status = await currentStatus(orderId, error);
      if (!status || !spec.reachedIn.includes(status)) {
        throw new HttpError({
          kind: 'permanent',
          status: 409,
          // Staff read this on the card: the order's state in their words, not the HTTP answer.
          message: status
            ? `The platform refused: ${statusRefusalText(order.orderNumber, kind, status)}`
            : error.message,
          body: error.body,
        });
      }
      orders.advance(orderId, status);
    }
    orders.advance(orderId, spec.leadsTo);
    // The accept may have moved the pickup time: the card counts down to the platform's own time.
    if (kind === 'accept') await deps.refetch(orderId).catch(() => undefined);
  };

  const kinds = Object.fromEntries(
    ORDER_ACTION_KINDS.map((kind) => [
      kind,
      outbox.register<OrderActionPayload>(kind, {
        send,
        // A repeated transition is a 409 the sender counts as done.
        resend: 'safe',
        changed: (action) => deps.changed(action.payload.orderId),
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
          deps.onAction?.({
            orderId: order.id,
            orderNumber: order.orderNumber,
            action: request.kind,
            actionId,
            by: request.kind === 'accept' && request.auto ? 'auto' : 'staff',
          });
          const orderNumber = order.orderNumber;
          orders.recordAction({
            orderId: order.id,
            actionId,
            action: request.kind,
            by: request.kind === 'accept' && request.auto ? 'auto' : 'staff',
            preparationMinutes: request.kind === 'accept' ? request.preparationMinutes : null,
            reason: request.kind === 'reject' ? request.reason : null,
          });
          switch (request.kind) {
            case 'accept': {
              const minutes = request.preparationMinutes;
              orders.setLocal(order.id, {
                preparationMinutes: minutes,
                autoAccepted: request.auto === true,
              });
              return {
                payload: {
                  orderId: order.id,
                  // A self-delivering venue's accept takes no pickup time.
                  adjustedPickupTime: order.selfDelivery
                    ? null
                    : adjustedPickupTime(order.pickupEta, minutes, now().getTime()),
                },
                facts: {
                  orderNumber,
                  ...(minutes ? { minutes } : {}),
                  ...(request.auto ? { auto: true } : {}),
                },
              };
            }
            case 'reject':
              orders.setLocal(order.id, { rejectReason: request.reason });
              return {
                payload: { orderId: order.id, reason: request.reason, code: request.code ?? null },
                facts: { orderNumber },
              };
            case 'confirm-preorder':
              orders.setLocal(order.id, { preorderStatus: 'confirmed' });
              return { payload: { orderId: order.id }, facts: { orderNumber } };
            case 'ready':
            case 'delivered':
              return { payload: { orderId: order.id }, facts: { orderNumber } };
          }
        },
      }),
  };
};
