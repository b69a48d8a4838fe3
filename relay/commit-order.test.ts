// Commit order, not allocation order: while one append is allocated but not committed, no later
// event may be handed out, or a poller that reads in between would move its cursor past the
// earlier seq and never see it. Each store is held mid-transaction by its own append path. On
// PostgreSQL later appends commit meanwhile (the lock is not held through the commit) and wait,
// unseen by pollers, for the earlier transaction to end.
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresSkipReason } from './testing/pg-cluster';
import { startRelay } from './server';
import type { IncomingEvent } from './store/event-store';
import { openPostgresStore } from './store/postgres/postgres-store';
import { openSqliteStore } from './store/sqlite-store';
import { useStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  postMarketplace,
  sign,
  tempDir,
} from './testing/test-support';

const idOf = (body: string) => (JSON.parse(body) as { id: string }).id;
const skipPostgres = postgresSkipReason();

describe.skipIf(skipPostgres !== null)(
  `commit order on PostgreSQL${skipPostgres ? ` (SKIPPED: ${skipPostgres})` : ''}`,
  () => {
    const store = useStore('postgres');

    it('later appends on every instance commit while an earlier one is open; a poller in between sees none of them, then all in seq order', async () => {
      const options = {
        ...store.options,
        marketplaceSecrets: [MARKETPLACE_SECRET],
        pollRateLimit: { perSecond: 1000, burst: 1000 },
      };
      const relays = [await startRelay(options), await startRelay(options)];
      const { key } = await store.createTerminal(['v-order']);
      const slow = new pg.Client({ connectionString: store.location });
      await slow.connect();
      const watcher = new pg.Client({ connectionString: store.location });
      await watcher.connect();
      try {
        // A long-poll with cursor 0 waits on instance B throughout.
        const waiting = poll(relays[1]?.url as string, key, { after: 0, wait: 20 });

        // The delayed transaction: the store's own append function, not yet committed. A
        // delivery event, which writes no intake row: a marketplace one would hold its venue's
        // intake row until it ends, and this test's terminal's poll notes would skip that row until then.
        const slowBody = orderNotification('slow', 'v-order');
        await slow.query('BEGIN');
        const { rows } = await slow.query<{ r_seq: string }>(
          'SELECT r_seq FROM relay_append($1, $2, $3, $4, $5, $6, $7)',
          [
            ['delivery'],
            ['slow'],
            ['v-order'],
            [null],
            [Date.now()],
            [slowBody],
            [sign(slowBody, MARKETPLACE_SECRET)],
          ],
        );
        const slowSeq = Number(rows[0]?.r_seq);
        expect(slowSeq).toBeGreaterThan(0);

        // Later webhooks through both instances.
        const later = ['later-a', 'later-b', 'later-c', 'later-d'].map((id, i) => {
          const body = orderNotification(id, 'v-order');
          const url = relays[i % 2]?.url as string;
          return postMarketplace(url, body, sign(body, MARKETPLACE_SECRET));
        });
        // Both instances' appends commit, after the earlier seq, without waiting for it: the
        // append lock is held only while the transaction id and the seqs are taken.
        await expect
          .poll(
            async () =>
              Number(
                (
                  await watcher.query<{ n: string }>(
                    "SELECT count(*) AS n FROM events WHERE event_id LIKE 'later-%' AND seq > $1",
                    [slowSeq],
                  )
                ).rows[0]?.n,
              ),
            { timeout: 10_000, interval: 20 },
          )
          .toBe(4);
        // Their webhooks are answered: committed, and not held by the earlier transaction.
        const answered = await Promise.all(later);
        expect(answered.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

        // A poller reading now, through either instance, sees nothing: not the later events
        // (which would let its cursor pass slowSeq), and not the uncommitted one.
        for (const relay of relays) {
          const between = await poll(relay.url, key, { after: 0 });
          expect([between.status, between.events]).toEqual([200, []]);
        }

        // The waiting poll is still waiting: it was handed none of the later events.
        expect(
          await Promise.race([waiting.then(() => 'answered'), Promise.resolve('waiting')]),
        ).toBe('waiting');

        await slow.query('COMMIT');
        // The waiting poll was woken with the slow event first.
        const woken = await waiting;
        expect(woken.events.map((event) => idOf(event.body))[0]).toBe('slow');

        const all = await poll(relays[0]?.url as string, key, { after: 0 });
        const seqs = all.events.map((event) => event.seq);
        expect(all.events.map((event) => idOf(event.body))[0]).toBe('slow');
        expect(seqs[0]).toBe(slowSeq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect(new Set(all.events.map((event) => idOf(event.body)))).toEqual(
          new Set(['slow', 'later-a', 'later-b', 'later-c', 'later-d']),
        );
      } finally {
        await slow.end();
        await watcher.end();
        for (const relay of relays) await relay.close();
      }
    });

    it('appends settled at their commit are told from their own rows and notifications: each instance hears every event once, in seq order, whichever instance appended it', async () => {
      // Long rechecks: between notifications, only the appends' rows and the payloads tell.
      const stores = [
        await openPostgresStore(store.location, { recheckMs: 60_000 }),
        await openPostgresStore(store.location, { recheckMs: 60_000 }),
      ];
      const heard = stores.map(() => ({ seqs: [] as number[], broken: [] as string[] }));
      stores.forEach((one, i) => {
        const mine = heard[i] as (typeof heard)[number];
        let last: number | null = null;
        one.onAppended((events, after) => {
          if (last !== null && after !== last) mine.broken.push(`after ${after}, last ${last}`);
          for (const event of events) mine.seqs.push(event.seq);
          last = events.at(-1)?.seq ?? last;
        });
      });
      const event = (eventId: string) =>
        ({
          kind: 'marketplace',
          eventId,
          venueId: 'v-settled',
          orderRef: null,
          receivedAt: Date.now(),
          body: JSON.stringify({ id: eventId }),
          signature: null,
        }) as IncomingEvent;
      try {
        // Both instances append at once, one event or a few per statement, so some commits
        // settle at once and some wait for the other instance's.
        const appended = await Promise.all(
          Array.from({ length: 60 }, (_, n) =>
            (stores[n % 2] as (typeof stores)[number]).appendBatch(
              Array.from({ length: 1 + (n % 3) }, (_, k) => event(`settled-${n}-${k}`)),
            ),
          ),
        );
        const seqs = appended
          .flat()
          .map((outcome) => (outcome.status === 'stored' ? outcome.event.seq : NaN))
          .sort((a, b) => a - b);
        expect(seqs).toHaveLength(120);
        for (const mine of heard) {
          await expect.poll(() => mine.seqs.length, { timeout: 10_000, interval: 20 }).toBe(120);
          expect(mine.seqs).toEqual(seqs);
          expect(mine.broken).toEqual([]);
        }
      } finally {
        for (const one of stores) await one.close();
      }
    });

    it('a failed append leaves the append lock free for every other instance', async () => {
      const first = await openPostgresStore(store.location, { poolSize: 1, follow: false });
      const second = await openPostgresStore(store.location, { poolSize: 1, follow: false });
      const event = (eventId: string, kind: string) =>
        ({
          kind,
          eventId,
          venueId: 'v-order',
          orderRef: null,
          receivedAt: Date.now(),
          body: '{}',
          signature: null,
        }) as IncomingEvent;
      try {
        // Refused by the table's check after relay_append took its session lock.
        await expect(first.appendBatch([event('bad', 'bogus')])).rejects.toThrow(/check/i);
        const [outcome] = await second.appendBatch([event('good', 'marketplace')]);
        expect(outcome?.status).toBe('stored');
        const [again] = await first.appendBatch([event('good-2', 'marketplace')]);
        expect(again?.status).toBe('stored');
      } finally {
        await first.close();
        await second.close();
      }
    });
  },
);

// The SQLite store's writes are serialised by the database's write lock, taken before the seq is
// allocated: a second writer waits for the first to commit. Its listing reads never block.
describe('commit order on SQLite', () => {
  it('a later append waits for an earlier uncommitted one; a reader in between sees neither, then both in seq order', async () => {
    const dir = tempDir();
    const reader = openSqliteStore(dir.dbPath);
    const holder = new Database(dir.dbPath);
    holder.pragma('busy_timeout = 5000');
    // The later writer runs the store's own append in a thread, since it blocks while it waits.
    const worker = new Worker(
      `
      const { workerData, parentPort } = require('node:worker_threads');
      import('tsx/esm/api').then(({ register }) => {
        register();
        return import(workerData.store);
      }).then(({ openSqliteStore }) => {
        const store = openSqliteStore(workerData.dbPath);
        parentPort.once('message', async () => {
          parentPort.postMessage({ type: 'appending' });
          const [outcome] = await store.appendBatch([{
            kind: 'marketplace', eventId: 'later', venueId: 'v-order', orderRef: null,
            receivedAt: Date.now(), body: '{"id":"later"}', signature: 'x',
          }]);
          await store.close();
          parentPort.postMessage({ type: 'done', seq: outcome.event.seq });
        });
        parentPort.postMessage({ type: 'ready' });
      });
      `,
      {
        eval: true,
        workerData: {
          dbPath: dir.dbPath,
          store: new URL('./store/sqlite-store.ts', import.meta.url).href,
        },
      },
    );
    const messages: { type: string; seq?: number }[] = [];
    const next = (type: string) =>
      new Promise<{ type: string; seq?: number }>((resolve, reject) => {
        const found = messages.find((message) => message.type === type);
        if (found) return resolve(found);
        worker.on('message', (message: { type: string; seq?: number }) => {
          if (message.type === type) resolve(message);
        });
        worker.once('error', reject);
      });
    worker.on('message', (message: { type: string }) => messages.push(message));
    try {
      await next('ready');
      holder.exec('BEGIN IMMEDIATE');
      const slowSeq = holder
        .prepare(
          "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', 'slow', 'v-order', 0, '{\"id\":\"slow\"}') RETURNING seq",
        )
        .pluck()
        .get() as number;
      worker.postMessage('go');
      await next('appending');
      expect(await reader.listEvents(['v-order'], 0, 100)).toEqual([]);
      holder.exec('COMMIT');
      const done = await next('done');
      expect(done.seq).toBeGreaterThan(slowSeq);
      const events = await reader.listEvents(['v-order'], 0, 100);
      expect(events.map((event) => [event.eventId, event.seq])).toEqual([
        ['slow', slowSeq],
        ['later', done.seq],
      ]);
    } finally {
      await worker.terminate();
      holder.close();
      await reader.close();
      dir.remove();
    }
  });
});
