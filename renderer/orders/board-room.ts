// How wide the board's columns are: sized to their load in whole tile tracks (allocateTracks),
// from the room the board measures, and held still while staff work the screen.
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { RefObject } from 'react';
import type { Order } from '../../shared/domain';
import { COLUMN_IDS, DONE_ON_BOARD, allocateTracks, waitingCounts } from './board';
import type { ColumnId, ColumnTracks } from './board';

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

/** How long after the last touch or key the board may size its columns to their load again. */
export const SETTLE_AFTER_MS = 15_000;

/**
 * False from a touch, click or key anywhere in the window until `ms` have passed without one:
 * while staff work the screen, nothing is laid out anew under their hands.
 */
const useQuietScreen = (ms: number): boolean => {
  const [quiet, setQuiet] = useState(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const touched = (): void => {
      setQuiet(false);
      clearTimeout(timer);
      timer = setTimeout(() => setQuiet(true), ms);
    };
    window.addEventListener('pointerdown', touched, true);
    window.addEventListener('keydown', touched, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', touched, true);
      window.removeEventListener('keydown', touched, true);
    };
  }, [ms]);
  return quiet;
};

/** The board's room, measured when its size changes (never on an order's change). */
const useBoardRoom = (board: RefObject<HTMLElement | null>): Room => {
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
  }, [board]);
  return room;
};

type Split = { tracks: ColumnTracks; room: Room; loads: Record<ColumnId, number> };

/**
 * Whether the board holds its layout: while an order waits for an answer or a finger was on the
 * screen lately. Pre-orders waiting for confirmation do not hold it (they may wait for hours).
 */
export const useBoardHold = (orders: readonly Order[]): boolean => {
  const asking = useMemo(() => waitingCounts(orders).answer > 0, [orders]);
  const quiet = useQuietScreen(SETTLE_AFTER_MS);
  return asking || !quiet;
};

/**
 * Columns sized to their load, kept while they still serve (allocateTracks says why), and held
 * as they are while `hold` (useBoardHold): a column that widens moves every column right of it,
 * so orders arriving never move a button. A new size of the board lays it out anew at once.
 */
export const useColumnTracks = (
  board: RefObject<HTMLElement | null>,
  counts: Record<ColumnId, number>,
  hold: boolean,
): ColumnTracks => {
  const room = useBoardRoom(board);
  const loads = useMemo(
    () => ({ ...counts, done: Math.min(counts.done, DONE_ON_BOARD) }),
    [counts],
  );
  const [split, setSplit] = useState<Split>(() => ({
    tracks: allocateTracks(loads, room.units, room.rows, null),
    room,
    loads,
  }));
  const held = split.room === room && hold;
  if (split.room !== room || (!held && split.loads !== loads)) {
    // Worked out while rendering (React's pattern for state derived from the last render's).
    const next: Split = {
      tracks: allocateTracks(loads, room.units, room.rows, split.tracks),
      room,
      loads,
    };
    setSplit(next);
    return next.tracks;
  }
  return split.tracks;
};
