import { SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRelay, type Relay } from './server';
import { describeEachStore } from './testing/store-fixture';
import {
  DELIVERY_SECRET,
  DELIVERY_SECRET_NEXT,
  MARKETPLACE_SECRET,
  poll,
  postDelivery,
  putDeliverySecret,
  send,
} from './testing/test-support';

/** Venue B's own secret, handed over by B's terminal. */
const SECRET_B = 'venue-b-secret-0123456789abcdef01234';

const secretBytes = (secret: string) => new TextEncoder().encode(secret);

// As the delivery service signs them: the payload is the event and nothing else (no exp, iat, aud).
function token(payload: JWTPayload, secret = DELIVERY_SECRET, alg = 'HS256') {
  return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(secretBytes(secret));
}

/** An ISO dispatch time `seconds` from now (negative: in the past). */
const dispatched = (seconds = 0, from = Date.now()) =>
  new Date(from + seconds * 1000).toISOString();

function event(type: string, details: Record<string, unknown>, at = dispatched()): JWTPayload {
  return {
    type,
    dispatched_at: at,
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

describeEachStore('POST /hooks/delivery/{venue}', (store) => {
  let relay: Relay;
  let key: string;
  let keyB: string;
  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      pollRateLimit: { perSecond: 100, burst: 100 },
    });
    key = (await store.createTerminal(['venue-d'])).key;
    keyB = (await store.createTerminal(['venue-b'])).key;
    for (const [terminal, venue, secret] of [
      [key, 'venue-d', DELIVERY_SECRET],
      [keyB, 'venue-b', SECRET_B],
    ] as const) {
      const answer = await putDeliverySecret(relay.url, terminal, { venue_id: venue, secret });
      expect(answer.status).toBe(204);
    }
  });
  afterAll(async () => {
    await relay.close();
  });

  const post = (jwt: string, venue = 'venue-d') => postDelivery(relay.url, venue, jwt);
  const served = async (terminal = key) => (await poll(relay.url, terminal, { after: 0 })).events;
  const servedIds = async (terminal = key) =>
    (await served(terminal))
      .map((e) => (JSON.parse(e.body) as { token: string }).token)
      .map((t) => {
        const payload = JSON.parse(
          Buffer.from(t.split('.')[1] as string, 'base64url').toString(),
        ) as { details: { id: string } };
        return payload.details.id;
      });

  /** An event of venue-d's order `ref`, signed with venue-d's secret. */
  const ofOrder = (type: string, id: string, ref: string) =>
    token(event(type, { id, venue_id: 'venue-d', platform_order_reference_id: ref }));

  it('stores an HS256 event under its venue with the raw body and a null signature', async () => {
    const jwt = await token(event('order.received', { id: 'd-ok', venue_id: 'venue-d' }));
    const answer = await post(jwt);
    expect(answer.status).toBe(200);
    const stored = (await served()).find((e) => e.body === JSON.stringify({ token: jwt }));
    expect(stored).toMatchObject({ kind: 'delivery', venue_id: 'venue-d', signature: null });
    expect(await servedIds(keyB)).not.toContain('d-ok');
  });

  it('accepts an event exactly as the service signs it: dispatched_at, type and details, no exp', async () => {
    const jwt = await token(event('order.received', { id: 'd-spec', venue_id: 'venue-d' }));
    const claims = JSON.parse(
      Buffer.from(jwt.split('.')[1] as string, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['details', 'dispatched_at', 'type']);
    const answer = await post(jwt);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ received: true, duplicate: false });
    expect(await servedIds()).toContain('d-spec');
  });

  it('still checks exp when a token carries one: a valid one passes', async () => {
    const jwt = await new SignJWT(event('order.received', { id: 'd-exp-ok', venue_id: 'venue-d' }))
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(secretBytes(DELIVERY_SECRET));
    expect((await post(jwt)).status).toBe(200);
    expect(await servedIds()).toContain('d-exp-ok');
  });

  it('acknowledges a replayed token (the same details.id) and stores it once', async () => {
    const jwt = await token(event('order.picked_up', { id: 'd-replay', venue_id: 'venue-d' }));
    const answers = [await post(jwt), await post(jwt), await post(jwt)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => (JSON.parse(a.text) as { duplicate: boolean }).duplicate)).toEqual([
      false,
      true,
      true,
    ]);
    expect((await servedIds()).filter((id) => id === 'd-replay')).toHaveLength(1);
  });

  it.each([
    // The webhook resends for 2+4+…+64 = 126 s; with the 5 min margin a genuine event is at most
    // 426 s old when it arrives.
    ['older than the resends last, plus the margin', dispatched(-430), /replay/],
    ['older still, though its exp is years ahead', dispatched(-86_400), /replay/],
    ['too far in the future', dispatched(+400), /future/],
  ])('refuses (400), logs and stores nothing when dispatched_at is %s', async (_case, at, why) => {
    const id = `d-stale-${Math.random()}`;
    const jwt = await new SignJWT(event('order.received', { id, venue_id: 'venue-d' }, at))
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1000y')
      .sign(secretBytes(DELIVERY_SECRET));
    const answer = await post(jwt);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).message).toMatch(why);
    expect(await servedIds()).not.toContain(id);
  });

  it('takes an event dispatched within the window: a late resend, a clock a little ahead', async () => {
    for (const [id, at] of [
      ['d-late', dispatched(-360)],
      ['d-ahead', dispatched(+200)],
      ['d-offset', dispatched(-60).replace('Z', '+00:00')],
    ] as const) {
      const answer = await post(
        await token(event('order.received', { id, venue_id: 'venue-d' }, at)),
      );
      expect([id, answer.status]).toEqual([id, 200]);
    }
    expect(await servedIds()).toEqual(expect.arrayContaining(['d-late', 'd-ahead', 'd-offset']));
  });

  it('de-duplicates by details.id', async () => {
    const first = await token(event('order.picked_up', { id: 'd-dup', venue_id: 'venue-d' }));
    const again = await token(
      event('order.picked_up', { id: 'd-dup', venue_id: 'venue-d', extra: 1 }),
    );
    expect((await post(first)).status).toBe(200);
    const second = await post(again);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.text).duplicate).toBe(true);
    expect((await servedIds()).filter((id) => id === 'd-dup')).toHaveLength(1);
  });

  it('stores event types it does not know', async () => {
    const jwt = await token(event('order.teleported', { id: 'd-unknown', venue_id: 'venue-d' }));
    expect((await post(jwt)).status).toBe(200);
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
    ['not a JWT', async () => 'garbage'],
  ])('refuses with 401 and stores nothing when the token is %s', async (_case, make) => {
    const jwt = await make();
    const answer = await post(jwt);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).error).toBe('Unauthorized');
    expect((await served()).map((e) => e.body)).not.toContain(JSON.stringify({ token: jwt }));
  });

  it('answers 400 to a body without a token and to a verified event without details.id', async () => {
    const noToken = await send(`${relay.url}/hooks/delivery/venue-d`, {
      method: 'POST',
      body: '{"jwt":"x"}',
    });
    expect(noToken.status).toBe(400);
    const jwt = await token({
      type: 'order.received',
      dispatched_at: dispatched(),
      details: { venue_id: 'venue-d' },
    });
    expect((await post(jwt)).status).toBe(400);
  });

  it('answers 404 at the old venue-less address, saying where webhooks go now', async () => {
    const jwt = await token(event('order.received', { id: 'd-old-url', venue_id: 'venue-d' }));
    const answer = await send(`${relay.url}/hooks/delivery`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: jwt }),
    });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).message).toContain('/hooks/delivery/{venue_id}');
    expect(await servedIds()).not.toContain('d-old-url');
  });

  it('refuses an event for a venue whose terminals registered no secret (401)', async () => {
    await store.createTerminal(['venue-none']);
    for (const secret of [DELIVERY_SECRET, SECRET_B]) {
      const jwt = await token(
        event('order.received', { id: 'd-none', venue_id: 'venue-none' }),
        secret,
      );
      const answer = await post(jwt, 'venue-none');
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text).message).toMatch(/No delivery secret is registered/);
    }
  });

  it("never lets venue B's secret speak for venue A: refused at A's address, acknowledged and dropped at B's", async () => {
    const before = await served();
    const beforeB = await served(keyB);
    const forged = event('order.delivered', {
      id: 'd-forged',
      venue_id: 'venue-d',
      platform_order_reference_id: 'ref-forged',
    });
    const signedByB = await token(forged, SECRET_B);
    // At A's address: B's secret does not verify there.
    const atA = await post(signedByB, 'venue-d');
    expect(atA.status).toBe(401);
    // At B's address it verifies but names another venue: every webhook of a merchant gets
    // every venue's events, so it is acknowledged (no resends) and stored nowhere.
    const atB = await post(signedByB, 'venue-b');
    expect(atB.status).toBe(200);
    expect(JSON.parse(atB.text)).toMatchObject({ received: true, stored: false });
    // Naming no venue, for an order A's stream has: B's address does not know that order.
    const received = await ofOrder('order.received', 'd-a-order', 'ref-a');
    expect((await post(received)).status).toBe(200);
    const withBefore = await served();
    const pin = await token(
      {
        type: 'order.handshake_delivery',
        dispatched_at: dispatched(),
        details: { id: 'd-pin-forged', platform_order_reference_id: 'ref-a', pin_code: '0000' },
      },
      SECRET_B,
    );
    expect((await post(pin, 'venue-b')).status).toBe(409);
    expect((await post(pin, 'venue-d')).status).toBe(401);
    expect(await served()).toEqual(withBefore);
    expect(withBefore.slice(0, before.length)).toEqual(before);
    expect(await served(keyB)).toEqual(beforeB);
  });

  it("cannot take venue B's order reference or event ids from venue A's address", async () => {
    // A's terminal knows A's secret and signs an event of its own naming B's coming order and
    // B's coming event id.
    const claim = await token(
      event('order.received', {
        id: 'shared-id',
        venue_id: 'venue-d',
        platform_order_reference_id: 'ref-b-next',
      }),
    );
    expect((await post(claim)).status).toBe(200);
    // B's genuine events of that order, one with the same id, all reach B.
    const ofB = (type: string, id: string) =>
      token(
        event(type, { id, venue_id: 'venue-b', platform_order_reference_id: 'ref-b-next' }),
        SECRET_B,
      );
    const first = await post(await ofB('order.received', 'shared-id'), 'venue-b');
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text).duplicate).toBe(false);
    expect((await post(await ofB('order.pickup_started', 'b-started'), 'venue-b')).status).toBe(
      200,
    );
    const location = await token(
      {
        type: 'order.location_updated',
        dispatched_at: dispatched(),
        details: {
          id: 'b-loc',
          platform_order_reference_id: 'ref-b-next',
          tracking_id: 't',
          courier_location: { lat: 1, lon: 2 },
        },
      },
      SECRET_B,
    );
    expect((await post(location, 'venue-b')).status).toBe(200);
    expect(await servedIds(keyB)).toEqual(
      expect.arrayContaining(['shared-id', 'b-started', 'b-loc']),
    );
    expect((await served(keyB)).every((e) => e.venue_id === 'venue-b')).toBe(true);
    // A replay of B's event at B's address is still one event.
    expect(
      JSON.parse((await post(await ofB('order.received', 'shared-id'), 'venue-b')).text),
    ).toMatchObject({ duplicate: true });
    expect((await servedIds(keyB)).filter((id) => id === 'shared-id')).toHaveLength(1);
  });

  it('routes order.location_updated and order.handshake_delivery by an earlier event of the same order', async () => {
    const received = await ofOrder('order.received', 'd-r2', 'ref-2');
    expect((await post(received)).status).toBe(200);
    const location = await token({
      type: 'order.location_updated',
      dispatched_at: dispatched(),
      details: {
        id: 'd-loc2',
        platform_order_reference_id: 'ref-2',
        tracking_id: 't',
        courier_location: { lat: 1, lon: 2 },
      },
    });
    const handshake = await token({
      type: 'order.handshake_delivery',
      dispatched_at: dispatched(),
      details: {
        id: 'd-pin2',
        platform_order_reference_id: 'ref-2',
        merchant_order_reference_id: null,
        pin_code: '1234',
      },
    });
    expect((await post(location)).status).toBe(200);
    expect((await post(handshake)).status).toBe(200);
    const events = await served();
    const ids = await servedIds();
    expect(ids.slice(ids.indexOf('d-r2'))).toEqual(['d-r2', 'd-loc2', 'd-pin2']);
    expect(events.every((e) => e.venue_id === 'venue-d')).toBe(true);
  });

  it('answers 409 to a venue-less event of an order not known yet, and takes its resend once the order named the venue', async () => {
    const early = await token({
      type: 'order.location_updated',
      dispatched_at: dispatched(),
      details: {
        id: 'd-early',
        platform_order_reference_id: 'ref-3',
        tracking_id: 't',
        courier_location: { lat: 1, lon: 2 },
      },
    });
    const answer = await post(early);
    expect(answer.status).toBe(409);
    expect(await servedIds()).not.toContain('d-early');

    const resolving = await ofOrder('order.pickup_started', 'd-resolve', 'ref-3');
    expect((await post(resolving)).status).toBe(200);
    // The platform's resend.
    expect((await post(early)).status).toBe(200);
    const ids = await servedIds();
    expect(ids.slice(-2)).toEqual(['d-resolve', 'd-early']);
  });
});

