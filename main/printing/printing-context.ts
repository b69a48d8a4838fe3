// The printing slice's state and dependencies, passed explicitly to the module-level functions
// of print-worker.ts, print-requests.ts and print-handlers.ts; settings and printer status.
import type { DaySummary } from '../../shared/history';
import type { Order, OrderActionKind } from '../../shared/domain';
import type {
  PrintDocumentKind,
  PrinterConfig,
  PrinterStatus,
  PrintJob,
  PrintSettings,
  PrintState,
} from '../../shared/printing';
import type { OrderDocumentKind, PaperWidthMm, PrintDocument } from '../../shared/printing';
import { orderDocument } from './documents';
import { DEFAULT_PRINT_SETTINGS } from '../../shared/printing';
import type { Language } from '../../shared/i18n';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import type { PrintStore } from './print-store';
import { createPrintStore } from './print-store';
import type { StatusReading, Timeouts, Transport } from './transports';
import { createTransport, DEFAULT_TIMEOUTS } from './transports';
import type { OrderPrintHook } from '../../shared/order-actions';

/** What printing needs of an order action taken here (the orders slice tells more). */
export type OrderActionNotice = {
  orderId: string;
  orderNumber: string;
  action: OrderActionKind;
  actionId: string;
  /** What its declaration asks to print; the settings say which documents that is. */
  prints: readonly OrderPrintHook[];
};

export type PrintingDeps = {
  db: Database;
  now: () => Date;
  audit: AuditLog;
  hub: EventHub;
  settings: Settings;
  order: (orderId: string) => Order | null;
  venueName: () => string | null;
  /**
   * The day's summary (the history slice) of one venue, or every venue's when none is named;
   * throws when it cannot be made, and for a venue this terminal does not serve.
   */
  daySummary: (day: string, venueId?: string) => DaySummary;
  /** The CUPS `lp` command (tests: a script that forwards to the virtual printer). */
  lpCommand?: string;
  /** The CUPS `lpstat` command, asked whether a queue is paused. */
  lpstatCommand?: string;
  timeouts?: Partial<Timeouts>;
  /** Status checks while jobs wait (default 3 s), and when idle (default 30 s). */
  pollWaitingMs?: number;
  pollIdleMs?: number;
  /**
   * Which terminal of the venue prints an order document (docs/architecture.md, duties done once
   * per venue): this one, another (assigned in the venue's settings), or none assigned (the
   * terminal whose action triggers it prints it), by the settings of the order's own venue.
   * Absent: this terminal decides alone.
   */
  printDuty?: (document: OrderDocumentKind, orderId: string) => PrintDuty;
  /** Claims an unassigned document of an order at the relay: true when this terminal prints it. */
  claimPrint?: (orderId: string, document: OrderDocumentKind) => Promise<boolean>;
  /** The screen's language: the kitchen's until staff choose its own (default English). */
  screenLanguage?: () => Language;
};

export type PrintDuty = 'mine' | 'other' | 'unassigned';

export type PrintingContext = {
  deps: PrintingDeps;
  db: Database;
  now: () => Date;
  audit: AuditLog;
  store: PrintStore;
  transport: Transport;
  pollWaitingMs: number;
  pollIdleMs: number;
  closed: boolean;
  statuses: Map<string, PrinterStatus>;
  /** The ids of the jobs the last event left listed (see `changes`). */
  told: Set<string>;
  /** One worker per printer: its jobs go in order, one at a time. */
  workers: Map<string, Promise<void>>;
  again: Set<string>;
  /** A kick of every printer is scheduled for this turn of the loop (print-worker.ts, kickSoon). */
  kickQueued: boolean;
  lastChecked: Map<string, number>;
  checking: Set<string>;
  /** Tells the renderer what changed (batched, once per tick). */
  changed: () => void;
};

export const SETTINGS_KEY = 'print-settings';
const RECENT_JOBS = 50;

export const DOCUMENT_NAME: Record<PrintDocumentKind, string> = {
  'kitchen-ticket': 'kitchen tickets',
  'pickup-label': 'pickup labels',
  receipt: 'receipts',
  'day-summary': 'day summaries',
  'test-page': 'test pages',
};

