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

  it('renders one answer for all waiters at one cursor on the same venues', async () => {
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
    await answered(hub);
    expect(renders).toBe(1);
    expect(waiters.every(({ seen }) => Array.isArray(seen.settled))).toBe(true);
  });

  it('answers a large fan-out in slices with turns of the event loop between them, each poll once', async () => {
    // sliceMs 0: every slice ends at the first clock check, after 16 answers.
    const hub = createPollHub((events) => Buffer.from(String(events.length)), { sliceMs: 0 });
    hub.listed(['v'], 3, [], 100);
    const settles = new Map<string, number>();
    const waiters = Array.from({ length: 100 }, (_, i) => {
      const w: Waiter = {
        terminalId: `t${i}`,
        venueIds: ['v'],
        after: 3,
        limit: 100,
        settle: (outcome) => {
          expect(outcome).toEqual([event(4)]);
          settles.set(w.terminalId, (settles.get(w.terminalId) ?? 0) + 1);
        },
        recheck: () => undefined,
      };
      hub.add(w);
      return w;
    });
    hub.publish([event(4)], 3);
    expect(settles.size).toBe(16);
    // Woken polls are out of the hub at once: not open any more, not answerable by a timeout
    // (remove is false) nor by a later batch.
    expect(hub.size).toBe(0);
    expect(hub.remove(waiters[99] as Waiter)).toBe(false);
    hub.publish([event(5)], 4);
    let turned = false;
    setImmediate(() => (turned = true));
    await answered(hub);
    expect(turned).toBe(true);
    expect(settles.size).toBe(100);
    expect([...settles.values()].every((count) => count === 1)).toBe(true);
  });

  it('closing answers polls still queued with their events, the others with closing', () => {
    const hub = createPollHub((events) => Buffer.from(String(events.length)), { sliceMs: 0 });
    hub.listed(['v'], 3, [], 100);
    const woken = Array.from({ length: 40 }, () => waiter(3));
    for (const { w } of woken) hub.add(w);
    const elsewhere = waiter(3);
    hub.add({ ...elsewhere.w, venueIds: ['quiet'] });
    hub.publish([event(4)], 3);
    expect(hub.unanswered).toBe(24);
    hub.closeAll();
    expect(hub.unanswered).toBe(0);
    expect(woken.every(({ seen }) => Array.isArray(seen.settled))).toBe(true);
    expect(elsewhere.seen.settled).toBe('closing');
  });
});

/** Resolves once every woken poll has been answered (slices run on setImmediate). */
async function answered(hub: { unanswered: number }): Promise<void> {
  while (hub.unanswered > 0) await new Promise((resolve) => setImmediate(resolve));
}
