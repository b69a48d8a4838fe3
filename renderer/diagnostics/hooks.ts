// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { DiagnosticsSlice } from './diagnostics-slice';

export type DiagnosticsView = DiagnosticsSlice & AppSlice;

export const { useApp, useAppStore } = viewHooks<DiagnosticsView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
