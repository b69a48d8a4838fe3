// Domain types shared by main, preload and renderer. Pure data: no Node, no DOM.
import type { OrderActionKind } from './order-actions';
import type { PriceWish } from './menu-price';
import type { Refusal } from './refusals';

export type { DeliveryType, OrderStatus } from './order-status';
export {
  DELIVERY_TYPES,
  ORDER_STATUSES,
  STATUS_RANK,
  isFinalStatus,
  laterStatus,
} from './order-status';
export type { OrderActionKind } from './order-actions';
export { ORDER_ACTION_KINDS } from './order-actions';
import type { DeliveryType, OrderStatus } from './order-status';

/** Money as the order API sends it: integer minor units. */
export type Money = { amount: number; currency: string };

export type OrderItemOption = {
  name: string;
  value: string;
  count: number;
  price: Money;
};

export type OrderItem = {
  id: string;
  name: string;
  count: number;
  options: OrderItemOption[];
  total: Money;
  posId: string | null;
};

/** An action staff took that the platform has not confirmed yet, or that failed. */
export type PendingAction = {
  actionId: string;
  kind: OrderActionKind;
  state: 'pending' | 'failed';
  /** The server's reason, when state is failed. */
  error: string | null;
  attempts: number;
  createdAt: string;
};

/** Where a delivery order goes, as the platform tells it (self-delivery venues only). */
export type OrderDeliveryAddress = {
  street: string | null;
  apartment: string | null;
  postCode: string | null;
  city: string | null;
  /** Several lines; may hold door codes and instructions. */
  formatted: string | null;
  lat: number | null;
  lon: number | null;
};

export type Order = {
  id: string;
  orderNumber: string;
  venueId: string;
  /**
   * The venue's name as the platform's order carries it: the venue mark on every ticket, which a
   * terminal serving several venues needs (absent on orders stored before it was kept).
   */
  venueName?: string | null;
  /** The status as the terminal knows it: the platform's, or the one a pending action leads to. */
  status: OrderStatus;
  /** The last status the platform confirmed. */
  platformStatus: OrderStatus;
  type: 'instant' | 'preorder';
  preorderTime: string | null;
  preorderStatus: 'confirmed' | 'waiting' | null;
  deliveryType: DeliveryType;
  selfDelivery: boolean;
  items: OrderItem[];
  total: Money;
  consumerName: string | null;
  consumerPhone: string | null;
  consumerComment: string | null;
  /** Self-delivery orders: where the customer is (what a courier booking needs). */
  deliveryAddress: OrderDeliveryAddress | null;
  pickupEta: string | null;
  /**
   * Self-delivery orders: when the order is due at the customer, as the platform's order reads
   * after the accept set it (docs/platform.md#self-delivery-orders); null before.
   */
  deliveryTime: string | null;
  /** Self-delivery orders: the customer asked for a no-contact (doorstep) drop-off. */
  noContactDelivery: boolean;
  courierPickupEta: string | null;
  pickupCompleted: boolean;
  /** When the accept set a preparation time, in minutes. */
  preparationMinutes: number | null;
  /** The venue's default preparation time as the platform's order carries it, in seconds. */
  venuePreparationSeconds: number | null;
  /** Countertop accepted it by itself (the venue's auto-accept setting), not a person. */
  autoAccepted: boolean;
  /**
   * Placed while the order stream was down, so it reached this terminal late (decided by main,
   * shared/stream-guard.ts placedDuringGap; kept after the gap notice is acknowledged).
   */
  arrivedLate: boolean;
  rejectReason: string | null;
  createdAt: string;
  updatedAt: string;
  pending: PendingAction | null;
};

export const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type OpeningTime = {
  opening_day: Weekday;
  opening_time: string;
  closing_day: Weekday;
  closing_time: string;
};

