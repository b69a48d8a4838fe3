// The renderer's state, fed only by the Bridge: initial reads, then the service's events.
// Actions call the bridge and let the service's events bring the resulting state back, so the
// board never shows something the service has not stored.
import { dequal } from 'dequal';
import { createStore } from 'zustand/vanilla';
import type {
  AppStatus,
  Delivery,
  DeliverySetupState,
  LogEntry,
  MachineSettings,
  MenuIssue,
  MenuItemSummary,
  MenuState,
  OpeningTime,
  Order,
  OutboxEntry,
  VenueState,
} from '../../shared/domain';
import type {
  Bridge,
  BridgeError,
  DeliveryBookRequest,
  DeliveryConfigureRequest,
  DeliveryQuoteRequest,
  MachineSetRequest,
  MenuCheck,
  RequestOf,
  SetupConnectRequest,
  SetupState,
} from '../../shared/ipc/contract';
import type { DeliveryAreaAnswer, DeliveryQuote } from '../../shared/domain';
import type { DeliveryAreaCheckRequest } from '../../shared/delivery-booking';
import type { StreamGuardSettings, StreamGuardState } from '../../shared/stream-guard';
import type {
  DaySummary,
  Day,
  HistoryPage,
  HistoryQuery,
  HistorySettings,
  OrderHistory,
} from '../../shared/history';
import type { OrderDocumentKind, PrintDocument, PrintState } from '../../shared/printing';
import { isFinalStatus, RECENT_DONE_ACTIONS } from '../../shared/domain';
import type { OrderSettings } from '../../shared/order-timing';
import { isEscalated } from '../../shared/order-timing';
import { toBridgeError } from '../ui-kit/bridge';
import type { FinishedByDay } from '../orders/board';
import { createFinishedTally, keepNewestFinished, waitingOrders } from '../orders/board';
import type { LinksDown } from '../stream/stream-alarm';
import { linksDown, NO_LINK_DOWN } from '../stream/stream-alarm';

export type Theme = 'light' | 'dark';
export type View = 'orders' | 'venue' | 'menu' | 'activity' | 'couriers' | 'history';

export const MUTE_MS = 2 * 60_000;
/** How long the test alarm sounds and shows. */
export const ALARM_TEST_MS = 5_000;

export type Dialog =
  | { kind: 'accept'; orderId: string }
  | { kind: 'reject'; orderId: string }
  | { kind: 'shortcuts' }
  /** `prefill`: what an order or an area check already knows (address, customer). */
  | { kind: 'courier'; prefill?: CourierPrefill };

export type CourierAddressField = 'street' | 'postCode' | 'city' | 'readyIn' | 'scheduled';
export type CourierBookingField =
  | 'name'
  | 'phone'
  | 'email'
  | 'description'
  | 'count'
  | 'bags'
  | 'orderNumber'
  | 'pickupComment'
  | 'dropoffComment'
  | 'smsReceived'
  | 'smsPickedUp'
  | 'tip'
  | 'cash';
export type CourierCheck = 'handshake' | 'noContact' | 'idCheck';

/** A half-filled courier booking, kept when the dialog closes without booking. */
export type CourierDraft = {
  address: Record<CourierAddressField, string>;
  booking: Record<CourierBookingField, string>;
  checks: Record<CourierCheck, boolean>;
  quote: DeliveryQuote | null;
};

export type CourierPrefill = {
  address?: Partial<Record<CourierAddressField, string>>;
  booking?: Partial<Record<CourierBookingField, string>>;
};

