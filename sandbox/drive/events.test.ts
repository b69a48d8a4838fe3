import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAGES } from './courier';
import type { Coordinates } from './geo';
import { distanceMeters, fromWebMercator, offset, toWebMercator } from './geo';
import { waitFor } from '../../test/wait';
import type { DriveHarness, Receiver } from '../testing/drive-test-support';
import { startDrive, startReceiver } from '../testing/drive-test-support';

type Payload = { dispatched_at: string; type: string; details: Record<string, unknown> };

const SECRET = 'whsec-merchant-demo-0123456789';
const STREET = { street: 'Fredrikinkatu 20', city: 'Helsinki', post_code: '00120' };
const GENERIC_KEYS = [
  'courier',
  'dropoff',
  'id',
  'parcels',
  'pickup',
  'platform_order_reference_id',
  'price',
  'tracking_reference',
  'venue_id',
];

let drive: DriveHarness;
let receiver: Receiver;
let webhookId: string;

beforeAll(async () => {
  drive = await startDrive();
});
afterAll(async () => {
  await drive.close();
});
beforeEach(async () => {
  receiver = await startReceiver();
  const answer = await drive.call('POST', '/v1/merchants/demo-merchant/webhooks', {
    callback_url: receiver.url,
    client_secret: SECRET,
    callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 3 } },
  });
  webhookId = (answer.body as { id: string }).id;
});
afterEach(async () => {
  drive.clock.setFrozen(false);
  await drive.call('DELETE', `/v1/merchants/demo-merchant/webhooks/${webhookId}`);
  await drive.service.idle();
  await receiver.close();
});

const verify = async (token: string, secret = SECRET): Promise<Payload> => {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
    algorithms: ['HS256'],
  });
  return payload as unknown as Payload;
};

const verifyAll = async (count: number) =>
  Promise.all((await receiver.waitFor(count)).map((event) => verify(event.token)));

const book = async (extra: Record<string, unknown> = {}) => {
  const promise = (await drive.call('POST', '/v1/venues/demo-venue/shipment-promises', STREET))
    .body as {
    id: string;
    dropoff: { location: { coordinates: { lat: number; lon: number } } };
  };
  const answer = await drive.call('POST', '/v1/venues/demo-venue/deliveries', {
    dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
    recipient: { name: 'Eero', phone_number: '+358401111111' },
    parcels: [
      { description: 'Burger meal', identifier: 'BM-1', count: 1 },
      { description: 'Drinks', identifier: 'DR-2', count: 2 },
    ],
    shipment_promise_id: promise.id,
    order_number: 'B7',
    merchant_order_reference_id: 'phone-17',
    ...extra,
  });
  expect(answer.status).toBe(201);
  return answer.body as { platform_order_reference_id: string; tracking: { id: string } };
};

type SentEvent = {
  attempts: number;
  delivered: boolean;
  given_up: boolean;
  last_status: number | null;
};

/** The delivery's one event as the control API reports its sending. */
const sentEvent = async (harness: DriveHarness, reference: string): Promise<SentEvent> => {
  const sent = (await harness.control('GET', `/events?platform_order_reference_id=${reference}`))
    .body as SentEvent[];
  expect(sent).toHaveLength(1);
  return sent[0] as SentEvent;
};

const advance = async (reference: string, to?: string, order?: 'reversed') => {
  const answer = await drive.control('POST', `/deliveries/${reference}/advance`, {
    ...(to ? { to } : {}),
    ...(order ? { order } : {}),
  });
  expect(answer.status).toBe(200);
  return answer.body as { status: string; stage: string };
};

const SEQUENCE = [
  'order.received',
  'order.pickup_eta_updated',
  'order.pickup_started',
  'order.pickup_arrival',
  'order.picked_up',
  'order.dropoff_started',
  'order.dropoff_eta_updated',
  'order.dropoff_arrival',
  'order.dropoff_completed',
  'order.delivered',
];

