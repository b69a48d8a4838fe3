// The words staff see for an order's status and type: one declaration for the screen (the kit's
// messages take them) and for what leaves the terminal in staff hands (the CSV export).
import type { DeliveryType, OrderStatus } from './order-status';

export const STATUS_WORDS: Record<OrderStatus, string> = {
  CREATED: 'New',
  PRODUCTION: 'In preparation',
  READY: 'Ready',
  DELIVERED: 'Handed over',
  REJECTED: 'Rejected',
  CANCELED: 'Cancelled by platform',
};

export const TYPE_WORDS = {
  takeaway: 'Takeaway',
  delivery: 'Delivery',
  selfDelivery: 'Own delivery',
  eatin: 'Eat in',
} as const;

/** An order's type as the card's tag says it. */
export const typeWord = (order: { deliveryType: DeliveryType; selfDelivery: boolean }): string =>
  order.deliveryType === 'takeaway'
    ? TYPE_WORDS.takeaway
    : order.deliveryType === 'eatin'
      ? TYPE_WORDS.eatin
      : order.selfDelivery
        ? TYPE_WORDS.selfDelivery
        : TYPE_WORDS.delivery;
