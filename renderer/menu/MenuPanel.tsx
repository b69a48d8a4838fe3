import { PriceEditor } from './PriceEditor';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { MenuIssue } from '../../shared/domain';
import type { BridgeError, MenuCheck } from '../../shared/ipc/contract';
import { useApp } from './hooks';
import { toBridgeError } from '../ui-kit/bridge';
import { formatClock } from '../ui-kit/format';
import { en } from './messages';
import { FormMessage } from '../ui-kit/FormMessage';
import { AvailabilityPill, DurationChooser, itemPill } from './SoldOut';

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

/** When the platform's menu was read, why the latest read failed, and a push on its way. */
const LiveMenuStatus = () => {
  const menu = useApp((s) => s.menu);
  const refresh = useApp((s) => s.refreshMenu);
  const [refused, setRefused] = useState<string | null>(null);
  if (!menu) return null;
  return (
    <div className="menu-live" data-testid="menu-live">
      <p className="muted">
        {menu.fetchedAt ? en.menu.readAt(formatClock(menu.fetchedAt)) : en.menu.notRead}{' '}
        <button
          type="button"
          className="btn btn-quiet btn-small"
          onClick={() => void refresh().then((failure) => setRefused(failure?.message ?? null))}
        >
          {en.menu.refresh}
        </button>
      </p>
      {/* The menu's own readError says why a read failed; anything else is said here. */}
      {refused && !menu.readError && (
        <p className="form-error" role="alert">
          {refused}
        </p>
      )}
      {menu.readError && (
        <p className="form-error" role="alert">
          {en.menu.readFailed(menu.readError)}
        </p>
      )}
      {menu.push && (
        <p className="state-pending" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {en.menu.pushChanging(menu.push.itemCount)}
        </p>
      )}
      {menu.pushProblem && (
        <p className="form-error" role="alert">
          {en.menu.pushProblem(menu.pushProblem)}
        </p>
      )}
    </div>
  );
};

/**
 * A push replaces the whole menu, so it is checked against the platform's menu read just now.
 * One that removes items asks again, naming them, before anything is sent.
 */
