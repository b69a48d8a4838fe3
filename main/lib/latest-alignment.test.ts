import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../shared/domain';
import type { LocalOrder } from './latest-alignment';
import { alignLatest } from './latest-alignment';

/** Our orders, newest first, placed a minute apart ending at 12:00. */
const ours = (...statuses: OrderStatus[]): LocalOrder[] =>
  statuses.map((status, i) => ({
    id: `o${statuses.length - i}`,
    status,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, -i)).toISOString(),
  }));

describe('alignLatest: which of the platform’s latest orders we lack', () => {
  it('finds nothing when our newest orders are the platform’s', () => {
    const local = ours('CREATED', 'PRODUCTION', 'DELIVERED');
    expect(alignLatest(['CREATED', 'PRODUCTION', 'DELIVERED'], local)).toEqual({
      missing: [],
      oldestMatched: local[2],
    });
  });

  it('bounds a missing newest order by our newest one', () => {
    const local = ours('PRODUCTION', 'PRODUCTION', 'READY');
    const { missing } = alignLatest(['CREATED', 'PRODUCTION', 'PRODUCTION'], local);
    expect(missing).toEqual([{ status: 'CREATED', older: local[0], newer: null }]);
  });

  it('bounds a missing order between two of ours by both', () => {
    const local = ours('CREATED', 'PRODUCTION', 'READY');
    const { missing, oldestMatched } = alignLatest(['CREATED', 'READY', 'PRODUCTION'], local);
    expect(missing).toEqual([{ status: 'READY', older: local[1], newer: local[0] }]);
    expect(oldestMatched).toBe(local[1]);
  });

  it('widens the bounds where statuses cannot tell the places apart', () => {
    // The CREATED we lack is either newer or older than our CREATED one.
    const local = ours('CREATED', 'PRODUCTION', 'PRODUCTION');
    const { missing } = alignLatest(['CREATED', 'CREATED', 'PRODUCTION'], local);
    expect(missing).toEqual([{ status: 'CREATED', older: local[1], newer: null }]);
  });

  it('lacks everything when we hold nothing; OTHER matches any status', () => {
    expect(alignLatest(['CREATED', 'READY'], []).missing).toHaveLength(2);
    const local = ours('CANCELED', 'DELIVERED');
    expect(alignLatest([null, 'DELIVERED'], local).missing).toEqual([]);
  });

  it('counts two missing orders, each with its own bounds', () => {
    const local = ours('PRODUCTION', 'READY');
    const { missing } = alignLatest(['CREATED', 'PRODUCTION', 'CREATED'], local);
    expect(missing).toEqual([
      { status: 'CREATED', older: local[0], newer: null },
      { status: 'CREATED', older: local[1], newer: local[0] },
    ]);
  });
});
