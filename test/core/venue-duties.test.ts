// Two terminals of one venue against the real sandbox and relay: what the venue keeps once at the
// relay. Each order is told to the platform as "sent to POS" exactly once however many terminals
// store it (counted at a front before the platform); the venue's settings changed on one terminal
// are in force on the other; with the relay out of reach the last settings stay in force and a
// change waits in the outbox until the relay is back. Each order's timeline names the terminal
// that took each action, also on the venue's other terminals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { Front } from './front';
import { startFront } from './front';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';
import type { TcpCut } from './tcp-cut';
import { startTcpCut } from './tcp-cut';

let world: World;
let platform: Front;
let relayCut: TcpCut;
let counter: Core;
let kitchen: Core;

const coreOptions = { relayWaitSeconds: 2, venueSettingsReadMs: 300 };

beforeEach(async () => {
  world = await startWorld();
  platform = await startFront(world.sandbox.posUrl);
  const posUrl = `${platform.url}/pos`;
  // Only the kitchen's link to the relay can be cut.
  relayCut = await startTcpCut(world.relay.url);
  counter = await world.startTerminal('Counter', { core: coreOptions, posUrl });
  kitchen = await world.startTerminal('Kitchen', {
    core: coreOptions,
    posUrl,
    relayUrl: relayCut.url,
  });
});
afterEach(async () => {
  await world.close();
  await platform.close();
  await relayCut.close();
});

const sentToPosCalls = (orderId: string): number =>
  platform.requests.filter((r) => r === `PUT /pos/orders/${orderId}/sent-to-pos`).length;
const sentToPosDone = async (core: Core, orderNumber: string): Promise<boolean> =>
  (await core.api['outbox:list']({})).some(
    (e) => e.kind === 'sent-to-pos' && e.facts.orderNumber === orderNumber && e.state === 'done',
  );

describe('what a venue keeps once for all its terminals', () => {
  it('each order is sent to POS once, by one terminal, however many store it', async () => {
    const placed = [await world.placeOrder(), await world.placeOrder(), await world.placeOrder()];
    for (const order of placed) {
      await waitFor(
        `order ${order.order_number} settled on both terminals`,
        async () =>
          (await sentToPosDone(counter, order.order_number)) &&
          sentToPosDone(kitchen, order.order_number),
        20_000,
      );
    }
    for (const order of placed) {
      expect(sentToPosCalls(order.id)).toBe(1);
      expect((await world.sandboxOrder(order.id)).sent_to_pos).toMatchObject({ success: true });
    }
    // The terminal that did not tell the platform says why, in its audit log.
    const others = [
      ...(await counter.api['audit:list']({ limit: 500 })),
      ...(await kitchen.api['audit:list']({ limit: 500 })),
    ].filter((e) => e.action === 'sent-to-pos' && e.outcome === 'other-terminal');
    expect(others.map((e) => e.subject).sort()).toEqual(placed.map((o) => o.id).sort());
  }, 60_000);

  it('settings changed on one terminal are in force on the other; with the relay cut the last stay, and a change waits', async () => {
    await counter.api['orders:configure']({ autoAccept: true, unclaimedAfterMinutes: 25 });
    await counter.api['stream:configure']({ autoPause: true, pauseAfterSeconds: 120 });
    await waitFor(
      'kitchen follows the counter',
      async () => {
        const orders = await kitchen.api['orders:settings']({});
        const stream = await kitchen.api['stream:get']({});
        return (
          orders.autoAccept &&
          orders.unclaimedAfterMinutes === 25 &&
          stream.settings.pauseAfterSeconds === 120
        );
      },
      20_000,
    );
    // In force, not only shown: a new order is accepted by auto-accept on the kitchen as well.
    const placed = await world.placeOrder();
    await waitFor(
      'auto-accepted',
      async () => {
        if ((await world.sandboxOrder(placed.id)).status === 'PRODUCTION') return true;
        // Until then, what each terminal decided: a timeout says why it was left.
        const decided = async (core: Core) =>
          (await core.api['audit:list']({ limit: 500 }))
            .filter((e) => e.action === 'auto-accept' || e.action === 'accept')
            .map((e) => `${e.action} ${e.outcome}: ${e.detail}`);
        throw new Error(
          `counter ${JSON.stringify(await decided(counter))}, kitchen ${JSON.stringify(await decided(kitchen))}`,
        );
      },
      20_000,
    );

    // The kitchen cannot reach the relay: what it knew stays in force, and its change waits.
    relayCut.cut();
    await kitchen.api['orders:configure']({ autoAccept: false });
    expect((await kitchen.api['orders:settings']({})).autoAccept).toBe(false);
    expect((await kitchen.api['stream:get']({})).settings.pauseAfterSeconds).toBe(120);
    await waitFor('the change waits in the outbox', async () =>
      (await kitchen.api['outbox:list']({})).some(
        (e) => e.kind === 'venue-settings' && e.state === 'pending' && e.attempts > 0,
      ),
    );
    expect((await counter.api['orders:settings']({})).autoAccept).toBe(true);

    // The relay is back: the change reaches it, and the counter follows.
    relayCut.restore();
    await waitFor(
      'counter follows the kitchen',
      async () => !(await counter.api['orders:settings']({})).autoAccept,
      60_000,
    );
    expect((await counter.api['orders:settings']({})).unclaimedAfterMinutes).toBe(25);
  }, 120_000);

  it('an order’s timeline names the terminal that took each action, on the other terminal too', async () => {
    const placed = await world.placeOrder();
    const statusOn = async (core: Core) =>
      (await core.api['orders:list']({})).find((o) => o.id === placed.id)?.platformStatus;
    await waitFor(
      'stored on both',
      async () =>
        (await statusOn(counter)) === 'CREATED' && (await statusOn(kitchen)) === 'CREATED',
    );
    await counter.api['orders:accept']({ orderId: placed.id, preparationMinutes: 15 });
    await waitFor(
      'the kitchen saw it accepted',
      async () => (await statusOn(kitchen)) === 'PRODUCTION',
    );

    const elsewhere = async (core: Core) =>
      (await core.api['history:order']({ orderId: placed.id })).timeline.filter(
        (e) => e.kind === 'elsewhere',
      );
    // Named once the counter told the relay (right after the platform took its accept).
    expect(
      await waitFor('the kitchen names the counter', async () => {
        const entries = await elsewhere(kitchen);
        return entries.length > 0 ? entries : undefined;
      }),
    ).toEqual([expect.objectContaining({ action: 'accept', terminal: 'Counter' })]);
    await kitchen.api['orders:ready']({ orderId: placed.id });
    await waitFor('the counter saw it ready', async () => (await statusOn(counter)) === 'READY');
    expect(
      await waitFor('the counter names the kitchen', async () => {
        const entries = await elsewhere(counter);
        return entries.length > 0 ? entries : undefined;
      }),
    ).toEqual([expect.objectContaining({ action: 'ready', terminal: 'Kitchen' })]);
    // Its own action each terminal records itself, once, in time order after the other's.
    const kitchenTimeline = (await kitchen.api['history:order']({ orderId: placed.id })).timeline;
    const kinds = kitchenTimeline
      .filter((e) => e.kind === 'elsewhere' || e.kind === 'action')
      .map((e) => (e.kind === 'elsewhere' || e.kind === 'action' ? `${e.kind} ${e.action}` : ''));
    expect(kinds).toEqual(['elsewhere accept', 'action ready']);
  }, 60_000);
});
