// The menu editor: a draft of the whole menu that main keeps (every edit saved at once, so it
// survives a restart), edited by touch: categories, subcategories and items moved by buttons,
// items opened one at a time, duplicated, deleted after a second tap. "Publish" checks the draft
// against the platform's menu and pushes it as a file is pushed (PushReview.tsx).
import { useEffect, useMemo, useState } from 'react';
import type { MenuCheck } from '../../shared/ipc/contract';
import { LANGUAGES } from '../../shared/i18n';
import type { DraftCategory, DraftSubcategory, MenuDraft } from '../../shared/menu-draft';
import {
  draftIssues,
  draftToMenu,
  duplicateItem,
  emptyItem,
  issueId,
  menuToDraft,
  newCode,
  newKey,
} from '../../shared/menu-draft';
import { parseAmount } from '../../shared/menu-price';
import { Check } from '../ui-kit/Check';
import { DialogActions } from '../ui-kit/DialogActions';
import { FormMessage } from '../ui-kit/FormMessage';
import { formatClock, formatMoney } from '../ui-kit/format';
import { useLanguage } from '../ui-kit/language';
import { edit, groupOf, insertAfter, itemOf } from './draft-edit';
import type { EditorContext } from './DraftFields';
import {
  EditorProvider,
  nameIn,
  RowTools,
  TextFields,
  useEditor,
  useLanguageName,
} from './DraftFields';
import { useApp } from './hooks';
import { ItemForm } from './ItemForm';
import { en } from './messages';
import { CheckView } from './PushReview';

type Message = { ok: boolean; text: string };

/** The price as staff typed it, in the terminal's money format when it is one. */
const shownPrice = (typed: string): string => {
  const amount = parseAmount(typed);
  if (amount !== null) return formatMoney({ amount, currency: 'EUR' });
  return typed.trim() || en.editor.noPrice;
};

const Languages = () => {
  const { draft, update } = useEditor();
  const languageName = useLanguageName();
  const offered = [...new Set([...draft.languages, ...LANGUAGES])];
  return (
    <fieldset className="editor-languages">
      <legend>{en.editor.languages}</legend>
      <label className="field field-inline">
        <span>{en.editor.mainLanguage}</span>
        <select
          value={draft.primaryLanguage}
          onChange={(e) =>
            update((d) => {
              d.primaryLanguage = e.target.value;
              d.languages = [e.target.value, ...d.languages.filter((l) => l !== e.target.value)];
            })
          }
        >
          {offered.map((lang) => (
            <option key={lang} value={lang}>
              {languageName(lang)}
            </option>
          ))}
        </select>
      </label>
      {offered
        .filter((lang) => lang !== draft.primaryLanguage)
        .map((lang) => (
          <Check
            key={lang}
            label={languageName(lang)}
            checked={draft.languages.includes(lang)}
            onChange={(checked) =>
              update((d) => {
                d.languages = checked
                  ? [...d.languages, lang]
                  : d.languages.filter((l) => l !== lang);
              })
            }
          />
        ))}
    </fieldset>
  );
};

const ItemRow = (props: {
  draft: MenuDraft;
  item: MenuDraft['categories'][number]['items'][number];
  open: boolean;
  onOpen: (open: boolean) => void;
}) => {
  const { update, issues } = useEditor();
  const { item } = props;
  const name = nameIn(props.draft, item.name);
  const problems = [...issues.keys()].some((id) => id.startsWith(`${item.key}:`));
  return (
    <li className="editor-item">
      <div className="editor-row">
        <span className="item-main">
          <strong>{name}</strong>
          <span className="muted">{shownPrice(item.price)}</span>
          {problems && <span className="field-error">{en.editor.itemHasProblems}</span>}
        </span>
        <button
          type="button"
          className="btn btn-primary btn-small"
          aria-expanded={props.open}
          onClick={() => props.onOpen(!props.open)}
        >
          {props.open ? en.editor.close : en.editor.edit}
        </button>
        <button
          type="button"
          className="btn btn-light btn-small"
          aria-label={en.editor.duplicateLabel(name)}
          onClick={() =>
            update((d) => {
              const source = itemOf(d, item.key);
              const group = [...d.categories, ...d.categories.flatMap((c) => c.subcategories)].find(
                (g) => g.items.some((i) => i.key === item.key),
              );
              if (!source || !group) return;
              const copy = duplicateItem(source, newCode(name));
              copy.name[d.primaryLanguage] = en.editor.copyName(name);
              insertAfter(group.items, item.key, copy);
            })
          }
        >
          {en.editor.duplicate}
        </button>
        <RowTools entityKey={item.key} name={name} />
      </div>
      {props.open && <ItemForm item={item} />}
    </li>
  );
};

