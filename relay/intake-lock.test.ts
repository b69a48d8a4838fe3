// A poll never waits on another venue's intake (PostgreSQL). Each venue's intake row
// (`venue_intake`) is written by every append of its notifications, in the append's own
// transaction, and the polls of every venue seen in a short window are noted in one statement:
// while one venue's append was open, the note waited for that row, and with it every other
// venue's poll note and a report that flushed them. Here venue A's append is held open by a
// client of its own; venue B's polls and report must go through meanwhile, and A's note lands
// once the append ends. Likewise an append: a batch holds notifications of many venues, and
// one venue's row held by another transaction must not hold back the others' (last test).
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

/** Whether a backend (running `statement`, a LIKE pattern) waits for a lock the backend `pid` holds. */
const blocking = async (url: string, pid: number, statement = '%'): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
       WHERE $1 = ANY(pg_blocking_pids(pid)) AND query LIKE $2`,
      [pid, statement],
    );
    return Number(rows[0]?.n) > 0;
  } finally {
    await client.end();
  }
};

/** Resolves once `check` holds, checking again as soon as each check ends; stops when told. */
const until = async (check: () => Promise<boolean>, stop: { done: boolean }): Promise<void> => {
  while (!stop.done) {
    if (await check()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await new Promise<never>(() => undefined);
};

/** A client of its own with a transaction open; its server process id. */
async function openTransaction(url: string): Promise<{ client: pg.Client; pid: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pid = Number(
    (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid,
  );
  await client.query('BEGIN');
  return { client, pid };
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

    it("an append of venues X and Y commits while a later transaction holds Y's intake row; Y's is noted once it ends", async () => {
      const { location } = await store.fresh();
      const events = await openPostgresStore(location, { log: () => undefined });
      cleanups.push(() => events.close());
      await events.noteVenueReport('lock-y', { online: true, open: true }, 1_000);
      const lastWebhookAt = async (venueId: string) =>
        (await events.venueIntake([venueId]))[0]?.lastWebhookAt ?? null;
      const event = (venueId: string, at: number) => {
        const id = `intake-${venueId}`;
        const body = orderNotification(id, venueId);
        return {
          kind: 'marketplace' as const,
          eventId: id,
          venueId,
          orderRef: null,
          receivedAt: at,
          body,
          signature: sign(body, MARKETPLACE_SECRET),
        };
      };

      // The append must hold its transaction id before Y's row is taken, as when a later append
      // (or a report) takes that row first: an uncommitted insert of X's event id stops it there.
      const early = await openTransaction(location);
      cleanups.push(() => early.client.end());
      await early.client.query(
        "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', 'intake-lock-x', 'lock-x', 1, '{}')",
      );
      const appending = events.appendBatch([event('lock-x', 5_000), event('lock-y', 6_000)]);
      await expect.poll(() => blocking(location, early.pid)).toBe(true);
      const holder = await openTransaction(location);
      cleanups.push(() => holder.client.end());
      await holder.client.query("SELECT 1 FROM venue_intake WHERE venue_id = 'lock-y' FOR UPDATE");
      await early.client.query('ROLLBACK');

      const stop = { done: false };
      const verdict = await Promise.race([
        appending.then((outcomes) => outcomes.map((outcome) => outcome.status)),
        // The append itself, not the note of Y's intake made after its commit (which waits for
        // Y's row by design, in a statement of its own).
        until(() => blocking(location, holder.pid, '%relay_append%'), stop).then(
          () => "waits for Y's row",
        ),
      ]).finally(() => (stop.done = true));
      expect(verdict).toEqual(['stored', 'stored']);
      expect(await lastWebhookAt('lock-x')).toBe(5_000);
      expect(await lastWebhookAt('lock-y')).toBeNull();

      await holder.client.query('ROLLBACK');
      await expect.poll(() => lastWebhookAt('lock-y')).toBe(6_000);
    });
  },
);