export type AppState = {
  loaded: boolean;
  loadError: string | null;
  setup: SetupState | null;
  /** Staff asked to (re)connect even though a venue is configured. */
  setupOpen: boolean;
  status: AppStatus | null;
  /** Since when the order stream and the platform have been down, as seen here. */
  linksDown: LinksDown;
  /** Main's stream guard: its view of the stream, the venue it paused, gaps to acknowledge. */
  stream: StreamGuardState | null;
  /** Staff asked to hear the outage alarm; it sounds until then. */
  alarmTestUntil: number | null;
  /** Every open order and the newest finished ones (board.ts: FINISHED_KEPT). */
  orders: Order[];
  /** How many orders finished each day, all of them, though only the newest are kept above. */
  finishedByDay: FinishedByDay;
  outbox: OutboxEntry[];
  venue: VenueState | null;
  /** The platform's menu as main last read it; null until loaded. */
  menu: MenuState | null;
  /** menu.items, for the views that only list items. */
  menuItems: MenuItemSummary[];
  courierDraft: CourierDraft | null;
  deliveries: Delivery[];
  deliverySetup: DeliverySetupState | null;
  /** Orders whose action call has not been answered yet (before the service stored it). */
  submitting: Record<string, true>;
  /** Calls the service refused outright, by order id: nothing was stored. */
  callErrors: Record<string, string>;
  mutedUntil: number | null;
  /** Orders the platform cancelled while staff may be preparing them; shown until acknowledged. */
  cancelled: Array<{ id: string; orderNumber: string }>;
  /** How this machine runs the app (kiosk, start on login); null until read. */
  machine: MachineSettings | null;
  /** Pre-orders the platform moved into preparation: they ring until staff say they started. */
  startCooking: Array<{ id: string; orderNumber: string }>;
  /** Counts new orders announced by main, so each one can be heard once even when not ringing. */
  arrivals: number;
  /** The venue's order settings (auto-accept, the takeaway reminder); null until read. */
  orderSettings: OrderSettings | null;
  /** Printers, their status, the print settings and recent jobs, as main holds them. */
  print: PrintState | null;
  /** Why the printing state could not be read (printing is then unavailable, orders are not). */
  printLoadError: string | null;
  theme: Theme;
  view: View;
  selectedOrderId: string | null;
  dialog: Dialog | null;
};

