import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveHarness } from '../testing/drive-test-support';
import { startDrive } from '../testing/drive-test-support';

type Coordinates = { lat: number; lon: number };
type Delivery201 = {
  platform_order_reference_id: string;
  tracking: { id: string; url: string };
  status: string;
  price: { amount: number; currency: string };
  dropoff: { location: { coordinates: Coordinates } };
};
type ErrorBody = { error_code: string; reason: string; details?: string };

const STREET = { street: 'Bulevardi 5', city: 'Helsinki', post_code: '00120' };
const LATE_KEY = 'late-merchant-key-0123456789';
const STRICT_KEY = 'strict-merchant-key-0123456789';

let drive: DriveHarness;
beforeAll(async () => {
  drive = await startDrive({ promiseTtlSeconds: 600 });
  // One merchant with late cancellation agreed and cash off, one old key without either.
  await drive.control('POST', '/merchants', {
    merchant_id: 'late-merchant',
    merchant_key: LATE_KEY,
    late_cancellation_agreed: true,
    venues: [{ venue_id: 'late-venue', name: 'Late Kitchen', lat: 60.17, lon: 24.94 }],
  });
  await drive.control('POST', '/merchants', {
    merchant_id: 'strict-merchant',
    merchant_key: STRICT_KEY,
    key_created_at: '2025-06-01T00:00:00Z',
    venues: [
      { venue_id: 'strict-north', name: 'North', lat: 60.19, lon: 24.94 },
      { venue_id: 'strict-south', name: 'South', lat: 60.16, lon: 24.94 },
      { venue_id: 'strict-far', name: 'Far', lat: 60.45, lon: 25.1 },
    ],
  });
});
afterAll(async () => {
  await drive.close();
});

const newPromise = async (
  venueId = 'demo-venue',
  body: unknown = STREET,
  key = drive.merchantKey,
) => {
  const answer = await drive.call('POST', `/v1/venues/${venueId}/shipment-promises`, body, key);
  expect(answer.status).toBe(201);
  return answer.body as {
    id: string;
    dropoff: { location: { coordinates: Coordinates } };
    price: { amount: number };
  };
};

const deliveryBody = (
  promiseId: string,
  coordinates: Coordinates,
  extra: Record<string, unknown> = {},
) => ({
  dropoff: { location: { coordinates }, comment: '3rd floor' },
  recipient: { name: 'Aino Virtanen', phone_number: '+358401234567', email: 'aino@example.com' },
  parcels: [
    { description: 'Pizza', identifier: 'P-1', count: 1, price: { amount: 1290, currency: 'EUR' } },
  ],
  shipment_promise_id: promiseId,
  order_number: 'A12',
  merchant_order_reference_id: 'web-991',
  ...extra,
});

const book = async (
  venueId = 'demo-venue',
  key = drive.merchantKey,
  extra: Record<string, unknown> = {},
) => {
  const promise = await newPromise(venueId, STREET, key);
  const answer = await drive.call(
    'POST',
    `/v1/venues/${venueId}/deliveries`,
    deliveryBody(promise.id, promise.dropoff.location.coordinates, extra),
    key,
  );
  expect(answer.status).toBe(201);
  return answer.body as Delivery201;
};

const advance = async (reference: string, to: string) => {
  const answer = await drive.control('POST', `/deliveries/${reference}/advance`, { to });
  expect(answer.status).toBe(200);
};

const cancel = (
  reference: string,
  key = drive.merchantKey,
  body: unknown = { reason: 'Customer called to cancel' },
) => drive.call('PATCH', `/order/${reference}/status/cancel`, body, key);

const statusOf = async (reference: string) =>
  ((await drive.control('GET', `/deliveries/${reference}`)).body as { status: string }).status;

