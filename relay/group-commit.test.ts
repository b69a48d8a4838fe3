import { expect, it, vi } from 'vitest';
import { createGroupCommit } from './group-commit';
import type { EventStore, IncomingEvent, StoredEvent } from './store/event-store';
import { openStore } from './store/open-store';
import { describeEachStore } from './testing/store-fixture';

const incoming = (id: string, venueId: string): IncomingEvent => ({
  kind: 'marketplace',
  eventId: id,
  venueId,
  orderRef: null,
  receivedAt: Date.now(),
  body: JSON.stringify({ id }),
  signature: 'sig',
});

describeEachStore('group commit', (store) => {
  it('commits concurrent appends in few transactions, one at a time, and every listener sees each event once in seq order', async () => {
    const opened = await openStore(store.location);
    const published: { events: StoredEvent[]; after: number }[] = [];
    opened.onAppended((events, after) => published.push({ events, after }));
    // The real store, counting the transactions the group commit has in flight: from the append
    // until its commit (a batch whose listeners are still being told no longer counts).
    let inFlight = 0;
    let mostInFlight = 0;
    const batches: number[] = [];
    const counted: EventStore = {
      ...opened,
      async appendBatch(events, committed) {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        batches.push(events.length);
        let open = true;
        const ended = () => {
          if (open) inFlight -= 1;
          open = false;
        };
        try {
          return await opened.appendBatch(events, () => {
            ended();
            committed?.();
          });
        } finally {
          ended();
        }
      },
    };
    try {
      const commits = createGroupCommit(counted);
      // 300 webhooks at once, the first 100 ids sent twice (a platform retry racing the original).
      const ids = Array.from({ length: 200 }, (_, i) => `gc-${i}`);
      const sends = [...ids, ...ids.slice(0, 100)].map((id, i) =>
        commits.append(incoming(id, `gc-venue-${i % 7}`)),
      );
      const outcomes = await Promise.all(sends);
      await commits.drain();
      expect(inFlight).toBe(0);
      // One transaction at a time: appends are serialised by the store anyway (the append lock, the
      // single writer), so a second one in flight would only split the batch and add a WAL flush.
      expect(mostInFlight).toBe(1);
      expect(batches.length).toBeLessThan(50);
      expect(outcomes.filter((o) => o.status === 'stored')).toHaveLength(200);
      expect(outcomes.filter((o) => o.status === 'duplicate')).toHaveLength(100);

      // Every stored event reached the listeners before its append resolved, exactly once, in seq
      // order, each batch continuing where the previous one ended (PostgreSQL: read back from the
      // log, woken by the commit).
      const seen = published.flatMap((p) => p.events);
      expect(seen.map((e) => e.eventId).sort()).toEqual([...ids].sort());
      const seqs = seen.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(200);
      for (let i = 1; i < published.length; i += 1) {
        expect(published[i]?.after).toBe(published[i - 1]?.events.at(-1)?.seq);
      }
      const listed = await opened.listEvents(
        Array.from({ length: 7 }, (_, i) => `gc-venue-${i}`),
        0,
        1_000,
      );
      expect(listed.map((e) => e.seq)).toEqual(seqs);
    } finally {
      await opened.close();
    }
  });

  it("tells this instance's listeners of an append before the append resolves, so a poll after the 200 finds it", async () => {
    const opened = await openStore(store.location);
    const told: string[] = [];
    opened.onAppended((events) => told.push(...events.map((event) => event.eventId)));
    try {
      for (let i = 0; i < 20; i += 1) {
        const [outcome] = await opened.appendBatch([incoming(`told-${i}`, 'told-venue')]);
        expect(outcome?.status).toBe('stored');
        expect(told.at(-1)).toBe(`told-${i}`);
      }
      expect(told).toEqual(Array.from({ length: 20 }, (_, i) => `told-${i}`));
    } finally {
      await opened.close();
    }
  });

  it('starts the next batch once the previous one has committed, while its listeners are still being told', async () => {
    const opened = await openStore(store.location);
    const started: string[][] = [];
    let release = (): void => undefined;
    const told = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The real store, whose first batch is told late (on PostgreSQL: a read of the log that
    // waits for an older transaction).
    const slowToTell: EventStore = {
      ...opened,
      async appendBatch(events, committed) {
        started.push(events.map((event) => event.eventId));
        const outcomes = await opened.appendBatch(events, committed);
        if (started.length === 1) await told;
        return outcomes;
      },
    };
    try {
      const commits = createGroupCommit(slowToTell);
      const first = commits.append(incoming('pipe-1', 'pipe-venue'));
      await vi.waitFor(() => expect(started).toHaveLength(1));
      const second = commits.append(incoming('pipe-2', 'pipe-venue'));
      await vi.waitFor(() => expect(started).toEqual([['pipe-1'], ['pipe-2']]), {
        timeout: 5_000,
      });
      expect((await second).status).toBe('stored');
      release();
      expect((await first).status).toBe('stored');
      await commits.drain();
    } finally {
      release();
      await opened.close();
    }
  });
});