export type AppActions = {
  init(): Promise<void>;
  dispose(): void;
  connect(request: SetupConnectRequest): Promise<{ venueId: string }>;
  openSetup(open: boolean): void;
  accept(orderId: string, preparationMinutes: number | null): Promise<boolean>;
  reject(
    orderId: string,
    reason: string,
    code?: 'GENERIC' | 'ITEMS_UNAVAILABLE' | 'VENUE_CLOSING_SOON',
  ): Promise<boolean>;
  markReady(orderId: string): Promise<boolean>;
  handOver(orderId: string): Promise<boolean>;
  confirmPreorder(orderId: string): Promise<boolean>;
  retry(actionId: string): Promise<void>;
  discard(actionId: string): Promise<void>;
  dismissCallError(orderId: string): void;
  acknowledgeCancelled(orderId: string): void;
  acknowledgeStartCooking(orderId: string): void;
  configureOrders(changes: Partial<OrderSettings>): Promise<BridgeError | null>;
  setOnline(online: boolean, until: string | null): Promise<BridgeError | null>;
  setOpeningTimes(availability: OpeningTime[]): Promise<BridgeError | null>;
  configureStream(settings: StreamGuardSettings): Promise<BridgeError | null>;
  acknowledgeGap(gapId: string): Promise<void>;
  /** Print settings: the state shown changes only with main's answer. */
  configurePrint(changes: RequestOf<'print:configure'>): Promise<BridgeError | null>;
  /** A new job on every printer that takes the document; errors propagate to the button. */
  printOrder(orderId: string, document: OrderDocumentKind): Promise<string[]>;
  testPrint(printerId: string): Promise<string[]>;
  /** Tries a job that did not print again (the same job: it never prints twice). */
  retryPrint(jobId: string): Promise<BridgeError | null>;
  cancelPrint(jobId: string): Promise<BridgeError | null>;
  /** The lines a document prints; errors propagate to the preview. */
  previewPrint(request: RequestOf<'print:preview'>): Promise<PrintDocument>;
  testAlarm(): void;
  refreshVenue(): Promise<void>;
  checkMenu(text: string): Promise<MenuCheck>;
  /** Errors propagate (a refused push names what it would remove). */
  pushMenu(
    text: string,
    confirmRemoved?: string[],
  ): Promise<{ ok: false; issues: MenuIssue[] } | null>;
  refreshMenu(): Promise<void>;
  /** enabled=false: sold out until `until` (the platform restores it then) or switched back. */
  setItemAvailability(
    externalData: string,
    enabled: boolean,
    until?: string | null,
  ): Promise<BridgeError | null>;
  setOptionAvailability(
    externalData: string,
    enabled: boolean,
    until?: string | null,
  ): Promise<BridgeError | null>;
  keepCourierDraft(draft: CourierDraft | null): void;
  /** Courier delivery: errors propagate so the forms can show them next to the fields. */
  configureDelivery(request: DeliveryConfigureRequest): Promise<void>;
  quoteDelivery(request: DeliveryQuoteRequest): Promise<DeliveryQuote>;
  bookCourier(request: DeliveryBookRequest): Promise<string>;
  checkDeliveryArea(request: DeliveryAreaCheckRequest): Promise<DeliveryAreaAnswer>;
  cancelDelivery(deliveryId: string, reason: string): Promise<BridgeError | null>;
  handshakePin(deliveryId: string): Promise<string>;
  /** Machine settings: errors propagate so the form can show them next to the PIN. */
  saveMachine(request: MachineSetRequest): Promise<void>;
  unlockKiosk(pin: string): Promise<void>;
  restartApp(): Promise<BridgeError | null>;
  /** Writes the diagnostics bundle; errors propagate to the button that asked. */
  exportDiagnostics(): Promise<{ file: string; bytes: number }>;
  /** The newest warnings and errors of the terminal's log (read on demand, not kept). */
  recentProblems(limit: number): Promise<LogEntry[]>;
  /** History and the day, read on demand (not kept in the store): errors propagate to the view. */
  searchHistory(query: HistoryQuery): Promise<HistoryPage>;
  orderHistory(orderId: string): Promise<OrderHistory>;
  daySummary(day: Day): Promise<DaySummary>;
  exportDayCsv(day: Day): Promise<{ filename: string; csv: string }>;
  historySettings(): Promise<HistorySettings>;
  configureHistory(settings: HistorySettings): Promise<HistorySettings>;
  printDaySummary(day: Day): Promise<string[]>;
  mute(): void;
  unmute(): void;
  setTheme(theme: Theme): void;
  setView(view: View): void;
  select(orderId: string | null): void;
  openDialog(dialog: Dialog | null): void;
};

export type AppStore = ReturnType<typeof createAppStore>;

