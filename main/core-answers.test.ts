import { describe, expect, it } from 'vitest';
import type { ServiceApi } from '../shared/ipc/contract';
import { answersAfterFlush } from './core';

describe('answers to the window', () => {
  it('leave only after the commits their handler made are flushed to disk', async () => {
    const steps: string[] = [];
    let release = (): void => undefined;
    const wal = {
      flush: () => {
        steps.push('flush');
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      close: async () => undefined,
    };
    const api = answersAfterFlush(
      {
        'orders:list': async () => {
          steps.push('handler');
          return [];
        },
      } as unknown as ServiceApi,
      wal,
    );
    let answered = false;
    const answer = api['orders:list']({}).then((value) => {
      answered = true;
      return value;
    });
    await expect.poll(() => steps).toEqual(['handler', 'flush']);
    expect(answered).toBe(false);
    release();
    await expect(answer).resolves.toEqual([]);
  });

  it('a failed handler answers its failure without waiting for a flush', async () => {
    let flushes = 0;
    const api = answersAfterFlush(
      {
        'orders:list': async () => {
          throw new Error('refused');
        },
      } as unknown as ServiceApi,
      {
        flush: async () => {
          flushes += 1;
        },
        close: async () => undefined,
      },
    );
    await expect(api['orders:list']({})).rejects.toThrow('refused');
    expect(flushes).toBe(0);
  });
});