describe("order events: HS256 JWTs with the platform's payload layout", () => {
  it('follows a courier from received to delivered, each event a {token} verifiable with the client_secret', async () => {
    const delivery = await book();
    for (let step = 0; step < 7; step += 1) await advance(delivery.platform_order_reference_id);
    const events = await verifyAll(SEQUENCE.length);
    expect(events.map((event) => event.type)).toEqual(SEQUENCE);
    expect(receiver.received).toHaveLength(SEQUENCE.length);

    const header = decodeProtectedHeader(receiver.received[0]?.token ?? '');
    expect(header.alg).toBe('HS256');
    await expect(verify(receiver.received[0]?.token ?? '', 'another-secret')).rejects.toThrow();

    for (const event of events) {
      // Exactly the spec's payload: no exp, iat or aud a receiver could come to rely on.
      expect(Object.keys(event).sort()).toEqual(['details', 'dispatched_at', 'type']);
      const details = event.details;
      expect(
        Object.keys(details)
          .filter((key) => GENERIC_KEYS.includes(key))
          .sort(),
      ).toEqual(GENERIC_KEYS);
      expect(Object.keys(details).sort()).toEqual(
        [...GENERIC_KEYS, 'merchant_order_reference_id', 'order_number'].sort(),
      );
      expect(details).toMatchObject({
        venue_id: 'demo-venue',
        platform_order_reference_id: delivery.platform_order_reference_id,
        tracking_reference: delivery.tracking.id,
        merchant_order_reference_id: 'phone-17',
        order_number: 'B7',
        price: { amount: expect.any(Number), currency: 'EUR' },
        pickup: { eta: expect.any(String) },
      });
      expect(Number.isNaN(Date.parse(event.dispatched_at))).toBe(false);
      // docs/platform.md#delivery-events: courier only in pickup_started; parcels only in
      // picked_up and dropoff_completed; the dropoff object only in dropoff_eta_updated and
      // delivered.
      if (event.type === 'order.pickup_started') {
        expect(details.courier).toEqual({
          id: expect.any(Number),
          vehicle_type: expect.any(String),
        });
        expect(Number.isInteger((details.courier as { id: number }).id)).toBe(true);
      } else expect(details.courier).toBeNull();
      if (event.type === 'order.picked_up' || event.type === 'order.dropoff_completed') {
        expect(details.parcels).toEqual([
          { description: 'Burger meal', identifier: 'BM-1' },
          { description: 'Drinks', identifier: 'DR-2' },
        ]);
      } else expect(details.parcels).toBeNull();
      if (event.type === 'order.dropoff_eta_updated') {
        expect(details.dropoff).toEqual({
          eta: { min: expect.any(String), max: expect.any(String) },
          completed_at: null,
        });
      } else if (event.type === 'order.delivered') {
        const dropoff = details.dropoff as {
          eta: { min: string; max: string };
          completed_at: string;
        };
        expect(Date.parse(dropoff.eta.min)).toBeLessThan(Date.parse(dropoff.eta.max));
        expect(Number.isNaN(Date.parse(dropoff.completed_at))).toBe(false);
      } else expect(details.dropoff).toBeNull();
    }
    const ids = new Set(events.map((event) => event.details.id));
    expect(ids.size).toBe(events.length);

    // The pickup ETA moves with order.pickup_eta_updated.
    const [received, etaUpdated] = events;
    expect((etaUpdated?.details.pickup as { eta: string }).eta).not.toBe(
      (received?.details.pickup as { eta: string }).eta,
    );
  });

  it('omits merchant_order_reference_id and order_number when the delivery had none', async () => {
    const delivery = await book({
      order_number: undefined,
      merchant_order_reference_id: undefined,
    });
    const [event] = await verifyAll(1);
    expect(event?.details.platform_order_reference_id).toBe(delivery.platform_order_reference_id);
    expect(Object.keys(event?.details ?? {}).sort()).toEqual(GENERIC_KEYS);
  });

  it('sends order.rejected with purchase_rejected_reason on cancel', async () => {
    const delivery = await book();
    await drive.call('PATCH', `/order/${delivery.platform_order_reference_id}/status/cancel`, {
      reason: 'Kitchen closed',
    });
    const events = await verifyAll(2);
    expect(events[1]).toMatchObject({
      type: 'order.rejected',
      details: { purchase_rejected_reason: 'Kitchen closed' },
    });
  });

  it('sends order.handshake_delivery (its own layout) when handshake is enabled', async () => {
    const delivery = await book({
      handshake_delivery: { is_required: true, should_send_sms_to_dropoff_contact: true },
    });
    const events = await verifyAll(2);
    const handshake = events.find((event) => event.type === 'order.handshake_delivery');
    const pin = (
      await drive.call('GET', `/order/${delivery.platform_order_reference_id}/handshake-delivery`)
    ).body as {
      pin_code: number;
    };
    expect(handshake?.details).toEqual({
      id: expect.any(String),
      platform_order_reference_id: delivery.platform_order_reference_id,
      merchant_order_reference_id: 'phone-17',
      order_number: 'B7',
      pin_code: String(pin.pin_code),
    });
  });

  it('sends order.location_updated (its own layout, EPSG:3857) only to webhooks subscribed to it', async () => {
    const delivery = await book();
    await verifyAll(1);
    const plain = await advance(delivery.platform_order_reference_id, 'pickup_started');
    expect(plain.stage).toBe('pickup_started');
    const withoutLocation = await verifyAll(3);
    expect(withoutLocation.map((event) => event.type)).not.toContain('order.location_updated');

    await drive.call('PATCH', `/v1/merchants/demo-merchant/webhooks/${webhookId}`, {
      subscribed_events: ['order.location_updated', 'order.pickup_arrival'],
    });
    await advance(delivery.platform_order_reference_id, 'pickup_arrival');
    const events = await verifyAll(5);
    const location = events[4];
    expect(events[3]?.type).toBe('order.pickup_arrival');
    expect(location?.type).toBe('order.location_updated');
    expect(location?.details).toEqual({
      id: expect.any(String),
      platform_order_reference_id: delivery.platform_order_reference_id,
      merchant_order_reference_id: 'phone-17',
      order_number: 'B7',
      tracking_id: delivery.tracking.id,
      courier_location: { lat: expect.any(Number), lon: expect.any(Number) },
    });
    // Web-mercator metres near Helsinki: about 2.78e6 east, 8.44e6 north.
    const position = location?.details.courier_location as { lat: number; lon: number };
    expect(position.lon).toBeGreaterThan(2.7e6);
    expect(position.lon).toBeLessThan(2.9e6);
    expect(position.lat).toBeGreaterThan(8.3e6);
    expect(position.lat).toBeLessThan(8.6e6);
  });

  it('sends order.customer_no_show on the control, only when subscribed', async () => {
    const first = await book();
    await drive.control(
      'POST',
      `/deliveries/${first.platform_order_reference_id}/customer-no-show`,
    );
    // The courier first reaches the customer: eight events up to order.dropoff_arrival.
    const before = await verifyAll(8);
    expect(before.at(-1)?.type).toBe('order.dropoff_arrival');
    expect(before.map((event) => event.type)).not.toContain('order.customer_no_show');

    await drive.call('PATCH', `/v1/merchants/demo-merchant/webhooks/${webhookId}`, {
      subscribed_events: ['order.customer_no_show'],
    });
    const second = await book();
    const answer = await drive.control(
      'POST',
      `/deliveries/${second.platform_order_reference_id}/customer-no-show`,
    );
    expect(answer.body).toMatchObject({ status: 'CUSTOMER_NO_SHOW' });
    const [noShow, ...rest] = (await verifyAll(9)).slice(8);
    expect(rest).toEqual([]);
    expect(noShow).toMatchObject({
      type: 'order.customer_no_show',
      details: { platform_order_reference_id: second.platform_order_reference_id },
    });
    const again = await drive.control(
      'POST',
      `/deliveries/${second.platform_order_reference_id}/advance`,
      {},
    );
    expect(again.status).toBe(409);
  });
});

