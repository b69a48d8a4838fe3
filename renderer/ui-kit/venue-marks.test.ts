import { describe, expect, it } from 'vitest';
import { assignColours, contrastRatio, parseColours, VENUE_COLOURS, venuesOf } from './venue-marks';
import { makeOrder } from '../testing/fake-bridge';

describe('venue marks', () => {
  it('every colour carries white text at 4.5:1 or more and no two colours are the same', () => {
    for (const colour of VENUE_COLOURS)
      expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(new Set(VENUE_COLOURS).size).toBe(VENUE_COLOURS.length);
  });

  it('gives each venue its own colour once and keeps it whatever venues come or go', () => {
    const ids = ['venue-a', 'venue-b', 'venue-c'];
    const first = assignColours(ids, {});
    expect(new Set(ids.map((id) => first[id])).size).toBe(3);
    // Nothing new: the same object, nothing to keep again.
    expect(assignColours(ids, first)).toBe(first);
    // A venue gone and another come: the others keep theirs, the new one takes a free colour.
    const later = assignColours(['venue-c', 'venue-a', 'venue-d'], first);
    expect(later['venue-a']).toBe(first['venue-a']);
    expect(later['venue-c']).toBe(first['venue-c']);
    expect([later['venue-a'], later['venue-c']]).not.toContain(later['venue-d']);
    // As many venues as colours: all different.
    const many = Array.from({ length: VENUE_COLOURS.length }, (_, i) => `v${i}`);
    const all = assignColours(many, {});
    expect(new Set(many.map((id) => all[id])).size).toBe(VENUE_COLOURS.length);
  });

  it('reads back only colours it could have kept', () => {
    expect(parseColours('{"a":1,"b":99,"c":"x","d":-1}')).toEqual({ a: 1 });
    expect(parseColours('not json')).toEqual({});
    expect(parseColours('[1,2]')).toEqual({});
    expect(parseColours(null)).toEqual({});
  });

  it('lists the connected venues in their order, then others, each named by its newest order', () => {
    const venues = venuesOf(
      [
        makeOrder({ venueId: 'b', venueName: 'Old name', createdAt: '2026-11-27T10:00:00.000Z' }),
        makeOrder({
          venueId: 'b',
          venueName: 'Pizza Place',
          createdAt: '2026-11-27T11:00:00.000Z',
        }),
        makeOrder({ venueId: 'x', venueName: 'Stray' }),
        makeOrder({ venueId: 'a', venueName: null }),
      ],
      [
        { venueId: 'a', name: 'Burger Bar' },
        { venueId: 'b', name: null },
        { venueId: 'c', name: null },
      ],
    );
    expect(venues).toEqual([
      { venueId: 'a', name: 'Burger Bar' },
      { venueId: 'b', name: 'Pizza Place' },
      { venueId: 'c', name: null },
      { venueId: 'x', name: 'Stray' },
    ]);
    // A terminal set up before venues were listed: the status's venue.
    expect(venuesOf([], [], { venueId: 'a', venueName: 'Burger Bar' })).toEqual([
      { venueId: 'a', name: 'Burger Bar' },
    ]);
  });
});
