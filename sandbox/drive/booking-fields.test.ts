// The whole create-delivery body as docs/platform.md#booking-a-courier lists it: every optional
// field is taken and kept as given, a wrong type is refused naming its field, and nothing beyond
// the service's rules is refused (no order number, a drop-off days ahead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriveHarness } from '../testing/drive-test-support';
import { startDrive } from '../testing/drive-test-support';

type Coordinates = { lat: number; lon: number };
type Detail = { loc: Array<string | number>; type: string };

const STREET = { street: 'Bulevardi 5', city: 'Helsinki', post_code: '00120' };
const DELIVERIES = '/v1/venues/demo-venue/deliveries';

let drive: DriveHarness;
beforeAll(async () => {
  drive = await startDrive({ promiseTtlSeconds: 600 });
});
afterAll(async () => {
  await drive.close();
});

const newPromise = async (extra: Record<string, unknown> = {}) => {
  const answer = await drive.call('POST', '/v1/venues/demo-venue/shipment-promises', {
    ...STREET,
    ...extra,
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; dropoff: { location: { coordinates: Coordinates } } };
};

/** The smallest body the service takes: dropoff, recipient, parcels and the promise. */
const minimal = (promise: Awaited<ReturnType<typeof newPromise>>) => ({
  dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
  recipient: { name: 'Walk-in', phone_number: '+358401234567' },
  parcels: [{ description: 'Bag of pastries', count: 1 }],
  shipment_promise_id: promise.id,
});

const locs = (body: unknown) => (body as { detail: Detail[] }).detail.map((d) => d.loc.join('.'));

describe('the create-delivery body, field by field', () => {
  it('books without order_number (it is optional) and keeps none', async () => {
    const answer = await drive.call('POST', DELIVERIES, minimal(await newPromise()));
    expect(answer.status).toBe(201);
    const { platform_order_reference_id: reference } = answer.body as {
      platform_order_reference_id: string;
    };
    const kept = await drive.control('GET', `/deliveries/${reference}`);
    expect(kept.body).toMatchObject({ order_number: null, tips: [], bag_count: null });
  });

  it('takes every optional field of the body and keeps each as given', async () => {
    const promise = await newPromise({ min_preparation_time_minutes: 15 });
    const scheduled = new Date(drive.clock.now() + 3 * 3_600_000).toISOString();
    const answer = await drive.call('POST', DELIVERIES, {
      ...minimal(promise),
      pickup: { comment: 'Ask at the bar' },
      dropoff: {
        location: { coordinates: promise.dropoff.location.coordinates },
        comment: 'Door code 1234, 3rd floor',
        options: { is_no_contact: true, scheduled_time: scheduled },
      },
      recipient: { name: 'Aino', phone_number: '+358401234567', email: 'aino@example.com' },
      parcels: [
        {
          description: 'Wine',
          identifier: 'W-1',
          count: 2,
          tags: ['alcohol'],
          dropoff_restrictions: { id_check_required: true },
        },
      ],
      sms_notifications: { received: 'Your order is on its way soon', picked_up: 'Picked up!' },
      tips: [{ type: 'pre_delivery_courier_tip', price: { amount: 250, currency: 'EUR' } }],
      bag_count: 3,
      order_number: 'A12',
      merchant_order_reference_id: 'walk-in-7',
      customer_support: { phone_number: '+35891234567' },
      language: 'fi',
    });
    expect(answer.status).toBe(201);
    const { platform_order_reference_id: reference } = answer.body as {
      platform_order_reference_id: string;
    };
    const kept = await drive.control('GET', `/deliveries/${reference}`);
    expect(kept.body).toMatchObject({
      order_number: 'A12',
      merchant_order_reference_id: 'walk-in-7',
      pickup_comment: 'Ask at the bar',
      dropoff: {
        comment: 'Door code 1234, 3rd floor',
        is_no_contact: true,
        scheduled_time: scheduled,
      },
      recipient: { email: 'aino@example.com' },
      parcels: [
        {
          description: 'Wine',
          count: 2,
          tags: ['alcohol'],
          dropoff_restrictions: { id_check_required: true },
        },
      ],
      sms_notifications: { received: 'Your order is on its way soon', picked_up: 'Picked up!' },
      tips: [{ type: 'pre_delivery_courier_tip', price: { amount: 250, currency: 'EUR' } }],
      bag_count: 3,
    });
  });

  it('refuses each optional field of a wrong shape with a 422 naming it, and books nothing', async () => {
    const promise = await newPromise();
    const before = ((await drive.control('GET', '/deliveries')).body as unknown[]).length;
    const answer = await drive.call('POST', DELIVERIES, {
      ...minimal(promise),
      pickup: { comment: 7 },
      dropoff: {
        location: { coordinates: promise.dropoff.location.coordinates },
        options: { is_no_contact: 'yes', scheduled_time: 'tomorrow' },
      },
      parcels: [{ description: 'Wine', dropoff_restrictions: { id_check_required: 'yes' } }],
      sms_notifications: { received: 12 },
      tips: [{ type: 'pre_delivery_courier_tip' }],
      bag_count: 'three',
      order_number: 5,
    });
    expect(answer.status).toBe(422);
    expect(locs(answer.body)).toEqual(
      expect.arrayContaining([
        'body.pickup.comment',
        'body.dropoff.options.is_no_contact',
        'body.dropoff.options.scheduled_time',
        'body.parcels.0.dropoff_restrictions.id_check_required',
        'body.sms_notifications.received',
        'body.tips.0.price',
        'body.bag_count',
        'body.order_number',
      ]),
    );
    expect(((await drive.control('GET', '/deliveries')).body as unknown[]).length).toBe(before);
  });

  it('refuses a scheduled drop-off within the next hour (it must be left out then), takes one a week ahead', async () => {
    const promise = await newPromise();
    const soon = new Date(drive.clock.now() + 30 * 60_000).toISOString();
    const refused = await drive.call('POST', DELIVERIES, {
      ...minimal(promise),
      dropoff: {
        location: { coordinates: promise.dropoff.location.coordinates },
        options: { scheduled_time: soon },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'INVALID_SCHEDULED_DROPOFF_TIME' });

    // The service states no latest time: ten days ahead is a pre-order like any other.
    const later = new Date(drive.clock.now() + 10 * 24 * 3_600_000).toISOString();
    const promised = await newPromise({ scheduled_dropoff_time: later });
    const accepted = await drive.call('POST', DELIVERIES, {
      ...minimal(promised),
      dropoff: {
        location: { coordinates: promised.dropoff.location.coordinates },
        options: { scheduled_time: later },
      },
    });
    expect(accepted.status).toBe(201);
  });
});

describe('"can we deliver there?" endpoints', () => {
  it('available venues: the venue for a place inside its area, none for one outside', async () => {
    const promise = await newPromise();
    const inside = await drive.call('POST', '/merchants/demo-merchant/available-venues', {
      dropoff: {
        location: {
          formatted_address: 'Bulevardi 5, 00120 Helsinki',
          coordinates: promise.dropoff.location.coordinates,
        },
      },
    });
    expect(inside.status).toBe(200);
    expect((inside.body as Array<{ venue_id: string }>).map((v) => v.venue_id)).toContain(
      'demo-venue',
    );

    const outside = await drive.call('POST', '/merchants/demo-merchant/available-venues', {
      dropoff: {
        location: { formatted_address: 'Tampere', coordinates: { lat: 61.5, lon: 23.76 } },
      },
    });
    expect(outside.status).toBe(200);
    expect(outside.body).toEqual([]);
  });

  it('a shipment promise for a place outside the area is refused with the outside-area code', async () => {
    const answer = await drive.call('POST', '/v1/venues/demo-venue/shipment-promises', {
      street: 'Hämeenkatu 1',
      city: 'Tampere',
      lat: 61.4978,
      lon: 23.761,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error_code: 'DROPOFF_OUTSIDE_OF_DELIVERY_AREA' });
  });
});
