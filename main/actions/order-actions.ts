// Staff actions on orders: check that the order can take the action as the terminal knows it,
// then commit the local change and the outbox row in one transaction. Nothing here waits for the
// network; the outbox worker sends the row.
import type { Order, OrderActionKind, OrderStatus } from '../../shared/domain';
import type { Database } from '../storage/database';
import type { OrderStore } from '../orders/order-store';
import type { Outbox } from '../outbox/outbox';
import { ServiceError } from '../service-error';

/** The platform refuses an adjusted pickup more than 25 minutes after the original estimate. */
export const MAX_PICKUP_ADJUSTMENT_MS = 25 * 60_000;

/**
 * Converts "ready in N minutes" into accept's adjusted_pickup_time: only when that is later than
 * the platform's estimate (otherwise the estimate stands), and never beyond the 25-minute limit.
 */
export const adjustedPickupTime = (
  pickupEta: string | null,
  preparationMinutes: number | null,
  now: Date,
): string | null => {
  if (preparationMinutes === null) return null;
  const ready = now.getTime() + preparationMinutes * 60_000;
  if (pickupEta === null) return null;
  const eta = Date.parse(pickupEta);
  if (Number.isNaN(eta) || ready <= eta) return null;
  return new Date(Math.min(ready, eta + MAX_PICKUP_ADJUSTMENT_MS)).toISOString();
};

const ALLOWED_FROM: Record<OrderActionKind, OrderStatus[]> = {
  accept: ['CREATED'],
  reject: ['CREATED'],
  'confirm-preorder': ['CREATED'],
  ready: ['PRODUCTION'],
  delivered: ['READY'],
};

const VERB: Record<OrderActionKind, string> = {
  accept: 'Accept',
  reject: 'Reject',
  ready: 'Ready',
  delivered: 'Handed over',
  'confirm-preorder': 'Confirm pre-order',
};

export type OrderActionRequest =
  | { kind: 'accept'; orderId: string; preparationMinutes: number | null }
  | { kind: 'reject'; orderId: string; reason: string; code?: string }
  | { kind: 'ready' | 'delivered' | 'confirm-preorder'; orderId: string };

const check = (order: Order | null, request: OrderActionRequest): Order => {
  if (!order)
    throw new ServiceError('not-found', `Order ${request.orderId} is not on this terminal.`);
  if (order.pending?.state === 'failed') {
    throw new ServiceError(
      'conflict',
      `Order #${order.orderNumber} has a failed action; retry or discard it first.`,
    );
  }
  // A self-delivering venue may hand over from production (docs/platform.md#order-transitions).
  const allowed =
    request.kind === 'delivered' && order.selfDelivery
      ? ['PRODUCTION', 'READY']
      : ALLOWED_FROM[request.kind];
  if (!allowed.includes(order.status)) {
    throw new ServiceError(
      'conflict',
      `Order #${order.orderNumber} is ${order.status.toLowerCase()}; it cannot take "${VERB[request.kind]}".`,
    );
  }
  if (request.kind === 'accept' && order.type === 'preorder') {
    throw new ServiceError(
      'conflict',
      `Order #${order.orderNumber} is a pre-order: confirm it instead of accepting it.`,
    );
  }
  if (
    request.kind === 'confirm-preorder' &&
    (order.type !== 'preorder' || order.preorderStatus === 'confirmed')
  ) {
    throw new ServiceError(
      'conflict',
      `Order #${order.orderNumber} is not a pre-order waiting for confirmation.`,
    );
  }
  if (request.kind === 'delivered' && order.deliveryType !== 'takeaway' && !order.selfDelivery) {
    throw new ServiceError(
      'conflict',
      `Order #${order.orderNumber} is delivered by the platform's courier, who marks it delivered.`,
    );
  }
  return order;
};

export const enqueueOrderAction = (
  deps: { db: Database; orders: OrderStore; outbox: Outbox; now: () => Date },
  request: OrderActionRequest,
): { actionId: string } => {
  const { db, orders, outbox, now } = deps;
  const run = db.transaction((): string => {
    const order = check(orders.get(request.orderId), request);
    const label = `#${order.orderNumber}`;
    switch (request.kind) {
      case 'accept': {
        const adjusted = order.selfDelivery
          ? null
          : adjustedPickupTime(order.pickupEta, request.preparationMinutes, now());
        orders.setLocal(order.id, { preparationMinutes: request.preparationMinutes });
        const summary = `Accept ${label}${request.preparationMinutes ? ` (${request.preparationMinutes} min)` : ''}`;
        return outbox.insert('accept', order.id, summary, {
          orderId: order.id,
          adjustedPickupTime: adjusted,
          selfDelivery: order.selfDelivery,
        });
      }
      case 'reject':
        orders.setLocal(order.id, { rejectReason: request.reason });
        return outbox.insert('reject', order.id, `Reject ${label}`, {
          orderId: order.id,
          reason: request.reason,
          code: request.code ?? null,
        });
      case 'confirm-preorder':
        orders.setLocal(order.id, { preorderStatus: 'confirmed' });
        return outbox.insert('confirm-preorder', order.id, `Confirm pre-order ${label}`, {
          orderId: order.id,
        });
      case 'ready':
        return outbox.insert('ready', order.id, `Ready ${label}`, { orderId: order.id });
      case 'delivered':
        return outbox.insert('delivered', order.id, `Handed over ${label}`, { orderId: order.id });
    }
  });
  const actionId = run.immediate();
  outbox.kick();
  return { actionId };
};