export type VenueState = {
  venueId: string;
  name: string | null;
  isOnline: boolean;
  isOpen: boolean;
  /** Until when the venue is offline, when staff chose a time. */
  offlineUntil: string | null;
  openingTimes: OpeningTime[];
  /** Read from the platform at this time; null if never read. */
  fetchedAt: string | null;
  /** A change is on its way (the same as `changing !== null`). */
  pending: boolean;
  /**
   * What staff asked for that the platform has not confirmed yet: shown as "changing…", never as
   * fact. The fields above stay what the platform last said.
   */
  changing: VenueChange | null;
  /** The IANA time zone the opening times are in: this terminal's (docs/platform.md#opening-times). */
  timeZone: string;
};

export type VenueChange = {
  online: { online: boolean; until: string | null } | null;
  openingTimes: OpeningTime[] | null;
};

/** How the counter machine runs the app (desktop app only; the web host ignores it). */
export type MachineSettings = {
  /** Full screen, no menu bar, no way out without the staff PIN. */
  kiosk: boolean;
  /** Left kiosk mode with the PIN until the app restarts. */
  kioskUnlocked: boolean;
  startOnLogin: boolean;
  /** A staff PIN is set (required for kiosk mode). */
  pinSet: boolean;
};

/**
 * `refused`: the relay no longer accepts this terminal's key (its operator revoked it); the
 * terminal stopped asking and waits for a new key (Change connection).
 */
export type RelayConnection =
  'unconfigured' | 'connecting' | 'connected' | 'disconnected' | 'refused';
export type PlatformReachability = 'unknown' | 'reachable' | 'unreachable';
/**
 * Why a link is down, as far as staff can act on it: no connection, no answer in time, the
 * service answered with its own failure, it refused this terminal, or something else. The raw
 * error stays in the log for support; the screen words this.
 */
export type LinkWhy = 'offline' | 'slow' | 'busy' | 'refused' | 'other';

/** Why staff must reconnect the venue: the platform refused its sign-in, the answer to a renewal was lost, or the sign-in is missing from this computer's keychain. */
export type ReconnectWhy = 'refused' | 'lost' | 'keychain';

export type AppStatus = {
  configured: boolean;
  venueId: string | null;
  venueName: string | null;
  relay: RelayConnection;
  relayError: string | null;
  /** Why the relay link is down (null while it is not). */
  relayWhy: LinkWhy | null;
  platform: PlatformReachability;
  platformError: string | null;
  /** Why the platform does not answer (null while it does). */
  platformWhy: LinkWhy | null;
  outboxWaiting: number;
  outboxFailed: number;
  /** The refresh token was refused or consent withdrawn: staff must reconnect the venue. */
  needsReconnect: boolean;
  /** Why, as a code the screen words (the English detail goes to the audit log). */
  reconnectWhy: ReconnectWhy | null;
  /**
   * The platform's clock minus this machine's (ms), from the Date header of its answers; null
   * until one was read. Countdowns add it to this machine's time.
   */
  clockOffsetMs: number | null;
};

/** Beyond this, the machine's clock is wrong enough that staff are warned. */
export const CLOCK_SKEW_WARNING_MS = 60_000;

export type OutboxActionKind =
  | OrderActionKind
  | 'venue-online'
  | 'venue-opening-times'
  | 'menu-push'
  | 'item-availability'
  | 'option-availability'
  | 'menu-price'
  | 'delivery-create'
  | 'delivery-cancel'
  /** The platform is told the order reached the counter (once per venue, docs/architecture.md). */
  | 'sent-to-pos'
  /** A change of the venue's settings, sent to the relay that keeps them for every terminal. */
  | 'venue-settings';

/**
 * What staff read about an action, as data (never display text): the renderer words it by kind.
 * Each kind fills the facts that describe it.
 */
