// A front for the relay's public address, as a load balancer or TLS terminator would be: it
// passes polls and terminals' calls through, and can break the webhook path (answering 404, as
// a misrouted path does) or slow it down, while the stream stays healthy.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Front = {
  url: string;
  /** What happens to webhooks (`/hooks/...`) from now on. */
  webhooks: { drop: boolean; delayMs: number };
  /** How many terminal requests (polls and calls) carried this key so far. */
  requestsWith(key: string): number;
  /** Every request passed so far, as `METHOD /path` (a front before the platform counts calls). */
  requests: string[];
  close(): Promise<void>;
};

export const startFront = async (target: string): Promise<Front> => {
  const upstream = new URL(target);
  const byAuthorization = new Map<string, number>();
  const front: Omit<Front, 'url' | 'close'> = {
    webhooks: { drop: false, delayMs: 0 },
    requestsWith: (key) => byAuthorization.get(`Bearer ${key}`) ?? 0,
    requests: [],
  };
  const pass = (req: IncomingMessage, res: ServerResponse): void => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => out.destroy());
    req.pipe(out);
  };
  const server = createServer((req, res) => {
    front.requests.push(`${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`);
    const authorization = req.headers.authorization;
    if (authorization)
      byAuthorization.set(authorization, (byAuthorization.get(authorization) ?? 0) + 1);
    if (!req.url?.startsWith('/hooks/')) return pass(req, res);
    if (front.webhooks.drop) {
      req.resume();
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if (front.webhooks.delayMs > 0) {
      // The body is read now and sent on later: the notification is in flight meanwhile.
      req.pause();
      setTimeout(() => pass(req, res), front.webhooks.delayMs);
      return;
    }
    pass(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(front, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};
