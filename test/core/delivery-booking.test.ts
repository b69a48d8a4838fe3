// The whole booking form through the core, against the sandbox's delivery service over real
// sockets: what staff fill in reaches the service under its own field names, a walk-in books
// without an order number, "can we deliver there?" answers both ways, and the courier's position
// becomes a distance from the venue, then from the customer. Nothing is mocked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierWhereabouts } from '../../shared/courier-whereabouts';
import { decodeRefusal, storedText } from '../../shared/refusals';
import type { Delivery } from '../../shared/domain';
import type { Core } from '../../main/core';
import { invokeChannel } from '../../main/host/dispatch';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const ADDRESS = { street: 'Mannerheimintie 10 B 4', postCode: '00100', city: 'Helsinki' };
/** Tampere: 160 km from the demo venue in Helsinki. */
const FAR = { street: 'Hämeenkatu 1', postCode: '33100', city: 'Tampere' };

let world: World;
let core: Core;

type SandboxDelivery = {
  status: string;
  order_number: string | null;
  merchant_order_reference_id: string | null;
  pickup_comment: string | null;
  recipient: { name: string; phone_number: string; email?: string };
  parcels: Array<{
    description: string;
    count: number;
    identifier?: string;
    tags?: string[];
    dropoff_restrictions?: { id_check_required: boolean };
  }>;
  dropoff: { comment: string | null; is_no_contact: boolean; scheduled_time: string | null };
  tips: Array<{ type: string; price: { amount: number; currency: string } }>;
  sms_notifications: { received?: string; picked_up?: string } | null;
  bag_count: number | null;
  pickup_eta: string;
};

const sandboxDelivery = async (reference: string) =>
  (await world.control<SandboxDelivery>('GET', `/drive/deliveries/${reference}`)).json;
const advance = async (reference: string, to: string) => {
  const answer = await world.control('POST', `/drive/deliveries/${reference}/advance`, { to });
  if (answer.status !== 200) throw new Error(`advance: ${answer.status}`);
};
const deliveryWhere = (what: string, id: string, check: (d: Delivery) => boolean) =>
  waitFor(what, async () => {
    const d = (await core.api['delivery:list']({})).find((one) => one.id === id);
    return d && check(d) ? d : undefined;
  });

beforeAll(async () => {
  world = await startWorld();
  core = await world.startCore({ reconcileIntervalMs: 1000 });
  await world.connect(core);
  const demo = (
    await world.control<{ merchant_id: string; merchant_key: string; venue_id: string }>(
      'GET',
      '/drive/demo',
    )
  ).json;
  await core.api['delivery:configure']({
    driveUrl: world.sandbox.driveUrl,
    merchantId: demo.merchant_id,
    merchantKey: demo.merchant_key,
    venueId: demo.venue_id,
  });
}, 30_000);
afterAll(async () => {
  await world.close();
});