describe('create delivery', () => {
  it('creates a delivery from a binding promise: reference, tracking reference and URL, the promised price', async () => {
    const promise = await newPromise();
    const answer = await drive.call(
      'POST',
      '/v1/venues/demo-venue/deliveries',
      deliveryBody(promise.id, promise.dropoff.location.coordinates),
    );
    expect(answer.status).toBe(201);
    const body = answer.body as Delivery201;
    expect(body.platform_order_reference_id).toMatch(/^ord_/);
    expect(body.tracking.id).toMatch(/^trk_/);
    expect(body.tracking.url).toBe(`${drive.driveUrl}/tracking/${body.tracking.id}`);
    expect(body.status).toBe('RECEIVED');
    expect(body.price.amount).toBe(promise.price.amount);
    const page = await fetch(body.tracking.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('RECEIVED');
  });

  it('refuses a non-binding promise with the reason', async () => {
    const promise = await newPromise('demo-venue', { post_code: '00120' });
    const answer = await drive.call(
      'POST',
      '/v1/venues/demo-venue/deliveries',
      deliveryBody(promise.id, promise.dropoff.location.coordinates),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'SHIPMENT_PROMISE_NOT_BINDING' });
    expect((answer.body as ErrorBody).details).toMatch(/post_code/);
  });

  it('refuses a coordinates-only promise: street and city or post_code must be added first', async () => {
    const promise = await newPromise('demo-venue', { lat: 60.172, lon: 24.95 });
    const answer = await drive.call(
      'POST',
      '/v1/venues/demo-venue/deliveries',
      deliveryBody(promise.id, { lat: 60.172, lon: 24.95 }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'SHIPMENT_PROMISE_NOT_BINDING' });
  });

  it("refuses a location that does not match the promise's", async () => {
    const promise = await newPromise();
    const moved = {
      lat: promise.dropoff.location.coordinates.lat + 0.01,
      lon: promise.dropoff.location.coordinates.lon,
    };
    const answer = await drive.call(
      'POST',
      '/v1/venues/demo-venue/deliveries',
      deliveryBody(promise.id, moved),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'DROPOFF_LOCATION_MISMATCH' });
  });

  it('refuses an unknown promise, and a promise of another venue', async () => {
    const unknown = await drive.call(
      'POST',
      '/v1/venues/demo-venue/deliveries',
      deliveryBody('sp_nope', { lat: 60, lon: 24 }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error_code: 'SHIPMENT_PROMISE_NOT_FOUND' });
    const promise = await newPromise('strict-north', STREET, STRICT_KEY);
    const wrongVenue = await drive.call(
      'POST',
      '/v1/venues/strict-south/deliveries',
      deliveryBody(promise.id, promise.dropoff.location.coordinates),
      STRICT_KEY,
    );
    expect(wrongVenue.status).toBe(400);
    expect(wrongVenue.body).toMatchObject({ error_code: 'SHIPMENT_PROMISE_VENUE_MISMATCH' });
  });

  it('refuses an expired promise', async () => {
    const promise = await newPromise();
    drive.clock.advance(601_000);
    const answer = await drive.call(
      'POST',
      '/v1/venues/demo-venue/deliveries',
      deliveryBody(promise.id, promise.dropoff.location.coordinates),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'SHIPMENT_PROMISE_EXPIRED' });
  });

  it('validates required fields with 422 and a detail per field', async () => {
    const promise = await newPromise();
    const answer = await drive.call('POST', '/v1/venues/demo-venue/deliveries', {
      shipment_promise_id: promise.id,
      dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
    });
    expect(answer.status).toBe(422);
    const locs = (answer.body as { detail: { loc: string[]; type: string }[] }).detail.map((d) =>
      d.loc.join('.'),
    );
    expect(locs).toEqual(expect.arrayContaining(['body.recipient', 'body.parcels']));
  });

  it('refuses cash when the account has no cash on delivery, accepts it when it has', async () => {
    const promise = await newPromise('late-venue', STREET, LATE_KEY);
    const refused = await drive.call(
      'POST',
      '/v1/venues/late-venue/deliveries',
      deliveryBody(promise.id, promise.dropoff.location.coordinates, {
        cash: { amount_to_collect: 2000, amount_to_expect: 2000 },
      }),
      LATE_KEY,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'CASH_NOT_ENABLED' });
    // The demo merchant has cash enabled.
    const accepted = await book('demo-venue', drive.merchantKey, {
      cash: { amount_to_collect: 2000, amount_to_expect: 2500 },
    });
    expect(accepted.status).toBe('RECEIVED');
  });
});

