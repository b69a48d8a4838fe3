import { errorWords } from '../ui-kit/bridge';
import { useState } from 'react';
import type {
  KitchenTicketTrigger,
  PreorderTicketTrigger,
  PaperWidthMm,
  PrintDocumentKind,
  PrinterConfig,
  PrintSettings,
  PrintState,
  ReadyPrint,
} from '../../shared/printing';
import {
  KITCHEN_TICKET_TRIGGERS,
  PREORDER_TICKET_TRIGGERS,
  ORDER_DOCUMENTS,
  PAPER_WIDTHS,
  PRINT_DOCUMENTS,
  READY_PRINTS,
} from '../../shared/printing';
import { printerConfigSchema } from '../../shared/ipc/contract';
import { LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n';
import type { Language } from '../../shared/i18n';
import { useApp } from './hooks';
import { fieldErrors } from '../ui-kit/form';
import { formatClock } from '../ui-kit/format';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { DialogActions } from '../ui-kit/DialogActions';
import { isBlocking, jobProblem, statusOf } from './print-status';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import { DocumentPreview } from './DocumentPreview';

/** What a printer can be set to print: a test page goes to the printer it is asked of. */
const CHOOSABLE: PrintDocumentKind[] = PRINT_DOCUMENTS.filter((d) => d !== 'test-page');
const DEFAULT_PORT = 9100;

/** One choice of several, as big chips (a radio group). */
const Choice = <T extends string | number>(props: {
  label: string;
  options: readonly T[];
  value: T;
  name: (option: T) => string;
  /** The language an option's name is written in, when not the screen's (a language's own name). */
  lang?: (option: T) => string;
  onChange: (option: T) => void;
}) => (
  <fieldset className="picker" role="radiogroup" aria-label={props.label}>
    <legend>{props.label}</legend>
    {props.options.map((option) => (
      <button
        key={option}
        type="button"
        role="radio"
        aria-checked={option === props.value}
        className={`chip ${option === props.value ? 'chip-on' : ''}`}
        lang={props.lang?.(option)}
        onClick={() => props.onChange(option)}
      >
        {props.name(option)}
      </button>
    ))}
  </fieldset>
);

type Draft = {
  name: string;
  kind: 'network' | 'system';
  host: string;
  port: string;
  queue: string;
  paperWidth: PaperWidthMm;
  documents: PrintDocumentKind[];
};

const draftOf = (printer: PrinterConfig | null, first: boolean): Draft => ({
  name: printer?.name ?? '',
  kind: printer?.connection.kind ?? 'network',
  host: printer?.connection.kind === 'network' ? printer.connection.host : '',
  port: String(printer?.connection.kind === 'network' ? printer.connection.port : DEFAULT_PORT),
  queue: printer?.connection.kind === 'system' ? printer.connection.queue : '',
  paperWidth: printer?.paperWidth ?? 80,
  // A venue's first printer usually prints everything; a second one is chosen for a purpose.
  documents: printer?.documents ?? (first ? CHOOSABLE : []),
});

const newPrinterId = (): string => `printer-${crypto.randomUUID().slice(0, 8)}`;

/** The printer a draft describes, or what is wrong with it, field by field. */
const parseDraft = (
  id: string,
  draft: Draft,
): { ok: true; printer: PrinterConfig } | { ok: false; errors: Record<string, string> } => {
  const port = Number(draft.port.trim());
  const candidate = {
    id,
    name: draft.name,
    connection:
      draft.kind === 'network'
        ? { kind: 'network' as const, host: draft.host, port }
        : { kind: 'system' as const, queue: draft.queue },
    paperWidth: draft.paperWidth,
    documents: draft.documents,
  };
  const parsed = printerConfigSchema.safeParse(candidate);
  const errors = parsed.success
    ? {}
    : fieldErrors(parsed.error.issues, (path) =>
        path[0] === 'connection' ? String(path[1] ?? 'host') : String(path[0]),
      );
  if (draft.kind === 'network' && !/^\d{1,5}$/.test(draft.port.trim())) errors.port = '';
  if ('port' in errors) errors.port = en.print.portNumber;
  if ('name' in errors) errors.name = en.print.nameRequired;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, printer: parsed.data as PrinterConfig };
};

