// The renderer's one store, composed of the slices' parts: each slice owns its state and actions
// (its folder's *-slice.ts), fed only by the Bridge: initial reads, then the service's events.
// Here: what runs across slices (the first load, the events' lifetime) and nothing else.
import { createStore } from 'zustand/vanilla';
import type { Bridge } from '../../shared/ipc/contract';
import { createAppSlice } from '../ui-kit/app-slice';
import type { AppSlice, ThemeOptions } from '../ui-kit/app-slice';
import { toBridgeError } from '../ui-kit/bridge';
import type { SliceContext } from '../ui-kit/slice';
import { createDeliverySlice } from '../delivery/delivery-slice';
import type { DeliverySlice } from '../delivery/delivery-slice';
import type { DeliveryView } from '../delivery/hooks';
import { createDiagnosticsSlice } from '../diagnostics/diagnostics-slice';
import type { DiagnosticsSlice } from '../diagnostics/diagnostics-slice';
import type { DiagnosticsView } from '../diagnostics/hooks';
import { createHistorySlice } from '../history/history-slice';
import type { HistorySlice } from '../history/history-slice';
import type { HistoryView } from '../history/hooks';
import { createMachineSlice } from '../machine/machine-slice';
import type { MachineSlice } from '../machine/machine-slice';
import type { MachineView } from '../machine/hooks';
import { createMenuSlice, withMenus } from '../menu/menu-slice';
import type { MenuSlice } from '../menu/menu-slice';
import type { MenuView } from '../menu/hooks';
import { createOrdersSlice } from '../orders/orders-slice';
import type { OrdersSlice } from '../orders/orders-slice';
import type { OrdersView } from '../orders/hooks';
import { createPrintingSlice } from '../printing/printing-slice';
import type { PrintingSlice } from '../printing/printing-slice';
import type { PrintingView } from '../printing/hooks';
import { createSetupSlice } from '../setup/setup-slice';
import type { SetupSlice } from '../setup/setup-slice';
import type { SetupView } from '../setup/hooks';
import { createStreamSlice } from '../stream/stream-slice';
import type { StreamSlice } from '../stream/stream-slice';
import type { StreamView } from '../stream/hooks';
import { createVenueSlice } from '../venue/venue-slice';
import type { VenueSlice } from '../venue/venue-slice';
import type { VenueView } from '../venue/hooks';
import { createUpdatesSlice } from '../updates/updates-slice';
import type { UpdatesSlice } from '../updates/updates-slice';
import type { UpdatesView } from '../updates/hooks';

export type ShellSlice = {
  loaded: boolean;
  loadError: string | null;
  init(): Promise<void>;
  dispose(): void;
};

export type AppState = ShellSlice &
  AppSlice &
  SetupSlice &
  StreamSlice &
  OrdersSlice &
  DiagnosticsSlice &
  VenueSlice &
  MenuSlice &
  DeliverySlice &
  MachineSlice &
  PrintingSlice &
  HistorySlice &
  UpdatesSlice;

// Each slice reads the store through its view (its own part and the ports it declares): the
// composed store must satisfy every one of them.
type Satisfies<T extends V, V> = T;
export type SliceViews = [
  Satisfies<AppState, SetupView>,
  Satisfies<AppState, StreamView>,
  Satisfies<AppState, OrdersView>,
  Satisfies<AppState, DiagnosticsView>,
  Satisfies<AppState, VenueView>,
  Satisfies<AppState, MenuView>,
  Satisfies<AppState, DeliveryView>,
  Satisfies<AppState, MachineView>,
  Satisfies<AppState, PrintingView>,
  Satisfies<AppState, HistoryView>,
  Satisfies<AppState, UpdatesView>,
];

export type AppStore = ReturnType<typeof createAppStore>;

export type StoreOptions = ThemeOptions & { now?: () => number };

