// History and the day summary, read on demand: nothing of them is kept in the store, errors
// propagate to the view that asked.
import type {
  Day,
  DaySummary,
  HistoryPage,
  HistoryQuery,
  HistorySettings,
  OrderHistory,
} from '../../shared/history';
import type { SliceContext, SliceParts } from '../ui-kit/slice';
import { NO_EVENTS } from '../ui-kit/slice';

export type HistorySlice = {
  searchHistory(query: HistoryQuery): Promise<HistoryPage>;
  orderHistory(orderId: string): Promise<OrderHistory>;
  daySummary(day: Day): Promise<DaySummary>;
  exportDayCsv(day: Day): Promise<{ filename: string; csv: string }>;
  historySettings(): Promise<HistorySettings>;
  configureHistory(settings: HistorySettings): Promise<HistorySettings>;
};

export const createHistorySlice = ({
  bridge,
}: SliceContext<HistorySlice>): SliceParts<HistorySlice> => ({
  initial: {
    searchHistory: (query) => bridge['history:search'](query),
    orderHistory: (orderId) => bridge['history:order']({ orderId }),
    daySummary: (day) => bridge['history:summary']({ day }),
    exportDayCsv: (day) => bridge['history:exportCsv']({ day }),
    historySettings: () => bridge['history:settings']({}),
    configureHistory: (settings) => bridge['history:configure'](settings),
  },
  listen: NO_EVENTS,
});
