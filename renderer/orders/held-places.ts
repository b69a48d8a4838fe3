// Where each tile of a column stands while staff work the screen: an order that leaves a column
// (accepted, readied, handed over, acknowledged) leaves its place empty, so the tiles after it
// stay under the finger instead of sliding up into it.
import { useState } from 'react';
import type { Order } from '../../shared/domain';
import type { BoardColumns, ColumnId } from './board';

/** An order's id, or a place its order left (and when). */
export type Place = string | { left: number };

/**
 * A place emptied this recently is not given to an arriving order: the finger that just tapped
 * there may tap again, and must not land on an order it never saw.
 */
export const REFILL_AFTER_MS = 2_000;

/**
 * The column's places after a change: what stays keeps its place, what left leaves a hole, and
 * what arrived takes the first hole older than REFILL_AFTER_MS, or the end. Trailing holes go
 * (nothing stands after them), and so do all when no order stays. Applying it twice to the same ids changes nothing.
 */
export const holdPlaces = (
  shown: readonly Place[],
  ids: readonly string[],
  now: number,
): Place[] => {
  const present = new Set(ids);
  const places: Place[] = shown.map((p) =>
    typeof p === 'string' && !present.has(p) ? { left: now } : p,
  );
  const placed = new Set(places.filter((p): p is string => typeof p === 'string'));
  // Holes keep the tiles after them still; with none staying there is nothing to keep still, and
  // holes would only push the arriving orders down (a board replaced at once: all of it).
  if (placed.size === 0) return [...ids];
  for (const id of ids) {
    if (placed.has(id)) continue;
    const hole = places.findIndex((p) => typeof p !== 'string' && now - p.left >= REFILL_AFTER_MS);
    if (hole >= 0) places[hole] = id;
    else places.push(id);
  }
  while (places.length > 0 && typeof places[places.length - 1] !== 'string') places.pop();
  return places;
};

/** A column's tiles in their places: an order, or null where one left. */
export type HeldColumn = ReadonlyArray<Order | null>;

type Shown = {
  columns: BoardColumns;
  hold: boolean;
  places: Partial<Record<ColumnId, Place[]>>;
  shown: Record<ColumnId, HeldColumn>;
};

const placeAll = (columns: BoardColumns, hold: boolean, last: Shown | null, now: number): Shown => {
  const places: Partial<Record<ColumnId, Place[]>> = {};
  const shown = {} as Record<ColumnId, HeldColumn>;
  for (const id of Object.keys(columns) as ColumnId[]) {
    const orders = columns[id];
    const ids = orders.map((o) => o.id);
    const column = hold && id !== 'done' ? holdPlaces(last?.places[id] ?? ids, ids, now) : ids;
    places[id] = column;
    const byId = new Map(orders.map((o) => [o.id, o]));
    shown[id] = column.map((p) => (typeof p === 'string' ? (byId.get(p) ?? null) : null));
  }
  return { columns, hold, places, shown };
};

/**
 * The columns as shown: while `hold` (a finger on the screen lately, or an order asking for an
 * answer), each keeps its places; otherwise the columns' own order. Done is not held: it lists
 * the newest on top and carries no button that moves. `now`: the board's clock.
 */
export const useHeldPlaces = (
  columns: BoardColumns,
  hold: boolean,
  now: number,
): Record<ColumnId, HeldColumn> => {
  const [state, setState] = useState<Shown>(() => placeAll(columns, hold, null, now));
  if (state.columns !== columns || state.hold !== hold) {
    // Worked out while rendering (React's pattern for state derived from the last render's).
    const next = placeAll(columns, hold, state, now);
    setState(next);
    return next.shown;
  }
  return state.shown;
};
