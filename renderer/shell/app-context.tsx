// The shell's view of the store: all of it (the slices read theirs through their own hooks.ts).
import { viewHooks } from '../ui-kit/store-context';
import type { AppState } from './store';

export const { useApp, useAppStore } = viewHooks<AppState>();
export { StoreProvider, useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
