// Print jobs made: by staff (print-handlers.ts) and by the order hooks core wires to the orders
// slice (an action taken here, a new order). Module-level functions over the slice's context.
import type { DaySummary } from '../../shared/history';
import type {
  OrderDocumentKind,
  PrintDocument,
  PrintDocumentKind,
  PrinterConfig,
  PrintJob,
  PrintSettings,
} from '../../shared/printing';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import { daySummaryDocument, sampleOrder, testPage } from './documents';
import type { NewJob } from './print-store';
import type { OrderActionNotice, PrintDuty, PrintingContext } from './printing-context';
import { DOCUMENT_NAME, orderDocumentFor, printersFor, readSettings } from './printing-context';
import { kickAll, kickSoon } from './print-worker';
import type { OrderPrintHook } from '../../shared/order-actions';
import type { OrderStatus } from '../../shared/domain';

const READY_DOCUMENTS: Record<PrintSettings['onReady'], OrderDocumentKind[]> = {
  'pickup-label': ['pickup-label'],
  receipt: ['receipt'],
  both: ['pickup-label', 'receipt'],
  none: [],
};

/** The documents each print hook of an order action (shared/order-actions.ts) prints, by the settings. */
const PRINT_HOOKS: Record<OrderPrintHook, (settings: PrintSettings) => OrderDocumentKind[]> = {
  'kitchen-ticket': (settings) => (settings.kitchenTicket === 'accept' ? ['kitchen-ticket'] : []),
  'preorder-ticket': (settings) =>
    settings.kitchenTicket === 'accept' && settings.preorderTicket === 'confirm'
      ? ['kitchen-ticket']
      : [],
  'ready-documents': (settings) => READY_DOCUMENTS[settings.onReady],
};

const createJobs = (
  ctx: PrintingContext,
  requestKey: string,
  document: PrintDocumentKind,
  printers: PrinterConfig[],
  fields: Omit<NewJob, 'requestKey' | 'document' | 'printerId'>,
): string[] => {
  const createdAt = ctx.now().toISOString();
  return printers
    .map((printer) =>
      ctx.store.insert({ ...fields, requestKey, document, printerId: printer.id }, createdAt),
    )
    .filter((id): id is string => id !== null);
};
export const createNow = (...args: Parameters<typeof createJobs>): string[] => {
  const [ctx] = args;
  const ids = ctx.db.transaction(() => createJobs(...args)).immediate();
  kickAll(ctx);
  ctx.changed();
  return ids;
};
const guarded = (ctx: PrintingContext, orderId: string, make: () => unknown): void => {
  try {
    make();
  } catch (error) {
    ctx.audit.record({
      action: 'print',
      subject: orderId,
      outcome: 'failed',
      detail: `The order's print job could not be stored: ${error instanceof Error ? error.message : String(error)}`,
    });
    ctx.changed();
  }
};
export const noPrinter = (document: PrintDocumentKind): ServiceError =>
  new ServiceError(
    'conflict',
    // ICU select keys take no hyphen: kitchen-ticket → kitchenTicket.
    refusal(
      'no-printer',
      document.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
    ),
  );

export const preview = (
  ctx: PrintingContext,
  request: {
    document: PrintDocumentKind;
    orderId?: string;
    day?: string;
    venueId?: string;
    paperWidth: 58 | 80;
  },
): PrintDocument => {
  if (request.document === 'test-page')
    return testPage('Printer', request.paperWidth, ctx.now(), readSettings(ctx).kitchenLanguage);
  if (request.document === 'day-summary') {
    if (!request.day) throw new ServiceError('invalid-request', refusal('day-needed'));
    return daySummaryDocument(
      summaryOf(ctx, request.day, request.venueId),
      request.paperWidth,
      ctx.deps.screenLanguage?.(),
      request.venueId,
    );
  }
  // No order chosen (no order yet, printers being set up): a sample order shows the layout.
  const order = request.orderId ? ctx.deps.order(request.orderId) : sampleOrder(ctx.now());
  if (!order) throw new ServiceError('not-found', refusal('order-unknown'));
  return orderDocumentFor(ctx, request.document, order, request.paperWidth);
};
export const summaryOf = (ctx: PrintingContext, day: string, venueId?: string): DaySummary => {
  try {
    return ctx.deps.daySummary(day, venueId);
  } catch (error) {
    // A venue not served here says so; any other failure is the summary's.
    if (error instanceof ServiceError) throw error;
    throw new ServiceError('failed', refusal('day-summary-failed'));
  }
};

const dutyOf = (ctx: PrintingContext, document: OrderDocumentKind, orderId: string): PrintDuty =>
  ctx.deps.printDuty?.(document, orderId) ?? 'unassigned';

/**
 * The key of a document a terminal prints as the venue's assigned printer of it: the same whether
 * it saw the action taken here or learnt it from the platform, so it prints once.
 */
const dutyKey = (orderId: string, hook: OrderPrintHook, document: OrderDocumentKind): string =>
  `duty:${orderId}:${hook}:${document}`;

const leftToOther = (ctx: PrintingContext, orderId: string, document: OrderDocumentKind): void =>
  ctx.audit.record({
    action: 'print',
    subject: orderId,
    outcome: 'other-terminal',
    detail: `The ${DOCUMENT_NAME[document]} prints on the terminal the venue assigned it to.`,
  });