describeEachStore('PUT /v1/delivery-secret', (store) => {
  let relay: Relay;
  let clock = Date.now();
  let keyA: string;
  let keyB: string;
  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      pollRateLimit: { perSecond: 100, burst: 100 },
      deliverySecretGraceMs: 60_000,
      now: () => clock,
    });
    keyA = (await store.createTerminal(['venue-a'])).key;
    keyB = (await store.createTerminal(['venue-b'])).key;
  });
  afterAll(async () => {
    await relay.close();
  });

  // Dispatched at the relay's (injected) time, which moves past the grace period.
  const signed = (id: string, venue: string, secret: string) =>
    new SignJWT(
      event(
        'order.received',
        { id, venue_id: venue, platform_order_reference_id: `ref-${id}` },
        dispatched(0, clock),
      ),
    )
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secretBytes(secret));
  const accepted = async (venue: string, secret: string) => {
    const id = `e-${venue}-${Math.random()}`;
    return (await postDelivery(relay.url, venue, await signed(id, venue, secret))).status === 200;
  };

  it("stores the secret for the key's venue only: a terminal of venue A cannot set B's", async () => {
    expect(
      (await putDeliverySecret(relay.url, keyB, { venue_id: 'venue-b', secret: SECRET_B })).status,
    ).toBe(204);
    const taken = await putDeliverySecret(relay.url, keyA, {
      venue_id: 'venue-b',
      secret: DELIVERY_SECRET,
    });
    expect(taken.status).toBe(403);
    expect(await accepted('venue-b', SECRET_B)).toBe(true);
    expect(await accepted('venue-b', DELIVERY_SECRET)).toBe(false);
    // Nor does A's own secret, once set, open venue B.
    expect(
      (await putDeliverySecret(relay.url, keyA, { venue_id: 'venue-a', secret: DELIVERY_SECRET }))
        .status,
    ).toBe(204);
    expect(await accepted('venue-a', DELIVERY_SECRET)).toBe(true);
    expect(await accepted('venue-b', DELIVERY_SECRET)).toBe(false);
  });

  it.each([
    ['not JSON', 'secret=abc'],
    ['a JSON array', [DELIVERY_SECRET]],
    ['without the secret', { venue_id: 'venue-a' }],
    ['without the venue', { secret: DELIVERY_SECRET_NEXT }],
    [
      'with a secret shorter than 32 characters',
      { venue_id: 'venue-a', secret: 'short-secret-0123456789' },
    ],
    [
      'with a secret of spaces and non-ASCII',
      { venue_id: 'venue-a', secret: `${'é'.repeat(20)} ${'x'.repeat(20)}` },
    ],
    ['with a secret that is a number', { venue_id: 'venue-a', secret: 1234567890123456 }],
    [
      'with a field it does not know',
      { venue_id: 'venue-a', secret: DELIVERY_SECRET_NEXT, previous: 'x' },
    ],
    ['with an empty venue', { venue_id: '', secret: DELIVERY_SECRET_NEXT }],
  ])('answers 400 to a body %s and keeps the secret', async (_case, body) => {
    const answer = await putDeliverySecret(relay.url, keyA, body);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error).toBe('Bad Request');
    expect(await accepted('venue-a', DELIVERY_SECRET)).toBe(true);
    expect(await accepted('venue-a', DELIVERY_SECRET_NEXT)).toBe(false);
  });

  it('answers 401 without a valid terminal key', async () => {
    const body = JSON.stringify({ venue_id: 'venue-a', secret: DELIVERY_SECRET_NEXT });
    const none = await send(`${relay.url}/v1/delivery-secret`, { method: 'PUT', body });
    expect(none.status).toBe(401);
    const unknown = await putDeliverySecret(relay.url, 'rtk_not-a-key', JSON.parse(body));
    expect(unknown.status).toBe(401);
    expect(await accepted('venue-a', DELIVERY_SECRET_NEXT)).toBe(false);
  });

  it('two rotations within the overlap lose nothing: each replaced secret verifies until its own grace ends', async () => {
    const key = (await store.createTerminal(['venue-r'])).key;
    const secrets = [
      'rot-secret-one-0123456789abcdef0123',
      'rot-secret-two-0123456789abcdef0123',
      'rot-secret-three-0123456789abcdef01',
    ] as const;
    const [one, two, three] = secrets;
    const rotate = async (secret: string) =>
      (await putDeliverySecret(relay.url, key, { venue_id: 'venue-r', secret })).status;
    expect(await rotate(one)).toBe(204);
    clock += 10_000;
    expect(await rotate(two)).toBe(204);
    clock += 10_000;
    // Two set-ups in a row: the first secret is still in the window (replaced 10 s ago).
    expect(await rotate(three)).toBe(204);
    for (const secret of secrets)
      expect([secret, await accepted('venue-r', secret)]).toEqual([secret, true]);
    // One's grace ends 60 s after it was replaced, two's 60 s after its own replacement.
    clock += 55_000;
    expect(await accepted('venue-r', one)).toBe(false);
    expect(await accepted('venue-r', two)).toBe(true);
    clock += 10_000;
    expect(await accepted('venue-r', two)).toBe(false);
    expect(await accepted('venue-r', three)).toBe(true);
  });

  it('rotates: the new secret at once, the old one only within its grace period, the same one again changes nothing', async () => {
    const rotate = async (secret: string) =>
      (await putDeliverySecret(relay.url, keyA, { venue_id: 'venue-a', secret })).status;
    expect(await rotate(DELIVERY_SECRET_NEXT)).toBe(204);
    // The same secret again is no rotation: the old one stays the previous one.
    expect(await rotate(DELIVERY_SECRET_NEXT)).toBe(204);
    expect(await accepted('venue-a', DELIVERY_SECRET_NEXT)).toBe(true);
    expect(await accepted('venue-a', DELIVERY_SECRET)).toBe(true);
    clock += 61_000;
    expect(await accepted('venue-a', DELIVERY_SECRET)).toBe(false);
    expect(await accepted('venue-a', DELIVERY_SECRET_NEXT)).toBe(true);
  });
});

