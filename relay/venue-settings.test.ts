// GET/PUT /v1/terminal/venue-settings and PUT /v1/terminal/duties on a real relay over real
// sockets, on both stores: a venue's settings changed by one terminal are read by another (on
// PostgreSQL through a second instance), changes of different fields by two terminals both stand,
// a null goes back to the default, a bad body or another venue is refused and changes nothing;
// a change wakes the venue's terminals' polls with a hint (and no other venue's); a duty is held
// by the first terminal that claims it, also when both claim at once.
import { afterEach, expect, it } from 'vitest';
import type {
  DutyClaimAnswer,
  OrderClaimsAnswer,
  VenueSettingsAnswer,
} from '../shared/venue-settings';
import type { Relay } from './server';
import { startRelay } from './server';
import { describeEachStore } from './testing/store-fixture';
import { venueSettingsHintSchema } from '../shared/relay-events';
import { waitFor } from '../test/wait';
import { MARKETPLACE_SECRET, poll, pollsOpen, send } from './testing/test-support';

const relays: Relay[] = [];
afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

const call = async (
  relay: Relay,
  key: string,
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => {
  const answer = await send(`${relay.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, json: answer.status === 200 ? JSON.parse(answer.text) : null };
};

describeEachStore('venue settings and duties at the relay', (store) => {
  const start = async () => {
    const relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      // The race below claims 20 orders at once per key; the limiter has tests of its own.
      callRateLimit: { perSecond: 100, burst: 100 },
    });
    relays.push(relay);
    return relay;
  };

  it('settings changed by one terminal are read by the other; fields merge; bad input changes nothing', async () => {
    const suffix = `${store.kind}-${Date.now()}`;
    const venue = `settings-${suffix}`;
    const counter = await store.createTerminal([venue], 'Counter');
    const kitchen = await store.createTerminal([venue], 'Kitchen');
    const stranger = await store.createTerminal([`settings-other-${suffix}`], 'Stranger');
    const relay = await start();
    const read = async (key: string, on = relay) =>
      call(on, key, 'GET', `/v1/terminal/venue-settings?venue_id=${venue}`);
    const change = (key: string, changes: unknown, venueId = venue) =>
      call(relay, key, 'PUT', '/v1/terminal/venue-settings', { venue_id: venueId, changes });

    expect((await read(kitchen.key)).json).toEqual({
      venue_id: venue,
      version: 0,
      settings: {},
      updated_at: null,
      updated_by: null,
    } satisfies VenueSettingsAnswer);

    const first = await change(counter.key, {
      autoAccept: true,
      pauseAfterSeconds: 90,
      printedBy: { 'kitchen-ticket': kitchen.id },
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ version: 1, updated_by: counter.id });
    // The kitchen changes another field: the counter's stay.
    await change(kitchen.key, { unclaimedAfterMinutes: 20, printedBy: { receipt: counter.id } });
    const other = store.kind === 'postgres' ? await start() : relay;
    const seen = await read(kitchen.key, other);
    expect(seen.json).toMatchObject({
      version: 2,
      updated_by: kitchen.id,
      settings: {
        autoAccept: true,
        pauseAfterSeconds: 90,
        unclaimedAfterMinutes: 20,
        printedBy: { 'kitchen-ticket': kitchen.id, receipt: counter.id },
      },
    });

    // null: back to the default (the field is gone).
    await change(counter.key, { pauseAfterSeconds: null, printedBy: { 'kitchen-ticket': null } });
    expect((await read(counter.key)).json.settings).toEqual({
      autoAccept: true,
      unclaimedAfterMinutes: 20,
      printedBy: { receipt: counter.id },
    });

    // Refused, and nothing changes: a bad value, an unknown field, another venue, no key.
    expect((await change(counter.key, { pauseAfterSeconds: 1 })).status).toBe(400);
    expect((await change(counter.key, { volume: 11 })).status).toBe(400);
    expect((await change(counter.key, { printedBy: { receipt: 'someone' } })).status).toBe(400);
    expect((await change(stranger.key, { autoAccept: false })).status).toBe(403);
    expect((await read(stranger.key)).status).toBe(403);
    expect(
      (await call(relay, '', 'GET', `/v1/terminal/venue-settings?venue_id=${venue}`)).status,
    ).toBe(401);
    expect((await read(counter.key)).json.version).toBe(3);
  });

  it('a change wakes the venue’s other terminals’ long polls with a hint naming the venue and version, no one else’s', async () => {
    const suffix = `${store.kind}-${Date.now()}`;
    const venue = `hint-${suffix}`;
    const counter = await store.createTerminal([venue], 'Counter');
    const kitchen = await store.createTerminal([venue], 'Kitchen');
    const stranger = await store.createTerminal([`hint-other-${suffix}`], 'Stranger');
    const relay = await start();
    // On PostgreSQL the kitchen polls another instance than the one the counter changes through.
    const other = store.kind === 'postgres' ? await start() : relay;
    const change = (key: string, changes: unknown) =>
      call(relay, key, 'PUT', '/v1/terminal/venue-settings', { venue_id: venue, changes });

    // A terminal's poll of the other instance after a seq: each event's kind, venue and hint read.
    const hints = async (key: string, after: number, wait = 0) =>
      (await poll(other.url, key, { after, wait })).events.map((e) => ({
        seq: e.seq,
        kind: e.kind,
        venueId: e.venue_id,
        hint: venueSettingsHintSchema.parse(JSON.parse(e.body)),
      }));

    const waiting = hints(kitchen.key, 0, 20);
    await waitFor(() => pollsOpen(other.url, 1), { message: 'the kitchen’s poll open' });
    expect((await change(counter.key, { autoAccept: true })).status).toBe(200);
    const woken = await waiting;
    expect(woken).toEqual([
      {
        seq: expect.any(Number),
        kind: 'venue-settings',
        venueId: venue,
        hint: { venue_id: venue, version: 1 },
      },
    ]);
    const seq = woken[0]?.seq ?? 0;

    // A refused change hints nothing; the next one hints its own version.
    expect((await change(counter.key, { pauseAfterSeconds: 1 })).status).toBe(400);
    expect(await hints(kitchen.key, seq)).toEqual([]);
    await change(kitchen.key, { unclaimedAfterMinutes: 20 });
    const next = await waitFor(async () => {
      const seen = await hints(counter.key, seq);
      if (seen.length === 0) throw new Error('no hint yet');
      return seen;
    });
    expect(next.map((e) => e.hint)).toEqual([{ venue_id: venue, version: 2 }]);
    // Another venue's key never sees the hint.
    expect(await hints(stranger.key, 0)).toEqual([]);
  });

  it('a duty of an order is held by the first terminal that claims it, also when both claim at once', async () => {
    const suffix = `${store.kind}-${Date.now()}`;
    const venue = `duties-${suffix}`;
    const counter = await store.createTerminal([venue], 'Counter');
    const kitchen = await store.createTerminal([venue], 'Kitchen');
    const stranger = await store.createTerminal([`duties-other-${suffix}`], 'Stranger');
    const relay = await start();
    const other = store.kind === 'postgres' ? await start() : relay;
    const claim = (on: Relay, key: string, orderId: string, duty = 'sent-to-pos') =>
      call(on, key, 'PUT', '/v1/terminal/duties', { venue_id: venue, order_id: orderId, duty });

    const first = await claim(relay, counter.key, 'order-1');
    expect(first.json).toEqual({ holder: counter.id, mine: true } satisfies DutyClaimAnswer);
    expect((await claim(other, kitchen.key, 'order-1')).json).toEqual({
      holder: counter.id,
      mine: false,
    });
    // The holder asking again still holds it; another duty of the order is its own.
    expect((await claim(relay, counter.key, 'order-1')).json.mine).toBe(true);
    expect((await claim(other, kitchen.key, 'order-1', 'kitchen-ticket')).json.mine).toBe(true);

    // Both at once, many orders: each order has exactly one holder, and both were told the same.
    const orders = Array.from({ length: 20 }, (_, i) => `race-${i}`);
    const answers = await Promise.all(
      orders.flatMap((id) => [claim(relay, counter.key, id), claim(other, kitchen.key, id)]),
    );
    for (let i = 0; i < orders.length; i += 1) {
      const [a, b] = [answers[2 * i]?.json, answers[2 * i + 1]?.json];
      expect(a.holder).toBe(b.holder);
      expect(Number(a.mine) + Number(b.mine)).toBe(1);
    }

    expect((await claim(relay, counter.key, 'x', 'fax')).status).toBe(400);
    expect(
      (
        await call(relay, stranger.key, 'PUT', '/v1/terminal/duties', {
          venue_id: venue,
          order_id: 'order-1',
          duty: 'sent-to-pos',
        })
      ).status,
    ).toBe(403);
  });

  it('lists an order’s claims, the actions each terminal took among them, to the venue’s keys only', async () => {
    const suffix = `${store.kind}-${Date.now()}`;
    const venue = `claims-${suffix}`;
    const counter = await store.createTerminal([venue], 'Counter');
    const kitchen = await store.createTerminal([venue], 'Kitchen');
    const stranger = await store.createTerminal([`claims-other-${suffix}`], 'Stranger');
    const relay = await start();
    const other = store.kind === 'postgres' ? await start() : relay;
    const claim = (key: string, duty: string) =>
      call(relay, key, 'PUT', '/v1/terminal/duties', { venue_id: venue, order_id: 'o-1', duty });
    const list = (key: string, on = other, orderId = 'o-1') =>
      call(on, key, 'GET', `/v1/terminal/duties?venue_id=${venue}&order_id=${orderId}`);

    expect((await list(kitchen.key)).json).toEqual({ order_id: 'o-1', claims: [] });
    expect((await claim(counter.key, 'accept')).json.mine).toBe(true);
    expect((await claim(kitchen.key, 'ready')).json.mine).toBe(true);
    // The platform takes an accept once: a later claim of it does not change who took it.
    expect((await claim(kitchen.key, 'accept')).json.mine).toBe(false);
    const listed = (await list(kitchen.key)).json as OrderClaimsAnswer;
    expect(listed.claims.map((c) => [c.duty, c.terminal_id]).sort()).toEqual(
      [
        ['accept', counter.id],
        ['ready', kitchen.id],
      ].sort(),
    );
    expect(listed.claims.every((c) => typeof c.claimed_at === 'number')).toBe(true);
    expect((await list(kitchen.key, other, 'o-2')).json.claims).toEqual([]);

    expect((await list(stranger.key)).status).toBe(403);
    expect(
      (await call(relay, kitchen.key, 'GET', `/v1/terminal/duties?venue_id=${venue}`)).status,
    ).toBe(400);
    expect((await call(relay, kitchen.key, 'DELETE', '/v1/terminal/duties')).status).toBe(405);
  });
});
