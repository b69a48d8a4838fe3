import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/wait';
import type { Sandbox } from '../server';
import { startSandbox } from '../server';
import type { Receiver } from '../testing/drive-test-support';
import { startReceiver } from '../testing/drive-test-support';

// The delivery service as the sandbox serves it: /drive, /_sandbox/drive, and the sandbox clock.
let sandbox: Sandbox;
let receiver: Receiver;
let key: string;

beforeAll(async () => {
  sandbox = await startSandbox({ ordersPerMinute: 0 });
  receiver = await startReceiver();
  const demo = await fetch(`${sandbox.controlUrl}/drive/demo`);
  const body = (await demo.json()) as {
    merchant_id: string;
    merchant_key: string;
    venue_id: string;
  };
  expect(body.merchant_id).toBe('demo-merchant');
  expect(body.venue_id).toBe('demo-venue');
  key = body.merchant_key;
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

type SentEvent = { attempts: number; delivered: boolean; given_up: boolean; last_error: string };

/** What the delivery service reports of the events it sent for one delivery. */
const sentEvents = async (reference: string) =>
  (await (
    await fetch(`${sandbox.controlUrl}/drive/events?platform_order_reference_id=${reference}`)
  ).json()) as SentEvent[];

const setClock = (body: { advance_seconds?: number; frozen?: boolean }) =>
  fetch(`${sandbox.controlUrl}/clock`, { method: 'POST', body: JSON.stringify(body) });

const drive = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.driveUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('the delivery service mounted in the sandbox', () => {
  it('serves the API under /drive and answers unknown paths in its own error shape', async () => {
    const unknown = await drive('GET', '/v1/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_code: 'NOT_FOUND' });
    const anonymous = await fetch(`${sandbox.driveUrl}/v1/merchants/demo-merchant/webhooks`);
    expect(anonymous.status).toBe(401);
  });

  it('books a courier whose retries and timeline follow POST /_sandbox/clock', async () => {
    const secret = 'mount-test-secret-0123456789';
    await drive('POST', '/v1/merchants/demo-merchant/webhooks', {
      callback_url: receiver.url,
      client_secret: secret,
      callback_config: { exponential_retry_backoff: { exponent_base: 3, max_retry_count: 2 } },
    });
    receiver.respondWith((_token, attempt) => (attempt === 1 ? 500 : 200));
    // Frozen, sandbox time moves only by POST /_sandbox/clock, however slow the machine.
    await setClock({ frozen: true });
    const promise = await drive('POST', '/v1/venues/demo-venue/shipment-promises', {
      street: 'Aleksanterinkatu 1',
      city: 'Helsinki',
    });
    const created = await drive('POST', '/v1/venues/demo-venue/deliveries', {
      dropoff: {
        location: {
          coordinates: (promise.body.dropoff as { location: { coordinates: unknown } }).location
            .coordinates,
        },
      },
      recipient: { name: 'Aino', phone_number: '+358401234567' },
      parcels: [{ description: 'Salad', identifier: 'S-1' }],
      shipment_promise_id: promise.body.id,
    });
    expect(created.status).toBe(201);
    const reference = created.body.platform_order_reference_id as string;

    // The first attempt failed; the resend waits 3^1 s of sandbox time.
    await waitFor(async () => (await sentEvents(reference))[0]?.last_error === 'HTTP 500', {
      message: 'the first attempt refused',
    });
    expect(receiver.received).toHaveLength(0);
    await setClock({ advance_seconds: 2.9 });
    expect((await sentEvents(reference))[0]?.attempts).toBe(1);
    await setClock({ advance_seconds: 0.1 });
    const [first] = await receiver.waitFor(1);
    const { payload } = await jwtVerify(first?.token ?? '', new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
    });
    expect(payload).toMatchObject({
      type: 'order.received',
      details: { platform_order_reference_id: reference },
    });

    await setClock({ advance_seconds: 4 * 3600 });
    const state = await fetch(`${sandbox.controlUrl}/drive/deliveries/${reference}`);
    expect(((await state.json()) as { status: string }).status).toBe('DELIVERED');
    const events = await receiver.waitFor(10);
    expect(events).toHaveLength(10);
    await setClock({ frozen: false });
  });

  it("applies the sandbox's injected webhook faults: duplicated, then dropped events", async () => {
    const control = (path: string, body: unknown) =>
      fetch(`${sandbox.controlUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
    const bookOne = async () => {
      const promise = await drive('POST', '/v1/venues/demo-venue/shipment-promises', {
        street: 'Aleksanterinkatu 3',
        post_code: '00100',
      });
      const created = await drive('POST', '/v1/venues/demo-venue/deliveries', {
        dropoff: {
          location: {
            coordinates: (promise.body.dropoff as { location: { coordinates: unknown } }).location
              .coordinates,
          },
        },
        recipient: { name: 'Aino', phone_number: '+358401234567' },
        parcels: [{ description: 'Soup' }],
        shipment_promise_id: promise.body.id,
      });
      return created.body.platform_order_reference_id as string;
    };
    receiver.respondWith(() => 200);
    const before = receiver.received.length;

    await control('/faults', { duplicate_webhooks: 1 });
    await bookOne();
    const [first, second] = (await receiver.waitFor(before + 2)).slice(before);
    expect(second?.token).toBe(first?.token);

    await control('/faults', { duplicate_webhooks: 0, drop_webhooks: 1 });
    const dropped = await bookOne();
    // A dropped event is given up before anything is sent.
    const log = await waitFor(
      async () => {
        const sent = await sentEvents(dropped);
        return sent[0]?.given_up === true && sent;
      },
      { message: 'the event dropped' },
    );
    expect(receiver.received).toHaveLength(before + 2);
    expect(log).toEqual([
      expect.objectContaining({
        type: 'order.received',
        delivered: false,
        given_up: true,
        last_error: 'dropped (injected fault)',
      }),
    ]);
    await control('/faults', { drop_webhooks: 0 });
  });
});
