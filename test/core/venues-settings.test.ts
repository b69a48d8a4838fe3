// Two terminals that each serve two venues, against the real sandbox and relay: every venue keeps
// its own venue-level settings at the relay and its own print duties. An order is auto-accepted by
// its own venue's rule (and reminded after its own venue's delay), a setting changed for one venue
// on the counter is in force for that venue on the kitchen, a kitchen ticket the second venue
// assigned to the kitchen prints there once while the first venue's prints where it was accepted,
// one reconcile reads each venue's status once (counted at a front before the platform), and a
// setting changed on the counter is told to the kitchen's open window, naming its venue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { ServiceError } from '../../main/service-error';
import type { VirtualPrinter } from '../../sandbox/escpos-printer';
import { startVirtualPrinter } from '../../sandbox/escpos-printer';
import { DEFAULT_ORDER_SETTINGS } from '../../shared/order-timing';
import type { ServiceEvents } from '../../shared/ipc/contract';
import type { Front } from './front';
import { startFront } from './front';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const BOWLS = 'kamppi-bowls';
let world: World;
let platform: Front;
let counter: Core;
let kitchen: Core;
let printers: { counter: VirtualPrinter; kitchen: VirtualPrinter };

const coreOptions = { relayWaitSeconds: 2, venueSettingsReadMs: 300 };

beforeAll(async () => {
  world = await startWorld({ venues: [{ id: BOWLS, name: 'Kamppi Bowls' }] });
  platform = await startFront(world.sandbox.posUrl);
  printers = { counter: await startVirtualPrinter(), kitchen: await startVirtualPrinter() };
  // The counter's own status reads are counted: its missed-order watch (which reads them too)
  // stays out of the way.
  counter = await world.startTerminal('Counter', {
    core: { ...coreOptions, missedOrders: { intervalMs: 3_600_000 } },
    posUrl: `${platform.url}/pos`,
    venues: [BOWLS],
  });
  kitchen = await world.startTerminal('Kitchen', { core: coreOptions, venues: [BOWLS] });
}, 60_000);
afterAll(async () => {
  await world?.close();
  await platform?.close();
  await printers?.counter.close();
  await printers?.kitchen.close();
});

const refused = async (call: Promise<unknown>): Promise<ServiceError['bridge']> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceError) return error.bridge;
    throw error;
  }
  throw new Error('the call succeeded where it should have been refused');
};
const stored = async (core: Core, orderId: string) =>
  (await core.api['orders:list']({})).find((o) => o.id === orderId);
const leftForStaff = async (core: Core, orderId: string): Promise<boolean> =>
  (await core.api['audit:list']({ limit: 500 })).some(
    (e) => e.action === 'auto-accept' && e.outcome === 'left-for-staff' && e.subject === orderId,
  );
const leftToOther = async (core: Core, orderId: string): Promise<number> =>
  (await core.api['audit:list']({ limit: 500 })).filter(
    (e) => e.action === 'print' && e.outcome === 'other-terminal' && e.subject === orderId,
  ).length;
const allPrinted = async (core: Core): Promise<boolean> =>
  (await core.api['print:get']({})).jobs.every((j) => j.state === 'printed');
const usePrinter = (core: Core, printer: VirtualPrinter) =>
  core.api['print:configure']({
    printers: [
      {
        id: 'here',
        name: 'Here',
        connection: { kind: 'network', host: printer.host, port: printer.port },
        paperWidth: 80,
        documents: ['kitchen-ticket'],
      },
    ],
    kitchenTicket: 'accept',
    preorderTicket: 'confirm',
    onReady: 'both',
  });

