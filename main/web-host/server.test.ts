import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventName, ServiceApi, ServiceEvents } from '../../shared/ipc/contract';
import { BRIDGE_GLOBAL, CHANNEL_NAMES, EVENT_LISTS } from '../../shared/ipc/contract';
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
  headers: Record<string, string> = { authorization: `Bearer ${host.token}` },
) =>
  request(`/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('web host', () => {
  it('listens on loopback and prints a URL carrying the session token in its fragment', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#session=[\w-]{43}$/);
    expect(host.url.endsWith(host.token)).toBe(true);
  });

  it('serves the renderer with the bridge script and a strict CSP, and never sets a cookie', async () => {
    const page = await request('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/countertop-bridge.js"></script>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await request(`/?session=${host.token}`)).headers['set-cookie']).toBeUndefined();

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
      { authorization: 'Bearer guess' },
      { authorization: host.token },
      { authorization: `Basic ${host.token}` },
      { cookie: `countertop_session=${host.token}` },
      { 'x-countertop-session': host.token },
    ];
    for (const headers of attempts) {
      const reply = await post('orders:accept', { orderId: 'o1', preparationMinutes: 10 }, headers);
      expect(reply.status).toBe(401);
      // The English for the log; the code the screen words in its language.
      expect(JSON.parse(reply.body)).toEqual({
        code: 'invalid-request',
        message:
          'This page holds no valid session. Open the ui: address the terminal printed when it started.',
        refusal: { key: 'web-session-lost', values: [] },
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
      headers: { authorization: `Bearer ${host.token}`, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    // The page's own mistake: no staff's to read, the one unexpected refusal.
    expect(JSON.parse(text.body)).toMatchObject({ refusal: { key: 'unexpected', values: [] } });
    const foreign = await post(
      'orders:accept',
      { orderId: 'o1', preparationMinutes: 10 },
      {
        authorization: `Bearer ${host.token}`,
        origin: 'https://evil.example',
      },
    );
    expect(foreign.status).toBe(403);
    const crossSite = await post(
      'orders:accept',
      { orderId: 'o1', preparationMinutes: 10 },
      { authorization: `Bearer ${host.token}`, 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(accept).not.toHaveBeenCalled();
  });

  it('answers 413 to a body beyond the limit without calling the core', async () => {
    const reply = await post('menu:check', JSON.stringify({ text: 'x'.repeat(25 * 1024 * 1024) }));
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({
      code: 'invalid-request',
      message: 'The request is too large.',
      refusal: { key: 'unexpected', values: [] },
    });
  });

  it('refuses other Host names (DNS rebinding) and other origins on every route', async () => {
    const port = new URL(host.origin).port;
    expect((await request('/', { headers: { host: 'evil.example' } })).status).toBe(421);
    expect((await request('/', { headers: { host: `evil.example:${port}` } })).status).toBe(421);
    for (const pathname of ['/', '/assets/app.js', '/countertop-bridge.js', '/api/events']) {
      const reply = await request(pathname, { headers: { origin: `http://127.0.0.1:${port}1` } });
      expect(reply.status, pathname).toBe(403);
    }
    const ticket = await request('/api/events/ticket', {
      method: 'POST',
      headers: { authorization: `Bearer ${host.token}`, origin: 'null' },
    });
    expect(ticket.status).toBe(403);
  });

  it('answers as 127.0.0.1 and as localhost alike', async () => {
    const port = new URL(host.origin).port;
    for (const name of ['127.0.0.1', 'localhost']) {
      const reply = await post(
        'venue:get',
        {},
        {
          authorization: `Bearer ${host.token}`,
          host: `${name}:${port}`,
          origin: `http://${name}:${port}`,
          'sec-fetch-site': 'same-origin',
        },
      );
      expect(reply.status, name).toBe(200);
    }
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

  it('streams service events only with a fresh single-use ticket obtained with the token', async () => {
    const port = new URL(host.origin).port;
    expect((await request('/api/events')).status).toBe(401);
    expect((await request('/api/events?ticket=guess')).status).toBe(401);
    const denied = await request('/api/events/ticket', { method: 'POST' });
    expect(denied.status).toBe(401);
    const issued = await request('/api/events/ticket', {
      method: 'POST',
      headers: { authorization: `Bearer ${host.token}` },
    });
    expect(issued.status).toBe(200);
    const { ticket, expiresInMs } = JSON.parse(issued.body) as {
      ticket: string;
      expiresInMs: number;
    };
    expect(ticket).toMatch(/^[\w-]{43}$/);
    expect(expiresInMs).toBeLessThanOrEqual(30_000);
    // Another origin with a stolen ticket is refused, and the ticket stays unused.
    const foreign = await request(`/api/events?ticket=${ticket}`, {
      headers: { origin: 'http://127.0.0.1:1' },
    });
    expect(foreign.status).toBe(403);
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        `${host.origin}/api/events?ticket=${ticket}`,
        { headers: { origin: `http://localhost:${port}` } },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes(': connected') && !text.includes('data:')) {
              emit('orders:arrived', { orderId: 'o1', orderNumber: '42' });
              emit('status:changed', { configured: true });
            }
            if (text.includes('data:') && text.endsWith('\n\n')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', reject);
    });
    // Both events in one message: the page takes them in one task.
    expect(received).toContain(
      'data: [["orders:arrived",{"orderId":"o1","orderNumber":"42"}],["status:changed",{"configured":true}]]\n\n',
    );
    expect((await request(`/api/events?ticket=${ticket}`)).status).toBe(401);
  });
});

