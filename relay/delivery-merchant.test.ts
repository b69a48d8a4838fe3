// The "done when" for courier delivery through the relay, on both stores, against the
// sandbox's delivery service over real sockets: the relay holds the merchant's key (sealed) and
// keeps one webhook per merchant (plus one for courier locations); two venues of one merchant,
// each with its terminal, get only their own events; a terminal cannot read, cancel or learn the
// PIN of the other venue's delivery, nor touch the webhooks; an event cannot take another venue's
// reference; two rotations within the overlap lose nothing; per-venue webhooks migrate to one;
// the last venue leaving deletes the webhooks.
import { randomBytes } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { createCredentialBox } from './drive/credentials';
import { removeVenue, rotateMerchantSecret } from './drive/admin';
import { ensureMerchantWebhooks } from './drive/merchant-webhooks';
import { DELIVERY_RETRY_BACKOFF } from '../shared/delivery-webhook';
import { startRelay, type Relay } from './server';
import { openStore } from './store/open-store';
import { describeEachStore } from './testing/store-fixture';
import {
  CREDENTIALS_KEY,
  MARKETPLACE_SECRET,
  driveProxy,
  poll,
  putDeliverySecret,
  putDeliverySetup,
  collect,
  runCli,
  send,
} from './testing/test-support';

type Hook = { id: string; callback_url: string; subscribed_events: string[]; disabled: boolean };
type Sent = { type: string; attempts: number; delivered: boolean; webhook_id: string };

const MERCHANT_KEY = 'merchant-key-of-two-venues-0123456789';

