import { connect } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { Sandbox } from './server';
import { startSandbox } from './server';

let sandbox: Sandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

/** Sends `text` and never finishes the request; resolves with whatever the server answers. */
const sendUnfinished = (url: string, text: string) =>
  new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });

it('answers 408 to a client that does not finish its headers or its body in time', async () => {
  sandbox = await startSandbox({ ordersPerMinute: 0, requestTimeoutMs: 300 });
  const headers = await sendUnfinished(sandbox.url, 'GET /_sandbox/clock HTTP/1.1\r\nHost: x\r\n');
  expect(headers).toMatch(/^HTTP\/1\.1 408 /);
  const body = await sendUnfinished(
    sandbox.url,
    'POST /_sandbox/venues HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"venue_id"',
  );
  expect(body).toMatch(/^HTTP\/1\.1 408 /);
  // A client that sends its request in time is served as usual.
  expect((await fetch(`${sandbox.controlUrl}/clock`)).status).toBe(200);
});

it('dates every answer with the sandbox clock, as the platform dates its own', async () => {
  sandbox = await startSandbox({ ordersPerMinute: 0 });
  const before = await fetch(`${sandbox.posUrl}/nothing-here`);
  expect(Math.abs(Date.parse(before.headers.get('date')!) - Date.now())).toBeLessThan(2000);
  await fetch(`${sandbox.controlUrl}/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_seconds: 600 }),
  });
  const after = await fetch(`${sandbox.posUrl}/nothing-here`);
  expect(Date.parse(after.headers.get('date')!) - Date.now()).toBeGreaterThan(598_000);
});