describe('geo-fences: order.*_arrival places the courier inside 150 m of the point', () => {
  /** EPSG:3857 metres, the unit of courier_location; longer than ground metres away from the equator. */
  const projectedMeters = (courier: Coordinates, point: Coordinates) => {
    const target = toWebMercator(point);
    return Math.hypot(courier.lon - target.lon, courier.lat - target.lat);
  };
  const groundMeters = (courier: Coordinates, point: Coordinates) =>
    distanceMeters(fromWebMercator(courier), point);

  it.each([
    ['the equator', 0.3476, 32.5825],
    ['Helsinki', 60.1699, 24.9384],
    ['Tromsø', 69.6492, 18.9553],
  ])('near %s, on a 5 km trip, in EPSG:3857 and in ground metres', async (_place, lat, lon) => {
    const merchantId = `fence-${Math.round(lat * 1e4)}`;
    const key = `${merchantId}-key-0123456789`;
    const venue = { lat, lon };
    await drive.control('POST', '/merchants', {
      merchant_id: merchantId,
      merchant_key: key,
      venues: [{ venue_id: `${merchantId}-venue`, name: 'Fence Kitchen', lat, lon }],
    });
    const hook = await drive.call(
      'POST',
      `/v1/merchants/${merchantId}/webhooks`,
      {
        callback_url: receiver.url,
        client_secret: SECRET,
        callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 1 } },
      },
      key,
    );
    const hookId = (hook.body as { id: string }).id;
    await drive.call(
      'PATCH',
      `/v1/merchants/${merchantId}/webhooks/${hookId}`,
      {
        subscribed_events: [
          'order.location_updated',
          'order.pickup_arrival',
          'order.dropoff_arrival',
        ],
      },
      key,
    );
    const target = offset(venue, 5000, 45);
    const promise = await drive.call(
      'POST',
      `/v1/venues/${merchantId}-venue/shipment-promises`,
      { ...target, street: 'Aidankatu 5', city: 'Somewhere', post_code: '00100' },
      key,
    );
    const dropoff = (promise.body as { dropoff: { location: { coordinates: Coordinates } } })
      .dropoff.location.coordinates;
    const created = await drive.call(
      'POST',
      `/v1/venues/${merchantId}-venue/deliveries`,
      {
        dropoff: { location: { coordinates: dropoff } },
        recipient: { name: 'Eero', phone_number: '+358401111111' },
        parcels: [{ description: 'Soup', identifier: 'S1' }],
        shipment_promise_id: (promise.body as { id: string }).id,
      },
      key,
    );
    expect(created.status).toBe(201);
    const reference = (created.body as { platform_order_reference_id: string })
      .platform_order_reference_id;

    // One stage at a time, so each order.location_updated is known to belong to its stage.
    const positions: Record<string, Coordinates> = {};
    let seen = 0;
    // Every stage from pickup_started on sends one order.location_updated.
    for (const stage of STAGES.slice(STAGES.indexOf('pickup_started'))) {
      await advance(reference, stage);
      const expected = seen + (stage.endsWith('_arrival') ? 2 : 1);
      const events = (await verifyAll(expected)).slice(seen);
      seen = expected;
      const location = events.find((event) => event.type === 'order.location_updated');
      positions[stage] = location?.details.courier_location as Coordinates;
    }
    await drive.call('DELETE', `/v1/merchants/${merchantId}/webhooks/${hookId}`, undefined, key);

    const pickupStarted = positions.pickup_started as Coordinates;
    const pickupArrival = positions.pickup_arrival as Coordinates;
    const dropoffStarted = positions.dropoff_started as Coordinates;
    const dropoffArrival = positions.dropoff_arrival as Coordinates;
    // Outside the fence before the arrival event, inside it with the event, by either measure.
    expect(projectedMeters(pickupStarted, venue)).toBeGreaterThan(150);
    expect(groundMeters(pickupStarted, venue)).toBeGreaterThan(150);
    expect(projectedMeters(pickupArrival, venue)).toBeLessThan(150);
    expect(groundMeters(pickupArrival, venue)).toBeLessThan(150);
    expect(projectedMeters(dropoffStarted, dropoff)).toBeGreaterThan(150);
    expect(projectedMeters(dropoffArrival, dropoff)).toBeLessThan(150);
    expect(groundMeters(dropoffArrival, dropoff)).toBeLessThan(150);
    // Arriving, not yet there: the courier is on its way in, short of the point.
    expect(groundMeters(pickupArrival, venue)).toBeGreaterThan(10);
    expect(groundMeters(dropoffArrival, dropoff)).toBeGreaterThan(10);
    expect(groundMeters(positions.delivered as Coordinates, dropoff)).toBeLessThan(1);
  });
});

