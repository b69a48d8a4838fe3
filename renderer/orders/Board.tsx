import { useEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { Order } from '../../shared/domain';
import { actionLabel } from './order-action-ui';
import { useApp, useAppStore, usePlatformOffset } from './hooks';
import {
  COLUMN_IDS,
  DONE_ON_BOARD,
  boardOf,
  jobsByOrder,
  jobsOf,
  needsAttention,
  primaryAction,
} from './board';
import { DEFAULT_UNCLAIMED_AFTER_MINUTES } from '../../shared/order-timing';
import type { ColumnId } from './board';
import { en } from './messages';
import { useOffScreenMarker } from '../ui-kit/off-screen';
import { cardClock, OrderCard } from './OrderCard';

/** The card element of an order, if it is on the board. */
const cardElement = (root: HTMLElement, orderId: string): HTMLElement | null =>
  root.querySelector<HTMLElement>(`.card[data-order-id=${JSON.stringify(orderId)}]`);

export const Board = ({ now: machineNow }: { now: number }) => {
  const store = useAppStore();
  // Order times are the platform's: count against its clock, not a POS clock that may be off.
  const now = machineNow + usePlatformOffset();
  const orders = useApp((s) => s.orders);
  const selected = useApp((s) => s.selectedOrderId);
  const unclaimedAfter = useApp(
    (s) => s.orderSettings?.unclaimedAfterMinutes ?? DEFAULT_UNCLAIMED_AFTER_MINUTES,
  );
  const finished = useApp((s) => s.finishedByDay);
  const { columns, counts } = useMemo(
    () => boardOf(orders, now, finished),
    [orders, now, finished],
  );
  // What the cards show besides their order, read here once for all of them (see OrderCard).
  const submitting = useApp((s) => s.submitting);
  const callErrors = useApp((s) => s.callErrors);
  const startCooking = useApp((s) => s.startCooking);
  const cooking = useMemo(() => new Set(startCooking.map((c) => c.id)), [startCooking]);
  const menuItems = useApp((s) => s.menuItems);
  const printJobs = useApp((s) => s.print?.jobs ?? null);
  const jobs = useMemo(() => (printJobs === null ? null : jobsByOrder(printJobs)), [printJobs]);
  const board = useRef<HTMLElement>(null);
  const markOffScreen = useOffScreenMarker();

  // Arrow keys move the selection (App's shortcuts); keyboard focus follows it so Enter and Tab
  // start from the selected card. Focus never moves away from a button or field someone is on.
  useEffect(() => {
    const root = board.current;
    if (!root || !selected) return;
    const active = document.activeElement;
    const idle = !active || active === document.body || active.classList.contains('card');
    const target = cardElement(root, selected);
    if (!idle || !target || target === active) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  // Enter on a card presses its main button (the table's first action but Reject): the same
  // click a finger makes, so the card decides what that action does.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || !target.classList.contains('card')) return;
    const order = store.getState().orders.find((o) => o.id === target.dataset.orderId);
    const kind = order ? primaryAction(order) : null;
    if (!kind) return;
    const label = actionLabel(kind);
    const button = Array.from(
      target.querySelectorAll<HTMLButtonElement>('.card-actions button'),
    ).find((b) => b.textContent === label);
    if (!button) return;
    event.preventDefault();
    button.click();
  };

  const slot = (order: Order) => {
    const flashing = needsAttention(order);
    return (
      <OrderCard
        key={order.id}
        order={order}
        clock={cardClock(order, now, unclaimedAfter)}
        flashing={flashing}
        selected={selected === order.id}
        submitting={submitting[order.id] === true}
        callError={callErrors[order.id] ?? null}
        cooking={cooking.has(order.id)}
        printJobs={jobsOf(jobs, order.id)}
        menuItems={menuItems}
        // Only a flashing card is watched for being in sight: the observer's work grows with
        // what it watches.
        slotRef={flashing ? markOffScreen : undefined}
      />
    );
  };

  return (
    <main
      ref={board}
      className="board"
      aria-label={en.nav.orders}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const target = event.target as HTMLElement;
        if (target.classList.contains('card') && target.dataset.orderId)
          store.getState().select(target.dataset.orderId);
      }}
    >
      {COLUMN_IDS.map((id: ColumnId) => (
        <section key={id} className={`column column-${id}`} aria-label={en.columns[id]}>
          <header className="column-head">
            <h2 className="column-title">
              <span className="column-name">{en.columns[id]}</span>{' '}
              <span className="column-count">{counts[id]}</span>
            </h2>
          </header>
          <div className="column-cards">
            {columns[id].length === 0 && <p className="column-empty">{en.emptyColumn[id]}</p>}
            {id === 'done' ? (
              // Newest on top, but oldest first in the document, shown reversed (reading and tab
              // order follow what is shown): a finished order moves to the top when it changes,
              // and React keeps a keyed list by moving every element that lies before the one
              // that moved: a hand-over re-inserted all 300 done cards, 50–100 ms of layout.
              <div className="column-done-list">{[...columns.done].reverse().map(slot)}</div>
            ) : (
              columns[id].map(slot)
            )}
            {id === 'done' && counts.done > DONE_ON_BOARD && (
              <p className="muted column-note">{en.board.doneShown(DONE_ON_BOARD, counts.done)}</p>
            )}
            {id === 'done' && (
              <button
                type="button"
                className="btn btn-quiet btn-small column-more"
                onClick={() => store.getState().setView('history')}
              >
                {en.history.allOrders}
              </button>
            )}
          </div>
        </section>
      ))}
    </main>
  );
};
