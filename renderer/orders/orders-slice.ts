// The orders' part of the store: the board's orders, the calls staff made on them, and the ring.
// Actions call the bridge and let the service's events bring the resulting state back, so the
// board never shows something the service has not stored.
import type { Order } from '../../shared/domain';
import type { BridgeError, ServiceEvents } from '../../shared/ipc/contract';
import type { OrderActionKind, OrderActionRequestOf } from '../../shared/order-actions';
import { orderActionChannel } from '../../shared/order-actions';
import type { OrderSettings } from '../../shared/order-timing';
import { isEscalated } from '../../shared/order-timing';
import { tryCall, tryRead } from '../ui-kit/bridge';
import type { Cue, CueKind } from '../../shared/cues';
import { cueId } from '../../shared/cues';
import { keepUnchanged, mergeChanged, namesakes, without } from '../ui-kit/merge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';
import type { ColumnId, FinishedByDay } from './board';
import { columnOf, createFinishedTally, keepNewestFinished, waitingOrders } from './board';
import { isFinalStatus } from '../../shared/domain';

export const MUTE_MS = 2 * 60_000;

export type OrdersState = {
  /** Every open order and the newest finished ones (board.ts: FINISHED_KEPT). */
  orders: Order[];
  /** How many orders finished each day, all of them, though only the newest are kept above. */
  finishedByDay: FinishedByDay;
  /** Orders whose action call has not been answered yet (before the service stored it). */
  submitting: Record<string, true>;
  /** Calls the service refused outright, by order id: nothing was stored. */
  /**
   * An order action main refused, kept as the refusal (its code when main gave one), worded when
   * shown: a card's refusal follows a switch of language.
   */
  callErrors: Record<string, BridgeError>;
  mutedUntil: number | null;
  /**
   * Orders the platform cancelled while staff may be preparing them; shown until acknowledged.
   * Main decides it (shared/cues.ts), so a window opened later shows it too.
   */
  cancelled: Array<{ id: string; orderNumber: string }>;
  /**
   * The column each order the platform cancelled was in when this window saw it go: its tile
   * stays there, marked cancelled, until staff acknowledge it (nothing moves under the finger).
   */
  cancelledFrom: Record<string, ColumnId>;
  /** Pre-orders the platform moved into preparation: they ring until staff say they started (main's cue). */
  startCooking: Array<{ id: string; orderNumber: string }>;
  /** Counts new orders announced by main, so each one can be heard once even when not ringing. */
  arrivals: number;
  /** The venue's order settings (auto-accept, the takeaway reminder); null until read. */
  orderSettings: OrderSettings | null;
  /** Another venue's order settings, each read when the settings page shows that venue. */
  orderSettingsOf: Readonly<Record<string, OrderSettings>>;
  /** Where the last change of a venue's settings told to this window was made. */
  orderSettingsChangedBy: ServiceEvents['venueSettings:changed']['by'];
};

export type OrdersActions = {
  /** Takes an order action on its own channel (shared/order-actions.ts); the refusal, if any. */
  takeAction<K extends OrderActionKind>(
    kind: K,
    request: OrderActionRequestOf<K>,
  ): Promise<BridgeError | null>;
  /** Shows a refusal on the order's card (e.g. its failed action's retry, refused). */
  showCallError(orderId: string, error: BridgeError | null): void;
  dismissCallError(orderId: string): void;
  acknowledgeCancelled(orderId: string): Promise<BridgeError | null>;
  acknowledgeStartCooking(orderId: string): Promise<BridgeError | null>;
  /** Changes a venue's order settings (absent: the venue set up first). */
  configureOrders(changes: Partial<OrderSettings>, venueId?: string): Promise<BridgeError | null>;
  /** Reads a venue's order settings (for the settings page). */
  loadOrderSettings(venueId: string): Promise<BridgeError | null>;
  mute(): void;
  unmute(): void;
};

export type OrdersSlice = OrdersState & OrdersActions;

export type OrdersParts = SliceParts<OrdersSlice> & {
  /**
   * Takes orders (the whole list, or an event's changed ones). `askedAt`: the event count when
   * the whole list was asked for; orders an event brought since keep what that event said.
   */
  receive(incoming: Order[], whole: boolean, askedAt?: number): void;
  /** Reads the whole list again (after an action: the service stored its outcome). */
  reload(): Promise<void>;
  /** Counted afresh from what main lists: a venue connected anew is another day's count. */
  restartTally(): void;
  /** Reads the cues that ring (after a load: a window opened mid-alarm rings at once). */
  reloadCues(): Promise<void>;
};

