// What must ring is decided in main, from the orders it stores, and replayed to any window that
// asks: no window is attached here while the platform cancels an order staff were preparing;
// the cue is listed afterwards, survives a restart, and once acknowledged is not replayed. The
// same for a pre-order the platform moves into preparation at its time ("start cooking").
import { describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
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

describe('cues decided in main', () => {
  it('a cancellation while staff prepare rings for a window attached later; acknowledged, it is not replayed', async () => {
    const placed = await world.placeOrder({ type: 'takeaway' });
    await waitFor('order stored', () => orderOf(placed.id));
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 15 });
    await waitFor('in preparation', async () =>
      (await orderOf(placed.id))?.platformStatus === 'PRODUCTION' ? true : undefined,
    );
    expect(await core.api['cues:list']({})).toEqual([]);

    // Told to no one: main keeps it for whoever attaches.
    const told: unknown[] = [];
    const stop = core.on('cues:changed', (event) => told.push(event));
    await world.control('POST', `/orders/${placed.id}/cancel`, {});
    const cues = await waitFor('cue decided', async () => {
      const listed = await core.api['cues:list']({});
      return listed.length > 0 ? listed : undefined;
    });
    stop();
    expect(cues).toEqual([
      {
        id: `cancelled:${placed.id}`,
        kind: 'cancelled',
        orderId: placed.id,
        orderNumber: placed.order_number,
        since: expect.any(String),
      },
    ]);
    expect(told).toEqual([{ cues }]);

    // The same news again (a reconcile reading it cancelled) is no second cue.
    await core.api['venue:refresh']({});
    expect(await core.api['cues:list']({})).toEqual(cues);

    // A restart mid-alarm does not silence it.
    await core.close();
    core = await world.startCore();
    expect(await core.api['cues:list']({})).toEqual(cues);

    // Acknowledged: gone for every window, also after a restart; acknowledging again is no error.
    expect(await core.api['cues:acknowledge']({ cueId: `cancelled:${placed.id}` })).toEqual([]);
    expect(await core.api['cues:acknowledge']({ cueId: `cancelled:${placed.id}` })).toEqual([]);
    await core.close();
    core = await world.startCore();
    expect(await core.api['cues:list']({})).toEqual([]);
  });

  it('a pre-order the platform starts with no window open rings "start cooking" for a window attached later, once, until acknowledged', async () => {
    const placed = await world.placeOrder({
      type: 'takeaway',
      preorder_time: new Date(world.now().getTime() + 60 * 60_000).toISOString(),
    });
    await waitFor('pre-order stored', () => orderOf(placed.id));
    await core.api['orders:confirmPreorder']({ orderId: placed.id });
    await waitFor(
      'confirmed',
      async () => (await world.sandboxOrder(placed.id)).pre_order_status === 'confirmed',
    );
    expect(await core.api['cues:list']({})).toEqual([]);

    // The platform moves it into preparation at its time: no window is attached to hear it.
    await world.advance(3600);
    const cues = await waitFor(
      'start-cooking decided',
      async () => {
        const listed = await core.api['cues:list']({});
        return listed.length > 0 ? listed : undefined;
      },
      30_000,
    );
    expect(cues).toEqual([
      {
        id: `start-cooking:${placed.id}`,
        kind: 'start-cooking',
        orderId: placed.id,
        orderNumber: placed.order_number,
        since: expect.any(String),
      },
    ]);
    expect((await orderOf(placed.id))?.platformStatus).toBe('PRODUCTION');

    // A reconcile reading it in preparation again is no second cue; a restart keeps it.
    await core.api['venue:refresh']({});
    expect(await core.api['cues:list']({})).toEqual(cues);
    await core.close();
    core = await world.startCore();
    expect(await core.api['cues:list']({})).toEqual(cues);

    expect(await core.api['cues:acknowledge']({ cueId: `start-cooking:${placed.id}` })).toEqual([]);
    await core.close();
    core = await world.startCore();
    expect(await core.api['cues:list']({})).toEqual([]);
  }, 60_000);
});
