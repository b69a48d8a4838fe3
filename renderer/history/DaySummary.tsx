import { useEffect, useId, useState } from 'react';
import { DELIVERY_TYPES, ORDER_STATUSES } from '../../shared/domain';
import type { Day, DaySummary } from '../../shared/history';
import type { PaperWidthMm, PrintDocument, PrintState } from '../../shared/printing';
import { useApp, useNow } from './hooks';
import { toBridgeError } from '../ui-kit/bridge';
import { formatDuration, formatMoney, formatTimeZone } from '../ui-kit/format';
import {
  addDays,
  dayIn,
  DELIVERY_TYPE_LABEL,
  downloadText,
  formatDay,
  formatMinutes,
} from './history';
import { en } from './messages';
import { DialogActions } from '../ui-kit/DialogActions';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import { printOutcome } from './OrderHistory';
import { PrintPreview } from '../ui-kit/PrintPreview';

/** The paper the summary prints on: the first printer that takes it, else 80 mm. */
const summaryPaper = (print: PrintState | null): PaperWidthMm =>
  print?.settings.printers.find((p) => p.documents.includes('day-summary'))?.paperWidth ?? 80;

const machineZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const HourBars = ({ summary }: { summary: DaySummary }) => {
  const most = Math.max(1, ...summary.hours.map((h) => h.orders));
  // Sales per hour are in the first currency of the day's sales (DaySummary.hours).
  const currency = summary.sales[0]?.currency ?? null;
  return (
    <section aria-label={en.history.perHour}>
      <h3>{en.history.perHour}</h3>
      <ol className="hour-bars" aria-label={en.history.perHour}>
        {summary.hours.map((h) => {
          const detail = en.history.hourDetail(
            h.hour,
            h.orders,
            currency && h.sales > 0 ? formatMoney({ amount: h.sales, currency }) : null,
            h.hour + 1,
          );
          return (
            <li key={h.hour} title={detail}>
              <span className="sr-only">{detail}</span>
              <span className="hour-count" aria-hidden="true">
                {h.orders > 0 ? h.orders : ''}
              </span>
              <span className="hour-track" aria-hidden="true">
                <span className="hour-bar" style={{ height: `${(h.orders / most) * 100}%` }} />
              </span>
              <span className="hour-label" aria-hidden="true">
                {en.history.hour(h.hour)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
};

/** A titled list of label and number, or a sentence when there is nothing to count. */
const Counts = ({
  title,
  rows,
  empty,
  note,
}: {
  title: string;
  rows: Array<[string, string | number]>;
  empty?: string;
  note?: string;
}) => (
  <section aria-label={title}>
    <h3>{title}</h3>
    {rows.length === 0 && empty ? (
      <p className="muted">{empty}</p>
    ) : (
      <dl className="summary-counts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    )}
    {note && <p className="muted">{note}</p>}
  </section>
);

const Figures = ({
  summary,
  onOpen,
}: {
  summary: DaySummary;
  onOpen: (orderId: string) => void;
}) => {
  const timing = summary.acceptToReady;
  const timingRows = (
    [
      [en.history.average, timing.averageSeconds],
      [en.history.p90, timing.p90Seconds],
      [en.history.promised, timing.promisedAverageSeconds],
    ] as const
  ).flatMap(([label, seconds]): Array<[string, string]> =>
    timing.count > 0 && seconds !== null ? [[label, formatMinutes(seconds)]] : [],
  );
  return (
    <div className="summary-grid">
      <section aria-label={en.history.sales}>
        <h3>{en.history.sales}</h3>
        <p className="summary-big">{en.history.ordersCount(summary.orders)}</p>
        {summary.sales.length === 0 ? (
          <p className="muted">{en.history.noSales}</p>
        ) : (
          <ul className="summary-list">
            {summary.sales.map((row) => (
              <li key={row.currency}>
                <strong className="summary-big">{formatMoney(row.total)}</strong>{' '}
                <span>{en.history.salesRow(row.orders, formatMoney(row.averageBasket))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {summary.venues.length > 1 && (
        // A terminal of several venues: each venue's day beside the totals of all of them.
        <Counts
          title={en.history.perVenue}
          rows={summary.venues.map((v, index) => [
            v.name ?? en.venues.unnamed(index + 1),
            en.history.venueTotals(
              v.orders,
              v.sales.map((s) => formatMoney(s.total)).join(' + ') ||
                formatMoney({ amount: 0, currency: summary.sales[0]?.currency ?? 'EUR' }),
            ),
          ])}
        />
      )}
      <Counts
        title={en.history.byStatus}
        rows={ORDER_STATUSES.map((s) => [en.order.statuses[s], summary.byStatus[s]])}
      />
      <Counts
        title={en.history.byType}
        rows={DELIVERY_TYPES.map((t) => [DELIVERY_TYPE_LABEL[t], summary.byType[t]])}
      />
      <Counts
        title={en.history.rejections}
        rows={summary.rejections.map((r) => [r.reason || en.history.rejectedNoReason, r.count])}
        empty={en.history.noRejections}
      />
      <Counts
        title={en.history.timing}
        rows={timingRows}
        empty={en.history.noTiming}
        note={timingRows.length > 0 ? en.history.timingCount(timing.count) : undefined}
      />
      <section aria-label={en.history.late}>
        <h3>{en.history.late}</h3>
        {summary.late.length === 0 ? (
          <p className="muted">{en.history.noLate}</p>
        ) : (
          <ul className="summary-late">
            {summary.late.map((l) => (
              <li key={l.orderId}>
                <button
                  type="button"
                  className="btn btn-quiet btn-small"
                  aria-label={en.history.row(l.orderNumber)}
                  onClick={() => onOpen(l.orderId)}
                >
                  {en.order.number(l.orderNumber)}
                </button>{' '}
                <span>{en.history.lateBy(formatDuration(l.lateBySeconds * 1000 + 59_999))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Counts
        title={en.history.itemsSold}
        rows={summary.items.map((i) => [i.name, i.count])}
        empty={en.history.noItems}
      />
    </div>
  );
};

const DayTools = ({ day, venueId }: { day: Day; venueId: string | undefined }) => {
  const exportCsv = useApp((s) => s.exportDayCsv);
  const print = useApp((s) => s.printDaySummary);
  const preview = useApp((s) => s.previewPrint);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const paperWidth = useApp((s) => summaryPaper(s.print));
  const [lines, setLines] = useState<PrintDocument | null>(null);
  const captionId = useId();

  const run = async (task: () => Promise<FormOutcome | null>): Promise<void> => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage(await task());
    } catch (e) {
      // Not a bridge call (those answer with a Result): the browser refused the download.
      setMessage({ ok: false, text: toBridgeError(e).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={en.history.endOfDay}>
      <DialogActions
        start
        actions={[
          {
            label: en.history.exportCsv,
            tone: 'primary',
            disabled: busy,
            onClick: () =>
              void run(async () => {
                const result = await exportCsv(day, venueId);
                if (!result.ok) return { ok: false, text: result.error.message };
                const { filename, csv } = result.value;
                downloadText(filename, csv, 'text/csv;charset=utf-8');
                return { ok: true, text: en.history.exported(filename) };
              }),
          },
          {
            label: en.history.printSummary,
            tone: 'primary',
            disabled: busy,
            onClick: () =>
              void run(async () => {
                // The venue the picker shows, as on screen (none: every venue's together).
                const result = await print(day, venueId);
                return result.ok
                  ? printOutcome(result.value, 'day-summary')
                  : { ok: false, text: result.error.message };
              }),
          },
          {
            label: lines !== null ? en.history.hidePreview : en.history.preview,
            tone: 'quiet',
            disabled: busy,
            expanded: lines !== null,
            onClick: () =>
              lines !== null
                ? setLines(null)
                : void run(async () => {
                    const result = await preview({
                      document: 'day-summary',
                      day,
                      paperWidth,
                      ...(venueId === undefined ? {} : { venueId }),
                    });
                    if (!result.ok) return { ok: false, text: result.error.message };
                    setLines(result.value);
                    return null;
                  }),
          },
        ]}
      />
      <FormMessage message={message} />
      {lines !== null && (
        <figure className="print-preview-text" aria-labelledby={captionId}>
          <figcaption id={captionId}>{en.history.previewTitle}</figcaption>
          <PrintPreview document={lines} />
        </figure>
      )}
    </section>
  );
};

/** The end of the day: what sold, how fast, what went wrong; export and print. */
export const DaySummaryView = ({
  chosen,
  venueId,
  onChoose: setChosen,
  onOpen,
}: {
  /** The day staff picked; null follows the venue's today. */
  chosen: Day | null;
  /** One venue's day; every venue's together when absent. */
  venueId: string | undefined;
  onChoose: (day: Day | null) => void;
  onOpen: (orderId: string) => void;
}) => {
  const load = useApp((s) => s.daySummary);
  const timeZone = useApp((s) => s.venue?.timeZone) ?? machineZone();
  const now = useNow(60_000);
  const today = dayIn(now, timeZone);
  const day = chosen ?? today;
  // The answer for the day and venue it was asked for: another's shows as loading, never as this.
  const asked = `${day} ${venueId ?? ''}`;
  const [answer, setAnswer] = useState<{
    asked: string;
    summary?: DaySummary;
    error?: string;
  } | null>(null);
  const summary = answer?.asked === asked ? (answer.summary ?? null) : null;
  const error = answer?.asked === asked ? (answer.error ?? null) : null;

  useEffect(() => {
    let live = true;
    const key = `${day} ${venueId ?? ''}`;
    void load(day, venueId).then(
      (result) =>
        live &&
        setAnswer(
          result.ok
            ? { asked: key, summary: result.value }
            : { asked: key, error: result.error.message },
        ),
    );
    return () => {
      live = false;
    };
  }, [load, day, venueId]);

  return (
    <section
      className="panel-section day-summary"
      aria-label={en.history.summaryTitle(formatDay(day))}
      aria-busy={(!summary && !error) || undefined}
    >
      <h2>{en.history.summaryTitle(formatDay(day))}</h2>
      <div className="day-picker">
        <button type="button" className="btn btn-quiet" onClick={() => setChosen(addDays(day, -1))}>
          ◀ {en.history.previousDay}
        </button>
        <label className="field field-inline">
          <span className="sr-only">{en.history.day}</span>
          <input
            type="date"
            value={day}
            max={today}
            onChange={(e) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value))
                setChosen(e.currentTarget.value);
            }}
          />
        </label>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={day >= today}
          onClick={() => setChosen(addDays(day, 1))}
        >
          {en.history.nextDay} ▶
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          disabled={day === today}
          onClick={() => setChosen(null)}
        >
          {en.history.today}
        </button>
      </div>
      <p className="muted">{en.history.timeZone(formatTimeZone(summary?.timeZone ?? timeZone))}</p>
      {error && <FormMessage message={{ ok: false, text: error }} />}
      {!summary && !error && <p className="muted">{en.history.loading}</p>}
      {/* Keyed by day and venue: a message or preview of another never shows under this one. */}
      {summary && <DayTools key={asked} day={day} venueId={venueId} />}
      {summary && summary.orders === 0 && (
        <p className="summary-empty">{en.history.noOrdersOnDay}</p>
      )}
      {summary && summary.orders > 0 && (
        <>
          <Figures summary={summary} onOpen={onOpen} />
          <HourBars summary={summary} />
        </>
      )}
    </section>
  );
};
