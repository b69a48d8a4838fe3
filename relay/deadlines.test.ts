import { afterEach, expect, it, vi } from 'vitest';
import { createDeadlines, type Expiring } from './deadlines';

afterEach(() => vi.useRealTimers());

const item = (expired: string[], name: string): Expiring & { name: string } => ({
  name,
  deadlineTick: 0,
  expire: () => expired.push(name),
});

it('expires each item at its deadline, never early and at most one tick late, on one timer', () => {
  vi.useFakeTimers();
  let clock = 1_000;
  const deadlines = createDeadlines(100, () => clock);
  const expired: string[] = [];
  const [short, long, gone] = [
    item(expired, 'short'),
    item(expired, 'long'),
    item(expired, 'gone'),
  ];
  deadlines.add(short, 250);
  deadlines.add(long, 1_000);
  deadlines.add(gone, 250);
  deadlines.remove(gone);
  expect(deadlines.size).toBe(2);
  expect(vi.getTimerCount()).toBe(1);
  const advance = (ms: number) => {
    for (let i = 0; i < ms / 50; i += 1) {
      clock += 50;
      vi.advanceTimersByTime(50);
    }
  };
  advance(200);
  expect(expired).toEqual([]);
  advance(150);
  expect(expired).toEqual(['short']);
  advance(550);
  expect(expired).toEqual(['short']);
  advance(200);
  expect(expired).toEqual(['short', 'long']);
  expect(deadlines.size).toBe(0);
  // No poll waiting: no timer left running.
  expect(vi.getTimerCount()).toBe(0);
});

it('stops its timer when the last item is removed before its deadline', () => {
  vi.useFakeTimers();
  const deadlines = createDeadlines(100, () => 0);
  const expired: string[] = [];
  const one = item(expired, 'one');
  deadlines.add(one, 25_000);
  expect(vi.getTimerCount()).toBe(1);
  deadlines.remove(one);
  deadlines.remove(one);
  expect(deadlines.size).toBe(0);
  expect(one.deadlineTick).toBe(0);
  expect(vi.getTimerCount()).toBe(0);
});
