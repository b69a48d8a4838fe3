// How this slice's components read the store: its own part, the shared app state, and the ports
// below (what it reads of other slices, by name and shared type; shell/store.ts checks the
// composed store provides them).
import type { Result } from '../ui-kit/bridge';
import type { AppSlice } from '../ui-kit/app-slice';
import { viewHooks } from '../ui-kit/store-context';
import type { VenueState } from '../../shared/domain';
import type { Day } from '../../shared/history';
import type { RequestOf } from '../../shared/ipc/contract';
import type { OrderDocumentKind, PrintDocument, PrintState } from '../../shared/printing';
import type { HistorySlice } from './history-slice';

/** What it reads of the other slices. */
type Ports = {
  venue: VenueState | null;
  print: PrintState | null;
  printOrder(orderId: string, document: OrderDocumentKind): Promise<Result<string[]>>;
  printDaySummary(day: Day, venueId?: string): Promise<Result<string[]>>;
  previewPrint(request: RequestOf<'print:preview'>): Promise<Result<PrintDocument>>;
};

export type HistoryView = HistorySlice & AppSlice & Ports;

export const { useApp, useAppStore } = viewHooks<HistoryView>();
export { useNow, usePlatformOffset, useSounding } from '../ui-kit/store-context';
