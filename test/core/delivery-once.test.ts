// A booking is sent once (docs/architecture.md#resending-actions): the sandbox's delivery service
// books the courier and its answer is lost (the drop_answers fault), and the terminal never sends
// the booking again by itself. Real sandbox, relay and core; nothing is mocked.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../shared/domain';
import type { Core } from '../../main/core';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const ADDRESS = { street: 'Mannerheimintie 10 B 4', postCode: '00100', city: 'Helsinki' };
/** How long after a lost answer staff may decide, shortened for the test. */
const CHECK_MS = 1_500;

type SandboxDelivery = {
  platform_order_reference_id: string;
  merchant_order_reference_id: string | null;
  status: string;
};

let world: World;
let core: Core;

const sandboxDeliveries = async () =>
  (await world.control<SandboxDelivery[]>('GET', '/drive/deliveries')).json;
const delivery = async (id: string): Promise<Delivery | undefined> =>
  (await core.api['delivery:list']({})).find((d) => d.id === id);
const deliveryWhere = (what: string, id: string, check: (d: Delivery) => boolean) =>
  waitFor(what, async () => {
    const d = await delivery(id);
    return d && check(d) ? d : undefined;
  });
/** The create-delivery rows of a delivery, with their tries. */
const bookingTries = (id: string) =>
  core.api['outbox:list']({}).then((rows) =>
    rows.filter((row) => row.kind === 'delivery-create' && row.subject === `delivery:${id}`),
  );

/** Quotes, then books with the answer lost (and the events too when `eventsLost`). */
const bookWithLostAnswer = async (orderNumber: string, eventsLost: boolean) => {
  const quote = await core.api['delivery:quote']({ ...ADDRESS });
  const before = (await sandboxDeliveries()).length;
  await world.faults({ drop_answers: 1, ...(eventsLost ? { drop_webhooks: 1 } : {}) });
  const { deliveryId } = await core.api['delivery:book']({
    promiseId: quote.promiseId,
    recipient: { name: 'Grace Hopper', phone: '+358401234567' },
    parcels: [{ description: 'Pizza box', count: 1 }],
    orderNumber,
  });
  // The service booked it; its answer never left.
  await waitFor('the sandbox booked it', async () =>
    (await sandboxDeliveries()).length > before ? true : undefined,
  );
  await waitFor('the booking settled', async () =>
    (await bookingTries(deliveryId)).every((row) => row.state === 'done') ? true : undefined,
  );
  await world.faults({ drop_answers: 0, drop_webhooks: 0 });
  return deliveryId;
};

