import { useState } from 'react';
import { useApp, useNow, useSounding } from './hooks';
import { en } from './messages';
import type { PrintProblem } from './print-status';
import { printerHealth, printProblems } from './print-status';
import type { Ringer } from '../ui-kit/ringer';
import { showPrinterSettings } from './PrinterSettings';

// Why in the printer state's words only: the printer's or the connection's own message (an
// address, a spooler's error) is for support, in the log and the diagnostics.
const problemText = (problem: PrintProblem): string => {
  const what = problem.jobs
    .map((job) => en.print.jobName(en.print.documentsInSentence[job.document], job.orderNumber))
    .join(', ');
  return en.print.alarm(
    problem.printerName,
    en.print.printerStates[problem.reason],
    what,
    problem.jobs.some((job) => job.held),
  );
};

/**
 * A ticket that did not print: a red banner naming the printer and why, and a sound of its own
 * (not the order ring, not the outage siren) until the ticket prints or is dropped. Silence
 * stops the sound for the tickets already shown; one more that fails sounds again.
 */
export const PrintAlarm = ({ alarm }: { alarm: Ringer }) => {
  const print = useApp((s) => s.print);
  // Checked every second: a stuck job turns into an alarm within a second of its threshold.
  const now = useNow(1_000);
  const problems = printProblems(print, now);
  const [silenced, setSilenced] = useState<ReadonlySet<string>>(() => new Set());
  const jobIds = problems.flatMap((p) => p.jobs.map((j) => j.id));
  const sounding = jobIds.some((id) => !silenced.has(id));
  useSounding(alarm, sounding);
  if (problems.length === 0) return null;
  return (
    <div className="banner banner-danger banner-stack" role="alert" data-testid="print-alarm">
      {problems.map((problem, index) => (
        <div key={problem.printerId} className="banner-row">
          <span>{problemText(problem)}</span>
          {index === 0 &&
            (sounding ? (
              <button
                type="button"
                className="btn btn-light"
                onClick={() => setSilenced(new Set(jobIds))}
              >
                {en.print.silence}
              </button>
            ) : (
              <span className="muted-on-danger">{en.print.silenced}</span>
            ))}
        </div>
      ))}
    </div>
  );
};

/**
 * The printers in the status bar: green when all are ready, amber when paper runs low, red when
 * one cannot print. Tapping it opens the printer settings. Nothing when no printer is set up.
 */
export const PrinterStatusItem = () => {
  const print = useApp((s) => s.print);
  const setView = useApp((s) => s.setView);
  const health = printerHealth(print);
  if (health.length === 0) return null;
  const bad = health.filter((h) => h.level === 'bad');
  const low = health.filter((h) => h.level === 'low');
  const level = bad.length > 0 ? 'bad' : low.length > 0 ? 'wait' : 'ok';
  const details = [
    ...bad.map(
      (h) =>
        `${h.printer.name}: ${en.print.printerStates[h.status?.state ?? 'unknown']}${
          // Out of paper says more than running low.
          h.status?.paperNearEnd && h.status.state !== 'paper-out' ? `, ${en.print.paperLow}` : ''
        }`,
    ),
    ...low.map((h) => `${h.printer.name}: ${en.print.paperLow}`),
  ];
  return (
    <button
      type="button"
      className={`status-item status-button ${level}`}
      data-testid="status-printers"
      onClick={() => showPrinterSettings(setView)}
    >
      <span className="dot" aria-hidden="true" />
      {en.print.printers}: {details.length > 0 ? details.join(' · ') : en.print.allReady}
    </button>
  );
};
