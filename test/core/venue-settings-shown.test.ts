// Two terminals of two venues against the real sandbox and relay, each reading the venues'
// settings at the relay (every 300 ms here; production reads every 10 s): a setting
// changed on the counter is in force on the kitchen without a restart, and the kitchen tells its
// open window (venueSettings:changed, naming the venue), so its settings page shows the change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { ServiceEvents } from '../../shared/ipc/contract';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const BOWLS = 'kamppi-bowls';
let world: World;
let counter: Core;
let kitchen: Core;
const coreOptions = { relayWaitSeconds: 2, venueSettingsReadMs: 300 };
const told: Array<ServiceEvents['venueSettings:changed']> = [];

beforeAll(async () => {
  world = await startWorld({ venues: [{ id: BOWLS, name: 'Kamppi Bowls' }] });
  [counter, kitchen] = await Promise.all([
    world.startTerminal('Counter', { core: coreOptions, venues: [BOWLS] }),
    world.startTerminal('Kitchen', { core: coreOptions, venues: [BOWLS] }),
  ]);
  kitchen.on('venueSettings:changed', (event) => told.push(structuredClone(event)));
}, 60_000);
afterAll(async () => {
  await world?.close();
});

/** The outbox's send to the relay, then the kitchen's next read (300 ms apart here). */
const FOLLOWS_WITHIN_MS = 10_000;

describe("a venue's settings changed on another terminal", () => {
  it('are in force on the kitchen and told to its open window, for each venue', async () => {
    const first = world.sandbox.demo.venueId;
    await counter.api['orders:configure']({ autoAccept: true, unclaimedAfterMinutes: 25 });
    const shown = await waitFor(
      "the kitchen's window told the first venue's change",
      () => told.find((e) => e.venueId === first && e.orders.unclaimedAfterMinutes === 25),
      FOLLOWS_WITHIN_MS,
    );
    expect(shown).toMatchObject({
      first: true,
      orders: { autoAccept: true, unclaimedAfterMinutes: 25 },
    });
    // In force: what the kitchen's auto-accept and reminder read.
    expect(await kitchen.api['orders:settings']({})).toMatchObject({
      autoAccept: true,
      unclaimedAfterMinutes: 25,
    });

    await counter.api['orders:configure']({ venueId: BOWLS, unclaimedAfterMinutes: 40 });
    const bowls = await waitFor(
      "the kitchen's window told the second venue's change",
      () => told.find((e) => e.venueId === BOWLS && e.orders.unclaimedAfterMinutes === 40),
      FOLLOWS_WITHIN_MS,
    );
    expect(bowls.first).toBe(false);
    expect(await kitchen.api['orders:settings']({ venueId: BOWLS })).toMatchObject({
      unclaimedAfterMinutes: 40,
    });
    // The first venue's settings are not touched by the second's.
    expect(await kitchen.api['orders:settings']({})).toMatchObject({ unclaimedAfterMinutes: 25 });
  }, 60_000);
});
