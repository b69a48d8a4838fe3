import { describe, expect, it } from 'vitest';
import { unknownLatestOrders } from './order-sync';

describe('unknownLatestOrders: the venue status lists orders we lack', () => {
  it('counts the platform’s newest orders that come before ours', () => {
    expect(unknownLatestOrders(['PRODUCTION', 'DELIVERED'], ['PRODUCTION', 'DELIVERED'])).toBe(0);
    expect(
      unknownLatestOrders(
        ['CREATED', 'PRODUCTION', 'DELIVERED'],
        ['PRODUCTION', 'DELIVERED', 'REJECTED'],
      ),
    ).toBe(1);
    expect(unknownLatestOrders(['CREATED', 'CREATED', 'READY'], ['READY', 'DELIVERED'])).toBe(2);
    // A terminal with no orders lacks every one the platform lists.
    expect(unknownLatestOrders(['CREATED'], [])).toBe(1);
    expect(unknownLatestOrders([], [])).toBe(0);
    // Nothing lines up: all of them.
    expect(unknownLatestOrders(['READY', 'READY'], ['DELIVERED', 'DELIVERED'])).toBe(2);
  });

  it('reads OTHER (a cancelled order) as matching any status of ours', () => {
    expect(unknownLatestOrders([null, 'DELIVERED'], ['CANCELED', 'DELIVERED'])).toBe(0);
  });
});
