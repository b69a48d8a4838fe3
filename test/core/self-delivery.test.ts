// Self-delivery orders through the whole core against the sandbox: what the venue's own courier
// needs (customer, phone, address, drop-off, promised time) reaches the order the board shows,
// the kitchen ticket and the pickup label; the self-delivery accept sends a delivery time the
// platform takes, and main refuses one outside its range before anything is stored
// (docs/platform.md#self-delivery-orders).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { Order } from '../../shared/domain';
import type { PrintDocument } from '../../shared/printing';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
let core: Core;

beforeEach(async () => {
  world = await startWorld();
  core = await world.startCore();
  await world.connect(core);
});
afterEach(async () => {
  await world.close();
});

const orderOf = async (id: string): Promise<Order | undefined> =>
  (await core.api['orders:list']({})).find((o) => o.id === id);
const stored = (id: string): Promise<Order> => waitFor('order stored', () => orderOf(id));
const printed = (doc: PrintDocument): string =>
  doc.lines
    .map((line) =>
      line.kind === 'text'
        ? line.text
        : line.kind === 'columns'
          ? `${line.left} ${line.right}`
          : '',
    )
    .join('\n');

type SandboxLocation = { street_address: string; zip_code: string; formatted_address: string };

describe('self-delivery orders', () => {
  it("keep the customer's phone, address and drop-off, shown on the order, the ticket and the label", async () => {
    const placed = await world.placeOrder({ type: 'homedelivery', self_delivery: true });
    const order = await stored(placed.id);
    const platform = (await world.sandboxOrder(placed.id)) as unknown as {
      consumer_phone_number: string;
      consumer_name: string;
      no_contact: boolean;
      location: SandboxLocation;
    };
    const location = platform.location;
    expect(order).toMatchObject({
      selfDelivery: true,
      consumerName: platform.consumer_name,
      consumerPhone: platform.consumer_phone_number,
      noContactDelivery: platform.no_contact,
      deliveryAddress: {
        street: location.street_address,
        postCode: location.zip_code,
        formatted: location.formatted_address,
      },
    });
    for (const document of ['kitchen-ticket', 'pickup-label'] as const) {
      const doc = await core.api['print:preview']({ document, orderId: placed.id, paperWidth: 80 });
      const text = printed(doc);
      expect(text).toContain('OWN COURIER');
      expect(text).toContain(location.street_address);
      expect(text).toContain(`Phone ${platform.consumer_phone_number}`);
      for (const line of location.formatted_address.split('\n')) expect(text).toContain(line);
    }
  });

  it('accepts with a delivery time the platform takes; refuses one outside its range, storing nothing', async () => {
    const placed = await world.placeOrder({ type: 'homedelivery', self_delivery: true });
    const order = await stored(placed.id);
    const toReady = Math.ceil((Date.parse(order.pickupEta ?? '') - world.now().getTime()) / 60_000);
    expect(toReady).toBeGreaterThan(3);
    const outbox = (await core.api['outbox:list']({})).length;
    for (const deliveryMinutes of [toReady - 3, toReady + 63]) {
      await expect(
        core.api['orders:accept']({
          orderId: placed.id,
          preparationMinutes: null,
          deliveryMinutes,
        }),
      ).rejects.toMatchObject({
        bridge: { code: 'invalid-request', message: expect.stringMatching(/delivery time/) },
      });
    }
    expect(await core.api['outbox:list']({})).toHaveLength(outbox);
    expect(await world.sandboxOrder(placed.id)).toMatchObject({ status: 'CREATED' });

    const asked = world.now().getTime() + (toReady + 25) * 60_000;
    await core.api['orders:accept']({
      orderId: placed.id,
      preparationMinutes: null,
      deliveryMinutes: toReady + 25,
    });
    const accepted = await waitFor('accepted with its delivery time', async () => {
      const current = await orderOf(placed.id);
      return current && !current.pending && current.deliveryTime ? current : undefined;
    });
    const sandbox = await world.sandboxOrder(placed.id);
    expect(sandbox.status).toBe('PRODUCTION');
    const sent = Date.parse(sandbox.total_delivery_time as string);
    // The minutes from main's clock, when it took the request (within the test's own minute).
    expect(Math.abs(sent - asked)).toBeLessThan(60_000);
    expect(accepted.deliveryTime).toBe(sandbox.total_delivery_time);
    const ticket = await core.api['print:preview']({
      document: 'kitchen-ticket',
      orderId: placed.id,
      paperWidth: 80,
    });
    expect(printed(ticket)).toMatch(/Deliver by \d\d:\d\d/);
  });
});
