// Two terminals of one venue, each with its own virtual ESC/POS printer over a real socket, against
// the real sandbox and relay: each order document prints once for the venue. Assigned to a
// terminal (Venue -> This terminal -> Who prints what), it prints there only, whichever terminal
// took the action; unassigned, a ticket every terminal would print on arrival prints on the one
// that claims it first at the relay. A pre-order confirmed on one terminal (its status stays
// CREATED: no notification says it) prints on the terminal assigned once that terminal reads the
// order again; one the platform starts prints on one terminal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { VirtualPrinter } from '../../sandbox/escpos-printer';
import { startVirtualPrinter } from '../../sandbox/escpos-printer';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
let counter: Core;
let kitchen: Core;
let printers: { counter: VirtualPrinter; kitchen: VirtualPrinter };

const coreOptions = {
  relayWaitSeconds: 2,
  // How often a terminal reads its open orders again (production: a minute).
  reconcileIntervalMs: 2_000,
  venueSettingsReadMs: 300,
  printing: { pollWaitingMs: 100, pollIdleMs: 500 },
};

const usePrinter = (
  core: Core,
  printer: VirtualPrinter,
  kitchenTicket: 'accept' | 'new-order',
  preorderTicket: 'confirm' | 'production' = 'confirm',
) =>
  core.api['print:configure']({
    printers: [
      {
        id: 'here',
        name: 'Here',
        connection: { kind: 'network', host: printer.host, port: printer.port },
        paperWidth: 80,
        documents: ['kitchen-ticket', 'pickup-label', 'receipt'],
      },
    ],
    kitchenTicket,
    preorderTicket,
    onReady: 'both',
  });

beforeEach(async () => {
  world = await startWorld();
  printers = { counter: await startVirtualPrinter(), kitchen: await startVirtualPrinter() };
  counter = await world.startTerminal('Counter', { core: coreOptions });
  kitchen = await world.startTerminal('Kitchen', { core: coreOptions });
});
afterEach(async () => {
  await world.close();
  await printers.counter.close();
  await printers.kitchen.close();
});

const titles = (printer: VirtualPrinter): string[] =>
  printer.documents.map((d) => d.lines.find((l) => l.text.trim())?.text.trim() ?? '');
const platformStatusOn = async (core: Core, orderId: string) =>
  (await core.api['orders:list']({})).find((o) => o.id === orderId)?.platformStatus;
const leftToOther = async (core: Core, orderId: string): Promise<number> =>
  (await core.api['audit:list']({ limit: 500 })).filter(
    (e) => e.action === 'print' && e.outcome === 'other-terminal' && e.subject === orderId,
  ).length;

/** The venue prints the kitchen ticket in the kitchen, the rest at the counter. */
const assignKitchenTicket = async (): Promise<void> => {
  const seen = await waitFor('the venue’s terminals known', async () => {
    const state = await counter.api['terminal:get']({});
    return state.terminals.some((t) => t.name === 'Kitchen') ? state : undefined;
  });
  const kitchenId = seen.terminals.find((t) => t.name === 'Kitchen')?.id ?? '';
  const counterId = seen.selfId ?? '';
  await counter.api['terminal:assignPrinting']({
    printedBy: { 'kitchen-ticket': kitchenId, 'pickup-label': counterId, receipt: counterId },
  });
  await waitFor(
    'the kitchen follows the assignment',
    async () => (await kitchen.api['terminal:get']({})).printedBy?.['kitchen-ticket'] === kitchenId,
  );
};
const allPrinted = async (): Promise<boolean> =>
  (await Promise.all([counter, kitchen].map((core) => core.api['print:get']({})))).every((state) =>
    state.jobs.every((j) => j.state === 'printed'),
  );
const placePreorder = (inMinutes: number) =>
  world.placeOrder({
    type: 'takeaway',
    preorder_time: new Date(world.now().getTime() + inMinutes * 60_000).toISOString(),
  });