/** The columns of the orders among `incoming` that the platform just cancelled. */
const columnsLeft = (
  known: Record<string, ColumnId>,
  incoming: readonly Order[],
  before: ReadonlyMap<string, Order>,
  at: number,
): Record<string, ColumnId> => {
  let next: Record<string, ColumnId> | null = null;
  for (const order of incoming) {
    const old = before.get(order.id);
    if (order.status !== 'CANCELED' || !old || isFinalStatus(old.status)) continue;
    const column = columnOf(old, at);
    if (column === null || column === 'done') continue;
    next ??= { ...known };
    next[order.id] = column;
  }
  return next ?? known;
};

/** main's cues (cancelled, start cooking) as this window holds and acknowledges them. */
const createCues = (
  bridge: SliceContext<OrdersSlice>['bridge'],
  set: SliceContext<OrdersSlice>['set'],
) => {
  /** Takes main's cues: a cue this window has not shown yet ends any mute. */
  const receiveCues = (cues: Cue[]): void =>
    set((s) => {
      const shown = new Set([
        ...s.cancelled.map((c) => cueId('cancelled', c.id)),
        ...s.startCooking.map((c) => cueId('start-cooking', c.id)),
      ]);
      const of = (kind: CueKind) =>
        cues
          .filter((c) => c.kind === kind)
          .map((c) => ({ id: c.orderId, orderNumber: c.orderNumber }));
      const fresh = cues.some((c) => !shown.has(c.id));
      return {
        cancelled: of('cancelled'),
        startCooking: of('start-cooking'),
        ...(fresh ? { mutedUntil: null } : {}),
      };
    });
  /** Staff saw it: main stops it in every window; its answer is the cues left. */
  const acknowledgeCue = async (kind: CueKind, orderId: string): Promise<BridgeError | null> => {
    const id = cueId(kind, orderId);
    // Gone from this window at once (no second tap); main's answer and event bring the rest.
    set((s) =>
      kind === 'cancelled'
        ? {
            cancelled: s.cancelled.filter((c) => c.id !== orderId),
            cancelledFrom: without(s.cancelledFrom, orderId),
          }
        : { startCooking: s.startCooking.filter((c) => c.id !== orderId) },
    );
    const left = await tryRead(() => bridge['cues:acknowledge']({ cueId: id }));
    if (left.ok) receiveCues(left.value);
    // Not acknowledged: it rings on, as main still lists it.
    else await tryRead(() => bridge['cues:list']({})).then((r) => r.ok && receiveCues(r.value));
    return left.ok ? null : left.error;
  };
  return { receiveCues, acknowledgeCue };
};

/** The venue's settings changed (here or on another terminal): they hold now, and show. */
const settingsChanged =
  ({ venueId, first, orders: settings, by }: ServiceEvents['venueSettings:changed']) =>
  (s: OrdersState): Partial<OrdersState> => ({
    ...(first ? { orderSettings: settings } : {}),
    orderSettingsOf: { ...s.orderSettingsOf, [venueId]: settings },
    orderSettingsChangedBy: by,
  });

