import { describe, expect, it } from 'vitest';
import {
  allDayCounts,
  allocateTracks,
  boardOf,
  createFinishedTally,
  DONE_ON_BOARD,
  FINISHED_KEPT,
  keepNewestFinished,
  waitingOrders,
} from './board';
import type { ColumnId, ColumnTracks } from './board';
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

describe('allocateTracks', () => {
  const loads = (patch: Partial<Record<ColumnId, number>>): Record<ColumnId, number> => ({
    new: 0,
    preparation: 0,
    ready: 0,
    scheduled: 0,
    done: 0,
    ...patch,
  });
  const total = (tracks: ColumnTracks): number => Object.values(tracks).reduce((n, t) => n + t, 0);

  it('gives each column one track, an empty Scheduled half of one, Done three quarters', () => {
    const tracks = allocateTracks(loads({}), 7, 5, null);
    expect(tracks).toEqual({ new: 1, preparation: 1, ready: 1, scheduled: 0.5, done: 0.75 });
    expect(allocateTracks(loads({ scheduled: 2 }), 7, 5, null).scheduled).toBe(1);
  });

  it('gives the spare tracks to the columns with most tiles out of sight, within the width', () => {
    // 10 new, 12 in preparation, 8 ready, 5 rows a track: 5, 7 and 3 tiles hidden at first.
    // 9 tracks across leave 4 spare: the most hidden first, one by one.
    const tracks = allocateTracks(loads({ new: 10, preparation: 12, ready: 8 }), 9, 5, null);
    expect(total(tracks)).toBeLessThanOrEqual(9);
    expect(tracks).toMatchObject({ new: 2, preparation: 3, ready: 2 });
    // Two spare: the two columns hiding most get one each.
    expect(allocateTracks(loads({ new: 10, preparation: 12, ready: 8 }), 7, 5, null)).toMatchObject(
      { new: 2, preparation: 2, ready: 1 },
    );
    // Every new and preparation tile is in sight.
    expect(tracks.new * 5).toBeGreaterThanOrEqual(10);
    expect(tracks.preparation * 5).toBeGreaterThanOrEqual(12);
  });

  it('gives no track to a column whose tiles all show', () => {
    const tracks = allocateTracks(loads({ new: 3, preparation: 4, ready: 2 }), 9, 5, null);
    expect(tracks).toEqual({ new: 1, preparation: 1, ready: 1, scheduled: 0.5, done: 0.75 });
  });

  it('keeps the last split while it serves, so a new order does not move every tile', () => {
    const before = allocateTracks(loads({ new: 10, preparation: 4 }), 7, 5, null);
    expect(before.new).toBe(2);
    // One order moves from New to preparation: both columns still show all their tiles.
    const after = allocateTracks(loads({ new: 9, preparation: 5 }), 7, 5, before);
    expect(after).toBe(before);
    // New empties: its extra track idles, yet nothing overflows, so nothing moves.
    expect(allocateTracks(loads({ new: 1, preparation: 5 }), 7, 5, before)).toBe(before);
  });

  it('splits again when a column hides tiles while another has a track it does not need', () => {
    const before = allocateTracks(loads({ new: 10, preparation: 4 }), 7, 5, null);
    const after = allocateTracks(loads({ new: 2, preparation: 12 }), 7, 5, before);
    expect(after).not.toBe(before);
    expect(after.preparation).toBeGreaterThanOrEqual(3);
    expect(after.new).toBe(1);
    expect(total(after)).toBeLessThanOrEqual(7);
  });
});

describe('allDayCounts', () => {
  const item = (name: string, count: number) => ({
    id: `${name}-${count}`,
    name,
    count,
    options: [],
    total: { amount: 100 * count, currency: 'EUR' },
    posId: null,
  });

  it('adds up the items of the orders in preparation only, most first, ties by name', () => {
    const orders = [
      makeOrder({ status: 'PRODUCTION', items: [item('Margherita', 2), item('Cola', 1)] }),
      makeOrder({ status: 'PRODUCTION', items: [item('Margherita', 1), item('Fries', 1)] }),
      // Not the kitchen's yet, or not any more: not counted.
      makeOrder({ status: 'CREATED', items: [item('Salad', 5)] }),
      makeOrder({ status: 'READY', items: [item('Margherita', 4)] }),
      makeOrder({ status: 'DELIVERED', items: [item('Margherita', 4)] }),
    ];
    expect(allDayCounts(orders)).toEqual([
      { name: 'Margherita', count: 3 },
      { name: 'Cola', count: 1 },
      { name: 'Fries', count: 1 },
    ]);
    expect(allDayCounts([])).toEqual([]);
  });
});