const GroupEditor = ({ group, sub }: { group: DraftCategory | DraftSubcategory; sub: boolean }) => {
  const { draft, update } = useEditor();
  const [open, setOpen] = useState<string | null>(null);
  const name = nameIn(draft, group.name);
  const onGroup = (change: (g: DraftCategory | DraftSubcategory) => void) =>
    update((d) => {
      const g = groupOf(d, group.key);
      if (g) change(g);
    });
  return (
    <section
      className={sub ? 'editor-group editor-sub' : 'editor-group'}
      aria-label={sub ? en.editor.subcategoryTitle(name) : en.editor.categoryTitle(name)}
    >
      <div className="editor-row">
        <h3>{sub ? en.editor.subcategoryTitle(name) : en.editor.categoryTitle(name)}</h3>
        <RowTools entityKey={group.key} name={name} />
      </div>
      <TextFields
        entityKey={group.key}
        field="name"
        label={sub ? en.editor.subcategoryName : en.editor.categoryName}
        value={group.name}
        onChange={(lang, value) => onGroup((g) => void (g.name[lang] = value))}
      />
      <TextFields
        entityKey={group.key}
        field="description"
        label={en.editor.description}
        value={group.description}
        onChange={(lang, value) => onGroup((g) => void (g.description[lang] = value))}
      />
      <ul className="items">
        {group.items.map((item) => (
          <ItemRow
            key={item.key}
            draft={draft}
            item={item}
            open={open === item.key}
            onOpen={(o) => setOpen(o ? item.key : null)}
          />
        ))}
      </ul>
      <DialogActions
        start
        actions={[
          {
            label: en.editor.addItem(name),
            tone: 'go',
            small: true,
            onClick: () => {
              const item = emptyItem();
              onGroup((g) => void g.items.push(item));
              setOpen(item.key);
            },
          },
          !sub && {
            label: en.editor.addSubcategory,
            tone: 'light',
            small: true,
            onClick: () =>
              onGroup((g) => {
                if ('subcategories' in g)
                  g.subcategories.push({
                    key: newKey(),
                    name: {},
                    description: {},
                    items: [],
                    extra: {},
                  });
              }),
          },
        ]}
      />
      {'subcategories' in group &&
        group.subcategories.map((s) => <GroupEditor key={s.key} group={s} sub />)}
    </section>
  );
};

/** Publishing: the draft's problems, or its diff against the platform's menu and the push. */
const Publish = ({ problems }: { problems: number }) => {
  const checkDraft = useApp((s) => s.checkDraft);
  const publishDraft = useApp((s) => s.publishDraft);
  const [check, setCheck] = useState<{ n: number; value: MenuCheck } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const review = async (): Promise<void> => {
    setBusy(true);
    setMessage(null);
    const result = await checkDraft();
    if (!result.ok) setMessage({ ok: false, text: result.error.message });
    else setCheck((c) => ({ n: (c?.n ?? 0) + 1, value: result.value }));
    setBusy(false);
  };
  const publish = async (confirmRemoved: string[] | undefined): Promise<void> => {
    setBusy(true);
    const result = await publishDraft(confirmRemoved);
    if (!result.ok) {
      setMessage({ ok: false, text: result.error.message });
      await review();
    } else if (result.value) {
      setMessage({ ok: false, text: en.editor.problems(result.value.length) });
      setCheck(null);
    } else {
      setMessage({ ok: true, text: en.editor.published });
      setCheck(null);
    }
    setBusy(false);
  };
  return (
    <div className="editor-publish">
      {problems > 0 ? (
        <p className="form-error" role="alert">
          {en.editor.problems(problems)}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-large"
          disabled={busy}
          onClick={() => void review()}
        >
          {en.editor.publish}
        </button>
      )}
      {busy && <p role="status">{en.menu.checking}</p>}
      {check && problems === 0 && (
        <CheckView
          key={check.n}
          check={check.value}
          busy={busy}
          pushLabel={en.editor.publishNow}
          onPush={(c) => void publish(c)}
        />
      )}
      {message && <FormMessage message={message} />}
    </div>
  );
};

const download = (name: string, text: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
};

