import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HttpError,
  decodeJson,
  readBody,
  readJson,
  requestTimeouts,
  sendError,
  sendJson,
} from './http';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const serve = async (handler: Handler, timeoutMs = 10_000): Promise<string> => {
  const server = createServer(requestTimeouts(timeoutMs), (req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) sendError(res, error);
      else sendJson(res, 500, { error: 'Internal Server Error' });
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const echo: Handler = async (req, res) => {
  sendJson(res, 200, { got: await readJson(req, { limit: 64, emptyAs: null }) });
};

describe('kit/http', () => {
  it('reads a JSON body and answers JSON with no-store', async () => {
    const url = await serve(echo);
    const response = await fetch(url, { method: 'POST', body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ got: { a: 1 } });
  });

  it('stands an empty body in for emptyAs, and refuses bad JSON with a 400 error body', async () => {
    const url = await serve(echo);
    expect(await (await fetch(url, { method: 'POST' })).json()).toEqual({ got: null });
    const bad = await fetch(url, { method: 'POST', body: '{nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'Bad Request',
      message: 'The body is not valid JSON.',
    });
  });

  it('refuses a body over the limit with 413, by Content-Length and by counting', async () => {
    const url = await serve(echo);
    const declared = await fetch(url, { method: 'POST', body: 'x'.repeat(65) });
    expect(declared.status).toBe(413);
    // Chunked: no Content-Length, so the limit is found while reading.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('x'.repeat(40)));
        controller.enqueue(new TextEncoder().encode('x'.repeat(40)));
        controller.close();
      },
    });
    const counted = await fetch(url, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(counted.status).toBe(413);
    expect(counted.headers.get('connection')).toBe('close');
  });

  it('carries extra fields and headers of an HttpError', async () => {
    const url = await serve(async () => {
      throw new HttpError(405, 'Use GET.', { extra: { field: 'x' }, headers: { Allow: 'GET' } });
    });
    const response = await fetch(url, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(await response.json()).toEqual({
      error: 'Method Not Allowed',
      message: 'Use GET.',
      field: 'x',
    });
  });

  it('rejects the read when the sender hangs up mid-body', async () => {
    let seen: unknown;
    const settled = new Promise<void>((resolve) => {
      void serve(async (req) => {
        try {
          await readBody(req, 1_000);
        } catch (error) {
          seen = error;
        }
        resolve();
      }).then((url) => {
        const { port } = new URL(url);
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc');
          socket.destroy();
        });
      });
    });
    await settled;
    expect(seen).toBeInstanceOf(HttpError);
    expect((seen as HttpError).status).toBe(400);
  });

  it('cuts off a client that never finishes its headers with 408', async () => {
    const url = await serve(echo, 200);
    const { port } = new URL(url);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('POST / HTTP/1.1\r\n'));
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('decodes exact text with a byte order mark kept, and refuses invalid UTF-8', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":2}')]);
    const decoded = decodeJson(withBom);
    expect(decoded.text.startsWith('\uFEFF')).toBe(true);
    expect(decoded.json).toEqual({ a: 2 });
    expect(() => decodeJson(Buffer.from([0xff, 0xfe]))).toThrow('not valid UTF-8');
    expect(() => decodeJson(Buffer.from('  '))).toThrow('empty');
  });
});