export type OutboxFacts = {
  /** The order (or courier booking's order) number. */
  orderNumber?: string;
  /** accept: the preparation time staff chose. */
  minutes?: number;
  /** accept: made by the venue's auto-accept, not a person. */
  auto?: boolean;
  /** venue-online: the state asked for, and until when when going offline. */
  online?: boolean;
  until?: string;
  /** venue-opening-times: how many windows; menu-push: how many items. */
  count?: number;
  /** item- and option-availability: its external_data and the availability asked for. */
  item?: string;
  /** item- and option-availability: its name on the menu, as staff know it. */
  itemName?: string;
  /** menu-price: the price and the discounted price asked for, minor units. */
  price?: number;
  discountedPrice?: number;
  enabled?: boolean;
  /** menu-push: how many items the push removes from the platform's menu (staff confirmed). */
  removed?: number;
};

/**
 * The actions staff see in the activity list: every one not done yet, and this many of the
 * newest done. Main lists them so and the page keeps them so as events arrive: a page that kept
 * every action it was told of held the whole shift's, thousands by evening.
 */
export const RECENT_DONE_ACTIONS = 20;

export type OutboxEntry = {
  id: string;
  kind: OutboxActionKind;
  /** The order or venue the action is about. */
  subject: string;
  facts: OutboxFacts;
  state: 'pending' | 'sending' | 'failed' | 'done';
  attempts: number;
  error: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
};

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** One line of the terminal's log (main/log): what happened, never secrets or personal data. */
export type LogEntry = {
  at: string;
  level: LogLevel;
  event: string;
  fields: Record<string, unknown>;
};

export type AuditEntry = {
  id: number;
  at: string;
  action: string;
  subject: string;
  outcome: string;
  detail: string | null;
};

/**
 * Every refusal of a draft's value, as a code: the menu slice words each in the screen's
 * language, on its field and in main's answer to a publish (MenuIssue's `draft`).
 */
export const DRAFT_ERROR_CODES = [
  'noCategories',
  'nameMissing',
  'priceMissing',
  'priceNotAmount',
  'priceTooHigh',
  'percentNotNumber',
  'ageNotNumber',
  'codeMissing',
  'codeTaken',
  'imageNotAddress',
  'barcodeNotDigits',
  'rangeNotNumber',
  'rangeMaxBelowMin',
  'rangeAboveValues',
  'noValues',
  'timeNotClock',
  'timeNotAfter',
] as const;
export type DraftErrorCode = (typeof DRAFT_ERROR_CODES)[number];
/** A field's or a menu file's problem, where it is: its message a kept refusal (shared/refusals.ts). */
export type MenuIssue = { path: string; message: string };
/** A menu draft's problem main found before a publish: its code, worded by the menu slice. */
export type MenuDraftIssue = { path: string; draft: DraftErrorCode };
/** What a menu check or push finds wrong: a file's issue or a draft's. */
export type MenuProblem = MenuIssue | MenuDraftIssue;

/** What differs in an item between two menus ("details": description, tags, anything else). */
export const MENU_CHANGE_KINDS = ['name', 'price', 'availability', 'options', 'details'] as const;
export type MenuChangeKind = (typeof MENU_CHANGE_KINDS)[number];
/** `price`: with a price change, the decimal prices before and after (null: none stated). */
export type MenuItemChange = {
  name: string;
  kinds: MenuChangeKind[];
  price?: { before: number | null; after: number | null };
};

export type MenuDiff = {
  added: string[];
  removed: string[];
  /** The removed items with their ids: a push that removes items must name these ids to confirm. */
  removedItems: Array<{ externalData: string; name: string }>;
  /** Items on both menus that differ, each with what differs. */
  changed: MenuItemChange[];
  categoriesBefore: number;
  categoriesAfter: number;
  itemsBefore: number;
  itemsAfter: number;
};

/** Availability staff asked for: available, or not until a time (null: until switched back). */
export type AvailabilityWish = { available: boolean; until: string | null };

