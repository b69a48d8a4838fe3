// Order history (the orders slice's, on its own tables): search beyond "Done today", an order's
// timeline, the end-of-day summary and its CSV, and retention of customers' personal data.
// A day is a calendar day in the venue's time zone, and an order belongs to the day it was placed.
// Each concern is its own file (history-*.ts) of module-level functions over its context; this
// file only composes them.
import type { Day, DaySummary } from '../../shared/history';
import type { ServiceApi } from '../../shared/ipc/contract';
import { channels } from '../../shared/ipc/contract';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import { RETENTION_MAX_DAYS, RETENTION_MIN_DAYS } from '../../shared/history';
import type { OrderHistoryDeps } from './history-context';
import { exportCsv } from './history-csv';
import { daySummary } from './history-day-summary';
import type { RetentionContext, RetentionReason } from './history-retention';
import {
  createRetentionContext,
  readHistorySettings,
  RETENTION_EVERY_MS,
  RETENTION_KEY,
  runRetention,
} from './history-retention';
import { createSearchContext, search } from './history-search';
import { createTimelineContext, timelineWithElsewhere } from './history-timeline';

export type { OrderPrintJobs, RetentionHook } from './history-context';

type HistoryChannels =
  | 'history:search'
  | 'history:order'
  | 'history:summary'
  | 'history:exportCsv'
  | 'history:settings'
  | 'history:configure';

export type OrderHistoryApi = {
  handlers: Pick<ServiceApi, HistoryChannels>;
  /** The day's summary (also what the printed day summary shows). */
  /** The day's summary of one venue served here (refused otherwise), or of every venue. */
  daySummary(day: Day, venueId?: string): DaySummary;
  /** Removes personal data of orders older than the retention, then runs the hooks; audited. */
  runRetention(reason: RetentionReason): Promise<void>;
  /** Runs retention now and every hour. */
  start(): void;
  /** Stops the schedule; resolves when a run under way has stopped. */
  close(): Promise<void>;
};

const configure = async (
  retention: RetentionContext,
  request: Parameters<ServiceApi['history:configure']>[0],
) => {
  const { deps } = retention;
  // The host validated it; checked again here because this is where the setting is kept.
  const parsed = channels['history:configure'].request.safeParse(request);
  if (!parsed.success)
    throw new ServiceError(
      'invalid-request',
      refusal('retention-invalid', RETENTION_MIN_DAYS, RETENTION_MAX_DAYS),
    );
  deps.settings.set(RETENTION_KEY, parsed.data.retentionDays);
  deps.audit.record({
    action: 'history-settings',
    subject: 'history',
    outcome: 'changed',
    detail: `Retention ${parsed.data.retentionDays} days`,
  });
  await runRetention(retention, 'setting');
  return readHistorySettings(deps);
};

/** A venue asked for by name must be one of this terminal's: another venue's history is not here. */
const servedVenue = (deps: OrderHistoryDeps, venueId: string | undefined): string | undefined => {
  if (venueId === undefined || !deps.venues) return venueId;
  if (!deps.venues().some((venue) => venue.venueId === venueId))
    throw new ServiceError('invalid-request', refusal('venue-not-connected'));
  return venueId;
};

export const createOrderHistory = (deps: OrderHistoryDeps): OrderHistoryApi => {
  const timelines = createTimelineContext(deps);
  const searches = createSearchContext(deps);
  const retention = createRetentionContext(deps);
  let timer: NodeJS.Timeout | null = null;
  return {
    handlers: {
      'history:search': async (query) => {
        servedVenue(deps, query.venueId);
        return search(searches, query);
      },
      'history:order': ({ orderId }) => timelineWithElsewhere(timelines, orderId),
      'history:summary': async ({ day, venueId }) =>
        daySummary(timelines, day, servedVenue(deps, venueId)),
      'history:exportCsv': async ({ day, venueId }) =>
        exportCsv(timelines, day, servedVenue(deps, venueId)),
      'history:settings': async () => readHistorySettings(deps),
      'history:configure': (request) => configure(retention, request),
    },
    daySummary: (day, venueId) => daySummary(timelines, day, servedVenue(deps, venueId)),
    runRetention: (reason) => runRetention(retention, reason),
    start: () => {
      void runRetention(retention, 'start');
      timer = setInterval(() => void runRetention(retention, 'schedule'), RETENTION_EVERY_MS);
      timer.unref();
    },
    close: async () => {
      retention.closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await retention.running;
    },
  };
};
