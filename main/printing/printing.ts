// The printing slice: print settings, the printers' status, the durable print jobs (print_jobs,
// migration 009), the documents of documents.ts encoded by escpos.ts and sent by transports.ts;
// `print:*` channels and the `print:changed` event. Orders reach it through two hooks core wires
// to the orders slice: an action taken here (accept, ready) and a new order.
//
// Jobs: one row per request and printer (a reprint is a new request). A job goes `queued` →
// `printing` → `printed`; a printer that cannot take it leaves it `waiting` (loud: in the state,
// the audit log) and it goes by itself when the printer is back. Nothing reaches a network
// printer that does not answer "ready" first; a failure after the bytes went out (the ticket may
// be half printed) or a crash mid-print holds the job for staff (`print:retry`), never reprinted
// on its own: a second full ticket would make the kitchen cook twice.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { DaySummary } from '../../shared/history';
import type { Order, OrderActionKind } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { OrderPrintHook } from '../../shared/order-actions';
import type {
  OrderDocumentKind,
  PrintDocument,
  PrintDocumentKind,
  PrinterConfig,
  PrinterStatus,
  PrintJob,
  PrintSettings,
  PrintState,
} from '../../shared/printing';
import { DEFAULT_PRINT_SETTINGS } from '../../shared/printing';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import { ServiceError } from '../service-error';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import { daySummaryDocument, orderDocument, sampleOrder, testPage } from './documents';
import { encodeDocument } from './escpos';
import type { NewJob, StoredJob } from './print-store';
import { createPrintStore } from './print-store';
import type { StatusReading, Timeouts } from './transports';
import { createTransport, DEFAULT_TIMEOUTS, PrintFailure } from './transports';

type PrintChannels =
  | 'print:get'
  | 'print:configure'
  | 'print:order'
  | 'print:daySummary'
  | 'print:test'
  | 'print:preview'
  | 'print:retry'
  | 'print:cancel';

/** What printing needs of an order action taken here (the orders slice tells more). */
export type OrderActionNotice = {
  orderId: string;
  orderNumber: string;
  action: OrderActionKind;
  actionId: string;
  /** What its declaration asks to print; the settings say which documents that is. */
  prints: readonly OrderPrintHook[];
};

export type PrintingSlice = {
  handlers: Pick<ServiceApi, PrintChannels>;
  /** Runs inside the order action's transaction: its print jobs commit (or not) with it. */
  orderAction(notice: OrderActionNotice): void;
  /** A new order reached this terminal. */
  orderArrived(order: { orderId: string; orderNumber: string }): void;
  /** An order's print jobs with their printer's name (the history timeline). */
  jobsOfOrder(orderId: string): Array<PrintJob & { printerName: string }>;
  /**
   * Retention: jobs keep no customer's data (what prints is rendered from the order when it
   * prints), so there is nothing to forget; kept so retention can call every slice alike.
   */
  forgetPersonalBefore(cutoffIso: string): number;
  state(): PrintState;
  close(): Promise<void>;
};

const SETTINGS_KEY = 'print-settings';
const RECENT_JOBS = 50;

const DOCUMENT_NAME: Record<PrintDocumentKind, string> = {
  'kitchen-ticket': 'kitchen tickets',
  'pickup-label': 'pickup labels',
  receipt: 'receipts',
  'day-summary': 'day summaries',
  'test-page': 'test pages',
};

const READY_DOCUMENTS: Record<PrintSettings['onReady'], OrderDocumentKind[]> = {
  'pickup-label': ['pickup-label'],
  receipt: ['receipt'],
  both: ['pickup-label', 'receipt'],
  none: [],
};

/** The documents each print hook of an order action (shared/order-actions.ts) prints, by the settings. */
const PRINT_HOOKS: Record<OrderPrintHook, (settings: PrintSettings) => OrderDocumentKind[]> = {
  'kitchen-ticket': (settings) => (settings.kitchenTicket === 'accept' ? ['kitchen-ticket'] : []),
  'ready-documents': (settings) => READY_DOCUMENTS[settings.onReady],
};

