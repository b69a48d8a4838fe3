import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../test/wait';
import { startSandbox } from './server';
import type { Sandbox, SandboxOptions } from './server';
import { control, onboard, pos } from './testing/test-support';

type Received = {
  at: number;
  raw: string;
  signature: string | undefined;
  contentType: string | undefined;
};
type Receiver = { url: string; received: Received[]; close(): Promise<void> };

/** A tiny webhook receiver; `statusFor(n)` decides the answer to the n-th request (0-based). */
async function startReceiver(
  statusFor: (n: number, raw: string) => number = () => 200,
): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const n = received.length;
      received.push({
        at: Date.now(),
        raw,
        signature: req.headers['platform-signature'] as string | undefined,
        contentType: req.headers['content-type'],
      });
      res.writeHead(statusFor(n, raw)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/marketplace`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const SECRET = 'a-webhook-secret-of-at-least-128-bits-0123456789';
const hmac = (raw: string, secret = SECRET) =>
  createHmac('sha256', secret).update(raw).digest('hex');
type Record_ = {
  id: string;
  type: string;
  attempts: number;
  delivered: boolean;
  dropped: string | null;
  body: unknown;
};

let sandbox: Sandbox | null = null;
let receiver: Receiver | null = null;
afterEach(async () => {
  await sandbox?.close();
  await receiver?.close();
  sandbox = null;
  receiver = null;
});

async function setup(statusFor?: (n: number, raw: string) => number, options: SandboxOptions = {}) {
  receiver = await startReceiver(statusFor);
  sandbox = await startSandbox({
    webhookUrl: receiver.url,
    webhookSecret: SECRET,
    notificationRetry: { retries: 3, intervalMs: 60 },
    ...options,
  });
  return { sb: sandbox, rx: receiver };
}
const placeOrder = async (sb: Sandbox, type = 'takeaway') =>
  (await control(sb, 'POST', '/orders', { venue_id: 'demo-venue', type })).json as { id: string };
const records = async (sb: Sandbox) =>
  (await control(sb, 'GET', '/notifications')).json as Record_[];

describe('notifications', () => {
  it('compact JSON, signed with HMAC-SHA256 hex of the exact bytes, in the contract shape', async () => {
    const { sb, rx } = await setup();
    const token = (await onboard(sb)).access_token;
    const order = await placeOrder(sb, 'homedelivery');
    await pos(sb, token, 'PUT', `/orders/${order.id}/accept`);
    await control(sb, 'POST', `/orders/${order.id}/courier`, { event: 'arriving' });
    await pos(sb, token, 'PUT', `/orders/${order.id}/ready`);
    await control(sb, 'POST', `/orders/${order.id}/courier`, { event: 'picked_up' });
    await waitFor(() => rx.received.length === 5);
    for (const r of rx.received) {
      expect(r.signature).toBe(hmac(r.raw));
      expect(r.signature).not.toBe(hmac(r.raw, 'another-secret'));
      expect(r.raw).toBe(JSON.stringify(JSON.parse(r.raw)));
      expect(r.contentType).toBe('application/json');
    }
    const bodies = rx.received.map((r) => JSON.parse(r.raw) as Record<string, unknown>);
    expect(Object.keys(bodies[0]!)).toEqual(['id', 'type', 'order', 'created_at']);
    expect(bodies[0]).toEqual({
      id: expect.any(String),
      type: 'order.notification',
      order: {
        id: order.id,
        venue_id: 'demo-venue',
        status: 'CREATED',
        resource_url: `${sb.posUrl}/orders/${order.id}`,
      },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(bodies[2]).toEqual({
      id: expect.any(String),
      type: 'courier.notification',
      order: {
        id: order.id,
        venue_id: 'demo-venue',
        resource_url: `${sb.posUrl}/orders/${order.id}`,
      },
      courier_details: { courier_pickup_eta: expect.any(String) },
      created_at: expect.any(String),
    });
    expect(bodies[4]).toMatchObject({
      type: 'pickup_completed.notification',
      details: { is_pickup_completed: true },
    });
    expect(new Set(bodies.map((b) => b.id)).size).toBe(5);
    // The resource_url works with the partner's token.
    const fetched = await fetch((bodies[0]!.order as { resource_url: string }).resource_url, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(fetched.status).toBe(200);
  });

  it('retries a non-2xx answer `retries` times `intervalMs` apart, then delivers', async () => {
    const { sb, rx } = await setup((n) => (n < 2 ? 500 : 200));
    await placeOrder(sb);
    await waitFor(async () => (await records(sb))[0]?.delivered === true);
    expect(rx.received).toHaveLength(3);
    expect(new Set(rx.received.map((r) => r.raw)).size).toBe(1);
    for (let i = 1; i < 3; i++)
      expect(rx.received[i]!.at - rx.received[i - 1]!.at).toBeGreaterThanOrEqual(55);
    expect((await records(sb))[0]).toMatchObject({ attempts: 3, delivered: true, dropped: null });
  });

  it('gives up after the configured retries and drops the notification', async () => {
    const { sb, rx } = await setup(() => 503, {
      notificationRetry: { retries: 2, intervalMs: 30 },
    });
    await placeOrder(sb);
    await waitFor(async () => (await records(sb))[0]?.dropped === 'retries');
    // Dropped is final: the notifier has returned from its last attempt and schedules no other,
    // and its attempt count covers every POST it started.
    expect((await records(sb))[0]).toMatchObject({ attempts: 3, delivered: false });
    expect(rx.received).toHaveLength(3);
  });

  it('an unreachable webhook counts as a failed attempt', async () => {
    sandbox = await startSandbox({
      webhookUrl: 'http://127.0.0.1:9/nothing',
      notificationRetry: { retries: 1, intervalMs: 10 },
    });
    await placeOrder(sandbox);
    await waitFor(async () => (await records(sandbox!))[0]?.dropped === 'retries');
    expect((await records(sandbox))[0]).toMatchObject({ attempts: 2, delivered: false });
  });

  it('notifications of one order stay in order while an older one is retried', async () => {
    let firstFailures = 2;
    const { sb, rx } = await setup((_n, raw) => {
      const status = (JSON.parse(raw) as { order: { status?: string } }).order.status;
      if (status === 'CREATED' && firstFailures > 0) {
        firstFailures--;
        return 500;
      }
      return 200;
    });
    const token = (await onboard(sb)).access_token;
    const order = await placeOrder(sb);
    await pos(sb, token, 'PUT', `/orders/${order.id}/accept`);
    await pos(sb, token, 'PUT', `/orders/${order.id}/ready`);
    await waitFor(() => rx.received.length === 5);
    const statuses = rx.received.map(
      (r) => (JSON.parse(r.raw) as { order: { status: string } }).order.status,
    );
    expect(statuses).toEqual(['CREATED', 'CREATED', 'CREATED', 'PRODUCTION', 'READY']);
  });

  it('the webhook URL and secret can be changed through the control API', async () => {
    const { sb, rx } = await setup();
    const other = await startReceiver();
    try {
      const r = await control(sb, 'POST', '/webhook', {
        url: other.url,
        secret: 'rotated-secret-0123456789abcdef',
      });
      expect(r.status).toBe(200);
      await placeOrder(sb);
      await waitFor(() => other.received.length === 1);
      expect(other.received[0]!.signature).toBe(
        hmac(other.received[0]!.raw, 'rotated-secret-0123456789abcdef'),
      );
      expect(rx.received).toHaveLength(0);
      expect((await control(sb, 'POST', '/webhook', { url: 'ftp://x' })).status).toBe(400);
    } finally {
      await other.close();
    }
  });
});

describe('faults', () => {
  it('drop_webhooks 1 sends nothing; duplicate_webhooks 1 sends each twice', async () => {
    const { sb, rx } = await setup();
    expect((await control(sb, 'POST', '/faults', { drop_webhooks: 1 })).status).toBe(200);
    await placeOrder(sb);
    await waitFor(async () => (await records(sb))[0]?.dropped === 'fault');
    expect(rx.received).toHaveLength(0);

    await control(sb, 'POST', '/faults', { drop_webhooks: 0, duplicate_webhooks: 1 });
    await placeOrder(sb);
    await waitFor(() => rx.received.length === 2);
    expect(rx.received[0]!.raw).toBe(rx.received[1]!.raw);
    expect(rx.received[1]!.signature).toBe(hmac(rx.received[1]!.raw));
  });

  it('error_rate answers 503 on /auth and /pos but never on /_sandbox; latency delays answers', async () => {
    const { sb } = await setup();
    const token = (await onboard(sb)).access_token;
    expect((await control(sb, 'POST', '/faults', { error_rate: 1 })).json).toMatchObject({
      error_rate: 1,
    });
    const api = await pos(sb, token, 'GET', '/venues/demo-venue/status');
    expect(api.status).toBe(503);
    expect(api.json).toMatchObject({ error: 'Service Unavailable' });
    expect((await fetch(`${sb.authUrl}/oauth2/token`, { method: 'POST' })).status).toBe(503);
    expect((await control(sb, 'GET', '/clock')).status).toBe(200);

    await control(sb, 'POST', '/faults', { error_rate: 0, latency_ms: 150 });
    const started = Date.now();
    expect((await pos(sb, token, 'GET', '/venues/demo-venue/status')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await control(sb, 'POST', '/faults', { error_rate: 2 })).json).toMatchObject({
      field: 'error_rate',
    });
  });
});
