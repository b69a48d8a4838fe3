import type {
  DeliveryType,
  Order,
  OrderDeliveryAddress,
  OrderItem,
  OrderStatus,
} from '../../shared/domain';
import { shapeLine, shapeNote } from '../../shared/platform-text';
import type { OrderV2 } from './schemas';

/** A one-line text from the platform, shaped (shared/platform-text.ts); null when nothing is left. */
const line = (value: string | null | undefined): string | null => {
  const shaped = value == null ? '' : shapeLine(value);
  return shaped === '' ? null : shaped;
};

/**
 * Any spelling the platform uses (the order API's lowercase order_status, the notifications' and
 * venue status's uppercase values) to the app's status; null for values that carry no progress.
 */
export const toOrderStatus = (value: string): OrderStatus | null => {
  switch (value.toUpperCase()) {
    case 'CREATED':
    case 'RECEIVED':
    case 'FETCHED':
    case 'ACKNOWLEDGED':
      return 'CREATED';
    case 'PRODUCTION':
      return 'PRODUCTION';
    case 'READY':
      return 'READY';
    case 'DELIVERED':
      return 'DELIVERED';
    case 'REJECTED':
    case 'DEFERRED_PAYMENT_FAILED':
      return 'REJECTED';
    case 'CANCELED':
    case 'CANCELLED':
      return 'CANCELED';
    default:
      return null;
  }
};

const deliveryAddressOf = (
  location: OrderV2['delivery']['location'],
): OrderDeliveryAddress | null => {
  if (!location) return null;
  const address: OrderDeliveryAddress = {
    street: line(location.street_address),
    apartment: line(location.apartment),
    postCode: line(location.zip_code),
    city: line(location.city),
    formatted: location.formatted_address ? shapeNote(location.formatted_address) || null : null,
    lat: location.coordinates?.lat ?? null,
    lon: location.coordinates?.lon ?? null,
  };
  return Object.values(address).some((value) => value !== null && value !== '') ? address : null;
};

const deliveryTypeOf = (value: string): DeliveryType =>
  value === 'homedelivery' || value === 'eatin' ? value : 'takeaway';

/** The platform-owned part of an order, as stored; the terminal's own fields are added on read. */
export type PlatformOrder = Omit<
  Order,
  | 'status'
  | 'pending'
  | 'courierPickupEta'
  | 'pickupCompleted'
  | 'preparationMinutes'
  | 'autoAccepted'
  | 'arrivedLate'
  | 'rejectReason'
  | 'updatedAt'
>;

export const mapOrderV2 = (
  order: OrderV2,
  fallbackStatus: OrderStatus,
  receivedAt: string,
): PlatformOrder => {
  const items: OrderItem[] = order.items.map((item) => ({
    id: item.id,
    name: line(item.name) ?? 'Item',
    count: item.count,
    posId: item.pos_id ?? item.sku ?? null,
    total: item.item_price.total,
    options: (item.options ?? []).map((option) => ({
      name: line(option.name) ?? '',
      value: line(option.value) ?? '',
      count: option.count ?? 1,
      price: option.price ?? { amount: 0, currency: item.item_price.total.currency },
    })),
  }));
  const preorderStatus = order.pre_order?.pre_order_status;
  // The venue's default, not a time the venue itself set on accept (docs/platform.md#preparation-time).
  const preparation = order.order_handling?.preparation_time;
  const venuePreparationSeconds =
    preparation?.preparation_time_source !== 'adjusted_by_venue' &&
    typeof preparation?.preparation_time_seconds === 'number'
      ? preparation.preparation_time_seconds
      : null;
  return {
    id: order.id,
    orderNumber: order.order_number,
    venueId: order.venue.id,
    venueName: order.venue.name ?? null,
    platformStatus: toOrderStatus(order.order_status) ?? fallbackStatus,
    type: order.type === 'preorder' ? 'preorder' : 'instant',
    preorderTime: order.pre_order?.preorder_time ?? null,
    preorderStatus:
      preorderStatus === 'confirmed' || preorderStatus === 'waiting' ? preorderStatus : null,
    deliveryType: deliveryTypeOf(order.delivery.type),
    selfDelivery: order.delivery.self_delivery ?? false,
    items,
    total: order.basket_price.total,
    consumerName: line(order.consumer_name),
    consumerPhone: line(order.consumer_phone_number),
    consumerComment: order.consumer_comment ? shapeNote(order.consumer_comment) || null : null,
    deliveryAddress: deliveryAddressOf(order.delivery.location),
    pickupEta: order.pickup_eta ?? null,
    // Only a self-delivery order's time is the venue's promise; a platform courier's is its own.
    deliveryTime:
      order.delivery.self_delivery === true && typeof order.delivery.time === 'string'
        ? order.delivery.time
        : null,
    noContactDelivery: order.is_no_contact_delivery === true,
    venuePreparationSeconds,
    createdAt: order.created_at ?? receivedAt,
  };
};
