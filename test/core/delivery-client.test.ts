// The terminal's delivery client through the relay's proxy to the sandbox's delivery service
// (docs/platform.md#delivery-service, docs/security.md): every endpoint the app uses, with the
// terminal's key only (the relay adds the merchant's), and errors sorted into permanent/temporary
// with the platform's reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';
import { createDeliveryClient } from '../../main/delivery/client';
import type { DeliveryClient } from '../../main/delivery/client';
import { RequestError } from '../../main/http/http';
import { startRelay, type Relay } from '../../relay/server';
import { createTerminal } from '../../relay/terminals';
import {
  CREDENTIALS_KEY,
  MARKETPLACE_SECRET,
  driveProxy,
  putDeliverySetup,
  tempDir,
} from '../../relay/testing/test-support';

let sandbox: Sandbox;
let relay: Relay;
let dir: ReturnType<typeof tempDir>;
let client: DeliveryClient;
let key: string | null;
let terminalKey: string;
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
  dir = tempDir();
  relay = await startRelay({
    dbPath: dir.dbPath,
    marketplaceSecrets: [MARKETPLACE_SECRET],
    credentialsKey: CREDENTIALS_KEY,
  });
  terminalKey = createTerminal(dir.dbPath, [demo.venue_id]).key;
  const setup = await putDeliverySetup(relay.url, terminalKey, {
    venue_id: demo.venue_id,
    merchant_id: demo.merchant_id,
    drive_url: sandbox.driveUrl,
    merchant_key: demo.merchant_key,
  });
  expect(setup.status).toBe(200);
  key = terminalKey;
  client = createDeliveryClient({
    account: () => ({ driveUrl: `${relay.url}/v1/drive`, merchantId: demo.merchant_id }),
    credential: async () => key,
  });
});
afterAll(async () => {
  await relay.close();
  await sandbox.close();
  dir.remove();
});

describe('delivery client through the relay to the sandbox', () => {
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

  it('available venues, delivery fee and delivery areas', async () => {
    const venues = await client.availableVenues({ dropoff: { location: HELSINKI } });
    expect(venues.map((v) => v.venue_id)).toContain(demo.venue_id);
    const fee = await client.deliveryFee({
      pickup: { location: VENUE },
      dropoff: { location: HELSINKI },
    });
    expect(fee.price.amount).toBeGreaterThan(0);
    expect((await client.deliveryAreas()).length).toBeGreaterThan(0);
  });

  it('names the fields of a 422 validation error', async () => {
    const refused = await client
      .createShipmentPromise(demo.venue_id, {
        street: 'Mannerheimintie 10',
        city: 'Helsinki',
        min_preparation_time_minutes: 90,
      })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'permanent', status: 422 });
    expect((refused as RequestError).message).toContain('min_preparation_time_minutes');
  });

  it("never reaches the merchant's webhooks, nor a venue-less order no venue could own", async () => {
    for (const [method, path] of [
      ['GET', `/v1/merchants/${demo.merchant_id}/webhooks`],
      ['POST', `/v1/merchants/${demo.merchant_id}/webhooks`],
      ['DELETE', `/v1/merchants/${demo.merchant_id}/webhooks/x`],
    ] as const) {
      const answer = await driveProxy(relay.url, terminalKey, method, path, undefined);
      expect([403, 405]).toContain(answer.status);
    }
    const order = await driveProxy(
      relay.url,
      terminalKey,
      'POST',
      `/merchants/${demo.merchant_id}/delivery-order`,
      {},
    );
    expect(order.status).toBe(404);
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

  it('a wrong terminal key is a permanent 401; no key at all is refused before sending', async () => {
    key = 'rtk_wrong-terminal-key-0000';
    await expect(client.deliveryAreas()).rejects.toMatchObject({ kind: 'permanent', status: 401 });
    key = null;
    await expect(client.deliveryAreas()).rejects.toMatchObject({ status: null });
    key = terminalKey;
  });
});