export type StoreOptions = {
  now?: () => number;
  /** Where the theme choice persists; localStorage in the app. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  prefersDark?: boolean;
};

const THEME_KEY = 'countertop.theme';

const initialTheme = (options: StoreOptions): Theme => {
  const saved = options.storage?.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return options.prefersDark ? 'dark' : 'light';
};

/**
 * Applies an event's changed items to a list: each replaces the item with its id or joins the
 * list (at its end, or its start for lists shown newest first). Events carry only what changed;
 * the list channels carry everything.
 */
export const mergeById = <T extends { id: string }>(
  list: readonly T[],
  changed: readonly T[],
  newcomers: 'first' | 'last' = 'last',
): T[] => {
  if (changed.length === 0) return list as T[];
  const updates = new Map(changed.map((item) => [item.id, item]));
  const merged = list.map((item) => {
    const update = updates.get(item.id);
    if (!update) return item;
    updates.delete(item.id);
    return update;
  });
  const added = [...updates.values()];
  return newcomers === 'first' ? [...added, ...merged] : [...merged, ...added];
};

/**
 * `previous` when `next` says the same, so what did not change keeps its identity (memoised
 * cards re-render only for what did): every card takes the menu's items, for one, and a menu read
 * again every few seconds, unchanged, re-rendered all 300 cards each time.
 */
const sameOr = <T>(previous: T, next: T): T => (dequal(previous, next) ? previous : next);

/**
 * `next` with every item equal to its namesake in `previous` replaced by that same object, and
 * `previous` itself when nothing changed: a reload of 300 orders where one changed re-renders
 * one card (memoised on the order's identity), not the board.
 */
export const keepUnchanged = <T extends { id: string }>(
  previous: readonly T[],
  next: readonly T[],
): T[] => {
  const before = new Map(previous.map((item) => [item.id, item]));
  let same = previous.length === next.length;
  const shared = next.map((item, index) => {
    const old = before.get(item.id);
    const kept = old === undefined ? item : sameOr(old, item);
    if (kept !== previous[index]) same = false;
    return kept;
  });
  return same ? (previous as T[]) : shared;
};

/**
 * The activity list as main lists it: every action not done, and the newest RECENT_DONE_ACTIONS
 * done ones (by when staff made them), in the order they came.
 */
export const recentActions = (entries: OutboxEntry[]): OutboxEntry[] => {
  const done = entries.filter((entry) => entry.state === 'done');
  if (done.length <= RECENT_DONE_ACTIONS) return entries;
  // A stable sort: actions made in the same millisecond keep their order in the list.
  const kept = new Set(
    [...done]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
      .slice(0, RECENT_DONE_ACTIONS),
  );
  return entries.filter((entry) => entry.state !== 'done' || kept.has(entry));
};

/** The items of `list` that share an id with one of `items`, by id: one pass, no copy of `list`. */
const namesakes = <T extends { id: string }>(
  list: readonly T[],
  items: readonly T[],
): Map<string, T> => {
  const ids = new Set(items.map((item) => item.id));
  const found = new Map<string, T>();
  for (const item of list) if (ids.has(item.id)) found.set(item.id, item);
  return found;
};

/**
 * What `keepUnchanged(list, mergeById(list, changed))` gives, for an event's few items: only they
 * are compared, and `list` is copied once, if at all. With a day's 2,000 orders in the store, the
 * indexes of the whole list built on every event were most of the garbage a change left.
 * `before`: the namesakes of `changed` in `list`.
 */
export const mergeChanged = <T extends { id: string }>(
  list: readonly T[],
  changed: readonly T[],
  before: ReadonlyMap<string, T>,
): T[] => {
  const differing = changed.filter((item) => {
    const old = before.get(item.id);
    return old === undefined || sameOr(old, item) !== old;
  });
  return differing.length === 0 ? (list as T[]) : mergeById(list, differing);
};

/** The menu as read, and its items as every card takes them (kept when unchanged). */
const withMenu = (s: { menuItems: MenuItemSummary[] }, menu: MenuState) => ({
  menu,
  menuItems: sameOr(s.menuItems, menu.items),
});

const withoutIds = <T extends { id: string }>(list: T[], ids: readonly string[]): T[] => {
  if (ids.length === 0) return list;
  const drop = new Set(ids);
  return list.filter((item) => !drop.has(item.id));
};

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
};

