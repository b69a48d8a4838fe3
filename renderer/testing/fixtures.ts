// The data the fake bridge and component tests start from: an order, a delivery, the venue, a menu,
// the status bar's state, an empty day, each with its fields overridden by a patch.
import type {
  AppStatus,
  Delivery,
  MenuItemSummary,
  MenuState,
  Order,
  VenueState,
} from '../../shared/domain';
import type { DaySummary } from '../../shared/history';
import type { StreamGuardState } from '../../shared/stream-guard';
import { DEFAULT_STREAM_GUARD_SETTINGS } from '../../shared/stream-guard';
import type { TerminalState } from '../../shared/venue-settings';

export const emptyDaySummary = (day: string): DaySummary => ({
  day,
  timeZone: 'UTC',
  orders: 0,
  byStatus: { CREATED: 0, PRODUCTION: 0, READY: 0, DELIVERED: 0, REJECTED: 0, CANCELED: 0 },
  byType: { takeaway: 0, homedelivery: 0, eatin: 0 },
  rejections: [],
  sales: [],
  acceptToReady: {
    count: 0,
    averageSeconds: null,
    p90Seconds: null,
    promisedAverageSeconds: null,
  },
  late: [],
  items: [],
  hours: Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, sales: 0 })),
  venues: [],
});

export const makeStatus = (patch: Partial<AppStatus> = {}): AppStatus => ({
  configured: true,
  venueId: 'demo-venue',
  venueName: 'Demo Kitchen',
  relay: 'connected',
  relayError: null,
  relayWhy: null,
  platform: 'reachable',
  platformError: null,
  platformWhy: null,
  outboxWaiting: 0,
  outboxFailed: 0,
  needsReconnect: false,
  reconnectWhy: null,
  clockOffsetMs: 0,
  ...patch,
});

let counter = 0;
export const makeOrder = (patch: Partial<Order> = {}): Order => {
  counter += 1;
  const now = new Date().toISOString();
  return {
    id: `order-${counter}`,
    orderNumber: String(1000 + counter),
    venueId: 'demo-venue',
    status: 'CREATED',
    platformStatus: 'CREATED',
    type: 'instant',
    preorderTime: null,
    preorderStatus: null,
    deliveryType: 'takeaway',
    selfDelivery: false,
    items: [
      {
        id: `item-${counter}-1`,
        name: 'Margherita',
        count: 2,
        options: [
          { name: 'Size', value: 'Large', count: 1, price: { amount: 200, currency: 'EUR' } },
        ],
        total: { amount: 2200, currency: 'EUR' },
        posId: 'pizza-m',
      },
    ],
    total: { amount: 2450, currency: 'EUR' },
    consumerName: 'Ada',
    consumerPhone: null,
    consumerComment: null,
    deliveryAddress: null,
    pickupEta: null,
    deliveryTime: null,
    noContactDelivery: false,
    courierPickupEta: null,
    pickupCompleted: false,
    preparationMinutes: null,
    venuePreparationSeconds: null,
    autoAccepted: false,
    arrivedLate: false,
    rejectReason: null,
    createdAt: now,
    updatedAt: now,
    pending: null,
    ...patch,
  };
};

let deliveryCounter = 0;
export const makeDelivery = (patch: Partial<Delivery> = {}): Delivery => {
  deliveryCounter += 1;
  const now = new Date().toISOString();
  return {
    id: `delivery-${deliveryCounter}`,
    reference: `ref-${deliveryCounter}`,
    venueId: 'demo-venue',
    orderNumber: `D${deliveryCounter}`,
    recipientName: 'Grace',
    recipientPhone: '+358401234567',
    address: {
      street: 'Mannerheimintie 10',
      postCode: '00100',
      city: 'Helsinki',
      formatted: 'Mannerheimintie 10, 00100 Helsinki',
      lat: 60.17,
      lon: 24.94,
    },
    parcels: [{ description: 'Pizza', count: 1 }],
    status: 'received',
    price: { amount: 590, currency: 'EUR' },
    pickupEta: null,
    dropoffEtaMin: null,
    dropoffEtaMax: null,
    completedAt: null,
    trackingUrl: 'https://track.example/abc',
    courier: null,
    courierLocation: null,
    pickupLocation: { lat: 60.1699, lon: 24.9384 },
    scheduledDropoff: null,
    noContact: false,
    idCheck: false,
    handshakeRequired: false,
    handshakePin: null,
    cashToCollect: null,
    rejectedReason: null,
    cancelCode: null,
    cancellable: true,
    createdAt: now,
    updatedAt: now,
    pending: null,
    bookingCheck: null,
    ...patch,
  };
};

/** The order stream's guard at rest: receiving, nothing paused, missed or deferred. */
export const makeStreamGuard = (patch: Partial<StreamGuardState> = {}): StreamGuardState => ({
  settings: DEFAULT_STREAM_GUARD_SETTINGS,
  downSince: null,
  pausedAt: null,
  gaps: [],
  missed: [],
  missedCheckedAt: null,
  noOrdersArriving: null,
  otherTerminals: null,
  pauseDeferredSince: null,
  venues: [],
  ...patch,
});

export const makeVenue = (patch: Partial<VenueState> = {}): VenueState => ({
  venueId: 'demo-venue',
  name: 'Demo Kitchen',
  isOnline: true,
  isOpen: true,
  offlineUntil: null,
  openingTimes: [
    { opening_day: 'MONDAY', opening_time: '10:00', closing_day: 'MONDAY', closing_time: '22:00' },
  ],
  fetchedAt: new Date().toISOString(),
  pending: false,
  changing: null,
  timeZone: 'Europe/Helsinki',
  ...patch,
});

/** The two venues of one merchant the several-venue tests run: as setup lists them. */
export const BURGERS = { venueId: 'demo-venue', name: 'Kamppi Burgers', first: true };
export const BOWLS = { venueId: 'kamppi-bowls', name: 'Kamppi Bowls', first: false };
export const TWO_VENUES = [BURGERS, BOWLS];

/** The venue's other terminal in the two-terminal tests, by the kind of id the relay gives it. */
export const KITCHEN_TERMINAL = '6f1c2e9a-3b4d-4c5e-8f70-1a2b3c4d5e6f';

/** This terminal, Counter, and one other of the venue, Kitchen; nobody assigned to print. */
export const counterWithKitchen = (patch: Partial<TerminalState> = {}): TerminalState => ({
  name: 'Counter',
  fallbackName: 'counter-pc',
  selfId: 'self',
  terminals: [
    { id: 'self', name: 'Counter', self: true },
    { id: KITCHEN_TERMINAL, name: 'Kitchen', self: false },
  ],
  printedBy: {},
  settingsWaiting: false,
  ...patch,
});

export const makeMenuItem = (patch: Partial<MenuItemSummary> = {}): MenuItemSummary => ({
  externalData: 'burger-classic',
  name: 'Classic Burger',
  category: 'Burgers',
  price: 11.9,
  originalPrice: null,
  priceChanging: null,
  enabled: true,
  disabledUntil: null,
  available: true,
  pending: false,
  changing: null,
  ...patch,
});

export const makeMenu = (patch: Partial<MenuState> = {}): MenuState => ({
  venueId: 'demo-venue',
  fetchedAt: new Date().toISOString(),
  readError: null,
  items: [],
  options: [],
  push: null,
  pushProblem: null,
  ...patch,
});
