import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import type { Relay } from './server';
import { startRelayUnderTest } from './testing/relay-under-test';
import { describeEachStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  openPolls,
  orderNotification,
  poll,
  pollsOpen,
  postMarketplace,
  send,
  sign,
} from './testing/test-support';

describeEachStore('GET /v1/events', (store) => {
  let relay: Relay;
  beforeAll(async () => {
    relay = await startRelayUnderTest({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      revocationCheckMs: 50,
      pollRateLimit: { perSecond: 1000, burst: 1000 },
      maxOpenPollsPerKey: 2,
    });
  });
  afterAll(async () => {
    await relay.close();
  });

  const deliver = async (id: string, venue: string) => {
    const body = orderNotification(id, venue);
    const answer = await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET));
    expect(answer.status).toBe(200);
    return body;
  };

  it('gives a signed notification to both terminals of its venue and a forged one to none', async () => {
    const till = (await store.createTerminal(['v-two'])).key;
    const kitchen = (await store.createTerminal(['v-two'])).key;
    const open = await openPolls(relay.url);
    const waiting = [poll(relay.url, till, { wait: 10 }), poll(relay.url, kitchen, { wait: 10 })];
    await waitFor(() => pollsOpen(relay.url, open + 2));

    const forged = orderNotification('forged', 'v-two');
    expect(
      (await postMarketplace(relay.url, forged, sign(forged, 'not-the-platform-secret-123456')))
        .status,
    ).toBe(401);
    const genuine = await deliver('genuine', 'v-two');

    const answers = await Promise.all(waiting);
    for (const answer of answers) {
      expect(answer.events.map((e) => e.body)).toEqual([genuine]);
      // The terminal can verify end to end with the platform secret.
      expect(answers[0]?.events[0]?.signature).toBe(sign(genuine, MARKETPLACE_SECRET));
    }
    for (const key of [till, kitchen]) {
      expect((await poll(relay.url, key, { after: 0 })).events.map((e) => e.body)).toEqual([
        genuine,
      ]);
    }
  });

  it("names the key's venues in a poll that does not wait, and in no long poll", async () => {
    const key = (await store.createTerminal(['v-named', 'v-also'])).key;
    const quick = await poll(relay.url, key, { wait: 0 });
    expect(quick.status).toBe(200);
    expect((JSON.parse(quick.text) as { venue_ids: string[] }).venue_ids.sort()).toEqual([
      'v-also',
      'v-named',
    ]);
    await deliver('named-1', 'v-named');
    const waited = await poll(relay.url, key, { wait: 5 });
    expect(waited.events).toHaveLength(1);
    expect(JSON.parse(waited.text)).not.toHaveProperty('venue_ids');
  });

  it('answers at once when events exist, oldest first, only after the cursor and only of its venues', async () => {
    const key = (await store.createTerminal(['v-a', 'v-b'])).key;
    const a1 = await deliver('a1', 'v-a');
    await deliver('c1', 'v-c');
    const b1 = await deliver('b1', 'v-b');
    const a2 = await deliver('a2', 'v-a');
    const all = await poll(relay.url, key, { after: 0, wait: 20 });
    expect(all.events.map((e) => e.body)).toEqual([a1, b1, a2]);
    const seqs = all.events.map((e) => e.seq);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    const rest = await poll(relay.url, key, { after: seqs[0] as number });
    expect(rest.events.map((e) => e.body)).toEqual([b1, a2]);
  });

  it('serves an event committed while no poll was waiting to the next poll', async () => {
    const key = (await store.createTerminal(['v-gap'])).key;
    expect((await poll(relay.url, key, { after: 0 })).events).toEqual([]);
    const body = await deliver('gap1', 'v-gap');
    const answer = await poll(relay.url, key, { after: 0 });
    expect(answer.events.map((e) => e.body)).toEqual([body]);
    const seq = answer.events[0]?.seq ?? 0;
    expect((await poll(relay.url, key, { after: seq })).events).toEqual([]);
    expect((await poll(relay.url, key, { after: seq - 1 })).events.map((e) => e.body)).toEqual([
      body,
    ]);
  });

  it('holds an empty poll and answers the moment an event arrives', async () => {
    const key = (await store.createTerminal(['v-wait'])).key;
    const open = await openPolls(relay.url);
    const waiting = poll(relay.url, key, { after: 0, wait: 20 });
    await waitFor(() => pollsOpen(relay.url, open + 1));
    const started = Date.now();
    const body = await deliver('w1', 'v-wait');
    const answer = await waiting;
    expect(answer.events.map((e) => e.body)).toEqual([body]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers an empty list when the wait ends without events', async () => {
    const key = (await store.createTerminal(['v-quiet'])).key;
    const started = Date.now();
    const answer = await poll(relay.url, key, { after: 0, wait: 1 });
    expect(answer.status).toBe(200);
    expect(answer.events).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('returns at most 100 events per answer, and honours a smaller limit', async () => {
    const key = (await store.createTerminal(['v-many'])).key;
    const bodies = await Promise.all(
      Array.from({ length: 120 }, (_, i) => deliver(`many-${i}`, 'v-many')),
    );
    const first = await poll(relay.url, key, { after: 0, limit: 500 });
    expect(first.events).toHaveLength(100);
    const second = await poll(relay.url, key, { after: first.events.at(-1)?.seq ?? 0 });
    expect(second.events).toHaveLength(20);
    expect(new Set([...first.events, ...second.events].map((e) => e.body))).toEqual(
      new Set(bodies),
    );
    expect((await poll(relay.url, key, { after: 0, limit: 7 })).events).toHaveLength(7);
  });

  it('refuses missing, unknown and revoked keys, and ends a waiting poll of a revoked key with 401', async () => {
    expect((await send(`${relay.url}/v1/events`)).status).toBe(401);
    expect((await poll(relay.url, 'rtk_unknown')).status).toBe(401);
    const { id, key } = await store.createTerminal(['v-revoke']);
    expect((await poll(relay.url, key)).status).toBe(200);
    const open = await openPolls(relay.url);
    const waiting = poll(relay.url, key, { wait: 20 });
    await waitFor(() => pollsOpen(relay.url, open + 1));
    const started = Date.now();
    expect(await store.revokeTerminal(id)).toBe(true);
    const answer = await waiting;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).message).toMatch(/revoked/);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await poll(relay.url, key)).status).toBe(401);
    expect(await store.revokeTerminal(id)).toBe(false);
  });

  it.each([
    ['after=-1', 'after'],
    ['after=abc', 'after'],
    ['wait=1.5', 'wait'],
    ['limit=0', 'limit'],
  ])('answers 400 to %s', async (query, name) => {
    const key = (await store.createTerminal(['v-params'])).key;
    const answer = await send(`${relay.url}/v1/events?${query}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).message).toContain(name);
  });

  it('caps open polls per key with a clear 429', async () => {
    const key = (await store.createTerminal(['v-cap'])).key;
    const before = await openPolls(relay.url);
    // Held until an event ends them, so they are still open however slowly the refusal comes.
    const open = [poll(relay.url, key, { wait: 20 }), poll(relay.url, key, { wait: 20 })];
    await waitFor(() => pollsOpen(relay.url, before + 2));
    const refused = await poll(relay.url, key, { wait: 1 });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused.text)).toEqual({
      error: 'Too Many Requests',
      message: 'This terminal key already has 2 polls open; close one first.',
    });
    const body = await deliver('cap1', 'v-cap');
    expect((await Promise.all(open)).map((a) => [a.status, a.events.map((e) => e.body)])).toEqual([
      [200, [body]],
      [200, [body]],
    ]);
  });
});

describeEachStore('per-key rate limit', (store) => {
  it('answers 429 with Retry-After once a key exceeds its rate, without affecting other keys', async () => {
    const relay = await startRelayUnderTest({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      pollRateLimit: { perSecond: 0.5, burst: 3 },
    });
    try {
      const busy = (await store.createTerminal(['v-rate'])).key;
      const calm = (await store.createTerminal(['v-rate'])).key;
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await poll(relay.url, busy)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await poll(relay.url, busy);
      expect(limited.headers['retry-after']).toBe('2');
      expect(JSON.parse(limited.text).error).toBe('Too Many Requests');
      expect((await poll(relay.url, calm)).status).toBe(200);
    } finally {
      await relay.close();
    }
  });

  it("gives a key's polls and its other calls a budget each: neither spends the other's", async () => {
    const relay = await startRelayUnderTest({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      pollRateLimit: { perSecond: 0.5, burst: 3 },
      callRateLimit: { perSecond: 0.5, burst: 3 },
    });
    const claim = async (key: string, orderId: string) =>
      (
        await send(`${relay.url}/v1/terminal/duties`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ venue_id: 'v-budget', order_id: orderId, duty: 'sent-to-pos' }),
        })
      ).status;
    try {
      // A backlog: the polls spend theirs; the orders' duty claims still go through.
      const polling = (await store.createTerminal(['v-budget'])).key;
      const polls = [];
      for (let i = 0; i < 4; i += 1) polls.push((await poll(relay.url, polling)).status);
      expect(polls).toEqual([200, 200, 200, 429]);
      const claims = [];
      for (let i = 0; i < 4; i += 1) claims.push(await claim(polling, `order-${i}`));
      expect(claims).toEqual([200, 200, 200, 429]);
      expect((await poll(relay.url, polling)).status).toBe(429);

      // And the other way: claims spent, the order poll still answers.
      const claiming = (await store.createTerminal(['v-budget'])).key;
      for (let i = 0; i < 3; i += 1) expect(await claim(claiming, `order-${i}`)).toBe(200);
      expect(await claim(claiming, 'order-3')).toBe(429);
      expect((await poll(relay.url, claiming)).status).toBe(200);
    } finally {
      await relay.close();
    }
  });
});
