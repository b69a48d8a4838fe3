import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Relay } from './server';
import { startRelayUnderTest } from './testing/relay-under-test';
import { describeEachStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  MARKETPLACE_SECRET_NEXT,
  orderNotification,
  poll,
  postMarketplace,
  send,
  sign,
} from './testing/test-support';

describeEachStore('POST /hooks/marketplace', (store) => {
  let relay: Relay;
  let key: string;
  beforeAll(async () => {
    relay = await startRelayUnderTest({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET, MARKETPLACE_SECRET_NEXT],
      maxBodyBytes: 4096,
      pollRateLimit: { perSecond: 100, burst: 100 },
    });
    key = (await store.createTerminal(['venue-m'])).key;
  });
  afterAll(async () => {
    await relay.close();
  });

  const served = async () => (await poll(relay.url, key, { after: 0 })).events;
  const bodiesServed = async () => (await served()).map((event) => event.body);

  it('stores a correctly signed notification and serves its exact body and signature', async () => {
    const body = orderNotification('m-ok', 'venue-m');
    const signature = sign(body, MARKETPLACE_SECRET);
    const answer = await postMarketplace(relay.url, body, signature);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ received: true, duplicate: false });
    const event = (await served()).find((e) => e.body === body);
    expect(event).toMatchObject({ kind: 'marketplace', venue_id: 'venue-m', signature });
    expect(new Date(event?.received_at ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts the second active secret (rotation) and an upper-case hex signature', async () => {
    const rotated = orderNotification('m-rotated', 'venue-m');
    expect(
      (await postMarketplace(relay.url, rotated, sign(rotated, MARKETPLACE_SECRET_NEXT))).status,
    ).toBe(200);
    const upper = orderNotification('m-upper', 'venue-m');
    expect(
      (await postMarketplace(relay.url, upper, sign(upper, MARKETPLACE_SECRET).toUpperCase()))
        .status,
    ).toBe(200);
    expect(await bodiesServed()).toEqual(expect.arrayContaining([rotated, upper]));
  });

  it('reads the header name case-insensitively', async () => {
    const body = orderNotification('m-case', 'venue-m');
    const answer = await send(`${relay.url}/hooks/marketplace`, {
      method: 'POST',
      headers: { 'Platform-Signature': sign(body, MARKETPLACE_SECRET) },
      body,
    });
    expect(answer.status).toBe(200);
  });

  it('answers a repeated notification id with 200 and stores it once', async () => {
    const body = orderNotification('m-dup', 'venue-m');
    const signature = sign(body, MARKETPLACE_SECRET);
    const answers = await Promise.all(
      [1, 2, 3].map(() => postMarketplace(relay.url, body, signature)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => JSON.parse(a.text).duplicate === true)).toHaveLength(2);
    expect((await bodiesServed()).filter((b) => b === body)).toHaveLength(1);
  });

  it.each([
    ['missing', null],
    ['signed with an unknown secret', 'x'],
    ['not hex', 'zz'.repeat(32)],
    ['too short', 'ab'],
    ['too long', 'ab'.repeat(33)],
  ])('refuses with 401 and stores nothing when the signature is %s', async (_case, kind) => {
    const body = orderNotification(`m-forged-${_case}`, 'venue-m');
    const signature = kind === 'x' ? sign(body, 'an-attacker-secret-0123456789') : kind;
    const answer = await postMarketplace(relay.url, body, signature);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'Unauthorized' });
    expect(await bodiesServed()).not.toContain(body);
  });

  it('refuses a body changed by one byte after signing', async () => {
    const body = orderNotification('m-tampered', 'venue-m');
    const signature = sign(body, MARKETPLACE_SECRET);
    const tampered = body.replace('CREATED', 'CREATEE');
    expect((await postMarketplace(relay.url, tampered, signature)).status).toBe(401);
    // Whitespace is part of the signed bytes too: re-serialising would break the signature.
    expect((await postMarketplace(relay.url, `${body} `, signature)).status).toBe(401);
  });

  it.each([
    ['not JSON', '{"id": '],
    ['a JSON array', '[1,2]'],
    [
      'without created_at',
      JSON.stringify({
        id: 'x1',
        type: 'order.notification',
        order: { id: 'o', venue_id: 'v', status: 'CREATED' },
      }),
    ],
    [
      'with a bad created_at',
      JSON.stringify({
        id: 'x2',
        type: 'order.notification',
        order: { id: 'o', venue_id: 'v', status: 'CREATED' },
        created_at: 'yesterday',
      }),
    ],
    [
      'without order.venue_id',
      JSON.stringify({
        id: 'x3',
        type: 'courier.notification',
        order: { id: 'o' },
        created_at: '2026-11-23T10:00:00.123Z',
      }),
    ],
    [
      'without a status in order.notification',
      JSON.stringify({
        id: 'x4',
        type: 'order.notification',
        order: { id: 'o', venue_id: 'v' },
        created_at: '2026-11-23T10:00:00.123Z',
      }),
    ],
    [
      'without an id',
      JSON.stringify({
        type: 'order.notification',
        order: { id: 'o', venue_id: 'v', status: 'CREATED' },
        created_at: '2026-11-23T10:00:00.123Z',
      }),
    ],
    [
      'of an unknown type naming no venue',
      JSON.stringify({ id: 'x5', type: 'partner.alert', created_at: '2026-11-23T10:00:00.123Z' }),
    ],
    ['not UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])],
  ])('answers 400 to a signed body %s', async (_case, body) => {
    const answer = await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).message).toMatch(/\w/);
  });

  it.each([
    ['a basic-format offset', '2026-11-23T10:00:00.123+0000'],
    ['an hours-only offset', '2026-11-23T12:00:00.123+02'],
    ['no offset', '2026-11-23T10:00:00.123'],
    ['a comma before the fraction', '2026-11-23T10:00:00,123Z'],
  ])(
    'accepts a created_at in ISO 8601 with %s: refusing a genuine notification loses it',
    async (_case, createdAt) => {
      const id = `m-ts-${createdAt}`;
      const body = JSON.stringify({
        id,
        type: 'order.notification',
        order: { id: 'o-ts', venue_id: 'venue-m', status: 'CREATED' },
        created_at: createdAt,
      });
      expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
        200,
      );
      expect(await bodiesServed()).toContain(body);
    },
  );

  it('accepts unknown types and unknown fields when they carry an id and a venue', async () => {
    const alert = JSON.stringify({
      id: 'm-alert',
      type: 'venue.alert',
      venue_id: 'venue-m',
      created_at: '2026-11-23T10:00:00Z',
      extra: { a: 1 },
    });
    const cancel = JSON.stringify({
      id: 'm-cancel',
      type: 'order.notification',
      order: { id: 'o9', venue_id: 'venue-m', status: 'CANCELED', new_field: true },
      created_at: '2026-11-23T10:00:00.123Z',
      another: [1],
    });
    const pickup = JSON.stringify({
      id: 'm-pickup',
      type: 'pickup_completed.notification',
      order: { id: 'o9', venue_id: 'venue-m' },
      details: { is_pickup_completed: true },
      created_at: '2026-11-23T10:00:00.123Z',
    });
    for (const body of [alert, cancel, pickup]) {
      expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
        200,
      );
    }
    expect(await bodiesServed()).toEqual(expect.arrayContaining([alert, cancel, pickup]));
  });

  it('answers 413 to a body over the limit, by Content-Length or while streaming', async () => {
    const big = JSON.stringify({
      id: 'm-big',
      type: 'venue.alert',
      venue_id: 'venue-m',
      pad: 'x'.repeat(5000),
    });
    const answer = await postMarketplace(relay.url, big, sign(big, MARKETPLACE_SECRET));
    expect(answer.status).toBe(413);

    // Chunked, no Content-Length: the relay must stop reading once past the limit.
    const status = await new Promise<string>((resolve, reject) => {
      const url = new URL(relay.url);
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          'POST /hooks/marketplace HTTP/1.1\r\nHost: relay\r\nTransfer-Encoding: chunked\r\n\r\n',
        );
        const chunk = 'x'.repeat(3000);
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      });
      let text = '';
      socket.on('data', (data) => {
        text += data.toString();
        if (text.includes('\r\n')) {
          resolve(text.split('\r\n')[0] as string);
          socket.destroy();
        }
      });
      socket.on('error', reject);
    });
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(await bodiesServed()).not.toContain(big);
  });

  it('serves a body that starts with a UTF-8 byte order mark byte for byte, so its signature still verifies', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(orderNotification('m-bom', 'venue-m')),
    ]);
    const signature = sign(bytes, MARKETPLACE_SECRET);
    expect((await postMarketplace(relay.url, bytes, signature)).status).toBe(200);
    const event = (await served()).find((e) => e.body.includes('"m-bom"'));
    expect(event).toBeDefined();
    expect(Buffer.from(event?.body ?? '', 'utf8').equals(bytes)).toBe(true);
    expect(sign(event?.body ?? '', MARKETPLACE_SECRET)).toBe(event?.signature);
  });

  it('answers 405 to the wrong method and 404 to unknown paths', async () => {
    expect((await send(`${relay.url}/hooks/marketplace`)).status).toBe(405);
    expect((await send(`${relay.url}/nope`)).status).toBe(404);
  });
});