const Field = (props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  inputMode?: 'numeric';
}) => (
  <label className="field">
    <span>{props.label}</span>
    <input
      value={props.value}
      placeholder={props.placeholder}
      inputMode={props.inputMode}
      aria-invalid={Boolean(props.error)}
      onChange={(e) => props.onChange(e.target.value)}
    />
    {props.error && <span className="field-error">{props.error}</span>}
  </label>
);

/** Add or edit one printer; saved only when main took the whole new list. */
// eslint-disable-next-line max-lines-per-function -- one printer's form (connection, paper, documents) with its checks; a form to read down
const PrinterForm = ({
  printer,
  settings,
  onClose,
}: {
  printer: PrinterConfig | null;
  settings: PrintSettings;
  onClose: (saved: boolean) => void;
}) => {
  const configure = useApp((s) => s.configurePrint);
  const [draft, setDraft] = useState(() => draftOf(printer, settings.printers.length === 0));
  const [id] = useState(() => printer?.id ?? newPrinterId());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const edit = (patch: Partial<Draft>): void => {
    setDraft((d) => ({ ...d, ...patch }));
    setMessage(null);
  };

  const save = async (): Promise<void> => {
    const parsed = parseDraft(id, draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setMessage({ ok: false, text: en.print.fixFields });
      return;
    }
    setErrors({});
    // Anything a printer printed that the form does not show (a test page) stays as it was.
    const kept = (printer?.documents ?? []).filter((d) => !CHOOSABLE.includes(d));
    const next = { ...parsed.printer, documents: [...parsed.printer.documents, ...kept] };
    const printers = printer
      ? settings.printers.map((p) => (p.id === printer.id ? next : p))
      : [...settings.printers, next];
    setBusy(true);
    const error = await configure({ printers });
    setBusy(false);
    if (error) setMessage({ ok: false, text: error.message });
    else onClose(true);
  };

  return (
    <Form
      className="printer-form"
      label={printer ? `${en.print.edit} ${printer.name}` : en.print.add}
      onSubmit={save}
    >
      <h3>{printer ? `${en.print.edit} ${printer.name}` : en.print.add}</h3>
      <Field
        label={en.print.name}
        value={draft.name}
        placeholder={en.print.namePlaceholder}
        error={errors.name}
        onChange={(name) => edit({ name })}
      />
      <Choice
        label={en.print.connection}
        options={['network', 'system'] as const}
        value={draft.kind}
        name={(kind) => en.print.connections[kind]}
        onChange={(kind) => edit({ kind })}
      />
      {draft.kind === 'network' ? (
        <div className="field-row">
          <Field
            label={en.print.host}
            value={draft.host}
            placeholder="192.168.1.50"
            error={errors.host}
            onChange={(host) => edit({ host })}
          />
          <Field
            label={en.print.port}
            value={draft.port}
            inputMode="numeric"
            error={errors.port}
            onChange={(port) => edit({ port })}
          />
        </div>
      ) : (
        <Field
          label={en.print.queue}
          value={draft.queue}
          error={errors.queue}
          onChange={(queue) => edit({ queue })}
        />
      )}
      <Choice
        label={en.print.paperWidth}
        options={PAPER_WIDTHS}
        value={draft.paperWidth}
        name={(mm) => en.print.paperWidths[mm]}
        onChange={(paperWidth) => edit({ paperWidth })}
      />
      <fieldset className="picker" aria-label={en.print.documentsLabel}>
        <legend>{en.print.documentsLabel}</legend>
        {CHOOSABLE.map((document) => {
          const on = draft.documents.includes(document);
          return (
            <button
              key={document}
              type="button"
              aria-pressed={on}
              className={`chip ${on ? 'chip-on' : ''}`}
              onClick={() =>
                edit({
                  documents: on
                    ? draft.documents.filter((d) => d !== document)
                    : CHOOSABLE.filter((d) => d === document || draft.documents.includes(d)),
                })
              }
            >
              {en.print.documents[document]}
            </button>
          );
        })}
      </fieldset>
      <DialogActions
        start
        actions={[
          { label: en.print.cancel, tone: 'quiet', onClick: () => onClose(false) },
          { label: en.print.save, tone: 'primary', disabled: busy },
        ]}
      />
      <FormMessage message={message} />
    </Form>
  );
};

