// The one declaration of the order-timing rules: which preparation times the platform honours on
// accept (docs/platform.md#preparation-time), when an accepted order is due, when an unanswered
// order escalates, when a courier is late and when a READY takeaway order was left unclaimed.
// Main checks requests with these rules; the renderer offers, counts down and flags with them.
import type { Order } from './domain';
import { fulfilmentOf } from './order-actions';

const MINUTE = 60_000;

/** The platform refuses an adjusted pickup more than 25 minutes after its original estimate. */
export const MAX_PICKUP_DELAY_MINUTES = 25;

/** Clock drift between the dialog's "now" and main's, and the minute rounding of both. */
const DRIFT_MINUTES = 1;

/**
 * The preparation times an accept may carry, in whole minutes from `now`: the platform's estimate
 * (`earliest`) up to the estimate plus 25 minutes (`latest`). Null when the accept takes no time
 * (a self-delivering venue's accept, or an order without an estimate): the platform decides.
 */
export type AcceptWindow = {
  /** The platform's pickup estimate; accepting without a time keeps it. */
  estimate: string;
  /** Minutes from now to the estimate (0 once it has passed). */
  earliest: number;
  /** Minutes from now to the latest time the platform takes; below `earliest` when none is left. */
  latest: number;
};

export const acceptWindow = (
  order: Pick<Order, 'pickupEta' | 'selfDelivery'>,
  now: number,
): AcceptWindow | null => {
  if (order.selfDelivery || order.pickupEta === null) return null;
  const eta = Date.parse(order.pickupEta);
  if (Number.isNaN(eta)) return null;
  return {
    estimate: order.pickupEta,
    earliest: Math.max(0, Math.ceil((eta - now) / MINUTE)),
    latest: Math.floor((eta + MAX_PICKUP_DELAY_MINUTES * MINUTE - now) / MINUTE),
  };
};

/**
 * The later times a dialog offers besides the estimate: every fifth minute inside the window,
 * and the window's last minute, so the longest time the platform allows is always one tap.
 */
export const laterChoices = (window: AcceptWindow): number[] => {
  const choices: number[] = [];
  for (let m = (Math.floor(window.earliest / 5) + 1) * 5; m <= window.latest; m += 5)
    choices.push(m);
  if (window.latest > window.earliest && choices.at(-1) !== window.latest)
    choices.push(window.latest);
  return choices;
};

/**
 * A self-delivery accept's delivery time (when the venue's courier reaches the customer) may be
 * no earlier than the order can be ready, its pickup estimate, and at most 60 minutes after it
 * (our reading: docs/platform.md#self-delivery-orders).
 */
export const MAX_DELIVERY_AFTER_READY_MINUTES = 60;

/** The delivery times a self-delivery accept may carry, in whole minutes from `now`. */
export type DeliveryWindow = {
  /** Minutes from now to the order's pickup estimate (the food is ready; 1 at the least). */
  earliest: number;
  /** Minutes from now to the estimate plus 60; below `earliest` when none is left. */
  latest: number;
};

export const deliveryWindow = (
  order: Pick<Order, 'pickupEta' | 'selfDelivery'>,
  now: number,
): DeliveryWindow | null => {
  if (!order.selfDelivery) return null;
  const eta = order.pickupEta === null ? Number.NaN : Date.parse(order.pickupEta);
  // Without an estimate, the food could be ready now.
  const ready = Number.isNaN(eta) ? now : eta;
  return {
    earliest: Math.max(1, Math.ceil((ready - now) / MINUTE)),
    latest: Math.floor((ready + MAX_DELIVERY_AFTER_READY_MINUTES * MINUTE - now) / MINUTE),
  };
};

/** A self-delivery accept's usual guess: ready, plus a 20-minute ride (staff change it). */
const USUAL_RIDE_MINUTES = 20;

/**
 * The delivery times a dialog offers: every fifth minute inside the window, with its first and
 * last minute, so the earliest and the latest the platform takes are each one tap.
 */
export const deliveryChoices = (window: DeliveryWindow): number[] => {
  if (window.latest < window.earliest) return [];
  const choices = [window.earliest];
  for (let m = (Math.floor(window.earliest / 5) + 1) * 5; m < window.latest; m += 5)
    choices.push(m);
  if (window.latest > window.earliest) choices.push(window.latest);
  return choices;
};

