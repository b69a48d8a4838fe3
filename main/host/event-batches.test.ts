import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventBatch } from '../../shared/ipc/contract';
import { createEventHub } from './event-hub';
import { forwardEventBatches } from './event-batches';

const order = (id: string) => ({ orderId: id, orderNumber: id });

// The window is time: fake timers move it exactly.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('forwardEventBatches', () => {
  it('sends what is told within the window as one batch, in order, and later events in the next', () => {
    const hub = createEventHub();
    const batches: EventBatch[] = [];
    const stop = forwardEventBatches(hub, (batch) => batches.push(batch), 30);
    hub.emit('orders:arrived', order('1'));
    hub.emit('stream:changed', { downSince: null } as never);
    vi.advanceTimersByTime(20);
    hub.emit('orders:arrived', order('2'));
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(10);
    expect(batches).toEqual([
      [
        ['orders:arrived', order('1')],
        ['stream:changed', { downSince: null }],
        ['orders:arrived', order('2')],
      ],
    ]);
    // The window opens with the first event after a batch, not on a fixed beat.
    vi.advanceTimersByTime(100);
    hub.emit('orders:arrived', order('3'));
    vi.advanceTimersByTime(29);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches[1]).toEqual([['orders:arrived', order('3')]]);
    stop();
  });

  it('sends nothing after stop: neither what was gathered nor what is told later', () => {
    const hub = createEventHub();
    const send = vi.fn();
    const stop = forwardEventBatches(hub, send, 5);
    hub.emit('orders:arrived', order('1'));
    stop();
    hub.emit('orders:arrived', order('2'));
    vi.advanceTimersByTime(50);
    expect(send).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
