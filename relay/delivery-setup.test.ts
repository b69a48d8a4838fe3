// PUT /v1/delivery/setup names the delivery service's address as well as the merchant: a terminal
// of another venue, holding a key that a server of its own accepts, must not move a merchant the
// relay already holds to that server (every venue of the merchant would book there, and the
// relay would hand it the merchant's webhook secret). Real relay, sandbox and rogue server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { startRelay, type Relay } from './server';
import { describeEachStore } from './testing/store-fixture';
import {
  CREDENTIALS_KEY,
  MARKETPLACE_SECRET,
  driveProxy,
  putDeliverySetup,
  send,
} from './testing/test-support';

const MERCHANT_KEY = 'merchant-key-of-venue-b-0123456789';

describeEachStore('PUT /v1/delivery/setup', (store) => {
  let relay: Relay;
  let sandbox: Sandbox;
  let rogue: Server;
  let rogueUrl: string;
  const rogueSaw: string[] = [];
  let merchantId: string;
  let keyB: string;
  let keyX: string;

  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      credentialsKey: CREDENTIALS_KEY,
    });
    sandbox = await startSandbox({ webhookUrl: null });
    // A delivery service of the attacker's: it takes any key and answers as the real one would.
    rogue = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        rogueSaw.push(`${req.method} ${req.url} ${body}`);
        res.setHeader('content-type', 'application/json');
        if (req.method === 'GET') res.end('[]');
        else
          res.end(
            JSON.stringify({
              id: `hook-${rogueSaw.length}`,
              callback_url: '',
              disabled: false,
              subscribed_events: [],
              ...JSON.parse(body || '{}'),
            }),
          );
      });
    });
    await new Promise<void>((resolve) => rogue.listen(0, '127.0.0.1', resolve));
    rogueUrl = `http://127.0.0.1:${(rogue.address() as AddressInfo).port}`;
    merchantId = `setup-merchant-${store.kind}`;
    const made = await send(`${sandbox.controlUrl}/drive/merchants`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        merchant_id: merchantId,
        merchant_key: MERCHANT_KEY,
        venues: [{ venue_id: 'venue-b', name: 'B', lat: 60.1641, lon: 24.9402 }],
      }),
    });
    expect(made.status, made.text).toBeLessThan(300);
    keyB = (await store.createTerminal(['venue-b'])).key;
    keyX = (await store.createTerminal(['venue-x'])).key;
  });
  afterAll(async () => {
    rogue.closeAllConnections();
    await new Promise((resolve) => rogue.close(resolve));
    await sandbox.close();
    await relay.close();
  });

  it("refuses another venue's terminal moving a merchant the relay holds to another service address", async () => {
    const own = await putDeliverySetup(relay.url, keyB, {
      venue_id: 'venue-b',
      merchant_id: merchantId,
      drive_url: sandbox.driveUrl,
      merchant_key: MERCHANT_KEY,
    });
    expect(own.status, own.text).toBe(200);

    const hijack = await putDeliverySetup(relay.url, keyX, {
      venue_id: 'venue-x',
      merchant_id: merchantId,
      drive_url: rogueUrl,
      merchant_key: 'any-key-the-rogue-takes-0123',
    });
    expect(hijack.status, hijack.text).toBe(409);
    expect(rogueSaw).toEqual([]);

    // B's calls still go to the service B set up, with its own key.
    const quote = await driveProxy(
      relay.url,
      keyB,
      'POST',
      '/v1/venues/venue-b/shipment-promises',
      { street: 'Fredrikinkatu 20', city: 'Helsinki', post_code: '00120' },
    );
    expect(quote.status, quote.text).toBeLessThan(300);
    expect(rogueSaw).toEqual([]);
    // Venue X was not linked to B's merchant either.
    const merchantCall = await driveProxy(
      relay.url,
      keyX,
      'GET',
      `/merchants/${merchantId}/delivery-areas`,
    );
    expect(merchantCall.status).toBe(403);
  });

  it('refuses a merchant id or a service address with control characters, before any call', async () => {
    for (const [merchant, address] of [
      ['merchant\u001b]0;pwned\u0007', rogueUrl],
      ['merchant\nrelay: all good', rogueUrl],
      ['merchant-plain', `${rogueUrl}/\u001b[2J`],
    ]) {
      const answer = await putDeliverySetup(relay.url, keyX, {
        venue_id: 'venue-x',
        merchant_id: merchant,
        drive_url: address,
        merchant_key: 'any-key-the-rogue-takes-0123',
      });
      expect(answer.status, answer.text).toBe(400);
    }
    expect(rogueSaw).toEqual([]);
  });
});
