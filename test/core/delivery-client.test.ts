// The delivery client against the sandbox's delivery service (docs/platform.md#delivery-service):
// every endpoint the app uses, the Bearer merchant key, and errors sorted into permanent/temporary
// with the platform's reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import { createDeliveryClient } from '../../main/delivery/client';
import type { DeliveryClient } from '../../main/delivery/client';
import { RequestError } from '../../main/http/http';

let sandbox: Sandbox;
let client: DeliveryClient;
let key: string | null;
let demo: { merchant_id: string; merchant_key: string; venue_id: string };
const HELSINKI = {
  formatted_address: 'Mannerheimintie 10, 00100 Helsinki',
  coordinates: { lat: 60.171, lon: 24.941 },
};
const VENUE = { formatted_address: 'Demo Kitchen', coordinates: { lat: 60.1699, lon: 24.9384 } };

beforeAll(async () => {
  sandbox = await startSandbox({ webhookUrl: null });
  const response = await fetch(`${sandbox.controlUrl}/drive/demo`);
  demo = (await response.json()) as typeof demo;
  key = demo.merchant_key;
  client = createDeliveryClient({
    account: () => ({ driveUrl: sandbox.driveUrl, merchantId: demo.merchant_id }),
    merchantKey: async () => key,
  });
});
afterAll(async () => {
  await sandbox.close();
});

describe('delivery client against the sandbox', () => {
  it('promise → delivery → handshake → cancel', async () => {
    const promise = await client.createShipmentPromise(demo.venue_id, {
      street: 'Mannerheimintie 10',
      post_code: '00100',
      city: 'Helsinki',
    });
    expect(promise.is_binding).toBe(true);
    const created = await client.createDelivery(demo.venue_id, {
      dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
      recipient: { name: 'Grace', phone_number: '+358401234567' },
      parcels: [{ description: 'Box', count: 1 }],
      shipment_promise_id: promise.id,
      order_number: 'X1',
      handshake_delivery: { is_required: true, should_send_sms_to_dropoff_contact: false },
    });
    expect(created.tracking?.url).toMatch(/^http/);
    const handshake = await client.handshake(created.platform_order_reference_id);
    expect(handshake.isRequired).toBe(true);
    expect(handshake.pinCode).toMatch(/^\d{4}$/);
    expect(await client.cancel(created.platform_order_reference_id, 'test')).toMatchObject({
      status: 'REJECTED',
    });
    const again = await client
      .cancel(created.platform_order_reference_id, 'test')
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(RequestError);
    expect(again).toMatchObject({ kind: 'permanent', status: 400 });
  });

  it('available venues, delivery fee, venueless order and delivery areas', async () => {
    const venues = await client.availableVenues({ dropoff: { location: HELSINKI } });
    expect(venues.map((v) => v.venue_id)).toContain(demo.venue_id);
    const fee = await client.deliveryFee({
      pickup: { location: VENUE },
      dropoff: { location: HELSINKI },
    });
    expect(fee.price.amount).toBeGreaterThan(0);
    const contact = { name: 'Counter', phone_number: '+358109876', send_tracking_link_sms: false };
    const order = await client.createDeliveryOrder({
      pickup: { location: VENUE, display_name: 'Demo Kitchen', contact_details: contact },
      dropoff: { location: HELSINKI, contact_details: { ...contact, name: 'Grace' } },
      customer_support: { phone_number: '+358100' },
      is_no_contact: false,
      contents: [
        {
          count: 1,
          description: 'Box',
          identifier: 'box-1',
          id_check_required: false,
          tags: [],
          price: { amount: 1200, currency: 'EUR' },
          dimensions: { weight_gram: 800, width_cm: 30, height_cm: 5, depth_cm: 30 },
        },
      ],
      tips: [],
      min_preparation_time_minutes: 20,
    });
    expect(order.platform_order_reference_id).toBeTruthy();
    expect((await client.deliveryAreas()).length).toBeGreaterThan(0);
  });

  it('names the fields of a 422 validation error', async () => {
    const refused = await client
      .createDeliveryOrder({
        pickup: {
          location: VENUE,
          display_name: 'Demo Kitchen',
          contact_details: { name: 'C', phone_number: '1' },
        },
        dropoff: { location: HELSINKI, contact_details: { name: 'G', phone_number: '2' } },
        customer_support: {},
        is_no_contact: false,
        contents: [{ count: 1 }],
        tips: [],
        min_preparation_time_minutes: 90,
      })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'permanent', status: 422 });
    expect((refused as RequestError).message).toContain('min_preparation_time_minutes');
  });

  it('webhook create, list, get, update and delete', async () => {
    const created = await client.createWebhook({
      callback_url: 'http://127.0.0.1:9/hooks/delivery',
      client_secret: 'a-secret-that-is-long-enough',
      callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 3 } },
    });
    expect(created.disabled).toBe(false);
    expect((await client.listWebhooks()).map((w) => w.id)).toContain(created.id);
    expect((await client.getWebhook(created.id)).callback_url).toBe(
      'http://127.0.0.1:9/hooks/delivery',
    );
    expect((await client.updateWebhook(created.id, { disabled: true })).disabled).toBe(true);
    await client.deleteWebhook(created.id);
    await expect(client.getWebhook(created.id)).rejects.toMatchObject({
      kind: 'permanent',
      status: 404,
    });
  });

  it('a non-binding promise cannot be booked: the platform says why', async () => {
    const promise = await client.createShipmentPromise(demo.venue_id, { post_code: '00100' });
    expect(promise.is_binding).toBe(false);
    const refused = await client
      .createDelivery(demo.venue_id, {
        dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
        recipient: { name: 'Grace', phone_number: '+358401234567' },
        parcels: [{ description: 'Box', count: 1 }],
        shipment_promise_id: promise.id,
      })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'permanent', status: 400 });
    expect((refused as RequestError).body).toMatchObject({
      error_code: 'SHIPMENT_PROMISE_NOT_BINDING',
    });
  });

  it('a wrong key is a permanent 401; no key at all is refused before sending', async () => {
    key = 'wrong-merchant-key-0000';
    await expect(client.listWebhooks()).rejects.toMatchObject({ kind: 'permanent', status: 401 });
    key = null;
    await expect(client.listWebhooks()).rejects.toMatchObject({ status: null });
    key = demo.merchant_key;
  });
});