describe('webhook state and delivery', () => {
  it('a disabled webhook sends nothing; enabled again it sends', async () => {
    await drive.call('PATCH', `/v1/merchants/demo-merchant/webhooks/${webhookId}`, {
      disabled: true,
    });
    const delivery = await book();
    await advance(delivery.platform_order_reference_id, 'picked_up');
    await drive.service.idle();
    expect(receiver.hits()).toBe(0);

    await drive.call('PATCH', `/v1/merchants/demo-merchant/webhooks/${webhookId}`, {
      disabled: false,
    });
    await advance(delivery.platform_order_reference_id, 'dropoff_started');
    const events = await verifyAll(2);
    expect(events.map((event) => event.type)).toEqual([
      'order.dropoff_started',
      'order.dropoff_eta_updated',
    ]);
  });

  it('resends a refused event after base^n seconds of the clock, up to max_retry_count times', async () => {
    // Frozen, the clock moves only by advance(), which starts a due resend at once (its attempt
    // is counted before anything is sent). Each attempt is refused with its own status, so the
    // control API shows when the sandbox has taken the refusal and scheduled the next resend.
    drive.clock.setFrozen(true);
    receiver.respondWith((_token, attempt) => 500 + attempt);
    const { platform_order_reference_id: reference } = await book();
    const refused = (attempts: number) =>
      waitFor(
        async () => {
          const event = await sentEvent(drive, reference);
          return event.last_status === 500 + attempts && event;
        },
        { message: `attempt ${attempts} refused` },
      );
    let event = await refused(1);
    // Resend 1 after 2^1 s, resend 2 after 2^2 s, resend 3 after 2^3 s; then no more.
    for (const [wait, attempts] of [
      [2000, 2],
      [4000, 3],
      [8000, 4],
    ] as const) {
      drive.clock.advance(wait - 100);
      expect((await sentEvent(drive, reference)).attempts).toBe(attempts - 1);
      drive.clock.advance(100);
      event = await refused(attempts);
      expect(receiver.hits()).toBe(attempts);
    }
    expect(event).toMatchObject({ attempts: 4, delivered: false, given_up: true });
    drive.clock.advance(3_600_000);
    expect((await sentEvent(drive, reference)).attempts).toBe(4);
    expect(receiver.hits()).toBe(4);
  });

  it('a retry that succeeds delivers the same event (same id) once', async () => {
    receiver.respondWith((_token, attempt) => (attempt === 1 ? 503 : 200));
    await book();
    await drive.service.idle();
    drive.clock.advance(2000);
    const [event] = await verifyAll(1);
    expect(event?.type).toBe('order.received');
    expect(receiver.hits()).toBe(2);
  });

  it('stops resending once the webhook is disabled', async () => {
    receiver.respondWith(() => 500);
    const { platform_order_reference_id: reference } = await book();
    await drive.service.idle();
    await drive.call('PATCH', `/v1/merchants/demo-merchant/webhooks/${webhookId}`, {
      disabled: true,
    });
    // The resend falls due within the advance and gives up there, before sending anything.
    drive.clock.advance(60_000);
    expect(await sentEvent(drive, reference)).toMatchObject({ attempts: 1, given_up: true });
    expect(receiver.hits()).toBe(1);
  });
});

