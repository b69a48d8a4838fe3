// The order vocabulary every other shared file builds on (statuses, delivery types). A leaf: it
// imports nothing, so the order-action declarations and the domain types can both use it.
/** The platform's order statuses (docs/platform.md#order-states). */
export const ORDER_STATUSES = [
  'CREATED',
  'PRODUCTION',
  'READY',
  'DELIVERED',
  'REJECTED',
  'CANCELED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How far along an order is; a status never replaces one of a higher rank. */
export const STATUS_RANK: Record<OrderStatus, number> = {
  CREATED: 0,
  PRODUCTION: 1,
  READY: 2,
  DELIVERED: 3,
  REJECTED: 3,
  CANCELED: 3,
};

export const isFinalStatus = (status: OrderStatus): boolean => STATUS_RANK[status] === 3;

/** The later of two statuses; on a tie the current one stays (a final status is never swapped). */
export const laterStatus = (current: OrderStatus, incoming: OrderStatus): OrderStatus =>
  STATUS_RANK[incoming] > STATUS_RANK[current] ? incoming : current;

export const DELIVERY_TYPES = ['takeaway', 'homedelivery', 'eatin'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
