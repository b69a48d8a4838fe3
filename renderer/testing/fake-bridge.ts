// A Bridge for component tests and the benchmark: records every call, keeps a small in-memory
// model the way the service does (an action marks the order pending and emits orders:changed),
// and lets a test replace any channel's handler or push any event.
import type { AppStatus, Order, OrderActionKind, OrderStatus, VenueState } from '../../shared/domain';
import type {
  Bridge,
  ChannelName,
  EventName,
  RequestOf,
  ResponseOf,
  ServiceEvents,
  SetupState,
} from '../../shared/ipc/contract';

type Handler<C extends ChannelName> = (request: RequestOf<C>) => Promise<ResponseOf<C>>;
type Handlers = { [C in ChannelName]?: Handler<C> };

export type FakeBridge = Bridge & {
  calls: Array<{ channel: ChannelName; request: unknown }>;
  callsTo<C extends ChannelName>(channel: C): Array<RequestOf<C>>;
  handle<C extends ChannelName>(channel: C, handler: Handler<C>): void;
  emit<E extends EventName>(event: E, payload: ServiceEvents[E]): void;
  orders: Order[];
  setOrders(orders: Order[]): void;
  listenerCount(): number;
};

export const makeStatus = (patch: Partial<AppStatus> = {}): AppStatus => ({
  configured: true,
  venueId: 'demo-venue',
  venueName: 'Demo Kitchen',
  relay: 'connected',
  relayError: null,
  platform: 'reachable',
  platformError: null,
  outboxWaiting: 0,
  outboxFailed: 0,
  needsReconnect: false,
  reconnectReason: null,
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
        options: [{ name: 'Size', value: 'Large', count: 1, price: { amount: 200, currency: 'EUR' } }],
        total: { amount: 2200, currency: 'EUR' },
        posId: 'pizza-m',
      },
    ],
    total: { amount: 2450, currency: 'EUR' },
    consumerName: 'Ada',
    consumerPhone: null,
    consumerComment: null,
    pickupEta: null,
    courierPickupEta: null,
    pickupCompleted: false,
    preparationMinutes: null,
    rejectReason: null,
    createdAt: now,
    updatedAt: now,
    pending: null,
    ...patch,
  };
};

export const makeVenue = (patch: Partial<VenueState> = {}): VenueState => ({
  venueId: 'demo-venue',
  name: 'Demo Kitchen',
  isOnline: true,
  isOpen: true,
  offlineUntil: null,
  openingTimes: [{ opening_day: 'MONDAY', opening_time: '10:00', closing_day: 'MONDAY', closing_time: '22:00' }],
  fetchedAt: new Date().toISOString(),
  pending: false,
  ...patch,
});

const TARGET: Record<OrderActionKind, OrderStatus | null> = {
  accept: 'PRODUCTION',
  reject: 'REJECTED',
  ready: 'READY',
  delivered: 'DELIVERED',
  'confirm-preorder': null,
};

export const createFakeBridge = (
  init: { orders?: Order[]; setup?: Partial<SetupState>; status?: AppStatus; venue?: VenueState | null } = {},
): FakeBridge => {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const handlers: Handlers = {};
  const calls: FakeBridge['calls'] = [];
  let orders = [...(init.orders ?? [])];
  let actionCount = 0;
  const setup: SetupState = {
    configured: true,
    venueId: 'demo-venue',
    authUrl: 'http://127.0.0.1:1/auth',
    posUrl: 'http://127.0.0.1:1/pos',
    relayUrl: 'http://127.0.0.1:2',
    clientId: 'demo-client',
    redirectUri: 'http://127.0.0.1/callback',
    ...init.setup,
  };

  const emit = <E extends EventName>(event: E, payload: ServiceEvents[E]): void => {
    for (const listener of listeners.get(event) ?? []) (listener as (p: ServiceEvents[E]) => void)(payload);
  };

  const act = (orderId: string, kind: OrderActionKind, patch: Partial<Order> = {}) => {
    const order = orders.find((o) => o.id === orderId);
    if (!order) return Promise.reject({ code: 'not-found', message: `No order ${orderId}` });
    actionCount += 1;
    const actionId = `action-${actionCount}`;
    const target = TARGET[kind];
    orders = orders.map((o) =>
      o.id === orderId
        ? {
            ...o,
            ...patch,
            status: target ?? o.status,
            pending: { actionId, kind, state: 'pending', error: null, attempts: 0, createdAt: new Date().toISOString() },
          }
        : o,
    );
    emit('orders:changed', { orders });
    return Promise.resolve({ actionId });
  };

  const defaults: { [C in ChannelName]: Handler<C> } = {
    'setup:get': async () => setup,
    'setup:connect': async () => ({ venueId: 'demo-venue' }),
    'setup:disconnect': async () => undefined,
    'status:get': async () => init.status ?? makeStatus({ configured: setup.configured }),
    'orders:list': async () => orders,
    'orders:accept': (r) => act(r.orderId, 'accept', { preparationMinutes: r.preparationMinutes }),
    'orders:reject': (r) => act(r.orderId, 'reject', { rejectReason: r.reason }),
    'orders:markReady': (r) => act(r.orderId, 'ready'),
    'orders:handOver': (r) => act(r.orderId, 'delivered'),
    'orders:confirmPreorder': (r) => act(r.orderId, 'confirm-preorder', { preorderStatus: 'confirmed' }),
    'venue:get': async () => (init.venue === undefined ? makeVenue() : init.venue),
    'venue:refresh': async () => (init.venue === undefined ? makeVenue() : init.venue),
    'venue:setOnline': async () => ({ actionId: 'venue-1' }),
    'venue:setOpeningTimes': async () => ({ actionId: 'venue-2' }),
    'menu:check': async () => ({ ok: true, itemCount: 0, diff: { added: [], removed: [], changed: [], categoriesBefore: 0, categoriesAfter: 0, itemsBefore: 0, itemsAfter: 0 } }),
    'menu:push': async () => ({ actionId: 'menu-1' }),
    'menu:items': async () => [],
    'menu:setItemAvailability': async () => ({ actionId: 'item-1' }),
    'outbox:list': async () => [],
    'outbox:retry': async () => undefined,
    'outbox:discard': async () => undefined,
    'audit:list': async () => [],
  };

  const call = <C extends ChannelName>(channel: C) => (request: RequestOf<C>) => {
    calls.push({ channel, request });
    const handler = (handlers[channel] ?? defaults[channel]) as Handler<C>;
    return handler(request);
  };

  const bridge = Object.fromEntries(
    (Object.keys(defaults) as ChannelName[]).map((channel) => [channel, call(channel)]),
  ) as Omit<Bridge, 'on'>;

  return {
    ...bridge,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: never) => void);
    },
    calls,
    callsTo: <C extends ChannelName>(channel: C) =>
      calls.filter((c) => c.channel === channel).map((c) => c.request as RequestOf<C>),
    handle(channel, handler) {
      (handlers as Record<string, unknown>)[channel] = handler;
    },
    emit,
    get orders() {
      return orders;
    },
    setOrders(next) {
      orders = next;
      emit('orders:changed', { orders });
    },
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
};

/** A ringer that records what the app asked of it. */
export const createFakeRinger = () => {
  const ringer = {
    ringing: false,
    starts: 0,
    start() {
      ringer.ringing = true;
      ringer.starts += 1;
    },
    stop() {
      ringer.ringing = false;
    },
    canPlay: () => true,
    unlock() {},
  };
  return ringer;
};
