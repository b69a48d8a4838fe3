// The stream guard against the real sandbox and relay: a relay that is gone or frozen takes the
// venue offline through the platform, durably, and back online when the stream returns; staff
// who change the venue meanwhile keep it; each outage leaves a gap to acknowledge that counts the
// orders the platform lists and this terminal lacks.
import { describe, it } from 'vitest';
import type { Core } from '../../main/core';
import { PAUSE_REASON } from '../../shared/stream-guard';
import { startRelay } from '../../relay/server';
import type { RelayProcess } from '../../scripts/relay-process';
import { startRelayProcess } from '../../scripts/relay-process';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

/** A test's own world and core; `extra` is closed first when the test ends. */
type Guarded = { world: World; core: Core; extra: Array<() => Promise<void>> };

const PAUSE_AFTER_SECONDS = 5;
// The relay client retries with full-jitter backoff, capped here at 2 s (production: 30 s, which
// left these tests waiting up to 30 s for a relay already back): once the relay is back, its next
// try may be up to that far away.
const CORE_OPTIONS = { relayWaitSeconds: 2, relayBackoff: { capMs: 2_000 } };
const RELAY_BACK_MS = 30_000;

/** A world and a core connected with the venue read, closed when the test ends. */
const guarded = async (onTestFinished: (fn: () => Promise<void>) => void): Promise<Guarded> => {
  const world = await startWorld();
  const g: Guarded = { world, core: await world.startCore(CORE_OPTIONS), extra: [] };
  onTestFinished(async () => {
    for (const step of g.extra.splice(0).reverse()) await step();
    await world.close();
  });
  const { core } = g;
  await world.connect(core);
  await core.api['stream:configure']({ autoPause: true, pauseAfterSeconds: PAUSE_AFTER_SECONDS });
  await waitFor('connected, venue read', async () => {
    const [status, venue] = await Promise.all([
      core.api['status:get']({}),
      core.api['venue:get']({}),
    ]);
    return status.relay === 'connected' && venue?.isOnline === true;
  });
  return g;
};

/** The venue as the platform has it (the sandbox's control API), not as the terminal thinks. */
const platformVenue = async ({ world }: Guarded) =>
  (
    await world.control<{ status: { is_online: boolean }; offline_until: string | null }>(
      'GET',
      `/venues/${world.sandbox.demo.venueId}`,
    )
  ).json;
const audits = async ({ core }: Guarded, outcome: string) =>
  (await core.api['audit:list']({ limit: 200 })).filter(
    (e) => e.action === 'stream-guard' && e.outcome === outcome,
  );
const relayPort = ({ world }: Guarded): number => Number(new URL(world.relay.url).port);
const restartRelay = async ({ world, extra }: Guarded, port: number): Promise<void> => {
  world.relay = await startRelay({
    port,
    dbPath: world.relayDb,
    marketplaceSecrets: [world.sandbox.webhookSecret],
  });
  const relay = world.relay;
  extra.push(() => relay.close());
};

