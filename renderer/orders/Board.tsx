import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import type { Order } from '../../shared/domain';
import { actionLabel } from './order-action-ui';
import { useApp, useAppStore, usePlatformOffset } from './hooks';
import {
  COLUMN_IDS,
  DONE_ON_BOARD,
  allocateTracks,
  boardOf,
  jobsByOrder,
  jobsOf,
  needsAttention,
  primaryAction,
} from './board';
import { DEFAULT_UNCLAIMED_AFTER_MINUTES } from '../../shared/order-timing';
import type { ColumnId, ColumnTracks } from './board';
import { en } from './messages';
import { useOffScreenMarker } from '../ui-kit/off-screen';
import { cardClock, OrderCard } from './OrderCard';
import { OrderTile } from './OrderTile';

/** The board's room in tiles: tracks across (tile width) and rows down (tile height). */
type Room = { units: number; rows: number };
/** Until measured (and where nothing is laid out, as in tests): a 1280 × 800 screen's. */
const DEFAULT_ROOM: Room = { units: 7, rows: 5 };

/** A length the stylesheet declares on the board (`--tile-width`, …), in px. */
const cssPx = (el: HTMLElement, name: string, fallback: number): number => {
  const value = parseFloat(getComputedStyle(el).getPropertyValue(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * How many tile tracks the board's width holds and how many tile rows a column's height: the
 * tile's size is the stylesheet's (one declaration), the board measures what it has.
 */
const measureRoom = (board: HTMLElement): Room => {
  const cards = board.querySelector<HTMLElement>('.column-new .column-cards');
  if (!cards || board.clientWidth === 0) return DEFAULT_ROOM;
  const tileWidth = cssPx(board, '--tile-width', 150);
  const tileHeight = cssPx(board, '--tile-height', 100);
  const gap = cssPx(board, '--tile-gap', 6);
  // Each column's own padding, border and the gap beside it: about three tile gaps and a border.
  const perColumn = 4 * gap + 2;
  const width = board.clientWidth - COLUMN_IDS.length * perColumn;
  const height = cards.clientHeight - gap;
  return {
    units: Math.max(COLUMN_IDS.length, Math.floor(width / (tileWidth + gap))),
    rows: Math.max(1, Math.floor((height + gap) / (tileHeight + gap))),
  };
};

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
  const [detailId, setDetailId] = useState<string | null>(null);
  const openDetail = useCallback((orderId: string) => setDetailId(orderId), []);
  const detail = detailId === null ? null : (orders.find((o) => o.id === detailId) ?? null);

  // The board's room, measured when its size changes (never on an order's change).
  const [room, setRoom] = useState<Room>(DEFAULT_ROOM);
  useLayoutEffect(() => {
    const root = board.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const measure = (): void => {
      const next = measureRoom(root);
      setRoom((last) => (last.units === next.units && last.rows === next.rows ? last : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    return () => observer.disconnect();
  }, []);
  // Columns sized to their load, kept while they still serve (allocateTracks says why).
  const lastTracks = useRef<ColumnTracks | null>(null);
  const tracks = useMemo(() => {
    const loads = { ...counts, done: Math.min(counts.done, DONE_ON_BOARD) };
    const next = allocateTracks(loads, room.units, room.rows, lastTracks.current);
    lastTracks.current = next;
    return next;
  }, [counts, room]);

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
      <OrderTile
        key={order.id}
        order={order}
        clock={cardClock(order, now, unclaimedAfter)}
        flashing={flashing}
        selected={selected === order.id}
        open={detailId === order.id}
        submitting={submitting[order.id] === true}
        callError={callErrors[order.id] ?? null}
        cooking={cooking.has(order.id)}
        printJobs={jobsOf(jobs, order.id)}
        onOpen={openDetail}
        // Only a flashing card is watched for being in sight: the observer's work grows with
        // what it watches.
        slotRef={flashing ? markOffScreen : undefined}
      />
    );
  };

  const template = COLUMN_IDS.map((id) => `minmax(0, ${tracks[id]}fr)`).join(' ');

  return (
    <main
      ref={board}
      className="board"
      style={{ gridTemplateColumns: template }}
      aria-label={en.nav.orders}
      onKeyDown={onKeyDown}
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
      {detail && (
        <OrderDetail onClose={() => setDetailId(null)} orderNumber={detail.orderNumber}>
          <OrderCard
            order={detail}
            clock={cardClock(detail, now, unclaimedAfter)}
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
 * the board's right side: it opens on a tap on a tile and moves nothing under it. Escape or
 * Close shuts it.
 */
const OrderDetail = ({
  orderNumber,
  onClose,
  children,
}: {
  orderNumber: string;
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
    <aside className="order-detail" aria-label={en.board.detailTitle(orderNumber)}>
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
