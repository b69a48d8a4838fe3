import { describe, expect, it } from 'vitest';
import { clockOffsetFrom } from './clock-offset';

describe('the platform clock offset', () => {
  const sent = Date.parse('2026-11-23T12:00:00.000Z');

  it('is zero within a second when both clocks agree', () => {
    const offset = clockOffsetFrom('Mon, 23 Nov 2026 12:00:00 GMT', sent, sent + 200)!;
    expect(Math.abs(offset)).toBeLessThan(1000);
  });

  it('says how far this machine’s clock is behind or ahead', () => {
    expect(clockOffsetFrom('Mon, 23 Nov 2026 12:05:00 GMT', sent, sent + 200)).toBe(300_000 + 400);
    expect(clockOffsetFrom('Mon, 23 Nov 2026 11:58:00 GMT', sent, sent)).toBe(-120_000 + 500);
  });

  it('is unknown without a usable header', () => {
    expect(clockOffsetFrom(null, sent, sent)).toBeNull();
    expect(clockOffsetFrom('yesterday', sent, sent)).toBeNull();
    expect(clockOffsetFrom('Mon, 23 Nov 2026 12:00:00 GMT', sent, sent - 1)).toBeNull();
  });
});
