import { SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRelay, type Relay } from './server';
import { describeEachStore } from './store-fixture';
import {
  DELIVERY_SECRET,
  DELIVERY_SECRET_NEXT,
  MARKETPLACE_SECRET,
  poll,
  postDelivery,
  send,
} from './test-support';

const secretBytes = (secret: string) => new TextEncoder().encode(secret);

// As the platform signs them: with an expiry (the relay refuses a token without one).
function token(payload: JWTPayload, secret = DELIVERY_SECRET, alg = 'HS256') {
  return new SignJWT(payload)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setExpirationTime('10m')
    .sign(secretBytes(secret));
}

function event(type: string, details: Record<string, unknown>): JWTPayload {
  return {
    type,
    dispatched_at: '2026-11-23T10:00:00.000Z',
    details: {
      platform_order_reference_id: 'ref-1',
      tracking_reference: 'trk',
      price: { amount: 490, currency: 'EUR' },
      pickup: { eta: '2026-11-23T10:20:00.000Z' },
      dropoff: null,
      courier: null,
      parcels: null,
      ...details,
    },
  };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describeEachStore('POST /hooks/delivery', (store) => {
  let relay: Relay;
  let key: string;
  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      deliverySecrets: [DELIVERY_SECRET, DELIVERY_SECRET_NEXT],
      pollRateLimit: { perSecond: 100, burst: 100 },
    });
    key = (await store.createTerminal(['venue-d'])).key;
  });
  afterAll(async () => {
    await relay.close();
  });

  const served = async () => (await poll(relay.url, key, { after: 0 })).events;
  const servedIds = async () =>
    (await served())
      .map((e) => (JSON.parse(e.body) as { token: string }).token)
      .map((t) => {
        const payload = JSON.parse(
          Buffer.from(t.split('.')[1] as string, 'base64url').toString(),
        ) as { details: { id: string } };
        return payload.details.id;
      });

  it('stores an HS256 event under its venue with the raw body and a null signature', async () => {
    const jwt = await token(event('order.received', { id: 'd-ok', venue_id: 'venue-d' }));
    const answer = await postDelivery(relay.url, jwt);
    expect(answer.status).toBe(200);
    const stored = (await served()).find((e) => e.body === JSON.stringify({ token: jwt }));
    expect(stored).toMatchObject({ kind: 'delivery', venue_id: 'venue-d', signature: null });
  });

  it('accepts the second active secret and de-duplicates by details.id', async () => {
    const first = await token(
      event('order.picked_up', { id: 'd-dup', venue_id: 'venue-d' }),
      DELIVERY_SECRET_NEXT,
    );
    const again = await token(
      event('order.picked_up', { id: 'd-dup', venue_id: 'venue-d', extra: 1 }),
    );
    expect((await postDelivery(relay.url, first)).status).toBe(200);
    const second = await postDelivery(relay.url, again);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.text).duplicate).toBe(true);
    expect((await servedIds()).filter((id) => id === 'd-dup')).toHaveLength(1);
  });

  it('stores event types it does not know', async () => {
    const jwt = await token(event('order.teleported', { id: 'd-unknown', venue_id: 'venue-d' }));
    expect((await postDelivery(relay.url, jwt)).status).toBe(200);
    expect(await servedIds()).toContain('d-unknown');
  });

  it.each([
    [
      'signed with the wrong secret',
      () =>
        token(
          event('order.received', { id: 'd-wrong', venue_id: 'venue-d' }),
          'not-the-delivery-secret-0123456',
        ),
    ],
    [
      'signed with HS512',
      () =>
        token(
          event('order.received', { id: 'd-hs512', venue_id: 'venue-d' }),
          DELIVERY_SECRET,
          'HS512',
        ),
    ],
    [
      'unsigned (alg none)',
      async () =>
        `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(event('order.received', { id: 'd-none', venue_id: 'venue-d' }))}.`,
    ],
    [
      'expired',
      () =>
        new SignJWT(event('order.received', { id: 'd-expired', venue_id: 'venue-d' }))
          .setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
          .sign(secretBytes(DELIVERY_SECRET)),
    ],
    [
      'not yet valid (nbf)',
      () =>
        new SignJWT(event('order.received', { id: 'd-nbf', venue_id: 'venue-d' }))
          .setProtectedHeader({ alg: 'HS256' })
          .setNotBefore(Math.floor(Date.now() / 1000) + 3600)
          .sign(secretBytes(DELIVERY_SECRET)),
    ],
    [
      'a payload altered after signing',
      async () => {
        const [header, , signature] = (
          await token(event('order.received', { id: 'd-alter', venue_id: 'venue-d' }))
        ).split('.');
        return `${header}.${base64url(event('order.received', { id: 'd-alter', venue_id: 'venue-other' }))}.${signature}`;
      },
    ],
    [
      'without an expiry (exp), so it could be replayed forever',
      () =>
        new SignJWT(event('order.received', { id: 'd-no-exp', venue_id: 'venue-d' }))
          .setProtectedHeader({ alg: 'HS256' })
          .sign(secretBytes(DELIVERY_SECRET)),
    ],
    ['not a JWT', async () => 'garbage'],
  ])('refuses with 401 and stores nothing when the token is %s', async (_case, make) => {
    const jwt = await make();
    const answer = await postDelivery(relay.url, jwt);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).error).toBe('Unauthorized');
    expect((await served()).map((e) => e.body)).not.toContain(JSON.stringify({ token: jwt }));
  });

  it('answers 400 to a body without a token and to a verified event without details.id', async () => {
    const noToken = await send(`${relay.url}/hooks/delivery`, {
      method: 'POST',
      body: '{"jwt":"x"}',
    });
    expect(noToken.status).toBe(400);
    const jwt = await token({
      type: 'order.received',
      dispatched_at: '2026-11-23T10:00:00Z',
      details: { venue_id: 'venue-d' },
    });
    expect((await postDelivery(relay.url, jwt)).status).toBe(400);
  });

  it('routes order.location_updated and order.handshake_delivery by an earlier event of the same order', async () => {
    const received = await token(
      event('order.received', {
        id: 'd-r2',
        venue_id: 'venue-d',
        platform_order_reference_id: 'ref-2',
      }),
    );
    expect((await postDelivery(relay.url, received)).status).toBe(200);
    const location = await token({
      type: 'order.location_updated',
      dispatched_at: '2026-11-23T10:05:00Z',
      details: {
        id: 'd-loc2',
        platform_order_reference_id: 'ref-2',
        tracking_id: 't',
        courier_location: { lat: 1, lon: 2 },
      },
    });
    const handshake = await token({
      type: 'order.handshake_delivery',
      dispatched_at: '2026-11-23T10:06:00Z',
      details: {
        id: 'd-pin2',
        platform_order_reference_id: 'ref-2',
        merchant_order_reference_id: null,
        pin_code: '1234',
      },
    });
    expect((await postDelivery(relay.url, location)).status).toBe(200);
    expect((await postDelivery(relay.url, handshake)).status).toBe(200);
    const events = await served();
    const ids = await servedIds();
    expect(ids.slice(ids.indexOf('d-r2'))).toEqual(['d-r2', 'd-loc2', 'd-pin2']);
    expect(events.every((e) => e.venue_id === 'venue-d')).toBe(true);
  });

  it('holds an event whose venue is unknown yet, answers 200, and releases it when its order names a venue', async () => {
    const early = await token({
      type: 'order.location_updated',
      dispatched_at: '2026-11-23T10:05:00Z',
      details: {
        id: 'd-early',
        platform_order_reference_id: 'ref-3',
        tracking_id: 't',
        courier_location: { lat: 1, lon: 2 },
      },
    });
    const answer = await postDelivery(relay.url, early);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ received: true, held: true });
    expect(await servedIds()).not.toContain('d-early');
    // A retry of the held event is still a duplicate, not a second copy.
    expect(JSON.parse((await postDelivery(relay.url, early)).text).duplicate).toBe(true);

    const resolving = await token(
      event('order.pickup_started', {
        id: 'd-resolve',
        venue_id: 'venue-d',
        platform_order_reference_id: 'ref-3',
      }),
    );
    expect((await postDelivery(relay.url, resolving)).status).toBe(200);
    const ids = await servedIds();
    expect(ids.slice(-2)).toEqual(['d-early', 'd-resolve']);
  });
});

