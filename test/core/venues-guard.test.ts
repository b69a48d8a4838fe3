// The stream guard of a terminal of two venues, against the real sandbox and relay: Counter serves
// the demo venue and Kamppi Bowls, Kitchen serves the demo venue only, each behind a TCP proxy of
// its own (tcp-cut.ts). Each venue is paused only when no terminal of it can receive: Counter cut
// off leaves the demo venue online (Kitchen takes its orders) and pauses Bowls, which no other
// terminal serves, once, and resumes it once; the relay down for everyone pauses and resumes every
// venue once (the shared one once an order nobody answers shows it). The health report tells the
// relay each venue's own state. The windows are shortened through the core's and relay's options.
import { describe, it } from 'vitest';
import type { Core } from '../../main/core';
import type { FleetRow } from '../../relay/fleet';
import { startRelay } from '../../relay/server';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';
import type { TcpCut } from './tcp-cut';
import { startTcpCut } from './tcp-cut';

const BOWLS = 'kamppi-bowls';
const PAUSE_AFTER_SECONDS = 5;
const UNANSWERED_MS = 3_000;
// The relay client retries with full-jitter backoff, capped here at 2 s (production: 30 s).
const RELAY_BACK_MS = 20_000;
const METRICS_TOKEN = 'fleet-token-for-the-venues-guard-test-0123456789';
const RELAY_OPTIONS = {
  presenceNoteMs: 200,
  receivingWithinMs: 6_000,
  metricsToken: METRICS_TOKEN,
};

const coreOptions = {
  relayWaitSeconds: 2,
  relayBackoff: { capMs: 2_000 },
  otherTerminals: { intervalMs: 300, unansweredMs: UNANSWERED_MS },
  missedOrders: { intervalMs: 1_000, graceMs: 1_500 },
  healthReportMs: 500,
};

/** A test's world: Counter (both venues) and Kitchen (the demo venue), each behind its proxy. */
type Venues = {
  world: World;
  counter: Core;
  kitchen: Core;
  proxies: { counter: TcpCut; kitchen: TcpCut };
  burgers: string;
};

const platformOnline = async ({ world }: Venues, venueId: string): Promise<boolean> =>
  (await world.control<{ status: { is_online: boolean } }>('GET', `/venues/${venueId}`)).json.status
    .is_online;
/** The stream guard's entries of this outcome on both terminals, each with its venue. */
const audits = async ({ counter, kitchen }: Venues, outcome: string): Promise<string[]> => {
  const subjects: string[] = [];
  for (const core of [counter, kitchen])
    for (const entry of await core.api['audit:list']({ limit: 300 }))
      if (entry.action === 'stream-guard' && entry.outcome === outcome)
        subjects.push(entry.subject);
  return subjects.sort();
};
const streamUp = async (core: Core): Promise<boolean> =>
  (await core.api['stream:get']({})).downSince === null;
