// The relay's bookkeeping never takes the connections webhooks and polls need (PostgreSQL). With
// 20,000 terminals, their notes (last seen, polls, health reports) went through the shared pool of
// 10 connections, and notes waiting on the database held the connections the appends and the log
// reads wait for. Here every write to terminal_presence is held by a lock a client of the test
// holds: a dozen health reports wait on it, while a webhook is still taken and delivered to a
// waiting poll; the reports are answered once the lock goes.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Relay } from './server';
import { startRelay } from './server';
import { postgresSkipReason } from './testing/pg-cluster';
import { useStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  healthReport,
  orderNotification,
  poll,
  postMarketplace,
  send,
  sign,
} from './testing/test-support';

const skip = postgresSkipReason();
/** More reports than the shared pool has connections (10). */
const REPORTS = 12;

describe.skipIf(skip !== null)(
  `the relay's bookkeeping on PostgreSQL${skip ? ` (SKIPPED: ${skip})` : ''}`,
  () => {
    const store = useStore('postgres');
    const relays: Relay[] = [];
    const clients: pg.Client[] = [];
    afterEach(async () => {
      for (const client of clients.splice(0)) await client.end().catch(() => undefined);
      for (const relay of relays.splice(0)) await relay.close();
    });

    it('takes and delivers a webhook while more reports than the pool holds wait on the database', async () => {
      const venue = `bookkeeping-${Date.now()}`;
      const reporters = await store.createTerminals(
        Array.from({ length: REPORTS }, () => ({ venueIds: [venue] })),
      );
      const listener = await store.createTerminal([venue], 'Kitchen');
      const relay = await startRelay({
        ...store.options,
        marketplaceSecrets: [MARKETPLACE_SECRET],
      });
      relays.push(relay);
      // The first call of the listening key, answered at once, before the lock.
      expect((await poll(relay.url, listener.key)).status).toBe(200);

      const holder = new pg.Client({ connectionString: store.location });
      clients.push(holder);
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE terminal_presence IN EXCLUSIVE MODE');
      const reports = reporters.map((terminal) =>
        send(`${relay.url}/v1/terminal/health`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${terminal.key}` },
          body: JSON.stringify(healthReport(venue)),
        }).then((answer) => answer.status),
      );
      let answered = 0;
      for (const report of reports) void report.then(() => (answered += 1));
      // Every report the relay lets through at once is waiting on the lock.
      const observer = new pg.Client({ connectionString: store.location });
      clients.push(observer);
      await observer.connect();
      const waitingOnLock = async () =>
        Number(
          (
            await observer.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_stat_activity
               WHERE $1 = ANY(pg_blocking_pids(pid)) AND query LIKE '%terminal_presence%'`,
              [
                (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
                  ?.pid,
              ],
            )
          ).rows[0]?.n,
        );
      await expect.poll(waitingOnLock, { timeout: 10_000 }).toBeGreaterThan(0);

      const waiting = poll(relay.url, listener.key, { after: 0, wait: 20 });
      const body = orderNotification(`bookkeeping-${Date.now()}`, venue);
      const taken = await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET));
      expect(taken.status).toBe(200);
      expect((await waiting).events.map((event) => event.body)).toEqual([body]);
      expect(answered).toBe(0);

      await holder.query('COMMIT');
      expect(await Promise.all(reports)).toEqual(reporters.map(() => 204));
    });
  },
);
