// Which of the platform's latest orders this terminal lacks. The venue status lists the statuses
// of the venue's newest orders, newest first, with no ids and no times
// (docs/platform.md#latest-orders); every order this terminal holds is one of the platform's, so
// the platform's list is our own newest orders with the ones we lack slipped in between. The
// fewest entries whose removal leaves exactly our newest orders, in order, are the missing ones.
import type { OrderStatus } from '../../shared/domain';

/** One of our own newest orders, newest first. */
export type LocalOrder = { id: string; status: OrderStatus; createdAt: string };

/**
 * An order the platform lists and none of ours accounts for, bounded by our own orders around
 * it: placed after `older` (null: no bound) and before `newer` (null: before now).
 */
export type Unmatched = {
  status: OrderStatus | null;
  older: LocalOrder | null;
  newer: LocalOrder | null;
};

export type Alignment = {
  /** Newest first. */
  missing: Unmatched[];
  /** The oldest of ours the platform's list accounts for: the list sees back to it. */
  oldestMatched: LocalOrder | null;
};

const matches = (remote: OrderStatus | null, local: LocalOrder | undefined): boolean =>
  local !== undefined && (remote === null || remote === local.status);

/** Index sets of `size` out of `n`. */
const combinations = (n: number, size: number): number[][] => {
  if (size === 0) return [[]];
  const out: number[][] = [];
  const walk = (start: number, picked: number[]): void => {
    if (picked.length === size) {
      out.push(picked);
      return;
    }
    for (let i = start; i < n; i += 1) walk(i + 1, [...picked, i]);
  };
  walk(0, []);
  return out;
};

const olderOf = (a: LocalOrder | null, b: LocalOrder | null): LocalOrder | null =>
  a === null || b === null ? null : a.createdAt <= b.createdAt ? a : b;
const newerOf = (a: LocalOrder | null, b: LocalOrder | null): LocalOrder | null =>
  a === null || b === null ? null : a.createdAt >= b.createdAt ? a : b;

/**
 * The platform's entries (newest first; null for OTHER) that our newest orders (newest first)
 * do not account for: the fewest whose removal leaves exactly our newest orders. Statuses are
 * all there is to match, so where several answers are equally small (orders in the same
 * status), each missing order is bounded by the widest of them: its place is not known better.
 */
export const alignLatest = (
  remote: ReadonlyArray<OrderStatus | null>,
  local: readonly LocalOrder[],
): Alignment => {
  for (let size = 0; size <= remote.length; size += 1) {
    let missing: Unmatched[] | null = null;
    for (const removed of combinations(remote.length, size)) {
      const skip = new Set(removed);
      const kept = remote.filter((_, i) => !skip.has(i));
      if (!kept.every((status, i) => matches(status, local[i]))) continue;
      const found: Unmatched[] = [];
      let above = 0;
      remote.forEach((status, index) => {
        if (!skip.has(index)) {
          above += 1;
          return;
        }
        found.push({ status, newer: local[above - 1] ?? null, older: local[above] ?? null });
      });
      missing =
        missing === null
          ? found
          : missing.map((m, j) => {
              const other = found[j] as Unmatched;
              return {
                status: m.status === other.status ? m.status : null,
                older: olderOf(m.older, other.older),
                newer: newerOf(m.newer, other.newer),
              };
            });
    }
    if (missing !== null) {
      const kept = remote.length - size;
      return { missing, oldestMatched: kept > 0 ? (local[kept - 1] ?? null) : null };
    }
  }
  return { missing: [], oldestMatched: null };
};