describe('retry scale', () => {
  it('shortens resends by retryDelayScale on real time, and max_retry_count 0 never resends', async () => {
    const fast = await startDrive({ retryDelayScale: 0.01 });
    const fastReceiver = await startReceiver();
    try {
      const hook = (maxRetries: number) =>
        fast.call('POST', '/v1/merchants/demo-merchant/webhooks', {
          callback_url: fastReceiver.url,
          client_secret: SECRET,
          callback_config: {
            exponential_retry_backoff: { exponent_base: 2, max_retry_count: maxRetries },
          },
        });
      const bookFast = async () => {
        const promise = (await fast.call('POST', '/v1/venues/demo-venue/shipment-promises', STREET))
          .body as { id: string; dropoff: { location: { coordinates: unknown } } };
        const booked = await fast.call('POST', '/v1/venues/demo-venue/deliveries', {
          dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
          recipient: { name: 'Eero', phone_number: '+358401111111' },
          parcels: [{ description: 'Tea' }],
          shipment_promise_id: promise.id,
        });
        return (booked.body as { platform_order_reference_id: string }).platform_order_reference_id;
      };
      const retrying = (await hook(3)).body as { id: string };
      fastReceiver.respondWith((_token, attempt) => (attempt < 3 ? 500 : 200));
      await bookFast();
      // 2^1 s and 2^2 s scaled by 0.01: both resends within well under a second of real time.
      await fastReceiver.waitFor(1, 2000);
      expect(fastReceiver.hits()).toBe(3);

      await fast.call('DELETE', `/v1/merchants/demo-merchant/webhooks/${retrying.id}`);
      await hook(0);
      fastReceiver.respondWith(() => 500);
      const once = await bookFast();
      // idle() waits for the first attempt, whose failure gives up at once: no resend is queued.
      await fast.service.idle();
      expect(await sentEvent(fast, once)).toMatchObject({ attempts: 1, given_up: true });
      expect(fastReceiver.hits()).toBe(4);
    } finally {
      await fast.close();
      await fastReceiver.close();
    }
  });
});