describe('venue-level settings and duties per venue on terminals of two venues', () => {
  it("auto-accepts each order by its own venue's rule, the same on both terminals", async () => {
    const first = world.sandbox.demo.venueId;
    // The first venue accepts only small orders by itself; the second larger ones too, and reminds sooner.
    await counter.api['orders:configure']({ autoAccept: true, autoAcceptMaxItems: 2 });
    const bowls = await counter.api['orders:configure']({
      venueId: BOWLS,
      autoAccept: true,
      autoAcceptMaxItems: 20,
      unclaimedAfterMinutes: 7,
    });
    expect(bowls).toEqual({ autoAccept: true, autoAcceptMaxItems: 20, unclaimedAfterMinutes: 7 });
    expect(await counter.api['orders:settings']({})).toEqual({
      autoAccept: true,
      autoAcceptMaxItems: 2,
      unclaimedAfterMinutes: DEFAULT_ORDER_SETTINGS.unclaimedAfterMinutes,
    });
    // Kept at the relay per venue: the kitchen follows each venue's own.
    await waitFor(
      "the kitchen follows both venues' settings",
      async () =>
        JSON.stringify(await kitchen.api['orders:settings']({ venueId: BOWLS })) ===
          JSON.stringify(bowls) &&
        (await kitchen.api['orders:settings']({ venueId: first })).autoAcceptMaxItems === 2,
    );
    // A venue this terminal does not serve is refused, in staff words, and changes nothing.
    const foreign = await refused(
      counter.api['orders:configure']({ venueId: 'another-kitchen', autoAccept: false }),
    );
    expect(foreign.code).toBe('invalid-request');
    expect(foreign.issues?.map((i) => i.path)).toEqual(['venueId']);
    expect(foreign.message).toBe('This venue is not connected to this terminal.');

    // Three lines (at least three items) each: too many for the first venue, not for the second.
    const large = await world.placeOrder({ line_count: 3 });
    const bowl = await world.placeOrder({ venue_id: BOWLS, line_count: 3 });
    await waitFor(
      "the second venue's order accepted by itself at the platform",
      async () => (await world.sandboxOrder(bowl.id)).status === 'PRODUCTION',
    );
    await waitFor(
      "the first venue's order left for staff on both terminals",
      async () => (await leftForStaff(counter, large.id)) && leftForStaff(kitchen, large.id),
    );
    expect((await world.sandboxOrder(large.id)).status).toBe('CREATED');
    expect(await leftForStaff(counter, bowl.id)).toBe(false);
    expect((await stored(counter, bowl.id))?.venueId).toBe(BOWLS);
  }, 60_000);

  it('prints a kitchen ticket the second venue assigned to the kitchen there, once', async () => {
    // Staff take every order by hand for this one.
    for (const venueId of [world.sandbox.demo.venueId, BOWLS])
      await counter.api['orders:configure']({ venueId, autoAccept: false });
    await waitFor(
      'the kitchen follows',
      async () =>
        !(await kitchen.api['orders:settings']({})).autoAccept &&
        !(await kitchen.api['orders:settings']({ venueId: BOWLS })).autoAccept,
    );
    await usePrinter(counter, printers.counter);
    await usePrinter(kitchen, printers.kitchen);
    const seen = await waitFor("the second venue's terminals known", async () => {
      const state = await counter.api['terminal:get']({ venueId: BOWLS });
      return state.terminals.some((t) => t.name === 'Kitchen') ? state : undefined;
    });
    const kitchenId = seen.terminals.find((t) => t.name === 'Kitchen')?.id ?? '';
    const assigned = await counter.api['terminal:assignPrinting']({
      venueId: BOWLS,
      printedBy: { 'kitchen-ticket': kitchenId },
    });
    expect(assigned.printedBy).toEqual({ 'kitchen-ticket': kitchenId });
    // Only the second venue's: the first venue's tickets still print where they are accepted.
    expect((await counter.api['terminal:get']({})).printedBy).toBeUndefined();
    await waitFor(
      'the kitchen follows the assignment',
      async () =>
        (await kitchen.api['terminal:get']({ venueId: BOWLS })).printedBy?.['kitchen-ticket'] ===
        kitchenId,
    );
    const foreign = await refused(
      counter.api['terminal:assignPrinting']({ venueId: 'another-kitchen', printedBy: {} }),
    );
    expect(foreign.issues?.map((i) => i.path)).toEqual(['venueId']);

    const bowl = await world.placeOrder({ venue_id: BOWLS });
    const burger = await world.placeOrder();
    for (const order of [bowl, burger])
      await waitFor(
        `order ${order.order_number} on both`,
        async () => (await stored(counter, order.id)) && stored(kitchen, order.id),
      );
    // Both accepted on the counter.
    await counter.api['orders:accept']({ orderId: bowl.id, preparationMinutes: 15 });
    await counter.api['orders:accept']({ orderId: burger.id, preparationMinutes: 15 });
    await printers.kitchen.waitForDocuments(1);
    await printers.counter.waitForDocuments(1);
    await waitFor(
      'both orders seen accepted on the kitchen, every job printed',
      async () =>
        (await stored(kitchen, bowl.id))?.platformStatus === 'PRODUCTION' &&
        (await stored(kitchen, burger.id))?.platformStatus === 'PRODUCTION' &&
        (await allPrinted(counter)) &&
        allPrinted(kitchen),
    );
    const text = (printer: VirtualPrinter) =>
      printer.documents.map((d) => d.lines.map((l) => l.text).join('\n'));
    // The second venue's ticket in the kitchen only; the first venue's at the counter only.
    expect(printers.kitchen.documents).toHaveLength(1);
    expect(text(printers.kitchen)[0]).toContain(bowl.order_number);
    expect(printers.counter.documents).toHaveLength(1);
    expect(text(printers.counter)[0]).toContain(burger.order_number);
    expect(await leftToOther(counter, bowl.id)).toBe(1);
    expect(await leftToOther(counter, burger.id)).toBe(0);
  }, 60_000);

  it('an added venue follows the settings its terminals keep at the relay; removed, they go', async () => {
    await counter.api['setup:removeVenue']({ venueId: BOWLS });
    const gone = await refused(counter.api['orders:settings']({ venueId: BOWLS }));
    expect(gone.issues?.map((i) => i.path)).toEqual(['venueId']);
    // Changed on the kitchen meanwhile: the counter can learn it only from the relay.
    await kitchen.api['orders:configure']({ venueId: BOWLS, unclaimedAfterMinutes: 9 });
    // Added again: what the venue's terminals keep at the relay holds here at once (up to 20
    // items from the first test, auto-accept off from the second, the kitchen's reminder).
    await world.addVenue(counter, BOWLS);
    await waitFor(
      "the second venue's settings read from the relay",
      async () =>
        JSON.stringify(await counter.api['orders:settings']({ venueId: BOWLS })) ===
        JSON.stringify({ autoAccept: false, autoAcceptMaxItems: 20, unclaimedAfterMinutes: 9 }),
    );
    await waitFor(
      'its printing assignment too',
      async () =>
        (await counter.api['terminal:get']({ venueId: BOWLS })).printedBy?.['kitchen-ticket'] !==
        undefined,
    );
  }, 30_000);

  it("reads each venue's status once per reconcile", async () => {
    const reads = (venueId: string): number =>
      platform.requests.filter((r) => r === `GET /pos/venues/${venueId}/status`).length;
    // A reconcile that read the second venue twice never passes; the missed-order watch's own
    // reads (after a venue was added) may fall into a round, which is then asked again.
    await waitFor('a reconcile that reads each venue once', async () => {
      const before = { first: reads(world.sandbox.demo.venueId), bowls: reads(BOWLS) };
      const venue = await counter.api['venue:refresh']({});
      expect(venue?.venueId).toBe(world.sandbox.demo.venueId);
      const first = reads(world.sandbox.demo.venueId) - before.first;
      const bowls = reads(BOWLS) - before.bowls;
      return first === 1 && bowls === 1;
    });
    // The read reached the second venue's state too.
    expect((await counter.api['venue:list']({})).map((v) => v.venueId)).toEqual([
      world.sandbox.demo.venueId,
      BOWLS,
    ]);
  }, 30_000);

  it("a change on the counter is in force on the kitchen and told to the kitchen's open window, per venue", async () => {
    const told: Array<ServiceEvents['venueSettings:changed']> = [];
    const stop = kitchen.on('venueSettings:changed', (event) => told.push(structuredClone(event)));
    try {
      const first = world.sandbox.demo.venueId;
      await counter.api['orders:configure']({ unclaimedAfterMinutes: 25 });
      const shown = await waitFor("the kitchen's window told the first venue's change", () =>
        told.find((e) => e.venueId === first && e.orders.unclaimedAfterMinutes === 25),
      );
      expect(shown.first).toBe(true);
      // In force: what the kitchen's reminder reads.
      expect(await kitchen.api['orders:settings']({})).toMatchObject({
        unclaimedAfterMinutes: 25,
      });

      await counter.api['orders:configure']({ venueId: BOWLS, unclaimedAfterMinutes: 40 });
      const bowls = await waitFor("the kitchen's window told the second venue's change", () =>
        told.find((e) => e.venueId === BOWLS && e.orders.unclaimedAfterMinutes === 40),
      );
      expect(bowls.first).toBe(false);
      expect(await kitchen.api['orders:settings']({ venueId: BOWLS })).toMatchObject({
        unclaimedAfterMinutes: 40,
      });
      // The first venue's settings are not touched by the second's.
      expect(await kitchen.api['orders:settings']({})).toMatchObject({
        unclaimedAfterMinutes: 25,
      });
    } finally {
      stop();
    }
  }, 30_000);
});
