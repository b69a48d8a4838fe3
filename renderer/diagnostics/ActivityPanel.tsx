import type { ReactNode } from 'react';
import { useState } from 'react';
import type { BridgeError } from '../../shared/ipc/contract';
import { FormMessage } from '../ui-kit/FormMessage';
import { useApp } from './hooks';
import { formatClock } from '../ui-kit/format';
import { en } from './messages';
import { ProblemsPanel } from './ProblemsPanel';
import { actionErrorWords, errorWords } from '../ui-kit/bridge';

/** Why the action has not gone, in the staff's words. */
const ActionError = ({ text }: { text: string }) => (
  <span className="activity-error">{actionErrorWords(text)}</span>
);

/** `summary`: the shift's summary, which the shell puts above the actions. */
export const ActivityPanel = ({ summary }: { summary: ReactNode }) => {
  const entries = useApp((s) => s.outbox);
  const retry = useApp((s) => s.retry);
  const discard = useApp((s) => s.discard);
  // Kept as main's refusal, worded when shown (in the screen's language then).
  const [failure, setFailure] = useState<BridgeError | null>(null);
  const run = (action: (id: string) => Promise<BridgeError | null>, id: string): void => {
    setFailure(null);
    void action(id).then(setFailure);
  };
  return (
    <main className="panel" aria-label={en.nav.activity}>
      {summary}
      <section className="panel-section">
        <h2>{en.activity.title}</h2>
        {entries.length === 0 && <p className="muted">{en.activity.empty}</p>}
        <ul className="activity">
          {entries.map((entry) => (
            <li key={entry.id} className={`activity-${entry.state}`}>
              <span className="activity-time">{formatClock(entry.createdAt)}</span>
              <span className="activity-summary">
                {en.activity.describe[entry.kind](entry.facts)}
              </span>
              <span
                className={`pill ${entry.state === 'failed' ? 'pill-bad' : entry.state === 'done' ? 'pill-ok' : 'pill-neutral'}`}
              >
                {en.activity.states[entry.state]}
              </span>
              <span className="muted">
                {en.activity.attempts(entry.attempts)}
                {entry.nextAttemptAt && entry.state !== 'done'
                  ? ` · ${en.activity.nextAttempt(formatClock(entry.nextAttemptAt))}`
                  : ''}
              </span>
              {entry.error && <ActionError text={entry.error} />}
              {entry.state === 'failed' && (
                <span className="activity-actions">
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    onClick={() => run(retry, entry.id)}
                  >
                    {en.actions.retry}
                  </button>
                  <button
                    type="button"
                    className="btn btn-quiet btn-small"
                    onClick={() => run(discard, entry.id)}
                  >
                    {en.actions.discard}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
        <FormMessage message={failure ? { ok: false, text: errorWords(failure) } : null} />
      </section>
      <ProblemsPanel />
    </main>
  );
};
