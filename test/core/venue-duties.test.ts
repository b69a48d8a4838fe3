// Two terminals of one venue against the real sandbox and relay: what the venue keeps once at the
// relay. Each order is told to the platform as "sent to POS" exactly once however many terminals
// store it (counted at a front before the platform); the venue's settings changed on one terminal
// are in force on the other; with the relay out of reach the last settings stay in force and a
// change waits in the outbox until the relay is back.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { startCore } from '../../main/core';
import type { SecretStore } from '../../main/secrets/secret-store';
import { SECRET_NAMES } from '../../main/secrets/secret-store';
import { createTerminal } from '../../relay/terminals';
import type { Front } from './front';
import { startFront } from './front';
import type { World } from './harness';
import { startWorld, testSecretStore, waitFor } from './harness';
import type { TcpCut } from './tcp-cut';
import { startTcpCut } from './tcp-cut';

let world: World;
let platform: Front;
let relayCut: TcpCut;
let counter: Core;
let kitchen: Core;
let kitchenSecrets: SecretStore;

const coreOptions = { relayWaitSeconds: 2, venueSettingsReadMs: 300 };

const connect = async (core: Core, relayUrl: string, terminalKey: string): Promise<void> => {
  await core.api['setup:connect']({
    authUrl: world.sandbox.authUrl,
    posUrl: `${platform.url}/pos`,
    clientId: world.sandbox.demo.clientId,
    clientSecret: world.sandbox.demo.clientSecret,
    code: await world.mintCode(),
    redirectUri: world.sandbox.demo.redirectUri,
    relayUrl,
    terminalKey,
  });
};

beforeEach(async () => {
  world = await startWorld();
  platform = await startFront(world.sandbox.posUrl);
  const venueId = world.sandbox.demo.venueId;
  const counterKey = createTerminal(world.relayDb, [venueId], { name: 'Counter' }).key;
  const kitchenKey = createTerminal(world.relayDb, [venueId], { name: 'Kitchen' }).key;
  // Only the kitchen's link to the relay can be cut.
  relayCut = await startTcpCut(world.relay.url);
  counter = await world.startCore(coreOptions);
  kitchenSecrets = testSecretStore();
  kitchen = await startCore({
    dataDir: join(world.dir, 'kitchen'),
    secretStore: kitchenSecrets,
    now: world.now,
    backoff: { baseMs: 50, capMs: 500 },
    reconcileIntervalMs: 60_000,
    ...coreOptions,
  });
  await connect(counter, world.relay.url, counterKey);
  await connect(kitchen, relayCut.url, kitchenKey);
});
afterEach(async () => {
  await kitchen.close();
  for (const name of SECRET_NAMES) await kitchenSecrets.delete(name).catch(() => undefined);
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
      async () => (await world.sandboxOrder(placed.id)).status === 'PRODUCTION',
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
});
