// What a menu push does, before it is sent: the diff against the platform's menu read just now
// (every item added and removed, every change, prices with both amounts), then a deliberate
// confirm; a push that removes items asks again, naming them. Shared by the file import and the
// editor's "Publish", which push the same way (docs/platform.md#menu-push).
import { useEffect, useRef, useState } from 'react';
import type { MenuDiff, MenuProblem, MenuItemChange } from '../../shared/domain';
import type { MenuCheck } from '../../shared/ipc/contract';
import { keptText } from '../ui-kit/bridge';
import { formatMoney } from '../ui-kit/format';
import { en } from './messages';
import { Check } from '../ui-kit/Check';
import { DialogActions } from '../ui-kit/DialogActions';

const euros = (decimal: number | null): string =>
  decimal === null ? '–' : formatMoney({ amount: Math.round(decimal * 100), currency: 'EUR' });

export const IssueList = ({ issues }: { issues: MenuProblem[] }) => (
  <div className="form-error" role="alert">
    <strong>{en.menu.issuesTitle(issues.length)}</strong>
    <ul className="issues">
      {issues.map((issue, i) => (
        // Main says where by the item's or category's name, in the screen's language; the
        // file's internal path stays out of the sentence (the tooltip keeps it for whoever
        // edits the file by hand).
        <li key={`${issue.path}-${i}`} title={issue.path || undefined}>
          {'draft' in issue ? en.editor.errors[issue.draft] : keptText(issue.message)}
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
        {names.slice(0, 50).map((name, i) => (
          <li key={`${name}-${i}`}>{name}</li>
        ))}
        {names.length > 50 && <li>…</li>}
      </ul>
    )}
  </div>
);

const changeText = (change: MenuItemChange): string => {
  const kinds = change.kinds.map((kind) =>
    kind === 'price' && change.price
      ? en.menu.priceFromTo(euros(change.price.before), euros(change.price.after))
      : en.menu.changeKinds[kind],
  );
  return en.menu.changedItem(change.name, kinds);
};

/** The second, deliberate step of a push that removes items: each named. */
const RemovalConfirm = (props: {
  removed: MenuDiff['removedItems'];
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // It appears below the fold of a long diff: bring it to the finger, once.
    box.current?.scrollIntoView?.({ block: 'nearest' });
    box.current?.focus();
  }, []);
  const n = props.removed.length;
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="menu-removal"
      role="alertdialog"
      aria-label={en.menu.removesTitle(n)}
      data-testid="menu-removal"
    >
      <h3>{en.menu.removesTitle(n)}</h3>
      <ul>
        {props.removed.map((item) => (
          <li key={item.externalData}>
            <strong>{item.name}</strong>
          </li>
        ))}
      </ul>
      <p>{en.menu.removesHelp}</p>
      <DialogActions
        start
        actions={[
          { label: en.menu.back, tone: 'quiet', large: true, onClick: props.onBack },
          {
            label: en.menu.confirmRemove(n),
            tone: 'danger',
            large: true,
            disabled: props.busy,
            onClick: props.onConfirm,
          },
        ]}
      />
    </div>
  );
};

/** The diff and the push's two steps; `onPush` gets the removed ids staff confirmed. */
export const PushReview = (props: {
  diff: MenuDiff;
  itemCount: number;
  busy: boolean;
  pushLabel: string;
  onPush: (confirmRemoved: string[] | undefined) => void;
}) => {
  const { diff } = props;
  const [confirmed, setConfirmed] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const removed = diff.removedItems;
  return (
    <div className="menu-check" data-testid="menu-diff">
      <p className="form-ok">{en.menu.okTitle(props.itemCount)}</p>
      <p>
        {en.menu.diffCategories(diff.categoriesBefore, diff.categoriesAfter)} ·{' '}
        {en.menu.diffCounts(diff.itemsBefore, diff.itemsAfter)}
      </p>
      <div className="diff">
        <DiffList title={en.menu.diffAdded} names={diff.added} />
        <DiffList title={en.menu.diffRemoved} names={diff.removed} />
        <DiffList title={en.menu.diffChanged} names={diff.changed.map(changeText)} />
      </div>
      <p className="banner banner-warning" role="note">
        {en.menu.warning}
      </p>
      {!confirmingRemoval ? (
        <>
          <Check label={en.menu.confirmReplace} checked={confirmed} onChange={setConfirmed} />
          <DialogActions
            start
            actions={[
              {
                label: props.pushLabel,
                tone: 'danger',
                large: true,
                disabled: !confirmed || props.busy,
                onClick: () =>
                  removed.length > 0 ? setConfirmingRemoval(true) : props.onPush(undefined),
              },
            ]}
          />
        </>
      ) : (
        <RemovalConfirm
          removed={removed}
          busy={props.busy}
          onBack={() => setConfirmingRemoval(false)}
          onConfirm={() => props.onPush(removed.map((item) => item.externalData))}
        />
      )}
    </div>
  );
};

/**
 * A check's outcome: the menu's problems, the diff to review, or why the platform's menu could
 * not be read to compare with. Main checks what it keeps, so a problem it finds is shown even
 * when the screen saw none.
 */
export const CheckView = (props: {
  check: MenuCheck;
  busy: boolean;
  pushLabel: string;
  onPush: (confirmRemoved: string[] | undefined) => void;
}) => {
  const { check } = props;
  if (!check.ok) return <IssueList issues={check.issues} />;
  if (!check.diff)
    return (
      <p className="form-error" role="alert">
        {en.menu.liveUnknown(keptText(check.liveError ?? ''))}
      </p>
    );
  return (
    <PushReview
      diff={check.diff}
      itemCount={check.itemCount}
      busy={props.busy}
      pushLabel={props.pushLabel}
      onPush={props.onPush}
    />
  );
};
