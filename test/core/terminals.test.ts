// Two terminals of one venue against the real sandbox and relay, each terminal behind a TCP proxy
// of its own (two-terminals.ts), so one terminal's link to the relay can be cut while the other's stays.
// The venue is paused only when no terminal of it can receive: a terminal cut off alone leaves
// the venue online (the other takes and answers its orders) and shows who still receives; both
// cut, or the relay down for everyone, the venue is paused once (an order nobody answers at the
// platform shows it) and resumed once when the stream is back. The windows are shortened through
// the core's and relay's options.
import type { ExpectStatic } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { startRelay } from '../../relay/server';
import { waitFor } from './harness';
import type { Venue } from './two-terminals';
import {
  acceptedByKitchen,
  audits,
  closeTwoTerminals,
  platformOnline,
  startTwoTerminals,
  streamUp,
} from './two-terminals';

const PAUSE_AFTER_SECONDS = 5;
const UNANSWERED_MS = 4_000;
// The relay client retries with full-jitter backoff, capped here at 2 s (production: 30 s): once
// the link is back, its next try may be up to that far away.
const RELAY_BACK_MS = 20_000;
const RELAY_OPTIONS = { presenceNoteMs: 200, receivingWithinMs: 6_000 };

/** Both terminals pause the venue on their own as set up, the windows shortened. */
const startVenue = (): Promise<Venue> =>
  startTwoTerminals({
    relay: RELAY_OPTIONS,
    core: {
      relayWaitSeconds: 2,
      relayBackoff: { capMs: 2_000 },
      // The others are read every second: a verdict trusts a read up to three intervals older
      // than the break, and at 300 ms a loaded CI machine's late read (CI: 'both down and
      // deferring' timed out) left a terminal deciding it was alone.
      otherTerminals: { intervalMs: 1_000, unansweredMs: UNANSWERED_MS },
      missedOrders: { intervalMs: 1_000, graceMs: 1_500 },
    },
    streamGuard: { autoPause: true, pauseAfterSeconds: PAUSE_AFTER_SECONDS },
  });

describe('several terminals of one venue: an answer on one reaches the other', () => {
  // Neither test cuts a link or changes the venue's state: they share one world.
  let venue: Venue;
  beforeAll(async () => {
    venue = await startVenue();
  }, 60_000);
  afterAll(() => closeTwoTerminals(venue));

  it('an order one terminal accepted stops ringing on the other within 2 s', async () => {
    const { world, counter, kitchen } = venue;
    const placed = await world.placeOrder();
    const ringing = async (core: Core): Promise<boolean> =>
      (await core.api['orders:list']({})).some(
        (o) => o.id === placed.id && o.platformStatus === 'CREATED',
      );
    await waitFor('ringing on both', async () => (await ringing(counter)) && ringing(kitchen));
    const tapped = Date.now();
    await counter.api['orders:accept']({ orderId: placed.id, preparationMinutes: 15 });
    await waitFor('kitchen stopped ringing', async () => !(await ringing(kitchen)), 10_000);
    // From the tap on Counter to Kitchen's board: the platform's notification through the relay.
    expect(Date.now() - tapped).toBeLessThan(2_000);
    expect((await world.sandboxOrder(placed.id)).status).toBe('PRODUCTION');
  }, 60_000);

  it('a pre-order one terminal confirmed stops asking for a confirm on the other within 2 s', async () => {
    const { world, counter, kitchen } = venue;
    // A confirm changes no status: no notification tells the kitchen; the relay's claims do.
    const placed = await world.placeOrder({
      preorder_time: new Date(world.now().getTime() + 3 * 3600_000).toISOString(),
    });
    const waiting = async (core: Core): Promise<boolean> =>
      (await core.api['orders:list']({})).some(
        (o) => o.id === placed.id && o.preorderStatus === 'waiting',
      );
    await waitFor('waiting on both', async () => (await waiting(counter)) && waiting(kitchen));
    const tapped = Date.now();
    await counter.api['orders:confirmPreorder']({ orderId: placed.id });
    await waitFor('kitchen stopped asking', async () => !(await waiting(kitchen)), 10_000);
    expect(Date.now() - tapped).toBeLessThan(2_000);
    expect((await world.sandboxOrder(placed.id)).pre_order_status).toBe('confirmed');
  }, 60_000);
});

