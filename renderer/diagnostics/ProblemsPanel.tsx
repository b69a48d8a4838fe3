import { useCallback, useEffect, useState } from 'react';
import type { LogEntry } from '../../shared/domain';
import { useApp } from './hooks';
import { formatClock } from '../ui-kit/format';
import { en } from './messages';
import { DialogActions } from '../ui-kit/DialogActions';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import type { BridgeError } from '../../shared/ipc/contract';
import { errorWords } from '../ui-kit/bridge';

/** What the panel last said, as facts: worded when shown, in the screen's language then. */
type Said = { exported: string } | { refused: BridgeError };

const outcomeOf = (said: Said | null): FormOutcome | null =>
  said === null
    ? null
    : 'exported' in said
      ? { ok: true, text: en.diagnostics.exported(said.exported) }
      : { ok: false, text: errorWords(said.refused) };

/**
 * A log entry in words: a link's change as the status bar says it, with why it went down (its
 * code), and the terminal's other warnings by their event. The entries' own fields (an error's
 * text, a path) are for support, in the diagnostics bundle, never on the screen.
 */
const summaryOf = (entry: LogEntry): string => {
  const { link, state, why, maxMs } = entry.fields;
  if (entry.event === 'link' && typeof link === 'string' && typeof state === 'string')
    return en.diagnostics.link(link, state, typeof why === 'string' ? why : null);
  if (entry.event === 'event-loop-lag' && typeof maxMs === 'number')
    return en.diagnostics.slow(Math.round(maxMs));
  if (entry.event === 'checkpoint') return en.diagnostics.checkpoint;
  return en.diagnostics.otherWarning;
};

/** What support asks for: the log's warnings and errors, and the diagnostics bundle. */
export const ProblemsPanel = () => {
  const recentProblems = useApp((s) => s.recentProblems);
  const exportDiagnostics = useApp((s) => s.exportDiagnostics);
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [exporting, setExporting] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);

  const load = useCallback(() => {
    void recentProblems(50).then((result) =>
      result.ok ? setEntries(result.value) : setSaid({ refused: result.error }),
    );
  }, [recentProblems]);
  useEffect(load, [load]);

  const runExport = async (): Promise<void> => {
    setExporting(true);
    const result = await exportDiagnostics();
    setSaid(result.ok ? { exported: result.value.file } : { refused: result.error });
    setExporting(false);
  };

  return (
    <section className="panel-section" aria-label={en.diagnostics.title}>
      <h2>{en.diagnostics.title}</h2>
      <p className="muted">{en.diagnostics.intro}</p>
      {entries.length === 0 && <p className="muted">{en.diagnostics.none}</p>}
      <ul className="activity">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className={`activity-${entry.level}`}>
            <span className="activity-time">{formatClock(entry.at)}</span>
            <span className="activity-summary">{summaryOf(entry)}</span>
          </li>
        ))}
      </ul>
      <DialogActions
        start
        actions={[
          { label: en.diagnostics.refresh, tone: 'quiet', onClick: () => void load() },
          {
            label: exporting ? en.diagnostics.exporting : en.diagnostics.export,
            tone: 'primary',
            disabled: exporting,
            onClick: () => void runExport(),
          },
        ]}
      />
      <FormMessage message={outcomeOf(said)} />
    </section>
  );
};
