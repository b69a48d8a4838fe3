// Courier delivery (docs/platform.md#delivery-service) through the core: a real sandbox with its
// delivery service, a real relay that receives the delivery webhooks, and the core polling it.
// Nothing is mocked.
import { storedText } from '../../shared/refusals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../shared/domain';
import { channels } from '../../shared/ipc/contract';
import type { Core } from '../../main/core';
import { openSqliteStore } from '../../relay/store/sqlite-store';
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
/** The merchant's webhook: at the relay, one for every venue of the merchant. */
const merchantHook = () => `${world.relay.url}/hooks/drive/${demo.merchant_id}`;
const orderHook = async () => (await webhooks()).find((w) => w.callback_url === merchantHook());
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
  // The relay checks the merchant's webhooks every half second, so its upkeep is observable.
  world = await startWorld({ relay: { deliveryUpkeepMs: 500 } });
  // A one-second tick so the set-up's state is read often.
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
  it("hands the merchant key to the relay, which keeps the merchant's one webhook (and one for courier locations), and re-enables it; the terminal keeps no key", async () => {
    const state = await core.api['delivery:get']({});
    expect(state).toMatchObject({
      configured: true,
      merchantId: demo.merchant_id,
      webhookError: null,
    });
    let hooks = await webhooks();
    expect(hooks).toHaveLength(2);
    const main = await orderHook();
    expect(main).toMatchObject({ id: state.webhook?.id, disabled: false });
    expect(main?.subscribed_events).toContain('order.customer_no_show');
    expect(main?.subscribed_events).not.toContain('order.location_updated');
    const locations = hooks.find((w) => w.callback_url === `${merchantHook()}/locations`);
    expect(locations?.subscribed_events).toEqual(['order.location_updated']);

    // No merchant key on the terminal: not in the keychain, not in its database.
    expect(await world.secrets.get('merchant-key')).toBeNull();
    expect(await world.secrets.get('delivery-venue-secret')).toBeNull();
    const file = readFileSync(join(world.dir, 'core', 'countertop.db'));
    expect(file.includes(demo.merchant_key)).toBe(false);

    // Configuring again, now without the key (the relay holds it), adds no webhook.
    await core.api['delivery:configure']({
      driveUrl: world.sandbox.driveUrl,
      merchantId: demo.merchant_id,
      venueId: demo.venue_id,
    });
    hooks = await webhooks();
    expect(hooks).toHaveLength(2);

    // Someone disables it on the platform: the relay's upkeep turns it back on.
    await drive('PATCH', `/v1/merchants/${demo.merchant_id}/webhooks/${main?.id}`, {
      disabled: true,
    });
    await waitFor('webhook re-enabled', async () => (await orderHook())?.disabled === false);
    expect(await webhooks()).toHaveLength(2);
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
    // The relay checked the key before replacing anything: the earlier one stays.
    const quote = await core.api['delivery:quote']({ ...ADDRESS });
    expect(quote.binding).toBe(true);
  });

  it("refuses a set-up for a venue that is not the terminal's: the relay links nothing to it", async () => {
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
        message: expect.stringMatching(/not for this venue/),
        refusal: { key: 'courier-setup-failed', values: ['wrongVenue'] },
      },
    });
    // Nothing registered for that venue, and the working set-up stays.
    expect(await webhooks()).toEqual(webhooksBefore);
    expect((await core.api['delivery:get']({})).venueId).toBe(demo.venue_id);
    const quote = await core.api['delivery:quote']({ ...ADDRESS });
    expect(quote.binding).toBe(true);
  });

  it('answers a PIN asked of a delivery booked without one as its own code, not "failed"', async () => {
    const { deliveryId } = await book('A9');
    const asked = await core.api['delivery:handshake']({ deliveryId }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(asked).toMatchObject({
      bridge: { code: 'not-found', refusal: { key: 'courier-no-pin', values: [] } },
    });
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
    // Staff's own words are theirs: shown as typed, no code.
    expect(cancelled).toMatchObject({
      rejectedReason: 'Customer called to cancel',
      cancelCode: null,
    });
    await expect(
      core.api['delivery:cancel']({ deliveryId, reason: 'again' }),
    ).rejects.toMatchObject({
      bridge: { code: 'conflict' },
    });
  });

  it('keeps the default cancel reason as its code, for the screen to word', async () => {
    const { deliveryId, reference } = await book('B4');
    await core.api['delivery:cancel']({ deliveryId, code: 'customer-cancelled' });
    const cancelled = await deliveryWhere(
      'rejected',
      deliveryId,
      (d) => d.status === 'rejected' && !d.pending,
    );
    expect(cancelled.cancelCode).toBe('customer-cancelled');
    expect((await sandboxDelivery(reference)).status).toBe('REJECTED');
    // The channel takes one of the two, never both or neither.
    const schema = channels['delivery:cancel'].request;
    expect(schema.safeParse({ deliveryId, reason: 'x', code: 'customer-cancelled' }).success).toBe(
      false,
    );
    expect(schema.safeParse({ deliveryId }).success).toBe(false);
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
    // What the address lacks, as a code the screen words (the platform's text is a developer's).
    expect(quote.nonBindingReason).toEqual({ key: 'courier-not-binding', values: ['street'] });
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

  it("an event signed with anything but the merchant's secret, which only the relay holds, moves nothing", async () => {
    const { deliveryId, reference } = await book('E5');
    await deliveryWhere('received', deliveryId, (d) => d.status === 'received');
    // Another venue's terminal cannot hand the relay a secret for this venue any more.
    const other = createTerminal(world.relayDb, ['another-venue']);
    const taken = await putDeliverySecret(world.relay.url, other.key, {
      venue_id: demo.venue_id,
      secret: 'another-venues-delivery-secret-0123456789',
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
      .sign(new TextEncoder().encode('a-secret-someone-guessed-0123456789'));
    for (const address of [merchantHook(), `${world.relay.url}/hooks/delivery/${demo.venue_id}`]) {
      const answer = await fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: forged }),
      });
      expect(answer.status).toBe(401);
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
      expect(storedText(rows[0]?.error ?? '', 'en')).toMatch(/^Sent, but no answer came back/);
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
    expect(await webhooks()).toHaveLength(2);
  });

  it("an older install: its merchant key goes to the relay and leaves the keychain with the venue's secret; its per-venue webhook becomes the merchant's", async () => {
    await core.close();
    // What an older version left: the merchant key and the venue's webhook secret in the
    // keychain, a webhook at the venue's relay address signed with that secret, and a relay that
    // holds no merchant key yet.
    const store = openSqliteStore(world.relayDb);
    try {
      await store.unlinkDeliveryVenue(demo.venue_id);
      await store.removeDeliveryMerchant(demo.merchant_id);
    } finally {
      await store.close();
    }
    for (const hook of await webhooks())
      await drive('DELETE', `/v1/merchants/${demo.merchant_id}/webhooks/${hook.id}`).catch(
        () => undefined,
      );
    const venueSecret = 'the-venues-own-delivery-secret-0123456789';
    const legacyAddress = `${world.relay.url}/hooks/delivery/${demo.venue_id}`;
    // The core spent the key's request budget a moment ago (its polls, health reports and duty
    // claims share it): ask again after the relay's 429, as the terminal's own client does.
    const stored = await waitFor('the venue secret stored', async () => {
      const answer = await putDeliverySecret(world.relay.url, world.terminalKey, {
        venue_id: demo.venue_id,
        secret: venueSecret,
      });
      return answer.status === 429 ? undefined : answer;
    });
    expect(stored.status).toBe(204);
    const legacy = await drive<Webhook>('POST', `/v1/merchants/${demo.merchant_id}/webhooks`, {
      callback_url: legacyAddress,
      client_secret: venueSecret,
      callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 6 } },
    });
    await world.secrets.set('merchant-key', demo.merchant_key);
    await world.secrets.set('delivery-venue-secret', venueSecret);

    core = await world.startCore({ reconcileIntervalMs: 1000 });
    await waitFor('both secrets gone from the keychain', async () =>
      (await world.secrets.get('merchant-key')) === null &&
      (await world.secrets.get('delivery-venue-secret')) === null
        ? true
        : undefined,
    );
    // The per-venue webhook is now the merchant's one, at the relay's merchant address.
    const hooks = await webhooks();
    expect(hooks).toHaveLength(2);
    expect(await orderHook()).toMatchObject({ id: legacy.id, disabled: false });
    expect(hooks.some((w) => w.callback_url === legacyAddress)).toBe(false);
    const audit = await core.api['audit:list']({ limit: 50 });
    expect(audit.some((a) => a.action === 'keychain' && a.outcome === 'removed')).toBe(true);
    // The venue's events flow through the merchant's webhook.
    const { deliveryId, reference } = await book('J9');
    await advance(reference, { to: 'picked_up' });
    await deliveryWhere('picked up after the upgrade', deliveryId, (d) => d.status === 'picked_up');
  });
});
