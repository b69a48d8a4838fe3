import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../shared/domain';
import type { LocalOrder } from '../lib/latest-alignment';
import { unknownLatestOrders } from './order-sync';

/** Our newest orders, newest first, placed a minute apart ending at 12:00. */
const ours = (...statuses: OrderStatus[]): LocalOrder[] =>
  statuses.map((status, i) => ({
    id: `o${statuses.length - i}`,
    status,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, -i)).toISOString(),
  }));

describe('unknownLatestOrders: the venue status lists orders we lack', () => {
  it('counts the platform’s newest orders that come before ours', () => {
    expect(unknownLatestOrders(['PRODUCTION', 'DELIVERED'], ours('PRODUCTION', 'DELIVERED'))).toBe(
      0,
    );
    expect(
      unknownLatestOrders(
        ['CREATED', 'PRODUCTION', 'DELIVERED'],
        ours('PRODUCTION', 'DELIVERED', 'REJECTED'),
      ),
    ).toBe(1);
    expect(unknownLatestOrders(['CREATED', 'CREATED', 'READY'], ours('READY', 'DELIVERED'))).toBe(
      2,
    );
    // A terminal with no orders lacks every one the platform lists.
    expect(unknownLatestOrders(['CREATED'], [])).toBe(1);
    expect(unknownLatestOrders([], [])).toBe(0);
    // Nothing lines up: all of them.
    expect(unknownLatestOrders(['READY', 'READY'], ours('DELIVERED', 'DELIVERED'))).toBe(2);
  });

  it('counts an order missing between two of ours once, as the missed-order check does', () => {
    // Ours are the first and third; the one between never arrived. Counting only from the top
    // (the rule this count used to have of its own) made it two.
    expect(unknownLatestOrders(['READY', 'CREATED', 'READY'], ours('READY', 'READY'))).toBe(1);
    expect(
      unknownLatestOrders(['PRODUCTION', 'CREATED', 'DELIVERED'], ours('PRODUCTION', 'DELIVERED')),
    ).toBe(1);
  });

  it('reads OTHER (a cancelled order) as matching any status of ours', () => {
    expect(unknownLatestOrders([null, 'DELIVERED'], ours('CANCELED', 'DELIVERED'))).toBe(0);
  });
});
