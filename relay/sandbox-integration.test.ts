import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { startRelay, type Relay } from './server';
import { describeEachStore } from './store-fixture';
import { MARKETPLACE_SECRET, openPolls, poll, pollsOpen, send, sign } from './test-support';

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
});