beforeAll(async () => {
  world = await startWorld();
  core = await world.startCore({ bookingCheckMs: CHECK_MS, backoff: { baseMs: 20, capMs: 100 } });
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
afterEach(async () => {
  await world.faults({ drop_answers: 0, drop_webhooks: 0 });
});
afterAll(async () => {
  await world.close();
});

describe('a courier booking whose answer is lost', () => {
  it('books one courier for one tap, sent once, and follows it from its event', async () => {
    const deliveryId = await bookWithLostAnswer('L1', false);
    const booked = await deliveryWhere('the event named the booking', deliveryId, (d) =>
      Boolean(d.reference),
    );
    const ours = (await sandboxDeliveries()).filter(
      (d) => d.merchant_order_reference_id === deliveryId,
    );
    expect(ours).toHaveLength(1);
    expect(booked.reference).toBe(ours[0]?.platform_order_reference_id);
    expect(booked.bookingCheck).toBeNull();
    expect(booked.status).toBe('received');
    const tries = await bookingTries(deliveryId);
    expect(tries.map((row) => [row.state, row.attempts])).toEqual([['done', 1]]);
  });

  it('shows "checking" while no event names it, lets staff decide after a while, and books again once', async () => {
    const deliveryId = await bookWithLostAnswer('L2', true);
    const checking = await delivery(deliveryId);
    expect(checking?.status).toBe('booking');
    expect(checking?.reference).toBeNull();
    expect(checking?.bookingCheck).toMatchObject({ staffMayDecide: false });
    await expect(core.api['delivery:rebook']({ deliveryId })).rejects.toThrow(/Still checking/);
    // Nothing is resent meanwhile.
    expect(
      (await sandboxDeliveries()).filter((d) => d.merchant_order_reference_id === deliveryId),
    ).toHaveLength(1);

    await deliveryWhere(
      'staff may decide',
      deliveryId,
      (d) => d.bookingCheck?.staffMayDecide === true,
    );
    const before = (await sandboxDeliveries()).length;
    await core.api['delivery:rebook']({ deliveryId });
    await expect(core.api['delivery:rebook']({ deliveryId })).rejects.toThrow();
    const rebooked = await deliveryWhere('booked again', deliveryId, (d) => Boolean(d.reference));
    const after = await sandboxDeliveries();
    expect(after).toHaveLength(before + 1);
    const second = after.find((d) => d.platform_order_reference_id === rebooked.reference);
    // A booking of its own: a new merchant_order_reference_id, not the lost one's.
    expect(second?.merchant_order_reference_id).toBeTruthy();
    expect(second?.merchant_order_reference_id).not.toBe(deliveryId);
    expect(rebooked.bookingCheck).toBeNull();

    // The lost attempt was made after all, and its next event now arrives: a second courier.
    // The terminal shows it as a delivery of its own and cancels it with the service.
    const first = after.find((d) => d.merchant_order_reference_id === deliveryId);
    const firstRef = first?.platform_order_reference_id as string;
    expect(
      (
        await world.control('POST', `/drive/deliveries/${firstRef}/advance`, {
          to: 'pickup_eta_updated',
        })
      ).status,
    ).toBe(200);
    await waitFor('the second courier cancelled', async () =>
      (await sandboxDeliveries()).find((d) => d.platform_order_reference_id === firstRef)
        ?.status === 'REJECTED'
        ? true
        : undefined,
    );
    const list = await core.api['delivery:list']({});
    const stray = list.find((d) => d.reference === firstRef);
    expect(stray).toBeDefined();
    expect(stray?.id).not.toBe(deliveryId);
    await deliveryWhere('shown cancelled', stray?.id as string, (d) => d.status === 'rejected');
    // The booking staff kept is untouched.
    expect(await delivery(deliveryId)).toMatchObject({ reference: rebooked.reference });
    expect(
      (await sandboxDeliveries()).find((d) => d.platform_order_reference_id === rebooked.reference)
        ?.status,
    ).not.toBe('REJECTED');
  });

  it('cancelled by staff while unconfirmed, and booked after all: the terminal cancels it with the service', async () => {
    const deliveryId = await bookWithLostAnswer('L3', true);
    await deliveryWhere(
      'staff may decide',
      deliveryId,
      (d) => d.bookingCheck?.staffMayDecide === true,
    );
    await core.api['delivery:cancel']({ deliveryId, reason: 'Customer left' });
    const dropped = await delivery(deliveryId);
    expect(dropped).toMatchObject({ status: 'rejected', bookingCheck: null });
    // The lost booking's next event reaches the terminal: it was booked after all.
    const lost = (await sandboxDeliveries()).find(
      (d) => d.merchant_order_reference_id === deliveryId,
    );
    expect(lost?.status).not.toBe('REJECTED');
    const reference = lost?.platform_order_reference_id as string;
    const advanced = await world.control('POST', `/drive/deliveries/${reference}/advance`, {
      to: 'pickup_eta_updated',
    });
    expect(advanced.status).toBe(200);
    await waitFor('the service cancelled it', async () =>
      (await sandboxDeliveries()).find((d) => d.platform_order_reference_id === reference)
        ?.status === 'REJECTED'
        ? true
        : undefined,
    );
    expect(await delivery(deliveryId)).toMatchObject({ reference, status: 'rejected' });
  });
});
