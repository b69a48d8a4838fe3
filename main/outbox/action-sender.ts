// Sends one outbox action to the platform. A 409 on an order action is read, not feared: if the
// order already is where the action leads (a resend after a crash, or a lost 202), it is done.
import type { OrderActionKind, OrderStatus } from '../../shared/domain';
import type { MarketplaceClient } from '../marketplace/client';
import type { OrderStore } from '../orders/order-store';
import type { OrderSync } from '../orders/order-sync';
import type { DeliveryClient } from '../delivery/client';
import type { DeliveryStore } from '../delivery/delivery-store';
import { HttpError } from '../http/http';
import { NotConfiguredError, ReconnectNeededError } from '../auth/token-manager';
import { conflictBodySchema } from '../marketplace/schemas';
import { toOrderStatus } from '../marketplace/order-mapping';
import type { StoredAction } from './outbox';
import { ActionBlockedError } from './outbox';
import { ACTION_TARGET, isOrderAction } from './actions';

/** Statuses in which an action's effect is already in place. */
const REACHED: Record<OrderActionKind, OrderStatus[]> = {
  accept: ['PRODUCTION', 'READY', 'DELIVERED'],
  'confirm-preorder': ['PRODUCTION', 'READY', 'DELIVERED'],
  reject: ['REJECTED'],
  ready: ['READY', 'DELIVERED'],
  delivered: ['DELIVERED'],
};

export const createActionSender = (deps: {
  client: MarketplaceClient;
  orders: OrderStore;
  sync: OrderSync;
  onVenueAction?: (action: StoredAction) => void;
  blockedRetryMs?: number;
  delivery?: { client: DeliveryClient; store: DeliveryStore; onChanged: () => void };
}) => {
  const { client, orders, sync } = deps;

  const sendOrderAction = async (
    action: StoredAction & { kind: OrderActionKind },
  ): Promise<void> => {
    const key = action.id;
    switch (action.kind) {
      case 'accept': {
        const { orderId, adjustedPickupTime, selfDelivery } = action.payload as {
          orderId: string;
          adjustedPickupTime: string | null;
          selfDelivery: boolean;
        };
        if (selfDelivery) await client.acceptSelfDeliveryOrder(orderId, null, key);
        else await client.acceptOrder(orderId, adjustedPickupTime, key);
        return;
      }
      case 'reject': {
        const { orderId, reason, code } = action.payload as {
          orderId: string;
          reason: string;
          code: string | null;
        };
        await client.rejectOrder(orderId, reason, code, key);
        return;
      }
      case 'ready':
        await client.markReady((action.payload as { orderId: string }).orderId, key);
        return;
      case 'delivered':
        await client.markDelivered((action.payload as { orderId: string }).orderId, key);
        return;
      case 'confirm-preorder':
        await client.confirmPreorder((action.payload as { orderId: string }).orderId, key);
        return;
    }
  };

  const currentStatus = async (orderId: string, error: HttpError): Promise<OrderStatus | null> => {
    const parsed = conflictBodySchema.safeParse(error.body);
    const fromBody =
      parsed.success && parsed.data.order_status ? toOrderStatus(parsed.data.order_status) : null;
    if (fromBody) return fromBody;
    await sync.refetch(orderId);
    return orders.get(orderId)?.platformStatus ?? null;
  };

  const sendDeliveryAction = async (
    action: StoredAction & { kind: 'delivery-create' | 'delivery-cancel' },
  ): Promise<void> => {
    if (!deps.delivery)
      throw new HttpError({
        kind: 'permanent',
        status: null,
        message: 'Courier delivery is not set up.',
      });
    const { client, store, onChanged } = deps.delivery;
    if (action.kind === 'delivery-create') {
      const { deliveryId, venueId, request } = action.payload;
      // The platform ignores Idempotency-Key: a resend after a lost answer may book twice, which
      // the merchant_order_reference_id (our delivery id) lets support match.
      const created = await client.createDelivery(venueId, request, action.id);
      store.setBooked(deliveryId, {
        reference: created.platform_order_reference_id,
        trackingUrl: created.tracking?.url ?? null,
        price: created.price
          ? { amount: created.price.amount, currency: created.price.currency }
          : null,
      });
    } else {
      const { deliveryId, reason } = action.payload;
      const delivery = store.get(deliveryId);
      if (!delivery?.reference)
        throw new HttpError({
          kind: 'permanent',
          status: null,
          message: 'The delivery was never booked, so there is nothing to cancel.',
        });
      if (delivery.status === 'rejected') return;
      await client.cancel(delivery.reference, reason, action.id);
      store.setRejected(deliveryId, reason);
    }
    onChanged();
  };

  return async (action: StoredAction): Promise<void> => {
    try {
      if (action.kind === 'delivery-create' || action.kind === 'delivery-cancel') {
        await sendDeliveryAction(action);
        return;
      }
      if (isOrderAction(action.kind)) {
        const orderAction = action as StoredAction & { kind: OrderActionKind };
        const orderId = (action.payload as { orderId: string }).orderId;
        try {
          await sendOrderAction(orderAction);
        } catch (error) {
          if (!(error instanceof HttpError) || error.status !== 409) throw error;
          const status = await currentStatus(orderId, error);
          if (!status || !REACHED[orderAction.kind].includes(status)) {
            throw new HttpError({
              kind: 'permanent',
              status: 409,
              message: status
                ? `The platform says the order is already ${status.toLowerCase()}: ${error.message}`
                : error.message,
              body: error.body,
            });
          }
          if (status) orders.advance(orderId, status);
        }
        orders.advance(orderId, ACTION_TARGET[orderAction.kind]);
        return;
      }
      switch (action.kind) {
        case 'venue-online':
          await client.setVenueOnline(
            action.payload.venueId,
            action.payload.online,
            action.payload.until,
            action.id,
          );
          break;
        case 'venue-opening-times':
          await client.setOpeningTimes(
            action.payload.venueId,
            action.payload.availability,
            action.id,
          );
          break;
        case 'menu-push':
          await client.createMenu(action.payload.venueId, action.payload.menu, action.id);
          break;
        case 'item-availability':
          await client.updateItems(
            action.payload.venueId,
            [
              {
                external_id: action.payload.externalData,
                enabled: action.payload.enabled,
                disabled_until: action.payload.disabledUntil,
              },
            ],
            action.id,
          );
          break;
      }
      deps.onVenueAction?.(action);
    } catch (error) {
      if (error instanceof ReconnectNeededError || error instanceof NotConfiguredError) {
        // Not the action's fault: it waits, with every other action, until the venue is reconnected.
        throw new ActionBlockedError(error.message, deps.blockedRetryMs ?? 30_000);
      }
      throw error;
    }
  };
};
