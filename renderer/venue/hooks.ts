// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { ConnectedVenue } from '../../shared/ipc/contract';
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { VenueSlice } from './venue-slice';

/** What it reads of the other slices. */
type Ports = {
  /** Setup's: the venues this terminal serves, the one set up first first. */
  setup: { venues: readonly ConnectedVenue[] } | null;
};

export type VenueView = VenueSlice & AppSlice & Ports;

export const { useApp, useAppStore } = viewHooks<VenueView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
