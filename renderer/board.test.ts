import { describe, expect, it } from 'vitest';
import { groupOrders } from './board';
import { makeOrder } from './testing/fake-bridge';

describe('groupOrders', () => {
  it('orders each column the same whatever order the list comes in, ties included', () => {
    const at = new Date('2026-11-23T12:00:00Z').toISOString();
    const orders = ['c', 'a', 'd', 'b'].flatMap((id) => [
      makeOrder({ id: `new-${id}`, status: 'CREATED', createdAt: at }),
      makeOrder({ id: `done-${id}`, status: 'DELIVERED', updatedAt: at }),
    ]);
    const now = Date.parse(at);
    const ids = (list: typeof orders) => {
      const columns = groupOrders(list, now);
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
