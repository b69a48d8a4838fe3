import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode, RefObject } from 'react';
import type { Order } from '../../shared/domain';
import { actionLabel } from './order-action-ui';
import { useApp, useAppStore, usePlatformOffset } from './hooks';
import {
  COLUMN_IDS,
  DONE_ON_BOARD,
  boardOf,
  heldColumn,
  jobsByOrder,
  jobsOf,
  needsAttention,
  primaryAction,
} from './board';
import { useUnclaimedAfterOf } from './TimingBanners';
import type { BoardView, ColumnId, ColumnTracks } from './board';
import { useBoardHold, useColumnTracks } from './board-room';
import { useHeldPlaces } from './held-places';
import type { HeldColumn } from './held-places';
import type { DetailSide } from './OrderTile';
import { en } from './messages';
import { useFlashPhase } from '../ui-kit/flash-phase';
import { cardClock, OrderCard } from './OrderCard';
import { OrderTile } from './OrderTile';
import { useShownBoard } from './VenueFilter';

/** The card element of an order, if it is on the board. */
const cardElement = (root: HTMLElement, orderId: string): HTMLElement | null =>
  root.querySelector<HTMLElement>(`.card[data-order-id=${JSON.stringify(orderId)}]`);

/**
 * Arrow keys move the selection (App's shortcuts); keyboard focus follows it so Enter and Tab
 * start from the selected card. Focus never moves away from a button or field someone is on.
 */
const useFocusFollowsSelection = (
  board: RefObject<HTMLElement | null>,
  selected: string | null,
): void =>
  useEffect(() => {
    const root = board.current;
    if (!root || !selected) return;
    const active = document.activeElement;
    const idle = !active || active === document.body || active.classList.contains('card');
    const target = cardElement(root, selected);
    if (!idle || !target || target === active) return;
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'nearest' });
  }, [board, selected]);

/**
 * Enter on a card presses its main button (the table's first action but Reject): the same click
 * a finger makes, so the card decides what that action does.
 */
const pressPrimary = (
  store: ReturnType<typeof useAppStore>,
  event: KeyboardEvent<HTMLElement>,
): void => {
  const target = event.target as HTMLElement;
  if (event.key !== 'Enter' || !target.classList.contains('card')) return;
  const order = store.getState().orders.find((o) => o.id === target.dataset.orderId);
  const kind = order ? primaryAction(order) : null;
  if (!kind) return;
  const label = actionLabel(kind, order);
  const button = Array.from(
    target.querySelectorAll<HTMLButtonElement>('.card-actions button'),
  ).find((b) => b.textContent === label);
  if (!button) return;
  event.preventDefault();
  button.click();
};

/**
 * Orders the platform cancelled that staff have not acknowledged, and the column each stays in
 * (marked cancelled, with its items) until they do.
 */
const useHeldCancelled = (): ReadonlyMap<string, ColumnId> => {
  const cancelled = useApp((s) => s.cancelled);
  const from = useApp((s) => s.cancelledFrom);
  const orders = useApp((s) => s.orders);
  return useMemo(() => {
    const held = new Map<string, ColumnId>();
    for (const { id } of cancelled) {
      const order = orders.find((o) => o.id === id);
      if (order) held.set(id, heldColumn(order, from[id]));
    }
    return held;
  }, [cancelled, from, orders]);
};

/** Pre-orders the platform moved into preparation that staff have not started. */
const useCooking = (): ReadonlySet<string> => {
  const startCooking = useApp((s) => s.startCooking);
  return useMemo(() => new Set(startCooking.map((c) => c.id)), [startCooking]);
};

/** Every order's print jobs (null while printing is not read). */
const useJobsByOrder = () => {
  const printJobs = useApp((s) => s.print?.jobs ?? null);
  return useMemo(() => (printJobs === null ? null : jobsByOrder(printJobs)), [printJobs]);
};

/** The board's columns of the moment (see boardOf). */
const useBoardView = (
  orders: readonly Order[],
  now: number,
  held: ReadonlyMap<string, ColumnId>,
): BoardView => {
  const finished = useApp((s) => s.finishedByDay);
  return useMemo(() => boardOf(orders, now, finished, held), [orders, now, finished, held]);
};

/** A column's tiles in their places; where an order left while staff worked, an empty place. */
const placedSlots = (column: HeldColumn, slot: (order: Order) => ReactNode): ReactNode[] =>
  column.map((order, index) =>
    order ? slot(order) : <div key={`left-${index}`} className="card-slot" aria-hidden="true" />,
  );

/** The board's columns, each as wide as its tile tracks. */
const template = (tracks: ColumnTracks): string =>
  COLUMN_IDS.map((id) => `minmax(0, ${tracks[id]}fr)`).join(' ');

