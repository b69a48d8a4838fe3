import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveHarness } from '../testing/drive-test-support';
import { startDrive } from '../testing/drive-test-support';

type Promise201 = {
  id: string;
  is_binding: boolean;
  non_binding_reason: string | null;
  accuracy: string;
  address_mix_up_risk: boolean;
  valid_until: string;
  price: { amount: number; currency: string };
  time_estimate_minutes: number;
  pickup: { eta: string; options: { min_preparation_time_minutes: number } };
  dropoff: {
    eta: string;
    location: { formatted_address: string; coordinates: { lat: number; lon: number } };
  };
};

const STREET = { street: 'Mannerheimintie 10 B 4', city: 'Helsinki', post_code: '00100' };
const PROMISES = '/v1/venues/demo-venue/shipment-promises';

let drive: DriveHarness;
beforeAll(async () => {
  drive = await startDrive();
});
afterAll(async () => {
  await drive.close();
});

const promise = async (body: unknown) => {
  const answer = await drive.call('POST', PROMISES, body);
  return { status: answer.status, body: answer.body as Promise201 };
};

describe('shipment promises: binding only with a street and a city or post code', () => {
  it('lat + lon + street + post_code + city is binding and accurate, at the given coordinates', async () => {
    const { status, body } = await promise({ ...STREET, lat: 60.171, lon: 24.941 });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      is_binding: true,
      non_binding_reason: null,
      accuracy: 'accurate',
      address_mix_up_risk: false,
    });
    expect(body.dropoff.location.coordinates).toEqual({ lat: 60.171, lon: 24.941 });
    expect(body.dropoff.location.formatted_address).toBe('Mannerheimintie 10 B 4, 00100 Helsinki');
  });

  it('street + post_code + city is binding without mix-up risk', async () => {
    const { status, body } = await promise(STREET);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      is_binding: true,
      accuracy: 'accurate',
      address_mix_up_risk: false,
    });
  });

  it.each([
    ['street + city', { street: STREET.street, city: STREET.city }],
    ['street + post_code', { street: STREET.street, post_code: STREET.post_code }],
  ])('%s is binding with risk of address mix-up', async (_name, body) => {
    const answer = await promise(body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      is_binding: true,
      accuracy: 'accurate',
      address_mix_up_risk: true,
    });
  });

  it.each([
    ['post_code only', { post_code: '00100' }, /post_code/],
    ['city only', { city: 'Helsinki' }, /city/],
  ])('%s is a non-binding rough estimate, with the reason', async (_name, body, mention) => {
    const answer = await promise(body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ is_binding: false, accuracy: 'area' });
    expect(answer.body.non_binding_reason).toMatch(mention);
    expect(answer.body.price.amount).toBeGreaterThan(0);
  });

  it('lat + lon is non-binding but accurate, and says street and city or post_code must be added', async () => {
    const { status, body } = await promise({ lat: 60.18, lon: 24.95 });
    expect(status).toBe(201);
    expect(body).toMatchObject({ is_binding: false, accuracy: 'accurate' });
    expect(body.non_binding_reason).toMatch(/street and city or post_code/);
  });

  it('an empty body names what is missing (400), nothing stored', async () => {
    const answer = await drive.call('POST', PROMISES, {});
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'INVALID_PAYLOAD' });
  });

  it('the same address always lands on the same spot', async () => {
    const first = await promise(STREET);
    const second = await promise(STREET);
    expect(second.body.dropoff.location.coordinates).toEqual(
      first.body.dropoff.location.coordinates,
    );
    expect(second.body.id).not.toBe(first.body.id);
  });
});

