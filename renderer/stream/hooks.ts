// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { Order, VenueState } from '../../shared/domain';
import type { BridgeError } from '../../shared/ipc/contract';
import type { StreamSlice } from './stream-slice';

/** What it reads of the other slices. */
type Ports = {
  venue: VenueState | null;
  setOnline(online: boolean, until: string | null): Promise<BridgeError | null>;
  /** Every venue of the terminal whose status was read (the offline banner names each). */
  venues: VenueState[];
  setVenuesOnline(
    venueIds: readonly string[],
    online: boolean,
    until: string | null,
  ): Promise<BridgeError | null>;
  setupOpen: boolean;
  openSetup(open: boolean): void;
  /** The setup slice's: staff asked for the connection form (a new terminal key). */
  askConnection(): void;
  cancelled: Array<{ id: string; orderNumber: string }>;
  /** The orders' (the gap notice names those placed while the stream was down). */
  orders: Order[];
  acknowledgeCancelled(orderId: string): void;
};

export type StreamView = StreamSlice & AppSlice & Ports;

export const { useApp, useAppStore } = viewHooks<StreamView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
