import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRelay, type Relay } from './server';
import { describeEachStore } from './testing/store-fixture';
import { MARKETPLACE_SECRET, orderNotification, poll, sign } from './testing/test-support';

/** Writes `parts` to a raw socket `gapMs` apart; resolves with what the relay sent and when it hung up. */
function trickle(
  url: string,
  parts: string[],
  gapMs: number,
): Promise<{ text: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    let next = 0;
    const write = () => {
      if (socket.destroyed || next >= parts.length) return;
      socket.write(parts[next++] as string);
      timer = setTimeout(write, gapMs);
    };
    socket.once('connect', write);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the relay kept a slow client ${Date.now() - started} ms`));
    }, 8_000).unref();
  });
}

describeEachStore('slow clients on the webhook endpoints', (store) => {
  let relay: Relay;
  let key: string;
  beforeAll(async () => {
    relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      requestTimeoutMs: 400,
    });
    key = (await store.createTerminal(['venue-slow'])).key;
  });
  afterAll(async () => {
    await relay.close();
  });

  it('cuts off a client that sends its body too slowly, and stores nothing of it', async () => {
    const body = orderNotification('slow-body', 'venue-slow');
    const head =
      `POST /hooks/marketplace HTTP/1.1\r\nHost: relay\r\nContent-Type: application/json\r\n` +
      `PLATFORM-SIGNATURE: ${sign(body, MARKETPLACE_SECRET)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    // One byte every 200 ms: the body would take about a minute.
    const answer = await trickle(relay.url, [head, ...body.split('')], 200);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
    expect(answer.closedAfterMs).toBeLessThan(3_000);
    expect((await poll(relay.url, key, { after: 0 })).events).toEqual([]);
  });

  it('cuts off a client that sends its headers too slowly', async () => {
    const head =
      'POST /hooks/marketplace HTTP/1.1\r\nHost: relay\r\nContent-Type: application/json\r\n';
    const answer = await trickle(relay.url, head.split(''), 150);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
    expect(answer.closedAfterMs).toBeLessThan(3_000);
  });

  it('still holds a long-poll longer than the request timeout', async () => {
    const started = Date.now();
    const answer = await poll(relay.url, key, { after: 0, wait: 1 });
    expect(answer.status).toBe(200);
    expect(answer.events).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
