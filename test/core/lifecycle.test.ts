import { createHmac, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { World } from './harness';
import { testSecretStore, waitFor } from './harness';
import {
  HANDED_OVER_SECRET_NAMES,
  RETIRED_SECRET_NAMES,
  SECRET_NAMES,
} from '../../main/secrets/secret-store';
import { eachConnectedWorld, listedOrder } from './connected-world';

let world: World;
let core: Core;

eachConnectedWorld((w, c) => {
  world = w;
  core = c;
});

const orderOf = (id: string) => listedOrder(core, id);

describe('order lifecycles against the sandbox and relay', () => {
  it('connects with a code and reads the venue from the token', async () => {
    const setup = await core.api['setup:get']({});
    expect(setup).toMatchObject({ configured: true, venueId: world.sandbox.demo.venueId });
    const status = await waitFor('relay connected', async () => {
      const s = await core.api['status:get']({});
      return s.relay === 'connected' ? s : undefined;
    });
    expect(status.needsReconnect).toBe(false);
  });

  it("refuses a used code with the platform's reason and acts only when connected", async () => {
    const fresh = await world.startCore({ dataDir: join(world.dir, 'fresh') });
    await expect(
      fresh.api['orders:accept']({ orderId: 'x', preparationMinutes: null }),
    ).rejects.toMatchObject({
      bridge: { code: 'not-configured' },
    });
    const code = await world.mintCode();
    const request = {
      authUrl: world.sandbox.authUrl,
      posUrl: world.sandbox.posUrl,
      clientId: world.sandbox.demo.clientId,
      clientSecret: world.sandbox.demo.clientSecret,
      code,
      redirectUri: world.sandbox.demo.redirectUri,
      relayUrl: world.relay.url,
      terminalKey: world.terminalKey,
    };
    await fresh.api['setup:connect'](request);
    await expect(fresh.api['setup:connect'](request)).rejects.toMatchObject({
      bridge: {
        code: 'failed',
        message: expect.stringMatching(/authorization code has already been used/),
      },
    });
    // The failed attempt changed nothing: still connected to the venue.
    expect(await fresh.api['setup:get']({})).toMatchObject({
      configured: true,
      venueId: world.sandbox.demo.venueId,
    });
    await expect(fresh.api['orders:ready']({ orderId: 'unknown' })).rejects.toMatchObject({
      bridge: { code: 'not-found' },
    });
  });

  it('names the venue from its orders (the venue status has no name) and keeps the name over a restart', async () => {
    expect((await core.api['status:get']({})).venueName).toBeNull();
    const placed = await world.placeOrder({ type: 'takeaway' });
    await waitFor('order stored', () => orderOf(placed.id));
    // The sandbox's demo venue, as every OrderV2 of it carries in venue.name.
    const named = await waitFor(
      'venue named',
      async () => (await core.api['status:get']({})).venueName ?? undefined,
    );
    expect(named).toBe('Countertop Demo Kitchen');
    expect((await core.api['venue:get']({}))?.name ?? named).toBe(named);

    await core.close();
    core = await world.startCore();
    expect((await core.api['status:get']({})).venueName).toBe(named);
  });

  it('takeaway: arrives, rings, accept with prep time, ready, handed over', async () => {
    const arrived: string[] = [];
    core.on('orders:arrived', ({ orderId }) => arrived.push(orderId));
    const placed = await world.placeOrder({ type: 'takeaway' });
    const order = await waitFor('order stored', () => orderOf(placed.id));
    expect(order).toMatchObject({
      status: 'CREATED',
      deliveryType: 'takeaway',
      orderNumber: placed.order_number,
    });
    expect(order.items.length).toBeGreaterThan(0);
    // The venue's name comes with its orders (the venue status has none).
    expect((await core.api['status:get']({})).venueName).toMatch(/.+/);
    expect(order.total.amount).toBeGreaterThan(0);
    await waitFor('ring', () => arrived.includes(placed.id));

    const receipt = await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 30 });
    expect(receipt.actionId).toMatch(/[0-9a-f-]{36}/);
    // Local state changes at once, before the platform confirms.
    expect((await orderOf(placed.id))?.status).toBe('PRODUCTION');
    await waitFor(
      'accepted on the platform',
      async () => (await world.sandboxOrder(placed.id)).status === 'PRODUCTION',
    );
    // 30 minutes of preparation moved the pickup later, within the platform's 25-minute limit.
    const accepted = await world.sandboxOrder(placed.id);
    const moved =
      Date.parse(String(accepted.pickup_eta)) - Date.parse(String(accepted.original_pickup_eta));
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThanOrEqual(25 * 60_000);
    await waitFor(
      'platform status confirmed',
      async () => (await orderOf(placed.id))?.platformStatus === 'PRODUCTION',
    );

    await core.api['orders:ready']({ orderId: placed.id });
    await waitFor('ready', async () => (await world.sandboxOrder(placed.id)).status === 'READY');
    await core.api['orders:delivered']({ orderId: placed.id });
    await waitFor(
      'delivered',
      async () => (await world.sandboxOrder(placed.id)).status === 'DELIVERED',
    );
    const final = await waitFor('final stored', async () => {
      const o = await orderOf(placed.id);
      return o?.platformStatus === 'DELIVERED' && o.pending === null ? o : undefined;
    });
    expect(final.preparationMinutes).toBe(30);
    const audit = await core.api['audit:list']({ limit: 50 });
    expect(
      audit.filter((a) => a.subject === placed.id && a.outcome === 'done').map((a) => a.action),
    ).toEqual(['delivered', 'ready', 'accept']);
  });

  it('delivery: courier ETA and pickup completed update the order; staff cannot hand it over', async () => {
    const placed = await world.placeOrder({ type: 'homedelivery' });
    await waitFor('order stored', () => orderOf(placed.id));
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    await waitFor(
      'accepted',
      async () => (await world.sandboxOrder(placed.id)).status === 'PRODUCTION',
    );
    await core.api['orders:ready']({ orderId: placed.id });
    await waitFor('ready', async () => (await orderOf(placed.id))?.platformStatus === 'READY');
    await expect(core.api['orders:delivered']({ orderId: placed.id })).rejects.toMatchObject({
      bridge: { code: 'conflict' },
    });

    expect(
      (await world.control('POST', `/orders/${placed.id}/courier`, { event: 'arriving' })).status,
    ).toBeLessThan(300);
    const withEta = await waitFor('courier eta', async () => {
      const o = await orderOf(placed.id);
      return o?.courierPickupEta ? o : undefined;
    });
    expect(Date.parse(withEta.courierPickupEta ?? '')).not.toBeNaN();
    await world.control('POST', `/orders/${placed.id}/courier`, { event: 'picked_up' });
    await waitFor(
      'pickup completed',
      async () => (await orderOf(placed.id))?.pickupCompleted === true,
    );
    await world.control('POST', `/orders/${placed.id}/courier`, { event: 'delivered' });
    await waitFor(
      'delivered',
      async () => (await orderOf(placed.id))?.platformStatus === 'DELIVERED',
    );
  });

  it('pre-order: confirmed, not accepted; self-delivery accepted through its own endpoint', async () => {
    const pre = await world.placeOrder({
      type: 'takeaway',
      preorder_time: new Date(world.now().getTime() + 3 * 3600_000).toISOString(),
    });
    const own = await world.placeOrder({ type: 'homedelivery', self_delivery: true });
    await waitFor('orders stored', async () => (await orderOf(pre.id)) && (await orderOf(own.id)));
    expect(await orderOf(pre.id)).toMatchObject({ type: 'preorder', preorderStatus: 'waiting' });
    await expect(
      core.api['orders:accept']({ orderId: pre.id, preparationMinutes: null }),
    ).rejects.toMatchObject({ bridge: { code: 'conflict' } });
    await core.api['orders:confirmPreorder']({ orderId: pre.id });
    expect((await orderOf(pre.id))?.preorderStatus).toBe('confirmed');
    await waitFor(
      'confirmed on the platform',
      async () => (await world.sandboxOrder(pre.id)).pre_order_status === 'confirmed',
    );

    await core.api['orders:accept']({ orderId: own.id, preparationMinutes: null });
    await waitFor(
      'self-delivery accepted',
      async () => (await world.sandboxOrder(own.id)).status === 'PRODUCTION',
    );
    // The venue's own courier delivers it, so staff mark it delivered.
    await core.api['orders:delivered']({ orderId: own.id });
    await waitFor(
      'delivered',
      async () => (await world.sandboxOrder(own.id)).status === 'DELIVERED',
    );
  });

  // Anyone with the partner's signing secret (every terminal, before) can post to the relay's
  // public webhook URL: such a notification must change nothing the platform does not confirm.
  const postSigned = async (notification: Record<string, unknown>): Promise<void> => {
    const body = JSON.stringify(notification);
    const signature = createHmac('sha256', world.sandbox.webhookSecret).update(body).digest('hex');
    const response = await fetch(`${world.relay.url}/hooks/marketplace`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'platform-signature': signature },
      body,
    });
    expect(response.status).toBe(200);
  };
  const falseNotification = (orderId: string, status: string) => ({
    id: randomUUID(),
    type: 'order.notification',
    order: {
      id: orderId,
      venue_id: world.sandbox.demo.venueId,
      status,
      resource_url: `${world.sandbox.posUrl}/orders/${orderId}`,
    },
    created_at: new Date().toISOString(),
  });
  const contradicted = async (orderId: string) =>
    (await core.api['audit:list']({ limit: 50 })).some(
      (a) => a.action === 'notification' && a.subject === orderId && a.outcome === 'contradicted',
    );

  it('a correctly signed but false CANCELED or DELIVERED notification leaves the order as the platform has it', async () => {
    const placed = await world.placeOrder();
    await waitFor('stored', async () => (await orderOf(placed.id)) !== undefined);
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: null });
    await waitFor(
      'accepted',
      async () => (await orderOf(placed.id))?.platformStatus === 'PRODUCTION',
    );

    await postSigned(falseNotification(placed.id, 'CANCELED'));
    await waitFor('the false cancel read against the platform', () => contradicted(placed.id));
    expect((await orderOf(placed.id))?.platformStatus).toBe('PRODUCTION');
    expect((await world.sandboxOrder(placed.id)).status).toBe('PRODUCTION');

    await postSigned(falseNotification(placed.id, 'DELIVERED'));
    await waitFor(
      'the false delivery read against the platform',
      async () =>
        (await core.api['audit:list']({ limit: 50 })).filter(
          (a) => a.subject === placed.id && a.outcome === 'contradicted',
        ).length === 2,
    );
    expect((await orderOf(placed.id))?.platformStatus).toBe('PRODUCTION');
    // Staff can still work the order.
    await core.api['orders:ready']({ orderId: placed.id });
    await waitFor('ready', async () => (await world.sandboxOrder(placed.id)).status === 'READY');
  });

  it('an upgrade removes the partner-wide signing and delivery secrets an older version kept in the keychain', async () => {
    const store = testSecretStore();
    await store.set('signing-secret', 'partner-wide-secret-of-an-older-install');
    await store.set('delivery-webhook-secret', 'partner-wide-delivery-secret-of-an-older-install');
    await store.set('terminal-key', 'kept');
    try {
      const upgraded = await world.startCore({
        dataDir: join(world.dir, 'upgraded'),
        secretStore: store,
      });
      await waitFor(
        'retired secrets removed',
        async () =>
          (await store.get('signing-secret')) === null &&
          (await store.get('delivery-webhook-secret')) === null,
      );
      expect(await store.get('terminal-key')).toBe('kept');
      const entries = await upgraded.api['audit:list']({ limit: 20 });
      expect(
        entries.filter((a) => a.action === 'keychain' && a.outcome === 'removed'),
      ).toHaveLength(1);
      await upgraded.close();
      // The migration runs once: a later start finds nothing to do and says nothing.
      await store.set('signing-secret', 'written-by-hand-after-the-upgrade');
      const again = await world.startCore({
        dataDir: join(world.dir, 'upgraded'),
        secretStore: store,
      });
      expect(
        (await again.api['audit:list']({ limit: 20 })).filter((a) => a.action === 'keychain'),
      ).toHaveLength(1);
      await again.close();
    } finally {
      for (const name of [...SECRET_NAMES, ...RETIRED_SECRET_NAMES, ...HANDED_OVER_SECRET_NAMES])
        await store.delete(name).catch(() => undefined);
    }
  });

  it('a genuine cancel, which the order API shows only as other, still ends the order', async () => {
    const placed = await world.placeOrder();
    await waitFor('stored', async () => (await orderOf(placed.id)) !== undefined);
    await world.control('POST', `/orders/${placed.id}/cancel`);
    await waitFor(
      'canceled',
      async () => (await orderOf(placed.id))?.platformStatus === 'CANCELED',
    );
    expect(await contradicted(placed.id)).toBe(false);
  });

  it('reject with a reason, and a platform cancel, end the order', async () => {
    const a = await world.placeOrder();
    const b = await world.placeOrder();
    await waitFor('orders stored', async () => (await orderOf(a.id)) && (await orderOf(b.id)));
    await core.api['orders:reject']({
      orderId: a.id,
      reason: 'Out of stock',
      code: 'ITEMS_UNAVAILABLE',
    });
    await waitFor('rejected', async () => (await world.sandboxOrder(a.id)).status === 'REJECTED');
    await world.control('POST', `/orders/${b.id}/cancel`);
    await waitFor(
      'canceled locally',
      async () => (await orderOf(b.id))?.platformStatus === 'CANCELED',
    );
    // An accept queued on a canceled order fails visibly with the platform's reason.
    await expect(
      core.api['orders:accept']({ orderId: b.id, preparationMinutes: null }),
    ).rejects.toMatchObject({ bridge: { code: 'conflict' } });
  });
});
