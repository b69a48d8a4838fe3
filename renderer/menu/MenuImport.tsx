// Replacing the menu from a JSON file: read, checked against the platform's menu read just now,
// then pushed through the review's two steps (PushReview.tsx).
import { useState } from 'react';
import type { MenuProblem } from '../../shared/domain';
import type { BridgeError, MenuCheck } from '../../shared/ipc/contract';
import { FormMessage } from '../ui-kit/FormMessage';
import { toBridgeError } from '../ui-kit/bridge';
import { useApp } from './hooks';
import { en } from './messages';
import { CheckView, IssueList } from './PushReview';

type Message = { ok: boolean; text: string; issues?: MenuProblem[] };

/** `venueId`: the venue whose menu it replaces (absent: the venue set up first). */
export const MenuImport = ({ venueId }: { venueId?: string }) => {
  const checkMenu = useApp((s) => s.checkMenu);
  const pushMenu = useApp((s) => s.pushMenu);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [check, setCheck] = useState<{ n: number; value: MenuCheck } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  /** The refusal if the check itself failed (the file's own problems are in the check). */
  const runCheck = async (text: string): Promise<BridgeError | null> => {
    const result = await checkMenu(text, venueId);
    if (!result.ok) return result.error;
    // A new check starts its review from the first step.
    setCheck((c) => ({ n: (c?.n ?? 0) + 1, value: result.value }));
    return null;
  };

  const load = async (picked: File): Promise<void> => {
    setBusy(true);
    setMessage(null);
    setCheck(null);
    try {
      const text = await picked.text();
      setFile({ name: picked.name, text });
      const failure = await runCheck(text);
      if (failure) setMessage({ ok: false, text: failure.message });
    } catch (e) {
      // Reading the file itself failed (not a bridge call).
      setMessage({ ok: false, text: toBridgeError(e).message });
    } finally {
      setBusy(false);
    }
  };

  const push = async (confirmRemoved: string[] | undefined): Promise<void> => {
    if (!file) return;
    setBusy(true);
    const result = await pushMenu(file.text, confirmRemoved, venueId);
    if (!result.ok) {
      setMessage({ ok: false, text: result.error.message, issues: result.error.issues });
      // The platform's menu may have changed since the check: show the diff against it now.
      await runCheck(file.text);
    } else if (result.value) {
      setMessage({
        ok: false,
        text: en.menu.issuesTitle(result.value.length),
        issues: result.value,
      });
    } else {
      setMessage({ ok: true, text: en.menu.pushed });
      setFile(null);
      setCheck(null);
    }
    setBusy(false);
  };

  return (
    <section className="panel-section" aria-label={en.menu.importTitle}>
      <h2>{en.menu.importTitle}</h2>
      <label className="btn btn-primary file-button">
        {en.menu.importFile}
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            e.target.value = '';
            if (picked) void load(picked);
          }}
        />
      </label>
      {file && <p className="muted">{en.menu.file(file.name)}</p>}
      {busy && <p role="status">{en.menu.checking}</p>}
      {check && (
        <CheckView
          key={check.n}
          check={check.value}
          busy={busy}
          pushLabel={en.menu.push}
          onPush={(c) => void push(c)}
        />
      )}
      {message &&
        (message.issues?.length ? (
          <IssueList issues={message.issues} />
        ) : (
          <FormMessage message={message} />
        ))}
    </section>
  );
};
