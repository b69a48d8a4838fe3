// First-run setup: whether a venue is connected, and connecting one.
import type {
  BridgeError,
  RequestOf,
  SetupChangeRequest,
  SetupConnectRequest,
  SetupState,
} from '../../shared/ipc/contract';
import type { Result } from '../ui-kit/bridge';
import { tryCall, tryRead } from '../ui-kit/bridge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';
import { NO_EVENTS } from '../ui-kit/slice';

export type SetupSlice = {
  setup: SetupState | null;
  /** Staff asked to (re)connect even though a venue is configured. */
  setupOpen: boolean;
  connect(request: SetupConnectRequest): Promise<Result<{ venueId: string }>>;
  /** The relay link changed without a new code (the service checks it first). */
  changeConnection(request: SetupChangeRequest): Promise<BridgeError | null>;
  /** Resets the terminal (staff PIN); the setup screen follows. */
  disconnect(request: RequestOf<'setup:disconnect'>): Promise<BridgeError | null>;
  openSetup(open: boolean): void;
  /** Staff asked for the connection form (the relay refused the key): counts each ask. */
  connectionAsked: number;
  askConnection(): void;
};

/** What the slice needs of the shell: a venue connected, everything is read for it. */
export type SetupPorts = { loadConfigured(): Promise<void> };

export const createSetupSlice = (
  { bridge, set }: SliceContext<SetupSlice>,
  ports: SetupPorts,
): SliceParts<SetupSlice> => ({
  initial: {
    setup: null,
    setupOpen: false,
    async connect(request) {
      // A refusal comes back: the setup screen shows it next to the form.
      const result = await tryRead(async () => {
        const connected = await bridge['setup:connect'](request);
        set({ setup: await bridge['setup:get']({}), setupOpen: false });
        return connected;
      });
      // What loading fails to read, each panel says (the status bar: the platform is down).
      if (result.ok) await ports.loadConfigured().catch(() => undefined);
      return result;
    },
    changeConnection: (request) =>
      tryCall(async () => set({ setup: await bridge['setup:change'](request) })),
    disconnect: (request) =>
      tryCall(async () => {
        await bridge['setup:disconnect'](request);
        set({ setup: await bridge['setup:get']({}), setupOpen: false });
      }),
    openSetup(open) {
      set({ setupOpen: open });
    },
    connectionAsked: 0,
    askConnection() {
      set((state) => ({ connectionAsked: state.connectionAsked + 1 }));
    },
  },
  listen: NO_EVENTS,
});