/** What Counter last told the relay of its venues, as /fleet shows it under that venue. */
const counterReport = async ({ world }: Venues, venueId: string) => {
  const answer = await fetch(`${world.relay.url}/fleet.json`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const { venues } = (await answer.json()) as { venues: FleetRow[] };
  const row = venues.find((r) => r.venue_id === venueId);
  return row?.terminals.find((t) => t.name === 'Counter')?.health?.venues;
};
const guardOf = async (core: Core, venueId: string) =>
  (await core.api['stream:get']({})).venues.find((v) => v.venueId === venueId);

/** A fresh world of the test's own, closed when the test ends. */
const startVenues = async (onTestFinished: (fn: () => Promise<void>) => void): Promise<Venues> => {
  const world = await startWorld({
    venues: [{ id: BOWLS, name: 'Kamppi Bowls' }],
    relay: RELAY_OPTIONS,
  });
  const proxies = {
    counter: await startTcpCut(world.relay.url),
    kitchen: await startTcpCut(world.relay.url),
  };
  onTestFinished(async () => {
    await world.close();
    await proxies.counter.close();
    await proxies.kitchen.close();
  });
  const burgers = world.sandbox.demo.venueId;
  const [counter, kitchen] = await Promise.all([
    world.startTerminal('Counter', {
      core: coreOptions,
      relayUrl: proxies.counter.url,
      venues: [BOWLS],
    }),
    world.startTerminal('Kitchen', { core: coreOptions, relayUrl: proxies.kitchen.url }),
  ]);
  for (const core of [counter, kitchen])
    await core.api['stream:configure']({ autoPause: true, pauseAfterSeconds: PAUSE_AFTER_SECONDS });
  // Each venue has its own pause: Bowls' too.
  await counter.api['stream:configure']({
    venueId: BOWLS,
    autoPause: true,
    pauseAfterSeconds: PAUSE_AFTER_SECONDS,
  });
  await waitFor(
    'both venues read online on Counter, each terminal sees the other receiving',
    async () => {
      const venues = await counter.api['venue:list']({});
      const counterSees = await guardOf(counter, burgers);
      const kitchenSees = await guardOf(kitchen, burgers);
      return (
        venues.length === 2 &&
        venues.every((v) => v.isOnline) &&
        counterSees?.otherTerminals.some((t) => t.name === 'Kitchen' && t.receiving) === true &&
        kitchenSees?.otherTerminals.some((t) => t.name === 'Counter' && t.receiving) === true
      );
    },
    30_000,
  );
  return { world, counter, kitchen, proxies, burgers };
};

// Each test cuts links and counts pauses from none in a world of its own; nearly all of each
// one's time is waiting out the pause and unanswered windows: they run side by side.
describe.concurrent('the stream guard of a terminal of two venues', () => {
  it('Counter cut off: the venue Kitchen serves stays online, the other is paused once and resumed once', async ({
    expect,
    onTestFinished,
  }) => {
    const venues = await startVenues(onTestFinished);
    const { counter, proxies, burgers } = venues;
    // No other terminal receives Bowls' orders (the world's own key is never used): Counter alone
    // decides for it.
    expect((await guardOf(counter, BOWLS))?.otherTerminals.some((t) => t.receiving)).toBe(false);
    proxies.counter.cut();
    await waitFor(
      'Bowls paused at the platform',
      async () => !(await platformOnline(venues, BOWLS)),
      30_000,
    );
    const down = await waitFor(
      'the demo venue left to Kitchen',
      async () => {
        const state = await counter.api['stream:get']({});
        const first = state.venues.find((v) => v.venueId === burgers);
        return first?.pauseDeferredSince ? state : undefined;
      },
      20_000,
    );
    expect(down.downSince).not.toBeNull();
    const [first, second] = down.venues;
    // What the alarm says per venue: the demo venue's orders reach Kitchen; Bowls is paused.
    expect(first?.otherTerminals).toContainEqual(
      expect.objectContaining({ name: 'Kitchen', receiving: true }),
    );
    expect(first?.pausedAt).toBeNull();
    expect(second).toMatchObject({ venueId: BOWLS, pauseDeferredSince: null });
    expect(second?.pausedAt).not.toBeNull();
    expect(await platformOnline(venues, burgers)).toBe(true);
    expect(await audits(venues, 'paused')).toEqual([BOWLS]);
    expect(await audits(venues, 'deferred')).toEqual([burgers]);

    proxies.counter.restore();
    await waitFor('Bowls back online', () => platformOnline(venues, BOWLS), RELAY_BACK_MS);
    await waitFor('Counter back', () => streamUp(counter), RELAY_BACK_MS);
    expect(await audits(venues, 'paused')).toEqual([BOWLS]);
    expect(await audits(venues, 'resumed')).toEqual([BOWLS]);
    expect(await platformOnline(venues, burgers)).toBe(true);
    const back = await counter.api['stream:get']({});
    expect(back.venues.map((v) => [v.pausedAt, v.pauseDeferredSince])).toEqual([
      [null, null],
      [null, null],
    ]);

    // The health report tells each venue's own state: staff take Bowls offline, /fleet shows
    // Bowls offline and the demo venue online, under either venue.
    await counter.api['venue:setOnline']({ venueId: BOWLS, online: false, until: null });
    const expected = [
      { venue_id: burgers, online: true, paused_by_countertop_since: null },
      { venue_id: BOWLS, online: false, paused_by_countertop_since: null },
    ];
    await waitFor(
      'Counter reports Bowls offline',
      async () => JSON.stringify(await counterReport(venues, BOWLS)) === JSON.stringify(expected),
      20_000,
    );
    expect(await counterReport(venues, burgers)).toEqual(expected);
  }, 150_000);

  it('the relay down for everyone: every venue of the terminal paused once, resumed once', async ({
    expect,
    onTestFinished,
  }) => {
    const venues = await startVenues(onTestFinished);
    const { world, counter, kitchen, burgers } = venues;
    const port = Number(new URL(world.relay.url).port);
    await world.relay.close();
    await waitFor(
      'Bowls paused at the platform',
      async () => !(await platformOnline(venues, BOWLS)),
      30_000,
    );
    await waitFor(
      'the demo venue deferred on both terminals',
      async () =>
        (await guardOf(counter, burgers))?.pauseDeferredSince != null &&
        (await guardOf(kitchen, burgers))?.pauseDeferredSince != null,
      20_000,
    );
    expect(await platformOnline(venues, burgers)).toBe(true);
    // An order of the demo venue that nobody can receive stays unanswered: it is paused, once.
    await world.placeOrder();
    await waitFor(
      'the demo venue paused',
      async () => !(await platformOnline(venues, burgers)),
      40_000,
    );
    await waitFor(
      'the follower saw it paused',
      async () => (await audits(venues, 'paused')).length === 2,
      20_000,
    );
    const pausedAt = Date.now();
    await waitFor(
      'the follower’s turn passed',
      () => Date.now() - pausedAt > PAUSE_AFTER_SECONDS * 1000 + 2_000,
      20_000,
    );
    expect(await audits(venues, 'paused')).toEqual([BOWLS, burgers].sort());

    world.relay = await startRelay({
      port,
      dbPath: world.relayDb,
      marketplaceSecrets: [world.sandbox.webhookSecret],
      ...RELAY_OPTIONS,
    });
    await waitFor(
      'both venues online again',
      async () => (await platformOnline(venues, BOWLS)) && platformOnline(venues, burgers),
      RELAY_BACK_MS,
    );
    await waitFor(
      'both terminals back',
      async () => (await streamUp(counter)) && streamUp(kitchen),
      RELAY_BACK_MS,
    );
    expect(await audits(venues, 'paused')).toEqual([BOWLS, burgers].sort());
    expect(await audits(venues, 'resumed')).toEqual([BOWLS, burgers].sort());
  }, 180_000);
});
