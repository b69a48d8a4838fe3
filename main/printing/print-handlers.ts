// The printing slice's `print:*` channels: module-level handlers over the slice's context.
import { randomUUID } from 'node:crypto';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { PrintSettings } from '../../shared/printing';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import type { PrintingContext } from './printing-context';
import {
  DOCUMENT_NAME,
  printerOf,
  printersFor,
  printState,
  readSettings,
  storedSettings,
  SETTINGS_KEY,
} from './printing-context';
import { createNow, noPrinter, preview, summaryOf } from './print-jobs';
import { kick, kickAll, poll, recordJob } from './print-worker';

export type PrintChannels =
  | 'print:get'
  | 'print:configure'
  | 'print:order'
  | 'print:daySummary'
  | 'print:test'
  | 'print:preview'
  | 'print:retry'
  | 'print:cancel';

type Handler<C extends PrintChannels> = ServiceApi[C];
type Arg<C extends PrintChannels> = Parameters<Handler<C>>[0];

const configure = async (ctx: PrintingContext, changes: Arg<'print:configure'>) => {
  ctx.deps.settings.set(SETTINGS_KEY, { ...storedSettings(ctx), ...changes });
  const next: PrintSettings = readSettings(ctx);
  const ids = new Set(next.printers.map((p) => p.id));
  for (const id of [...ctx.statuses.keys()]) if (!ids.has(id)) ctx.statuses.delete(id);
  // A printer whose address changed is asked again at once.
  for (const id of ids) ctx.lastChecked.delete(id);
  ctx.audit.record({
    action: 'print-settings',
    subject: 'printing',
    outcome: 'changed',
    detail: JSON.stringify(changes),
  });
  kickAll(ctx);
  poll(ctx);
  ctx.changed();
  return printState(ctx);
};

const printOrder = async (
  ctx: PrintingContext,
  { orderId, document }: Arg<'print:order'>,
): Promise<{ jobIds: string[] }> => {
  const order = ctx.deps.order(orderId);
  if (!order) throw new ServiceError('not-found', refusal('order-unknown'));
  const printers = printersFor(ctx, document);
  if (!printers.length) throw noPrinter(document);
  const jobIds = createNow(ctx, `staff:${randomUUID()}`, document, printers, {
    orderId,
    orderNumber: order.orderNumber,
    day: null,
    origin: 'staff',
  });
  ctx.audit.record({
    action: 'print',
    subject: orderId,
    outcome: 'queued',
    detail: `${DOCUMENT_NAME[document]} for order #${order.orderNumber} asked for by staff.`,
  });
  return { jobIds };
};

const printDaySummary = async (ctx: PrintingContext, { day, venueId }: Arg<'print:daySummary'>) => {
  summaryOf(ctx, day, venueId);
  const printers = printersFor(ctx, 'day-summary');
  if (!printers.length) throw noPrinter('day-summary');
  return {
    jobIds: createNow(ctx, `staff:${randomUUID()}`, 'day-summary', printers, {
      orderId: null,
      orderNumber: null,
      day,
      venueId: venueId ?? null,
      origin: 'staff',
    }),
  };
};

const printTest = async (ctx: PrintingContext, { printerId }: Arg<'print:test'>) => {
  const printer = printerOf(ctx, printerId);
  if (!printer) throw new ServiceError('not-found', refusal('printer-gone'));
  return {
    jobIds: createNow(ctx, `test:${randomUUID()}`, 'test-page', [printer], {
      orderId: null,
      orderNumber: null,
      day: null,
      origin: 'test',
    }),
  };
};

const retry = async (ctx: PrintingContext, { jobId }: Arg<'print:retry'>): Promise<void> => {
  const job = ctx.store.get(jobId);
  if (!job) throw new ServiceError('not-found', refusal('print-job-gone'));
  if (job.state === 'queued' || job.state === 'printing') return;
  if (!ctx.store.requeue(jobId))
    throw new ServiceError('conflict', refusal('print-job-done', job.state));
  recordJob(ctx, job, 'retried', 'sent again by staff (Retry).');
  ctx.lastChecked.delete(job.printerId);
  kick(ctx, job.printerId);
  ctx.changed();
};

const cancel = async (ctx: PrintingContext, { jobId }: Arg<'print:cancel'>): Promise<void> => {
  const job = ctx.store.get(jobId);
  if (!job) throw new ServiceError('not-found', refusal('print-job-gone'));
  if (!ctx.store.cancel(jobId))
    throw new ServiceError(
      'conflict',
      job.state === 'printing'
        ? refusal('print-job-printing')
        : refusal('print-job-done', job.state),
    );
  recordJob(ctx, job, 'canceled', 'canceled by staff.');
  ctx.changed();
};

export const printHandlers = (ctx: PrintingContext): Pick<ServiceApi, PrintChannels> => ({
  'print:get': async () => printState(ctx),
  'print:configure': (changes) => configure(ctx, changes),
  'print:order': (request) => printOrder(ctx, request),
  'print:daySummary': (request) => printDaySummary(ctx, request),
  'print:test': (request) => printTest(ctx, request),
  'print:preview': async (request) => preview(ctx, request),
  'print:retry': (request) => retry(ctx, request),
  'print:cancel': (request) => cancel(ctx, request),
});
