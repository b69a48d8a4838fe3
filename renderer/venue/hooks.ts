// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { VenueSlice } from './venue-slice';

export type VenueView = VenueSlice & AppSlice;

export const { useApp, useAppStore } = viewHooks<VenueView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
