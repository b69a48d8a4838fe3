// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { Order } from '../../shared/domain';
import type { PrintingSlice } from './printing-slice';

/** What it reads of the other slices. */
type Ports = {
  orders: Order[];
};

export type PrintingView = PrintingSlice & AppSlice & Ports;

export const { useApp, useAppStore } = viewHooks<PrintingView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
