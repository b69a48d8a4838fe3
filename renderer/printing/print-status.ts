// What the printing state means for staff: which tickets did not print and why, which printer
// needs a look, which documents can be printed at all. One place, so the alarm, the status bar,
// the card mark and the settings all say the same.
import { en } from './messages';
import type {
  OrderDocumentKind,
  PrinterConfig,
  PrinterState,
  PrinterStatus,
  PrintJob,
  PrintSettings,
  PrintState,
} from '../../shared/printing';
import { ORDER_DOCUMENTS } from '../../shared/printing';

/**
 * A job still queued or printing this long after it was made counts as not printed. Main sends a
 * job at once and a network printer that does not answer gives up within a few seconds; past
 * this, the printer is not taking it, whatever main calls the job yet, and staff must know
 * before the kitchen waits for a ticket that never comes.
 */
export const STUCK_AFTER_MS = 10_000;

/** Printer states that stop printing, as opposed to `ready` and `unknown` (a spooler printer). */
const BLOCKING: ReadonlySet<PrinterState> = new Set([
  'offline',
  'cover-open',
  'paper-out',
  'error',
]);

export const isBlocking = (state: PrinterState): boolean => BLOCKING.has(state);

/**
 * A job staff must hear about: waiting (the printer could not take it), or stuck queued or
 * printing. Test pages are left to the settings screen, where someone is looking at the printer.
 */
export const isUnprinted = (job: PrintJob, at: number): boolean => {
  if (job.origin === 'test') return false;
  if (job.state === 'waiting') return true;
  if (job.state !== 'queued' && job.state !== 'printing') return false;
  return at - Date.parse(job.createdAt) >= STUCK_AFTER_MS;
};

/** A job on its way: made moments ago, not yet printed, not yet late. */
export const isInFlight = (job: PrintJob, at: number): boolean =>
  (job.state === 'queued' || job.state === 'printing') && !isUnprinted(job, at);

export const unprintedJobs = (print: PrintState | null, at: number): PrintJob[] =>
  print ? print.jobs.filter((job) => isUnprinted(job, at)) : [];

/** The printer's name; one taken out of the settings while its jobs wait is named as such, not by its id. */
export const printerName = (print: PrintState | null, printerId: string): string =>
  print?.settings.printers.find((p) => p.id === printerId)?.name ?? en.print.printerGone;

export const statusOf = (print: PrintState | null, printerId: string): PrinterStatus | null =>
  print?.printers.find((s) => s.printerId === printerId) ?? null;

/**
 * Why a printer does not print: its own state when it reports one that blocks, otherwise that it
 * did not answer (or its spooler refused the job). The printer's and the connection's own words
 * (an address, a spooler's error) are not for the counter: main logs them for support.
 */
export type PrintProblemReason = PrinterState | 'not-answering';

export type PrintProblem = {
  printerId: string;
  printerName: string;
  reason: PrintProblemReason;
  jobs: PrintJob[];
};

const reasonFor = (status: PrinterStatus | null): Pick<PrintProblem, 'reason'> => ({
  reason: status && isBlocking(status.state) ? status.state : 'not-answering',
});

/** The tickets that did not print, by printer, oldest first: what the alarm says. */
export const printProblems = (print: PrintState | null, at: number): PrintProblem[] => {
  const byPrinter = new Map<string, PrintJob[]>();
  for (const job of unprintedJobs(print, at)) {
    byPrinter.set(job.printerId, [...(byPrinter.get(job.printerId) ?? []), job]);
  }
  return [...byPrinter].map(([printerId, jobs]) => {
    const sorted = [...jobs].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return {
      printerId,
      printerName: printerName(print, printerId),
      ...reasonFor(statusOf(print, printerId)),
      jobs: sorted,
    };
  });
};

/** The one reason a single job did not print (for the card's mark). */
export const jobProblem = (
  print: PrintState | null,
  job: PrintJob,
): Pick<PrintProblem, 'reason' | 'printerName'> => ({
  printerName: printerName(print, job.printerId),
  ...reasonFor(statusOf(print, job.printerId)),
});

export type PrinterHealth = {
  printer: PrinterConfig;
  status: PrinterStatus | null;
  /** bad: it cannot print now; low: paper near its end; ok: ready or not known to be wrong. */
  level: 'ok' | 'low' | 'bad';
};

export const printerHealth = (print: PrintState | null): PrinterHealth[] =>
  (print?.settings.printers ?? []).map((printer) => {
    const status = statusOf(print, printer.id);
    const level = status && isBlocking(status.state) ? 'bad' : status?.paperNearEnd ? 'low' : 'ok';
    return { printer, status, level };
  });

/** The order documents some printer takes, in the table's order: the only ones worth offering. */
export const printableDocuments = (settings: PrintSettings | null): OrderDocumentKind[] =>
  ORDER_DOCUMENTS.filter((doc) => settings?.printers.some((p) => p.documents.includes(doc)));
