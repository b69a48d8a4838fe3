// Two terminals of one venue ("Counter" and "Kitchen") against the real sandbox and relay, each
// behind a TCP proxy of its own (tcp-cut.ts), so one terminal's link to the relay can be cut while
// the other's stays: the harness of terminals.test.ts (shortened windows) and of the soak
// (test/soak/, the product's windows).
import type { Core, CoreOptions } from '../../main/core';
import type { RelayOptions } from '../../relay/server';
import type { SandboxOptions } from '../../sandbox/server';
import type { StreamGuardSettings } from '../../shared/stream-guard';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';
import type { TcpCut } from './tcp-cut';
import { startTcpCut } from './tcp-cut';

/** A world of its own with the venue's two terminals, each behind its own proxy. */
export type Venue = {
  world: World;
  counter: Core;
  kitchen: Core;
  proxies: { counter: TcpCut; kitchen: TcpCut };
};

export type TwoTerminalsOptions = {
  sandbox?: SandboxOptions;
  relay?: Partial<RelayOptions>;
  /** Both terminals' core options (over the harness' defaults). */
  core?: Partial<CoreOptions>;
  /** The venue's pause as staff set it; absent, the product's default stays. */
  streamGuard?: StreamGuardSettings;
  /** How long the two may take to see each other receiving. */
  seenWithinMs?: number;
};

/** The other terminal is seen receiving (the relay heard from it within the window). */
const seesOtherReceiving = async (core: Core, name: string): Promise<boolean> => {
  const state = await core.api['stream:get']({});
  return state.otherTerminals?.terminals.some((t) => t.name === name && t.receiving) === true;
};

/**
 * A fresh world with both terminals connected (side by side: each connect waits on the platform
 * and the relay, not on the other) and each seeing the other receiving.
 */
export const startTwoTerminals = async (options: TwoTerminalsOptions = {}): Promise<Venue> => {
  const world = await startWorld({
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.relay ? { relay: options.relay } : {}),
  });
  const proxies = {
    counter: await startTcpCut(world.relay.url),
    kitchen: await startTcpCut(world.relay.url),
  };
  const startTerminal = async (name: string, proxy: TcpCut): Promise<Core> => {
    const core = await world.startTerminal(name, {
      ...(options.core ? { core: options.core } : {}),
      relayUrl: proxy.url,
    });
    if (options.streamGuard) await core.api['stream:configure'](options.streamGuard);
    return core;
  };
  const [counter, kitchen] = await Promise.all([
    startTerminal('Counter', proxies.counter),
    startTerminal('Kitchen', proxies.kitchen),
  ]);
  await waitFor(
    'each sees the other receiving',
    async () =>
      (await seesOtherReceiving(counter, 'Kitchen')) && seesOtherReceiving(kitchen, 'Counter'),
    options.seenWithinMs ?? 20_000,
  );
  return { world, counter, kitchen, proxies };
};

export const closeTwoTerminals = async ({ world, proxies }: Venue): Promise<void> => {
  await world.close();
  await proxies.counter.close();
  await proxies.kitchen.close();
};

/** The venue's own status at the platform, read through the sandbox. */
export const platformOnline = async ({ world }: Venue): Promise<boolean> =>
  (
    await world.control<{ status: { is_online: boolean } }>(
      'GET',
      `/venues/${world.sandbox.demo.venueId}`,
    )
  ).json.status.is_online;

/** The stream guard's audit entries of this outcome on both terminals together. */
export const audits = async ({ counter, kitchen }: Venue, outcome: string): Promise<number> => {
  let count = 0;
  for (const core of [counter, kitchen]) {
    count += (await core.api['audit:list']({ limit: 200 })).filter(
      (e) => e.action === 'stream-guard' && e.outcome === outcome,
    ).length;
  }
  return count;
};

export const streamUp = async (core: Core): Promise<boolean> =>
  (await core.api['stream:get']({})).downSince === null;

/** Places an order at the platform, Kitchen accepts it, and the platform has it accepted. */
export const acceptedByKitchen = async ({ world, kitchen }: Venue): Promise<string> => {
  const placed = await world.placeOrder();
  await waitFor(
    'kitchen has it',
    async () => (await kitchen.api['orders:list']({})).some((o) => o.id === placed.id),
    30_000,
  );
  await kitchen.api['orders:accept']({ orderId: placed.id, preparationMinutes: 15 });
  await waitFor(
    'accepted at the platform',
    async () => (await world.sandboxOrder(placed.id)).status === 'PRODUCTION',
    30_000,
  );
  return placed.id;
};
