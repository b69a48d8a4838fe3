import { useEffect, useState } from 'react';
import type { Order } from '../../shared/domain';
import type { OrderDocumentKind, PrintJob } from '../../shared/printing';
import { useApp, useNow } from './hooks';
import { en } from './messages';
import { isInFlight, isUnprinted, jobProblem, printableDocuments } from './print-status';
import { showPrinterSettings } from './PrinterSettings';

const NO_JOBS: readonly PrintJob[] = [];

/** One ticket of this order that did not print: why, and Reprint (the same job, tried again). */
const NotPrinted = ({ job }: { job: PrintJob }) => {
  // The sentence, not the printing state: every change of any job (a queue draining after a rush
  // sends one per ticket) would otherwise re-render every card that shows a ticket not printed.
  const why = useApp((s) => {
    const problem = jobProblem(s.print, job);
    return en.print.notPrintedWhy(
      problem.printerName,
      job.held ? en.print.cutOff : en.print.printerStates[problem.reason],
    );
  });
  const retry = useApp((s) => s.retryPrint);
  const cancel = useApp((s) => s.cancelPrint);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: (jobId: string) => Promise<{ message: string } | null>) => {
    setBusy(true);
    const failure = await call(job.id);
    setBusy(false);
    setError(failure?.message ?? null);
  };
  return (
    <div className="card-state state-failed card-print" role="alert" data-testid="not-printed">
      <p>
        <strong>{en.print.notPrinted(en.print.documents[job.document])}</strong>
        {' · '}
        {why}
      </p>
      {error && <p>{error}</p>}
      <div className="card-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={(e) => {
            e.stopPropagation();
            void run(retry);
          }}
        >
          {busy ? en.print.retrying : en.print.reprint}
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={busy}
          onClick={(e) => {
            e.stopPropagation();
            void run(cancel);
          }}
        >
          {en.print.dontPrint}
        </button>
      </div>
    </div>
  );
};

type Outcome = { ok: boolean; text: string };

const SENT_SHOWN_MS = 5_000;

/** The compact print control: which documents, only those some printer takes. */
const PrintMenu = ({ order, onDone }: { order: Order; onDone: (outcome: Outcome) => void }) => {
  const settings = useApp((s) => s.print?.settings ?? null);
  const printOrder = useApp((s) => s.printOrder);
  const setView = useApp((s) => s.setView);
  const [busy, setBusy] = useState<OrderDocumentKind | null>(null);
  const documents = printableDocuments(settings);

  const send = async (document: OrderDocumentKind): Promise<void> => {
    setBusy(document);
    const name = en.print.documents[document];
    const result = await printOrder(order.id, document);
    onDone(
      !result.ok
        ? { ok: false, text: result.error.message }
        : result.value.length === 0
          ? { ok: false, text: en.print.noPrinterTakes(en.print.documentsInSentence[document]) }
          : { ok: true, text: en.print.sent(name, result.value.length) },
    );
    setBusy(null);
  };

  if (documents.length === 0) {
    return (
      <div className="card-print-menu" role="group" aria-label={en.print.printWhat}>
        <p className="muted">{en.print.noPrinter}</p>
        <button
          type="button"
          className="btn btn-quiet btn-small"
          onClick={(e) => {
            e.stopPropagation();
            showPrinterSettings(setView);
          }}
        >
          {en.print.setUp}
        </button>
      </div>
    );
  }
  return (
    <div className="card-print-menu" role="group" aria-label={en.print.printWhat}>
      {documents.map((document) => (
        <button
          key={document}
          type="button"
          className="btn btn-quiet btn-small"
          disabled={busy !== null}
          onClick={(e) => {
            e.stopPropagation();
            void send(document);
          }}
        >
          {en.print.documents[document]}
        </button>
      ))}
    </div>
  );
};

/**
 * Printing on an order's card: a loud mark for each ticket that did not print, a quiet line while
 * one is on its way, and, on the selected card (like marking a line sold out), a Print button
 * that opens the documents to print (a new job each time: a reprint). Only on the selected card:
 * a button on every card would make each taller on a full board for something rarely needed.
 */
export const OrderPrint = ({
  order,
  selected,
  jobs: orderJobs,
}: {
  order: Order;
  selected: boolean;
  /** This order's print jobs (from the board, see jobsByOrder); null while printing is not read. */
  jobs: readonly PrintJob[] | null;
}) => {
  // Printing not read (main's printing unavailable): nothing to offer, the settings say why.
  const loaded = orderJobs !== null;
  const jobs = orderJobs ?? NO_JOBS;
  // Jobs are stamped by main on this machine's clock; it ticks only while one is on its way.
  const now = useNow(
    1_000,
    jobs.some((job) => job.state === 'queued' || job.state === 'printing'),
  );
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const unprinted = jobs.filter((job) => isUnprinted(job, now));
  const inFlight = jobs.filter((job) => isInFlight(job, now));
  // "Sent" is a receipt for the tap, not a state: it goes after a moment (the jobs show the rest).
  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = setTimeout(() => setOutcome(null), SENT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  if (!loaded) return null;
  return (
    <>
      {unprinted.map((job) => (
        <NotPrinted key={job.id} job={job} />
      ))}
      {inFlight.length > 0 && (
        <p className="card-state state-pending" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {en.print.printing(en.print.documentsInSentence[inFlight[0]!.document])}
        </p>
      )}
      {selected && (
        <div className="card-print-row">
          <button
            type="button"
            className={`btn btn-quiet btn-small card-print-toggle ${open ? 'chip-on' : ''}`}
            aria-expanded={open}
            onClick={(e) => {
              e.stopPropagation();
              setOpen((o) => !o);
              setOutcome(null);
            }}
          >
            {en.print.print}
          </button>
          {outcome && (
            <span
              className={outcome.ok ? 'form-ok' : 'form-error'}
              role={outcome.ok ? 'status' : 'alert'}
            >
              {outcome.text}
            </span>
          )}
        </div>
      )}
      {selected && open && (
        <PrintMenu
          order={order}
          onDone={(result) => {
            setOutcome(result);
            if (result.ok) setOpen(false);
          }}
        />
      )}
    </>
  );
};

/**
 * On a board tile: a short mark while a ticket of the order did not print (its detail has why,
 * Reprint and Don't print). The same rule as the card's marks (print-status.ts).
 */
export const TilePrintMark = ({ jobs: orderJobs }: { jobs: readonly PrintJob[] | null }) => {
  const jobs = orderJobs ?? NO_JOBS;
  const now = useNow(
    1_000,
    jobs.some((job) => job.state === 'queued' || job.state === 'printing'),
  );
  if (!jobs.some((job) => isUnprinted(job, now))) return null;
  return (
    <span className="tile-flag tile-unprinted" data-testid="not-printed">
      {en.print.notPrintedShort}
    </span>
  );
};