describe('bridge script', () => {
  it('defines the same Bridge shape as the preload, takes the token from the fragment and sends it as a bearer header', async () => {
    type Init = { method?: string; headers: Record<string, string>; body?: string };
    const fetches: Array<{ url: string; init: Init }> = [];
    type Source = {
      url: string;
      closed: boolean;
      handlers: Map<string, (event: unknown) => void>;
    };
    const sources: Source[] = [];
    const timers: Array<() => void> = [];
    const replaced: string[] = [];
    const storage = new Map<string, string>();
    const window: Record<string, unknown> = {};
    let tickets = 0;
    const context = {
      window,
      location: { search: '?lang=en', pathname: '/', hash: '#session=tok123' },
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
      Math,
      encodeURIComponent,
      setTimeout: (callback: () => void) => timers.push(callback),
      fetch: async (url: string, init: Init) => {
        fetches.push({ url, init });
        if (url === '/api/events/ticket') {
          tickets += 1;
          return { ok: true, status: 200, json: async () => ({ ticket: `t${tickets}` }) };
        }
        // Every venue's menu: one menu:changed each after a reconnect.
        if (url === '/api/menu:list')
          return {
            ok: true,
            status: 200,
            json: async () => ({ value: [{ venueId: 'a' }, { venueId: 'b' }] }),
          };
        return { ok: true, status: 200, json: async () => ({ value: { actionId: 'z' } }) };
      },
      EventSource: class {
        url: string;
        closed = false;
        constructor(url: string) {
          this.url = url;
          sources.push(this);
        }
        handlers = new Map<string, (event: unknown) => void>();
        addEventListener(type: string, handler: (event: unknown) => void) {
          this.handlers.set(type, handler);
        }
        close() {
          this.closed = true;
        }
      },
    };
    vm.runInNewContext(bridgeScript(), context);
    const bridge = window[BRIDGE_GLOBAL] as Record<string, (r?: unknown) => Promise<unknown>>;
    expect(Object.keys(bridge).sort()).toEqual([...CHANNEL_NAMES, 'on'].sort());
    expect(replaced).toEqual(['/?lang=en']);
    expect(storage.get('countertop.session')).toBe('tok123');

    // The stream opens with a ticket bought with the token, never with the token itself.
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    expect(fetches[0]).toMatchObject({
      url: '/api/events/ticket',
      init: { method: 'POST', headers: { Authorization: 'Bearer tok123' } },
    });
    const [source] = sources;
    expect(source?.url).toBe('/api/events?ticket=t1');

    await expect(bridge['orders:ready']!({ orderId: 'o1' })).resolves.toEqual({
      actionId: 'z',
    });
    expect(fetches[1]?.url).toBe('/api/orders:ready');
    expect(fetches[1]?.init.headers.Authorization).toBe('Bearer tok123');
    expect(JSON.parse(fetches[1]!.init.body!)).toEqual({ orderId: 'o1' });

    // Events arrive in batches and reach listeners of their name only, in order, until unsubscribed.
    const on = bridge.on as unknown as (
      event: string,
      listener: (payload: unknown) => void,
    ) => () => void;
    const arrived: unknown[] = [];
    const off = on('orders:arrived', (payload) => arrived.push(payload));
    const message = source!.handlers.get('message')!;
    message({
      data: '[["orders:arrived",{"orderId":"o1","orderNumber":"5"}],["status:changed",{}],["nope:changed",{}],["orders:arrived",{"orderId":"o2","orderNumber":"6"}]]',
    });
    // What is not a batch is ignored.
    message({ data: '{"orderId":"o3"}' });
    message({ data: 'not json' });
    off();
    message({ data: '[["orders:arrived",{"orderId":"o4","orderNumber":"7"}]]' });
    expect(arrived).toEqual([
      { orderId: 'o1', orderNumber: '5' },
      { orderId: 'o2', orderNumber: '6' },
    ]);

    // A failed stream is closed (its ticket is spent) and reopened later with a new ticket; once
    // it is open again, the state is read afresh and handed to listeners as events.
    const changed: unknown[] = [];
    on('orders:changed', (payload) => changed.push(payload));
    const menus: unknown[] = [];
    on('menu:changed', (payload) => menus.push(payload));
    source!.handlers.get('open')!({});
    expect(fetches).toHaveLength(2);
    source!.handlers.get('error')!({});
    expect(source!.closed).toBe(true);
    expect(sources).toHaveLength(1);
    expect(timers).toHaveLength(1);
    timers[0]!();
    await vi.waitFor(() => expect(sources).toHaveLength(2));
    expect(sources[1]?.url).toBe('/api/events?ticket=t2');
    sources[1]!.handlers.get('open')!({});
    await vi.waitFor(() => expect(changed).toEqual([{ orders: { actionId: 'z' } }]));
    // Every venue's menu, each as its own event (not only the first venue's).
    await vi.waitFor(() => expect(menus).toEqual([{ venueId: 'a' }, { venueId: 'b' }]));
    // Every list of EVENT_LISTS is read again (a stream that was down lost its events).
    const rereads = Object.values(EVENT_LISTS).map((list) => `/api/${list.channel}`);
    await vi.waitFor(() => expect(fetches).toHaveLength(3 + rereads.length));
    expect(fetches.map((f) => f.url).sort()).toEqual(
      ['/api/events/ticket', '/api/orders:ready', '/api/events/ticket', ...rereads].sort(),
    );
  });
});
