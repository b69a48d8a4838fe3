// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { SetupSlice } from './setup-slice';

export type SetupView = SetupSlice & AppSlice;

export const { useApp, useAppStore } = viewHooks<SetupView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
