// The sandbox's whole state, shared by every service module. In memory only: a restart is a
// fresh platform.
import type { OpeningTime, OrderStatus } from '../shared/domain';
import type { AuthStore } from './auth/auth-store';
import type { Clock } from './clock';
import type { Faults, Notifier } from './notifications';
import type { Menu } from './pos/menu';
import type { Prng } from './random';

export type SandboxUrls = {
  url: string;
  authUrl: string;
  posUrl: string;
  gatewayUrl: string;
  driveUrl: string;
  controlUrl: string;
};

export type SpecialOpeningTimes = {
  days_closed: { start_date: string; end_date: string; message?: string }[];
  days_open: {
    start_date: string;
    end_date: string;
    message?: string;
    daily_availability: { open_time: string; close_time: string }[];
  }[];
};

export type MenuRequest = {
  requestId: string;
  status: 'COMPLETED' | 'FAILED';
  menu: Menu | null;
  error: string | null;
};

export type Venue = {
  id: string;
  name: string;
  address: string;
  phone: string;
  online: boolean;
  offlineUntil: number | null;
  cancelComeBack: (() => void) | null;
  openingTimes: OpeningTime[];
  specialOpeningTimes: SpecialOpeningTimes;
  /** The account manager's fixed preparation time (venue_config.prep_time_duration). */
  prepTimeSeconds: number;
  menu: Menu | null;
  menuUpdatedAt: number | null;
  menuRequests: Map<string, MenuRequest>;
};

export type OrderLineOption = {
  id: string;
  name: string;
  value: string;
  price: number;
  posId: string | null;
  valuePosId: string | null;
  vat: number;
};

export type OrderLine = {
  id: string;
  name: string;
  count: number;
  posId: string | null;
  sku: string | null;
  gtin: string | null;
  category: { id: string; name: string };
  /** Minor units, per instance, without options. */
  basePrice: number;
  vat: number;
  options: OrderLineOption[];
};

export type Location = {
  street_address: string;
  apartment: string | null;
  city: string;
  zip_code: string;
  country: string;
  coordinates: { lon: number; lat: number };
  formatted_address: string;
};

export type DeliveryStatus = 'estimated' | 'assigned' | 'picked_up' | 'delivered' | 'none';
export type AcceptanceStatus =
  'to_be_accepted_by_venue' | 'accepted_by_venue' | 'auto_accepted_by_platform' | 'other';

export type SandboxOrder = {
  id: string;
  orderNumber: string;
  venueId: string;
  status: OrderStatus;
  type: 'instant' | 'preorder';
  deliveryType: 'takeaway' | 'homedelivery';
  selfDelivery: boolean;
  preorderTime: number | null;
  preorderStatus: 'waiting' | 'confirmed' | null;
  currency: string;
  lines: OrderLine[];
  /** Minor units; 0 for takeaway. */
  deliveryFee: number;
  consumerName: string;
  consumerPhone: string | null;
  consumerComment: string | null;
  /** Campaign or source attribution; most orders have none. */
  attributionId: string | null;
  location: Location | null;
  createdAt: number;
  modifiedAt: number;
  pickupEta: number;
  originalPickupEta: number;
  deliveredAt: number | null;
  /** When a self-delivery order is expected at the customer (self-delivery accept). */
  totalDeliveryTime: number | null;
  /** A self-delivery order left at the door (the order's is_no_contact_delivery). */
  noContact: boolean;
  /** A self-delivery order's courier tip, minor units; null without one. */
  courierTip: number | null;
  deliveryStatus: DeliveryStatus;
  fetched: boolean;
  sentToPos: { success: boolean; time: string } | null;
  acceptanceStatus: AcceptanceStatus;
  prepSeconds: number;
  prepSource: 'venue_default' | 'adjusted_by_venue';
  courierNotified: boolean;
  pickedUp: boolean;
  reject: { reason: string; code: string } | null;
  history: { status: OrderStatus; at: string }[];
  timers: (() => void)[];
};

export type World = {
  clock: Clock;
  urls: SandboxUrls;
  auth: AuthStore;
  notifier: Notifier;
  faults: Faults;
  venues: Map<string, Venue>;
  orders: Map<string, SandboxOrder>;
  /** Deterministic randomness for generated order contents. */
  prng: Prng;
  /** Called after an order enters PRODUCTION (couriers of the demo act on it). */
  onProduction: ((order: SandboxOrder) => void) | null;
  orderCounter: number;
};
