// When a view of an order (its board tile, its whole card in the detail) re-renders: one rule for
// both, so a prop added to either cannot be forgotten in its comparison.
import type { Order } from '../../shared/domain';
import type { PrintJob } from '../../shared/printing';

// The board hands each view a new list of its jobs whenever any job changes; the store keeps
// unchanged jobs the same objects, so a view re-renders only when one of its own changed.
const sameJobs = (a: readonly PrintJob[] | null, b: readonly PrintJob[] | null): boolean =>
  a === b ||
  (a !== null && b !== null && a.length === b.length && a.every((job, i) => job === b[i]));

/**
 * Every own field of either reads the same in both (a field one lacks reads undefined). No lists
 * or sets are built: the board asks this of each of its 300 tiles on every change of the store.
 */
const sameFields = <T extends object>(
  a: Readonly<T>,
  b: Readonly<T>,
  skip: (key: keyof T) => boolean = () => false,
): boolean => {
  for (const key in a) if (!skip(key) && !Object.is(a[key], b[key])) return false;
  for (const key in b) if (!(key in a) && !skip(key) && !Object.is(a[key], b[key])) return false;
  return true;
};

/** A clock field's value: plain, or a small record of plain values (the ready-by countdown). */
const sameValue = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return sameFields(a as Record<string, unknown>, b as Record<string, unknown>);
};

// The clock is worked out anew when the board's clock ticks: compared by the values shown.
const sameClock = <C extends object>(a: C, b: C, fields: ReadonlyArray<keyof C>): boolean =>
  a === b || fields.every((field) => sameValue(a[field], b[field]));

type OrderViewProps<C> = {
  order: Order;
  clock: C;
  printJobs: readonly PrintJob[] | null;
};

/**
 * A view's memo comparison: equal when every prop is the same (the store keeps unchanged orders
 * and jobs identical), its print jobs are the same jobs, and the clock's `fields` it shows read
 * the same.
 */
export const sameOrderView =
  <C extends object, P extends OrderViewProps<C>>(fields: ReadonlyArray<keyof C>) =>
  (a: Readonly<P>, b: Readonly<P>): boolean => {
    if (!sameJobs(a.printJobs, b.printJobs) || !sameClock(a.clock, b.clock, fields)) return false;
    return sameFields(a, b, compared);
  };

/** The props sameOrderView compares apart, by their content. */
const compared = (key: PropertyKey): boolean => key === 'printJobs' || key === 'clock';
