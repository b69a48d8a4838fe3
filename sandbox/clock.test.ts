import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from './clock';
import type { Clock } from './clock';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sandbox clock', () => {
  let clock: Clock;
  afterEach(() => clock.close());

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

  it('stands still while frozen, moves only by advance(), and resumes from where it stood', async () => {
    clock = createClock();
    clock.setFrozen(true);
    const frozenAt = clock.now();
    await sleep(30);
    expect(clock.now()).toBe(frozenAt);
    const ran: number[] = [];
    clock.schedule(frozenAt + 1_000, () => ran.push(clock.now()));
    await sleep(10);
    expect(ran).toEqual([]);
    clock.advance(1_000);
    expect(ran).toEqual([frozenAt + 1_000]);
    clock.setFrozen(false);
    expect(clock.frozen()).toBe(false);
    const resumed = clock.now();
    expect(resumed - (frozenAt + 1_000)).toBeLessThan(20);
    await sleep(30);
    expect(clock.now()).toBeGreaterThan(resumed);
  });
});
