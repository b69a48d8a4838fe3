// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { BridgeError } from '../../shared/ipc/contract';
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { DeliverySlice } from './delivery-slice';

/** What it reads of the other slices. */
type Ports = {
  /** Drops an action that failed for good (the outbox's, in diagnostics). */
  discard(actionId: string): Promise<BridgeError | null>;
};

export type DeliveryView = DeliverySlice & AppSlice & Ports;

export const { useApp, useAppStore } = viewHooks<DeliveryView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