describe('shipment promises: price, ETA, preparation time and scheduling', () => {
  it('answers a price in minor units and ETAs consistent with the 30-minute default preparation', async () => {
    const now = drive.clock.now();
    const { body } = await promise(STREET);
    expect(Number.isInteger(body.price.amount)).toBe(true);
    expect(body.price.currency).toBe('EUR');
    expect(body.pickup.options.min_preparation_time_minutes).toBe(30);
    expect(Date.parse(body.pickup.eta) - now).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(Date.parse(body.dropoff.eta)).toBeGreaterThan(Date.parse(body.pickup.eta));
    expect(body.time_estimate_minutes).toBe(
      Math.round((Date.parse(body.dropoff.eta) - now) / 60_000),
    );
  });

  it('a farther destination costs more', async () => {
    const near = await promise({ ...STREET, lat: 60.171, lon: 24.94 });
    const far = await promise({ ...STREET, lat: 60.2, lon: 24.99 });
    expect(far.body.price.amount).toBeGreaterThan(near.body.price.amount);
    expect(far.body.time_estimate_minutes).toBeGreaterThan(near.body.time_estimate_minutes);
  });

  it('accepts min_preparation_time_minutes 60 and refuses 61 with a 422 naming the field', async () => {
    expect((await promise({ ...STREET, min_preparation_time_minutes: 60 })).status).toBe(201);
    const answer = await drive.call('POST', PROMISES, {
      ...STREET,
      min_preparation_time_minutes: 61,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      detail: [
        expect.objectContaining({
          loc: ['body', 'min_preparation_time_minutes'],
          type: 'less_than_equal',
        }),
      ],
    });
  });

  it('refuses a scheduled_dropoff_time within the next hour (400) and accepts one later', async () => {
    const soon = new Date(drive.clock.now() + 50 * 60_000).toISOString();
    const refused = await drive.call('POST', PROMISES, { ...STREET, scheduled_dropoff_time: soon });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'INVALID_SCHEDULED_DROPOFF_TIME' });
    expect((refused.body as { reason: string }).reason).toMatch(/within the next hour/);

    const later = new Date(drive.clock.now() + 3 * 3_600_000).toISOString();
    const accepted = await promise({ ...STREET, scheduled_dropoff_time: later });
    expect(accepted.status).toBe(201);
    // The courier is planned to arrive around the scheduled time, not 40 minutes from now.
    expect(Math.abs(Date.parse(accepted.body.dropoff.eta) - Date.parse(later))).toBeLessThan(
      10 * 60_000,
    );
  });

  it('refuses a malformed scheduled_dropoff_time and a lone lat with 422', async () => {
    const malformed = await drive.call('POST', PROMISES, {
      ...STREET,
      scheduled_dropoff_time: 'tomorrow',
    });
    expect(malformed.status).toBe(422);
    expect((malformed.body as { detail: { loc: string[] }[] }).detail[0]?.loc).toEqual([
      'body',
      'scheduled_dropoff_time',
    ]);
    const loneLat = await drive.call('POST', PROMISES, { ...STREET, lat: 60.17 });
    expect(loneLat.status).toBe(422);
    expect((loneLat.body as { detail: { loc: string[] }[] }).detail[0]?.loc).toEqual([
      'body',
      'lon',
    ]);
  });

  it('refuses a destination outside the delivery area', async () => {
    const answer = await drive.call('POST', PROMISES, { ...STREET, lat: 61.5, lon: 23.8 });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'DROPOFF_OUTSIDE_OF_DELIVERY_AREA' });
  });
});

describe('authentication and ownership', () => {
  it('answers 401 {detail: "Unauthorized"} without a key or with a wrong one', async () => {
    for (const key of [null, 'not-a-key']) {
      const answer = await drive.call('POST', PROMISES, STREET, key);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ detail: 'Unauthorized' });
    }
  });

  it("refuses another merchant's venue (403) and an unknown venue (404)", async () => {
    const registered = await drive.control('POST', '/merchants', {
      merchant_id: 'other-merchant',
      merchant_key: 'other-merchant-key-0123456789',
      venues: [{ venue_id: 'other-venue', name: 'Other', lat: 60.2, lon: 24.9 }],
    });
    expect(registered.status).toBe(201);
    const foreign = await drive.call('POST', '/v1/venues/other-venue/shipment-promises', STREET);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error_code: 'FORBIDDEN' });
    const own = await drive.call(
      'POST',
      '/v1/venues/other-venue/shipment-promises',
      STREET,
      'other-merchant-key-0123456789',
    );
    expect(own.status).toBe(201);
    const unknown = await drive.call('POST', '/v1/venues/nowhere/shipment-promises', STREET);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_code: 'VENUE_NOT_FOUND' });
  });

  it('answers malformed JSON with 400 INVALID_PAYLOAD', async () => {
    const answer = await drive.call('POST', PROMISES, '{"street": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'INVALID_PAYLOAD' });
  });
});

describe('routing', () => {
  it('answers an unknown path 404 and a wrong method 405, in the Drive API shapes', async () => {
    const unknown = await drive.call('GET', '/v2/anything');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error_code: 'NOT_FOUND' });
    const wrongMethod = await drive.call('GET', PROMISES);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toEqual({ detail: 'Method Not Allowed' });
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });
});
