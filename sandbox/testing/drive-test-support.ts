// Real servers for the delivery service's tests: the service behind a node:http server on
// 127.0.0.1, and a webhook receiver that records every event token it is sent.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../clock';
import { createClock } from '../clock';
import type { DriveService, DriveServiceOptions } from '../drive/service';
import { createDriveService } from '../drive/service';

const listen = async (
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
};

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export type ApiAnswer = { status: number; body: unknown; headers: Headers };

export type DriveHarness = {
  driveUrl: string;
  controlUrl: string;
  clock: Clock;
  service: DriveService;
  merchantKey: string;
  /** Calls the platform API with the demo merchant's key unless `key` is given (null: none). */
  call(method: string, path: string, body?: unknown, key?: string | null): Promise<ApiAnswer>;
  /** Calls the control API. */
  control(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  close(): Promise<void>;
};

const request = async (
  url: string,
  method: string,
  body: unknown,
  key: string | null,
): Promise<ApiAnswer> => {
  const headers: Record<string, string> = {};
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    // Non-JSON answers (the tracking page) are returned as text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
};

export const startDrive = async (
  options: Partial<DriveServiceOptions> = {},
): Promise<DriveHarness> => {
  const clock = createClock();
  let service: DriveService | null = null;
  const { server, url } = await listen((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const target = path.startsWith('/drive/')
      ? { mount: service?.api, rest: path.slice('/drive'.length) }
      : path.startsWith('/_sandbox/drive/')
        ? { mount: service?.control, rest: path.slice('/_sandbox/drive'.length) }
        : null;
    if (!target?.mount) {
      res.writeHead(404).end();
      return;
    }
    void target.mount.handle(req, res, target.rest, new URLSearchParams());
  });
  service = createDriveService({ baseUrl: `${url}/drive`, clock, courier: 'manual', ...options });
  const merchantKey = service.demo?.merchantKey ?? '';
  return {
    driveUrl: `${url}/drive`,
    controlUrl: `${url}/_sandbox/drive`,
    clock,
    service,
    merchantKey,
    call: (method, path, body, key = merchantKey) =>
      request(`${url}/drive${path}`, method, body, key),
    control: (method, path, body) => request(`${url}/_sandbox/drive${path}`, method, body, null),
    async close() {
      service?.close();
      clock.close();
      await stop(server);
    },
  };
};

export type ReceivedEvent = { token: string; receivedAt: number };

export type Receiver = {
  url: string;
  received: ReceivedEvent[];
  /** How many POSTs arrived, accepted or not. */
  hits(): number;
  /** Decides the status of each POST (default 200) from its token and its number among all POSTs. */
  respondWith(decide: (token: string, attempt: number) => number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  close(): Promise<void>;
};

/** A webhook endpoint that records the tokens it accepts (2xx) and counts every attempt. */
export const startReceiver = async (): Promise<Receiver> => {
  const received: ReceivedEvent[] = [];
  let hits = 0;
  let decide: (token: string, attempt: number) => number = () => 200;
  const waiters: (() => void)[] = [];
  const { server, url } = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits += 1;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { token: string };
      const status = decide(body.token, hits);
      if (status >= 200 && status < 300)
        received.push({ token: body.token, receivedAt: Date.now() });
      res.writeHead(status).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  return {
    url: `${url}/hooks/delivery`,
    received,
    hits: () => hits,
    respondWith(next) {
      decide = next;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`Expected ${count} events, received ${received.length}.`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received.slice(0, count);
    },
    close: () => stop(server),
  };
};
