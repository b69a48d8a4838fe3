import { describe, expect, it } from 'vitest';
import {
  boardOf,
  createFinishedTally,
  DONE_ON_BOARD,
  FINISHED_KEPT,
  keepNewestFinished,
  waitingOrders,
} from './board';
import { makeOrder } from '../testing/fake-bridge';

describe('boardOf', () => {
  it('orders each column the same whatever order the list comes in, ties included', () => {
    const at = new Date('2026-11-23T12:00:00Z').toISOString();
    const orders = ['c', 'a', 'd', 'b'].flatMap((id) => [
      makeOrder({ id: `new-${id}`, status: 'CREATED', createdAt: at }),
      makeOrder({ id: `done-${id}`, status: 'DELIVERED', updatedAt: at }),
    ]);
    const now = Date.parse(at);
    const ids = (list: typeof orders) => {
      const { columns } = boardOf(list, now, {});
      return { new: columns.new.map((o) => o.id), done: columns.done.map((o) => o.id) };
    };
    const expected = {
      new: ['new-a', 'new-b', 'new-c', 'new-d'],
      done: ['done-a', 'done-b', 'done-c', 'done-d'],
    };
    expect(ids(orders)).toEqual(expected);
    expect(ids([...orders].reverse())).toEqual(expected);
  });
});

describe('boardOf, finished orders', () => {
  const now = new Date(2026, 10, 23, 18, 0).getTime();
  // Out of order on purpose, with ties (handed over together) and yesterday's orders.
  const finished = Array.from({ length: 100 }, (_, i) =>
    makeOrder({
      id: `done-${String(i).padStart(3, '0')}`,
      status: 'DELIVERED',
      platformStatus: 'DELIVERED',
      updatedAt: new Date(now - ((i * 37) % 100) * 60_000 - (i % 3 === 0 ? 0 : 1)).toISOString(),
    }),
  );
  // What sorting every finished order and taking the first few gives.
  const newest = (count: number) =>
    [...finished]
      .sort(
        (a, b) =>
          Date.parse(b.updatedAt) - Date.parse(a.updatedAt) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .slice(0, count)
      .map((o) => o.id);
  const yesterday = makeOrder({
    status: 'DELIVERED',
    platformStatus: 'DELIVERED',
    updatedAt: new Date(2026, 10, 22, 23, 59).toISOString(),
  });

  it("shows the newest few, newest first, and counts the day's from the tally", () => {
    const active = makeOrder({ status: 'CREATED' });
    const counted = createFinishedTally().take([...finished, yesterday, active]);
    const { columns, counts } = boardOf([...finished, yesterday, active], now, counted);
    expect(counts).toEqual({ new: 1, preparation: 0, ready: 0, scheduled: 0, done: 100 });
    expect(columns.done.map((o) => o.id)).toEqual(newest(DONE_ON_BOARD));
    expect(boardOf([...finished].reverse(), now, counted).columns.done).toEqual(columns.done);
    // The count is the tally's, whatever the list still holds.
    expect(boardOf(finished.slice(0, 10), now, counted).counts.done).toBe(100);
  });

  it('keeps the newest finished orders and every open one, the same list when under the bound', () => {
    const open = [makeOrder({ status: 'CREATED' }), makeOrder({ status: 'READY' })];
    const list = [open[0]!, ...finished, yesterday, open[1]!];
    const kept = keepNewestFinished(list);
    expect(
      kept
        .filter((o) => o.status === 'DELIVERED')
        .map((o) => o.id)
        .sort(),
    ).toEqual(newest(FINISHED_KEPT).sort());
    // Open orders all stay, and everything stays in the order it came.
    expect(kept.filter((o) => o.status !== 'DELIVERED')).toEqual(open);
    expect(kept).toEqual(list.filter((o) => kept.includes(o)));
    const short = [open[0]!, ...finished.slice(0, FINISHED_KEPT)];
    expect(keepNewestFinished(short)).toBe(short);
  });

  it('counts each order once, on the day it last changed, and forgets a hand-over that came back', () => {
    const tally = createFinishedTally();
    const today = (counts: Readonly<Record<number, number>>) =>
      boardOf([], now, counts).counts.done;
    const first = tally.take(finished.slice(0, 60));
    expect(today(first)).toBe(60);
    // The same orders again (a reload), and then the rest: each counted once.
    expect(tally.take(finished.slice(0, 60))).toBe(first);
    expect(today(tally.take([...finished.slice(40), yesterday]))).toBe(100);
    expect(
      boardOf([], new Date(2026, 10, 22, 23, 59, 30).getTime(), tally.take([])).counts.done,
    ).toBe(1);
    // A hand-over that failed: the order is READY again, and no longer done.
    const back = { ...finished[0]!, status: 'READY' as const, platformStatus: 'READY' as const };
    expect(today(tally.take([back]))).toBe(99);
    // The day after next: the oldest day is forgotten, orders and count.
    const later = makeOrder({
      status: 'DELIVERED',
      platformStatus: 'DELIVERED',
      updatedAt: new Date(2026, 10, 24, 9, 0).toISOString(),
    });
    const counts = tally.take([later]);
    expect(Object.keys(counts).map(Number).sort()).toEqual([20261023, 20261024]);
    expect(today(tally.take([{ ...yesterday, consumerComment: 'again' }]))).toBe(99);
  });
});

describe('waitingOrders', () => {
  it('lists the orders staff must answer, once per list of orders', () => {
    const waiting = makeOrder({ status: 'CREATED' });
    const cooking = makeOrder({ status: 'PRODUCTION', platformStatus: 'PRODUCTION' });
    const orders = [waiting, cooking];
    const first = waitingOrders(orders);
    expect(first).toEqual([waiting]);
    // The same list asked again: the same answer, not a new pass over the orders.
    expect(waitingOrders(orders)).toBe(first);
    const answered = {
      ...waiting,
      status: 'PRODUCTION' as const,
      platformStatus: 'PRODUCTION' as const,
    };
    expect(waitingOrders([answered, cooking])).toEqual([]);
  });
});
