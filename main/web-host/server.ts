// The web host: the app's services in Node for a browser. It serves the built renderer, one
// POST per channel and an SSE stream of events, bound to loopback and guarded by a random
// session token (session.ts), so another local user or a web page cannot drive the terminal.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BridgeError } from '../../shared/ipc/contract';
import { EVENT_NAMES } from '../../shared/ipc/contract';
import type { ServiceHost } from '../app/dispatch';
import { invalidRequest, invokeChannel, isChannelName } from '../app/dispatch';
import { contentTypeOf, SECURITY_HEADERS, serveRendererFile } from '../host/renderer-files';
import { HttpError } from '../../kit/http';
import { BRIDGE_SCRIPT_PATH, bridgeScript } from './bridge-script';
import { createWebSession, EVENTS_PATH, TICKET_PATH } from './session';

export type WebHostOptions = {
  core: ServiceHost;
  port?: number;
  host?: string;
  /** The built renderer (vite's dist/renderer). */
  rendererDir: string;
  /** Fixed token for tests; random 32 bytes otherwise. */
  token?: string;
};
export type WebHost = { url: string; origin: string; token: string; close(): Promise<void> };

/** Menus may be large (the contract allows 20 M characters); nothing else comes near. */
const MAX_BODY_BYTES = 24 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

const STATUS_OF: Record<BridgeError['code'], number> = {
  'invalid-request': 400,
  'not-configured': 409,
  'not-found': 404,
  conflict: 409,
  failed: 500,
};

class BodyTooLarge extends Error {}

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        // Drain the rest without keeping it, so the 413 can still be answered.
        request.off('data', onData);
        request.resume();
        chunks.length = 0;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const send = (
  response: ServerResponse,
  status: number,
  body: string,
  type: string,
  extra: Record<string, string> = {},
): void => {
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': type,
    'Cache-Control': 'no-store',
    ...extra,
  });
  response.end(body);
};

const JSON_TYPE = 'application/json; charset=utf-8';
const sendJson = (response: ServerResponse, status: number, value: unknown): void =>
  send(response, status, JSON.stringify(value), JSON_TYPE);

const sendError = (response: ServerResponse, status: number, error: BridgeError): void =>
  sendJson(response, status, error);

export const startWebHost = async (options: WebHostOptions): Promise<WebHost> => {
  const { core, rendererDir } = options;
  const host = options.host ?? '127.0.0.1';
  const streams = new Set<ServerResponse>();
  let origin = '';
  const session = createWebSession(options.token ? { token: options.token } : {});

  const withBridge = (html: string): string =>
    html.replace('</head>', `  <script src="${BRIDGE_SCRIPT_PATH}"></script>\n  </head>`);

  const serveFile = async (url: URL, response: ServerResponse): Promise<void> => {
    const file = await serveRendererFile(rendererDir, url.pathname, { transformIndex: withBridge });
    response.writeHead(file.status, file.headers);
    response.end(file.body);
  };

  const serveEvents = (request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    streams.add(response);
    const unsubscribers = EVENT_NAMES.map((name) =>
      core.on(name, (payload) => {
        response.write(`event: ${name}\ndata: ${JSON.stringify(payload ?? null)}\n\n`);
      }),
    );
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const stop = (): void => {
      clearInterval(heartbeat);
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      streams.delete(response);
    };
    request.on('close', stop);
    response.on('close', stop);
  };

  const serveApi = async (
    channel: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> => {
    session.requireToken(request);
    if (!isChannelName(channel)) {
      sendError(response, 404, {
        code: 'not-found',
        message: `Unknown operation "${channel.slice(0, 100)}".`,
      });
      return;
    }
    if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      sendError(response, 415, {
        code: 'invalid-request',
        message: 'Send the request as application/json.',
      });
      return;
    }
    let args: unknown;
    try {
      const text = await readBody(request);
      args = text.trim() === '' ? {} : JSON.parse(text);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        sendError(response, 413, { code: 'invalid-request', message: 'The request is too large.' });
      } else {
        const result = invalidRequest('The request body is not valid JSON.');
        if (!result.ok) sendError(response, 400, result.error);
      }
      return;
    }
    const result = await invokeChannel(core.api, channel, args);
    if (result.ok) sendJson(response, 200, { value: result.value });
    else sendError(response, STATUS_OF[result.error.code], result.error);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', origin);
    const { pathname } = url;
    session.checkSource(request, pathname.startsWith('/api/'));
    if (pathname.startsWith('/api/')) {
      if (pathname === EVENTS_PATH) {
        if (request.method !== 'GET')
          return send(response, 405, 'Use GET', 'text/plain; charset=utf-8', { Allow: 'GET' });
        session.redeemTicket(url.searchParams.get('ticket'));
        return serveEvents(request, response);
      }
      if (pathname === TICKET_PATH && request.method === 'POST') {
        session.requireToken(request);
        return sendJson(response, 200, session.issueTicket());
      }
      if (request.method !== 'POST') {
        return sendError(response, 405, {
          code: 'invalid-request',
          message: 'Use POST for operations.',
        });
      }
      return serveApi(pathname.slice('/api/'.length), request, response);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return send(response, 405, 'Method not allowed', 'text/plain; charset=utf-8', {
        Allow: 'GET, HEAD',
      });
    }
    if (pathname === BRIDGE_SCRIPT_PATH)
      return send(response, 200, bridgeScript(), contentTypeOf(BRIDGE_SCRIPT_PATH));
    return serveFile(url, response);
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof HttpError && !response.headersSent) {
        const body = { code: 'invalid-request', message: error.message } satisfies BridgeError;
        send(response, error.status, JSON.stringify(body), JSON_TYPE, { ...error.headers });
      } else if (!response.headersSent)
        sendError(response, 500, { code: 'failed', message: 'The web host failed.' });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostName = host.includes(':') ? `[${host}]` : host;
  origin = `http://${hostName}:${port}`;

  return {
    url: session.uiUrl(origin),
    origin,
    token: session.token,
    close: async () => {
      for (const stream of streams) stream.end();
      streams.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};
