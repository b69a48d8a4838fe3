import { useEffect, useState } from 'react';
import { RETENTION_MAX_DAYS, RETENTION_MIN_DAYS } from '../../shared/history';
import { useApp } from './hooks';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';

/** How long order history is kept; what the sentence says is what main confirmed. */
export const HistorySettingsSection = () => {
  const read = useApp((s) => s.historySettings);
  const configure = useApp((s) => s.configureHistory);
  const [days, setDays] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome | null>(null);

  useEffect(() => {
    let live = true;
    void read().then((result) => {
      if (!live) return;
      if (!result.ok) {
        setMessage({ ok: false, text: result.error.message });
        return;
      }
      setDays(result.value.retentionDays);
      setDraft(String(result.value.retentionDays));
    });
    return () => {
      live = false;
    };
  }, [read]);

  const save = async (): Promise<void> => {
    const value = Number(draft.trim());
    const ok =
      draft.trim() !== '' &&
      Number.isInteger(value) &&
      value >= RETENTION_MIN_DAYS &&
      value <= RETENTION_MAX_DAYS;
    setInvalid(!ok);
    if (!ok) {
      setMessage({
        ok: false,
        text: en.history.retentionRange(RETENTION_MIN_DAYS, RETENTION_MAX_DAYS),
      });
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await configure({ retentionDays: value });
    if (result.ok) {
      setDays(result.value.retentionDays);
      setDraft(String(result.value.retentionDays));
      setMessage({ ok: true, text: en.history.saved });
    } else {
      setMessage({ ok: false, text: result.error.message });
    }
    setBusy(false);
  };

  return (
    <section className="panel-section" aria-label={en.history.retentionTitle}>
      <h2>{en.history.retentionTitle}</h2>
      {days !== null && <p data-testid="retention-now">{en.history.retentionNow(days)}</p>}
      {/* Our message, not the browser's bubble: it names the range in the app's words. */}
      <Form noValidate onSubmit={save}>
        <label className="field">
          <span>{en.history.retentionDays}</span>
          <input
            type="number"
            inputMode="numeric"
            min={RETENTION_MIN_DAYS}
            max={RETENTION_MAX_DAYS}
            step={1}
            value={draft}
            disabled={days === null}
            aria-invalid={invalid || undefined}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || days === null}>
          {en.history.save}
        </button>
      </Form>
      <FormMessage message={message} />
    </section>
  );
};
