// The web host: the app's services in Node for a browser. It serves the built renderer, one
// POST per channel and an SSE stream of events, bound to loopback and guarded by a random
// session token, so another local user or a web page cannot drive the terminal.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, readJson, requestTimeouts, sendJson, sendText } from '../../kit/http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BridgeError } from '../../shared/ipc/contract';
import { EVENT_NAMES } from '../../shared/ipc/contract';
import type { ServiceHost } from '../host/dispatch';
import { invokeChannel, isChannelName } from '../host/dispatch';
import { CONTENT_SECURITY_POLICY } from '../host/security';
import { BRIDGE_SCRIPT_PATH, bridgeScript, SESSION_COOKIE, SESSION_HEADER } from './bridge-script';

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
/** A client that has not sent its whole request by then is cut off (408). */
const REQUEST_TIMEOUT_MS = 30_000;

const STATUS_OF: Record<BridgeError['code'], number> = {
  'invalid-request': 400,
  'not-configured': 409,
  'not-found': 404,
  conflict: 409,
  failed: 500,
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

const securityHeaders = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const sameToken = (given: string | undefined, token: Buffer): boolean => {
  if (!given) return false;
  const candidate = Buffer.from(given);
  return candidate.length === token.length && timingSafeEqual(candidate, token);
};

const cookieValue = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
};

const send = (
  response: ServerResponse,
  status: number,
  body: string,
  type: string,
  extra: Record<string, string> = {},
): void => sendText(response, status, body, { ...securityHeaders, 'Content-Type': type, ...extra });

const sendError = (
  response: ServerResponse,
  status: number,
  error: BridgeError,
  extra: Readonly<Record<string, string>> = {},
): void => sendJson(response, status, error, { ...securityHeaders, ...extra });

export const startWebHost = async (options: WebHostOptions): Promise<WebHost> => {
  const { core, rendererDir } = options;
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(32).toString('base64url');
  const tokenBytes = Buffer.from(token);
  const rendererRoot = path.resolve(rendererDir);
  const streams = new Set<ServerResponse>();
  let allowedHosts = new Set<string>();
  let origin = '';

  const authorised = (request: IncomingMessage, allowCookie: boolean): boolean => {
    const header = request.headers[SESSION_HEADER];
    if (sameToken(typeof header === 'string' ? header : undefined, tokenBytes)) return true;
    return (
      allowCookie && sameToken(cookieValue(request.headers.cookie, SESSION_COOKIE), tokenBytes)
    );
  };

  const serveIndex = async (url: URL, response: ServerResponse): Promise<void> => {
    const html = await readFile(path.join(rendererRoot, 'index.html'), 'utf8');
    const withBridge = html.replace(
      '</head>',
      `  <script src="${BRIDGE_SCRIPT_PATH}"></script>\n  </head>`,
    );
    const extra: Record<string, string> = {};
    if (sameToken(url.searchParams.get('session') ?? undefined, tokenBytes)) {
      extra['Set-Cookie'] = `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/api`;
    }
    send(response, 200, withBridge, CONTENT_TYPES['.html']!, extra);
  };

  const serveStatic = async (pathname: string, response: ServerResponse): Promise<void> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      send(response, 400, 'Bad path', 'text/plain; charset=utf-8');
      return;
    }
    const file = path.resolve(rendererRoot, `.${decoded}`);
    if (!file.startsWith(rendererRoot + path.sep) || decoded.includes('\0')) {
      send(response, 404, 'Not found', 'text/plain; charset=utf-8');
      return;
    }
    try {
      const content = await readFile(file);
      const type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
      response.writeHead(200, {
        ...securityHeaders,
        'Content-Type': type,
        'Cache-Control': 'no-cache',
      });
      response.end(content);
    } catch {
      send(response, 404, 'Not found', 'text/plain; charset=utf-8');
    }
  };

  const serveEvents = (request: IncomingMessage, response: ServerResponse): void => {
    response.writeHead(200, {
      ...securityHeaders,
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
    // Only the page's script knows the token; a cookie alone is not enough (cross-site forms).
    if (!authorised(request, false)) {
      sendError(response, 401, {
        code: 'invalid-request',
        message: 'Missing or wrong session token.',
      });
      return;
    }
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) {
      sendError(response, 403, {
        code: 'invalid-request',
        message: 'Cross-origin requests are refused.',
      });
      return;
    }
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
      args = await readJson(request, { limit: MAX_BODY_BYTES, emptyAs: {} });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      sendError(
        response,
        error.status,
        {
          code: 'invalid-request',
          message:
            error.status === 413
              ? 'The request is too large.'
              : 'The request body is not valid JSON.',
        },
        error.headers,
      );
      return;
    }
    const result = await invokeChannel(core.api, channel, args);
    if (result.ok) sendJson(response, 200, { value: result.value }, securityHeaders);
    else sendError(response, STATUS_OF[result.error.code], result.error);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    // Refuse other Host names: a DNS-rebinding page could otherwise reach us as same-origin.
    if (!allowedHosts.has((request.headers.host ?? '').toLowerCase())) {
      send(response, 421, 'Unknown host', 'text/plain; charset=utf-8');
      return;
    }
    const url = new URL(request.url ?? '/', origin);
    const { pathname } = url;
    if (pathname.startsWith('/api/')) {
      if (pathname === '/api/events') {
        if (request.method !== 'GET')
          return send(response, 405, 'Use GET', 'text/plain; charset=utf-8', { Allow: 'GET' });
        if (!authorised(request, true)) {
          return sendError(response, 401, {
            code: 'invalid-request',
            message: 'Missing or wrong session token.',
          });
        }
        return serveEvents(request, response);
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
      return send(response, 200, bridgeScript(), CONTENT_TYPES['.js']!);
    if (pathname === '/' || pathname === '/index.html') return serveIndex(url, response);
    return serveStatic(pathname, response);
  };

  const server = http.createServer(requestTimeouts(REQUEST_TIMEOUT_MS), (request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent)
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
  allowedHosts = new Set([`${hostName}:${port}`, `localhost:${port}`]);

  return {
    url: `${origin}/?session=${token}`,
    origin,
    token,
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