// eslint-disable-next-line max-lines-per-function -- the menu import's check, confirm and push steps share one state; to be cut with the renderer's menu slice (issue 37)
const MenuImport = () => {
  const checkMenu = useApp((s) => s.checkMenu);
  const pushMenu = useApp((s) => s.pushMenu);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [check, setCheck] = useState<MenuCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [message, setMessage] = useState<{
    ok: boolean;
    text: string;
    issues?: MenuIssue[];
  } | null>(null);

  /** The refusal if the check itself failed (the file's own problems are in the check). */
  const runCheck = async (text: string): Promise<BridgeError | null> => {
    setConfirmed(false);
    setConfirmingRemoval(false);
    const result = await checkMenu(text);
    if (!result.ok) return result.error;
    setCheck(result.value);
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
    const result = await pushMenu(file.text, confirmRemoved);
    if (!result.ok) {
      const { error } = result;
      setMessage({ ok: false, text: error.message, issues: error.issues });
      // The platform's menu may have changed since the check: show the diff against it now (the
      // push's refusal is already shown; a failed re-check leaves the earlier diff).
      await runCheck(file.text);
    } else {
      const issues = result.value;
      setMessage(
        issues
          ? { ok: false, text: en.menu.issuesTitle(issues.length), issues }
          : { ok: true, text: en.menu.pushed },
      );
      if (!issues) {
        setFile(null);
        setCheck(null);
      }
    }
    setBusy(false);
    setConfirmed(false);
    setConfirmingRemoval(false);
  };

  const diff = check?.ok ? check.diff : null;
  const removed = diff?.removedItems ?? [];
  const removalBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The second step appears below the fold of a long diff: bring it to the finger, once.
    if (!confirmingRemoval) return;
    removalBox.current?.scrollIntoView?.({ block: 'nearest' });
    removalBox.current?.focus();
  }, [confirmingRemoval]);

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
      {check?.ok && !diff && (
        <p className="form-error" role="alert">
          {en.menu.liveUnknown(check.liveError ?? '')}
        </p>
      )}
      {check?.ok && diff && (
        <div className="menu-check">
          <p className="form-ok">{en.menu.okTitle(check.itemCount)}</p>
          <p>
            {en.menu.diffCategories(diff.categoriesBefore, diff.categoriesAfter)} ·{' '}
            {en.menu.diffCounts(diff.itemsBefore, diff.itemsAfter)}
          </p>
          <div className="diff">
            <DiffList title={en.menu.diffAdded} names={diff.added} />
            <DiffList title={en.menu.diffRemoved} names={diff.removed} />
            <DiffList
              title={en.menu.diffChanged}
              names={diff.changed.map((change) =>
                en.menu.changedItem(
                  change.name,
                  change.kinds.map((kind) => en.menu.changeKinds[kind]),
                ),
              )}
            />
          </div>
          <p className="banner banner-warning" role="note">
            {en.menu.warning}
          </p>
          {!confirmingRemoval ? (
            <>
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
                  onClick={() =>
                    removed.length > 0 ? setConfirmingRemoval(true) : void push(undefined)
                  }
                >
                  {en.menu.push}
                </button>
              </div>
            </>
          ) : (
            <div
              ref={removalBox}
              tabIndex={-1}
              className="menu-removal"
              role="alertdialog"
              aria-label={en.menu.removesTitle(removed.length)}
              data-testid="menu-removal"
            >
              <h3>{en.menu.removesTitle(removed.length)}</h3>
              <ul>
                {removed.map((item) => (
                  <li key={item.externalData}>
                    <strong>{item.name}</strong>
                  </li>
                ))}
              </ul>
              <p>{en.menu.removesHelp}</p>
              <div className="dialog-actions start">
                <button
                  type="button"
                  className="btn btn-quiet btn-large"
                  onClick={() => setConfirmingRemoval(false)}
                >
                  {en.menu.back}
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-large"
                  disabled={busy}
                  onClick={() => void push(removed.map((item) => item.externalData))}
                >
                  {en.menu.confirmRemove(removed.length)}
                </button>
              </div>
            </div>
          )}
        </div>
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

/** One row of the availability lists: the platform's state, and the way to change it. */
const AvailabilityRow = (props: {
  name: string;
  detail: string;
  pill: ReactNode;
  available: boolean;
  changing: boolean;
  offLabel: string;
  onLabel: string;
  chooserLabel: string;
  /** The price and its editor. */
  price?: ReactNode;
  onChange: (enabled: boolean, until: string | null) => Promise<void>;
}) => {
  const [choosing, setChoosing] = useState(false);
  return (
    <li className={props.available ? '' : 'item-off'} aria-label={props.name}>
      <span className="item-main">
        <strong>{props.name}</strong>
        <span className="muted">{props.detail}</span>
        {props.price}
      </span>
      {props.pill}
      <button
        type="button"
        className={`btn ${props.available ? 'btn-danger-outline' : 'btn-go'}`}
        disabled={props.changing}
        aria-expanded={props.available ? choosing : undefined}
        onClick={() => (props.available ? setChoosing((c) => !c) : void props.onChange(true, null))}
      >
        {props.available ? props.offLabel : props.onLabel}
      </button>
      {choosing && props.available && !props.changing && (
        <DurationChooser
          label={props.chooserLabel}
          onPick={(until) => {
            setChoosing(false);
            void props.onChange(false, until);
          }}
        />
      )}
    </li>
  );
};

const ItemAvailability = () => {
  const menu = useApp((s) => s.menu);
  const setItem = useApp((s) => s.setItemAvailability);
  const setOption = useApp((s) => s.setOptionAvailability);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const q = query.trim().toLowerCase();
  const matches = (...texts: string[]) => !q || texts.some((t) => t.toLowerCase().includes(q));
  const items = (menu?.items ?? []).filter((i) => matches(i.name, i.category));
  const options = (menu?.options ?? []).filter((o) => matches(o.name, o.option));
  const report = (failure: { message: string } | null) => setError(failure?.message ?? null);

  return (
    <section className="panel-section" aria-label={en.menu.itemsTitle}>
      <h2>{en.menu.itemsTitle}</h2>
      <LiveMenuStatus />
      {!menu?.fetchedAt ? null : menu.items.length === 0 ? (
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
            {items.map((item) => (
              <AvailabilityRow
                key={item.externalData}
                name={item.name}
                detail={item.category}
                pill={itemPill(item)}
                available={item.available}
                changing={item.changing !== null}
                offLabel={en.menu.makeUnavailable}
                onLabel={en.menu.makeAvailable}
                chooserLabel={en.menu.soldOutFor(item.name)}
                price={<PriceEditor target="item" entry={item} />}
                onChange={async (enabled, until) =>
                  report(await setItem(item.externalData, enabled, until))
                }
              />
            ))}
          </ul>
          {options.length > 0 && (
            <details className="menu-options" open={q !== '' || undefined}>
              <summary>{en.menu.optionsSummary(options.length)}</summary>
              <p className="muted">{en.menu.optionsHelp}</p>
              <ul className="items" aria-label={en.menu.optionsTitle}>
                {options.map((option) => (
                  <AvailabilityRow
                    key={option.externalData}
                    name={option.name}
                    detail={
                      option.restoreAt && !option.enabled
                        ? `${option.option} · ${en.menu.restoreAt(formatClock(option.restoreAt))}`
                        : option.option
                    }
                    pill={
                      <AvailabilityPill
                        enabled={option.enabled}
                        until={option.restoreAt}
                        changing={option.changing !== null}
                        off={en.menu.off}
                        offUntil={en.menu.offUntil}
                      />
                    }
                    available={option.enabled}
                    changing={option.changing !== null}
                    offLabel={en.menu.turnOff}
                    onLabel={en.menu.turnOn}
                    chooserLabel={en.menu.offFor(option.name)}
                    price={<PriceEditor target="option" entry={option} />}
                    onChange={async (enabled, until) =>
                      report(await setOption(option.externalData, enabled, until))
                    }
                  />
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
};

export const MenuPanel = () => (
  <main className="panel" aria-label={en.menu.title}>
    <ItemAvailability />
    <MenuImport />
  </main>
);
