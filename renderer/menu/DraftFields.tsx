// The menu editor's fields: each shows its refusal (shared/menu-draft.ts) under itself, in the
// terminal's language, the moment a value is wrong; every change goes to the kept draft.
import { createContext, useContext, useState } from 'react';
import type { DraftErrorCode } from '../../shared/domain';
import type { DraftText, MenuDraft } from '../../shared/menu-draft';
import { issueId } from '../../shared/menu-draft';
import { LOCALE_OF } from '../../shared/i18n';
import { useLanguage } from '../ui-kit/language';
import { isFirst, isLast, move, remove } from './draft-edit';
import { en } from './messages';

export type EditorContext = {
  draft: MenuDraft;
  /** Applies an edit and keeps the new draft. */
  update: (change: (d: MenuDraft) => void) => void;
  /** Refusals by entity key and field (issueId). */
  issues: Map<string, DraftErrorCode>;
};

const Editor = createContext<EditorContext | null>(null);
export const EditorProvider = Editor.Provider;
export const useEditor = (): EditorContext => {
  const ctx = useContext(Editor);
  if (!ctx) throw new Error('useEditor outside the menu editor');
  return ctx;
};

/** A language's own name in the terminal's language ("Finnish", "suomi"). */
export const useLanguageName = (): ((code: string) => string) => {
  const language = useLanguage((s) => s.language);
  const names = new Intl.DisplayNames([LOCALE_OF[language]], { type: 'language' });
  return (code) => names.of(code) ?? code;
};

export const FieldError = ({ entityKey, field }: { entityKey: string; field: string }) => {
  const code = useEditor().issues.get(issueId(entityKey, field));
  return code ? <span className="field-error">{en.editor.errors[code]}</span> : null;
};

export const DraftInput = (props: {
  entityKey: string;
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'decimal' | 'numeric' | 'url' | 'text';
  hint?: string;
}) => {
  const invalid = useEditor().issues.has(issueId(props.entityKey, props.field));
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        value={props.value}
        inputMode={props.inputMode}
        aria-invalid={invalid || undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && <span className="field-hint muted">{props.hint}</span>}
      <FieldError entityKey={props.entityKey} field={props.field} />
    </label>
  );
};

/** One input per language of the menu; the main language's is the one a name needs. */
export const TextFields = (props: {
  entityKey: string;
  field: string;
  label: string;
  value: DraftText;
  onChange: (lang: string, value: string) => void;
}) => {
  const { draft, issues } = useEditor();
  const languageName = useLanguageName();
  return (
    <div className="text-fields">
      {draft.languages.map((lang) => {
        const main = lang === draft.primaryLanguage;
        const invalid = main && issues.has(issueId(props.entityKey, props.field));
        return (
          <label className="field" key={lang}>
            <span>{en.editor.inLanguage(props.label, languageName(lang))}</span>
            <input
              value={props.value[lang] ?? ''}
              lang={lang}
              aria-invalid={invalid || undefined}
              onChange={(e) => props.onChange(lang, e.target.value)}
            />
            {main && <FieldError entityKey={props.entityKey} field={props.field} />}
          </label>
        );
      })}
    </div>
  );
};

/** Up, down, and delete with a second, deliberate tap naming what goes. */
export const RowTools = ({ entityKey, name }: { entityKey: string; name: string }) => {
  const { draft, update } = useEditor();
  const [confirming, setConfirming] = useState(false);
  if (confirming)
    return (
      <span className="row-tools" role="group" aria-label={en.editor.deleteAsk(name)}>
        <span className="field-error">{en.editor.deleteAsk(name)}</span>
        <button
          type="button"
          className="btn btn-quiet btn-small"
          onClick={() => setConfirming(false)}
        >
          {en.editor.keep}
        </button>
        <button
          type="button"
          className="btn btn-danger btn-small"
          onClick={() => update((d) => remove(d, entityKey))}
        >
          {en.editor.deleteConfirm}
        </button>
      </span>
    );
  return (
    <span className="row-tools">
      <button
        type="button"
        className="btn btn-quiet btn-small"
        aria-label={en.editor.moveUp(name)}
        disabled={isFirst(draft, entityKey)}
        onClick={() => update((d) => move(d, entityKey, -1))}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-quiet btn-small"
        aria-label={en.editor.moveDown(name)}
        disabled={isLast(draft, entityKey)}
        onClick={() => update((d) => move(d, entityKey, 1))}
      >
        ↓
      </button>
      <button
        type="button"
        className="btn btn-danger-outline btn-small"
        aria-label={en.editor.deleteLabel(name)}
        onClick={() => setConfirming(true)}
      >
        {en.editor.delete}
      </button>
    </span>
  );
};

/** The entity's name in the menu's main language, or a stand-in while it has none. */
export const nameIn = (draft: MenuDraft, text: DraftText): string =>
  (text[draft.primaryLanguage] ?? '').trim() || en.editor.unnamed;
