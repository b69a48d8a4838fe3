// The delivery slice's service state and dependencies, passed explicitly to the module-level
// functions of delivery-sending.ts, delivery-setup.ts, delivery-booking.ts and
// delivery-handlers.ts; the set-up as staff see it (`setupState`).
import type {
  Delivery,
  DeliveryCancelCode,
  DeliveryQuote,
  DeliverySetupState,
} from '../../shared/domain';
import type { AuditLog } from '../audit/audit-log';
import type { Refusal } from '../../shared/refusals';
import type { ActionKind, Outbox } from '../outbox/outbox';
import type { SecretStore } from '../secrets/secret-store';
import type { Settings } from '../storage/settings';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import type { DeliveryAccount, DeliveryClient } from './client';
import type { DeliveryStore } from './delivery-store';
import type { CreateDeliveryRequest, ShipmentPromiseRequest } from './schemas';

export type DeliveryConfig = DeliveryAccount & { venueId: string };

/** What the delivery kinds' outbox rows carry. */
export type DeliveryCreatePayload = {
  deliveryId: string;
  venueId: string;
  request: CreateDeliveryRequest;
  /**
   * Book again after a lost answer: a fresh promise for this address first (the first one is
   * spent or expired), whose id and location the booking then uses.
   */
  requote?: ShipmentPromiseRequest;
};
/** `abandoned`: staff cancelled a booking whose answer was lost, and it turned out booked. */
/**
 * The words the platform is sent for the terminal's own reasons (its support reads them); staff
 * see the code, worded in their language.
 */
export const CANCEL_WORDS_FOR_PLATFORM: Record<DeliveryCancelCode, string> = {
  'customer-cancelled': 'Customer cancelled',
  'booked-twice': 'Booked twice: this courier was booked again at the counter.',
  'cancelled-before-confirmed': 'Cancelled at the counter before the booking was confirmed.',
};

/**
 * `reason`: the words the platform is sent; `code`: the terminal's own reason, which the screen
 * words (absent from a row queued before codes, and for staff's own words).
 */
export type DeliveryCancelPayload = {
  deliveryId: string;
  reason: string;
  code?: DeliveryCancelCode;
  abandoned?: boolean;
};

export const CONFIG_KEY = 'delivery';
/** The merchant's webhook as the relay last reported it (the relay keeps it, not the terminal). */
export const WEBHOOK_KEY = 'delivery.webhook';

export type StoredQuote = {
  quote: DeliveryQuote;
  venueId: string;
  coordinates: { lat: number; lon: number };
  address: { street: string; postCode: string; city: string };
  /** Where the courier picks up, when the promise said so (for the courier's distance). */
  pickupLocation: { lat: number; lon: number } | null;
  /** What the promise was asked with ("book again" asks it anew). */
  promiseRequest: ShipmentPromiseRequest;
};

export type DeliveryServiceDeps = {
  settings: Settings;
  secrets: SecretStore;
  outbox: Outbox;
  audit: AuditLog;
  store: DeliveryStore;
  client: DeliveryClient;
  now: () => Date;
  /** The relay's address from the venue connection: every delivery call goes through it. */
  relayUrl: () => string | null;
  /** These deliveries changed (booked, an action queued or settled). */
  changed: (deliveryIds: string[]) => void;
  /** How long after a lost answer staff may book again or cancel (the store's, for the notice). */
  bookingCheckMs?: number;
};

/** The service's state before its outbox kinds are registered (they need its sends). */
export type DeliveryCore = {
  deps: DeliveryServiceDeps;
  bookingCheckMs: number;
  /** Tells the renderer when staff may decide about a lost booking (the store computes it). */
  decideTimers: Map<string, NodeJS.Timeout>;
  quotes: Map<string, StoredQuote>;
  /** Why courier updates do not come in, as a code the screen words; null while they do. */
  webhookError: Refusal | null;
};

export type DeliveryKinds = {
  create: ActionKind<DeliveryCreatePayload>;
  cancel: ActionKind<DeliveryCancelPayload>;
};

export type DeliveryContext = DeliveryCore & { kinds: DeliveryKinds };

export const config = (core: DeliveryCore): DeliveryConfig | null =>
  core.deps.settings.get<DeliveryConfig>(CONFIG_KEY);

export const requireConfig = (core: DeliveryCore): DeliveryConfig => {
  const current = config(core);
  if (!current) throw new ServiceError('not-configured', refusal('courier-setup-first'));
  return current;
};

export const relayUrl = (core: DeliveryCore): string => {
  const relay = core.deps.relayUrl();
  if (!relay) throw new ServiceError('not-configured', refusal('courier-venue-first'));
  return relay;
};

export const setupState = (core: DeliveryCore): DeliverySetupState => {
  const current = config(core);
  return {
    configured: current !== null,
    driveUrl: current?.driveUrl ?? null,
    merchantId: current?.merchantId ?? null,
    venueId: current?.venueId ?? null,
    webhook: core.deps.settings.get<DeliverySetupState['webhook']>(WEBHOOK_KEY),
    webhookError: core.webhookError,
  };
};

/** A delivery whose booking's answer was lost, once staff may decide about it. */
export const lostBooking = (core: DeliveryCore, deliveryId: string): Delivery => {
  const delivery = core.deps.store.get(deliveryId);
  if (!delivery) throw new ServiceError('not-found', refusal('delivery-gone'));
  if (!delivery.bookingCheck) throw new ServiceError('conflict', refusal('booking-not-waiting'));
  if (!delivery.bookingCheck.staffMayDecide)
    throw new ServiceError('conflict', refusal('courier-still-checking'));
  return delivery;
};

/** Tells the renderer once staff may decide about a lost booking. */
export const noticeDecision = (core: DeliveryCore, deliveryId: string, since: string): void => {
  const { decideTimers, deps } = core;
  clearTimeout(decideTimers.get(deliveryId));
  const timer = setTimeout(
    () => {
      decideTimers.delete(deliveryId);
      deps.changed([deliveryId]);
    },
    Math.max(0, Date.parse(since) + core.bookingCheckMs - deps.now().getTime()) + 50,
  );
  timer.unref();
  decideTimers.set(deliveryId, timer);
};
