// The printing part of the store: printers, their status, the print settings and recent jobs, as
// main holds them, and the prints staff ask for.
import type { Day } from '../../shared/history';
import type { BridgeError, RequestOf } from '../../shared/ipc/contract';
import type { OrderDocumentKind, PrintDocument, PrintState } from '../../shared/printing';
import type { Result } from '../ui-kit/bridge';
import { toBridgeError, tryCall, tryRead } from '../ui-kit/bridge';
import { keepUnchanged, mergeById, withoutIds } from '../ui-kit/merge';
import type { SliceContext, SliceParts } from '../ui-kit/slice';

export type PrintingSlice = {
  /** Printers, their status, the print settings and recent jobs, as main holds them. */
  print: PrintState | null;
  /** Why the printing state could not be read (printing is then unavailable, orders are not). */
  printLoadError: BridgeError | null;
  /** Print settings: the state shown changes only with main's answer. */
  configurePrint(changes: RequestOf<'print:configure'>): Promise<BridgeError | null>;
  /** A new job on every printer that takes the document (their ids); a refusal to the button. */
  printOrder(orderId: string, document: OrderDocumentKind): Promise<Result<string[]>>;
  testPrint(printerId: string): Promise<Result<string[]>>;
  /** Tries a job that did not print again (the same job: it never prints twice). */
  retryPrint(jobId: string): Promise<BridgeError | null>;
  cancelPrint(jobId: string): Promise<BridgeError | null>;
  /** The lines a document prints; a refusal is shown in the preview. */
  previewPrint(request: RequestOf<'print:preview'>): Promise<Result<PrintDocument>>;
  /** Prints the day's summary of one venue, or of every venue when none is named. */
  printDaySummary(day: Day, venueId?: string): Promise<Result<string[]>>;
};

export type PrintingParts = SliceParts<PrintingSlice> & {
  /** Reads the printing state; apart from the rest, so printing that cannot answer keeps no order off the board. */
  load(): Promise<void>;
};

export const createPrintingSlice = ({
  bridge,
  set,
}: SliceContext<PrintingSlice>): PrintingParts => {
  // Every job comes anew with each change of any: the unchanged ones stay the objects the cards
  // hold, so only the card of a job that changed renders again (OrderCard compares them).
  // A whole list (a load, a stream reconnected) replaces the jobs; an event's changes merge in.
  const receive = (print: PrintState): void =>
    set((s) => {
      const before = s.print?.jobs ?? [];
      const jobs =
        print.gone === null
          ? keepUnchanged(before, print.jobs)
          : withoutIds(mergeById(before, keepUnchanged(before, print.jobs)), print.gone);
      return { print: { ...print, jobs, gone: null }, printLoadError: null };
    });

  return {
    initial: {
      print: null,
      printLoadError: null,
      configurePrint: (changes) =>
        tryCall(async () => receive(await bridge['print:configure'](changes))),
      printOrder: (orderId, document) =>
        tryRead(async () => (await bridge['print:order']({ orderId, document })).jobIds),
      testPrint: (printerId) =>
        tryRead(async () => (await bridge['print:test']({ printerId })).jobIds),
      retryPrint: (jobId) => tryCall(() => bridge['print:retry']({ jobId })),
      cancelPrint: (jobId) => tryCall(() => bridge['print:cancel']({ jobId })),
      previewPrint: (request) => tryRead(() => bridge['print:preview'](request)),
      printDaySummary: (day, venueId) =>
        tryRead(
          async () =>
            (await bridge['print:daySummary'](venueId === undefined ? { day } : { day, venueId }))
              .jobIds,
        ),
    },
    listen: () => [bridge.on('print:changed', receive)],
    async load() {
      try {
        receive(await bridge['print:get']({}));
      } catch (error) {
        // Kept as the refusal, worded when shown: it follows a switch of language.
        set({ printLoadError: toBridgeError(error) });
      }
    },
  };
};
