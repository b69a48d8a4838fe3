// The held update's part of the store: a signed update more than one major version ahead waits
// in main until staff let it in (main/updates/). Read on load, then followed by its event.
import type { BridgeError, HeldUpdate } from '../../shared/ipc/contract';
import { tryCall, tryRead } from '../ui-kit/bridge';
import type { Result } from '../ui-kit/bridge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

export type UpdatesSlice = {
  /** The update waiting for staff's OK, or null. */
  heldUpdate: HeldUpdate;
  /** Reads the held update; an event that arrived meanwhile is newer and wins. */
  loadHeldUpdate(): Promise<Result<HeldUpdate>>;
  /** Lets in exactly the version staff were shown; refused (conflict) if another is held now. */
  installUpdate(version: string): Promise<BridgeError | null>;
};

export const createUpdatesSlice = ({
  bridge,
  set,
}: SliceContext<UpdatesSlice>): SliceParts<UpdatesSlice> => {
  let events = 0;
  return {
    initial: {
      heldUpdate: null,
      loadHeldUpdate: async () => {
        const asked = events;
        const result = await tryRead(() => bridge['updates:held']({}));
        if (result.ok && events === asked) set({ heldUpdate: result.value });
        return result;
      },
      installUpdate: (version) =>
        tryCall(async () => set({ heldUpdate: await bridge['updates:install']({ version }) })),
    },
    listen: () => [
      bridge.on('updates:changed', (heldUpdate) => {
        events += 1;
        set({ heldUpdate });
      }),
    ],
  };
};
