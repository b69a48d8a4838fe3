import { useState } from 'react';
import type { MenuIssue } from '../../shared/domain';
import type { MenuCheck } from '../../shared/ipc/contract';
import { useApp } from '../app-context';
import { toBridgeError } from '../bridge';
import { formatClock } from '../format';
import { en } from '../i18n/en';

const IssueList = ({ issues }: { issues: MenuIssue[] }) => (
  <div className="form-error" role="alert">
    <strong>{en.menu.issuesTitle(issues.length)}</strong>
    <ul className="issues">
      {issues.map((issue, i) => (
        <li key={`${issue.path}-${i}`}>
          <code>{issue.path}</code>{' '}
          {issue.message.startsWith(`${issue.path} `)
            ? issue.message.slice(issue.path.length + 1)
            : issue.message}
        </li>
      ))}
    </ul>
  </div>
);

const DiffList = ({ title, names }: { title: string; names: string[] }) => (
  <div className="diff-list">
    <h3>
      {title} ({names.length})
    </h3>
    {names.length === 0 ? (
      <p className="muted">{en.menu.none}</p>
    ) : (
      <ul>
        {names.slice(0, 50).map((name) => (
          <li key={name}>{name}</li>
        ))}
        {names.length > 50 && <li>…</li>}
      </ul>
    )}
  </div>
);

const MenuImport = () => {
  const checkMenu = useApp((s) => s.checkMenu);
  const pushMenu = useApp((s) => s.pushMenu);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [check, setCheck] = useState<MenuCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [message, setMessage] = useState<{
    ok: boolean;
    text: string;
    issues?: MenuIssue[];
  } | null>(null);

  const load = async (picked: File): Promise<void> => {
    setBusy(true);
    setMessage(null);
    setConfirmed(false);
    setCheck(null);
    try {
      const text = await picked.text();
      setFile({ name: picked.name, text });
      setCheck(await checkMenu(text));
    } catch (e) {
      setMessage({ ok: false, text: toBridgeError(e).message });
    } finally {
      setBusy(false);
    }
  };

  const push = async (): Promise<void> => {
    if (!file) return;
    setBusy(true);
    try {
      const refused = await pushMenu(file.text);
      setMessage(
        refused
          ? { ok: false, text: en.menu.issuesTitle(refused.issues.length), issues: refused.issues }
          : { ok: true, text: en.menu.pushed },
      );
      if (!refused) {
        setFile(null);
        setCheck(null);
      }
    } catch (e) {
      const error = toBridgeError(e);
      setMessage({ ok: false, text: error.message, issues: error.issues });
    } finally {
      setBusy(false);
      setConfirmed(false);
    }
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
      {check && !check.ok && <IssueList issues={check.issues} />}
      {check?.ok && (
        <div className="menu-check">
          <p className="form-ok">{en.menu.okTitle(check.itemCount)}</p>
          <p>
            {en.menu.diffCategories(check.diff.categoriesBefore, check.diff.categoriesAfter)} ·{' '}
            {en.menu.diffCounts(check.diff.itemsBefore, check.diff.itemsAfter)}
          </p>
          <div className="diff">
            <DiffList title={en.menu.diffAdded} names={check.diff.added} />
            <DiffList title={en.menu.diffRemoved} names={check.diff.removed} />
            <DiffList title={en.menu.diffChanged} names={check.diff.changed} />
          </div>
          <p className="banner banner-warning" role="note">
            {en.menu.warning}
          </p>
          <label className="check">
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(e) => setConfirmed(e.target.checked)}
            />
            {en.menu.confirmReplace}
          </label>
          <div className="dialog-actions start">
            <button
              type="button"
              className="btn btn-danger btn-large"
              disabled={!confirmed || busy}
              onClick={() => void push()}
            >
              {en.menu.push}
            </button>
          </div>
        </div>
      )}
      {message &&
        (message.issues?.length ? (
          <IssueList issues={message.issues} />
        ) : (
          <p
            className={message.ok ? 'form-ok' : 'form-error'}
            role={message.ok ? 'status' : 'alert'}
          >
            {message.text}
          </p>
        ))}
    </section>
  );
};

const ItemAvailability = () => {
  const items = useApp((s) => s.menuItems);
  const setAvailability = useApp((s) => s.setItemAvailability);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = query.trim().toLowerCase();
  const shown = q
    ? items.filter((i) => i.name.toLowerCase().includes(q) || i.category.toLowerCase().includes(q))
    : items;

  return (
    <section className="panel-section" aria-label={en.menu.itemsTitle}>
      <h2>{en.menu.itemsTitle}</h2>
      {items.length === 0 ? (
        <p className="muted">{en.menu.itemsEmpty}</p>
      ) : (
        <>
          <label className="field field-inline">
            <span>{en.menu.search}</span>
            <input value={query} onChange={(e) => setQuery(e.target.value)} />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <ul className="items">
            {shown.map((item) => (
              <li
                key={item.externalData}
                className={item.enabled ? '' : 'item-off'}
                aria-label={item.name}
              >
                <span className="item-main">
                  <strong>{item.name}</strong>
                  <span className="muted">{item.category}</span>
                </span>
                <span className={`pill ${item.enabled ? 'pill-ok' : 'pill-bad'}`}>
                  {item.enabled ? en.menu.available : en.menu.unavailable}
                  {!item.enabled && item.disabledUntil
                    ? ` ${en.menu.disabledUntil(formatClock(item.disabledUntil))}`
                    : ''}
                </span>
                {item.pending && (
                  <span className="spinner" role="status" aria-label={en.actions.sending} />
                )}
                <button
                  type="button"
                  className={`btn ${item.enabled ? 'btn-danger-outline' : 'btn-go'}`}
                  disabled={item.pending}
                  onClick={async () => {
                    const failure = await setAvailability(item.externalData, !item.enabled);
                    setError(failure?.message ?? null);
                  }}
                >
                  {item.enabled ? en.menu.makeUnavailable : en.menu.makeAvailable}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
};

export const MenuPanel = () => (
  <main className="panel" aria-label={en.menu.title}>
    <MenuImport />
    <ItemAvailability />
  </main>
);
