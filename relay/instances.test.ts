// Several relay instances on one PostgreSQL store: any instance takes webhooks, any serves any
// terminal, and what one instance learns (an event, a revocation, a key's polls) reaches the others.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipReason } from './testing/pg-cluster';
import { startRelay, type Relay, type RelayOptions } from './server';
import { useStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  postMarketplace,
  sign,
} from './testing/test-support';

const skip = postgresSkipReason();

describe.skipIf(skip !== null)(
  `relay instances sharing PostgreSQL${skip ? ` (SKIPPED: ${skip})` : ''}`,
  () => {
    const store = useStore('postgres');
    let a: Relay;
    let b: Relay;
    let sql: pg.Client;
    const start = (extra: Partial<RelayOptions> = {}) =>
      startRelay({
        ...store.options,
        marketplaceSecrets: [MARKETPLACE_SECRET],
        revocationCheckMs: 500,
        ...extra,
      });
    beforeAll(async () => {
      a = await start({ pollRateLimit: { perSecond: 1000, burst: 1000 } });
      b = await start({ pollRateLimit: { perSecond: 1000, burst: 1000 } });
      sql = new pg.Client({ connectionString: store.location });
      await sql.connect();
    });
    afterAll(async () => {
      await sql.end();
      await a.close();
      await b.close();
    });

    const deliver = async (relay: Relay, id: string, venue: string) => {
      const body = orderNotification(id, venue);
      expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
        200,
      );
      return body;
    };

    it('wakes a poll waiting on B with an event committed through A', async () => {
      const { key } = await store.createTerminal(['v-wake']);
      const waiting = poll(b.url, key, { after: 0, wait: 20 });
      await expect.poll(async () => (await metric(b, 'relay_polls_open')) ?? 0).toBe(1);
      const started = Date.now();
      const body = await deliver(a, 'wake-1', 'v-wake');
      const answer = await waiting;
      expect(answer.events.map((event) => event.body)).toEqual([body]);
      // NOTIFY, not the 250 ms re-read, woke it (generous bound for a loaded machine).
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it('still wakes it when the notification is lost (LISTEN connections cut), by re-reading the log', async () => {
      const { key } = await store.createTerminal(['v-lost']);
      const waiting = poll(b.url, key, { after: 0, wait: 20 });
      await expect.poll(async () => (await metric(b, 'relay_polls_open')) ?? 0).toBe(1);
      // Both instances lose their LISTEN connection: no notification reaches anyone.
      await sql.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
      );
      const body = await deliver(a, 'lost-1', 'v-lost');
      const answer = await waiting;
      expect(answer.events.map((event) => event.body)).toEqual([body]);
    });

    it('cuts polls on every instance within 1 s of a revocation through any instance', async () => {
      const { id, key } = await store.createTerminal(['v-revoke']);
      expect((await poll(a.url, key)).status).toBe(200);
      expect((await poll(b.url, key)).status).toBe(200);
      const waiting = [poll(a.url, key, { wait: 20 }), poll(b.url, key, { wait: 20 })];
      await expect
        .poll(
          async () =>
            ((await metric(a, 'relay_polls_open')) ?? 0) +
            ((await metric(b, 'relay_polls_open')) ?? 0),
        )
        .toBe(2);
      const started = Date.now();
      expect(await store.revokeTerminal(id)).toBe(true);
      const answers = await Promise.all(waiting);
      expect(answers.map((answer) => answer.status)).toEqual([401, 401]);
      expect(Date.now() - started).toBeLessThan(1_000);
      // Both instances refuse the key from now on, cached or not.
      expect((await poll(a.url, key)).status).toBe(401);
      expect((await poll(b.url, key)).status).toBe(401);
    });

    it('counts open polls and polls taken across instances for the limits', async () => {
      const limited = [
        await start({ maxOpenPollsPerKey: 2, pollRateLimit: { perSecond: 0.01, burst: 6 } }),
        await start({ maxOpenPollsPerKey: 2, pollRateLimit: { perSecond: 0.01, burst: 6 } }),
      ];
      const [x, y] = limited as [Relay, Relay];
      try {
        const { id, key } = await store.createTerminal(['v-limits']);
        // One long-poll open on each instance: the key's cap of 2 is reached.
        const open = [poll(x.url, key, { wait: 20 }), poll(y.url, key, { wait: 20 })];
        await reported(id, 2);
        const third = await poll(x.url, key, { wait: 5 });
        expect(third.status).toBe(429);
        expect(JSON.parse(third.text).message).toContain('already has 2 polls open');

        // 2 polls were taken on x (the refused one too) and 1 on y; y takes 3 more: 6, the burst.
        // Once x has heard of y's polls, x refuses the next (alone, x would allow 4 more).
        for (let i = 0; i < 3; i += 1) expect((await poll(y.url, key)).status).toBe(200);
        await reported(id, 2, 4);
        const over = await poll(x.url, key);
        expect(over.status).toBe(429);
        expect(JSON.parse(over.text).message).toContain('polls too often');
        await deliver(x, 'limits-1', 'v-limits');
        expect((await Promise.all(open)).map((answer) => answer.status)).toEqual([200, 200]);
      } finally {
        for (const relay of limited) await relay.close();
      }
    });

    it("stops counting an instance's open polls once it is gone", async () => {
      const x = await start({ maxOpenPollsPerKey: 1 });
      const y = await start({ maxOpenPollsPerKey: 1 });
      let yClosed = false;
      try {
        const { id, key } = await store.createTerminal(['v-gone']);
        const held = poll(y.url, key, { wait: 20 });
        await reported(id, 1);
        expect((await poll(x.url, key, { wait: 5 })).status).toBe(429);
        // y stops without reporting its poll closed: x forgets it once y is no longer live (3 s).
        await y.close();
        yClosed = true;
        expect((await held).status).toBe(200);
        await expect
          .poll(
            async () => {
              const answer = await poll(x.url, key, { wait: 1 });
              return answer.status;
            },
            { timeout: 15_000, interval: 500 },
          )
          .toBe(200);
      } finally {
        await x.close();
        if (!yClosed) await y.close();
      }
    });

    /**
     * Waits until the instances have reported this key with `open` polls open in all and one
     * instance with `polls` taken, and every live instance has read the reports since.
     */
    async function reported(terminalId: string, open: number, polls?: number) {
      let committedBy = 0;
      await expect
        .poll(
          async () => {
            const { rows } = await sql.query<{ ok: boolean; now: string }>(
              `SELECT coalesce(sum(u.open), 0) = $2
                  AND ($3::int IS NULL OR bool_or(u.polls = $3)) AS ok,
                  (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now
               FROM poll_usage u WHERE u.terminal_id = $1`,
              [terminalId, open, polls ?? null],
            );
            committedBy = Number(rows[0]?.now);
            return rows[0]?.ok === true;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(true);
      // An instance marks itself seen as a sync begins and reads the others' reports after that,
      // so a seen mark past the reports' commit is not yet a read of them (an instance seen so
      // had not applied them when the relay at load 25 let a poll through). Its next mark
      // begins the sync after: the one that began past the commit has read and applied them.
      const began = await liveSeen((seen) => seen > committedBy);
      await liveSeen((seen, id) => seen > (began.get(id) ?? Infinity));
    }

    /** Each live instance's last seen mark, once every one of them passes `done`. */
    async function liveSeen(done: (seen: number, id: string) => boolean) {
      let marks = new Map<string, number>();
      await expect
        .poll(
          async () => {
            const { rows } = await sql.query<{ id: string; seen_at: string }>(
              `SELECT id, seen_at FROM relay_instances
                WHERE seen_at > (extract(epoch FROM clock_timestamp()) * 1000)::bigint - 3000`,
            );
            marks = new Map(rows.map((row) => [row.id, Number(row.seen_at)]));
            return rows.length > 0 && [...marks].every(([id, seen]) => done(seen, id));
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(true);
      return marks;
    }
  },
);

async function metric(relay: Relay, name: string): Promise<number | undefined> {
  const response = await fetch(`${relay.url}/metrics`);
  const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(await response.text());
  return match ? Number(match[1]) : undefined;
}
