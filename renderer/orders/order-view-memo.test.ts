// The one memo comparison of an order's tile and card (order-view-memo.ts).
import { describe, expect, it } from 'vitest';
import type { PrintJob } from '../../shared/printing';
import { makeOrder } from '../testing/fixtures';
import { sameOrderView } from './order-view-memo';

type Clock = { done: boolean; tileTime: string; due: { text: string; overdue: boolean } | null };
type Props = {
  order: ReturnType<typeof makeOrder>;
  clock: Clock;
  printJobs: readonly PrintJob[] | null;
  selected: boolean;
  label?: string;
};

const job = { id: 'j1' } as unknown as PrintJob;
const order = makeOrder();
const base: Props = {
  order,
  clock: { done: false, tileTime: '12 min', due: { text: 'in 12 min', overdue: false } },
  printJobs: [job],
  selected: false,
};
// What a tile shows of this clock: not `done`.
const same = sameOrderView<Clock, Props>(['tileTime', 'due']);

describe('sameOrderView', () => {
  it('is equal for the same props, the same jobs in a new list and a new clock reading the same', () => {
    expect(same(base, { ...base })).toBe(true);
    expect(same(base, { ...base, printJobs: [job] })).toBe(true);
    expect(
      same(base, { ...base, clock: { ...base.clock, due: { text: 'in 12 min', overdue: false } } }),
    ).toBe(true);
    // A clock field the view does not show changes nothing.
    expect(same(base, { ...base, clock: { ...base.clock, done: true } })).toBe(true);
  });

  it('differs when any prop, a job, or a shown clock field differs, a prop added later too', () => {
    expect(same(base, { ...base, order: makeOrder() })).toBe(false);
    expect(same(base, { ...base, selected: true })).toBe(false);
    expect(same(base, { ...base, label: 'Details' })).toBe(false);
    expect(same(base, { ...base, printJobs: [{ ...job }] })).toBe(false);
    expect(same(base, { ...base, printJobs: null })).toBe(false);
    expect(same(base, { ...base, clock: { ...base.clock, tileTime: '11 min' } })).toBe(false);
    expect(
      same(base, { ...base, clock: { ...base.clock, due: { text: 'in 12 min', overdue: true } } }),
    ).toBe(false);
    expect(same(base, { ...base, clock: { ...base.clock, due: null } })).toBe(false);
  });
});
