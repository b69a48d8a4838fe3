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
import { refusal } from '../../shared/refusals';
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

/**
 * The host's own refusals carry a code the screen words (a lost session, else "unexpected": the
 * page's own mistakes, never staff's), as the core's do; their English is for the log.
 */
const sendError = (
  response: ServerResponse,
  status: number,
  error: BridgeError,
  extra: Readonly<Record<string, string>> = {},
): void =>
  sendJson(
    response,
    status,
    error.refusal
      ? error
      : { ...error, refusal: refusal(status === 401 ? 'web-session-lost' : 'unexpected') },
    { ...SECURITY_HEADERS, ...extra },
  );

/** The web host's state and dependencies, passed to the module-level functions below. */
type HostContext = {
  core: ServiceHost;
  rendererDir: string;
  session: ReturnType<typeof createWebSession>;
  streams: Set<ServerResponse>;
  /** Known once the server listens. */
  origin: string;
};

const withBridge = (html: string): string =>
  html.replace('</head>', `  <script src="${BRIDGE_SCRIPT_PATH}"></script>\n  </head>`);

const serveFile = async (ctx: HostContext, url: URL, response: ServerResponse): Promise<void> => {
  const file = await serveRendererFile(ctx.rendererDir, url.pathname, {
    transformIndex: withBridge,
  });
  response.writeHead(file.status, file.headers);
  response.end(file.body);
};

const serveEvents = (
  ctx: HostContext,
  request: IncomingMessage,
  response: ServerResponse,
): void => {
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
  });
  response.write(': connected\n\n');
  ctx.streams.add(response);
  // One message per batch (an unnamed SSE event): the page takes a batch in one task.
  const stopEvents = forwardEventBatches(ctx.core, (batch) => {
    response.write(`data: ${JSON.stringify(batch)}\n\n`);
  });
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const stop = (): void => {
    clearInterval(heartbeat);
    stopEvents();
    ctx.streams.delete(response);
  };
  request.on('close', stop);
  response.on('close', stop);
};

/** The request's JSON arguments, or undefined once a refusal has been sent. */
const readArgs = async (
  request: IncomingMessage,
  response: ServerResponse,
): Promise<{ args: unknown } | undefined> => {
  if (!(request.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
    sendError(response, 415, {
      code: 'invalid-request',
      message: 'Send the request as application/json.',
    });
    return undefined;
  }
  try {
    return { args: await readJson(request, { limit: MAX_BODY_BYTES, emptyAs: {} }) };
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
    return undefined;
  }
};

const serveApi = async (
  ctx: HostContext,
  channel: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> => {
  ctx.session.requireToken(request);
  if (!isChannelName(channel)) {
    sendError(response, 404, {
      code: 'not-found',
      message: `Unknown operation "${channel.slice(0, 100)}".`,
    });
    return;
  }
  const read = await readArgs(request, response);
  if (!read) return;
  const result = await invokeChannel(ctx.core.api, channel, read.args);
  if (result.ok) sendJson(response, 200, { value: result.value }, SECURITY_HEADERS);
  // The core's refusal as it gave it (its code, or its words where it has none).
  else sendJson(response, STATUS_OF[result.error.code], result.error, SECURITY_HEADERS);
};

const handleApi = async (
  ctx: HostContext,
  url: URL,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> => {
  const { pathname } = url;
  if (pathname === EVENTS_PATH) {
    if (request.method !== 'GET')
      return send(response, 405, 'Use GET', 'text/plain; charset=utf-8', { Allow: 'GET' });
    ctx.session.redeemTicket(url.searchParams.get('ticket'));
    return serveEvents(ctx, request, response);
  }
  if (pathname === TICKET_PATH && request.method === 'POST') {
    ctx.session.requireToken(request);
    return sendJson(response, 200, ctx.session.issueTicket(), SECURITY_HEADERS);
  }
  if (request.method !== 'POST') {
    return sendError(response, 405, {
      code: 'invalid-request',
      message: 'Use POST for operations.',
    });
  }
  return serveApi(ctx, pathname.slice('/api/'.length), request, response);
};

const handle = async (
  ctx: HostContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> => {
  const url = new URL(request.url ?? '/', ctx.origin);
  const { pathname } = url;
  ctx.session.checkSource(request, pathname.startsWith('/api/'));
  if (pathname.startsWith('/api/')) return handleApi(ctx, url, request, response);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return send(response, 405, 'Method not allowed', 'text/plain; charset=utf-8', {
      Allow: 'GET, HEAD',
    });
  }
  if (pathname === BRIDGE_SCRIPT_PATH)
    return send(response, 200, bridgeScript(), contentTypeOf(BRIDGE_SCRIPT_PATH));
  return serveFile(ctx, url, response);
};

/** What a request that threw is answered, if anything can still be sent. */
const answerFailure = (response: ServerResponse, error: unknown): void => {
  if (error instanceof HttpError && !response.headersSent) {
    sendError(
      response,
      error.status,
      { code: 'invalid-request', message: error.message },
      { ...error.headers },
    );
  } else if (!response.headersSent)
    sendError(response, 500, { code: 'failed', message: 'The web host failed.' });
  else response.end();
};

export const startWebHost = async (options: WebHostOptions): Promise<WebHost> => {
  const host = options.host ?? '127.0.0.1';
  const ctx: HostContext = {
    core: options.core,
    rendererDir: options.rendererDir,
    session: createWebSession(options.token ? { token: options.token } : {}),
    streams: new Set(),
    origin: '',
  };
  const server = http.createServer(requestTimeouts(REQUEST_TIMEOUT_MS), (request, response) => {
    handle(ctx, request, response).catch((error: unknown) => answerFailure(response, error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostName = host.includes(':') ? `[${host}]` : host;
  ctx.origin = `http://${hostName}:${port}`;

  return {
    url: ctx.session.uiUrl(ctx.origin),
    origin: ctx.origin,
    token: ctx.session.token,
    close: async () => {
      for (const stream of ctx.streams) stream.end();
      ctx.streams.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};
