import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventName, ServiceApi, ServiceEvents } from '../../shared/ipc/contract';
import { BRIDGE_GLOBAL, CHANNEL_NAMES } from '../../shared/ipc/contract';
import { waitFor } from '../../test/wait';
import { ServiceError } from '../service-error';
import { bridgeScript } from './bridge-script';
import type { WebHost } from './server';
import { startWebHost } from './server';

// The core here is a stand-in with a real event surface; the server and its sockets are real.
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const accept = vi.fn(async (_request: unknown): Promise<unknown> => ({ actionId: 'a1' }));
const venueGet = vi.fn(async (): Promise<unknown> => null);
const core = {
  api: { 'orders:accept': accept, 'venue:get': venueGet } as unknown as ServiceApi,
  on<E extends EventName>(event: E, listener: (payload: ServiceEvents[E]) => void) {
    const set = listeners.get(event) ?? new Set();
    set.add(listener as (payload: unknown) => void);
    listeners.set(event, set);
    return () => set.delete(listener as (payload: unknown) => void);
  },
};
const emit = (event: EventName, payload: unknown) =>
  listeners.get(event)?.forEach((l) => l(payload));

let dir: string;
let host: WebHost;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'countertop-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  host = await startWebHost({ core, rendererDir: dir });
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  accept.mockClear();
  venueGet.mockClear();
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };
const request = (
  pathname: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const req = http.request(`${host.origin}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
const post = (
  channel: string,
  body: unknown,
  headers: Record<string, string> = { 'x-countertop-session': host.token },
) =>
  request(`/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('web host', () => {
  it('listens on loopback and prints a URL carrying the session token', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?session=[\w-]{43}$/);
    expect(host.url.endsWith(host.token)).toBe(true);
  });

  it('serves the renderer with the bridge script, a strict CSP, and the session cookie only for the right token', async () => {
    const page = await request(`/?session=${host.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/countertop-bridge.js"></script>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
    expect(page.headers['set-cookie']?.[0]).toBe(
      `countertop_session=${host.token}; HttpOnly; SameSite=Strict; Path=/api`,
    );
    expect((await request('/?session=wrong')).headers['set-cookie']).toBeUndefined();

    const asset = await request('/assets/app.js');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.body).toBe('console.log(1)');
    expect((await request('/../secret.txt')).status).toBe(404);
    expect((await request('/%2e%2e/secret.txt')).status).toBe(404);
    expect((await request('/missing.js')).status).toBe(404);
  });

  it('refuses a request without the session token, and does not call the core', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { 'x-countertop-session': 'guess' },
      { cookie: `countertop_session=${host.token}` },
    ];
    for (const headers of attempts) {
      const reply = await post('orders:accept', { orderId: 'o1', preparationMinutes: 10 }, headers);
      expect(reply.status).toBe(401);
      expect(JSON.parse(reply.body)).toEqual({
        code: 'invalid-request',
        message: 'Missing or wrong session token.',
      });
    }
    expect(accept).not.toHaveBeenCalled();
  });

  it('calls the core with a validated request and answers its value', async () => {
    const reply = await post('orders:accept', { orderId: 'o1', preparationMinutes: 10 });
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(reply.body)).toEqual({ value: { actionId: 'a1' } });
    expect(accept).toHaveBeenCalledWith({ orderId: 'o1', preparationMinutes: 10 });
    expect(JSON.parse((await post('venue:get', {})).body)).toEqual({ value: null });
  });

  it('answers bad requests as BridgeError JSON without calling the core', async () => {
    const invalid = await post('orders:accept', { orderId: 'o1', preparationMinutes: 'soon' });
    expect(invalid.status).toBe(400);
    const error = JSON.parse(invalid.body) as { code: string; message: string };
    expect(error.code).toBe('invalid-request');
    expect(error.message).toContain('preparationMinutes');
    expect((await post('orders:accept', '{not json')).status).toBe(400);
    expect((await post('orders:nope', {})).status).toBe(404);
    expect((await request('/api/orders:accept')).status).toBe(405);
    const text = await request('/api/orders:accept', {
      method: 'POST',
      headers: { 'x-countertop-session': host.token, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    const foreign = await post(
      'orders:accept',
      { orderId: 'o1', preparationMinutes: 10 },
      {
        'x-countertop-session': host.token,
        origin: 'https://evil.example',
      },
    );
    expect(foreign.status).toBe(403);
    expect(accept).not.toHaveBeenCalled();
  });

  it('answers 413 to a body beyond the limit without calling the core', async () => {
    const reply = await post('menu:check', JSON.stringify({ text: 'x'.repeat(25 * 1024 * 1024) }));
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({
      code: 'invalid-request',
      message: 'The request is too large.',
    });
  });

  it('refuses other Host names (DNS rebinding)', async () => {
    const reply = await request('/', { headers: { host: 'evil.example' } });
    expect(reply.status).toBe(421);
  });

  it('maps service errors to their status with the BridgeError body', async () => {
    accept.mockRejectedValueOnce(new ServiceError('conflict', 'The order is already accepted.'));
    const reply = await post('orders:accept', { orderId: 'o1', preparationMinutes: null });
    expect(reply.status).toBe(409);
    expect(JSON.parse(reply.body)).toEqual({
      code: 'conflict',
      message: 'The order is already accepted.',
    });
  });

  it('streams service events to an authorised client only', async () => {
    expect((await request('/api/events')).status).toBe(401);
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        `${host.origin}/api/events`,
        { headers: { cookie: `countertop_session=${host.token}` } },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes(': connected') && !text.includes('event:'))
              emit('orders:arrived', { orderId: 'o1', orderNumber: '42' });
            if (text.includes('event:') && text.endsWith('\n\n')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
    });
    expect(received).toContain(
      'event: orders:arrived\ndata: {"orderId":"o1","orderNumber":"42"}\n\n',
    );
  });
});

describe('bridge script', () => {
  it('defines the same Bridge shape as the preload, takes the token from the URL and sends it as a header', async () => {
    const fetches: Array<{ url: string; init: { headers: Record<string, string>; body: string } }> =
      [];
    const sources: Array<{ url: string; handlers: Map<string, (event: unknown) => void> }> = [];
    const replaced: string[] = [];
    const storage = new Map<string, string>();
    const window: Record<string, unknown> = {};
    const context = {
      window,
      location: { search: '?session=tok123', pathname: '/', hash: '' },
      history: { replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) },
      sessionStorage: {
        setItem: (k: string, v: string) => storage.set(k, v),
        getItem: (k: string) => storage.get(k) ?? null,
      },
      URLSearchParams,
      Map,
      Set,
      Object,
      JSON,
      String,
      Error,
      fetch: async (url: string, init: { headers: Record<string, string>; body: string }) => {
        fetches.push({ url, init });
        return { ok: true, status: 200, json: async () => ({ value: { actionId: 'z' } }) };
      },
      EventSource: class {
        url: string;
        constructor(url: string) {
          this.url = url;
          sources.push(this);
        }
        handlers = new Map<string, (event: unknown) => void>();
        addEventListener(type: string, handler: (event: unknown) => void) {
          this.handlers.set(type, handler);
        }
      },
    };
    vm.runInNewContext(bridgeScript(), context);
    const bridge = window[BRIDGE_GLOBAL] as Record<string, (r?: unknown) => Promise<unknown>>;
    expect(Object.keys(bridge).sort()).toEqual([...CHANNEL_NAMES, 'on'].sort());
    expect(replaced).toEqual(['/']);
    expect(storage.get('countertop.session')).toBe('tok123');
    await expect(bridge['orders:markReady']!({ orderId: 'o1' })).resolves.toEqual({
      actionId: 'z',
    });
    expect(fetches[0]?.url).toBe('/api/orders:markReady');
    expect(fetches[0]?.init.headers['x-countertop-session']).toBe('tok123');
    expect(JSON.parse(fetches[0]!.init.body)).toEqual({ orderId: 'o1' });

    // Events reach listeners of their name only, until unsubscribed.
    const on = bridge.on as unknown as (
      event: string,
      listener: (payload: unknown) => void,
    ) => () => void;
    const arrived: unknown[] = [];
    const off = on('orders:arrived', (payload) => arrived.push(payload));
    const [source] = sources;
    expect(source?.url).toBe('/api/events');
    source!.handlers.get('orders:arrived')!({ data: '{"orderId":"o1","orderNumber":"5"}' });
    source!.handlers.get('status:changed')!({ data: '{}' });
    off();
    source!.handlers.get('orders:arrived')!({ data: '{"orderId":"o2","orderNumber":"6"}' });
    expect(arrived).toEqual([{ orderId: 'o1', orderNumber: '5' }]);

    // After the stream reconnects, the state is read afresh and handed to listeners as events.
    const changed: unknown[] = [];
    on('orders:changed', (payload) => changed.push(payload));
    source!.handlers.get('open')!({});
    expect(fetches).toHaveLength(1);
    source!.handlers.get('open')!({});
    // The reconnect reads every list (EVENT_LISTS: 6 more calls), then hands the orders to listeners.
    await waitFor(() => fetches.length >= 7 && changed.length > 0, {
      message: 'the state read afresh after the reconnect',
    });
    expect(fetches.map((f) => f.url).sort()).toEqual(
      [
        '/api/orders:markReady',
        '/api/status:get',
        '/api/orders:list',
        '/api/outbox:list',
        '/api/venue:get',
        '/api/menu:items',
        '/api/delivery:list',
      ].sort(),
    );
    expect(changed).toEqual([{ orders: { actionId: 'z' } }]);
  });
});