describeEachStore('courier delivery through the relay', (store) => {
  let relay: Relay;
  let sandbox: Sandbox;
  let merchantId: string;
  let keyA: string;
  let keyB: string;
  const refs: { a: string; b: string } = { a: '', b: '' };

  const json = async (
    url: string,
    init: { method?: string; key?: string; body?: unknown } = {},
  ) => {
    const answer = await send(url, {
      method: init.method ?? 'GET',
      headers: {
        'Content-Type': 'application/json',
        ...(init.key ? { Authorization: `Bearer ${init.key}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.text === '' ? null : (JSON.parse(answer.text) as unknown);
  };
  const webhooks = async () =>
    (await json(`${sandbox.driveUrl}/v1/merchants/${merchantId}/webhooks`, {
      key: MERCHANT_KEY,
    })) as Hook[];
  const merchantHook = () => `${relay.url}/hooks/drive/${merchantId}`;
  const adminEnv = () => ({ credentialsKey: CREDENTIALS_KEY, publicUrl: relay.url });

  /** Quotes and books through the relay with a terminal's key; the platform's reference. */
  const book = async (key: string, venue: string): Promise<string> => {
    const promise = JSON.parse(
      (
        await driveProxy(relay.url, key, 'POST', `/v1/venues/${venue}/shipment-promises`, {
          street: 'Fredrikinkatu 20',
          city: 'Helsinki',
          post_code: '00120',
        })
      ).text,
    ) as { id: string; dropoff: { location: { coordinates: unknown } } };
    const created = await driveProxy(relay.url, key, 'POST', `/v1/venues/${venue}/deliveries`, {
      dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
      recipient: { name: 'Eero', phone_number: '+358401111111' },
      parcels: [{ description: 'Pizza', identifier: 'P-1', count: 1 }],
      shipment_promise_id: promise.id,
      handshake_delivery: { is_required: true, should_send_sms_to_dropoff_contact: false },
    });
    expect(created.status, created.text).toBe(201);
    return (JSON.parse(created.text) as { platform_order_reference_id: string })
      .platform_order_reference_id;
  };
  const advance = (reference: string, to: string) =>
    json(`${sandbox.controlUrl}/drive/deliveries/${reference}/advance`, {
      method: 'POST',
      body: { to },
    });
  /** Every event the service sent for this order, once each was answered. */
  const sentFor = (reference: string, type: string) =>
    waitFor(async () => {
      const list = (await json(
        `${sandbox.controlUrl}/drive/events?platform_order_reference_id=${reference}`,
      )) as Sent[];
      return list.some((e) => e.type === type) && list.every((e) => e.delivered || e.attempts > 1)
        ? list
        : undefined;
    });
  const deliveryEvents = async (key: string) =>
    (await poll(relay.url, key, { after: 0, limit: 1000 })).events
      .filter((event) => event.kind === 'delivery')
      .map((event) => {
        const token = (JSON.parse(event.body) as { token: string }).token;
        return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
          type: string;
          details: { id: string; venue_id?: string; platform_order_reference_id: string };
        };
      });
  /** The merchant's webhook secrets as the relay keeps them (the test holds the sealing key). */
  const secrets = async (): Promise<string[]> => {
    const opened = await openStore(store.location, { follow: false });
    try {
      const box = createCredentialBox(Buffer.from(CREDENTIALS_KEY, 'base64'));
      return (await opened.merchantSecrets(merchantId, Date.now())).map((b) =>
        box.open(merchantId, 'webhook-secret', b),
      );
    } finally {
      await opened.close();
    }
  };
  const signed = (secret: string, type: string, details: Record<string, unknown>) =>
    new SignJWT({ dispatched_at: new Date().toISOString(), type, details })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret));
  const postHook = (token: string) =>
    send(merchantHook(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });

  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      credentialsKey: CREDENTIALS_KEY,
    });
    sandbox = await startSandbox({ webhookUrl: null });
    merchantId = `two-venues-${store.kind}`;
    await json(`${sandbox.controlUrl}/drive/merchants`, {
      method: 'POST',
      body: {
        merchant_id: merchantId,
        merchant_key: MERCHANT_KEY,
        venues: [
          { venue_id: 'venue-a', name: 'A', lat: 60.1699, lon: 24.9384 },
          { venue_id: 'venue-b', name: 'B', lat: 60.1641, lon: 24.9402 },
        ],
      },
    });
    keyA = (await store.createTerminal(['venue-a'])).key;
    keyB = (await store.createTerminal(['venue-b'])).key;
  });
  afterAll(async () => {
    await sandbox.close();
    await relay.close();
  });

  it("migrates per-venue webhooks to the merchant's one: the key is handed over once, one webhook stays, both venues' events flow", async () => {
    // What older terminals left: a webhook per venue at the relay, each with its venue's secret.
    for (const [venue, key] of [
      ['venue-a', keyA],
      ['venue-b', keyB],
    ] as const) {
      const secret = `${venue}-own-delivery-secret-0123456789`;
      expect((await putDeliverySecret(relay.url, key, { venue_id: venue, secret })).status).toBe(
        204,
      );
      await json(`${sandbox.driveUrl}/v1/merchants/${merchantId}/webhooks`, {
        method: 'POST',
        key: MERCHANT_KEY,
        body: {
          callback_url: `${relay.url}/hooks/delivery/${venue}`,
          client_secret: secret,
          callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 6 } },
        },
      });
    }
    const legacyIds = (await webhooks()).map((w) => w.id);
    // B's terminal cannot set up without the key while the relay holds none for B.
    const early = await putDeliverySetup(relay.url, keyB, {
      venue_id: 'venue-b',
      merchant_id: merchantId,
      drive_url: sandbox.driveUrl,
    });
    expect(early.status).toBe(409);
    for (const [venue, key] of [
      ['venue-a', keyA],
      ['venue-b', keyB],
    ] as const) {
      const setup = await putDeliverySetup(relay.url, key, {
        venue_id: venue,
        merchant_id: merchantId,
        drive_url: sandbox.driveUrl,
        merchant_key: MERCHANT_KEY,
      });
      expect(setup.status, setup.text).toBe(200);
      expect(setup.text).not.toContain(MERCHANT_KEY);
    }
    const hooks = await webhooks();
    const main = hooks.filter((w) => w.callback_url === merchantHook());
    expect(main).toHaveLength(1);
    expect(legacyIds).toContain(main[0]?.id);
    expect(hooks.map((w) => w.callback_url).sort()).toEqual(
      [merchantHook(), `${merchantHook()}/locations`].sort(),
    );
    expect(main[0]?.subscribed_events).not.toContain('order.location_updated');
    // A venue moved to the merchant's webhook takes no terminal-made secret any more.
    expect(
      (
        await putDeliverySecret(relay.url, keyA, {
          venue_id: 'venue-a',
          secret: 'a-new-terminal-made-secret-0123456789',
        })
      ).status,
    ).toBe(409);

    refs.a = await book(keyA, 'venue-a');
    refs.b = await book(keyB, 'venue-b');
    await advance(refs.a, 'delivered');
    await advance(refs.b, 'delivered');
    for (const ref of [refs.a, refs.b]) {
      const sent = await sentFor(ref, 'order.delivered');
      // Every event on its first try: none refused, none resent.
      expect(sent.map((e) => [e.type, e.attempts, e.delivered])).toEqual(
        sent.map((e) => [e.type, 1, true]),
      );
      expect(sent.map((e) => e.type)).toEqual(
        expect.arrayContaining(['order.received', 'order.handshake_delivery', 'order.delivered']),
      );
    }
    const [eventsA, eventsB] = [await deliveryEvents(keyA), await deliveryEvents(keyB)];
    expect(eventsA.length).toBeGreaterThan(3);
    expect(eventsB.length).toBeGreaterThan(3);
    expect(eventsA.every((e) => e.details.platform_order_reference_id === refs.a)).toBe(true);
    expect(eventsB.every((e) => e.details.platform_order_reference_id === refs.b)).toBe(true);
    // The venue-less events went to the venue that booked the order.
    expect(eventsA.map((e) => e.type)).toContain('order.handshake_delivery');
    expect(eventsB.map((e) => e.type)).toContain('order.handshake_delivery');
  });

  it("keeps A's terminal out of B's delivery, PIN and the merchant's webhooks; no key leaves the relay or sits in its store in clear", async () => {
    const own = await driveProxy(
      relay.url,
      keyA,
      'GET',
      `/order/${refs.a}/handshake-delivery`,
      undefined,
    );
    expect(own.status).toBe(200);
    for (const [method, path, body] of [
      ['GET', `/order/${refs.b}/handshake-delivery`, undefined],
      ['PATCH', `/order/${refs.b}/status/cancel`, { reason: 'not mine' }],
      ['POST', '/v1/venues/venue-b/shipment-promises', { city: 'Helsinki' }],
      ['POST', '/v1/venues/venue-b/deliveries', {}],
      ['GET', `/v1/merchants/${merchantId}/webhooks`, undefined],
      ['PATCH', `/v1/merchants/${merchantId}/webhooks/x`, { disabled: true }],
      ['POST', `/merchants/another-merchant/available-venues`, {}],
    ] as const) {
      const answer = await driveProxy(relay.url, keyA, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect(
      (
        await putDeliverySetup(relay.url, keyA, {
          venue_id: 'venue-b',
          merchant_id: merchantId,
          drive_url: sandbox.driveUrl,
        })
      ).status,
    ).toBe(403);
    // The merchant key is sealed at rest: nowhere in the store in clear.
    if (store.kind === 'sqlite') {
      for (const file of [store.location, `${store.location}-wal`])
        if (existsSync(file)) expect(readFileSync(file).includes(MERCHANT_KEY)).toBe(false);
    } else {
      const client = new pg.Client({ connectionString: store.location });
      await client.connect();
      try {
        const { rows } = await client.query<{ dump: string }>(
          `SELECT (SELECT string_agg(t::text, ' ') FROM delivery_merchants t) ||
                  (SELECT string_agg(t::text, ' ') FROM merchant_secrets t) AS dump`,
        );
        expect(rows[0]?.dump).toBeTruthy();
        expect(rows[0]?.dump.includes(MERCHANT_KEY)).toBe(false);
      } finally {
        await client.end();
      }
    }
  });

  it("an event naming B's reference cannot take it; a genuine event for a venue this relay does not serve is acknowledged", async () => {
    const [secret] = await secrets();
    const before = await deliveryEvents(keyA);
    const claim = await postHook(
      await signed(secret as string, 'order.pickup_eta_updated', {
        id: `claim-${refs.b}`,
        venue_id: 'venue-a',
        platform_order_reference_id: refs.b,
      }),
    );
    expect(claim.status).toBe(200);
    expect(JSON.parse(claim.text)).toMatchObject({ stored: false });
    const stranger = await postHook(
      await signed(secret as string, 'order.received', {
        id: 'elsewhere-1',
        venue_id: 'a-venue-served-elsewhere',
        platform_order_reference_id: 'ref-elsewhere',
      }),
    );
    expect(stranger.status).toBe(200);
    expect(JSON.parse(stranger.text)).toMatchObject({ stored: false });
    // A venue-less event of B's order goes to B alone.
    const located = await postHook(
      await signed(secret as string, 'order.location_updated', {
        id: `where-${refs.b}`,
        platform_order_reference_id: refs.b,
        tracking_id: 't',
        courier_location: { lat: 8_400_000, lon: 2_775_000 },
      }),
    );
    expect(JSON.parse(located.text)).toMatchObject({ duplicate: false });
    expect(await deliveryEvents(keyA)).toEqual(before);
    const eventsB = await deliveryEvents(keyB);
    expect(eventsB.map((e) => e.details.id)).toContain(`where-${refs.b}`);
    expect(eventsB.map((e) => e.details.id)).not.toContain(`claim-${refs.b}`);
    // B still owns its reference.
    expect(
      (await driveProxy(relay.url, keyB, 'GET', `/order/${refs.b}/handshake-delivery`, undefined))
        .status,
    ).toBe(200);
  });

  it('two rotations within the overlap lose nothing: events signed with each secret are taken', async () => {
    const [first] = await secrets();
    // A second webhook at the merchant's address (two instances at once): the next upkeep keeps one.
    await json(`${sandbox.driveUrl}/v1/merchants/${merchantId}/webhooks`, {
      method: 'POST',
      key: MERCHANT_KEY,
      body: {
        callback_url: merchantHook(),
        client_secret: 'a-duplicate-webhooks-secret-0123456789',
        callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 6 } },
      },
    });
    expect((await webhooks()).filter((w) => w.callback_url === merchantHook())).toHaveLength(2);
    await rotateMerchantSecret(store.location, adminEnv(), merchantId);
    await rotateMerchantSecret(store.location, adminEnv(), merchantId);
    const all = await secrets();
    expect(all).toHaveLength(3);
    expect(all).toContain(first);
    for (const [n, secret] of all.entries()) {
      const answer = await postHook(
        await signed(secret, 'order.pickup_eta_updated', {
          id: `rotation-${store.kind}-${n}`,
          venue_id: 'venue-a',
          platform_order_reference_id: refs.a,
        }),
      );
      expect(answer.status, answer.text).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ duplicate: false });
    }
    // The service signs with the newest now, and its events arrive on their first try.
    const ref = await book(keyA, 'venue-a');
    await advance(ref, 'pickup_started');
    const sent = await sentFor(ref, 'order.pickup_started');
    expect(sent.every((e) => e.attempts === 1 && e.delivered)).toBe(true);
    expect((await webhooks()).filter((w) => w.callback_url === merchantHook())).toHaveLength(1);
  });

  it('a secret stored but never sent (the relay stopped between the two) is sent at the next upkeep', async () => {
    const opened = await openStore(store.location, { follow: false });
    const box = createCredentialBox(Buffer.from(CREDENTIALS_KEY, 'base64'));
    try {
      const at = Date.now();
      // The secrets it replaces stop verifying at once: only the service's copy of it will do.
      const secret = randomBytes(32).toString('base64url');
      await opened.rotateMerchantSecret(
        merchantId,
        box.seal(merchantId, 'webhook-secret', secret),
        at,
        at,
      );
      // The next upkeep of a process that has not sent the secret itself (a restarted relay).
      await ensureMerchantWebhooks(
        {
          store: opened,
          box,
          publicUrl: () => relay.url,
          now: Date.now,
          secretGraceMs: 60_000,
          backoff: DELIVERY_RETRY_BACKOFF,
          running: new Map(),
          secretSent: new Set(),
        },
        merchantId,
      );
    } finally {
      await opened.close();
    }
    const ref = await book(keyA, 'venue-a');
    await advance(ref, 'pickup_started');
    const sent = await sentFor(ref, 'order.pickup_started');
    expect(sent.every((e) => e.attempts === 1 && e.delivered)).toBe(true);
  });

  it('forgets bookings older than their retention, and only those', async () => {
    const opened = await openStore(store.location, { follow: false });
    try {
      expect(await opened.recordDeliveryBooking(merchantId, 'old-ref', 'venue-a', 1_000)).toBe(
        'venue-a',
      );
      expect(await opened.recordDeliveryBooking(merchantId, 'old-ref', 'venue-b', 2_000)).toBe(
        'venue-a',
      );
      expect(await opened.pruneDeliveryBookings(1_500)).toBe(1);
      expect(await opened.deliveryBookingVenue(merchantId, 'old-ref')).toBeNull();
      expect(await opened.deliveryBookingVenue(merchantId, refs.a)).toBe('venue-a');
    } finally {
      await opened.close();
    }
  });

  it("deletes the merchant's webhooks when its last venue leaves", async () => {
    await removeVenue(store.location, adminEnv(), 'venue-a');
    expect((await webhooks()).map((w) => w.callback_url)).toContain(merchantHook());
    // A's terminal can no longer book; B's still can.
    const refused = await driveProxy(
      relay.url,
      keyA,
      'POST',
      '/v1/venues/venue-a/shipment-promises',
      {
        city: 'Helsinki',
      },
    );
    expect(refused.status).toBe(409);
    await removeVenue(store.location, adminEnv(), 'venue-b');
    expect(
      (await webhooks()).filter((w) => w.callback_url.startsWith(`${relay.url}/hooks/`)),
    ).toEqual([]);
  });

  it("the operator's commands set the key from the environment, never print it, and refuse without a credentials key", async () => {
    const env = {
      RELAY_MERCHANT_KEY: MERCHANT_KEY,
      RELAY_CREDENTIALS_KEY: CREDENTIALS_KEY,
      RELAY_PUBLIC_URL: relay.url,
    };
    const set = await collect(
      runCli(
        [
          'admin',
          'delivery-merchant',
          ...store.args,
          '--merchant',
          merchantId,
          '--drive-url',
          sandbox.driveUrl,
          '--venue',
          'venue-a',
        ],
        env,
      ),
    );
    expect(set.code, set.stderr).toBe(0);
    expect((await webhooks()).filter((w) => w.callback_url === merchantHook())).toHaveLength(1);
    const listed = await collect(runCli(['admin', 'delivery-merchants', ...store.args], env));
    expect(listed.stdout).toContain('venue-a');
    expect(`${set.stdout}${set.stderr}${listed.stdout}`).not.toContain(MERCHANT_KEY);
    const refused = await collect(
      runCli(['admin', 'delivery-rotate', ...store.args, '--merchant', merchantId], {
        RELAY_PUBLIC_URL: relay.url,
      }),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/RELAY_CREDENTIALS_KEY/);
  }, 90_000);
});