describe('cancel: allowed before pickup starts, late only when agreed, never after pickup', () => {
  it('cancellable (pickup not started) → 200 {status: REJECTED}', async () => {
    const delivery = await book();
    await advance(delivery.platform_order_reference_id, 'pickup_eta_updated');
    const answer = await cancel(delivery.platform_order_reference_id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'REJECTED' });
    expect(await statusOf(delivery.platform_order_reference_id)).toBe('REJECTED');
  });

  it('pickup started, late cancellation agreed → REJECTED', async () => {
    const delivery = await book('late-venue', LATE_KEY);
    await advance(delivery.platform_order_reference_id, 'pickup_arrival');
    const answer = await cancel(delivery.platform_order_reference_id, LATE_KEY);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'REJECTED' });
  });

  it('pickup started, late cancellation not agreed → 400 INVALID_ORDER_STATE_TRANSITION, unchanged', async () => {
    const delivery = await book();
    await advance(delivery.platform_order_reference_id, 'pickup_started');
    const answer = await cancel(delivery.platform_order_reference_id);
    expect(answer.status).toBe(400);
    const body = answer.body as ErrorBody;
    expect(body.error_code).toBe('INVALID_ORDER_STATE_TRANSITION');
    expect(body.reason).toMatch(/pickup/);
    expect(body.details).toMatch(/support/);
    expect(await statusOf(delivery.platform_order_reference_id)).toBe('PICKUP_STARTED');
  });

  it('picked up → 400 even with late cancellation agreed (pickup completed)', async () => {
    const delivery = await book('late-venue', LATE_KEY);
    await advance(delivery.platform_order_reference_id, 'picked_up');
    const answer = await cancel(delivery.platform_order_reference_id, LATE_KEY);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'INVALID_ORDER_STATE_TRANSITION' });
    expect(await statusOf(delivery.platform_order_reference_id)).toBe('PICKED_UP');
  });

  it('an already cancelled or delivered order → 400', async () => {
    const cancelled = await book();
    expect((await cancel(cancelled.platform_order_reference_id)).status).toBe(200);
    const again = await cancel(cancelled.platform_order_reference_id);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error_code: 'INVALID_ORDER_STATE_TRANSITION' });
    const delivered = await book();
    await advance(delivered.platform_order_reference_id, 'delivered');
    expect((await cancel(delivered.platform_order_reference_id)).status).toBe(400);
  });

  it('the reason is required (422); an unknown or foreign order is 404', async () => {
    const delivery = await book();
    const noReason = await cancel(delivery.platform_order_reference_id, drive.merchantKey, {});
    expect(noReason.status).toBe(422);
    expect((noReason.body as { detail: { loc: string[] }[] }).detail[0]?.loc).toEqual([
      'body',
      'reason',
    ]);
    expect(await statusOf(delivery.platform_order_reference_id)).toBe('RECEIVED');
    expect((await cancel('ord_unknown')).status).toBe(404);
    expect((await cancel(delivery.platform_order_reference_id, LATE_KEY)).status).toBe(404);
  });
});

describe('handshake details', () => {
  it('answers is_required and a numeric PIN when handshake is enabled', async () => {
    const delivery = await book('demo-venue', drive.merchantKey, {
      handshake_delivery: { is_required: true, should_send_sms_to_dropoff_contact: false },
    });
    const answer = await drive.call(
      'GET',
      `/order/${delivery.platform_order_reference_id}/handshake-delivery`,
    );
    expect(answer.status).toBe(200);
    const body = answer.body as { is_required: boolean; pin_code: number };
    expect(body.is_required).toBe(true);
    expect(typeof body.pin_code).toBe('number');
    expect(String(body.pin_code)).toMatch(/^\d{4}$/);
  });

  it('answers 404 HANDSHAKE_DELIVERY_NOT_ENABLED when it is not, or was asked with is_required false', async () => {
    for (const delivery of [
      await book(),
      await book('demo-venue', drive.merchantKey, {
        handshake_delivery: { is_required: false, should_send_sms_to_dropoff_contact: false },
      }),
    ]) {
      const answer = await drive.call(
        'GET',
        `/order/${delivery.platform_order_reference_id}/handshake-delivery`,
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error_code: 'HANDSHAKE_DELIVERY_NOT_ENABLED' });
    }
  });
});