describe('each order document prints once for the venue', () => {
  it('on the terminal assigned to it, whichever terminal took the action', async () => {
    await usePrinter(counter, printers.counter, 'accept');
    await usePrinter(kitchen, printers.kitchen, 'accept');
    await assignKitchenTicket();

    const placed = await world.placeOrder({ type: 'takeaway' });
    await waitFor(
      'stored on both',
      async () =>
        (await platformStatusOn(counter, placed.id)) && platformStatusOn(kitchen, placed.id),
    );
    // Accepted on the counter: the ticket prints in the kitchen, not at the counter.
    await counter.api['orders:accept']({ orderId: placed.id, preparationMinutes: 20 });
    await printers.kitchen.waitForDocuments(1);
    expect(titles(printers.kitchen)).toEqual(['KITCHEN']);
    expect(await leftToOther(counter, placed.id)).toBe(1);

    // Ready, marked in the kitchen: the label and the receipt print at the counter.
    await waitFor(
      'accepted on the kitchen',
      async () => (await platformStatusOn(kitchen, placed.id)) === 'PRODUCTION',
    );
    await kitchen.api['orders:ready']({ orderId: placed.id });
    await printers.counter.waitForDocuments(2);
    expect(titles(printers.counter)).toEqual(['PICKUP', expect.any(String)]);
    await waitFor(
      'the counter saw it ready',
      async () => (await platformStatusOn(counter, placed.id)) === 'READY',
    );
    await waitFor('all printed', async () =>
      (await counter.api['print:get']({})).jobs.every((j) => j.state === 'printed'),
    );
    expect(printers.counter.documents).toHaveLength(2);
    expect(printers.kitchen.documents).toHaveLength(1);
  }, 90_000);

  it('unassigned, a ticket every terminal would print on arrival prints on one', async () => {
    await usePrinter(counter, printers.counter, 'new-order');
    await usePrinter(kitchen, printers.kitchen, 'new-order');
    const placed = [await world.placeOrder({ type: 'takeaway' }), await world.placeOrder()];
    for (const order of placed) {
      await waitFor(
        `order ${order.order_number}: one ticket, the other terminal left it`,
        async () =>
          printers.counter.documents.length + printers.kitchen.documents.length >=
            placed.indexOf(order) + 1 &&
          (await leftToOther(counter, order.id)) + (await leftToOther(kitchen, order.id)) === 1,
        30_000,
      );
    }
    await waitFor('all printed', async () =>
      (await Promise.all([counter, kitchen].map((core) => core.api['print:get']({})))).every(
        (state) => state.jobs.every((j) => j.state === 'printed'),
      ),
    );
    expect([...titles(printers.counter), ...titles(printers.kitchen)]).toEqual([
      'KITCHEN',
      'KITCHEN',
    ]);
  }, 90_000);

  it('a pre-order confirmed on the counter prints its ticket in the kitchen, assigned, once', async () => {
    await usePrinter(counter, printers.counter, 'accept');
    await usePrinter(kitchen, printers.kitchen, 'accept');
    await assignKitchenTicket();
    const placed = await placePreorder(180);
    await waitFor(
      'stored on both',
      async () =>
        (await platformStatusOn(counter, placed.id)) && platformStatusOn(kitchen, placed.id),
    );
    await counter.api['orders:confirmPreorder']({ orderId: placed.id });
    await printers.kitchen.waitForDocuments(1, 20_000);
    expect(titles(printers.kitchen)).toEqual(['KITCHEN']);
    expect(await leftToOther(counter, placed.id)).toBe(1);
    expect((await world.sandboxOrder(placed.id)).pre_order_status).toBe('confirmed');
    await waitFor('all printed', allPrinted);
    expect(printers.kitchen.documents).toHaveLength(1);
    expect(printers.counter.documents).toHaveLength(0);
  }, 90_000);

  it('a pre-order the platform starts prints its ticket on one terminal, unassigned', async () => {
    await usePrinter(counter, printers.counter, 'accept', 'production');
    await usePrinter(kitchen, printers.kitchen, 'accept', 'production');
    const placed = await placePreorder(60);
    await waitFor(
      'stored on both',
      async () =>
        (await platformStatusOn(counter, placed.id)) && platformStatusOn(kitchen, placed.id),
    );
    await counter.api['orders:confirmPreorder']({ orderId: placed.id });
    await waitFor(
      'confirmed',
      async () => (await world.sandboxOrder(placed.id)).pre_order_status === 'confirmed',
    );
    await world.advance(3600);
    await waitFor(
      'started on both, one ticket, the other terminal left it',
      async () =>
        (await platformStatusOn(counter, placed.id)) === 'PRODUCTION' &&
        (await platformStatusOn(kitchen, placed.id)) === 'PRODUCTION' &&
        (await leftToOther(counter, placed.id)) + (await leftToOther(kitchen, placed.id)) === 1,
      30_000,
    );
    await waitFor('all printed', allPrinted);
    expect([...titles(printers.counter), ...titles(printers.kitchen)]).toEqual(['KITCHEN']);
  }, 90_000);

  it('a backlog of orders arriving at once: each ticket prints once, none twice for want of an answer', async () => {
    await usePrinter(counter, printers.counter, 'new-order');
    await usePrinter(kitchen, printers.kitchen, 'new-order');
    // Forty orders in a rush: each terminal polls for them and claims a ticket and "sent to POS"
    // for each, against the relay's default budgets.
    const placed = [];
    for (let i = 0; i < 40; i += 1) placed.push(await world.placeOrder());
    const ids = new Set(placed.map((o) => o.id));
    const decided = async (core: Core): Promise<number> =>
      (await core.api['audit:list']({ limit: 2_000 })).filter(
        (e) => e.action === 'print' && e.outcome === 'other-terminal' && ids.has(e.subject),
      ).length;
    await waitFor(
      'every ticket printed on one terminal, left by the other',
      async () =>
        printers.counter.documents.length + printers.kitchen.documents.length >= placed.length &&
        (await decided(counter)) + (await decided(kitchen)) === placed.length,
      60_000,
    );
    await waitFor('all printed', allPrinted, 30_000);
    const numbers = [...printers.counter.documents, ...printers.kitchen.documents].map(
      (d) => d.lines.map((l) => l.text).find((t) => /#\d+/.test(t)) ?? '',
    );
    expect(numbers).toHaveLength(placed.length);
    expect(new Set(numbers).size).toBe(placed.length);
  }, 120_000);
});