export const createAppStore = (bridge: Bridge, options: StoreOptions = {}) => {
  const now = options.now ?? Date.now;
  const unsubscribers: Array<() => void> = [];
  let statusChanged: (status: AppState['status']) => void = () => undefined;
  // Status events seen, so a load does not put back a status older than the last event's.
  let statusEvents = 0;

  const store = createStore<AppState>()((set, get) => {
    // Each slice sees the store typed as its own part only (a context of the whole store is one
    // of its part's: the typecheck proves each slice's part is in the store).
    const context: SliceContext<AppState> = { bridge, get, set: (partial) => set(partial), now };
    const app = createAppSlice(context, options);
    const orders = createOrdersSlice(context);
    const diagnostics = createDiagnosticsSlice(context, { reloadOrders: orders.reload });
    const venue = createVenueSlice(context);
    const menu = createMenuSlice(context);
    const delivery = createDeliverySlice(context);
    const machine = createMachineSlice(context);
    const printing = createPrintingSlice(context);
    const history = createHistorySlice(context);
    const stream = createStreamSlice(context);
    const updates = createUpdatesSlice(context);
    statusChanged = stream.statusChanged;

    const loadConfigured = async (): Promise<void> => {
      // Right after a connect the relay link comes up and waiting orders arrive while this load
      // runs: a status or an order an event brought meanwhile is newer than what the load read.
      const statusAsked = statusEvents;
      orders.restartTally();
      const [
        status,
        ,
        outbox,
        venueState,
        menuStates,
        deliveries,
        deliverySetup,
        orderSettings,
        streamState,
      ] = await Promise.all([
        bridge['status:get']({}),
        orders.reload(),
        bridge['outbox:list']({}),
        bridge['venue:get']({}),
        // Every venue's menu (a window opened after a restart or a reconnect was told none).
        bridge['menu:list']({}),
        bridge['delivery:list']({}),
        bridge['delivery:get']({}),
        bridge['orders:settings']({}),
        bridge['stream:get']({}),
        venue.load(),
      ]);
      set({
        ...(statusEvents === statusAsked ? { status } : {}),
        outbox,
        venue: venueState,
        ...withMenus(get(), menuStates),
        deliveries,
        deliverySetup,
        orderSettings,
        stream: streamState,
      });
      await printing.load();
      // What rings is main's: a window opened mid-alarm rings at once.
      await orders.reloadCues();
    };
    const setup = createSetupSlice(context, { loadConfigured });
    const listening = [
      app,
      setup,
      stream,
      orders,
      diagnostics,
      venue,
      menu,
      delivery,
      machine,
      printing,
      history,
      updates,
    ];

    return {
      ...app.initial,
      ...setup.initial,
      ...stream.initial,
      ...orders.initial,
      ...diagnostics.initial,
      ...venue.initial,
      ...menu.initial,
      ...delivery.initial,
      ...machine.initial,
      ...printing.initial,
      ...history.initial,
      ...updates.initial,
      loaded: false,
      loadError: null,

      async init() {
        get().dispose();
        for (const part of listening) unsubscribers.push(...part.listen());
        unsubscribers.push(
          bridge.on('status:changed', () => {
            statusEvents += 1;
          }),
        );
        try {
          const [setupState, machineSettings] = await Promise.all([
            bridge['setup:get']({}),
            bridge['machine:get']({}),
          ]);
          set({ setup: setupState, machine: machineSettings });
          // A held update is a notice, not the shell's footing: a failed read leaves it unshown
          // until its event (or the next load) brings it.
          await get().loadHeldUpdate();
          if (setupState.configured) await loadConfigured();
          else set({ status: await bridge['status:get']({}) });
          set({ loaded: true, loadError: null });
        } catch (error) {
          set({ loaded: false, loadError: toBridgeError(error).message });
        }
      },

      dispose() {
        for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      },
    };
  });
  // Every way a status arrives (load, event, refresh) passes here.
  store.subscribe((state, previous) => {
    if (state.status !== previous.status) statusChanged(state.status);
  });
  return store;
};
