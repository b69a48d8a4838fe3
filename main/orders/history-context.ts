// Order history's dependencies and state, passed explicitly to the module-level functions of
// history-search.ts, history-timeline.ts, history-day-summary.ts, history-csv.ts and
// history-retention.ts; each of those prepares its own SQL on the orders slice's tables.
import type { Language } from '../../shared/i18n';
import type { TimelineEntry } from '../../shared/history';
import type { PrintJob } from '../../shared/printing';
import type { AuditLog } from '../audit/audit-log';
import type { ActionHistory } from '../outbox/outbox';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import type { OrderStore } from './order-store';

/** The print jobs of an order with their printer's name, from the printing slice (core wires it). */
export type OrderPrintJobs = (orderId: string) => Array<PrintJob & { printerName: string | null }>;
/** The outbox's read projection: every row of these subjects with its tries. */
export type ActionHistories = (subjects: readonly string[]) => ActionHistory[];
/**
 * Another domain's own removal of personal data older than the cutoff (deliveries, outbox
 * payloads, print jobs): it returns how many of its records it changed, for the audit.
 */
export type RetentionHook = { name: string; forget: (cutoff: string) => number };

export type OrderHistoryDeps = {
  db: Database;
  now: () => Date;
  store: OrderStore;
  settings: Settings;
  audit: AuditLog;
  actions: ActionHistories;
  printJobs: OrderPrintJobs;
  /** The venue's time zone (the terminal's). */
  timeZone: () => string;
  /** The screen's language, which the CSV's headers and words are written in (English if absent). */
  language?: () => Language;
  /** Other domains' removals of personal data, run after the orders'. */
  retention: readonly RetentionHook[];
  /** The actions other terminals of the venue took on an order (none when no one can say). */
  elsewhere?: ActionsElsewhere;
  /**
   * The venues this terminal serves, the one set up first first, each with its name (history,
   * summary and CSV per venue refuse any other). Absent: one venue, whatever the orders say.
   */
  venues?: () => ReadonlyArray<{ venueId: string; name: string | null }>;
};

export type ActionsElsewhere = (
  orderId: string,
) => Promise<Array<Extract<TimelineEntry, { kind: 'elsewhere' }>>>;

export const ms = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const value = Date.parse(iso);
  return Number.isNaN(value) ? null : value;
};
