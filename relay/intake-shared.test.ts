// "No orders arriving" whichever instance saw what: the venue's last notification, the state its
// terminal reported and its last poll are kept in the store (SQLite: migration 7; PostgreSQL:
// migration 9), so a restarted relay still knows them, and behind a load balancer an instance that
// took none of the venue's webhooks (or none of its terminal's polls) judges it as the one that did.
import { afterEach, describe, expect, it } from 'vitest';
import type { Relay, RelayOptions } from './server';
import { startRelay } from './server';
import { postgresSkipReason } from './testing/pg-cluster';
import { describeEachStore, useStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  postMarketplace,
  send,
  sign,
} from './testing/test-support';

const VENUE = 'venue-shared-intake';
const METRICS_TOKEN = 'metrics-token-0123456789';
const AUTH = { Authorization: `Bearer ${METRICS_TOKEN}` };
let clock = Date.parse('2026-11-26T11:00:00Z');
let seq = 0;
const relays: Relay[] = [];

const start = async (store: Pick<RelayOptions, 'dbPath' | 'storeUrl'>): Promise<Relay> => {
  const relay = await startRelay({
    ...store,
    marketplaceSecrets: [MARKETPLACE_SECRET],
    metricsToken: METRICS_TOKEN,
    now: () => clock,
    // No order rate learned here: the default quiet time (10 min) is the threshold throughout.
    intake: { defaultQuietMs: 10 * 60_000, minHistory: 1_000 },
  });
  relays.push(relay);
  return relay;
};
afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

const webhook = async (relay: Relay, status = 'CREATED') => {
  seq += 1;
  const body = orderNotification(`shared-${seq}-${Date.now()}`, VENUE, status);
  expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(200);
};
/** The venue's terminal polls and reports it online and open, to this instance. */
const alive = async (relay: Relay, key: string) => {
  expect((await poll(relay.url, key)).status).toBe(200);
  const answer = await send(`${relay.url}/v1/venue-state`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ venue_id: VENUE, online: true, open: true }),
  });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text) as { no_orders_arriving: boolean; last_webhook_at: string | null };
};
type View = {
  venue_id: string;
  watched: boolean;
  no_orders_arriving: boolean;
  last_webhook_at: string | null;
};
/** The partner's view of the venue on this instance. */
const view = async (relay: Relay): Promise<View | undefined> => {
  const answer = await send(`${relay.url}/v1/intake`, { headers: AUTH });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { venues: View[] }).venues.find((v) => v.venue_id === VENUE);
};
const minutes = (n: number) => {
  clock += n * 60_000;
};

describeEachStore('the intake watch keeps what it learned in the store', (store) => {
  it('a restarted relay still knows the venue’s last notification and its terminal', async () => {
    const { key } = await store.createTerminal([VENUE]);
    const first = await start(store.options);
    await alive(first, key);
    minutes(1);
    await webhook(first);
    const at = new Date(clock).toISOString();
    expect((await alive(first, key)).last_webhook_at).toBe(at);
    await first.close();

    const again = await start(store.options);
    // Before any webhook, poll or report reached it, the restarted relay lists the venue with
    // its last notification and as watched (its terminal polled and reported within 2 minutes).
    expect(await view(again)).toMatchObject({ last_webhook_at: at, watched: true });
    expect((await alive(again, key)).last_webhook_at).toBe(at);
  });
});

const skip = postgresSkipReason();
describe.skipIf(skip !== null)(
  `two relay instances on one PostgreSQL store${skip ? ` (SKIPPED: ${skip})` : ''}`,
  () => {
    const pgStore = useStore('postgres');

    it('an instance that took none of the webhooks judges the venue as the one that took them all', async () => {
      const { key } = await pgStore.createTerminal([VENUE]);
      // The load balancer sends the platform's webhooks to A, the terminal's polls and reports to B.
      const a = await start(pgStore.options);
      const b = await start(pgStore.options);
      await alive(b, key);
      // An order every 4 minutes for 40 minutes, past the 10-minute default many times over,
      // the terminal reporting every minute: B, which received nothing, never says "no orders
      // arriving", nor does A.
      for (let minute = 1; minute <= 40; minute += 1) {
        minutes(1);
        if (minute % 4 === 0) await webhook(a);
        const verdict = await alive(b, key);
        expect(verdict.no_orders_arriving).toBe(false);
        if (minute % 4 === 0) {
          expect(verdict.last_webhook_at).toBe(new Date(clock).toISOString());
          await expect
            .poll(() => view(a))
            .toMatchObject({ watched: true, no_orders_arriving: false });
        }
      }
      // Then the webhooks stop reaching anyone: past the threshold both instances say so, A
      // too, though the terminal never polled or reported to it.
      for (let minute = 1; minute <= 10; minute += 1) {
        minutes(1);
        expect((await alive(b, key)).no_orders_arriving).toBe(false);
      }
      minutes(1);
      expect((await alive(b, key)).no_orders_arriving).toBe(true);
      await expect.poll(() => view(a)).toMatchObject({ watched: true, no_orders_arriving: true });
      expect(await view(b)).toMatchObject({ no_orders_arriving: true });
      // One notification at A ends it at B at once.
      await webhook(a, 'PRODUCTION');
      expect((await alive(b, key)).no_orders_arriving).toBe(false);
      expect(await view(a)).toMatchObject({ no_orders_arriving: false });
    });
  },
);
