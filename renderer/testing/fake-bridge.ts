// A Bridge for component tests and the benchmark: records every call, keeps a small in-memory
// model the way the service does (an action marks the order pending and emits orders:changed),
// and lets a test replace any channel's handler or push any event.
import type { TerminalState } from '../../shared/venue-settings';
import type {
  AppStatus,
  Delivery,
  DeliverySetupState,
  MachineSettings,
  MenuState,
  Order,
  OrderActionKind,
  VenueState,
} from '../../shared/domain';
import type { OrderActionChannel } from '../../shared/order-actions';
import {
  declarationOf,
  ORDER_ACTION_KINDS,
  ORDER_ACTIONS,
  orderActionChannel,
} from '../../shared/order-actions';
import type { OrderSettings } from '../../shared/order-timing';
import { DEFAULT_ORDER_SETTINGS } from '../../shared/order-timing';
import type { RingLevel } from '../ui-kit/ringer';
import type { StreamGuardState } from '../../shared/stream-guard';
import type { Cue } from '../../shared/cues';
import { nextCues } from '../../shared/cues';
import type { PrintDocumentKind, PrintJob, PrintState } from '../../shared/printing';
import { DEFAULT_PRINT_SETTINGS } from '../../shared/printing';
import { DEFAULT_RETENTION_DAYS } from '../../shared/history';
import { refusal } from '../../shared/refusals';
import type {
  Bridge,
  ChannelName,
  EventName,
  HeldUpdate,
  MenuDraftState,
  RequestOf,
  ResponseOf,
  ServiceEvents,
  SetupState,
} from '../../shared/ipc/contract';

import {
  emptyDaySummary,
  makeDelivery,
  makeMenu,
  makeStatus,
  makeStreamGuard,
  makeVenue,
} from './fixtures';

// Tests import the fixtures from here, beside the bridge they fill.
export {
  BOWLS,
  BURGERS,
  KITCHEN_TERMINAL,
  TWO_VENUES,
  counterWithKitchen,
  emptyDaySummary,
  makeDelivery,
  makeMenu,
  makeMenuItem,
  makeOrder,
  makeStatus,
  makeVenue,
} from './fixtures';

type Handler<C extends ChannelName> = (request: RequestOf<C>) => Promise<ResponseOf<C>>;
type Handlers = { [C in ChannelName]?: Handler<C> };

export type FakeBridge = Bridge & {
  calls: Array<{ channel: ChannelName; request: unknown }>;
  callsTo<C extends ChannelName>(channel: C): Array<RequestOf<C>>;
  handle<C extends ChannelName>(channel: C, handler: Handler<C>): void;
  emit<E extends EventName>(event: E, payload: ServiceEvents[E]): void;
  orders: Order[];
  setOrders(orders: Order[]): void;
  deliveries: Delivery[];
  setDeliveries(deliveries: Delivery[]): void;
  /** The printing model: printers, their status, jobs; `setPrint` replaces it and emits. */
  print: PrintState;
  setPrint(print: PrintState): void;
  listenerCount(): number;
};