/** The newest test page of a printer: whether it came out, and why not. */
const TestOutcome = ({ print, printerId }: { print: PrintState; printerId: string }) => {
  const job = print.jobs
    .filter((j) => j.origin === 'test' && j.printerId === printerId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!job) return null;
  const problem = job.state === 'waiting' ? jobProblem(print, job) : null;
  return (
    <p
      className={
        job.state === 'waiting' ? 'form-error' : job.state === 'printed' ? 'form-ok' : 'muted'
      }
      role="status"
    >
      {en.print.testState[job.state]}
      {problem ? ` · ${en.print.printerStates[problem.reason]}` : ''}
    </p>
  );
};

const PrinterRow = ({
  printer,
  print,
  onEdit,
  onRemoved,
}: {
  printer: PrinterConfig;
  print: PrintState;
  onEdit: () => void;
  onRemoved: (outcome: FormOutcome) => void;
}) => {
  const configure = useApp((s) => s.configurePrint);
  const testPrint = useApp((s) => s.testPrint);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const status = statusOf(print, printer.id);
  const state = status?.state ?? 'unknown';
  const documents = printer.documents.filter((d) => CHOOSABLE.includes(d));

  return (
    <li className="printer" aria-label={printer.name} data-printer-id={printer.id}>
      <div className="printer-head">
        <strong className="printer-name">{printer.name}</strong>
        <span
          className={`pill ${isBlocking(state) ? 'pill-bad' : state === 'ready' ? 'pill-ok' : 'pill-neutral'}`}
          data-testid="printer-state"
        >
          {en.print.printerStates[state]}
        </span>
        {status?.paperNearEnd && <span className="pill pill-warn">{en.print.paperLow}</span>}
      </div>
      <p className="muted">
        {printer.connection.kind === 'network'
          ? en.print.connectionText(printer.connection.host, printer.connection.port)
          : en.print.queueText(printer.connection.queue)}
        {' · '}
        {en.print.paperText(printer.paperWidth)}
        {' · '}
        {documents.length > 0
          ? documents.map((d) => en.print.documents[d]).join(', ')
          : en.print.printsNothing}
        {status?.checkedAt ? ` · ${en.print.checkedAt(formatClock(status.checkedAt))}` : ''}
      </p>
      <TestOutcome print={print} printerId={printer.id} />
      {confirming ? (
        <div className="confirm" role="group" aria-label={en.print.removeConfirm(printer.name)}>
          <p>{en.print.removeConfirm(printer.name)}</p>
          <DialogActions
            start
            actions={[
              { label: en.print.keep, tone: 'quiet', onClick: () => setConfirming(false) },
              {
                label: en.print.removeYes,
                tone: 'danger',
                onClick: async () => {
                  const error = await configure({
                    printers: print.settings.printers.filter((p) => p.id !== printer.id),
                  });
                  setConfirming(false);
                  if (error) setMessage({ ok: false, text: error.message });
                  else onRemoved({ ok: true, text: en.print.removed });
                },
              },
            ]}
          />
        </div>
      ) : (
        <DialogActions
          start
          actions={[
            {
              label: en.print.test,
              tone: 'quiet',
              onClick: async () => {
                setMessage(null);
                const result = await testPrint(printer.id);
                if (!result.ok) setMessage({ ok: false, text: result.error.message });
              },
            },
            { label: en.print.edit, tone: 'quiet', onClick: onEdit },
            {
              label: en.print.remove,
              tone: 'danger-outline',
              onClick: () => {
                setMessage(null);
                setConfirming(true);
              },
            },
          ]}
        />
      )}
      <FormMessage message={message} />
    </li>
  );
};