/** The choice a dialog starts on: the first at least a usual ride after the food is ready. */
export const defaultDeliveryChoice = (window: DeliveryWindow, choices: number[]): number | null =>
  choices.find((m) => m >= window.earliest + USUAL_RIDE_MINUTES) ?? choices.at(-1) ?? null;

/** Why a delivery time cannot be sent, as data: main words it for staff. */
export type DeliveryRefusal =
  | { reason: 'not-self-delivery' }
  | { reason: 'before-ready'; window: DeliveryWindow }
  | { reason: 'after-limit'; window: DeliveryWindow };

/** Null when the platform will take this delivery time; `null` (the venue's default) passes. */
export const deliveryRefusal = (
  order: Pick<Order, 'pickupEta' | 'selfDelivery'>,
  minutes: number | null,
  now: number,
): DeliveryRefusal | null => {
  if (minutes === null) return null;
  const window = deliveryWindow(order, now);
  if (!window) return { reason: 'not-self-delivery' };
  if (minutes < window.earliest - DRIFT_MINUTES) return { reason: 'before-ready', window };
  if (minutes > window.latest + DRIFT_MINUTES) return { reason: 'after-limit', window };
  return null;
};

/**
 * The self-delivery accept's total_delivery_time for "at the customer in N minutes": inside the
 * window (a drifted clock is brought back into it, not refused by the platform).
 */
export const totalDeliveryTime = (
  order: Pick<Order, 'pickupEta' | 'selfDelivery'>,
  minutes: number | null,
  now: number,
): string | null => {
  const window = deliveryWindow(order, now);
  if (minutes === null || !window) return null;
  const bounded = Math.min(
    Math.max(minutes, window.earliest),
    Math.max(window.latest, window.earliest),
  );
  return new Date(now + bounded * MINUTE).toISOString();
};

/** Why a preparation time cannot be sent, as data: main words it for staff. */
export type PreparationRefusal =
  | { reason: 'no-time-taken' }
  | { reason: 'before-estimate'; window: AcceptWindow }
  | { reason: 'after-limit'; window: AcceptWindow };

/** Null when the platform will take this accept; `null` minutes (the estimate) always pass. */
export const preparationRefusal = (
  order: Pick<Order, 'pickupEta' | 'selfDelivery'>,
  minutes: number | null,
  now: number,
): PreparationRefusal | null => {
  if (minutes === null) return null;
  const window = acceptWindow(order, now);
  if (!window) return { reason: 'no-time-taken' };
  if (minutes < window.earliest - DRIFT_MINUTES) return { reason: 'before-estimate', window };
  if (minutes > window.latest + DRIFT_MINUTES) return { reason: 'after-limit', window };
  return null;
};

/**
 * Accept's adjusted_pickup_time for "ready in N minutes": only when later than the estimate (the
 * estimate stands otherwise), and never past the platform's limit (a drifted clock is capped, not
 * refused by the platform).
 */
export const adjustedPickupTime = (
  pickupEta: string | null,
  preparationMinutes: number | null,
  now: number,
): string | null => {
  if (preparationMinutes === null || pickupEta === null) return null;
  const eta = Date.parse(pickupEta);
  const ready = now + preparationMinutes * MINUTE;
  if (Number.isNaN(eta) || ready <= eta) return null;
  return new Date(Math.min(ready, eta + MAX_PICKUP_DELAY_MINUTES * MINUTE)).toISOString();
};

/**
 * When an accepted order must be ready: the platform's pickup time as its order reads after the
 * accept (the estimate, or the time the accept moved it to). Before the platform confirmed the
 * accept, the time staff asked for, marked as not confirmed.
 */
export type ReadyBy = { at: string; confirmed: boolean };

