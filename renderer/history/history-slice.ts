// History and the day summary, read on demand: nothing of them is kept in the store; a refusal
// comes back to the view that asked.
import type {
  Day,
  DaySummary,
  HistoryPage,
  HistoryQuery,
  HistorySettings,
  OrderHistory,
} from '../../shared/history';
import type { Result } from '../ui-kit/bridge';
import { tryRead } from '../ui-kit/bridge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';
import { NO_EVENTS } from '../ui-kit/slice';

export type HistorySlice = {
  searchHistory(query: HistoryQuery): Promise<Result<HistoryPage>>;
  orderHistory(orderId: string): Promise<Result<OrderHistory>>;
  /** `venueId`: one venue's day; every venue's together when absent. */
  daySummary(day: Day, venueId?: string): Promise<Result<DaySummary>>;
  exportDayCsv(day: Day, venueId?: string): Promise<Result<{ filename: string; csv: string }>>;
  historySettings(): Promise<Result<HistorySettings>>;
  configureHistory(settings: HistorySettings): Promise<Result<HistorySettings>>;
};

export const createHistorySlice = ({
  bridge,
}: SliceContext<HistorySlice>): SliceParts<HistorySlice> => ({
  initial: {
    searchHistory: (query) => tryRead(() => bridge['history:search'](query)),
    orderHistory: (orderId) => tryRead(() => bridge['history:order']({ orderId })),
    daySummary: (day, venueId) =>
      tryRead(() => bridge['history:summary'](venueId ? { day, venueId } : { day })),
    exportDayCsv: (day, venueId) =>
      tryRead(() => bridge['history:exportCsv'](venueId ? { day, venueId } : { day })),
    historySettings: () => tryRead(() => bridge['history:settings']({})),
    configureHistory: (settings) => tryRead(() => bridge['history:configure'](settings)),
  },
  listen: NO_EVENTS,
});
