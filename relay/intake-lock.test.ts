// A poll never waits on another venue's intake (PostgreSQL). Each venue's intake row
// (`venue_intake`) is written by every append of its notifications, in the append's own
// transaction, and the polls of every venue seen in a short window are noted in one statement:
// while one venue's append was open, the note waited for that row, and with it every other
// venue's poll note and a report that flushed them. Here venue A's append is held open by a
// client of its own; venue B's polls and report must go through meanwhile, and A's note lands
// once the append ends.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Relay } from './server';
import { startRelay } from './server';
import { openPostgresStore } from './store/postgres/postgres-store';
import { postgresSkipReason } from './testing/pg-cluster';
import { useStore } from './testing/store-fixture';
import { MARKETPLACE_SECRET, orderNotification, poll, send, sign } from './testing/test-support';

const skipPostgres = postgresSkipReason();
/** How long a call may take before it counts as held back (the machine may be loaded). */
const HELD_BACK_MS = 5_000;

/** Resolves with the promise's value, or with 'held back' when it has not settled in time. */
const within = async <T>(promise: Promise<T>): Promise<T | 'held back'> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'held back'>((resolve) => {
    timer = setTimeout(() => resolve('held back'), HELD_BACK_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
};

/** Opens a transaction holding an append of one notification of `venueId`, not committed. */
async function openAppend(url: string, venueId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const body = orderNotification(`open-${venueId}-${Date.now()}`, venueId);
  await client.query('BEGIN');
  await client.query('SELECT r_seq FROM relay_append($1, $2, $3, $4, $5, $6, $7)', [
    ['marketplace'],
    [`open-${venueId}-${Date.now()}`],
    [venueId],
    [null],
    [Date.now()],
    [body],
    [sign(body, MARKETPLACE_SECRET)],
  ]);
  return client;
}

describe.skipIf(skipPostgres !== null)(
  `a poll never waits on another venue's intake${skipPostgres ? ` (SKIPPED: ${skipPostgres})` : ''}`,
  () => {
    const store = useStore('postgres');
    const cleanups: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    const polledAt = async (url: string, venueId: string): Promise<number | null> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ polled_at: string | null }>(
          'SELECT polled_at FROM venue_intake WHERE venue_id = $1',
          [venueId],
        );
        const value = rows[0]?.polled_at;
        return value === undefined || value === null ? null : Number(value);
      } finally {
        await client.end();
      }
    };

    it("the store notes venue B's poll while venue A's append holds A's row, and hands A back", async () => {
      const { location } = await store.fresh();
      const events = await openPostgresStore(location, { log: () => undefined });
      cleanups.push(() => events.close());
      await events.noteVenuePolls([
        { venueId: 'lock-a', at: 1_000 },
        { venueId: 'lock-b', at: 1_000 },
      ]);
      expect(await polledAt(location, 'lock-a')).toBe(1_000);

      const append = await openAppend(location, 'lock-a');
      cleanups.push(() => append.end());
      const noted = await within(
        events.noteVenuePolls([
          { venueId: 'lock-a', at: 2_000 },
          { venueId: 'lock-b', at: 2_000 },
        ]),
      );
      expect(noted).toEqual(['lock-a']);
      expect(await polledAt(location, 'lock-b')).toBe(2_000);
      expect(await polledAt(location, 'lock-a')).toBe(1_000);

      await append.query('COMMIT');
      expect(await events.noteVenuePolls([{ venueId: 'lock-a', at: 2_000 }])).toEqual([]);
      expect(await polledAt(location, 'lock-a')).toBe(2_000);
    });

    it("venue B's poll and report go through while venue A's append is open; A's poll is noted once it ends", async () => {
      const { location, options } = store;
      let clock = Date.parse('2026-11-27T10:00:00Z');
      const relay: Relay = await startRelay({
        ...options,
        marketplaceSecrets: [MARKETPLACE_SECRET],
        now: () => clock,
      });
      cleanups.push(() => relay.close());
      const [a, b] = await store.createTerminals([
        { venueIds: ['lock-a'] },
        { venueIds: ['lock-b'] },
      ]);
      const keyA = a?.key as string;
      const keyB = b?.key as string;
      expect((await poll(relay.url, keyA)).status).toBe(200);
      expect((await poll(relay.url, keyB)).status).toBe(200);
      const first = clock;
      await expect.poll(() => polledAt(location, 'lock-a')).toBe(first);
      await expect.poll(() => polledAt(location, 'lock-b')).toBe(first);

      const append = await openAppend(location, 'lock-a');
      let ended = false;
      cleanups.push(async () => {
        if (!ended) await append.query('ROLLBACK');
        await append.end();
      });
      // Past the note interval: each venue's next poll is noted again, both in one window.
      clock += 60_000;
      const polls = await Promise.all([poll(relay.url, keyA), poll(relay.url, keyB)]);
      expect(polls.map((answer) => answer.status)).toEqual([200, 200]);
      // B's report flushes the window's notes before it answers (README, "No orders arriving").
      const report = await within(
        send(`${relay.url}/v1/venue-state`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keyB}` },
          body: JSON.stringify({ venue_id: 'lock-b', online: true, open: true }),
        }),
      );
      expect(report === 'held back' ? report : report.status).toBe(200);
      await expect.poll(() => polledAt(location, 'lock-b'), { timeout: HELD_BACK_MS }).toBe(clock);
      expect(await polledAt(location, 'lock-a')).toBe(first);

      await append.query('COMMIT');
      ended = true;
      await expect.poll(() => polledAt(location, 'lock-a'), { timeout: HELD_BACK_MS }).toBe(clock);
    });
  },
);