export const readyByOf = (order: Order): ReadyBy | null => {
  if (order.status !== 'PRODUCTION') return null;
  if (order.platformStatus === 'PRODUCTION')
    return order.pickupEta ? { at: order.pickupEta, confirmed: true } : null;
  // Accepted here, not yet on the platform: what the accept will ask for.
  if (order.pending?.kind !== 'accept') return null;
  const asked = adjustedPickupTime(
    order.selfDelivery ? null : order.pickupEta,
    order.preparationMinutes,
    Date.parse(order.pending.createdAt),
  );
  const at = asked ?? order.pickupEta;
  return at ? { at, confirmed: false } : null;
};

/** An order nobody answered for this long rings louder and faster. */
export const ESCALATE_AFTER_MS = 2 * MINUTE;

/** How long a new order has waited for an answer; null once answered (or not new). */
export const unansweredFor = (order: Order, now: number): number | null => {
  if (order.status !== 'CREATED' || order.preorderStatus === 'confirmed') return null;
  return Math.max(0, now - Date.parse(order.createdAt));
};

export const isEscalated = (order: Order, now: number): boolean =>
  (unansweredFor(order, now) ?? 0) >= ESCALATE_AFTER_MS;

/** The platform's courier has not come by its pickup time. */
export const isCourierLate = (order: Order, now: number): boolean =>
  fulfilmentOf(order) === 'platform-courier' &&
  !order.pickupCompleted &&
  (order.status === 'PRODUCTION' || order.status === 'READY') &&
  order.courierPickupEta !== null &&
  Date.parse(order.courierPickupEta) < now;

/** The platform's courier took the order away: nothing is left for staff to do with it. */
export const isPickedUpByCourier = (order: Order): boolean =>
  fulfilmentOf(order) === 'platform-courier' && order.pickupCompleted;

/** Default: a READY takeaway order 5 minutes past its pickup time is flagged, with one ring. */
export const DEFAULT_UNCLAIMED_AFTER_MINUTES = 5;

/**
 * A takeaway order READY, not marked handed over, `afterMinutes` past its pickup time: the platform
 * collects payment only once it is marked delivered (docs/platform.md#order-transitions).
 */
export const isUnclaimedTakeaway = (order: Order, now: number, afterMinutes: number): boolean =>
  order.deliveryType === 'takeaway' &&
  order.status === 'READY' &&
  order.pickupEta !== null &&
  now - Date.parse(order.pickupEta) >= afterMinutes * MINUTE;

/** The per-venue order settings staff may change (stored by main, per venue). */
export type OrderSettings = {
  autoAccept: boolean;
  /** Orders with more items than this are left for a person. */
  autoAcceptMaxItems: number;
  unclaimedAfterMinutes: number;
};

export const DEFAULT_ORDER_SETTINGS: OrderSettings = {
  autoAccept: false,
  autoAcceptMaxItems: 10,
  unclaimedAfterMinutes: DEFAULT_UNCLAIMED_AFTER_MINUTES,
};

export const itemCount = (order: Pick<Order, 'items'>): number =>
  order.items.reduce((n, item) => n + item.count, 0);

/** Why a new order is left for a person instead of accepted automatically, or null. */
export type AutoAcceptRefusal = 'off' | 'preorder' | 'not-new' | 'unhealthy' | 'too-large' | 'busy';

export const autoAcceptRefusal = (
  order: Order,
  settings: OrderSettings,
  healthy: boolean,
): AutoAcceptRefusal | null => {
  if (!settings.autoAccept) return 'off';
  if (order.type === 'preorder') return 'preorder';
  if (order.status !== 'CREATED') return 'not-new';
  if (order.pending) return 'busy';
  if (!healthy) return 'unhealthy';
  if (itemCount(order) > settings.autoAcceptMaxItems) return 'too-large';
  return null;
};

/**
 * The time an automatic accept asks for: the venue's default preparation time (the platform's
 * own, from the order) when that is later than the estimate, within the platform's limit; null
 * keeps the estimate.
 */
export const autoAcceptMinutes = (
  order: Pick<Order, 'pickupEta' | 'selfDelivery' | 'venuePreparationSeconds'>,
  now: number,
): number | null => {
  const window = acceptWindow(order, now);
  if (!window || order.venuePreparationSeconds === null) return null;
  const minutes = Math.ceil(order.venuePreparationSeconds / 60);
  if (minutes <= window.earliest || window.latest < 1) return null;
  return Math.min(minutes, window.latest);
};
