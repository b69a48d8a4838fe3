// The automatic pause per venue, against the real sandbox and relay: a terminal of two venues
// pauses each after that venue's own delay, or never while that venue's pause is off. The pause
// is a venue setting kept at the relay: set on one terminal of the venues, the other follows it.
// Counter reaches the relay through a TCP proxy of its own (tcp-cut.ts), cut to end its stream.
import { describe, it } from 'vitest';
import type { Core } from '../../main/core';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';
import type { TcpCut } from './tcp-cut';
import { startTcpCut } from './tcp-cut';

const BOWLS = 'kamppi-bowls';
// The relay client retries with full-jitter backoff, capped here at 2 s (production: 30 s).
const CORE_OPTIONS = {
  relayWaitSeconds: 2,
  relayBackoff: { capMs: 2_000 },
  otherTerminals: { intervalMs: 300 },
  venueSettingsReadMs: 300,
};
// A terminal that stops polling counts as not receiving after 2 s (production: longer).
const RELAY_OPTIONS = { presenceNoteMs: 200, receivingWithinMs: 2_000 };

const BOWLS_PAUSE_SECONDS = 10;

type Venues = { world: World; counter: Core; proxy: TcpCut; burgers: string };

/** A world of two venues and Counter serving both behind its own proxy, closed when the test ends. */
const twoVenues = async (onTestFinished: (fn: () => Promise<void>) => void): Promise<Venues> => {
  const world = await startWorld({
    venues: [{ id: BOWLS, name: 'Kamppi Bowls' }],
    relay: RELAY_OPTIONS,
  });
  const proxy = await startTcpCut(world.relay.url);
  onTestFinished(async () => {
    await world.close();
    await proxy.close();
  });
  const counter = await world.startTerminal('Counter', {
    core: CORE_OPTIONS,
    relayUrl: proxy.url,
    venues: [BOWLS],
  });
  await waitFor(
    'Counter connected, both venues read online',
    async () =>
      (await counter.api['status:get']({})).relay === 'connected' &&
      (await counter.api['venue:list']({})).filter((v) => v.isOnline).length === 2,
    30_000,
  );
  return { world, counter, proxy, burgers: world.sandbox.demo.venueId };
};

const platformOnline = async ({ world }: Venues, venueId: string): Promise<boolean> =>
  (await world.control<{ status: { is_online: boolean } }>('GET', `/venues/${venueId}`)).json.status
    .is_online;
const paused = async ({ counter }: Venues): Promise<string[]> =>
  (await counter.api['audit:list']({ limit: 300 }))
    .filter((e) => e.action === 'stream-guard' && e.outcome === 'paused')
    .map((e) => e.subject)
    .sort();
const settingsOf = async (core: Core) =>
  (await core.api['stream:get']({})).venues.map((v) => [
    v.venueId,
    v.settings.autoPause,
    v.settings.pauseAfterSeconds,
  ]);

// Each test has a world of its own and spends most of its time waiting out the pause delays.
describe.concurrent('the automatic pause of a terminal of two venues', () => {
  it('each venue paused after its own delay, as another terminal of the venues set it', async ({
    expect,
    onTestFinished,
  }) => {
    const v = await twoVenues(onTestFinished);
    const { counter, proxy, burgers } = v;
    const kitchen = await v.world.startTerminal('Kitchen', {
      core: CORE_OPTIONS,
      venues: [BOWLS],
    });
    // Set on Kitchen, each venue its own: Counter follows them from the relay.
    await kitchen.api['stream:configure']({ autoPause: true, pauseAfterSeconds: 5 });
    // Bowls' delay twice the demo venue's (the least the product takes, 5 s): paused at the first
    // venue's delay, it would show well before its own.
    await kitchen.api['stream:configure']({
      venueId: BOWLS,
      autoPause: true,
      pauseAfterSeconds: BOWLS_PAUSE_SECONDS,
    });
    const expected = [
      [burgers, true, 5],
      [BOWLS, true, BOWLS_PAUSE_SECONDS],
    ];
    expect(await settingsOf(kitchen)).toEqual(expected);
    await waitFor(
      "Counter follows each venue's pause as Kitchen set it",
      async () => JSON.stringify(await settingsOf(counter)) === JSON.stringify(expected),
      20_000,
    );

    // Kitchen switched off: Counter alone receives both venues, and decides alone for each.
    await kitchen.close();
    await waitFor(
      'Counter reads Kitchen as not receiving',
      async () =>
        (await counter.api['stream:get']({})).otherTerminals?.terminals.some(
          (t) => t.name === 'Kitchen' && !t.receiving,
        ) === true,
      20_000,
    );
    proxy.cut();
    await waitFor(
      'Bowls paused at the platform',
      async () => !(await platformOnline(v, BOWLS)),
      60_000,
    );
    await waitFor(
      'the demo venue paused at the platform',
      async () => !(await platformOnline(v, burgers)),
      20_000,
    );
    const down = await counter.api['stream:get']({});
    expect(down.downSince).not.toBeNull();
    const since = Date.parse(down.downSince ?? '');
    const pausedAfter = (venueId: string): number =>
      Date.parse(down.venues.find((g) => g.venueId === venueId)?.pausedAt ?? '') - since;
    // Each after its own delay: the demo venue's 5 s, Bowls' 10 s (not the first venue's 5 s).
    expect(pausedAfter(burgers)).toBeGreaterThanOrEqual(5_000);
    expect(pausedAfter(BOWLS)).toBeGreaterThanOrEqual(BOWLS_PAUSE_SECONDS * 1000);
    expect(await paused(v)).toEqual([BOWLS, burgers].sort());
  }, 150_000);

  it('the pause off for one venue keeps it online while the other is paused', async ({
    expect,
    onTestFinished,
  }) => {
    const v = await twoVenues(onTestFinished);
    const { counter, proxy, burgers } = v;
    // Off for the demo venue, with the same delay as Bowls: were it on, it would go with Bowls.
    await counter.api['stream:configure']({ autoPause: false, pauseAfterSeconds: 5 });
    await counter.api['stream:configure']({
      venueId: BOWLS,
      autoPause: true,
      pauseAfterSeconds: 5,
    });
    expect(await settingsOf(counter)).toEqual([
      [burgers, false, 5],
      [BOWLS, true, 5],
    ]);
    // A venue this terminal does not serve is refused.
    await expect(
      counter.api['stream:configure']({
        venueId: 'elsewhere',
        autoPause: true,
        pauseAfterSeconds: 5,
      }),
    ).rejects.toMatchObject({ bridge: { code: 'invalid-request' } });

    proxy.cut();
    await waitFor(
      'Bowls paused at the platform',
      async () => !(await platformOnline(v, BOWLS)),
      60_000,
    );
    // The guard decides the venues in order, the demo venue first: by Bowls' pause it was judged.
    expect(await platformOnline(v, burgers)).toBe(true);
    const down = await counter.api['stream:get']({});
    expect(down.venues.map((g) => [g.venueId, g.pausedAt === null])).toEqual([
      [burgers, true],
      [BOWLS, false],
    ]);
    expect(await paused(v)).toEqual([BOWLS]);
  }, 150_000);
});