describe('events of one action in any order', () => {
  it('the control can send dropoff_completed and delivered last-first', async () => {
    const delivery = await book();
    await advance(delivery.platform_order_reference_id, 'dropoff_arrival');
    await verifyAll(8);
    await advance(delivery.platform_order_reference_id, 'delivered', 'reversed');
    const last = (await verifyAll(10)).slice(8);
    expect(last.map((event) => event.type)).toEqual(['order.delivered', 'order.dropoff_completed']);
  });

  it('a failed event does not hold back the other event of its action', async () => {
    const delivery = await book();
    await advance(delivery.platform_order_reference_id, 'dropoff_arrival');
    await verifyAll(8);
    let refusedOnce = false;
    receiver.respondWith((token) => {
      const type = (
        JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Payload
      ).type;
      if (type === 'order.dropoff_completed' && !refusedOnce) {
        refusedOnce = true;
        return 500;
      }
      return 200;
    });
    await advance(delivery.platform_order_reference_id, 'delivered');
    await drive.service.idle();
    drive.clock.advance(2000);
    const last = (await verifyAll(10)).slice(8);
    expect(last.map((event) => event.type)).toEqual(['order.delivered', 'order.dropoff_completed']);
  });
});

describe('the automatic courier', () => {
  it('moves along its timeline as the clock passes, to delivered', async () => {
    const auto = await startDrive({ courier: 'auto' });
    const autoReceiver = await startReceiver();
    try {
      await auto.call('POST', '/v1/merchants/demo-merchant/webhooks', {
        callback_url: autoReceiver.url,
        client_secret: SECRET,
        callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 1 } },
      });
      const promise = (
        await auto.call('POST', '/v1/venues/demo-venue/shipment-promises', {
          ...STREET,
          min_preparation_time_minutes: 20,
        })
      ).body as {
        id: string;
        dropoff: { eta: string; location: { coordinates: { lat: number; lon: number } } };
      };
      const created = await auto.call('POST', '/v1/venues/demo-venue/deliveries', {
        dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
        recipient: { name: 'Eero', phone_number: '+358401111111' },
        parcels: [{ description: 'Soup', identifier: 'S1' }],
        shipment_promise_id: promise.id,
      });
      const reference = (created.body as { platform_order_reference_id: string })
        .platform_order_reference_id;
      auto.clock.advance(5 * 60_000);
      const early = (await auto.control('GET', `/deliveries/${reference}`)).body as {
        status: string;
      };
      expect(early.status).toBe('PICKUP_ETA_UPDATED');
      auto.clock.advance(3 * 3_600_000);
      const done = (await auto.control('GET', `/deliveries/${reference}`)).body as {
        status: string;
      };
      expect(done.status).toBe('DELIVERED');
      const events = await Promise.all(
        (await autoReceiver.waitFor(10)).map((event) => verify(event.token)),
      );
      expect(events.map((event) => event.type)).toEqual(SEQUENCE);
    } finally {
      await auto.close();
      await autoReceiver.close();
    }
  });
});
