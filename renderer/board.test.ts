import { describe, expect, it } from 'vitest';
import { boardOf, DONE_ON_BOARD, waitingOrders } from './board';
import { makeOrder } from './testing/fake-bridge';

describe('boardOf', () => {
  it('orders each column the same whatever order the list comes in, ties included', () => {
    const at = new Date('2026-11-23T12:00:00Z').toISOString();
    const orders = ['c', 'a', 'd', 'b'].flatMap((id) => [
      makeOrder({ id: `new-${id}`, status: 'CREATED', createdAt: at }),
      makeOrder({ id: `done-${id}`, status: 'DELIVERED', updatedAt: at }),
    ]);
    const now = Date.parse(at);
    const ids = (list: typeof orders) => {
      const { columns } = boardOf(list, now);
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
  it('counts every order finished today and keeps the newest few, newest first', () => {
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
    const yesterday = makeOrder({
      status: 'DELIVERED',
      platformStatus: 'DELIVERED',
      updatedAt: new Date(2026, 10, 22, 23, 59).toISOString(),
    });
    const active = makeOrder({ status: 'CREATED' });
    const { columns, counts } = boardOf([...finished, yesterday, active], now);
    expect(counts).toEqual({ new: 1, preparation: 0, ready: 0, scheduled: 0, done: 100 });
    // What sorting every finished order and taking the first few gives.
    const sorted = [...finished].sort(
      (a, b) =>
        Date.parse(b.updatedAt) - Date.parse(a.updatedAt) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    expect(columns.done.map((o) => o.id)).toEqual(sorted.slice(0, DONE_ON_BOARD).map((o) => o.id));
    expect(boardOf([...finished].reverse(), now).columns.done).toEqual(columns.done);
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
