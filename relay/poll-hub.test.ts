import { describe, expect, it } from 'vitest';
import { createPollHub, type Waiter } from './poll-hub';
import type { StoredEvent } from './store/event-store';

const event = (seq: number, venueId = 'v'): StoredEvent => ({
  seq,
  kind: 'marketplace',
  eventId: `e${seq}`,
  venueId,
  receivedAt: 0,
  body: '{}',
  signature: null,
});

function waiter(after: number) {
  const seen: { settled: StoredEvent[] | string | null; rechecks: number } = {
    settled: null,
    rechecks: 0,
  };
  const w: Waiter = {
    terminalId: `t${after}`,
    venueIds: ['v'],
    after,
    limit: 100,
    settle: (outcome) => (seen.settled = outcome),
    recheck: () => (seen.rechecks += 1),
  };
  return { w, seen };
}

describe('poll hub', () => {
  it('answers a waiter from a batch only when no event of its venues lies between its cursor and the batch', () => {
    const hub = createPollHub((events) => Buffer.from(JSON.stringify(events.map((e) => e.seq))));
    // Another instance's events 6..8 were published before this poll registered with cursor 5:
    // a batch holding (8, 9] must not answer it with 9 alone, skipping 6..8.
    hub.publish([event(6), event(7), event(8)], 5);
    const lagging = waiter(5);
    const current = waiter(8);
    hub.add(lagging.w);
    hub.add(current.w);
    hub.publish([event(9)], 8);
    expect(lagging.seen).toEqual({ settled: null, rechecks: 1 });
    expect(current.seen.settled).toEqual([event(9)]);
    expect(hub.size).toBe(1);
    // A venue the hub knows nothing of: read the store.
    const unknown = waiter(0);
    hub.add({ ...unknown.w, venueIds: ['fresh'] });
    hub.publish([event(10, 'fresh')], 9);
    expect(unknown.seen.rechecks).toBe(1);
  });

  it('renders one answer for all waiters at one cursor on the same venues', () => {
    let renders = 0;
    const hub = createPollHub((events) => {
      renders += 1;
      return Buffer.from(String(events.length));
    });
    // A complete store read showed nothing of 'v' after 3.
    hub.listed(['v'], 3, [], 100);
    const waiters = Array.from({ length: 50 }, () => waiter(3));
    for (const { w } of waiters) hub.add(w);
    hub.publish([event(4), event(5, 'other')], 3);
    expect(renders).toBe(1);
    expect(waiters.every(({ seen }) => Array.isArray(seen.settled))).toBe(true);
  });
});