export const createAppStore = (bridge: Bridge, options: StoreOptions = {}) => {
  const now = options.now ?? Date.now;
  const unsubscribers: Array<() => void> = [];

  const store = createStore<AppState & AppActions>()((set, get) => {
    // Events are counted, and each order remembers the count of the last event that carried it:
    // a list asked for before that event must not undo it when its answer comes later (an
    // action's reload answered after the platform's confirmation had arrived left the card
    // "waiting for the platform" for good).
    let eventCount = 0;
    const lastEvent = new Map<string, number>();
    let finished = createFinishedTally();

    /**
     * Takes orders (the whole list, or an event's changed ones), noting orders the platform
     * cancelled under the staff's hands. `askedAt`: the event count when the whole list was asked
     * for; orders an event brought since keep what that event said.
     */
    const receiveOrders = (incoming: Order[], whole: boolean, askedAt?: number): void =>
      set((s) => {
        if (whole && askedAt !== undefined && eventCount > askedAt) {
          const newer = s.orders.filter((o) => (lastEvent.get(o.id) ?? 0) > askedAt);
          const byId = new Map(newer.map((o) => [o.id, o]));
          const listed = new Set(incoming.map((o) => o.id));
          incoming = [
            ...newer.filter((o) => !listed.has(o.id)),
            ...incoming.map((o) => byId.get(o.id) ?? o),
          ];
        }
        const before = namesakes(s.orders, incoming);
        const newlyCancelled = incoming
          .filter(
            (o) =>
              o.status === 'CANCELED' && !isFinalStatus(before.get(o.id)?.status ?? 'CANCELED'),
          )
          .filter((o) => !s.cancelled.some((c) => c.id === o.id))
          .map((o) => ({ id: o.id, orderNumber: o.orderNumber }));
        // Only the platform moves a pre-order into preparation (docs/platform.md#pre-orders):
        // seen here as CREATED, now PRODUCTION, it is time to start cooking.
        const newlyCooking = incoming
          .filter(
            (o) =>
              o.type === 'preorder' &&
              o.platformStatus === 'PRODUCTION' &&
              before.get(o.id)?.platformStatus === 'CREATED',
          )
          .filter((o) => !s.startCooking.some((c) => c.id === o.id))
          .map((o) => ({ id: o.id, orderNumber: o.orderNumber }));
        const merged = whole
          ? keepUnchanged(s.orders, incoming)
          : mergeChanged(s.orders, incoming, before);
        const orders = merged === s.orders ? merged : keepNewestFinished(merged);
        const finishedByDay = finished.take(incoming);
        // A finished or cancelled order needs no "start cooking" any more.
        const stillCooking = (list: AppState['startCooking']) =>
          list.filter((c) => {
            const order = orders.find((o) => o.id === c.id);
            return order !== undefined && !isFinalStatus(order.status);
          });
        const cooking = stillCooking([...s.startCooking, ...newlyCooking]);
        const startCooking =
          cooking.length === s.startCooking.length &&
          cooking.every((c, i) => c === s.startCooking[i])
            ? s.startCooking
            : cooking;
        const alarms = newlyCancelled.length > 0 || newlyCooking.length > 0;
        return {
          orders,
          finishedByDay,
          startCooking,
          ...(newlyCancelled.length > 0 ? { cancelled: [...s.cancelled, ...newlyCancelled] } : {}),
          ...(alarms ? { mutedUntil: null } : {}),
        };
      });

    const reloadOrders = async (): Promise<void> => {
      const askedAt = eventCount;
      receiveOrders(await bridge['orders:list']({}), true, askedAt);
    };

    /** Runs one order action: visible as submitting, refused calls shown on the card. */
    const orderAction = async (orderId: string, call: () => Promise<unknown>): Promise<boolean> => {
      set((s) => ({
        submitting: { ...s.submitting, [orderId]: true },
        callErrors: without(s.callErrors, orderId),
      }));
      try {
        await call();
        await reloadOrders().catch(() => undefined);
        return true;
      } catch (error) {
        set((s) => ({ callErrors: { ...s.callErrors, [orderId]: toBridgeError(error).message } }));
        return false;
      } finally {
        set((s) => ({ submitting: without(s.submitting, orderId) }));
      }
    };

    const tryCall = async (call: () => Promise<unknown>): Promise<BridgeError | null> => {
      try {
        await call();
        return null;
      } catch (error) {
        return toBridgeError(error);
      }
    };

    const loadConfigured = async (): Promise<void> => {
      const [
        status,
        orders,
        outbox,
        venue,
        menu,
        deliveries,
        deliverySetup,
        orderSettings,
        stream,
      ] = await Promise.all([
        bridge['status:get']({}),
        bridge['orders:list']({}),
        bridge['outbox:list']({}),
        bridge['venue:get']({}),
        bridge['menu:get']({}),
        bridge['delivery:list']({}),
        bridge['delivery:get']({}),
        bridge['orders:settings']({}),
        bridge['stream:get']({}),
      ]);
      set({
        status,
        outbox,
        venue,
        ...withMenu(get(), menu),
        deliveries,
        deliverySetup,
        orderSettings,
        stream,
      });
      // Counted afresh from what main lists: a venue connected anew is another day's count.
      finished = createFinishedTally();
      receiveOrders(orders, true);
      await loadPrint();
    };

    // Every job comes anew with each change of any: the unchanged ones stay the objects the cards
    // hold, so only the card of a job that changed renders again (OrderCard compares them).
    // A whole list (a load, a stream reconnected) replaces the jobs; an event's changes merge in.
    const receivePrint = (print: PrintState): void =>
      set((s) => {
        const before = s.print?.jobs ?? [];
        const jobs =
          print.gone === null
            ? keepUnchanged(before, print.jobs)
            : withoutIds(mergeById(before, keepUnchanged(before, print.jobs)), print.gone);
        return { print: { ...print, jobs, gone: null }, printLoadError: null };
      });

    // Apart from the rest: a printing slice that cannot answer must not keep orders off the board.
    const loadPrint = async (): Promise<void> => {
      try {
        receivePrint(await bridge['print:get']({}));
      } catch (error) {
        set({ printLoadError: toBridgeError(error).message });
      }
    };

    return {
      loaded: false,
      loadError: null,
      setup: null,
      setupOpen: false,
      status: null,
      linksDown: NO_LINK_DOWN,
      stream: null,
      alarmTestUntil: null,
      orders: [],
      finishedByDay: {},
      outbox: [],
      venue: null,
      menu: null,
      menuItems: [],
      courierDraft: null,
      deliveries: [],
      deliverySetup: null,
      submitting: {},
      callErrors: {},
      mutedUntil: null,
      cancelled: [],
      machine: null,
      startCooking: [],
      arrivals: 0,
      orderSettings: null,
      print: null,
      printLoadError: null,
      theme: initialTheme(options),
      view: 'orders',
      selectedOrderId: null,
      dialog: null,

      async init() {
        get().dispose();
        unsubscribers.push(
          bridge.on('orders:changed', ({ orders }) => {
            eventCount += 1;
            for (const order of orders) lastEvent.set(order.id, eventCount);
            receiveOrders(orders, false);
          }),
          // A new order ends any mute: a mute silences orders staff already saw.
          bridge.on('orders:arrived', () =>
            set((s) => ({ mutedUntil: null, arrivals: s.arrivals + 1 })),
          ),
          // Told on every change of the outbox, mostly the same: kept, so nothing re-renders.
          bridge.on('status:changed', (status) =>
            set((s) => ({ status: sameOr(s.status, status) })),
          ),
          bridge.on('outbox:changed', ({ entries }) =>
            set((s) => ({ outbox: recentActions(mergeById(s.outbox, entries)) })),
          ),
          bridge.on('venue:changed', (venue) => set({ venue })),
          bridge.on('machine:changed', (machine) => set({ machine })),
          bridge.on('menu:changed', (menu) => set((s) => withMenu(s, menu))),
          bridge.on('stream:changed', (stream) => set({ stream })),
          bridge.on('print:changed', receivePrint),
          bridge.on('deliveries:changed', ({ deliveries }) =>
            set((s) => ({ deliveries: mergeById(s.deliveries, deliveries, 'first') })),
          ),
        );
        try {
          const [setup, machine] = await Promise.all([
            bridge['setup:get']({}),
            bridge['machine:get']({}),
          ]);
          set({ setup, machine });
          if (setup.configured) await loadConfigured();
          else set({ status: await bridge['status:get']({}) });
          set({ loaded: true, loadError: null });
        } catch (error) {
          set({ loaded: false, loadError: toBridgeError(error).message });
        }
      },

      dispose() {
        for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      },

      async connect(request) {
        // Errors propagate: the setup screen shows them next to the form.
        const result = await bridge['setup:connect'](request);
        const setup = await bridge['setup:get']({});
        set({ setup, setupOpen: false });
        await loadConfigured().catch(() => undefined);
        return result;
      },

      openSetup(open) {
        set({ setupOpen: open });
      },

      accept: (orderId, preparationMinutes) =>
        orderAction(orderId, () => bridge['orders:accept']({ orderId, preparationMinutes })),
      reject: (orderId, reason, code) =>
        orderAction(orderId, () =>
          bridge['orders:reject'](code ? { orderId, reason, code } : { orderId, reason }),
        ),
      markReady: (orderId) => orderAction(orderId, () => bridge['orders:markReady']({ orderId })),
      handOver: (orderId) => orderAction(orderId, () => bridge['orders:handOver']({ orderId })),
      confirmPreorder: (orderId) =>
        orderAction(orderId, () => bridge['orders:confirmPreorder']({ orderId })),

      async retry(actionId) {
        await tryCall(() => bridge['outbox:retry']({ actionId }));
        await reloadOrders().catch(() => undefined);
      },
      async discard(actionId) {
        await tryCall(() => bridge['outbox:discard']({ actionId }));
        await reloadOrders().catch(() => undefined);
      },
      acknowledgeStartCooking(orderId) {
        set((s) => ({ startCooking: s.startCooking.filter((c) => c.id !== orderId) }));
      },
      configureOrders: (changes) =>
        tryCall(async () => {
          set({ orderSettings: await bridge['orders:configure'](changes) });
        }),
      acknowledgeCancelled(orderId) {
        set((s) => ({ cancelled: s.cancelled.filter((c) => c.id !== orderId) }));
      },
      dismissCallError(orderId) {
        set((s) => ({ callErrors: without(s.callErrors, orderId) }));
      },

      async saveMachine(request) {
        set({ machine: await bridge['machine:set'](request) });
      },
      async unlockKiosk(pin) {
        set({ machine: await bridge['machine:unlock']({ pin }) });
      },
      restartApp: () => tryCall(() => bridge['machine:restart']({})),
      exportDiagnostics: () => bridge['diagnostics:export']({}),
      recentProblems: (limit) => bridge['log:recent']({ limit, minLevel: 'warn' }),
      searchHistory: (query) => bridge['history:search'](query),
      orderHistory: (orderId) => bridge['history:order']({ orderId }),
      daySummary: (day) => bridge['history:summary']({ day }),
      exportDayCsv: (day) => bridge['history:exportCsv']({ day }),
      historySettings: () => bridge['history:settings']({}),
      configureHistory: (settings) => bridge['history:configure'](settings),
      async printDaySummary(day) {
        return (await bridge['print:daySummary']({ day })).jobIds;
      },

      setOnline: (online, until) =>
        tryCall(() => bridge['venue:setOnline'](online ? { online } : { online, until })),
      setOpeningTimes: (availability) =>
        tryCall(() => bridge['venue:setOpeningTimes']({ availability })),
      configureStream: (settings) =>
        tryCall(async () => set({ stream: await bridge['stream:configure'](settings) })),
      async acknowledgeGap(gapId) {
        await tryCall(async () =>
          set({ stream: await bridge['stream:acknowledgeGap']({ gapId }) }),
        );
      },
      configurePrint: (changes) =>
        tryCall(async () => receivePrint(await bridge['print:configure'](changes))),
      async printOrder(orderId, document) {
        return (await bridge['print:order']({ orderId, document })).jobIds;
      },
      async testPrint(printerId) {
        return (await bridge['print:test']({ printerId })).jobIds;
      },
      retryPrint: (jobId) => tryCall(() => bridge['print:retry']({ jobId })),
      cancelPrint: (jobId) => tryCall(() => bridge['print:cancel']({ jobId })),
      previewPrint: (request) => bridge['print:preview'](request),
      testAlarm() {
        set({ alarmTestUntil: now() + ALARM_TEST_MS });
      },
      async refreshVenue() {
        try {
          set({ venue: await bridge['venue:refresh']({}) });
        } catch {
          // The status bar already says when the platform is unreachable.
        }
      },

      checkMenu: (text) => bridge['menu:check']({ text }),
      async pushMenu(text, confirmRemoved) {
        const result = await bridge['menu:push'](
          confirmRemoved ? { text, confirmRemoved } : { text },
        );
        return 'issues' in result ? result : null;
      },
      async refreshMenu() {
        try {
          const menu = await bridge['menu:refresh']({});
          set((s) => withMenu(s, menu));
        } catch {
          // The menu's own readError (and the status bar) say why.
        }
      },
      setItemAvailability: (externalData, enabled, until) =>
        tryCall(() =>
          bridge['menu:setItemAvailability'](
            enabled
              ? { externalData, enabled }
              : { externalData, enabled, disabledUntil: until ?? null },
          ),
        ),
      setOptionAvailability: (externalData, enabled, until) =>
        tryCall(() =>
          bridge['menu:setOptionAvailability'](
            enabled ? { externalData, enabled } : { externalData, enabled, until: until ?? null },
          ),
        ),
      keepCourierDraft(draft) {
        set({ courierDraft: draft });
      },

      async configureDelivery(request) {
        set({ deliverySetup: await bridge['delivery:configure'](request) });
      },
      quoteDelivery: (request) => bridge['delivery:quote'](request),
      async bookCourier(request) {
        const { deliveryId } = await bridge['delivery:book'](request);
        set({ deliveries: await bridge['delivery:list']({}) });
        return deliveryId;
      },
      checkDeliveryArea: (request) => bridge['delivery:check-area'](request),
      cancelDelivery: (deliveryId, reason) =>
        tryCall(async () => {
          await bridge['delivery:cancel']({ deliveryId, reason });
          set({ deliveries: await bridge['delivery:list']({}) });
        }),
      async handshakePin(deliveryId) {
        return (await bridge['delivery:handshake']({ deliveryId })).pinCode;
      },

      mute() {
        set({ mutedUntil: now() + MUTE_MS });
      },
      unmute() {
        set({ mutedUntil: null });
      },
      setTheme(theme) {
        options.storage?.setItem(THEME_KEY, theme);
        set({ theme });
      },
      setView(view) {
        set({ view });
      },
      select(orderId) {
        set({ selectedOrderId: orderId });
      },
      openDialog(dialog) {
        set({ dialog });
      },
    };
  });
  // Every way a status arrives (load, event, refresh) passes here: note when a link went down.
  store.subscribe((state, previous) => {
    if (state.status === previous.status) return;
    const linksNow = linksDown(state.linksDown, state.status, now());
    if (linksNow !== state.linksDown) store.setState({ linksDown: linksNow });
  });
  return store;
};

export const isRinging = (state: AppState, at: number): boolean =>
  (state.mutedUntil === null || at >= state.mutedUntil) &&
  (state.cancelled.length > 0 ||
    state.startCooking.length > 0 ||
    waitingOrders(state.orders).length > 0);

/** An order has waited unanswered long enough that the ring gets louder and faster. */
export const isEscalatedRing = (state: AppState, at: number): boolean =>
  waitingOrders(state.orders).some((order) => isEscalated(order, at));
