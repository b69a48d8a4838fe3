import { describe, expect, it, vi } from 'vitest';
import { LOOP_LAG_P99_TARGET_MS, watchLoopLag } from './loop-lag';

const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Holds main's event loop, as a long synchronous task would.
  }
};
const turns = (count: number) =>
  new Promise<void>((resolve) => {
    let left = count;
    const next = () => (--left <= 0 ? resolve() : setTimeout(next, 12));
    setTimeout(next, 12);
  });

describe('the event-loop lag monitor', () => {
  it('reports a blocked loop in the log as a warning and in the shift figures', async () => {
    const log = { info: vi.fn(), warn: vi.fn() };
    const lag = watchLoopLag({ log, now: () => new Date(), reportMs: 60_000 });
    await turns(5);
    // Several long tasks among few samples: the p99 is one of them.
    for (let i = 0; i < 3; i += 1) {
      block(200);
      await turns(2);
    }
    const shift = lag.shift();
    expect(shift.samples).toBeGreaterThan(0);
    expect(shift.maxMs).toBeGreaterThanOrEqual(150);
    expect(shift.p99Ms).toBeGreaterThan(LOOP_LAG_P99_TARGET_MS);
    lag.close();
    expect(log.warn).toHaveBeenCalledWith(
      'event-loop-lag',
      expect.objectContaining({ maxMs: expect.any(Number), p99Ms: expect.any(Number) }),
    );
    const [, fields] = log.warn.mock.calls[0] as [string, { maxMs: number }];
    expect(fields.maxMs).toBeGreaterThanOrEqual(150);
  });
});
