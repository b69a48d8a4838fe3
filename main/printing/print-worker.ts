// The printing slice's workers: one per printer, its jobs in order, one at a time; the status
// poll that brings a waiting printer's jobs back. Module-level functions over the slice's context.
import type { PrintDocument, PrinterConfig } from '../../shared/printing';
import { daySummaryDocument, testPage } from './documents';
import { encodeDocument } from './escpos';
import type { StoredJob } from './print-store';
import type { PrintingContext } from './printing-context';
import {
  DOCUMENT_NAME,
  observe,
  orderDocumentFor,
  printerOf,
  readSettings,
  statusOf,
} from './printing-context';
import { PrintFailure } from './transports';

const render = (ctx: PrintingContext, job: StoredJob, printer: PrinterConfig): PrintDocument => {
  if (job.document === 'test-page')
    return testPage(printer.name, printer.paperWidth, ctx.now(), readSettings(ctx).kitchenLanguage);
  if (job.document === 'day-summary') {
    // One venue's day when it was asked for one (kept with the job), else every venue's.
    const venueId = ctx.store.venueOf(job.id) ?? undefined;
    return daySummaryDocument(
      ctx.deps.daySummary(job.day ?? '', venueId),
      printer.paperWidth,
      ctx.deps.screenLanguage?.(),
      venueId,
    );
  }
  const order = job.orderId ? ctx.deps.order(job.orderId) : null;
  if (!order) throw new Error(`Order #${job.orderNumber ?? '?'} is no longer on this terminal.`);
  return orderDocumentFor(ctx, job.document, order, printer.paperWidth);
};

const label = (job: StoredJob): string =>
  `${DOCUMENT_NAME[job.document].replace(/s$/, '').replace(/ie$/, 'y')}${job.orderNumber ? ` #${job.orderNumber}` : job.day ? ` ${job.day}` : ''}`;

/** A job's step in the audit log, subject its order (or its day, or its printer). */
export const recordJob = (
  ctx: PrintingContext,
  job: StoredJob,
  outcome: string,
  detail: string,
): void =>
  ctx.audit.record({
    action: 'print',
    subject: job.orderId ?? job.day ?? job.printerId,
    outcome,
    detail: `${label(job)} ${detail}`,
  });

const hold = (ctx: PrintingContext, job: StoredJob, message: string, partial: boolean): void => {
  ctx.store.markWaiting(job.id, message, partial);
  tellWaiting(ctx, job, message, partial);
};
const tellWaiting = (
  ctx: PrintingContext,
  job: StoredJob,
  message: string,
  partial: boolean,
): void => {
  recordJob(
    ctx,
    job,
    partial ? 'held' : 'waiting',
    `did not print: ${message}${partial ? ' It is not printed again by itself: Retry prints it whole.' : ' It prints when the printer is back.'}`,
  );
};

const printOne = async (
  ctx: PrintingContext,
  job: StoredJob,
  printer: PrinterConfig,
): Promise<boolean> => {
  const { store } = ctx;
  // The list was read before the jobs ahead printed: staff may have canceled this one since.
  if (!store.markPrinting(job.id)) return true;
  ctx.changed();
  let bytes: Uint8Array;
  try {
    bytes = encodeDocument(render(ctx, job, printer));
  } catch (error) {
    hold(ctx, job, error instanceof Error ? error.message : String(error), true);
    ctx.changed();
    return true;
  }
  try {
    const reading = await ctx.transport.print(printer.connection, bytes);
    store.markPrinted(job.id, ctx.now().toISOString());
    // A spooler without lpstat says nothing: what was wrong before is over, as far as we know.
    observe(ctx, printer.id, reading ?? { state: 'unknown', paperNearEnd: false, message: null });
    if (job.state === 'waiting' || job.attempts > 0)
      recordJob(ctx, job, 'printed', 'printed after waiting.');
    ctx.changed();
    return true;
  } catch (error) {
    const failure =
      error instanceof PrintFailure
        ? error
        : new PrintFailure(error instanceof Error ? error.message : String(error), {
            partial: false,
            state: 'error',
          });
    observe(ctx, printer.id, {
      state: failure.state,
      paperNearEnd: statusOf(ctx, printer).paperNearEnd,
      message: failure.message,
    });
    // Audited when it starts waiting, not at every retry.
    if (job.state !== 'waiting' || failure.partial)
      hold(ctx, job, failure.message, failure.partial);
    else store.markWaiting(job.id, failure.message, false);
    // The jobs behind it wait for the same printer: each card shows it, each is in the audit.
    if (!failure.partial)
      for (const behind of store.queuedToWaiting(printer.id, failure.message))
        tellWaiting(ctx, behind, failure.message, false);
    ctx.changed();
    // A held job does not block the ones behind it; a printer that is down does.
    return failure.partial;
  }
};

