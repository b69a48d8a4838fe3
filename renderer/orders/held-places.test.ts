import { describe, expect, it } from 'vitest';
import { REFILL_AFTER_MS, holdPlaces } from './held-places';

describe('holdPlaces', () => {
  it('keeps the places of the orders that stay when one leaves', () => {
    expect(holdPlaces(['a', 'b', 'c'], ['a', 'c'], 1000)).toEqual(['a', { left: 1000 }, 'c']);
  });

  it('drops places left at the end, where nothing would move', () => {
    expect(holdPlaces(['a', 'b', 'c'], ['a'], 1000)).toEqual(['a']);
  });

  it('puts an arriving order at the end while the place just emptied is fresh', () => {
    const held = holdPlaces(['a', 'b', 'c'], ['a', 'c'], 1000);
    expect(holdPlaces(held, ['a', 'c', 'd'], 1000 + REFILL_AFTER_MS - 1)).toEqual([
      'a',
      { left: 1000 },
      'c',
      'd',
    ]);
  });

  it('gives an arriving order the first place emptied long enough ago', () => {
    const held = holdPlaces(['a', 'b', 'c', 'd'], ['c'], 1000);
    expect(held).toEqual([{ left: 1000 }, { left: 1000 }, 'c']);
    expect(holdPlaces(held, ['c', 'e'], 1000 + REFILL_AFTER_MS)).toEqual([
      'e',
      { left: 1000 },
      'c',
    ]);
  });

  it('starts afresh when no order stays, so arriving orders are not pushed below empty places', () => {
    expect(holdPlaces(['a', 'b', 'c'], ['d', 'e'], 1000)).toEqual(['d', 'e']);
    const held = holdPlaces(['a', 'b', 'c'], ['c'], 1000);
    expect(holdPlaces(held, ['f'], 1500)).toEqual(['f']);
  });

  it('changes nothing when applied again to the same orders', () => {
    const once = holdPlaces(['a', 'b', 'c'], ['c', 'a', 'd'], 5000);
    expect(holdPlaces(once, ['c', 'a', 'd'], 9000)).toEqual(once);
  });

  it('keeps the shown order of staying orders even when their sort order changed', () => {
    expect(holdPlaces(['a', 'b'], ['b', 'a'], 0)).toEqual(['a', 'b']);
  });
});
