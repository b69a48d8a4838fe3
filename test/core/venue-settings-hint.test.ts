// Two terminals of one venue against the real sandbox and relay, neither reading the venue's
// settings on a timer (once an hour): a setting changed on the counter reaches the kitchen by the
// relay's hint alone (a venue-settings event on its order stream), so it is in force there and
// told to the kitchen's open window at once, not at the next periodic read. A change made through
// one window of a terminal is told to every window of that terminal. Changes made one after the
// other while the relay is out of reach go in order once it is back, the later ones still shown
// while the first is answered, and none is told as another terminal's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { ServiceEvents } from '../../shared/ipc/contract';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';
import type { TcpCut } from './tcp-cut';
import { startTcpCut } from './tcp-cut';

let world: World;
let counter: Core;
let kitchen: Core;
// A third terminal whose link to the relay alone can be cut.
let bar: Core;
let barLink: TcpCut;

// The long poll's hold time as shipped: the hint wakes it, nothing else does.
const coreOptions = { relayWaitSeconds: 10, venueSettingsReadMs: 3_600_000 };

beforeAll(async () => {
  world = await startWorld();
  counter = await world.startTerminal('Counter', { core: coreOptions });
  kitchen = await world.startTerminal('Kitchen', { core: coreOptions });
  barLink = await startTcpCut(world.relayUrl);
  bar = await world.startTerminal('Bar', { core: coreOptions, relayUrl: barLink.url });
}, 60_000);
afterAll(async () => {
  await world?.close();
  await barLink?.close();
});

describe("a venue's settings changed on one terminal, hinted by the relay", () => {
  it('are in force on the other terminal and told to its open window without waiting for a read', async () => {
    // A first change, followed however it comes: the kitchen's read when it connected may still
    // be under way (and take it). From then on only a hint can bring a change.
    await counter.api['orders:configure']({ unclaimedAfterMinutes: 31 });
    await waitFor(
      'the kitchen follows a first change',
      async () => (await kitchen.api['orders:settings']({})).unclaimedAfterMinutes === 31,
    );
    const told: Array<ServiceEvents['venueSettings:changed']> = [];
    const stop = kitchen.on('venueSettings:changed', (event) => told.push(structuredClone(event)));
    try {
      await counter.api['orders:configure']({ autoAccept: true, unclaimedAfterMinutes: 33 });
      const shown = await waitFor("the kitchen's window told the counter's change", () =>
        told.find((e) => e.orders.autoAccept && e.orders.unclaimedAfterMinutes === 33),
      );
      expect(shown.venueId).toBe(world.sandbox.demo.venueId);
      expect(shown.by).toBe('another-terminal');
      // In force: what the kitchen's auto-accept and reminder read.
      expect(await kitchen.api['orders:settings']({})).toMatchObject({
        autoAccept: true,
        unclaimedAfterMinutes: 33,
      });

      // The pause delay too (the stream guard's setting), and back the other way.
      await counter.api['stream:configure']({ autoPause: true, pauseAfterSeconds: 240 });
      await waitFor(
        "the kitchen's guard follows the counter's pause delay",
        async () => (await kitchen.api['stream:get']({})).settings.pauseAfterSeconds === 240,
      );
      await kitchen.api['orders:configure']({ autoAccept: false });
      await waitFor(
        "the counter follows the kitchen's change",
        async () => !(await counter.api['orders:settings']({})).autoAccept,
      );
    } finally {
      stop();
    }
  }, 30_000);
  it('changed through one window of a terminal, are told to all its windows, who prints what too', async () => {
    const told: Array<ServiceEvents['venueSettings:changed']> = [];
    const stop = counter.on('venueSettings:changed', (event) => told.push(structuredClone(event)));
    try {
      await counter.api['orders:configure']({ autoAcceptMaxItems: 4 });
      const shown = await waitFor("the counter's windows told its own change", () =>
        told.find((e) => e.orders.autoAcceptMaxItems === 4),
      );
      expect(shown).toMatchObject({
        venueId: world.sandbox.demo.venueId,
        first: true,
        by: 'this-terminal',
      });
      const kitchenId = await waitFor(
        'the kitchen known to the counter',
        async () =>
          (await counter.api['terminal:get']({})).terminals.find((t) => t.name === 'Kitchen')?.id,
      );
      await counter.api['terminal:assignPrinting']({ printedBy: { receipt: kitchenId } });
      const printing = await waitFor("the counter's windows told who prints the receipt", () =>
        told.find((e) => e.printedBy?.receipt === kitchenId),
      );
      expect(printing.by).toBe('this-terminal');
      // A refused change tells no window.
      const before = told.length;
      await expect(
        counter.api['orders:configure']({ venueId: 'another-kitchen', autoAccept: true }),
      ).rejects.toThrow();
      await counter.api['orders:settings']({});
      expect(told.slice(before)).toEqual([]);
    } finally {
      stop();
    }
  }, 30_000);
  it('changed twice while the relay is out of reach, go in order and are told once each, as made here', async () => {
    // The bar has followed the others' changes first: from here on, only its own are told.
    const others = await counter.api['terminal:get']({});
    await waitFor(
      "the bar follows the counter's changes",
      async () =>
        JSON.stringify((await bar.api['terminal:get']({})).printedBy) ===
        JSON.stringify(others.printedBy),
    );
    const told: Array<ServiceEvents['venueSettings:changed']> = [];
    const stop = bar.on('venueSettings:changed', (event) => told.push(structuredClone(event)));
    try {
      const kitchenId = await waitFor(
        'the kitchen known to the bar',
        async () =>
          (await bar.api['terminal:get']({})).terminals.find((t) => t.name === 'Kitchen')?.id,
      );
      barLink.cut();
      await bar.api['orders:configure']({ autoAcceptMaxItems: 6 });
      await waitFor('the first change tried and waiting', async () =>
        (await bar.api['outbox:list']({})).some(
          (a) => a.kind === 'venue-settings' && a.state === 'pending' && a.attempts > 0,
        ),
      );
      await bar.api['terminal:assignPrinting']({ printedBy: { 'kitchen-ticket': kitchenId } });
      const shown: Array<unknown> = [];
      const watching = (async () => {
        // What the bar shows of who prints, from the relay's return until both changes are kept.
        for (;;) {
          const state = await bar.api['terminal:get']({});
          shown.push(state.printedBy?.['kitchen-ticket'] ?? null);
          if (!state.settingsWaiting) return;
        }
      })();
      barLink.restore();
      await watching;
      expect(shown.filter((who) => who !== kitchenId)).toEqual([]);
      expect(told.map((e) => e.by)).toEqual(['this-terminal', 'this-terminal']);
      expect((await bar.api['terminal:get']({})).printedBy).toEqual({
        'kitchen-ticket': kitchenId,
      });
      expect(await bar.api['orders:settings']({})).toMatchObject({ autoAcceptMaxItems: 6 });
      await waitFor(
        'the kitchen follows both',
        async () =>
          (await kitchen.api['orders:settings']({})).autoAcceptMaxItems === 6 &&
          (await kitchen.api['terminal:get']({})).printedBy?.['kitchen-ticket'] === kitchenId,
      );
    } finally {
      barLink.restore();
      stop();
    }
  }, 30_000);
});
