import { describe, expect, it } from 'vitest';
import { clockOffsetFrom, reportedClockOffset } from './clock-offset';

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

  it("keeps the reported offset while answers only differ within the header's second", () => {
    // Answers a few hundred ms apart, both clocks steady: the whole-second header moves the
    // observation by up to a second.
    const sends = [0, 120, 480, 730, 990, 1_240].map((ms) => sent + ms);
    let reported: number | null = null;
    const told: number[] = [];
    for (const at of sends) {
      const header = new Date(Math.floor(at / 1000) * 1000).toUTCString();
      const observed = clockOffsetFrom(header, at, at + 10) as number;
      told.push(observed);
      reported = reportedClockOffset(reported, observed);
      expect(reported).toBe(told[0]);
    }
    expect(new Set(told).size).toBe(sends.length);
  });

  it('takes a move of a second or more, either way', () => {
    expect(reportedClockOffset(null, 420)).toBe(420);
    expect(reportedClockOffset(420, -580)).toBe(-580);
    expect(reportedClockOffset(420, -579)).toBe(420);
    expect(reportedClockOffset(420, 1_420)).toBe(1_420);
    expect(reportedClockOffset(420, 1_419)).toBe(420);
    expect(reportedClockOffset(300_400, 500)).toBe(500);
  });
});