describe('the booking form through the core', () => {
  it('books a walk-in without an order number, every field reaching the service by its own name', async () => {
    const quote = await core.api['delivery:quote']({ ...ADDRESS, minPreparationMinutes: 15 });
    expect(quote).toMatchObject({ binding: true, preparationMinutes: 15, scheduledDropoff: null });
    // Ready in 15 minutes, not the 30 the service assumes.
    const readyIn = (Date.parse(quote.pickupEta ?? '') - world.now().getTime()) / 60_000;
    expect(readyIn).toBeGreaterThan(13);
    expect(readyIn).toBeLessThan(17);

    const { deliveryId } = await core.api['delivery:book']({
      promiseId: quote.promiseId,
      recipient: { name: 'Walk-in guest', phone: '+358 40 123 4567', email: 'guest@example.com' },
      parcels: [{ description: 'Wine and cheese', count: 2, idCheck: true }],
      orderNumber: '',
      pickupComment: 'Bag is behind the bar',
      dropoffComment: 'Door code 1234',
      smsReceived: 'A courier is on the way to us for your order',
      smsPickedUp: 'Your order is on its way',
      tip: 250,
      bagCount: 2,
    });
    const booked = await deliveryWhere('booked', deliveryId, (d) => d.reference !== null);
    expect(booked).toMatchObject({ orderNumber: null, idCheck: true, noContact: false });

    const taken = await sandboxDelivery(booked.reference as string);
    expect(taken.order_number).toBeNull();
    expect(taken.merchant_order_reference_id).toBe(deliveryId);
    expect(taken).toMatchObject({
      pickup_comment: 'Bag is behind the bar',
      recipient: {
        name: 'Walk-in guest',
        phone_number: '+358 40 123 4567',
        email: 'guest@example.com',
      },
      dropoff: { comment: 'Door code 1234', is_no_contact: false, scheduled_time: null },
      sms_notifications: {
        received: 'A courier is on the way to us for your order',
        picked_up: 'Your order is on its way',
      },
      tips: [{ type: 'pre_delivery_courier_tip', price: { amount: 250, currency: 'EUR' } }],
      bag_count: 2,
    });
    expect(taken.parcels).toEqual([
      expect.objectContaining({
        description: 'Wine and cheese',
        count: 2,
        tags: ['alcohol'],
        dropoff_restrictions: { id_check_required: true },
      }),
    ]);
    // Told apart by the booking's own id when there is no order number.
    expect(taken.parcels[0]?.identifier).toBe(`${deliveryId.slice(0, 8)}-1`);
  });

  it('a scheduled, no-contact drop-off: the time goes to the promise and the delivery', async () => {
    const at = new Date(world.now().getTime() + 3 * 3_600_000);
    at.setUTCSeconds(0, 0);
    const quote = await core.api['delivery:quote']({
      ...ADDRESS,
      scheduledDropoff: at.toISOString(),
    });
    expect(quote.scheduledDropoff).toBe(at.toISOString());
    const { deliveryId } = await core.api['delivery:book']({
      promiseId: quote.promiseId,
      recipient: { name: 'Grace', phone: '+358401234567' },
      parcels: [{ description: 'Cake', count: 1 }],
      orderNumber: 'C7',
      noContact: true,
    });
    const booked = await deliveryWhere('booked', deliveryId, (d) => d.reference !== null);
    expect(booked).toMatchObject({ scheduledDropoff: at.toISOString(), noContact: true });
    const taken = await sandboxDelivery(booked.reference as string);
    expect(taken.dropoff).toMatchObject({ is_no_contact: true, scheduled_time: at.toISOString() });
    expect(taken.order_number).toBe('C7');
  });

  it('the IPC boundary checks a booking with the same rules and books nothing it refuses', async () => {
    const before = (await core.api['delivery:list']({})).length;
    const refused = await invokeChannel(core.api, 'delivery:book', {
      promiseId: 'sp_x',
      recipient: { name: '', phone: '+358401234567' },
      parcels: [{ description: 'Cake', count: 100 }],
      noContact: true,
      handshake: true,
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) throw new Error('unreachable');
    expect(refused.error.code).toBe('invalid-request');
    expect(refused.error.message).toContain('recipient.name: Enter the customer’s name');
    expect(refused.error.message).toContain('parcels.0.count: At most 99');
    expect(refused.error.message).toContain('A PIN needs someone at the door');
    const tooLong = await invokeChannel(core.api, 'delivery:quote', {
      ...ADDRESS,
      minPreparationMinutes: 61,
    });
    expect(tooLong.ok).toBe(false);
    expect((await core.api['delivery:list']({})).length).toBe(before);
  });

  it('refuses a drop-off within the hour and an address beyond reach, in staff words', async () => {
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    await expect(
      core.api['delivery:quote']({ ...ADDRESS, scheduledDropoff: soon }),
    ).rejects.toThrow('Pick a time more than an hour from now, or “As soon as possible”');
    await expect(core.api['delivery:quote']({ ...FAR })).rejects.toThrow(
      'This address is outside the courier delivery area.',
    );
    // Each reason crosses to the screen as its own code, for the screen to word in its language.
    const far = await invokeChannel(core.api, 'delivery:quote', { ...FAR });
    expect(far).toMatchObject({
      ok: false,
      error: { code: 'failed', refusal: { key: 'courier-outside-area', values: [] } },
    });
    const early = await invokeChannel(core.api, 'delivery:quote', {
      ...ADDRESS,
      scheduledDropoff: soon,
    });
    expect(early).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', refusal: { key: 'courier-time-too-soon', values: [] } },
    });
  });
});

describe('can we deliver to this address?', () => {
  it('yes inside the area, with the price and time; no outside it', async () => {
    const inside = await core.api['delivery:check-area']({ ...ADDRESS });
    expect(inside).toMatchObject({ deliverable: true, approximate: false });
    if (!inside.deliverable) throw new Error('unreachable');
    expect(inside.price?.amount).toBeGreaterThan(0);
    expect(inside.minutes).toBeGreaterThan(0);
    expect(inside.formattedAddress).toContain('Mannerheimintie');

    const rough = await core.api['delivery:check-area']({
      street: '',
      postCode: '00100',
      city: '',
    });
    expect(rough).toMatchObject({ deliverable: true, approximate: true });

    const outside = await core.api['delivery:check-area']({ ...FAR });
    expect(outside).toEqual({
      deliverable: false,
      formattedAddress: 'Hämeenkatu 1, 33100 Tampere',
      reason: { key: 'courier-outside-area', values: [] },
    });
  });
});