export const createPrintingContext = (deps: PrintingDeps): PrintingContext => {
  const ctx: PrintingContext = {
    deps,
    db: deps.db,
    now: deps.now,
    audit: deps.audit,
    store: createPrintStore(deps.db),
    transport: createTransport({
      lpCommand: deps.lpCommand ?? 'lp',
      lpstatCommand: deps.lpstatCommand ?? 'lpstat',
      timeouts: { ...DEFAULT_TIMEOUTS, ...deps.timeouts },
    }),
    pollWaitingMs: deps.pollWaitingMs ?? 3_000,
    pollIdleMs: deps.pollIdleMs ?? 30_000,
    closed: false,
    statuses: new Map(),
    told: new Set(),
    workers: new Map(),
    again: new Set(),
    kickQueued: false,
    lastChecked: new Map(),
    checking: new Set(),
    changed: () => undefined,
  };
  // Nothing is told after close (a notice may still be scheduled for the next tick).
  ctx.changed = deps.hub.batched('print:changed', () => (ctx.closed ? null : changes(ctx)));
  return ctx;
};

/** The settings staff saved, only those: a default is never stored as if chosen. */
export const storedSettings = (ctx: PrintingContext): Partial<PrintSettings> =>
  ctx.deps.settings.get<Partial<PrintSettings>>(SETTINGS_KEY) ?? {};

export const readSettings = (ctx: PrintingContext): PrintSettings => ({
  ...DEFAULT_PRINT_SETTINGS,
  // Until staff choose, the kitchen reads the screen's language (not the computer's locale: a
  // Finnish counter on an English-installed POS box prints Finnish).
  kitchenLanguage: ctx.deps.screenLanguage?.() ?? DEFAULT_PRINT_SETTINGS.kitchenLanguage,
  ...storedSettings(ctx),
});
export const printerOf = (ctx: PrintingContext, id: string): PrinterConfig | null =>
  readSettings(ctx).printers.find((p) => p.id === id) ?? null;
export const printersFor = (ctx: PrintingContext, document: PrintDocumentKind): PrinterConfig[] =>
  readSettings(ctx).printers.filter((p) => p.documents.includes(document));

export const statusOf = (ctx: PrintingContext, printer: PrinterConfig): PrinterStatus =>
  ctx.statuses.get(printer.id) ?? {
    printerId: printer.id,
    state: 'unknown',
    paperNearEnd: false,
    checkedAt: null,
    message: null,
  };

export const printState = (ctx: PrintingContext): PrintState => {
  const settings = readSettings(ctx);
  return {
    settings,
    printers: settings.printers.map((printer) => statusOf(ctx, printer)),
    jobs: ctx.store.recent(RECENT_JOBS),
    gone: null,
  };
};

// Each event tells what differs from the jobs the last one left: the jobs the store changed since
// (it records them itself, so no caller can forget to name one), those that came into the list
// and the ids that left it. Only their rows are read: reading and comparing the whole list for
// every change made printing a queue of n tickets cost n² row reads on main's loop.
const changes = (ctx: PrintingContext): PrintState => {
  const settings = readSettings(ctx);
  const ids = ctx.store.recentIds(RECENT_JOBS);
  const touched = new Set(ctx.store.takeTouched());
  const listed = new Set(ids);
  const jobs = ids
    .filter((id) => touched.has(id) || !ctx.told.has(id))
    .map((id) => ctx.store.get(id))
    .filter((job): job is PrintJob => job !== null);
  const gone = [...ctx.told].filter((id) => !listed.has(id));
  ctx.told = listed;
  return {
    settings,
    printers: settings.printers.map((printer) => statusOf(ctx, printer)),
    jobs,
    gone,
  };
};

/** A status read back (or learned from a print): staff see a change at once. */
export const observe = (ctx: PrintingContext, printerId: string, reading: StatusReading): void => {
  const before = ctx.statuses.get(printerId);
  const next: PrinterStatus = {
    printerId,
    state: reading.state,
    paperNearEnd: reading.paperNearEnd,
    checkedAt: ctx.now().toISOString(),
    message: reading.message,
  };
  ctx.statuses.set(printerId, next);
  if (
    before?.state !== next.state ||
    before.paperNearEnd !== next.paperNearEnd ||
    before.message !== next.message
  ) {
    if (before && before.state !== next.state)
      ctx.audit.record({
        action: 'printer',
        subject: printerId,
        outcome: next.state,
        detail: next.message,
      });
    ctx.changed();
  }
};

/**
 * An order's document as this terminal prints it: under its venue's name; the kitchen ticket in
 * the kitchen's language, the label and the receipt in the screen's.
 */
export const orderDocumentFor = (
  ctx: PrintingContext,
  kind: OrderDocumentKind,
  order: Order,
  paperWidth: PaperWidthMm,
): PrintDocument =>
  orderDocument(kind, order, paperWidth, ctx.deps.venueName(), {
    kitchen: readSettings(ctx).kitchenLanguage,
    screen: ctx.deps.screenLanguage?.() ?? 'en',
  });
