import { describe, expect, it } from 'vitest';
import { coalescedDrain } from './coalesced-drain';

describe('coalescedDrain', () => {
  it('runs one drain at a time and goes round again for calls made meanwhile', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    let release: () => void = () => {};
    const drain = coalescedDrain(async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      runs++;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      running--;
    });
    const first = drain();
    const joined = [drain(), drain(), drain()];
    release();
    await Promise.all([first, ...joined]);
    // Three calls during the first run cost one more run, not three.
    expect(runs).toBe(2);
    expect(maxRunning).toBe(1);
    await drain();
    expect(runs).toBe(3);
  });

  it('frees itself after a failing run', async () => {
    let fail = true;
    const drain = coalescedDrain(async () => {
      if (fail) throw new Error('boom');
    });
    await expect(drain()).rejects.toThrow('boom');
    fail = false;
    await expect(drain()).resolves.toBeUndefined();
  });
});