export const orderAction = (
  ctx: PrintingContext,
  { orderId, orderNumber, actionId, prints }: OrderActionNotice,
): void => {
  const settings = readSettings(ctx);
  const jobs = prints.flatMap((hook) =>
    PRINT_HOOKS[hook](settings).map((document) => ({ hook, document })),
  );
  if (!jobs.length) return;
  // Printing never refuses an order action: a job that cannot be stored is audited instead.
  guarded(ctx, orderId, () => {
    for (const { hook, document } of jobs) {
      const duty = dutyOf(ctx, document, orderId);
      if (duty === 'other') {
        leftToOther(ctx, orderId, document);
        continue;
      }
      const key = duty === 'mine' ? dutyKey(orderId, hook, document) : `${actionId}:${document}`;
      createJobs(ctx, key, document, printersFor(ctx, document), {
        orderId,
        orderNumber,
        day: null,
        origin: 'auto',
      });
    }
  });
  kickSoon(ctx);
};

/** The hook whose documents an order's move to `to` prints (accept: the ticket; ready: the rest). */
const hookOf = (from: OrderStatus, to: OrderStatus, preorder: boolean): OrderPrintHook | null => {
  if (from === 'CREATED' && to === 'PRODUCTION' && !preorder) return 'kitchen-ticket';
  if (to === 'READY' && from !== 'READY') return 'ready-documents';
  return null;
};

/**
 * The platform moved an order on, from whichever terminal: the documents the venue assigned to
 * this terminal print here, once (the same key as when the action is taken here).
 */
export const orderProgressed = (
  ctx: PrintingContext,
  order: { orderId: string; orderNumber: string },
  from: OrderStatus,
  to: OrderStatus,
): void => {
  if (!ctx.deps.printDuty) return;
  const hook = hookOf(from, to, ctx.deps.order(order.orderId)?.type === 'preorder');
  if (hook !== null) printAssigned(ctx, order, hook);
};

/**
 * Another terminal confirmed a pre-order (the status stays CREATED, so no move tells it): the
 * ticket prints here if the venue assigned it here, once, as if it was confirmed here.
 */
export const preorderConfirmed = (
  ctx: PrintingContext,
  order: { orderId: string; orderNumber: string },
): void => {
  if (ctx.deps.printDuty) printAssigned(ctx, order, 'preorder-ticket');
};

/** The hook's documents the venue assigned to this terminal, printed here under the duty key. */
const printAssigned = (
  ctx: PrintingContext,
  { orderId, orderNumber }: { orderId: string; orderNumber: string },
  hook: OrderPrintHook,
): void => {
  const documents = PRINT_HOOKS[hook](readSettings(ctx)).filter(
    (document) => dutyOf(ctx, document, orderId) === 'mine',
  );
  if (!documents.length) return;
  guarded(ctx, orderId, () => {
    ctx.db.transaction(() => {
      for (const document of documents)
        createJobs(ctx, dutyKey(orderId, hook, document), document, printersFor(ctx, document), {
          orderId,
          orderNumber,
          day: null,
          origin: 'auto',
        });
    })();
  });
  kickSoon(ctx);
  ctx.changed();
};

/**
 * A kitchen ticket no terminal's action asks for (the order arrived, the platform started a
 * pre-order): every terminal of the venue sees it happen, and it prints once. Assigned, on the
 * terminal assigned; else the first terminal with a printer for it to claim it prints it.
 */
const kitchenTicketOnce = (
  ctx: PrintingContext,
  { orderId, orderNumber }: { orderId: string; orderNumber: string },
  requestKey: string,
): void => {
  const print = (): void =>
    guarded(ctx, orderId, () =>
      createNow(ctx, requestKey, 'kitchen-ticket', printersFor(ctx, 'kitchen-ticket'), {
        orderId,
        orderNumber,
        day: null,
        origin: 'auto',
      }),
    );
  const duty = dutyOf(ctx, 'kitchen-ticket', orderId);
  if (duty === 'other') return leftToOther(ctx, orderId, 'kitchen-ticket');
  const claim = ctx.deps.claimPrint;
  if (duty === 'mine' || !claim || printersFor(ctx, 'kitchen-ticket').length === 0) return print();
  void claim(orderId, 'kitchen-ticket').then(
    (mine) => (mine ? print() : leftToOther(ctx, orderId, 'kitchen-ticket')),
    // The relay cannot say who prints: better a ticket twice than none.
    () => print(),
  );
};

export const orderArrived = (
  ctx: PrintingContext,
  order: { orderId: string; orderNumber: string },
): void => {
  if (readSettings(ctx).kitchenTicket !== 'new-order') return;
  kitchenTicketOnce(ctx, order, `arrived:${order.orderId}`);
};

/** The platform moved a pre-order into preparation: its ticket, if the settings wait for that. */
export const preorderStarted = (
  ctx: PrintingContext,
  order: { orderId: string; orderNumber: string },
): void => {
  const settings = readSettings(ctx);
  if (settings.kitchenTicket !== 'accept' || settings.preorderTicket !== 'production') return;
  kitchenTicketOnce(ctx, order, `started:${order.orderId}`);
};

export const jobsOfOrder = (
  ctx: PrintingContext,
  orderId: string,
): Array<PrintJob & { printerName: string | null }> => {
  const names = new Map(readSettings(ctx).printers.map((p) => [p.id, p.name]));
  return ctx.store.ofOrder(orderId).map((job) => ({
    ...job,
    printerName: names.get(job.printerId) ?? null,
  }));
};
