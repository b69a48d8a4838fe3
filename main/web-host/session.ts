// The web host's session, kept to the page that was given it. No cookie: a browser sends
// 127.0.0.1's cookies to every port, so any other local server would receive it. Instead the
// token travels in the `ui:` address's fragment (never sent in a request), the page keeps it in
// sessionStorage (one origin, one tab) and presents it per request as `Authorization: Bearer`.
// EventSource cannot send headers, so the stream is opened with a ticket: single use, short-lived,
// obtained with the token. Every request must name one of the host's own loopback addresses as
// Host and, when it sends one, as Origin.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../../kit/http';

/** The fragment parameter of the `ui:` address that carries the token. */
export const SESSION_PARAM = 'session';
export const SESSION_STORAGE_KEY = 'countertop.session';
export const TICKET_PATH = '/api/events/ticket';
export const EVENTS_PATH = '/api/events';
export const TICKET_TTL_MS = 30_000;
/** Tickets not yet used; more requests than this within a TTL are a misbehaving client. */
const MAX_OPEN_TICKETS = 64;

/** The names this machine answers to on `port`: 127.0.0.1 and localhost both work. */
export const loopbackHosts = (port: number): string[] => [
  `127.0.0.1:${port}`,
  `localhost:${port}`,
  `[::1]:${port}`,
];

export type WebSessionOptions = {
  /** Fixed token for tests; random 32 bytes otherwise. */
  token?: string;
  ticketTtlMs?: number;
  now?: () => number;
};

export type WebSession = {
  readonly token: string;
  /** The address to open: the token rides in the fragment, which no request carries. */
  uiUrl(origin: string): string;
  /**
   * Refuses (HttpError) a request whose Host is not one of ours (DNS rebinding), whose Origin is
   * another site's, or, for the API, that the browser marks as coming from another site.
   */
  checkSource(request: IncomingMessage, api: boolean): void;
  /** Refuses (401) a request without `Authorization: Bearer <token>`. */
  requireToken(request: IncomingMessage): void;
  /** A new single-use ticket for the event stream. */
  issueTicket(): { ticket: string; expiresInMs: number };
  /** Accepts a ticket once, before it expires; refuses (401) otherwise. */
  redeemTicket(ticket: string | null): void;
};

const unauthorised = () =>
  new HttpError(
    401,
    'This page holds no valid session. Open the ui: address the terminal printed when it started.',
  );

const same = (given: string, expected: Buffer): boolean => {
  const candidate = Buffer.from(given);
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
};

export const createWebSession = (options: WebSessionOptions = {}): WebSession => {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const tokenBytes = Buffer.from(token);
  const ttl = options.ticketTtlMs ?? TICKET_TTL_MS;
  const now = options.now ?? Date.now;
  const tickets = new Map<string, number>();

  const dropExpired = (): void => {
    for (const [ticket, expiresAt] of tickets) if (expiresAt <= now()) tickets.delete(ticket);
  };

  return {
    token,
    uiUrl: (origin) => `${origin}/#${SESSION_PARAM}=${token}`,
    checkSource: (request, api) => {
      // The port the request reached: the host's own, whichever it was given.
      const hosts = loopbackHosts(request.socket.localPort ?? 0);
      if (!hosts.includes((request.headers.host ?? '').toLowerCase()))
        throw new HttpError(421, 'Unknown host.');
      const origin = request.headers.origin;
      if (origin !== undefined && !hosts.some((host) => origin === `http://${host}`))
        throw new HttpError(403, 'Cross-origin requests are refused.');
      const site = request.headers['sec-fetch-site'];
      if (api && site !== undefined && site !== 'same-origin')
        throw new HttpError(403, 'Cross-origin requests are refused.');
    },
    requireToken: (request) => {
      const [scheme, given] = (request.headers.authorization ?? '').split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !given || !same(given, tokenBytes))
        throw unauthorised();
    },
    issueTicket: () => {
      dropExpired();
      if (tickets.size >= MAX_OPEN_TICKETS)
        throw new HttpError(429, 'Too many event stream tickets; wait a moment.', {
          headers: { 'Retry-After': String(Math.ceil(ttl / 1000)) },
        });
      const ticket = randomBytes(32).toString('base64url');
      tickets.set(ticket, now() + ttl);
      return { ticket, expiresInMs: ttl };
    },
    redeemTicket: (ticket) => {
      dropExpired();
      if (!ticket || !tickets.has(ticket)) throw unauthorised();
      tickets.delete(ticket);
    },
  };
};