export const createFakeBridge = (
  init: {
    orders?: Order[];
    setup?: Partial<SetupState>;
    status?: AppStatus;
    venue?: VenueState | null;
    /** Every venue's state (venue:list); the one venue of `venue` when absent. */
    venues?: VenueState[];
    menu?: MenuState;
    /** Every venue's menu (menu:get by venue); the one of `menu` for the first when absent. */
    menus?: MenuState[];
    deliveries?: Delivery[];
    delivery?: Partial<DeliverySetupState>;
    orderSettings?: Partial<OrderSettings>;
    stream?: StreamGuardState;
    print?: PrintState;
    /** What main says rings (main decides cues; a test emits `cues:changed` for a new one). */
    cues?: Cue[];
    /** The update main holds for staff's OK (`updates:install` of its version lets it in). */
    heldUpdate?: HeldUpdate;
  } = {},
): FakeBridge => {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const handlers: Handlers = {};
  const calls: FakeBridge['calls'] = [];
  let orders = [...(init.orders ?? [])];
  let heldUpdate: HeldUpdate = init.heldUpdate ?? null;
  let orderSettings: OrderSettings = { ...DEFAULT_ORDER_SETTINGS, ...init.orderSettings };
  let deliveries = [...(init.deliveries ?? [])];
  const deliverySetup: DeliverySetupState = {
    configured: true,
    driveUrl: 'http://127.0.0.1:1/drive',
    merchantId: 'demo-merchant',
    venueId: 'demo-venue',
    webhook: { id: 'wh-1', disabled: false, callbackUrl: 'http://127.0.0.1:2/hooks/delivery' },
    webhookError: null,
    ...init.delivery,
  };
  let actionCount = 0;
  let draft: MenuDraftState = { draft: null, savedAt: null, publishedAt: null };
  let machine: MachineSettings = {
    kiosk: false,
    kioskUnlocked: false,
    startOnLogin: false,
    pinSet: false,
  };
  const setup: SetupState = {
    configured: true,
    venueId: 'demo-venue',
    authUrl: 'http://127.0.0.1:1/auth',
    posUrl: 'http://127.0.0.1:1/pos',
    relayUrl: 'http://127.0.0.1:2',
    clientId: 'demo-client',
    redirectUri: 'http://127.0.0.1/countertop/onboarding/callback',
    onboardingUrl: null,
    venues: [{ venueId: 'demo-venue', name: 'Demo Burgers', first: true }],
    ...init.setup,
  };
  /** A venue's menu as main answers it: the first venue's when none is named. */
  const menuOf = (venueId: string | undefined): MenuState => {
    const first = init.menu ?? init.menus?.[0] ?? makeMenu();
    if (venueId === undefined) return first;
    const menu = init.menus?.find((m) => m.venueId === venueId) ?? first;
    return { ...menu, venueId };
  };

  let stream: StreamGuardState = init.stream ?? makeStreamGuard();

  let cues: Cue[] = [...(init.cues ?? [])];

  let print: PrintState = init.print ?? {
    settings: DEFAULT_PRINT_SETTINGS,
    printers: [],
    jobs: [],
    gone: null,
  };

  const emit = <E extends EventName>(event: E, payload: ServiceEvents[E]): void => {
    for (const listener of listeners.get(event) ?? [])
      (listener as (p: ServiceEvents[E]) => void)(payload);
  };

  const setPrint = (next: PrintState): void => {
    print = next;
    emit('print:changed', print);
  };
  const printerBlocked = (printerId: string): boolean => {
    const state = print.printers.find((p) => p.printerId === printerId)?.state ?? 'unknown';
    return state !== 'ready' && state !== 'unknown';
  };
  let jobCount = 0;
  const addJobs = (
    document: PrintDocumentKind,
    about: Partial<Pick<PrintJob, 'orderId' | 'orderNumber' | 'day'>>,
    origin: PrintJob['origin'],
    onlyPrinter?: string,
  ): { jobIds: string[] } => {
    const printers = print.settings.printers.filter((p) =>
      onlyPrinter ? p.id === onlyPrinter : p.documents.includes(document),
    );
    const jobs = printers.map((printer): PrintJob => {
      jobCount += 1;
      return {
        id: `job-${jobCount}`,
        document,
        orderId: about.orderId ?? null,
        orderNumber: about.orderNumber ?? null,
        day: about.day ?? null,
        printerId: printer.id,
        state: printerBlocked(printer.id) ? 'waiting' : 'queued',
        origin,
        attempts: 0,
        error: null,
        held: false,
        createdAt: new Date().toISOString(),
        printedAt: null,
      };
    });
    if (jobs.length > 0) setPrint({ ...print, jobs: [...jobs, ...print.jobs] });
    return { jobIds: jobs.map((j) => j.id) };
  };
  const updateJob = (jobId: string, patch: Partial<PrintJob>): void =>
    setPrint({ ...print, jobs: print.jobs.map((j) => (j.id === jobId ? { ...j, ...patch } : j)) });

  const act = (orderId: string, kind: OrderActionKind, patch: Partial<Order> = {}) => {
    const order = orders.find((o) => o.id === orderId);
    if (!order) return Promise.reject({ code: 'not-found', message: `No order ${orderId}` });
    actionCount += 1;
    const actionId = `action-${actionCount}`;
    const changed: Order = {
      ...order,
      ...patch,
      status: ORDER_ACTIONS[kind].leadsTo,
      pending: {
        actionId,
        kind,
        state: 'pending',
        error: null,
        attempts: 0,
        createdAt: new Date().toISOString(),
      },
    };
    orders = orders.map((o) => (o.id === orderId ? changed : o));
    // Like the service: the event carries the order that changed.
    emit('orders:changed', { orders: [changed] });
    return Promise.resolve({ actionId });
  };

  // Each declared action's channel: the order moves where the action leads, with its local change.
  const actionHandlers = Object.fromEntries(
    ORDER_ACTION_KINDS.map((kind) => [
      orderActionChannel(kind),
      (request: { orderId: string }) =>
        act(request.orderId, kind, declarationOf(kind).local?.(request as never, false) ?? {}),
    ]),
  ) as unknown as { [C in OrderActionChannel]: Handler<C> };

  let terminal: TerminalState = {
    name: null,
    fallbackName: 'counter-pc',
    selfId: 'self',
    terminals: [{ id: 'self', name: null, self: true }],
    printedBy: {},
    settingsWaiting: false,
  };
  const defaults: { [C in ChannelName]: Handler<C> } = {
    'setup:get': async () => setup,
    'setup:connect': async () => ({ venueId: 'demo-venue' }),
    'setup:signIn': async () => ({ venueId: 'demo-venue' }),
    'setup:cancelSignIn': async () => undefined,
    'setup:change': async (r) => ({ ...setup, relayUrl: r.relayUrl }),
    'setup:disconnect': async () => undefined,
    'setup:addVenue': async () => {
      setup.venues = [...setup.venues, { venueId: 'second-venue', name: null, first: false }];
      return { venueId: 'second-venue' };
    },
    'setup:removeVenue': async (r) => {
      setup.venues = setup.venues.filter((v) => v.venueId !== r.venueId);
      return { ...setup };
    },
    'status:get': async () => init.status ?? makeStatus({ configured: setup.configured }),
    'orders:list': async () => orders,
    ...actionHandlers,
    'orders:settings': async () => orderSettings,
    'orders:configure': async (changes) => {
      orderSettings = { ...orderSettings, ...changes };
      return orderSettings;
    },
    'terminal:get': async () => terminal,
    'terminal:rename': async ({ name }) => {
      terminal = { ...terminal, name };
      return terminal;
    },
    'terminal:assignPrinting': async ({ printedBy }) => {
      terminal = { ...terminal, printedBy };
      return terminal;
    },
    'venue:get': async () => (init.venue === undefined ? makeVenue() : init.venue),
    'venue:list': async () => {
      if (init.venues) return init.venues;
      const venue = init.venue === undefined ? makeVenue() : init.venue;
      return venue ? [venue] : [];
    },
    'venue:refresh': async () => (init.venue === undefined ? makeVenue() : init.venue),
    'venue:setOnline': async () => ({ actionId: 'venue-1' }),
    'venue:setOpeningTimes': async () => ({ actionId: 'venue-2' }),
    'menu:check': async () => ({
      ok: true,
      itemCount: 0,
      liveError: null,
      diff: {
        added: [],
        removed: [],
        removedItems: [],
        changed: [],
        categoriesBefore: 0,
        categoriesAfter: 0,
        itemsBefore: 0,
        itemsAfter: 0,
      },
    }),
    'menu:push': async () => ({ actionId: 'menu-1' }),
    'menu:get': async (r) => menuOf(r.venueId),
    'menu:list': async () => {
      // The first venue's as menu:get answers it, then every other venue's.
      const [, ...others] = setup.venues;
      return [menuOf(undefined), ...others.map((v) => menuOf(v.venueId))];
    },
    'menu:refresh': async (r) => menuOf(r.venueId),
    'menu:items': async (r) => menuOf(r.venueId).items,
    'menu:setItemAvailability': async () => ({ actionId: 'item-1' }),
    'menu:setItemAvailabilityEverywhere': async () => ({
      venues: setup.venues.map((v, i) => ({ venueId: v.venueId, actionId: `item-${i + 1}` })),
    }),
    'menu:setOptionAvailability': async () => ({ actionId: 'option-1' }),
    'menu:setPrice': async () => ({ actionId: 'price-1' }),
    'menu:draft': async () => draft,
    'menu:saveDraft': async (r) => {
      draft = { draft: r.draft, savedAt: '2026-01-01T10:00:00.000Z', publishedAt: null };
      return draft;
    },
    'menu:discardDraft': async () => {
      draft = { draft: null, savedAt: null, publishedAt: null };
      return draft;
    },
    'menu:startDraft': async (r) => {
      draft = {
        draft: {
          currency: 'EUR',
          primaryLanguage: r.language,
          languages: [r.language],
          categories: [],
          extra: {},
        },
        savedAt: '2026-01-01T10:00:00.000Z',
        publishedAt: null,
      };
      return draft;
    },
    'menu:checkDraft': async () => ({
      ok: true,
      itemCount: 0,
      liveError: null,
      diff: {
        added: [],
        removed: [],
        removedItems: [],
        changed: [],
        categoriesBefore: 0,
        categoriesAfter: 0,
        itemsBefore: 0,
        itemsAfter: 0,
      },
    }),
    'menu:publishDraft': async () => ({ actionId: 'menu-2' }),
    'outbox:list': async () => [],
    'outbox:retry': async () => undefined,
    'outbox:discard': async () => undefined,
    'audit:list': async () => [],
    'language:set': async ({ language }) => ({ language }),
    'machine:get': async () => machine,
    'machine:set': async (r) => {
      machine = {
        ...machine,
        kiosk: r.kiosk ?? machine.kiosk,
        startOnLogin: r.startOnLogin ?? machine.startOnLogin,
        pinSet: machine.pinSet || r.pin !== undefined,
      };
      emit('machine:changed', machine);
      return machine;
    },
    'machine:unlock': async () => {
      machine = { ...machine, kioskUnlocked: machine.kiosk };
      emit('machine:changed', machine);
      return machine;
    },
    'machine:restart': async () => undefined,
    'print:get': async () => print,
    'print:configure': async (changes) => {
      print = { ...print, settings: { ...print.settings, ...changes } };
      emit('print:changed', print);
      return print;
    },
    // Like main: a new job on every printer that takes the document, waiting where the printer
    // cannot print, printed by the next retry once it can.
    'print:order': async (r) => {
      const order = orders.find((o) => o.id === r.orderId);
      if (!order) return Promise.reject({ code: 'not-found', message: `No order ${r.orderId}` });
      return addJobs(r.document, { orderId: order.id, orderNumber: order.orderNumber }, 'staff');
    },
    'print:daySummary': async (r) => addJobs('day-summary', { day: r.day }, 'staff'),
    'print:test': async (r) => {
      if (!print.settings.printers.some((p) => p.id === r.printerId))
        return Promise.reject({ code: 'not-found', message: `No printer ${r.printerId}` });
      return addJobs('test-page', {}, 'test', r.printerId);
    },
    'print:preview': async (r) => ({
      kind: r.document,
      paperWidth: r.paperWidth,
      columns: r.paperWidth === 58 ? 32 : 48,
      language: 'en',
      lines: [{ kind: 'text', text: r.document }],
    }),
    'print:retry': async (r) => {
      const job = print.jobs.find((j) => j.id === r.jobId);
      if (!job) return Promise.reject({ code: 'not-found', message: `No job ${r.jobId}` });
      // The same job, never a second copy: a printed one stays printed.
      if (job.state === 'printed' || job.state === 'canceled') return;
      const printed = !printerBlocked(job.printerId);
      updateJob(job.id, {
        state: printed ? 'printed' : 'waiting',
        attempts: job.attempts + 1,
        printedAt: printed ? new Date().toISOString() : null,
      });
    },
    'print:cancel': async (r) => {
      const job = print.jobs.find((j) => j.id === r.jobId);
      if (!job) return Promise.reject({ code: 'not-found', message: `No job ${r.jobId}` });
      if (job.state !== 'printed') updateJob(job.id, { state: 'canceled' });
    },
    'history:search': async () => ({ orders, nextCursor: null }),
    'history:order': async (r) => {
      const order = orders.find((o) => o.id === r.orderId);
      if (!order) return Promise.reject({ code: 'not-found', message: `No order ${r.orderId}` });
      return { order, timeline: [{ at: order.createdAt, kind: 'received' }] };
    },
    'history:summary': async (r) => emptyDaySummary(r.day),
    'history:exportCsv': async (r) => ({ filename: `orders-${r.day}.csv`, csv: 'order\n' }),
    'history:settings': async () => ({ retentionDays: DEFAULT_RETENTION_DAYS }),
    'history:configure': async (r) => r,
    'diagnostics:export': async () => ({
      file: '/data/diagnostics/countertop-diagnostics.zip',
      bytes: 1234,
    }),
    'log:recent': async () => [],
    'delivery:get': async () => deliverySetup,
    'delivery:configure': async () => deliverySetup,
    // Binding as in docs/platform.md#shipment-promises: a street with a post code or a city.
    'delivery:quote': async (r) => {
      const binding = r.street !== '' && (r.postCode !== '' || r.city !== '');
      return {
        promiseId: `promise-${r.street || r.postCode || r.city}`,
        binding,
        nonBindingReason: binding
          ? null
          : refusal('courier-not-binding', r.street ? 'town' : 'street'),
        addressMixUpRisk: false,
        price: { amount: 590, currency: 'EUR' },
        pickupEta: new Date(Date.now() + 30 * 60_000).toISOString(),
        dropoffEta: new Date(Date.now() + 45 * 60_000).toISOString(),
        timeEstimateMinutes: 45,
        formattedAddress: `${r.street}, ${r.postCode} ${r.city}`,
        validUntil: new Date(Date.now() + 10 * 60_000).toISOString(),
        preparationMinutes: r.minPreparationMinutes ?? null,
        scheduledDropoff: r.scheduledDropoff ?? null,
      };
    },
    // Inside the area unless the city is "Faraway".
    'delivery:check-area': async (r) =>
      r.city === 'Faraway'
        ? {
            deliverable: false,
            formattedAddress: `${r.street}, ${r.postCode} ${r.city}`,
            reason: refusal('courier-outside-area'),
          }
        : {
            deliverable: true,
            formattedAddress: `${r.street}, ${r.postCode} ${r.city}`,
            price: { amount: 590, currency: 'EUR' },
            minutes: 40,
            approximate: r.street === '',
          },
    'delivery:book': async (r) => {
      actionCount += 1;
      const delivery = makeDelivery({
        reference: null,
        status: 'booking',
        orderNumber: r.orderNumber ? r.orderNumber : null,
        recipientName: r.recipient.name,
        recipientPhone: r.recipient.phone,
        parcels: r.parcels.map((p) => ({ description: p.description, count: p.count })),
        noContact: r.noContact ?? false,
        idCheck: r.parcels.some((p) => p.idCheck === true),
        handshakeRequired: r.handshake ?? false,
        cashToCollect: r.cashAmount ?? null,
        trackingUrl: null,
        pending: { actionId: `action-${actionCount}`, kind: 'book', state: 'pending', error: null },
      });
      deliveries = [delivery, ...deliveries];
      emit('deliveries:changed', { deliveries });
      return { actionId: `action-${actionCount}`, deliveryId: delivery.id };
    },
    'delivery:list': async () => deliveries,
    'delivery:rebook': async (r) => {
      actionCount += 1;
      const actionId = `action-${actionCount}`;
      deliveries = deliveries.map((d) =>
        d.id === r.deliveryId
          ? {
              ...d,
              bookingCheck: null,
              pending: { actionId, kind: 'book', state: 'pending', error: null },
            }
          : d,
      );
      emit('deliveries:changed', { deliveries });
      return { actionId, deliveryId: r.deliveryId };
    },
    'delivery:cancel': async (r) => {
      actionCount += 1;
      const actionId = `action-${actionCount}`;
      deliveries = deliveries.map((d) =>
        d.id === r.deliveryId
          ? { ...d, pending: { actionId, kind: 'cancel', state: 'pending', error: null } }
          : d,
      );
      emit('deliveries:changed', { deliveries });
      return { actionId };
    },
    'delivery:handshake': async () => ({ isRequired: true, pinCode: '4321' }),
    'stream:get': async () => stream,
    // Each venue's own, as main keeps them: none named is the venue set up first.
    'stream:configure': async ({ venueId, ...settings }) => {
      const first = venueId === undefined || venueId === setup.venueId;
      stream = {
        ...stream,
        settings: first ? settings : stream.settings,
        venues: stream.venues.map((v) =>
          v.venueId === (venueId ?? setup.venueId) ? { ...v, settings } : v,
        ),
      };
      emit('stream:changed', stream);
      return stream;
    },
    'stream:acknowledgeGap': async (r) => {
      stream = { ...stream, gaps: stream.gaps.filter((g) => g.id !== r.gapId) };
      emit('stream:changed', stream);
      return stream;
    },
    'updates:held': async () => heldUpdate,
    'updates:install': async ({ version }) => {
      if (!heldUpdate || heldUpdate.version !== version)
        throw { code: 'conflict', message: 'This update is no longer waiting to be installed.' };
      heldUpdate = null;
      emit('updates:changed', null);
      return null;
    },
    'cues:list': async () => cues,
    'cues:acknowledge': async (r) => {
      cues = cues.filter((c) => c.id !== r.cueId);
      emit('cues:changed', { cues });
      return cues;
    },
    'stream:acknowledgeMissed': async (r) => {
      stream = { ...stream, missed: stream.missed.filter((m) => m.id !== r.missedId) };
      emit('stream:changed', stream);
      return stream;
    },
  };

  const call =
    <C extends ChannelName>(channel: C) =>
    (request: RequestOf<C>) => {
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
      // Main decides what rings from the change, by the same rule (shared/cues.ts).
      const before = new Map(orders.map((o) => [o.id, o]));
      orders = next;
      emit('orders:changed', { orders });
      const after = nextCues(cues, next, (id) => before.get(id), new Date().toISOString());
      if (after !== cues) {
        cues = after;
        emit('cues:changed', { cues });
      }
    },
    get deliveries() {
      return deliveries;
    },
    setDeliveries(next) {
      deliveries = next;
      emit('deliveries:changed', { deliveries });
    },
    get print() {
      return print;
    },
    setPrint,
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
};

/** A ringer that records what the app asked of it. */
export const createFakeRinger = () => {
  const ringer = {
    ringing: false,
    starts: 0,
    level: 'normal' as RingLevel,
    chimes: 0,
    start(level: RingLevel = 'normal') {
      if (!ringer.ringing) ringer.starts += 1;
      ringer.ringing = true;
      ringer.level = level;
    },
    stop() {
      ringer.ringing = false;
      ringer.level = 'normal';
    },
    chime() {
      ringer.chimes += 1;
    },
    canPlay: () => true,
    unlock() {},
  };
  return ringer;
};
