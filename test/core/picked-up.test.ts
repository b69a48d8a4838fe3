// "Out for delivery" (the order action `picked-up`, added by the recipe of docs/architecture.md):
// the venue's own courier leaves with a self-delivery order. Through the whole core against the
// sandbox: the call the declaration names reaches the platform, the order keeps READY and is
// marked picked up only once the platform took it, the action is then no longer offered, and
// main refuses it for an order no own courier carries, before anything is stored.
import { describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { availableActions } from '../../shared/order-actions';
import type { World } from './harness';
import { waitFor } from './harness';
import { eachConnectedWorld, listedOrder } from './connected-world';

let world: World;
let core: Core;

eachConnectedWorld((w, c) => {
  world = w;
  core = c;
});

const orderOf = (id: string) => listedOrder(core, id);
const settled = (
  id: string,
  what: string,
  ok: (o: NonNullable<Awaited<ReturnType<typeof orderOf>>>) => boolean,
) =>
  waitFor(what, async () => {
    const order = await orderOf(id);
    return order && !order.pending && ok(order) ? order : undefined;
  });

describe('out for delivery', () => {
  it("marks a ready self-delivery order picked up by the venue's courier, then only hands it over", async () => {
    const placed = await world.placeOrder({ type: 'homedelivery', self_delivery: true });
    await waitFor('stored', () => orderOf(placed.id));
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    await settled(placed.id, 'accepted', (o) => o.status === 'PRODUCTION');
    // Not before it is ready: the platform takes it only after ready.
    expect(availableActions((await orderOf(placed.id))!)).not.toContain('picked-up');
    await core.api['orders:ready']({ orderId: placed.id });
    const ready = await settled(placed.id, 'ready', (o) => o.status === 'READY');
    expect(availableActions(ready)).toEqual(['picked-up', 'delivered']);

    // The platform does not answer for a moment: the card shows it asked, never as done.
    await world.faults({ error_rate: 1 });
    const { actionId } = await core.api['orders:pickedUp']({ orderId: placed.id });
    expect(actionId).toMatch(/[0-9a-f-]{36}/);
    const asked = await waitFor('tried once', async () => {
      const order = await orderOf(placed.id);
      return order?.pending && order.pending.attempts > 0 ? order : undefined;
    });
    expect(asked).toMatchObject({ status: 'READY', pickupCompleted: false });
    expect(await world.sandboxOrder(placed.id)).toMatchObject({ picked_up: false });
    await world.faults({ error_rate: 0 });
    const done = await settled(placed.id, 'picked up', (o) => o.pickupCompleted);
    expect(done).toMatchObject({ status: 'READY', platformStatus: 'READY' });
    expect(await world.sandboxOrder(placed.id)).toMatchObject({ status: 'READY', picked_up: true });
    expect(availableActions(done)).toEqual(['delivered']);
    await expect(core.api['orders:pickedUp']({ orderId: placed.id })).rejects.toMatchObject({
      bridge: { code: 'conflict', message: expect.stringContaining('already out for delivery') },
    });

    await core.api['orders:delivered']({ orderId: placed.id });
    await waitFor(
      'delivered',
      async () => (await world.sandboxOrder(placed.id)).status === 'DELIVERED',
    );
  });

  it('is refused for an order no own courier carries, before anything is stored', async () => {
    const placed = await world.placeOrder({ type: 'takeaway' });
    await waitFor('stored', () => orderOf(placed.id));
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    await core.api['orders:ready']({ orderId: placed.id });
    await settled(placed.id, 'ready', (o) => o.status === 'READY');
    const before = (await core.api['outbox:list']({})).length;
    await expect(core.api['orders:pickedUp']({ orderId: placed.id })).rejects.toMatchObject({
      bridge: {
        code: 'conflict',
        message: expect.stringContaining('not delivered by your own courier'),
      },
    });
    expect(await core.api['outbox:list']({})).toHaveLength(before);
    expect(await world.sandboxOrder(placed.id)).toMatchObject({ picked_up: false });
  });
});
