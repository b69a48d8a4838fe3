import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestError } from './http';
import { classifyStatus, parseRetryAfter, sendRequest } from './http';

let base = '';
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const status = Number(url.searchParams.get('status') ?? 200);
  // Never answers (afterAll closes the socket): the client's own timeout is under test, and no
  // server delay can race it on a slow machine.
  if (url.pathname === '/slow') return;
  if (status === 429) res.setHeader('retry-after', '7');
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(
    status === 200
      ? JSON.stringify({ ok: true })
      : JSON.stringify({ error: 'X', message: `reason ${status}` }),
  );
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = (status: number): Promise<RequestError> =>
  sendRequest({ method: 'GET', url: `${base}/?status=${status}` }).then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as RequestError,
  );

describe('http classification', () => {
  it('classifies statuses', () => {
    expect([500, 503, 408, 429].map(classifyStatus)).toEqual([
      'temporary',
      'temporary',
      'temporary',
      'temporary',
    ]);
    expect([400, 403, 404, 409, 422].map(classifyStatus)).toEqual([
      'permanent',
      'permanent',
      'permanent',
      'permanent',
      'permanent',
    ]);
  });

  it('parses Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:10 GMT', new Date('2026-11-23T10:00:00Z'))).toBe(
      10_000,
    );
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('resolves 2xx with the parsed body', async () => {
    await expect(sendRequest({ method: 'GET', url: `${base}/` })).resolves.toMatchObject({
      status: 200,
      body: { ok: true },
    });
  });

  it('keeps the server reason of a permanent error', async () => {
    const error = await failure(409);
    expect(error).toMatchObject({ kind: 'permanent', status: 409, message: 'reason 409' });
  });

  it('makes 5xx and 429 temporary and honours Retry-After', async () => {
    expect(await failure(503)).toMatchObject({ kind: 'temporary', status: 503 });
    expect(await failure(429)).toMatchObject({ kind: 'temporary', retryAfterMs: 7000 });
  });

  it('times out and marks the outcome unknown', async () => {
    const error = (await sendRequest({ method: 'GET', url: `${base}/slow`, timeoutMs: 100 }).catch(
      (e: unknown) => e,
    )) as RequestError;
    expect(error).toMatchObject({ kind: 'temporary', status: null, outcomeUnknown: true });
    expect(error.message).toMatch(/did not answer in time/);
  });

  it('follows no redirect: a body carrying a secret reaches the address called and no other', async () => {
    const elsewhere: string[] = [];
    const other = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        elsewhere.push(`${req.method} ${req.headers.authorization ?? ''} ${body}`);
        res.setHeader('content-type', 'application/json');
        res.end('{"access_token":"from-elsewhere"}');
      });
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const mover = createServer((req, res) => {
      const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status'));
      res.writeHead(status, { location: `${otherBase}/token` });
      res.end();
    });
    await new Promise<void>((resolve) => mover.listen(0, '127.0.0.1', resolve));
    const moverBase = `http://127.0.0.1:${(mover.address() as AddressInfo).port}`;
    try {
      for (const status of [301, 302, 303, 307, 308]) {
        const error = (await sendRequest({
          method: 'POST',
          url: `${moverBase}/token?status=${status}`,
          headers: { authorization: 'Basic Y2xpZW50OnNlY3JldA==' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'rt-secret' }),
        }).catch((e: unknown) => e)) as RequestError;
        expect(error).toMatchObject({ kind: 'permanent', status });
      }
      expect(elsewhere).toEqual([]);
    } finally {
      await Promise.all(
        [other, mover].map(
          (s) =>
            new Promise((resolve) => {
              s.closeAllConnections();
              s.close(resolve);
            }),
        ),
      );
    }
  });

  it('knows a refused connection never reached the server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = (await sendRequest({ method: 'GET', url: `http://127.0.0.1:${port}/` }).catch(
      (e: unknown) => e,
    )) as RequestError;
    expect(error).toMatchObject({ kind: 'temporary', outcomeUnknown: false });
  });
});
