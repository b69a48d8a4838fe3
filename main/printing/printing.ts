// The printing slice: print settings, the printers' status, the durable print jobs (print_jobs,
// migration 009), the documents of documents.ts encoded by escpos.ts and sent by transports.ts;
// `print:*` channels and the `print:changed` event. Orders reach it through two hooks core wires
// to the orders slice: an action taken here (accept, ready), a new order and a pre-order the
// platform moved into preparation.
//
// Jobs: one row per request and printer (a reprint is a new request). A job goes `queued` →
// `printing` → `printed`; a printer that cannot take it leaves it `waiting` (loud: in the state,
// the audit log) and it goes by itself when the printer is back. Nothing reaches a network
// printer that does not answer "ready" first; a failure after the bytes went out (the ticket may
// be half printed) or a crash mid-print holds the job for staff (`print:retry`), never reprinted
// on its own: a second full ticket would make the kitchen cook twice.
import type { OrderStatus } from '../../shared/domain';
import type { PrintJob, PrintState } from '../../shared/printing';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { PrintChannels } from './print-handlers';
import { printHandlers } from './print-handlers';
import {
  jobsOfOrder,
  orderAction,
  orderArrived,
  orderProgressed,
  preorderConfirmed,
  preorderStarted,
} from './print-jobs';
import { kickAll, poll, recoverInterrupted } from './print-worker';
import type { OrderActionNotice, PrintingDeps } from './printing-context';
import { createPrintingContext, printState } from './printing-context';

export type { OrderActionNotice } from './printing-context';

export type PrintingSlice = {
  handlers: Pick<ServiceApi, PrintChannels>;
  /** Runs inside the order action's transaction: its print jobs commit (or not) with it. */
  orderAction(notice: OrderActionNotice): void;
  /** A new order reached this terminal. */
  orderArrived(order: { orderId: string; orderNumber: string }): void;
  /** The platform moved a pre-order into preparation. */
  preorderStarted(order: { orderId: string; orderNumber: string }): void;
  /** Another terminal confirmed a pre-order: what the venue assigned here prints. */
  preorderConfirmed(order: { orderId: string; orderNumber: string }): void;
  /** The platform moved an order on (from any terminal): what the venue assigned here prints. */
  orderProgressed(
    order: { orderId: string; orderNumber: string },
    from: OrderStatus,
    to: OrderStatus,
  ): void;
  /** An order's print jobs with their printer's name (the history timeline). */
  jobsOfOrder(orderId: string): Array<PrintJob & { printerName: string | null }>;
  /**
   * Retention: jobs keep no customer's data (what prints is rendered from the order when it
   * prints), so there is nothing to forget; kept so retention can call every slice alike.
   */
  forgetPersonalBefore(cutoffIso: string): number;
  /** The terminal is disconnected: the jobs of its orders go (the printers stay). */
  eraseAll(): void;
  /** One venue leaves: its orders' print jobs go. */
  eraseOrders(orderIds: readonly string[]): void;
  state(): PrintState;
  /** A setting that follows something else (the kitchen's language, the screen's) changed. */
  settingsChanged(): void;
  close(): Promise<void>;
};

/** Composes the slice: its context (printing-context.ts), workers, jobs and handlers. */
export const createPrintingSlice = (deps: PrintingDeps): PrintingSlice => {
  const ctx = createPrintingContext(deps);
  const pollTimer = setInterval(() => poll(ctx), Math.min(ctx.pollWaitingMs, 1_000));
  pollTimer.unref();
  recoverInterrupted(ctx);
  setImmediate(() => {
    kickAll(ctx);
    poll(ctx);
  });
  return {
    state: () => printState(ctx),
    settingsChanged: () => ctx.changed(),
    handlers: printHandlers(ctx),
    orderAction: (notice) => orderAction(ctx, notice),
    orderArrived: (order) => orderArrived(ctx, order),
    preorderStarted: (order) => preorderStarted(ctx, order),
    preorderConfirmed: (order) => preorderConfirmed(ctx, order),
    orderProgressed: (order, from, to) => orderProgressed(ctx, order, from, to),
    jobsOfOrder: (orderId) => jobsOfOrder(ctx, orderId),
    forgetPersonalBefore: () => 0,
    eraseAll: () => {
      ctx.db.prepare('DELETE FROM print_jobs').run();
    },
    eraseOrders: (orderIds) => {
      const erase = ctx.db.prepare('DELETE FROM print_jobs WHERE order_id = ?');
      ctx.db.transaction(() => {
        for (const id of orderIds) erase.run(id);
      })();
    },
    close: async () => {
      ctx.closed = true;
      clearInterval(pollTimer);
      await Promise.all([...ctx.workers.values()]);
    },
  };
};
