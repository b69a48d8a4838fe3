// First-run setup: whether a venue is connected, and connecting one.
import type { SetupConnectRequest, SetupState } from '../../shared/ipc/contract';
import type { SliceContext, SliceParts } from '../ui-kit/slice';
import { NO_EVENTS } from '../ui-kit/slice';

export type SetupSlice = {
  setup: SetupState | null;
  /** Staff asked to (re)connect even though a venue is configured. */
  setupOpen: boolean;
  connect(request: SetupConnectRequest): Promise<{ venueId: string }>;
  openSetup(open: boolean): void;
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
      // Errors propagate: the setup screen shows them next to the form.
      const result = await bridge['setup:connect'](request);
      const setup = await bridge['setup:get']({});
      set({ setup, setupOpen: false });
      await ports.loadConfigured().catch(() => undefined);
      return result;
    },
    openSetup(open) {
      set({ setupOpen: open });
    },
  },
  listen: NO_EVENTS,
});
