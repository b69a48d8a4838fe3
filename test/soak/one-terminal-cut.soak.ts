// The literal outage of issue 32 with the product's own windows (npm run test:soak, outside
// npm test): Counter's link to the relay cut while Kitchen receives, for five full minutes. The
// venue stays online at the platform the whole time, Counter shows its order stream down, nothing
// is paused, and every order placed meanwhile reaches Kitchen and is accepted; when Counter's link
// is back it receives again, with no pause and no resume recorded. test/core/terminals.test.ts
// proves the same rule in seconds, with every window shortened.
//
// Nothing is shortened: the pause delay (60 s), the unanswered-order window (60 s), the relay's
// long poll (10 s) and reconnect backoff (up to 30 s), the outbox backoff, the missed-order check,
// how often terminals read each other and how long the relay counts one as receiving are all the
// product's defaults, and the sandbox retries a notification as the platform does (4 tries 5 s
// apart). What the harness changes is only how it is hosted: servers on free local ports, data in
// a temporary folder, the keychain in memory unless a Secret Service runs.
import { expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../sandbox/server';
import { DEFAULT_STREAM_GUARD_SETTINGS, STREAM_DOWN_ALARM_MS } from '../../shared/stream-guard';
import { waitFor } from '../core/harness';
import type { Venue } from '../core/two-terminals';
import {
  acceptedByKitchen,
  audits,
  closeTwoTerminals,
  platformOnline,
  startTwoTerminals,
  streamUp,
} from '../core/two-terminals';

const SOAK_MS = 5 * 60_000;
const SAMPLE_EVERY_MS = 2_000;
const ORDER_EVERY_MS = 30_000;
/** The longest a stretch of the soak may go unobserved (a sample slowed by the machine's load). */
const MAX_SAMPLE_GAP_MS = 10_000;
// The relay client's backoff tops out at 30 s: once the link is back, its next try may be that far
// away, then a long poll to come back.
const RELAY_BACK_MS = 90_000;

type Sample = {
  at: number;
  online: boolean;
  counterDown: boolean;
  counterDeferred: boolean;
  counterPaused: boolean;
  kitchenUp: boolean;
  paused: number;
};

const sample = async (venue: Venue): Promise<Sample> => {
  const counter = await venue.counter.api['stream:get']({});
  return {
    at: Date.now(),
    online: await platformOnline(venue),
    counterDown: counter.downSince !== null,
    counterDeferred: counter.pauseDeferredSince !== null,
    counterPaused: counter.pausedAt !== null,
    kitchenUp: await streamUp(venue.kitchen),
    paused: await audits(venue, 'paused'),
  };
};

const until = (at: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

it(
  'one terminal cut off for five minutes while the other receives: the venue stays online',
  async ({ onTestFinished }) => {
    const venue = await startTwoTerminals({
      sandbox: { notificationRetry: DEFAULT_RETRY },
      // The product's own defaults where the harness shortens them for npm test.
      core: { relayWaitSeconds: undefined, backoff: undefined },
      // Terminals read each other every 10 s and the relay notes a poll at most every 15 s.
      seenWithinMs: 60_000,
    });
    onTestFinished(() => closeTwoTerminals(venue));
    const { counter, kitchen, proxies } = venue;
    expect((await counter.api['stream:get']({})).settings).toEqual(DEFAULT_STREAM_GUARD_SETTINGS);

    proxies.counter.cut();
    // Counter's alarm: its stream down as long as staff are alerted for.
    await waitFor(
      'counter alarms',
      async () => {
        const { downSince } = await counter.api['stream:get']({});
        return downSince !== null && Date.now() - Date.parse(downSince) >= STREAM_DOWN_ALARM_MS;
      },
      60_000,
    );

    const start = Date.now();
    const end = start + SOAK_MS;
    const samples: Sample[] = [];
    const sampling = (async () => {
      for (let next = start; Date.now() < end; next += SAMPLE_EVERY_MS) {
        await until(next);
        samples.push(await sample(venue));
      }
    })();
    const orders: Array<Promise<string>> = [];
    for (let next = start; next < end; next += ORDER_EVERY_MS) {
      await until(next);
      orders.push(acceptedByKitchen(venue));
    }
    await sampling;
    const accepted = await Promise.all(orders);

    const gaps = samples.slice(1).map((s, i) => s.at - samples[i]!.at);
    const offline = samples.filter((s) => !s.online);
    console.log(
      `soak: ${samples.length} samples over ${((samples.at(-1)!.at - start) / 1000).toFixed(0)} s ` +
        `(longest gap ${(Math.max(...gaps) / 1000).toFixed(1)} s), ${offline.length} offline; ` +
        `${orders.length} orders placed, ${accepted.length} accepted at the platform`,
    );
    expect(samples.at(-1)!.at).toBeGreaterThanOrEqual(end - SAMPLE_EVERY_MS);
    expect(Math.max(samples[0]!.at - start, ...gaps)).toBeLessThanOrEqual(MAX_SAMPLE_GAP_MS);
    expect(offline).toEqual([]);
    expect(samples.filter((s) => !s.counterDown)).toEqual([]);
    expect(samples.filter((s) => !s.kitchenUp)).toEqual([]);
    expect(samples.filter((s) => s.counterPaused || s.paused > 0)).toEqual([]);
    // Long past the pause delay and the unanswered window, Counter leaves the pause to Kitchen.
    expect(samples.at(-1)!.counterDeferred).toBe(true);
    expect(accepted).toHaveLength(SOAK_MS / ORDER_EVERY_MS);
    expect((await counter.api['stream:get']({})).otherTerminals?.terminals).toContainEqual(
      expect.objectContaining({ name: 'Kitchen', receiving: true }),
    );

    proxies.counter.restore();
    const restored = Date.now();
    await waitFor('counter back', () => streamUp(counter), RELAY_BACK_MS);
    console.log(
      `soak: counter back ${((Date.now() - restored) / 1000).toFixed(1)} s after its link`,
    );
    expect((await counter.api['stream:get']({})).pauseDeferredSince).toBeNull();
    expect(await streamUp(kitchen)).toBe(true);
    expect(await audits(venue, 'paused')).toBe(0);
    expect(await audits(venue, 'resumed')).toBe(0);
    expect(await platformOnline(venue)).toBe(true);
  },
  15 * 60_000,
);
