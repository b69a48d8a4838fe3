import { useState } from 'react';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';
import { useApp } from './hooks';
import { en } from './messages';

/**
 * What the window shows after the renderer crashed 3 times in 10 minutes: no board (the board
 * may be what crashes), only what happened and a way out.
 */
export const Recovery = () => {
  const restart = useApp((s) => s.restartApp);
  const exportDiagnostics = useApp((s) => s.exportDiagnostics);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <main className="panel recovery" role="alert" aria-label={en.recovery.title}>
      <section className="panel-section">
        <h1>{en.recovery.title}</h1>
        <p>{en.recovery.body}</p>
        <DialogActions
          start
          actions={[
            {
              label: en.recovery.restart,
              tone: 'primary',
              large: true,
              onClick: () => void restart().then((failure) => setError(failure?.message ?? null)),
            },
            {
              label: en.diagnostics.export,
              tone: 'quiet',
              large: true,
              onClick: () =>
                void exportDiagnostics().then((result) =>
                  result.ok
                    ? setSaved(en.diagnostics.exported(result.value.file))
                    : setError(result.error.message),
                ),
            },
          ]}
        />
        {saved && <p role="status">{saved}</p>}
        <Refusal text={error} />
      </section>
    </main>
  );
};