export const createOrdersSlice = ({ bridge, set, now }: SliceContext<OrdersSlice>): OrdersParts => {
  // Events are counted, and each order remembers the count of the last event that carried it:
  // a list asked for before that event must not undo it when its answer comes later (an
  // action's reload answered after the platform's confirmation had arrived left the card
  // "waiting for the platform" for good).
  let eventCount = 0;
  const lastEvent = new Map<string, number>();
  let finished = createFinishedTally();

  /** Takes orders, noting orders the platform cancelled under the staff's hands. */
  const receive = (incoming: Order[], whole: boolean, askedAt?: number): void =>
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
      const merged = whole
        ? keepUnchanged(s.orders, incoming)
        : mergeChanged(s.orders, incoming, before);
      const orders = merged === s.orders ? merged : keepNewestFinished(merged);
      const finishedByDay = finished.take(incoming);
      const cancelledFrom = columnsLeft(s.cancelledFrom, incoming, before, now());
      return { orders, finishedByDay, cancelledFrom };
    });

  const { receiveCues, acknowledgeCue } = createCues(bridge, set);

  const reload = async (): Promise<void> => {
    const askedAt = eventCount;
    receive(await bridge['orders:list']({}), true, askedAt);
  };

  /** Runs one order action: visible as submitting, refused calls shown on the card. */
  const orderAction = async (
    orderId: string,
    call: () => Promise<unknown>,
  ): Promise<BridgeError | null> => {
    set((s) => ({
      submitting: { ...s.submitting, [orderId]: true },
      callErrors: without(s.callErrors, orderId),
    }));
    const failure = await tryCall(call);
    if (failure) set((s) => ({ callErrors: { ...s.callErrors, [orderId]: failure } }));
    // A failed reload is not the action's failure: the status bar says the platform is down.
    else await reload().catch(() => undefined);
    set((s) => ({ submitting: without(s.submitting, orderId) }));
    return failure;
  };

  const initial: OrdersSlice = {
    orders: [],
    finishedByDay: {},
    submitting: {},
    callErrors: {},
    mutedUntil: null,
    cancelled: [],
    cancelledFrom: {},
    startCooking: [],
    arrivals: 0,
    orderSettings: null,
    orderSettingsOf: {},
    orderSettingsChangedBy: 'another-terminal',

    takeAction: (kind, request) =>
      orderAction(request.orderId, () => {
        // The channel of this kind takes this kind's request (the contract derives both).
        const send = bridge[orderActionChannel(kind)] as unknown as (
          request: OrderActionRequestOf<typeof kind>,
        ) => Promise<unknown>;
        return send(request);
      }),
    acknowledgeStartCooking: (orderId) => acknowledgeCue('start-cooking', orderId),
    configureOrders: (changes, venueId) =>
      tryCall(async () => {
        if (venueId === undefined) {
          set({ orderSettings: await bridge['orders:configure'](changes) });
          return;
        }
        const settings = await bridge['orders:configure']({ ...changes, venueId });
        set((s) => ({ orderSettingsOf: { ...s.orderSettingsOf, [venueId]: settings } }));
      }),
    loadOrderSettings: (venueId) =>
      tryCall(async () => {
        const settings = await bridge['orders:settings']({ venueId });
        set((s) => ({ orderSettingsOf: { ...s.orderSettingsOf, [venueId]: settings } }));
      }),
    acknowledgeCancelled: (orderId) => acknowledgeCue('cancelled', orderId),
    showCallError(orderId, error) {
      if (error) set((s) => ({ callErrors: { ...s.callErrors, [orderId]: error } }));
    },
    dismissCallError(orderId) {
      set((s) => ({ callErrors: without(s.callErrors, orderId) }));
    },
    mute() {
      set({ mutedUntil: now() + MUTE_MS });
    },
    unmute() {
      set({ mutedUntil: null });
    },
  };

  return {
    initial,
    listen: () => [
      bridge.on('orders:changed', ({ orders }) => {
        eventCount += 1;
        for (const order of orders) lastEvent.set(order.id, eventCount);
        receive(orders, false);
      }),
      // A new order ends any mute: a mute silences orders staff already saw.
      bridge.on('orders:arrived', () =>
        set((s) => ({ mutedUntil: null, arrivals: s.arrivals + 1 })),
      ),
      bridge.on('cues:changed', ({ cues }) => receiveCues(cues)),
      bridge.on('venueSettings:changed', (event) => set(settingsChanged(event))),
    ],
    receive,
    reload,
    restartTally() {
      finished = createFinishedTally();
    },
    async reloadCues() {
      receiveCues(await bridge['cues:list']({}));
    },
  };
};

export const isRinging = (state: OrdersState, at: number): boolean =>
  (state.mutedUntil === null || at >= state.mutedUntil) &&
  (state.cancelled.length > 0 ||
    state.startCooking.length > 0 ||
    waitingOrders(state.orders).length > 0);

/** An order has waited unanswered long enough that the ring gets louder and faster. */
export const isEscalatedRing = (state: OrdersState, at: number): boolean =>
  waitingOrders(state.orders).some((order) => isEscalated(order, at));
