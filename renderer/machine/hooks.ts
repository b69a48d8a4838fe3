// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { Result } from '../ui-kit/bridge';
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { MachineSlice } from './machine-slice';

/** What it reads of the other slices. */
type Ports = {
  exportDiagnostics(): Promise<Result<{ file: string; bytes: number }>>;
};

export type MachineView = MachineSlice & AppSlice & Ports;

export const { useApp, useAppStore } = viewHooks<MachineView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