export const createPrintingSlice = (deps: {
  db: Database;
  now: () => Date;
  audit: AuditLog;
  hub: EventHub;
  settings: Settings;
  order: (orderId: string) => Order | null;
  venueName: () => string | null;
  /** The day's summary (the history slice); throws when it cannot be made. */
  daySummary: (day: string) => DaySummary;
  /** The CUPS `lp` command (tests: a script that forwards to the virtual printer). */
  lpCommand?: string;
  /** The CUPS `lpstat` command, asked whether a queue is paused. */
  lpstatCommand?: string;
  timeouts?: Partial<Timeouts>;
  /** Status checks while jobs wait (default 3 s), and when idle (default 30 s). */
  pollWaitingMs?: number;
  pollIdleMs?: number;
}): PrintingSlice => {
  const { db, now, audit, hub } = deps;
  const store = createPrintStore(db);
  const transport = createTransport({
    lpCommand: deps.lpCommand ?? 'lp',
    lpstatCommand: deps.lpstatCommand ?? 'lpstat',
    timeouts: { ...DEFAULT_TIMEOUTS, ...deps.timeouts },
  });
  const pollWaitingMs = deps.pollWaitingMs ?? 3_000;
  const pollIdleMs = deps.pollIdleMs ?? 30_000;

  const readSettings = (): PrintSettings => ({
    ...DEFAULT_PRINT_SETTINGS,
    ...(deps.settings.get<Partial<PrintSettings>>(SETTINGS_KEY) ?? {}),
  });
  const printerOf = (id: string): PrinterConfig | null =>
    readSettings().printers.find((p) => p.id === id) ?? null;
  const printersFor = (document: PrintDocumentKind): PrinterConfig[] =>
    readSettings().printers.filter((p) => p.documents.includes(document));

  let closed = false;
  const statuses = new Map<string, PrinterStatus>();
  const statusOf = (printer: PrinterConfig): PrinterStatus =>
    statuses.get(printer.id) ?? {
      printerId: printer.id,
      state: 'unknown',
      paperNearEnd: false,
      checkedAt: null,
      message: null,
    };

  const state = (): PrintState => {
    const settings = readSettings();
    return {
      settings,
      printers: settings.printers.map(statusOf),
      jobs: store.recent(RECENT_JOBS),
      gone: null,
    };
  };
  // The jobs as the last event left them: each event tells what differs from it, so the change
  // is worked out here, from the list itself, and no caller can forget to name a job it changed.
  let told = new Map<string, PrintJob>();
  const changes = (): PrintState => {
    const whole = state();
    const jobs = whole.jobs.filter((job) => !isDeepStrictEqual(told.get(job.id), job));
    const listed = new Set(whole.jobs.map((job) => job.id));
    const gone = [...told.keys()].filter((id) => !listed.has(id));
    told = new Map(whole.jobs.map((job) => [job.id, job]));
    return { ...whole, jobs, gone };
  };
  // Nothing is told after close (a notice may still be scheduled for the next tick).
  const changed = hub.batched('print:changed', () => (closed ? null : changes()));

  /** A status read back (or learned from a print): staff see a change at once. */
  const observe = (printerId: string, reading: StatusReading): void => {
    const before = statuses.get(printerId);
    const next: PrinterStatus = {
      printerId,
      state: reading.state,
      paperNearEnd: reading.paperNearEnd,
      checkedAt: now().toISOString(),
      message: reading.message,
    };
    statuses.set(printerId, next);
    if (
      before?.state !== next.state ||
      before.paperNearEnd !== next.paperNearEnd ||
      before.message !== next.message
    ) {
      if (before && before.state !== next.state)
        audit.record({
          action: 'printer',
          subject: printerId,
          outcome: next.state,
          detail: next.message,
        });
      changed();
    }
  };

  const render = (job: StoredJob, printer: PrinterConfig): PrintDocument => {
    if (job.document === 'test-page') return testPage(printer.name, printer.paperWidth, now());
    if (job.document === 'day-summary')
      return daySummaryDocument(deps.daySummary(job.day ?? ''), printer.paperWidth);
    const order = job.orderId ? deps.order(job.orderId) : null;
    if (!order) throw new Error(`Order #${job.orderNumber ?? '?'} is no longer on this terminal.`);
    return orderDocument(job.document, order, printer.paperWidth, deps.venueName());
  };

  const label = (job: StoredJob): string =>
    `${DOCUMENT_NAME[job.document].replace(/s$/, '').replace(/ie$/, 'y')}${job.orderNumber ? ` #${job.orderNumber}` : job.day ? ` ${job.day}` : ''}`;

  /** A job's step in the audit log, subject its order (or its day, or its printer). */
  const recordJob = (job: StoredJob, outcome: string, detail: string): void =>
    audit.record({
      action: 'print',
      subject: job.orderId ?? job.day ?? job.printerId,
      outcome,
      detail: `${label(job)} ${detail}`,
    });

  const hold = (job: StoredJob, message: string, partial: boolean): void => {
    store.markWaiting(job.id, message, partial);
    tellWaiting(job, message, partial);
  };
  const tellWaiting = (job: StoredJob, message: string, partial: boolean): void => {
    recordJob(
      job,
      partial ? 'held' : 'waiting',
      `did not print: ${message}${partial ? ' It is not printed again by itself: Retry prints it whole.' : ' It prints when the printer is back.'}`,
    );
  };

  // One worker per printer: its jobs go in order, one at a time.
  const workers = new Map<string, Promise<void>>();
  const again = new Set<string>();

  const printOne = async (job: StoredJob, printer: PrinterConfig): Promise<boolean> => {
    // The list was read before the jobs ahead printed: staff may have canceled this one since.
    if (!store.markPrinting(job.id)) return true;
    changed();
    let bytes: Uint8Array;
    try {
      bytes = encodeDocument(render(job, printer));
    } catch (error) {
      hold(job, error instanceof Error ? error.message : String(error), true);
      changed();
      return true;
    }
    try {
      const reading = await transport.print(printer.connection, bytes);
      store.markPrinted(job.id, now().toISOString());
      // A spooler without lpstat says nothing: what was wrong before is over, as far as we know.
      observe(printer.id, reading ?? { state: 'unknown', paperNearEnd: false, message: null });
      if (job.state === 'waiting' || job.attempts > 0)
        recordJob(job, 'printed', 'printed after waiting.');
      changed();
      return true;
    } catch (error) {
      const failure =
        error instanceof PrintFailure
          ? error
          : new PrintFailure(error instanceof Error ? error.message : String(error), {
              partial: false,
              state: 'error',
            });
      observe(printer.id, {
        state: failure.state,
        paperNearEnd: statusOf(printer).paperNearEnd,
        message: failure.message,
      });
      // Audited when it starts waiting, not at every retry.
      if (job.state !== 'waiting' || failure.partial) hold(job, failure.message, failure.partial);
      else store.markWaiting(job.id, failure.message, false);
      // The jobs behind it wait for the same printer: each card shows it, each is in the audit.
      if (!failure.partial)
        for (const behind of store.queuedToWaiting(printer.id, failure.message))
          tellWaiting(behind, failure.message, false);
      changed();
      // A held job does not block the ones behind it; a printer that is down does.
      return failure.partial;
    }
  };

  const work = async (printerId: string): Promise<void> => {
    for (;;) {
      again.delete(printerId);
      const printer = printerOf(printerId);
      for (const job of store.due(printerId)) {
        if (closed) return;
        if (!printer) {
          if (!store.markPrinting(job.id)) continue;
          hold(job, `The printer "${job.printerId}" was removed from the settings.`, true);
          changed();
          continue;
        }
        if (!(await printOne(job, printer))) return;
      }
      if (!again.has(printerId) || closed) return;
    }
  };

  const kick = (printerId: string): void => {
    if (closed) return;
    if (workers.has(printerId)) {
      again.add(printerId);
      return;
    }
    const run = work(printerId)
      .catch((error: unknown) =>
        audit.record({
          action: 'print',
          subject: printerId,
          outcome: 'failed',
          detail: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        workers.delete(printerId);
        if (again.has(printerId)) kick(printerId);
      });
    workers.set(printerId, run);
  };
  const kickAll = (): void => {
    // Closed before a scheduled kick ran (a core started and closed at once): the database is gone.
    if (closed) return;
    for (const id of new Set(store.open().map((job) => job.printerId))) kick(id);
  };
  /** After the surrounding transaction commits (a hook runs inside one). */
  const kickSoon = (): void => {
    setImmediate(() => {
      kickAll();
      changed();
    });
  };

  const createJobs = (
    requestKey: string,
    document: PrintDocumentKind,
    printers: PrinterConfig[],
    fields: Omit<NewJob, 'requestKey' | 'document' | 'printerId'>,
  ): string[] => {
    const createdAt = now().toISOString();
    return printers
      .map((printer) =>
        store.insert({ ...fields, requestKey, document, printerId: printer.id }, createdAt),
      )
      .filter((id): id is string => id !== null);
  };
  const createNow = (...args: Parameters<typeof createJobs>): string[] => {
    const ids = db.transaction(() => createJobs(...args)).immediate();
    kickAll();
    changed();
    return ids;
  };
  const guarded = (orderId: string, make: () => unknown): void => {
    try {
      make();
    } catch (error) {
      audit.record({
        action: 'print',
        subject: orderId,
        outcome: 'failed',
        detail: `The order's print job could not be stored: ${error instanceof Error ? error.message : String(error)}`,
      });
      changed();
    }
  };
  const noPrinter = (document: PrintDocumentKind): ServiceError =>
    new ServiceError(
      'conflict',
      `No printer prints ${DOCUMENT_NAME[document]}. Set one up under Venue → Printers.`,
    );

  // Status: often while jobs wait (staff see the printer come back), now and then when idle
  // (staff see a printer that went offline before the next order needs it).
  const lastChecked = new Map<string, number>();
  const checking = new Set<string>();
  const poll = (): void => {
    if (closed) return;
    const waiting = new Set(store.open().map((job) => job.printerId));
    const at = now().getTime();
    for (const printer of readSettings().printers) {
      if (workers.has(printer.id) || checking.has(printer.id)) continue;
      const every = waiting.has(printer.id) ? pollWaitingMs : pollIdleMs;
      if (at - (lastChecked.get(printer.id) ?? 0) < every) continue;
      lastChecked.set(printer.id, at);
      checking.add(printer.id);
      void transport
        .status(printer.connection)
        .then((reading) => {
          if (closed || !printerOf(printer.id)) return;
          if (reading) observe(printer.id, reading);
          // A spooler that is not paused (or cannot say) takes the waiting jobs: try again.
          const takes =
            printer.connection.kind === 'network'
              ? reading?.state === 'ready'
              : reading === null || reading.state === 'unknown';
          if (takes && waiting.has(printer.id)) kick(printer.id);
        })
        .finally(() => checking.delete(printer.id));
    }
  };
  const pollTimer = setInterval(poll, Math.min(pollWaitingMs, 1_000));
  pollTimer.unref();

  // A crash mid-print: those bytes may be on paper, so staff decide (see the file's comment).
  for (const job of store.recoverInterrupted())
    recordJob(
      job,
      'held',
      `was printing when Countertop stopped; it is not printed again by itself.`,
    );
  setImmediate(() => {
    kickAll();
    poll();
  });

  const preview = (request: {
    document: PrintDocumentKind;
    orderId?: string;
    day?: string;
    paperWidth: 58 | 80;
  }): PrintDocument => {
    if (request.document === 'test-page') return testPage('Printer', request.paperWidth, now());
    if (request.document === 'day-summary') {
      if (!request.day)
        throw new ServiceError('invalid-request', 'Which day? A day summary needs a day.');
      return daySummaryDocument(summaryOf(request.day), request.paperWidth);
    }
    // No order chosen (no order yet, printers being set up): a sample order shows the layout.
    const order = request.orderId ? deps.order(request.orderId) : sampleOrder(now());
    if (!order) throw new ServiceError('not-found', 'That order is not on this terminal.');
    return orderDocument(request.document, order, request.paperWidth, deps.venueName());
  };
  const summaryOf = (day: string): DaySummary => {
    try {
      return deps.daySummary(day);
    } catch (error) {
      throw new ServiceError(
        'failed',
        `The day summary could not be made: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  return {
    state,
    handlers: {
      'print:get': async () => state(),
      'print:configure': async (changes) => {
        const next: PrintSettings = { ...readSettings(), ...changes };
        deps.settings.set(SETTINGS_KEY, next);
        const ids = new Set(next.printers.map((p) => p.id));
        for (const id of [...statuses.keys()]) if (!ids.has(id)) statuses.delete(id);
        // A printer whose address changed is asked again at once.
        for (const id of ids) lastChecked.delete(id);
        audit.record({
          action: 'print-settings',
          subject: 'printing',
          outcome: 'changed',
          detail: JSON.stringify(changes),
        });
        kickAll();
        poll();
        changed();
        return state();
      },
      'print:order': async ({ orderId, document }) => {
        const order = deps.order(orderId);
        if (!order) throw new ServiceError('not-found', 'That order is not on this terminal.');
        const printers = printersFor(document);
        if (!printers.length) throw noPrinter(document);
        const jobIds = createNow(`staff:${randomUUID()}`, document, printers, {
          orderId,
          orderNumber: order.orderNumber,
          day: null,
          origin: 'staff',
        });
        audit.record({
          action: 'print',
          subject: orderId,
          outcome: 'queued',
          detail: `${DOCUMENT_NAME[document]} for order #${order.orderNumber} asked for by staff.`,
        });
        return { jobIds };
      },
      'print:daySummary': async ({ day }) => {
        summaryOf(day);
        const printers = printersFor('day-summary');
        if (!printers.length) throw noPrinter('day-summary');
        return {
          jobIds: createNow(`staff:${randomUUID()}`, 'day-summary', printers, {
            orderId: null,
            orderNumber: null,
            day,
            origin: 'staff',
          }),
        };
      },
      'print:test': async ({ printerId }) => {
        const printer = printerOf(printerId);
        if (!printer) throw new ServiceError('not-found', 'That printer is not set up.');
        return {
          jobIds: createNow(`test:${randomUUID()}`, 'test-page', [printer], {
            orderId: null,
            orderNumber: null,
            day: null,
            origin: 'test',
          }),
        };
      },
      'print:preview': async (request) => preview(request),
      'print:retry': async ({ jobId }) => {
        const job = store.get(jobId);
        if (!job) throw new ServiceError('not-found', 'That print job is gone.');
        if (job.state === 'queued' || job.state === 'printing') return;
        if (!store.requeue(jobId))
          throw new ServiceError('conflict', `That print job is already ${job.state}.`);
        recordJob(job, 'retried', 'sent again by staff (Retry).');
        lastChecked.delete(job.printerId);
        kick(job.printerId);
        changed();
      },
      'print:cancel': async ({ jobId }) => {
        const job = store.get(jobId);
        if (!job) throw new ServiceError('not-found', 'That print job is gone.');
        if (!store.cancel(jobId))
          throw new ServiceError(
            'conflict',
            job.state === 'printing'
              ? 'It is printing right now.'
              : `That print job is already ${job.state}.`,
          );
        recordJob(job, 'canceled', 'canceled by staff.');
        changed();
      },
    },
    orderAction: ({ orderId, orderNumber, actionId, prints }) => {
      const settings = readSettings();
      const documents = prints.flatMap((hook) => PRINT_HOOKS[hook](settings));
      if (!documents.length) return;
      // Printing never refuses an order action: a job that cannot be stored is audited instead.
      guarded(orderId, () => {
        for (const document of documents)
          createJobs(`${actionId}:${document}`, document, printersFor(document), {
            orderId,
            orderNumber,
            day: null,
            origin: 'auto',
          });
      });
      kickSoon();
    },
    orderArrived: ({ orderId, orderNumber }) => {
      if (readSettings().kitchenTicket !== 'new-order') return;
      guarded(orderId, () =>
        createNow(`arrived:${orderId}`, 'kitchen-ticket', printersFor('kitchen-ticket'), {
          orderId,
          orderNumber,
          day: null,
          origin: 'auto',
        }),
      );
    },
    jobsOfOrder: (orderId) => {
      const names = new Map(readSettings().printers.map((p) => [p.id, p.name]));
      return store.ofOrder(orderId).map((job) => ({
        ...job,
        printerName: names.get(job.printerId) ?? job.printerId,
      }));
    },
    forgetPersonalBefore: () => 0,
    close: async () => {
      closed = true;
      clearInterval(pollTimer);
      await Promise.all([...workers.values()]);
    },
  };
};