describeEachStore('POST /hooks/delivery with an expected audience and issuer', (store) => {
  let relay: Relay;
  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      deliverySecrets: [DELIVERY_SECRET],
      deliveryAudience: 'https://relay.example/hooks/delivery',
      deliveryIssuer: 'platform-delivery',
    });
  });
  afterAll(async () => {
    await relay.close();
  });

  const signed = (id: string, claims: { aud?: string; iss?: string }) => {
    const jwt = new SignJWT(event('order.received', { id, venue_id: 'venue-aud' }))
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m');
    if (claims.aud !== undefined) jwt.setAudience(claims.aud);
    if (claims.iss !== undefined) jwt.setIssuer(claims.iss);
    return jwt.sign(secretBytes(DELIVERY_SECRET));
  };

  it('accepts a token naming both, and refuses one missing or naming another (401)', async () => {
    const aud = 'https://relay.example/hooks/delivery';
    const iss = 'platform-delivery';
    expect((await postDelivery(relay.url, await signed('aud-ok', { aud, iss }))).status).toBe(200);
    for (const [id, claims] of [
      ['aud-missing', { iss }],
      ['iss-missing', { aud }],
      ['aud-other', { aud: 'https://elsewhere.example', iss }],
      ['iss-other', { aud, iss: 'someone-else' }],
    ] as const) {
      const answer = await postDelivery(relay.url, await signed(id, claims));
      expect([id, answer.status]).toEqual([id, 401]);
      expect(JSON.parse(answer.text).message).toMatch(/"(aud|iss)" claim/);
    }
  });
});
