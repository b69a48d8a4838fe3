// The web host: the app's services in Node for a browser. It serves the built renderer, one
// POST per channel and an SSE stream of events, bound to loopback and guarded by a random
// session token (session.ts), so another local user or a web page cannot drive the terminal.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BridgeError } from '../../shared/ipc/contract';
import type { ServiceHost } from '../host/dispatch';
import { invokeChannel, isChannelName } from '../host/dispatch';
import { forwardEventBatches } from '../host/event-batches';
import { contentTypeOf, SECURITY_HEADERS, serveRendererFile } from '../host/renderer-files';
import { HttpError, readJson, requestTimeouts, sendJson, sendText } from '../../kit/http';
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
/** A client that has not sent its whole request by then is cut off (408); the event stream is not a request body. */
const REQUEST_TIMEOUT_MS = 30_000;

const STATUS_OF: Record<BridgeError['code'], number> = {
  'invalid-request': 400,
  'not-configured': 409,
  'not-found': 404,
  conflict: 409,
  failed: 500,
};

const send = (
  response: ServerResponse,
  status: number,
  body: string,
  type: string,
  extra: Record<string, string> = {},
): void =>
  sendText(response, status, body, { ...SECURITY_HEADERS, 'Content-Type': type, ...extra });

const sendError = (
  response: ServerResponse,
  status: number,
  error: BridgeError,
  extra: Readonly<Record<string, string>> = {},
): void => sendJson(response, status, error, { ...SECURITY_HEADERS, ...extra });

// eslint-disable-next-line max-lines-per-function -- the web host's request loop (session, CSP, channel dispatch) in one place; not yet split by concern (issue 37)
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
    // One message per batch (an unnamed SSE event): the page takes a batch in one task.
    const stopEvents = forwardEventBatches(core, (batch) => {
      response.write(`data: ${JSON.stringify(batch)}\n\n`);
    });
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const stop = (): void => {
      clearInterval(heartbeat);
      stopEvents();
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
    if (result.ok) sendJson(response, 200, { value: result.value }, SECURITY_HEADERS);
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
        return sendJson(response, 200, session.issueTicket(), SECURITY_HEADERS);
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

  const server = http.createServer(requestTimeouts(REQUEST_TIMEOUT_MS), (request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof HttpError && !response.headersSent) {
        sendError(
          response,
          error.status,
          { code: 'invalid-request', message: error.message },
          {
            ...error.headers,
          },
        );
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