export const Board = ({ now: machineNow }: { now: number }) => {
  const store = useAppStore();
  // Order times are the platform's: count against its clock, not a POS clock that may be off.
  const now = machineNow + usePlatformOffset();
  const { orders, venueOf } = useShownBoard();
  const selected = useApp((s) => s.selectedOrderId);
  // Each order's own venue's reminder.
  const unclaimedAfter = useUnclaimedAfterOf();
  const held = useHeldCancelled();
  const { columns, counts } = useBoardView(orders, now, held);
  // What the cards show besides their order, read here once for all of them (see OrderCard).
  const submitting = useApp((s) => s.submitting);
  const callErrors = useApp((s) => s.callErrors);
  const cooking = useCooking();
  const menuItems = useApp((s) => s.menuItems);
  const jobs = useJobsByOrder();
  const board = useRef<HTMLElement>(null);
  const [opened, setOpened] = useState<{ id: string; side: DetailSide } | null>(null);
  const openDetail = useCallback((id: string, side: DetailSide) => setOpened({ id, side }), []);
  const detail = opened && (orders.find((o) => o.id === opened.id) ?? null);

  const hold = useBoardHold(orders);
  const tracks = useColumnTracks(board, counts, hold);
  const places = useHeldPlaces(columns, hold, machineNow);

  useFocusFollowsSelection(board, selected);
  // One clock for the flash of every card that wants attention (ui-kit/flash-phase.ts).
  const flashes = useMemo(
    () => orders.some((order) => needsAttention(order) || cooking.has(order.id)),
    [orders, cooking],
  );
  useFlashPhase(board, flashes);
  const slot = (order: Order) => {
    const flashing = needsAttention(order);
    return (
      <OrderTile
        key={order.id}
        order={order}
        venue={venueOf(order)}
        clock={cardClock(order, now, unclaimedAfter(order))}
        flashing={flashing}
        selected={selected === order.id}
        open={opened?.id === order.id}
        cancelled={held.has(order.id)}
        submitting={submitting[order.id] === true}
        callError={callErrors[order.id] ?? null}
        cooking={cooking.has(order.id)}
        printJobs={jobsOf(jobs, order.id)}
        onOpen={openDetail}
      />
    );
  };

  return (
    <main
      ref={board}
      className="board"
      style={{ gridTemplateColumns: template(tracks) }}
      aria-label={en.nav.orders}
      onKeyDown={(event) => pressPrimary(store, event)}
      onFocus={(event) => {
        const target = event.target as HTMLElement;
        if (target.classList.contains('card') && target.dataset.orderId)
          store.getState().select(target.dataset.orderId);
      }}
    >
      {COLUMN_IDS.map((id: ColumnId) => (
        <section
          key={id}
          className={`column column-${id}`}
          aria-label={en.columns[id]}
          style={{ '--tracks': Math.max(1, Math.round(tracks[id])) } as CSSProperties}
        >
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
              placedSlots(places[id], slot)
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
      {detail && (
        <OrderDetail
          onClose={() => setOpened(null)}
          orderNumber={detail.orderNumber}
          side={opened.side}
        >
          <OrderCard
            order={detail}
            venue={venueOf(detail)}
            clock={cardClock(detail, now, unclaimedAfter(detail))}
            flashing={false}
            selected
            submitting={submitting[detail.id] === true}
            callError={callErrors[detail.id] ?? null}
            cooking={cooking.has(detail.id)}
            printJobs={jobsOf(jobs, detail.id)}
            menuItems={menuItems}
            label={en.board.detailTitle(detail.orderNumber)}
          />
        </OrderDetail>
      )}
    </main>
  );
};

/**
 * An order's whole card (lines, options, notes, customer, printing, sold out, every action) over
 * one side of the board, the side away from the tile it was opened from (so that tile and its
 * column stay in sight): it opens on a tap on a tile and moves nothing under it. Escape or Close
 * shuts it.
 */
const OrderDetail = ({
  orderNumber,
  side,
  onClose,
  children,
}: {
  orderNumber: string;
  side: DetailSide;
  onClose: () => void;
  children: ReactNode;
}) => {
  const store = useAppStore();
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (event.key === 'Escape' && !store.getState().dialog) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, store]);
  return (
    <aside
      className={`order-detail order-detail-${side}`}
      aria-label={en.board.detailTitle(orderNumber)}
    >
      <div className="order-detail-head">
        <h2>{en.board.detailTitle(orderNumber)}</h2>
        <button type="button" className="btn btn-quiet btn-small" onClick={onClose}>
          {en.actions.close}
        </button>
      </div>
      {children}
    </aside>
  );
};