/** An item of the platform's menu as last read (docs/platform.md#menu-read). */
export type MenuItemSummary = {
  externalData: string;
  name: string;
  category: string;
  /** As the menu reads it (decimal): on discount, the discounted price. */
  price: number;
  /** On discount: the price before it (decimal), shown struck through; null without one. */
  originalPrice: number | null;
  /** A price change staff asked for that the platform's menu does not show yet. */
  priceChanging: PriceWish | null;
  /** The platform's `enabled` and `disabled_until`, as read. */
  enabled: boolean;
  disabledUntil: string | null;
  /** Whether customers could order it when the menu was summarized, by the platform's fields. */
  available: boolean;
  /** A change is on its way (the same as `changing !== null`). */
  pending: boolean;
  /** What staff asked for that the platform's menu does not show yet. */
  changing: AvailabilityWish | null;
};

/** An option value of the platform's menu (one entry per external_data, shared by items). */
export type MenuOptionSummary = {
  externalData: string;
  name: string;
  /** The option it belongs to ("Dip"), to tell values apart. */
  option: string;
  /** As the menu reads it (decimal). */
  price: number;
  priceChanging: PriceWish | null;
  enabled: boolean;
  changing: AvailabilityWish | null;
  /** When this terminal turns it back on (the platform has no time limit for options). */
  restoreAt: string | null;
};

/** The platform's menu as this terminal knows it, and the changes on their way. */
export type MenuState = {
  /** Whose menu this is (a terminal may serve several venues); null before setup. */
  venueId: string | null;
  /** When the platform's menu was last read; null: never (nothing below is known). */
  fetchedAt: string | null;
  /** Why the latest read failed (what is shown is from fetchedAt), null when it worked. */
  readError: string | null;
  items: MenuItemSummary[];
  options: MenuOptionSummary[];
  /** A push on its way (`sending`) or taken but not yet in the platform's menu (`processing`). */
  push: { state: 'sending' | 'processing'; itemCount: number } | null;
  /** A push the platform took but did not show within the time we wait for it. */
  pushProblem: string | null;
};

/**
 * A courier delivery as the terminal knows it (docs/platform.md#delivery-states). `booking` until
 * the platform answered the create; then the furthest stage any event reported (never backwards).
 */
