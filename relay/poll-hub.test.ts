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
  it('answers a waiter only with what it knows to be complete: never skips events published before it registered', async () => {
    const hub = createPollHub((events) => Buffer.from(JSON.stringify(events.map((e) => e.seq))), {
      windowEvents: 4,
    });
    // Events 6..8 were published before these polls registered: the window holds (5, 8].
    hub.publish([event(6), event(7), event(8)], 5);
    const lagging = waiter(5);
    const current = waiter(8);
    hub.add(lagging.w);
    hub.add(current.w);
    hub.publish([event(9)], 8);
    await answered(hub);
    // The lagging poll gets 6..9 from the window, not 9 alone.
    expect(lagging.seen.settled).toEqual([event(6), event(7), event(8), event(9)]);
    expect(current.seen.settled).toEqual([event(9)]);
    expect(hub.size).toBe(0);
    // Past the window (4 events: (6, 10] once 10 is in) the hub cannot know: read the store.
    const older = waiter(5);
    hub.add(older.w);
    hub.publish([event(10)], 9);
    expect(older.seen).toEqual({ settled: null, rechecks: 1 });
    // A venue the hub knows nothing of, with a cursor older than the window: read the store.
    const unknown = waiter(0);
    hub.add({ ...unknown.w, venueIds: ['fresh'] });
    hub.publish([event(11, 'fresh')], 10);
    expect(unknown.seen.rechecks).toBe(1);
  });

  it('looks up what a poll would read: from the window, nothing, or unknown', () => {
    let renders = 0;
    const hub = createPollHub((events) => {
      renders += 1;
      return Buffer.from(JSON.stringify(events.map((e) => e.seq)));
    });
    expect(hub.lookup(['v'], 0, 100)).toBeNull();
    hub.publish([event(3), event(4, 'w'), event(5)], 2);
    expect(hub.lookup(['v'], 3, 100)?.events).toEqual([event(5)]);
    expect(hub.lookup(['v', 'w'], 2, 2)?.events).toEqual([event(3), event(4, 'w')]);
    expect(hub.lookup(['v'], 5, 100)).toEqual({ events: [], answer: null });
    // Older than the window: unknown, unless a complete store listing proved nothing there.
    expect(hub.lookup(['x'], 1, 100)).toBeNull();
    hub.listed(['x'], 1, [], 100);
    expect(hub.lookup(['x'], 1, 100)).toEqual({ events: [], answer: null });
    // A thousand polls at one cursor share one rendered answer.
    const before = renders;
    const answers = Array.from({ length: 1000 }, () => hub.lookup(['v'], 2, 100)?.answer);
    expect(renders).toBe(before + 1);
    expect(new Set(answers).size).toBe(1);
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
