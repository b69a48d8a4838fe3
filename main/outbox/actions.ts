import type {
  OpeningTime,
  OrderActionKind,
  OrderStatus,
  OutboxActionKind,
} from '../../shared/domain';
import type { CreateDeliveryRequest } from '../delivery/schemas';

/** What each outbox kind carries, stored as JSON with its row. */
export type ActionPayloads = {
  accept: { orderId: string; adjustedPickupTime: string | null; selfDelivery: boolean };
  reject: { orderId: string; reason: string; code: string | null };
  ready: { orderId: string };
  delivered: { orderId: string };
  'confirm-preorder': { orderId: string };
  'venue-online': { venueId: string; online: boolean; until: string | null };
  'venue-opening-times': { venueId: string; availability: OpeningTime[] };
  'menu-push': { venueId: string; menu: unknown };
  'item-availability': {
    venueId: string;
    externalData: string;
    enabled: boolean;
    disabledUntil: string | null;
  };
  'delivery-create': { deliveryId: string; venueId: string; request: CreateDeliveryRequest };
  'delivery-cancel': { deliveryId: string; reason: string };
};

export type OutboxAction = {
  [K in OutboxActionKind]: { kind: K; payload: ActionPayloads[K] };
}[OutboxActionKind];

export const ORDER_ACTION_KINDS: readonly OrderActionKind[] = [
  'accept',
  'reject',
  'ready',
  'delivered',
  'confirm-preorder',
];

export const isOrderAction = (kind: string): kind is OrderActionKind =>
  (ORDER_ACTION_KINDS as readonly string[]).includes(kind);

/** The status an order action leads to; confirm-preorder keeps the order CREATED. */
export const ACTION_TARGET: Record<OrderActionKind, OrderStatus> = {
  accept: 'PRODUCTION',
  reject: 'REJECTED',
  ready: 'READY',
  delivered: 'DELIVERED',
  'confirm-preorder': 'CREATED',
};