/** Start, import into, export, discard: what is done to the draft as a whole. */
const DraftTools = ({
  draft,
  onMessage,
}: {
  draft: MenuDraft;
  onMessage: (m: Message) => void;
}) => {
  const saveDraft = useApp((s) => s.saveDraft);
  const discardDraft = useApp((s) => s.discardDraft);
  const language = useLanguage((s) => s.language);
  const [discarding, setDiscarding] = useState(false);
  const load = async (picked: File): Promise<void> => {
    try {
      const next = menuToDraft(JSON.parse(await picked.text()) as unknown, language);
      const failure = await saveDraft(next);
      onMessage(
        failure
          ? { ok: false, text: failure.message }
          : { ok: true, text: en.editor.imported(picked.name) },
      );
    } catch {
      onMessage({ ok: false, text: en.editor.notAMenuFile(picked.name) });
    }
  };
  const exportFile = (): void => {
    const menu = draftToMenu(draft);
    if (!menu.ok) onMessage({ ok: false, text: en.editor.problems(menu.issues.length) });
    else download('menu.json', JSON.stringify(menu.menu, null, 2));
  };
  return (
    <div className="dialog-actions start">
      <label className="btn btn-light btn-small file-button">
        {en.editor.importIntoDraft}
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
      <button type="button" className="btn btn-light btn-small" onClick={exportFile}>
        {en.editor.exportDraft}
      </button>
      {!discarding ? (
        <button
          type="button"
          className="btn btn-danger-outline btn-small"
          onClick={() => setDiscarding(true)}
        >
          {en.editor.discard}
        </button>
      ) : (
        <span className="row-tools" role="group" aria-label={en.editor.discardAsk}>
          <span className="field-error">{en.editor.discardAsk}</span>
          <button
            type="button"
            className="btn btn-quiet btn-small"
            onClick={() => setDiscarding(false)}
          >
            {en.editor.keep}
          </button>
          <button
            type="button"
            className="btn btn-danger btn-small"
            onClick={() => void discardDraft().then(() => setDiscarding(false))}
          >
            {en.editor.discardConfirm}
          </button>
        </span>
      )}
    </div>
  );
};

const Start = ({ onMessage }: { onMessage: (m: Message) => void }) => {
  const startDraft = useApp((s) => s.startDraft);
  const language = useLanguage((s) => s.language);
  const start = async (from: 'live' | 'empty') => {
    const failure = await startDraft(from, language);
    if (failure) onMessage({ ok: false, text: failure.message });
  };
  return (
    <>
      <p className="muted">{en.editor.noDraft}</p>
      <DialogActions
        start
        actions={[
          {
            label: en.editor.startFromLive,
            tone: 'primary',
            small: true,
            onClick: () => void start('live'),
          },
          {
            label: en.editor.startEmpty,
            tone: 'light',
            small: true,
            onClick: () => void start('empty'),
          },
        ]}
      />
    </>
  );
};

export const MenuEditor = () => {
  const state = useApp((s) => s.menuDraft);
  const loadDraft = useApp((s) => s.loadDraft);
  const saveDraft = useApp((s) => s.saveDraft);
  const [message, setMessage] = useState<Message | null>(null);
  useEffect(() => {
    void loadDraft();
  }, [loadDraft]);
  const draft = state?.draft ?? null;
  const issueList = useMemo(() => (draft ? draftIssues(draft) : []), [draft]);
  const ctx: EditorContext | null = useMemo(
    () =>
      draft && {
        draft,
        issues: new Map(issueList.map((i) => [issueId(i.key, i.field), i.code])),
        update: (change) => {
          void saveDraft(edit(draft, change)).then((failure) => {
            if (failure) setMessage({ ok: false, text: failure.message });
          });
        },
      },
    [draft, issueList, saveDraft],
  );
  return (
    <section className="panel-section menu-editor" aria-label={en.editor.title}>
      <h2>{en.editor.title}</h2>
      {state && !draft && <Start onMessage={setMessage} />}
      {ctx && draft && state && (
        <EditorProvider value={ctx}>
          <p className="muted" role="status">
            {state.publishedAt
              ? en.editor.publishedAt(formatClock(state.publishedAt))
              : state.savedAt
                ? en.editor.savedAt(formatClock(state.savedAt))
                : en.editor.saving}
          </p>
          <DraftTools draft={draft} onMessage={setMessage} />
          <Languages />
          {draft.categories.map((category) => (
            <GroupEditor key={category.key} group={category} sub={false} />
          ))}
          <button
            type="button"
            className="btn btn-go"
            onClick={() =>
              ctx.update(
                (d) =>
                  void d.categories.push({
                    key: newKey(),
                    name: {},
                    description: {},
                    items: [],
                    subcategories: [],
                    extra: {},
                  }),
              )
            }
          >
            {en.editor.addCategory}
          </button>
          <Publish problems={issueList.length} />
        </EditorProvider>
      )}
      {message && <FormMessage message={message} />}
    </section>
  );
};
