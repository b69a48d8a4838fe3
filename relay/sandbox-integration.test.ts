import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { startRelay, type Relay } from './server';
import { describeEachStore } from './testing/store-fixture';
import {
  DELIVERY_SECRET,
  MARKETPLACE_SECRET,
  openPolls,
  poll,
  pollsOpen,
  putDeliverySecret,
  send,
  sign,
} from './testing/test-support';

// The "done when": a notification signed as the platform (the sandbox) signs it reaches
// both terminals of its venue; one signed with another secret reaches none.
describeEachStore('relay with the sandbox platform', (store) => {
  let relay: Relay;
  let platform: Sandbox;
  let impostor: Sandbox;
  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
    });
    const webhookUrl = `${relay.url}/hooks/marketplace`;
    const retry = { retries: 0, intervalMs: 10 };
    platform = await startSandbox({
      webhookUrl,
      webhookSecret: MARKETPLACE_SECRET,
      notificationRetry: retry,
    });
    impostor = await startSandbox({
      webhookUrl,
      webhookSecret: 'someone-elses-secret-0123456789',
      notificationRetry: retry,
    });
  });
  afterAll(async () => {
    await Promise.all([platform.close(), impostor.close()]);
    await relay.close();
  });

  const placeOrder = async (sandbox: Sandbox) => {
    const answer = await send(`${sandbox.controlUrl}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ venue_id: 'demo-venue', type: 'takeaway' }),
    });
    expect(answer.status).toBe(201);
    return JSON.parse(answer.text) as { id: string };
  };

  it('delivers a sandbox-signed CREATED notification to both terminals of demo-venue, and a forged one to none', async () => {
    const keys = [
      (await store.createTerminal(['demo-venue'])).key,
      (await store.createTerminal(['demo-venue'])).key,
    ];
    const other = (await store.createTerminal(['another-venue'])).key;
    const open = await openPolls(relay.url);
    const waiting = keys.map((key) => poll(relay.url, key, { wait: 10 }));
    await waitFor(() => pollsOpen(relay.url, open + keys.length));

    await placeOrder(impostor);
    const order = await placeOrder(platform);
    const answers = await Promise.all(waiting);
    for (const answer of answers) {
      expect(answer.events).toHaveLength(1);
      const [event] = answer.events;
      const notification = JSON.parse(event?.body ?? '{}');
      expect(notification).toMatchObject({
        type: 'order.notification',
        order: { id: order.id, venue_id: 'demo-venue', status: 'CREATED' },
      });
      expect(event?.signature).toBe(sign(event?.body ?? '', platform.webhookSecret));
    }

    // The impostor's notification was refused (401), so no terminal ever sees it.
    await expect
      .poll(async () => {
        const sent = await send(`${impostor.controlUrl}/notifications`);
        return (JSON.parse(sent.text) as { delivered: boolean; attempts: number }[]).map((n) => [
          n.attempts > 0,
          n.delivered,
        ]);
      })
      .toEqual([[true, false]]);
    for (const key of keys)
      expect((await poll(relay.url, key, { after: 0 })).events).toHaveLength(1);
    expect((await poll(relay.url, other, { after: 0 })).events).toEqual([]);
  });

  it('takes the delivery service’s events as it signs them (no exp), each on its first try, for the venue’s terminal', async () => {
    const json = async (
      url: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) => {
      const answer = await send(url, {
        ...init,
        headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
      });
      expect(answer.status, answer.text).toBeLessThan(300);
      return JSON.parse(answer.text) as Record<string, unknown>;
    };
    const demo = (await json(`${platform.controlUrl}/drive/demo`)) as {
      merchant_id: string;
      merchant_key: string;
      venue_id: string;
    };
    const key = (await store.createTerminal([demo.venue_id])).key;
    expect(
      (
        await putDeliverySecret(relay.url, key, {
          venue_id: demo.venue_id,
          secret: DELIVERY_SECRET,
        })
      ).status,
    ).toBe(204);
    const drive = (method: string, path: string, body: unknown) =>
      json(`${platform.driveUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${demo.merchant_key}` },
        body: JSON.stringify(body),
      });
    await drive('POST', `/v1/merchants/${demo.merchant_id}/webhooks`, {
      callback_url: `${relay.url}/hooks/delivery/${demo.venue_id}`,
      client_secret: DELIVERY_SECRET,
      callback_config: { exponential_retry_backoff: { exponent_base: 2, max_retry_count: 6 } },
    });
    const promise = (await drive('POST', `/v1/venues/${demo.venue_id}/shipment-promises`, {
      street: 'Fredrikinkatu 20',
      city: 'Helsinki',
      post_code: '00120',
    })) as { id: string; dropoff: { location: { coordinates: unknown } } };
    const created = (await drive('POST', `/v1/venues/${demo.venue_id}/deliveries`, {
      dropoff: { location: { coordinates: promise.dropoff.location.coordinates } },
      recipient: { name: 'Eero', phone_number: '+358401111111' },
      parcels: [{ description: 'Pizza', identifier: 'P-1', count: 1 }],
      shipment_promise_id: promise.id,
    })) as { platform_order_reference_id: string };
    const reference = created.platform_order_reference_id;
    await json(`${platform.controlUrl}/drive/deliveries/${reference}/advance`, {
      method: 'POST',
      body: JSON.stringify({ to: 'delivered' }),
    });
    type Sent = { type: string; attempts: number; delivered: boolean };
    const sent = await waitFor(async () => {
      const list = JSON.parse(
        (await send(`${platform.controlUrl}/drive/events?platform_order_reference_id=${reference}`))
          .text,
      ) as Sent[];
      return list.length > 0 && list.every((event) => event.delivered || event.attempts > 1)
        ? list
        : undefined;
    });
    expect(sent.map((event) => [event.type, event.attempts, event.delivered])).toEqual(
      sent.map((event) => [event.type, 1, true]),
    );
    expect(sent.map((event) => event.type)).toContain('order.delivered');
    const served = (await poll(relay.url, key, { after: 0 })).events.filter(
      (event) => event.kind === 'delivery',
    );
    expect(served).toHaveLength(sent.length);
  });
});
