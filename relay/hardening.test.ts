// Findings of an attack pass: connection exhaustion, malformed request targets, log flooding and
// an open /metrics.
import { connect, type Socket } from 'node:net';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startRelay, type Relay } from './server';
import { describeEachStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  postMarketplace,
  send,
  sign,
} from './testing/test-support';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

/** Raw bytes to the relay; resolves with everything it answered once it closes (or after idleMs). */
function raw(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function openIdle(url: string, count: number): Promise<Socket[]> {
  const { hostname, port } = new URL(url);
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.on('error', () => undefined);
          socket.once('error', reject);
        }),
    ),
  );
}

describeEachStore('relay hardening', (store) => {
  let relay: Relay;
  beforeEach(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      metricsToken: METRICS_TOKEN,
      maxConnections: 12,
      pollRateLimit: { perSecond: 100, burst: 100 },
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await relay.close();
  });

  it('answers a malformed request target (GET //[) with 400, not 503', async () => {
    const answer = await raw(
      relay.url,
      'GET //[ HTTP/1.1\r\nHost: relay\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('not a valid URL path');
  });

  it('requires the metrics token on /metrics when one is configured', async () => {
    expect((await send(`${relay.url}/metrics`)).status).toBe(401);
    const wrong = await send(`${relay.url}/metrics`, {
      headers: { Authorization: 'Bearer metrics-token-0123456789abcdeX' },
    });
    expect(wrong.status).toBe(401);
    const right = await send(`${relay.url}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(right.text).toContain('relay_polls_open');
  });

  it('does not log unauthenticated junk once per request', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    // 40 senders that promise a body and hang up halfway, and 40 malformed targets.
    await Promise.all(
      Array.from({ length: 40 }, () =>
        raw(
          relay.url,
          'POST /hooks/marketplace HTTP/1.1\r\nHost: relay\r\nContent-Length: 100\r\n\r\n{"id":',
        ),
      ),
    );
    await Promise.all(
      Array.from({ length: 40 }, () => raw(relay.url, 'GET //[ HTTP/1.1\r\nHost: r\r\n\r\n')),
    );
    expect(lines.length).toBeLessThanOrEqual(2);
  });

  it('sheds idle unproven sockets at the connection cap, so webhooks and open polls go on', async () => {
    const { key } = await store.createTerminal(['v-cap']);
    const waiting = [
      poll(relay.url, key, { after: 0, wait: 20 }),
      poll(relay.url, key, { after: 0, wait: 20 }),
    ];
    await expect
      .poll(async () => {
        const metrics = await send(`${relay.url}/metrics`, {
          headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
        });
        return /^relay_polls_open (\d+)$/m.exec(metrics.text)?.[1];
      })
      .toBe('2');
    // Twice the cap in sockets that never send a byte.
    const idle = await openIdle(relay.url, 24);
    try {
      const body = orderNotification('past-the-cap', 'v-cap');
      const answer = await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET));
      expect(answer.status).toBe(200);
      const woken = await Promise.all(waiting);
      expect(woken.map((answer) => answer.events.map((event) => event.body))).toEqual([
        [body],
        [body],
      ]);
      await expect.poll(() => idle.filter((socket) => socket.destroyed).length).toBeGreaterThan(10);
    } finally {
      for (const socket of idle) socket.destroy();
    }
  });
});