export const DELIVERY_STATUSES = [
  'booking',
  'received',
  'pickup_started',
  'pickup_arrival',
  'picked_up',
  'dropoff_started',
  'dropoff_arrival',
  'dropoff_completed',
  'delivered',
  'customer_no_show',
  'rejected',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** How far along a delivery is; the four final outcomes share the last rank. */
const DELIVERY_RANK: Record<DeliveryStatus, number> = {
  booking: 0,
  received: 1,
  pickup_started: 2,
  pickup_arrival: 3,
  picked_up: 4,
  dropoff_started: 5,
  dropoff_arrival: 6,
  dropoff_completed: 7,
  delivered: 8,
  customer_no_show: 8,
  rejected: 8,
};

export const isFinalDelivery = (status: DeliveryStatus): boolean => DELIVERY_RANK[status] === 8;

/** The later of two statuses by rank; among final ones the first reached stays. */
export const furtherStatus = (a: DeliveryStatus, b: DeliveryStatus): DeliveryStatus =>
  DELIVERY_RANK[b] > DELIVERY_RANK[a] ? b : a;

/** The courier has not picked the parcels up yet: staff may still ask to cancel. */
export const isBeforePickup = (status: DeliveryStatus): boolean =>
  DELIVERY_RANK[status] < DELIVERY_RANK.picked_up;

export type DeliveryAddress = {
  street: string;
  postCode: string;
  city: string;
  formatted: string | null;
  lat: number | null;
  lon: number | null;
};

/**
 * Why the terminal cancelled a courier, as a code the delivery slice words: staff's default
 * reason (the customer cancelled), or a cancel the terminal made itself (a courier booked twice,
 * or one booked after staff had cancelled it).
 */
export const DELIVERY_CANCEL_CODES = [
  'customer-cancelled',
  'booked-twice',
  'cancelled-before-confirmed',
] as const;
export type DeliveryCancelCode = (typeof DELIVERY_CANCEL_CODES)[number];

/** A staff action on a delivery not confirmed by the platform yet, or refused. */
export type DeliveryPendingAction = {
  actionId: string;
  kind: 'book' | 'cancel';
  state: 'pending' | 'failed';
  /** The platform's reason, when state is failed. */
  error: string | null;
};

export type Delivery = {
  /** The terminal's id (also sent as merchant_order_reference_id). */
  id: string;
  /** platform_order_reference_id, once the platform accepted the booking. */
  reference: string | null;
  venueId: string;
  orderNumber: string | null;
  recipientName: string;
  recipientPhone: string;
  address: DeliveryAddress;
  parcels: Array<{ description: string; count: number }>;
  status: DeliveryStatus;
  price: Money | null;
  pickupEta: string | null;
  dropoffEtaMin: string | null;
  dropoffEtaMax: string | null;
  completedAt: string | null;
  trackingUrl: string | null;
  courier: { id: number | null; vehicleType: string | null } | null;
  /** EPSG:3857 metres, as order.location_updated sends them. */
  courierLocation: { x: number; y: number } | null;
  /** Where the courier picks up (the venue), when the delivery service said so. */
  pickupLocation: { lat: number; lon: number } | null;
  /** The drop-off time the customer asked for; null: as soon as possible. */
  scheduledDropoff: string | null;
  /** Left at the door, nobody meets the courier. */
  noContact: boolean;
  /** Alcohol: the courier checks the customer's ID. */
  idCheck: boolean;
  handshakeRequired: boolean;
  handshakePin: string | null;
  cashToCollect: number | null;
  /** Why it was cancelled in words: the platform's, or what staff typed. */
  rejectedReason: string | null;
  /** The terminal cancelled it for a reason of its own codes (shown in place of the words). */
  cancelCode: DeliveryCancelCode | null;
  /** Staff may ask to cancel (the platform still decides). */
  cancellable: boolean;
  createdAt: string;
  updatedAt: string;
  pending: DeliveryPendingAction | null;
  /**
   * The booking was sent but its answer was lost (docs/architecture.md#resending-actions): it is
   * never sent again by itself. Staff see "checking" until an event of the booking arrives; once
   * `staffMayDecide`, they may book again or cancel. Null otherwise.
   */
  bookingCheck: { since: string; staffMayDecide: boolean } | null;
};

/** A shipment promise as staff see it before booking. */
export type DeliveryQuote = {
  promiseId: string;
  binding: boolean;
  /** What the address lacks for a binding offer, as a code the screen words. */
  nonBindingReason: Refusal | null;
  addressMixUpRisk: boolean;
  price: Money | null;
  pickupEta: string | null;
  dropoffEta: string | null;
  timeEstimateMinutes: number | null;
  formattedAddress: string | null;
  validUntil: string | null;
  /** What was asked: ready in this many minutes (the service assumes 30 when not asked). */
  preparationMinutes: number | null;
  /** What was asked: the drop-off time; null is as soon as possible. */
  scheduledDropoff: string | null;
};

/** "Can we deliver to this address?", answered from the delivery service. */
export type DeliveryAreaAnswer =
  | {
      deliverable: true;
      formattedAddress: string | null;
      price: Money | null;
      /** Minutes from now to the customer, as the service estimates. */
      minutes: number | null;
      /** Only a post code or city was given: true for the area, the street may still differ. */
      approximate: boolean;
    }
  | {
      deliverable: false;
      formattedAddress: string | null;
      /** Why not, as a code the screen words. */
      reason: Refusal;
    };

export type DeliverySetupState = {
  configured: boolean;
  driveUrl: string | null;
  merchantId: string | null;
  venueId: string | null;
  webhook: { id: string; disabled: boolean; callbackUrl: string } | null;
  /** Why courier updates are not coming in, as a code the screen words; null while they do. */
  webhookError: Refusal | null;
};