// Each test has a world of its own and spends most of its time waiting out the pause delay and
// the relay's return: they run side by side.
describe.concurrent('stream guard', () => {
  it('relay gone: paused through the platform, durable over a restart, back online with a gap notice', async ({
    expect,
    onTestFinished,
  }) => {
    const g = await guarded(onTestFinished);
    const { world } = g;
    const port = relayPort(g);
    const stoppedAt = Date.now();
    await world.relay.close();
    await waitFor(
      'paused at the platform',
      async () => !(await platformVenue(g)).status.is_online,
      30_000,
    );
    const pausedAfterMs = Date.now() - stoppedAt;
    // Not before the chosen delay; the platform took it within a few seconds after it.
    expect(pausedAfterMs).toBeGreaterThanOrEqual(PAUSE_AFTER_SECONDS * 1000);
    expect((await platformVenue(g)).offline_until).toBeNull();
    const paused = await g.core.api['stream:get']({});
    expect(paused.pausedAt).not.toBeNull();
    expect(paused.downSince).not.toBeNull();
    const [pausedEntry] = await audits(g, 'paused');
    expect(pausedEntry?.detail).toContain(PAUSE_REASON);

    // An order placed now is dropped by the platform after its retries: the stream is down.
    const lost = await world.placeOrder();
    await waitFor('its notification dropped after the retries', async () => {
      const sent = await world.control<
        Array<{ body: { order?: { id?: string } }; dropped: string | null }>
      >('GET', '/notifications');
      return sent.json.some((n) => n.body.order?.id === lost.id && n.dropped === 'retries');
    });

    // The app restarts mid-outage: it still knows that it paused the venue.
    await g.core.close();
    g.core = await world.startCore(CORE_OPTIONS);
    expect((await g.core.api['stream:get']({})).pausedAt).toBe(paused.pausedAt);

    await restartRelay(g, port);
    await waitFor(
      'back online at the platform',
      async () => (await platformVenue(g)).status.is_online,
      RELAY_BACK_MS,
    );
    const back = await waitFor('gap with the unknown order counted', async () => {
      const state = await g.core.api['stream:get']({});
      return state.gaps[0]?.unknownOrders === 1 ? state : undefined;
    });
    expect(back.pausedAt).toBeNull();
    expect(back.downSince).toBeNull();
    expect(back.gaps).toHaveLength(1);
    const [gap] = back.gaps;
    if (!gap) throw new Error('no gap');
    expect(Date.parse(gap.from)).toBeLessThanOrEqual(Date.parse(paused.downSince ?? ''));
    expect(Date.parse(gap.to)).toBeGreaterThan(Date.parse(paused.pausedAt ?? ''));
    expect(await audits(g, 'resumed')).toHaveLength(1);

    const acknowledged = await g.core.api['stream:acknowledgeGap']({ gapId: gap.id });
    expect(acknowledged.gaps).toEqual([]);
    // A second tap changes nothing and is no error.
    expect((await g.core.api['stream:acknowledgeGap']({ gapId: gap.id })).gaps).toEqual([]);
    expect(await audits(g, 'gap-acknowledged')).toHaveLength(1);
  }, 150_000);

  it('staff who change the venue after the pause keep it: no automatic return online', async ({
    expect,
    onTestFinished,
  }) => {
    const g = await guarded(onTestFinished);
    const { world } = g;
    const port = relayPort(g);
    await world.relay.close();
    await waitFor('paused', async () => (await audits(g, 'paused')).length === 1, 30_000);
    const until = new Date(world.now().getTime() + 30 * 60_000).toISOString();
    await g.core.api['venue:setOnline']({ online: false, until });
    await waitFor('released', async () => (await audits(g, 'released')).length === 1);
    await waitFor(
      'staff change at the platform',
      async () => (await platformVenue(g)).offline_until !== null,
    );

    await restartRelay(g, port);
    await waitFor(
      'stream back',
      async () => (await g.core.api['stream:get']({})).gaps.length === 1,
      RELAY_BACK_MS,
    );
    expect(await audits(g, 'resumed')).toHaveLength(0);
    const venue = await platformVenue(g);
    expect(venue.status.is_online).toBe(false);
    expect(venue.offline_until).not.toBeNull();
  }, 150_000);

  it('a frozen relay (SIGSTOP: connections accepted, nothing answered) pauses the venue too', async ({
    expect,
    onTestFinished,
  }) => {
    const g = await guarded(onTestFinished);
    const { world } = g;
    const port = relayPort(g);
    await world.relay.close();
    const relay: RelayProcess = await startRelayProcess({
      dbPath: world.relayDb,
      port,
      marketplaceSecrets: [world.sandbox.webhookSecret],
    });
    g.extra.push(() => relay.stop());
    await waitFor(
      'connected to the relay process',
      async () => (await g.core.api['status:get']({})).relay === 'connected',
      RELAY_BACK_MS,
    );
    const switched = await g.core.api['stream:get']({});
    expect(switched.downSince).toBeNull();
    // Swapping the relay for its process is an outage of its own: on a loaded machine the process
    // takes over 10 s to start, long enough to leave a gap notice. Only the freeze's is counted.
    const gapsBefore = new Set(switched.gaps.map((gap) => gap.id));

    process.kill(relay.pid, 'SIGSTOP');
    const frozenAt = Date.now();
    const down = await waitFor(
      'hang detected',
      async () => {
        const status = await g.core.api['status:get']({});
        return status.relay === 'disconnected' ? status : undefined;
      },
      20_000,
    );
    expect(down.relayError).toMatch(/did not answer in time/);
    expect(down.relayWhy).toBe('slow');
    // A long poll (2 s) and its 5 s margin at most, plus what a loaded machine adds.
    const detectedAfterMs = Date.now() - frozenAt;
    expect(detectedAfterMs).toBeLessThan(2_000 + 5_000 + 3_000);
    await waitFor(
      'paused at the platform',
      async () => !(await platformVenue(g)).status.is_online,
      30_000,
    );

    process.kill(relay.pid, 'SIGCONT');
    await waitFor(
      'back online at the platform',
      async () => (await platformVenue(g)).status.is_online,
      RELAY_BACK_MS,
    );
    const state = await g.core.api['stream:get']({});
    expect(state.gaps.filter((gap) => !gapsBefore.has(gap.id))).toHaveLength(1);
    expect(state.pausedAt).toBeNull();
  }, 150_000);
});