const PrinterList = ({ print }: { print: PrintState }) => {
  // null: no form open; 'new': adding; otherwise the id of the printer being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const { printers } = print.settings;
  const close = (saved: boolean): void => {
    setEditing(null);
    setMessage(saved ? { ok: true, text: en.print.saved } : null);
  };
  return (
    <>
      {printers.length === 0 && <p className="muted">{en.print.none}</p>}
      <ul className="printers">
        {printers.map((printer) =>
          editing === printer.id ? (
            <li key={printer.id} className="printer">
              <PrinterForm printer={printer} settings={print.settings} onClose={close} />
            </li>
          ) : (
            <PrinterRow
              key={printer.id}
              printer={printer}
              print={print}
              onEdit={() => {
                setMessage(null);
                setEditing(printer.id);
              }}
              onRemoved={setMessage}
            />
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <PrinterForm printer={null} settings={print.settings} onClose={close} />
      ) : (
        <DialogActions
          start
          actions={[
            {
              label: en.print.add,
              tone: 'primary',
              onClick: () => {
                setMessage(null);
                setEditing('new');
              },
            },
          ]}
        />
      )}
      <FormMessage message={message} />
    </>
  );
};

/** When tickets print by themselves; a draft until saved, then what main confirmed. */
const PrintTriggers = ({ settings }: { settings: PrintSettings }) => {
  const configure = useApp((s) => s.configurePrint);
  const [kitchen, setKitchen] = useState<KitchenTicketTrigger | null>(null);
  const [preorder, setPreorder] = useState<PreorderTicketTrigger | null>(null);
  const [ready, setReady] = useState<ReadyPrint | null>(null);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const wantKitchen = kitchen ?? settings.kitchenTicket;
  const wantPreorder = preorder ?? settings.preorderTicket;
  const wantReady = ready ?? settings.onReady;
  const changed =
    wantKitchen !== settings.kitchenTicket ||
    wantPreorder !== settings.preorderTicket ||
    wantReady !== settings.onReady;
  return (
    <section className="panel-section" aria-label={en.print.triggersTitle}>
      <h2>{en.print.triggersTitle}</h2>
      <Choice
        label={en.print.kitchenTicket}
        options={KITCHEN_TICKET_TRIGGERS}
        value={wantKitchen}
        name={(t) => en.print.kitchenTriggers[t]}
        onChange={(t) => {
          setKitchen(t);
          setMessage(null);
        }}
      />
      {wantKitchen === 'accept' && (
        <Choice
          label={en.print.preorderTicket}
          options={PREORDER_TICKET_TRIGGERS}
          value={wantPreorder}
          name={(t) => en.print.preorderTriggers[t]}
          onChange={(t) => {
            setPreorder(t);
            setMessage(null);
          }}
        />
      )}
      <Choice
        label={en.print.onReady}
        options={READY_PRINTS}
        value={wantReady}
        name={(r) => en.print.readyPrints[r]}
        onChange={(r) => {
          setReady(r);
          setMessage(null);
        }}
      />
      {changed && <p className="muted">{en.print.draftKept}</p>}
      <DialogActions
        start
        actions={[
          {
            label: en.print.saveTriggers,
            tone: 'primary',
            disabled: !changed,
            onClick: async () => {
              const error = await configure({
                kitchenTicket: wantKitchen,
                preorderTicket: wantPreorder,
                onReady: wantReady,
              });
              if (!error) {
                setKitchen(null);
                setPreorder(null);
                setReady(null);
              }
              setMessage(
                error ? { ok: false, text: error.message } : { ok: true, text: en.print.saved },
              );
            },
          },
        ]}
      />
      <FormMessage message={message} />
    </section>
  );
};

/**
 * The kitchen tickets' language, saved on a tap. The chip shown chosen is the language main
 * confirmed; the one asked for says "changing…" until then.
 */
const KitchenLanguage = ({ settings }: { settings: PrintSettings }) => {
  const configure = useApp((s) => s.configurePrint);
  const [asked, setAsked] = useState<Language | null>(null);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  return (
    <section className="panel-section" aria-label={en.print.kitchenLanguageTitle}>
      <h2>{en.print.kitchenLanguageTitle}</h2>
      <p className="muted">{en.print.kitchenLanguageIntro}</p>
      <Choice
        label={en.print.kitchenLanguageTitle}
        options={LANGUAGES}
        value={settings.kitchenLanguage}
        name={(language) => LANGUAGE_NAMES[language]}
        lang={(language) => language}
        onChange={async (language) => {
          if (asked !== null || language === settings.kitchenLanguage) return;
          setAsked(language);
          setMessage(null);
          const error = await configure({ kitchenLanguage: language });
          setAsked(null);
          if (error) setMessage({ ok: false, text: error.message });
        }}
      />
      {asked !== null && (
        <p className="muted" role="status">
          {en.print.kitchenLanguageChanging(LANGUAGE_NAMES[asked])}
        </p>
      )}
      <FormMessage message={message} />
    </section>
  );
};

/** Today on this machine, as YYYY-MM-DD: the day summary's default day. */
const today = (): string => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

const PrintPreviews = ({ settings }: { settings: PrintSettings }) => {
  // An order's documents show the selected order, or the newest one, when there is one.
  const orderId = useApp((s) => s.selectedOrderId ?? s.orders[0]?.id ?? null);
  const [document, setDocument] = useState<PrintDocumentKind>('kitchen-ticket');
  const [paperWidth, setPaperWidth] = useState<PaperWidthMm>(
    settings.printers[0]?.paperWidth ?? 80,
  );
  const forOrder = (ORDER_DOCUMENTS as readonly string[]).includes(document);
  return (
    <section className="panel-section" aria-label={en.print.previewTitle}>
      <h2>{en.print.previewTitle}</h2>
      <Choice
        label={en.print.previewDocument}
        options={PRINT_DOCUMENTS}
        value={document}
        name={(d) => en.print.documents[d]}
        onChange={setDocument}
      />
      <Choice
        label={en.print.paperWidth}
        options={PAPER_WIDTHS}
        value={paperWidth}
        name={(mm) => en.print.paperWidths[mm]}
        onChange={setPaperWidth}
      />
      <DocumentPreview
        request={{
          document,
          paperWidth,
          ...(forOrder && orderId ? { orderId } : {}),
          ...(document === 'day-summary' ? { day: today() } : {}),
        }}
      />
    </section>
  );
};

const SECTION_ID = 'printers';

/** Opens the venue view at its printers: from the status bar and from a card with no printer. */
export const showPrinterSettings = (setView: (view: 'venue') => void): void => {
  setView('venue');
  requestAnimationFrame(() =>
    document.getElementById(SECTION_ID)?.scrollIntoView?.({ block: 'start' }),
  );
};

/** The printers, when tickets print, and a preview of every document. */
export const PrinterSettings = () => {
  const print = useApp((s) => s.print);
  const loadError = useApp((s) => s.printLoadError);
  return (
    <>
      <section className="panel-section" aria-label={en.print.title} id={SECTION_ID}>
        <h2>{en.print.title}</h2>
        <p className="muted">{en.print.intro}</p>
        {print ? (
          <PrinterList print={print} />
        ) : loadError ? (
          <p className="form-error" role="status">
            {en.print.unavailable(errorWords(loadError))}
          </p>
        ) : (
          <p className="muted">{en.loading}</p>
        )}
      </section>
      {print && <PrintTriggers settings={print.settings} />}
      {print && <KitchenLanguage settings={print.settings} />}
      {print && <PrintPreviews settings={print.settings} />}
    </>
  );
};
