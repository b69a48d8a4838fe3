import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClock } from './clock';
import type { Clock } from './clock';

describe('sandbox clock', () => {
  let clock: Clock;
  afterEach(() => {
    clock.close();
    vi.useRealTimers();
  });

  it('runs with real time plus what advance() adds, and runs due tasks in order', () => {
    clock = createClock();
    const ran: string[] = [];
    const start = clock.now();
    clock.schedule(start + 2_000, () => ran.push('b'));
    clock.schedule(start + 1_000, () => ran.push('a'));
    clock.schedule(start + 60_000, () => ran.push('later'));
    clock.advance(5_000);
    expect(ran).toEqual(['a', 'b']);
    expect(clock.now() - start).toBeGreaterThanOrEqual(5_000);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('runs a task by real time once it is due', () => {
    // Real time is faked: it passes exactly as the test says, whatever the machine's load.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    clock = createClock();
    const ran: number[] = [];
    const start = clock.now();
    clock.schedule(start + 1_000, () => ran.push(clock.now()));
    vi.advanceTimersByTime(999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual([start + 1_000]);
  });

  it('stands still while frozen, moves only by advance(), and resumes from where it stood', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    clock = createClock();
    clock.setFrozen(true);
    const frozenAt = clock.now();
    vi.advanceTimersByTime(30_000);
    expect(clock.now()).toBe(frozenAt);
    const ran: number[] = [];
    clock.schedule(frozenAt + 1_000, () => ran.push(clock.now()));
    vi.advanceTimersByTime(10_000);
    expect(ran).toEqual([]);
    clock.advance(1_000);
    expect(ran).toEqual([frozenAt + 1_000]);
    clock.setFrozen(false);
    expect(clock.frozen()).toBe(false);
    const resumed = clock.now();
    expect(resumed).toBe(frozenAt + 1_000);
    vi.advanceTimersByTime(30);
    expect(clock.now()).toBe(resumed + 30);
  });
});