describe('where the courier is', () => {
  it('a distance from the venue on the way there, from the customer after the pickup, updating', async () => {
    const quote = await core.api['delivery:quote']({ ...ADDRESS });
    const { deliveryId } = await core.api['delivery:book']({
      promiseId: quote.promiseId,
      recipient: { name: 'Grace', phone: '+358401234567' },
      parcels: [{ description: 'Pizza', count: 1 }],
    });
    const booked = await deliveryWhere('booked', deliveryId, (d) => d.reference !== null);
    const reference = booked.reference as string;
    expect(booked.pickupLocation).not.toBeNull();

    await advance(reference, 'pickup_started');
    const coming = await deliveryWhere(
      'courier coming',
      deliveryId,
      (d) => d.status === 'pickup_started' && d.courierLocation !== null,
    );
    const far = courierWhereabouts(coming);
    // The sandbox's courier sets out 2 km from the venue, by bicycle.
    expect(far).toMatchObject({ from: 'venue', vehicle: 'bike' });
    expect(far?.meters).toBeGreaterThan(1900);
    expect(far?.meters).toBeLessThan(2100);

    // The position updates as the events arrive (the location event may come after the status).
    await advance(reference, 'pickup_arrival');
    const near = await deliveryWhere(
      'courier at the venue',
      deliveryId,
      (d) => d.status === 'pickup_arrival' && (courierWhereabouts(d)?.meters ?? Infinity) < 150,
    );
    expect(courierWhereabouts(near)?.from).toBe('venue');

    await advance(reference, 'dropoff_started');
    const away = await deliveryWhere(
      'on the way',
      deliveryId,
      (d) => d.status === 'dropoff_started' && courierWhereabouts(d)?.from === 'customer',
    );
    const toCustomer = courierWhereabouts(away);
    expect(toCustomer?.meters).toBeGreaterThan(400);
  });
});

describe('a self-delivery order keeps what a courier booking needs', () => {
  it("the customer's address and phone reach the order as the platform sent them", async () => {
    const placed = await world.placeOrder({ type: 'homedelivery', self_delivery: true });
    const order = await waitFor('the order', async () =>
      (await core.api['orders:list']({})).find((o) => o.id === placed.id),
    );
    expect(order.selfDelivery).toBe(true);
    expect(order.consumerPhone).toMatch(/^\+358/);
    const address = order.deliveryAddress;
    expect(address).toMatchObject({
      street: expect.stringMatching(/\w+ \d+/),
      postCode: expect.stringMatching(/^\d{5}$/),
      city: 'Helsinki',
    });
    expect(address?.formatted).toContain(address?.street ?? '');
    expect(order.deliveryAddress?.lat).toBeCloseTo(60.2, 0);
  });
});

describe('a refused booking', () => {
  // Last in the file: it moves the sandbox's clock on.
  it("keeps why as a code the screen words in its language, not the service's words", async () => {
    const quote = await core.api['delivery:quote']({ ...ADDRESS });
    // The offer runs out (the sandbox's promises last 10 minutes) before it is booked.
    await world.advance(11 * 60);
    const { deliveryId } = await core.api['delivery:book']({
      promiseId: quote.promiseId,
      recipient: { name: 'Grace', phone: '+358401234567' },
      parcels: [{ description: 'Cake', count: 1 }],
    });
    const refused = await deliveryWhere(
      'refused',
      deliveryId,
      (d) => d.pending?.state === 'failed',
    );
    const kept = refused.pending?.error ?? '';
    expect(decodeRefusal(kept)).toEqual({ key: 'courier-offer-expired', values: [] });
    expect(storedText(kept, 'en')).toBe('The price offer ran out: get a new price and time.');
    // A Finnish counter reads it in Finnish, a German one in German: nothing of it stays English.
    expect(storedText(kept, 'fi')).toBe('Hintatarjous vanheni: hae uusi hinta ja aika.');
    expect(storedText(kept, 'de')).toBe(
      'Das Preisangebot ist abgelaufen: neuen Preis und Zeit holen.',
    );
    expect(kept).not.toMatch(/SHIPMENT_PROMISE|ran out/);
  });
});
