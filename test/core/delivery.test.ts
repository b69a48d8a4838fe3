// Courier delivery (docs/platform.md#delivery-service) through the core: a real sandbox with its
// delivery service, a real relay that receives the delivery webhooks, and the core polling it.
// Nothing is mocked.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../shared/domain';
import type { Core } from '../../main/core';
import { createTerminal } from '../../relay/terminals';
import { putDeliverySecret } from '../../relay/testing/test-support';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const ADDRESS = { street: 'Mannerheimintie 10 B 4', postCode: '00100', city: 'Helsinki' };

let world: World;
let core: Core;
let demo: { merchant_id: string; merchant_key: string; venue_id: string };

type SandboxDelivery = {
  status: string;
  stage: string;
  handshake: { is_required: boolean; pin_code: number } | null;
  rejected_reason: string | null;
};
/** An event as the sandbox's delivery service sent it (its control API's log). */
type SentEvent = { type: string; delivered: boolean; duplicated: boolean };
type Webhook = { id: string; callback_url: string; disabled: boolean; subscribed_events: string[] };

const drive = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${world.sandbox.driveUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${demo.merchant_key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
};
const webhooks = () => drive<Webhook[]>('GET', `/v1/merchants/${demo.merchant_id}/webhooks`);
/** The address the venue's webhook must point at: the relay, per venue. */
const venueHook = () => `${world.relay.url}/hooks/delivery/${demo.venue_id}`;
/** Reads a setting of the core's database, as the core stored it. */
const setting = (key: string): unknown => {
  const db = new BetterSqlite3(join(world.dir, 'core', 'countertop.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row ? JSON.parse(row.value) : null;
  } finally {
    db.close();
  }
};
const sandboxDelivery = async (reference: string) =>
  (await world.control<SandboxDelivery>('GET', `/drive/deliveries/${reference}`)).json;
const advance = async (reference: string, body: { to?: string; order?: string } = {}) => {
  const answer = await world.control('POST', `/drive/deliveries/${reference}/advance`, body);
  if (answer.status !== 200)
    throw new Error(`advance: ${answer.status} ${JSON.stringify(answer.json)}`);
};
const delivery = async (id: string): Promise<Delivery | undefined> =>
  (await core.api['delivery:list']({})).find((d) => d.id === id);
const deliveryWhere = (what: string, id: string, check: (d: Delivery) => boolean) =>
  waitFor(what, async () => {
    const d = await delivery(id);
    return d && check(d) ? d : undefined;
  });

/** The event types the terminal stored for a delivery, read from its database. */
const storedEventTypes = (reference: string): string[] => {
  const db = new BetterSqlite3(join(world.dir, 'core', 'countertop.db'), { readonly: true });
  try {
    const rows = db
      .prepare('SELECT type FROM delivery_events WHERE reference = ?')
      .all(reference) as Array<{ type: string }>;
    return rows.map((row) => row.type);
  } finally {
    db.close();
  }
};

/** Quotes the address and books a courier; resolves once the platform accepted the booking. */
const book = async (orderNumber: string, extra: { handshake?: boolean } = {}) => {
  const quote = await core.api['delivery:quote']({ ...ADDRESS });
  expect(quote.binding).toBe(true);
  const { deliveryId } = await core.api['delivery:book']({
    promiseId: quote.promiseId,
    recipient: { name: 'Grace Hopper', phone: '+358401234567' },
    parcels: [{ description: 'Pizza box', count: 2 }],
    orderNumber,
    ...extra,
  });
  const booked = await deliveryWhere('booked', deliveryId, (d) => d.reference !== null);
  return { quote, deliveryId, reference: booked.reference as string };
};

beforeAll(async () => {
  world = await startWorld();
  // A one-second tick so the webhook upkeep is observable.
  core = await world.startCore({ reconcileIntervalMs: 1000 });
  await world.connect(core);
  demo = (await world.control<typeof demo>('GET', '/drive/demo')).json;
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

describe('courier delivery through the core', () => {
  it("registers one webhook at the relay's address for the venue, subscribed to courier locations, and re-enables it", async () => {
    const state = await core.api['delivery:get']({});
    expect(state).toMatchObject({
      configured: true,
      merchantId: demo.merchant_id,
      webhookError: null,
    });
    let hooks = await webhooks();
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({
      id: state.webhook?.id,
      callback_url: venueHook(),
      disabled: false,
    });
    expect(hooks[0]?.subscribed_events).toContain('order.location_updated');

    // Configuring again finds the webhook instead of adding a second one.
    await core.api['delivery:configure']({
      driveUrl: world.sandbox.driveUrl,
      merchantId: demo.merchant_id,
      merchantKey: demo.merchant_key,
      venueId: demo.venue_id,
    });
    hooks = await webhooks();
    expect(hooks).toHaveLength(1);

    // Someone disables it on the platform: the core's upkeep turns it back on.
    await drive('PATCH', `/v1/merchants/${demo.merchant_id}/webhooks/${hooks[0]?.id}`, {
      disabled: true,
    });
    await waitFor('webhook re-enabled', async () => (await webhooks())[0]?.disabled === false);
    expect(await webhooks()).toHaveLength(1);
  });

  it('refuses a wrong merchant key and keeps the working set-up', async () => {
    await expect(
      core.api['delivery:configure']({
        driveUrl: world.sandbox.driveUrl,
        merchantId: demo.merchant_id,
        merchantKey: 'not-the-merchant-key',
        venueId: demo.venue_id,
      }),
    ).rejects.toMatchObject({ bridge: { code: 'failed' } });
    // The earlier key and the venue's secret stay (the relay got a new one first, then the kept
    // one back from the upkeep): the tests below book with them and their events verify.
    const quote = await core.api['delivery:quote']({ ...ADDRESS });
    expect(quote.binding).toBe(true);
  });

  it("refuses a set-up for a venue that is not the terminal's: the relay takes no secret for it", async () => {
    const webhooksBefore = await webhooks();
    await expect(
      core.api['delivery:configure']({
        driveUrl: world.sandbox.driveUrl,
        merchantId: demo.merchant_id,
        merchantKey: demo.merchant_key,
        venueId: 'a-venue-of-someone-else',
      }),
    ).rejects.toMatchObject({
      bridge: {
        code: 'failed',
        message: expect.stringMatching(/not for venue a-venue-of-someone-else/),
      },
    });
    // Nothing registered for that venue, and the working set-up stays.
    expect(await webhooks()).toEqual(webhooksBefore);
    expect((await core.api['delivery:get']({})).venueId).toBe(demo.venue_id);
    const quote = await core.api['delivery:quote']({ ...ADDRESS });
    expect(quote.binding).toBe(true);
  });

  it('books from a binding promise and follows the courier to delivered', async () => {
    const { quote, deliveryId, reference } = await book('A1', { handshake: true });
    expect(quote.price?.amount).toBeGreaterThan(0);
    expect(quote.formattedAddress).toContain('Mannerheimintie');

    const received = await deliveryWhere('received', deliveryId, (d) => d.handshakePin !== null);
    expect(received).toMatchObject({
      status: 'received',
      cancellable: true,
      handshakeRequired: true,
    });
    expect(received.trackingUrl).toMatch(/^http/);
    const platform = await sandboxDelivery(reference);
    expect(received.handshakePin).toBe(String(platform.handshake?.pin_code));
    expect(await core.api['delivery:handshake']({ deliveryId })).toEqual({
      isRequired: true,
      pinCode: String(platform.handshake?.pin_code),
    });

    await advance(reference, { to: 'pickup_started' });
    const started = await deliveryWhere(
      'pickup started',
      deliveryId,
      (d) => d.status === 'pickup_started',
    );
    expect(started.courier?.vehicleType).toBeTruthy();
    expect(started.pickupEta).not.toBeNull();

    await advance(reference, { to: 'delivered' });
    const done = await deliveryWhere('delivered', deliveryId, (d) => d.status === 'delivered');
    expect(done.completedAt).not.toBeNull();
    expect(done.dropoffEtaMax).not.toBeNull();
    expect(done.courierLocation).not.toBeNull();
    expect(done.cancellable).toBe(false);
    expect((await sandboxDelivery(reference)).status).toBe('DELIVERED');
  });

  it('cancels a delivery while that is allowed', async () => {
    const { deliveryId, reference } = await book('B2');
    await core.api['delivery:cancel']({ deliveryId, reason: 'Customer called to cancel' });
    const cancelled = await deliveryWhere(
      'rejected',
      deliveryId,
      (d) => d.status === 'rejected' && !d.pending,
    );
    expect(cancelled.cancellable).toBe(false);
    expect((await sandboxDelivery(reference)).status).toBe('REJECTED');
    await expect(
      core.api['delivery:cancel']({ deliveryId, reason: 'again' }),
    ).rejects.toMatchObject({
      bridge: { code: 'conflict' },
    });
  });

  it("shows the platform's reason when a cancel is refused after pickup started", async () => {
    const { deliveryId, reference } = await book('C3');
    await advance(reference, { to: 'pickup_started' });
    await deliveryWhere('pickup started', deliveryId, (d) => d.status === 'pickup_started');
    await core.api['delivery:cancel']({ deliveryId, reason: 'Too late?' });
    const refused = await deliveryWhere(
      'cancel refused',
      deliveryId,
      (d) => d.pending?.state === 'failed',
    );
    expect(refused.pending).toMatchObject({ kind: 'cancel' });
    expect(refused.pending?.error).toMatch(/pickup|cancel/i);
    expect(refused.status).toBe('pickup_started');
    expect((await sandboxDelivery(reference)).status).not.toBe('REJECTED');
    const entry = (await core.api['outbox:list']({})).find(
      (e) => e.id === refused.pending?.actionId,
    );
    expect(entry).toMatchObject({ kind: 'delivery-cancel', state: 'failed' });
    await core.api['outbox:discard']({ actionId: refused.pending?.actionId ?? '' });
  });

  it('refuses to book from a non-binding promise and stores nothing', async () => {
    const quote = await core.api['delivery:quote']({ street: '', postCode: '00100', city: '' });
    expect(quote.binding).toBe(false);
    expect(quote.nonBindingReason).toBeTruthy();
    const before = (await core.api['delivery:list']({})).length;
    const outboxBefore = (await core.api['outbox:list']({})).length;
    await expect(
      core.api['delivery:book']({
        promiseId: quote.promiseId,
        recipient: { name: 'Ada', phone: '+358401234567' },
        parcels: [{ description: 'Soup', count: 1 }],
        orderNumber: 'N1',
      }),
    ).rejects.toMatchObject({ bridge: { code: 'conflict' } });
    expect((await core.api['delivery:list']({})).length).toBe(before);
    expect((await core.api['outbox:list']({})).length).toBe(outboxBefore);
  });

  it('ends in the right state when events arrive out of order and twice', async () => {
    const { deliveryId, reference } = await book('D4');
    const LAST_ACTION = ['order.delivered', 'order.dropoff_completed'];
    await world.faults({ duplicate_webhooks: 1 });
    try {
      await advance(reference, { to: 'dropoff_arrival' });
      // The last action's events go out last-first: order.delivered, then order.dropoff_completed.
      await advance(reference, { to: 'delivered', order: 'reversed' });
      // The delivery reads "delivered" as soon as the first of them is applied, before the second
      // has even left the sandbox: wait until the sandbox sent both, each twice (the relay answered
      // 200, so both are committed there), and the terminal stored both.
      await waitFor('both events of the last action sent twice', async () => {
        const sent = (
          await world.control<SentEvent[]>(
            'GET',
            `/drive/events?platform_order_reference_id=${reference}`,
          )
        ).json.filter((e) => LAST_ACTION.includes(e.type));
        return sent.length === 2 && sent.every((e) => e.delivered && e.duplicated);
      });
    } finally {
      await world.faults({ duplicate_webhooks: 0 });
    }
    const names = await waitFor('both events stored by the terminal', () => {
      const stored = storedEventTypes(reference);
      return LAST_ACTION.every((type) => stored.includes(type)) ? stored : undefined;
    });
    // Every event is stored once although the sandbox sent each twice (the relay dedupes first;
    // the terminal's own dedupe of a re-served event is in main/delivery/delivery-inbox.test.ts).
    expect(names.filter((n) => n === 'order.delivered')).toHaveLength(1);
    expect(names.filter((n) => n === 'order.dropoff_completed')).toHaveLength(1);
    // dropoff_completed was applied after delivered: the delivery did not move back.
    expect((await delivery(deliveryId))?.status).toBe('delivered');
  });

  it("refuses a delivery event signed with another venue's secret: the delivery stays as the platform has it", async () => {
    const { deliveryId, reference } = await book('E5');
    await deliveryWhere('received', deliveryId, (d) => d.status === 'received');
    // Another venue's terminal, with a secret of its own at the relay.
    const other = createTerminal(world.relayDb, ['another-venue']);
    const otherSecret = 'another-venues-delivery-secret-0123456789';
    const handed = await putDeliverySecret(world.relay.url, other.key, {
      venue_id: 'another-venue',
      secret: otherSecret,
    });
    expect(handed.status).toBe(204);
    // Nor can that terminal set this venue's secret.
    const taken = await putDeliverySecret(world.relay.url, other.key, {
      venue_id: demo.venue_id,
      secret: otherSecret,
    });
    expect(taken.status).toBe(403);
    const forged = await new SignJWT({
      dispatched_at: new Date(world.now().getTime() + 60_000).toISOString(),
      type: 'order.delivered',
      details: {
        id: `forged-${reference}`,
        venue_id: demo.venue_id,
        platform_order_reference_id: reference,
        tracking_reference: 'x',
        price: { amount: 1, currency: 'EUR' },
        pickup: { eta: new Date().toISOString() },
        dropoff: null,
        courier: null,
        parcels: null,
      },
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(otherSecret));
    // This venue's address: the other secret does not verify (401). The other venue's: it
    // verifies but names this venue, so it is acknowledged and stored nowhere (200).
    for (const [venue, status] of [
      [demo.venue_id, 401],
      ['another-venue', 200],
    ] as const) {
      const answer = await fetch(`${world.relay.url}/hooks/delivery/${venue}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: forged }),
      });
      expect(answer.status).toBe(status);
    }
    // A genuine event after it still arrives, so the forged one would have been seen by now.
    await advance(reference, { to: 'pickup_started' });
    await deliveryWhere('pickup started', deliveryId, (d) => d.status === 'pickup_started');
    expect(storedEventTypes(reference)).not.toContain('order.delivered');
    expect((await delivery(deliveryId))?.status).toBe('pickup_started');
  });

  it('sends a booking the delivery service answers 503 once, and shows it is checking instead of booking again', async () => {
    await world.faults({ error_rate: 1 });
    let deliveryId: string;
    const before = (await world.control<unknown[]>('GET', '/drive/deliveries')).json.length;
    try {
      // The quote is a direct read: it fails at once with the reason.
      await expect(core.api['delivery:quote']({ ...ADDRESS })).rejects.toMatchObject({
        bridge: { code: 'failed' },
      });
      await world.faults({ error_rate: 0 });
      const quote = await core.api['delivery:quote']({ ...ADDRESS });
      await world.faults({ error_rate: 1 });
      ({ deliveryId } = await core.api['delivery:book']({
        promiseId: quote.promiseId,
        recipient: { name: 'Ada', phone: '+358401234567' },
        parcels: [{ description: 'Soup', count: 1 }],
        orderNumber: 'F6',
      }));
      // A 5xx may come after the service acted: the booking is not sent again by itself.
      const checking = await deliveryWhere('checking', deliveryId, (d) => d.bookingCheck !== null);
      expect(checking).toMatchObject({ status: 'booking', reference: null, pending: null });
      const rows = (await core.api['outbox:list']({})).filter(
        (e) => e.kind === 'delivery-create' && e.subject === `delivery:${deliveryId}`,
      );
      expect(rows.map((e) => [e.state, e.attempts])).toEqual([['done', 1]]);
      expect(rows[0]?.error).toMatch(/no answer came back/);
    } finally {
      await world.faults({ error_rate: 0 });
    }
    expect((await world.control<unknown[]>('GET', '/drive/deliveries')).json).toHaveLength(before);
  });

  it('follows a customer no-show (an event it subscribed itself)', async () => {
    const { deliveryId, reference } = await book('G7');
    const answer = await world.control('POST', `/drive/deliveries/${reference}/customer-no-show`);
    expect(answer.status).toBe(200);
    const noShow = await deliveryWhere(
      'no-show',
      deliveryId,
      (d) => d.status === 'customer_no_show',
    );
    expect(noShow.cancellable).toBe(false);
  });

  it('after a restart keeps its deliveries, finds its webhook and keeps following', async () => {
    const { deliveryId, reference } = await book('H8');
    await core.close();
    core = await world.startCore({ reconcileIntervalMs: 1000 });
    expect((await delivery(deliveryId))?.status).toBe('received');
    await advance(reference, { to: 'picked_up' });
    await deliveryWhere('picked up after the restart', deliveryId, (d) => d.status === 'picked_up');
    expect(await webhooks()).toHaveLength(1);
  });

  it('an older install: its shared secret leaves the keychain, and the webhook moves to the venue address with a secret of the venue’s own', async () => {
    await core.close();
    // What an older version left: the webhook at the shared address, signed with a partner-wide
    // secret also kept in the keychain, and the keychain migrated only as far as version 1.
    const hook = (await webhooks())[0] as Webhook;
    const shared = 'partner-wide-delivery-secret-0123456789';
    await drive('PATCH', `/v1/merchants/${demo.merchant_id}/webhooks/${hook.id}`, {
      callback_url: `${world.relay.url}/hooks/delivery`,
      client_secret: shared,
    });
    await world.secrets.set('delivery-webhook-secret', shared);
    await world.secrets.delete('delivery-venue-secret');
    const db = new BetterSqlite3(join(world.dir, 'core', 'countertop.db'));
    db.prepare("UPDATE settings SET value = '1' WHERE key = 'keychain-version'").run();
    db.close();

    core = await world.startCore({ reconcileIntervalMs: 1000 });
    expect(await world.secrets.get('delivery-webhook-secret')).toBeNull();
    await waitFor('webhook moved to the venue address', async () => {
      const hooks = await webhooks();
      return (
        hooks.length === 1 && hooks[0]?.id === hook.id && hooks[0].callback_url === venueHook()
      );
    });
    const own = await world.secrets.get('delivery-venue-secret');
    expect(own).not.toBeNull();
    expect(own).not.toBe(shared);
    expect(setting('delivery.secret-handover')).toBeNull();
    // The shared secret opens nothing any more; the venue's events arrive.
    const withShared = await new SignJWT({
      dispatched_at: new Date().toISOString(),
      type: 'order.received',
      details: { id: 'shared-signed', venue_id: demo.venue_id, platform_order_reference_id: 'x' },
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(shared));
    const refused = await fetch(venueHook(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: withShared }),
    });
    expect(refused.status).toBe(401);
    const { deliveryId, reference } = await book('J9');
    await advance(reference, { to: 'picked_up' });
    await deliveryWhere('picked up after the upgrade', deliveryId, (d) => d.status === 'picked_up');
  });
});
