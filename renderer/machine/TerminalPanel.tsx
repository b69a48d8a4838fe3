import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { ORDER_DOCUMENTS } from '../../shared/printing';
import type { OrderDocumentKind } from '../../shared/printing';
import { DialogActions } from '../ui-kit/DialogActions';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import { useSettingsVenue } from '../ui-kit/SettingsVenuePicker';
import { useApp } from './hooks';
import { en } from './messages';

/** "Any terminal" in the assignment's select: no terminal of the venue is assigned the document. */
const ANY = '';

/**
 * This terminal among the venue's: the name staff give it (shown in each order's history and on
 * the other terminals), and which terminal prints which order document (a venue setting).
 */
export const TerminalPanel = () => {
  const venueId = useSettingsVenue();
  const terminal = useApp((s) => s.terminal);
  // Who prints what is the picked venue's; until its answer comes, the last venue's is not shown.
  const current = useApp((s) => s.terminalVenue === (venueId ?? null));
  const load = useApp((s) => s.loadTerminal);
  const rename = useApp((s) => s.renameTerminal);
  const assign = useApp((s) => s.assignPrinting);
  const [name, setName] = useState<string | null>(null);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  useEffect(() => {
    void load(venueId);
  }, [load, venueId]);
  if (!terminal) return null;
  const wanted = name ?? terminal.name ?? '';

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const trimmed = wanted.trim();
    const failure = await rename(trimmed === '' ? null : trimmed);
    if (failure) {
      setMessage({ ok: false, text: failure.message });
      return;
    }
    setName(null);
    setMessage({ ok: true, text: en.terminal.saved });
  };

  const choose = async (document: OrderDocumentKind, who: string): Promise<void> => {
    const next = { ...terminal.printedBy };
    if (who === ANY) delete next[document];
    else next[document] = who;
    const failure = await assign(next, venueId);
    setMessage(failure ? { ok: false, text: failure.message } : null);
  };

  const nameOf = (t: TerminalStateRow): string =>
    t.self ? en.terminal.thisOne(t.name ?? terminal.fallbackName) : (t.name ?? en.terminal.unnamed);

  return (
    <section className="panel-section" aria-label={en.terminal.title}>
      <h2>{en.terminal.title}</h2>
      <form onSubmit={(event) => void submit(event)}>
        <label className="field">
          {en.terminal.name}
          <input
            type="text"
            maxLength={60}
            value={wanted}
            placeholder={terminal.fallbackName}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <p className="muted">{en.terminal.nameHint}</p>
        <DialogActions start actions={[{ label: en.terminal.save, tone: 'primary' }]} />
      </form>
      {current && terminal.terminals.length > 0 && (
        <>
          <h3>{en.terminal.printingTitle}</h3>
          <p className="muted">{en.terminal.printingHint}</p>
          {ORDER_DOCUMENTS.map((document) => (
            <label key={document} className="field">
              {en.print.documents[document]}
              <select
                value={terminal.printedBy?.[document] ?? ANY}
                onChange={(event) => void choose(document, event.target.value)}
              >
                <option value={ANY}>{en.terminal.anyTerminal}</option>
                {terminal.terminals.map((t) => (
                  <option key={t.id} value={t.id}>
                    {nameOf(t)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {terminal.settingsWaiting && <p className="muted">{en.terminal.waiting}</p>}
        </>
      )}
      <FormMessage message={message} />
    </section>
  );
};

type TerminalStateRow = { id: string; name: string | null; self: boolean };