// Each test cuts links and counts pauses from none: a world of its own. They run side by side:
// nearly all of each one's time is waiting out the pause and unanswered windows.
describe.concurrent(
  'several terminals of one venue: who pauses the venue when the stream breaks',
  () => {
    /** A fresh venue with both terminals, closed when the test ends. */
    const freshVenue = async (
      onTestFinished: (fn: () => Promise<void>) => void,
    ): Promise<Venue> => {
      const venue = await startVenue();
      onTestFinished(() => closeTwoTerminals(venue));
      return venue;
    };

    it('one terminal cut off while the other receives: the venue stays online, the cut one knows who receives', async ({
      expect,
      onTestFinished,
    }) => {
      const venue = await freshVenue(onTestFinished);
      const { counter, kitchen, proxies } = venue;
      proxies.counter.cut();
      const deferred = await waitFor(
        'counter down, its pause left to Kitchen',
        async () => {
          const state = await counter.api['stream:get']({});
          return state.pauseDeferredSince !== null ? state : undefined;
        },
        30_000,
      );
      expect(deferred.otherTerminals?.terminals).toContainEqual(
        expect.objectContaining({ name: 'Kitchen', receiving: true }),
      );
      // Kitchen shows that Counter no longer receives.
      await waitFor(
        'kitchen sees counter down',
        async () =>
          (await kitchen.api['stream:get']({})).otherTerminals?.terminals.some(
            (t) => t.name === 'Counter' && !t.receiving,
          ) === true,
        20_000,
      );

      // An order placed now reaches Kitchen, which answers it; Counter finds it at the platform
      // (missed), answered: someone receives, so still no pause.
      await acceptedByKitchen(venue);
      const missed = await waitFor(
        'counter lists it as missed, answered',
        async () =>
          (await counter.api['stream:get']({})).missed.find(
            (m) => m.platformStatus === 'PRODUCTION',
          ),
        20_000,
      );
      // Past the pause delay and the unanswered window after it was raised: nothing was paused.
      await waitFor(
        'the windows passed',
        () => Date.now() - Date.parse(missed.raisedAt) > UNANSWERED_MS + PAUSE_AFTER_SECONDS * 1000,
        30_000,
      );
      expect(await audits(venue, 'paused')).toBe(0);
      expect(await platformOnline(venue)).toBe(true);
      expect(await streamUp(kitchen)).toBe(true);
      expect((await counter.api['stream:get']({})).pauseDeferredSince).not.toBeNull();

      proxies.counter.restore();
      await waitFor('counter back', () => streamUp(counter), RELAY_BACK_MS);
      expect((await counter.api['stream:get']({})).pauseDeferredSince).toBeNull();
      expect(await audits(venue, 'paused')).toBe(0);
      expect(await audits(venue, 'resumed')).toBe(0);
      expect(await platformOnline(venue)).toBe(true);
    }, 150_000);

    const pausedOnceResumedOnce = async (
      venue: Venue,
      expect: ExpectStatic,
      restore: () => Promise<void>,
    ): Promise<void> => {
      const { world, counter, kitchen } = venue;
      await waitFor(
        'both down and deferring',
        async () =>
          (await counter.api['stream:get']({})).pauseDeferredSince !== null &&
          (await kitchen.api['stream:get']({})).pauseDeferredSince !== null,
        30_000,
      );
      expect(await platformOnline(venue)).toBe(true);
      // An order nobody can receive stays unanswered at the platform: the venue is paused, once.
      await world.placeOrder();
      await waitFor('paused at the platform', async () => !(await platformOnline(venue)), 40_000);
      // The follower's own turn (a pause delay after the first) comes and goes without a second pause.
      await waitFor(
        'the follower saw it paused',
        async () =>
          (await audits(venue, 'deferred')) === 2 && (await audits(venue, 'paused')) === 1,
        20_000,
      );
      const pausedAt = Date.now();
      await waitFor(
        'the follower’s turn passed',
        () => Date.now() - pausedAt > PAUSE_AFTER_SECONDS * 1000 + 2_000,
        20_000,
      );
      expect(await audits(venue, 'paused')).toBe(1);

      await restore();
      await waitFor('online again', () => platformOnline(venue), RELAY_BACK_MS);
      await waitFor(
        'both back',
        async () => (await streamUp(counter)) && streamUp(kitchen),
        RELAY_BACK_MS,
      );
      expect(await audits(venue, 'paused')).toBe(1);
      expect(await audits(venue, 'resumed')).toBe(1);
    };

    it('both terminals cut off: paused once, resumed once', async ({ expect, onTestFinished }) => {
      const venue = await freshVenue(onTestFinished);
      const { proxies } = venue;
      proxies.counter.cut();
      proxies.kitchen.cut();
      await pausedOnceResumedOnce(venue, expect, async () => {
        proxies.counter.restore();
        proxies.kitchen.restore();
      });
    }, 180_000);

    it('the relay down for everyone: paused once, resumed once', async ({
      expect,
      onTestFinished,
    }) => {
      const venue = await freshVenue(onTestFinished);
      const { world } = venue;
      const port = Number(new URL(world.relay.url).port);
      await world.relay.close();
      await pausedOnceResumedOnce(venue, expect, async () => {
        world.relay = await startRelay({
          port,
          dbPath: world.relayDb,
          marketplaceSecrets: [world.sandbox.webhookSecret],
          ...RELAY_OPTIONS,
        });
      });
    }, 180_000);
  },
);
