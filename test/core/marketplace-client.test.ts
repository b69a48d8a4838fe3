// Every marketplace endpoint the app uses (docs/platform.md), through its client, on the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMenu } from '../../sandbox/demo-data';
import type { Sandbox } from '../../sandbox/server';
import type { MarketplaceClient } from '../../main/marketplace/client';
import type { RequestError } from '../../main/http/http';
import type { PlatformClient } from '../platform-client';
import { startPlatformClient } from '../platform-client';

let platform: PlatformClient;
let sandbox: Sandbox;
let client: MarketplaceClient;
let venueId: string;

const control = <T>(method: string, path: string, body?: unknown): Promise<T> =>
  platform.control<T>(method, path, body);
const placeOrder = (body: Record<string, unknown> = {}) =>
  control<{ id: string; order_number: string }>('POST', '/orders', {
    venue_id: venueId,
    type: 'takeaway',
    ...body,
  });
const failure = (promise: Promise<unknown>): Promise<RequestError> =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as RequestError,
  );

beforeAll(async () => {
  platform = await startPlatformClient();
  ({ sandbox, client } = platform);
  venueId = sandbox.demo.venueId;
});
afterAll(() => platform.close());

describe('marketplace client', () => {
  it('reads an order in v2 and v1 and walks it through accept, sent-to-pos, ready, delivered', async () => {
    const placed = await placeOrder();
    const v2 = await client.getOrder(placed.id);
    expect(v2).toMatchObject({
      id: placed.id,
      order_number: placed.order_number,
      venue: { id: venueId },
    });
    expect(v2.basket_price.total.amount).toBeGreaterThan(0);
    expect(await client.getOrderV1(placed.id)).toMatchObject({ id: placed.id });
    await client.markSentToPos(placed.id, new Date().toISOString());
    expect((await client.getOrder(placed.id)).order_status).toBe('acknowledged');
    await client.acceptOrder(placed.id, null);
    await client.markReady(placed.id);
    await client.markDelivered(placed.id);
    expect((await client.getOrder(placed.id)).order_status).toBe('delivered');
  });

  it('rejects with a reason, confirms a pre-order, accepts a self-delivery order', async () => {
    const a = await placeOrder();
    await client.rejectOrder(a.id, 'Out of stock', 'ITEMS_UNAVAILABLE');
    expect((await client.getOrder(a.id)).order_status).toBe('rejected');
    const pre = await placeOrder({
      preorder_time: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    await client.confirmPreorder(pre.id);
    expect((await client.getOrder(pre.id)).pre_order?.pre_order_status).toBe('confirmed');
    const own = await placeOrder({ type: 'homedelivery', self_delivery: true });
    await client.acceptSelfDeliveryOrder(own.id, new Date(Date.now() + 3600_000).toISOString());
    expect((await client.getOrder(own.id)).order_status).toBe('production');
  });

  it("classifies the platform's refusals as permanent with its reason", async () => {
    const placed = await placeOrder();
    await client.acceptOrder(placed.id, null);
    const conflict = await failure(client.acceptOrder(placed.id, null));
    expect(conflict).toMatchObject({
      kind: 'permanent',
      status: 409,
      body: { order_status: 'PRODUCTION' },
    });
    const missing = await failure(client.getOrder('0123456789abcdef01234567'));
    expect(missing).toMatchObject({ kind: 'permanent', status: 404 });
    expect(missing.message).toMatch(/not found/);
    const tooLate = await placeOrder();
    const eta = (await client.getOrder(tooLate.id)).pickup_eta ?? '';
    const refused = await failure(
      client.acceptOrder(tooLate.id, new Date(Date.parse(eta) + 26 * 60_000).toISOString()),
    );
    expect(refused).toMatchObject({ kind: 'permanent', status: 400 });
    expect(refused.message).toMatch(/25 minutes/);
  });

  it('manages the venue: status, online/offline, opening and special times', async () => {
    const status = await client.getVenueStatus(venueId);
    expect(status.status.is_online).toBe(true);
    await client.setVenueOnline(venueId, false, null);
    expect((await client.getVenueStatus(venueId)).status.is_online).toBe(false);
    await client.setVenueOnline(venueId, true, null);
    const availability = [
      {
        opening_day: 'TUESDAY' as const,
        opening_time: '10:30',
        closing_day: 'TUESDAY' as const,
        closing_time: '17:30',
      },
    ];
    await client.setOpeningTimes(venueId, availability);
    expect((await client.getVenueStatus(venueId)).opening_times).toEqual(availability);
    await client.setSpecialOpeningTimes(venueId, {
      days_closed: [{ start_date: '2026-12-24', end_date: '2026-12-26' }],
      days_open: [],
    });
    expect(
      ((await client.getVenueStatus(venueId)) as { special_times?: unknown[] }).special_times
        ?.length,
    ).toBe(1);
  });

  it('pushes and reads the menu, and updates items, inventory and option values', async () => {
    const menu = demoMenu();
    await client.createMenu(venueId, menu);
    await control('POST', '/clock', { advance_seconds: 61 });
    const request = await client.requestMenu(venueId);
    const result = await client.getMenuResult(request.resource_url);
    expect(result.request_id).toBe(request.request_id);
    await client.updateItems(venueId, [
      { external_id: 'burger-classic', enabled: false, price: 1290 },
    ]);
    await client.updateItemInventory(venueId, [{ external_id: 'burger-classic', inventory: 5 }]);
    await client.updateOptionValues(venueId, [{ external_id: 'val-extra-cheese', price: 150 }]);
    const stored = await control<{
      menu: {
        categories: Array<{
          items: Array<{ external_data: string; enabled: boolean; price: number }>;
        }>;
      };
    }>('GET', `/venues/${venueId}`);
    const burger = stored.menu.categories
      .flatMap((c) => c.items)
      .find((i) => i.external_data === 'burger-classic');
    expect(burger).toMatchObject({ enabled: false, price: 12.9 });
    const bad = await failure(client.createMenu(venueId, { ...menu, currency: 'euro' }));
    expect(bad).toMatchObject({ kind: 'permanent', status: 400 });
    await expect(client.getMenuResult('http://elsewhere.example/menu/1')).rejects.toThrow(
      /not on the platform/,
    );
  });
});