const work = async (ctx: PrintingContext, printerId: string): Promise<void> => {
  for (;;) {
    ctx.again.delete(printerId);
    const printer = printerOf(ctx, printerId);
    for (const job of ctx.store.due(printerId)) {
      if (ctx.closed) return;
      if (!printer) {
        if (!ctx.store.markPrinting(job.id)) continue;
        hold(ctx, job, `The printer "${job.printerId}" was removed from the settings.`, true);
        ctx.changed();
        continue;
      }
      if (!(await printOne(ctx, job, printer))) return;
    }
    if (!ctx.again.has(printerId) || ctx.closed) return;
  }
};

export const kick = (ctx: PrintingContext, printerId: string): void => {
  if (ctx.closed) return;
  if (ctx.workers.has(printerId)) {
    ctx.again.add(printerId);
    return;
  }
  const run = work(ctx, printerId)
    .catch((error: unknown) =>
      ctx.audit.record({
        action: 'print',
        subject: printerId,
        outcome: 'failed',
        detail: error instanceof Error ? error.message : String(error),
      }),
    )
    .finally(() => {
      ctx.workers.delete(printerId);
      if (ctx.again.has(printerId)) kick(ctx, printerId);
    });
  ctx.workers.set(printerId, run);
};
export const kickAll = (ctx: PrintingContext): void => {
  // Closed before a scheduled kick ran (a core started and closed at once): the database is gone.
  if (ctx.closed) return;
  for (const id of new Set(ctx.store.open().map((job) => job.printerId))) kick(ctx, id);
};
/** After the surrounding transaction commits (a hook runs inside one). */
// One kick for every action of this turn of the loop: a rush queues tens of tickets at once,
// and each kick reads every open job.
export const kickSoon = (ctx: PrintingContext): void => {
  if (ctx.kickQueued) return;
  ctx.kickQueued = true;
  setImmediate(() => {
    ctx.kickQueued = false;
    kickAll(ctx);
    ctx.changed();
  });
};

// Status: often while jobs wait (staff see the printer come back), now and then when idle
// (staff see a printer that went offline before the next order needs it).
export const poll = (ctx: PrintingContext): void => {
  if (ctx.closed) return;
  const waiting = new Set(ctx.store.open().map((job) => job.printerId));
  const at = ctx.now().getTime();
  for (const printer of readSettings(ctx).printers) {
    if (ctx.workers.has(printer.id) || ctx.checking.has(printer.id)) continue;
    const every = waiting.has(printer.id) ? ctx.pollWaitingMs : ctx.pollIdleMs;
    if (at - (ctx.lastChecked.get(printer.id) ?? 0) < every) continue;
    ctx.lastChecked.set(printer.id, at);
    ctx.checking.add(printer.id);
    void ctx.transport
      .status(printer.connection)
      .then((reading) => {
        if (ctx.closed || !printerOf(ctx, printer.id)) return;
        if (reading) observe(ctx, printer.id, reading);
        // A spooler that is not paused (or cannot say) takes the waiting jobs: try again.
        const takes =
          printer.connection.kind === 'network'
            ? reading?.state === 'ready'
            : reading === null || reading.state === 'unknown';
        if (takes && waiting.has(printer.id)) kick(ctx, printer.id);
      })
      .finally(() => ctx.checking.delete(printer.id));
  }
};

/** A crash mid-print: those bytes may be on paper, so staff decide (see printing.ts). */
export const recoverInterrupted = (ctx: PrintingContext): void => {
  for (const job of ctx.store.recoverInterrupted())
    recordJob(
      ctx,
      job,
      'held',
      `was printing when Countertop stopped; it is not printed again by itself.`,
    );
};