describeEachStore('POST /hooks/delivery/{venue} with an expected audience and issuer', (store) => {
  let relay: Relay;
  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      deliveryAudience: 'https://relay.example/hooks/delivery',
      deliveryIssuer: 'platform-delivery',
    });
    const { key } = await store.createTerminal(['venue-aud']);
    const answer = await putDeliverySecret(relay.url, key, {
      venue_id: 'venue-aud',
      secret: DELIVERY_SECRET,
    });
    expect(answer.status).toBe(204);
  });
  afterAll(async () => {
    await relay.close();
  });

  const signed = (id: string, claims: { aud?: string; iss?: string }) => {
    const jwt = new SignJWT(
      event('order.received', { id, venue_id: 'venue-aud' }),
    ).setProtectedHeader({
      alg: 'HS256',
    });
    if (claims.aud !== undefined) jwt.setAudience(claims.aud);
    if (claims.iss !== undefined) jwt.setIssuer(claims.iss);
    return jwt.sign(secretBytes(DELIVERY_SECRET));
  };

  it('accepts a token naming both, and refuses one missing or naming another (401)', async () => {
    const aud = 'https://relay.example/hooks/delivery';
    const iss = 'platform-delivery';
    expect(
      (await postDelivery(relay.url, 'venue-aud', await signed('aud-ok', { aud, iss }))).status,
    ).toBe(200);
    for (const [id, claims] of [
      ['aud-missing', { iss }],
      ['iss-missing', { aud }],
      ['aud-other', { aud: 'https://elsewhere.example', iss }],
      ['iss-other', { aud, iss: 'someone-else' }],
    ] as const) {
      const answer = await postDelivery(relay.url, 'venue-aud', await signed(id, claims));
      expect([id, answer.status]).toEqual([id, 401]);
      expect(JSON.parse(answer.text).message).toMatch(/"(aud|iss)" claim/);
    }
  });
});