describe('available venues, delivery fee, venueless orders, delivery areas', () => {
  const location = (lat: number, lon: number) => ({
    formatted_address: 'Somewhere 1, Helsinki',
    coordinates: { lat, lon },
  });

  it('lists the venues that reach the destination, fastest first', async () => {
    const answer = await drive.call(
      'POST',
      '/merchants/strict-merchant/available-venues',
      { dropoff: { location: location(60.165, 24.94) } },
      STRICT_KEY,
    );
    expect(answer.status).toBe(200);
    const venues = answer.body as {
      venue_id: string;
      name: string;
      time_estimate_minutes: number;
      price: { amount: number };
    }[];
    expect(venues.map((venue) => venue.venue_id)).toEqual(['strict-south', 'strict-north']);
    expect(venues[0]?.time_estimate_minutes).toBeLessThanOrEqual(
      venues[1]?.time_estimate_minutes ?? 0,
    );
    expect(venues[0]?.price.amount).toBeLessThan(venues[1]?.price.amount ?? 0);
  });

  it("refuses another merchant's path (403) and a body without dropoff (422)", async () => {
    const foreign = await drive.call('POST', '/merchants/strict-merchant/available-venues', {
      dropoff: { location: location(60.16, 24.94) },
    });
    expect(foreign.status).toBe(403);
    const invalid = await drive.call(
      'POST',
      '/merchants/strict-merchant/available-venues',
      {},
      STRICT_KEY,
    );
    expect(invalid.status).toBe(422);
  });

  it('quotes a fee, more with cash and heavy contents', async () => {
    const base = {
      pickup: { location: location(60.17, 24.94) },
      dropoff: { location: location(60.18, 24.95) },
    };
    const plain = await drive.call('POST', '/merchants/demo-merchant/delivery-fee', base);
    expect(plain.status).toBe(200);
    const loaded = await drive.call('POST', '/merchants/demo-merchant/delivery-fee', {
      ...base,
      cash: { amount_to_collect: 1000, amount_to_expect: 1000 },
      contents: [{ count: 2, dimensions: { weight_gram: 6000 } }],
    });
    const plainPrice = (plain.body as { price: { amount: number } }).price.amount;
    expect((loaded.body as { price: { amount: number } }).price.amount).toBe(plainPrice + 300);
  });

  it('creates a venueless delivery order and validates its required fields', async () => {
    const contact = { name: 'Aino', phone_number: '+358401234567', send_tracking_link_sms: true };
    const order = {
      pickup: {
        location: location(60.17, 24.94),
        contact_details: contact,
        display_name: 'Web shop',
      },
      dropoff: { location: location(60.18, 24.95), contact_details: contact },
      customer_support: { phone_number: '+35810000000' },
      is_no_contact: false,
      contents: [
        {
          count: 1,
          description: 'Box',
          identifier: 'B1',
          id_check_required: false,
          tags: [],
          price: { amount: 500, currency: 'EUR' },
          dimensions: { weight_gram: 500 },
        },
      ],
      tips: [],
      min_preparation_time_minutes: 15,
    };
    const created = await drive.call('POST', '/merchants/demo-merchant/delivery-order', order);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'RECEIVED',
      tracking: { id: expect.stringMatching(/^trk_/) },
    });

    const { tips: _tips, min_preparation_time_minutes: _prep, ...missing } = order;
    const invalid = await drive.call('POST', '/merchants/demo-merchant/delivery-order', missing);
    expect(invalid.status).toBe(422);
    const locs = (invalid.body as { detail: { loc: string[] }[] }).detail.map((d) =>
      d.loc.join('.'),
    );
    expect(locs.sort()).toEqual(['body.min_preparation_time_minutes', 'body.tips']);
    const tooSlow = await drive.call('POST', '/merchants/demo-merchant/delivery-order', {
      ...order,
      min_preparation_time_minutes: 61,
    });
    expect(tooSlow.status).toBe(422);
  });

  it("refuses a venueless dropoff outside the merchant's delivery areas, even when it is near the pickup", async () => {
    // Tampere: 160 km from the demo venue's area, pickup and dropoff 1 km apart.
    const answer = await drive.call('POST', '/merchants/demo-merchant/delivery-fee', {
      pickup: { location: location(61.4978, 23.761) },
      dropoff: { location: location(61.5068, 23.761) },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error_code: 'DROPOFF_OUTSIDE_OF_DELIVERY_AREA',
      details: expect.stringMatching(/delivery areas/),
    });
  });

  it('returns delivery-area polygons, closed rings that contain the venue', async () => {
    const answer = await drive.call('GET', '/merchants/demo-merchant/delivery-areas');
    expect(answer.status).toBe(200);
    const areas = answer.body as {
      id: string;
      polygon: { type: string; coordinates: [number, number][][] };
    }[];
    expect(areas).toHaveLength(1);
    const ring = areas[0]?.polygon.coordinates[0] ?? [];
    expect(areas[0]?.polygon.type).toBe('Polygon');
    expect(ring.length).toBeGreaterThanOrEqual(4);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    const lons = ring.map(([lon]) => lon);
    const lats = ring.map(([, lat]) => lat);
    expect(Math.min(...lons)).toBeLessThan(24.9384);
    expect(Math.max(...lons)).toBeGreaterThan(24.9384);
    expect(Math.min(...lats)).toBeLessThan(60.1699);
    expect(Math.max(...lats)).toBeGreaterThan(60.1699);
  });

  it('refuses delivery areas to a merchant key created before November 2025', async () => {
    const answer = await drive.call(
      'GET',
      '/merchants/strict-merchant/delivery-areas',
      undefined,
      STRICT_KEY,
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error_code: 'MERCHANT_KEY_NOT_SUPPORTED' });
  });
});
