// One HTTP helper for every platform call: a timeout on each request and every failure sorted
// into temporary (retry later) or permanent (show staff the server's reason).
import type { LinkWhy } from '../../shared/domain';

export type RequestErrorKind = 'temporary' | 'permanent';

/**
 * A call this terminal made that failed (the kit's HttpError is the other side: an answer a
 * server here gives). Sorted into temporary or permanent for the outbox and staff.
 */
export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  /** HTTP status, or null when no answer arrived. */
  readonly status: number | null;
  /** Milliseconds the server asked us to wait (Retry-After), if any. */
  readonly retryAfterMs: number | null;
  /** The parsed error body, when the server sent JSON. */
  readonly body: unknown;
  /**
   * True when the request may have reached the server although no answer came back (timeout,
   * connection reset). False when it certainly was not processed (connection refused) or answered.
   */
  readonly outcomeUnknown: boolean;
  /** True when no answer came within the time allowed (the server may be slow, not gone). */
  readonly timedOut: boolean;

  constructor(init: {
    kind: RequestErrorKind;
    status: number | null;
    message: string;
    retryAfterMs?: number | null;
    body?: unknown;
    outcomeUnknown?: boolean;
    timedOut?: boolean;
  }) {
    super(init.message);
    this.name = 'RequestError';
    this.kind = init.kind;
    this.status = init.status;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.body = init.body ?? null;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.timedOut = init.timedOut ?? false;
  }
}

/** Why a link is down, from the failure of its call (the screen words it; the text is logged). */
export const linkWhy = (error: unknown): LinkWhy => {
  if (!(error instanceof RequestError)) return 'other';
  if (error.status === null)
    return error.timedOut ? 'slow' : error.kind === 'temporary' ? 'offline' : 'other';
  if (error.status === 401 || error.status === 403) return 'refused';
  if (error.status === 429 || error.status >= 500) return 'busy';
  return 'other';
};

export const DEFAULT_TIMEOUT_MS = 15_000;

/** Retry-After as seconds or an HTTP date; null if absent or unreadable. */
export const parseRetryAfter = (value: string | null, now: Date = new Date()): number | null => {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now.getTime());
};

const textOf = (body: unknown, fallback: string): string => {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'reason', 'detail', 'error']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  if (typeof body === 'string' && body.trim() !== '') return body.slice(0, 300);
  return fallback;
};

/**
 * The server's own words for a failed answer (its JSON message, or a short plain-text body), for a
 * details line beside the terminal's sentence; null when it gave none (or only a page of HTML).
 */
export const serverWords = (error: RequestError): string | null => {
  if (error.status === null || error.status < 400) return null;
  const words = textOf(error.body, '').trim();
  return words === '' || words.startsWith('<') ? null : words.slice(0, 200);
};

/** Sorts an answered request: 5xx, 408 and 429 are temporary; every other 4xx is permanent. */
export const classifyStatus = (status: number): RequestErrorKind =>
  status >= 500 || status === 408 || status === 429 ? 'temporary' : 'permanent';

export const errorFromResponse = async (response: Response): Promise<RequestError> => {
  const raw = await response.text().catch(() => '');
  let body: unknown = raw;
  try {
    body = raw === '' ? null : JSON.parse(raw);
  } catch {
    // a plain-text body stays text
  }
  const kind = classifyStatus(response.status);
  return new RequestError({
    kind,
    status: response.status,
    message: textOf(body, `${response.status} ${response.statusText || 'error'}`),
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    body,
  });
};

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

const causeCode = (error: unknown): string | null => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
};

/** A fetch that never answered: always temporary; `outcomeUnknown` unless it provably never left. */
export const errorFromNetwork = (error: unknown, url: string): RequestError => {
  if (error instanceof RequestError) return error;
  const isTimeout =
    error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const code = causeCode(error);
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  return new RequestError({
    kind: 'temporary',
    status: null,
    message: isTimeout
      ? `${host} did not answer in time.`
      : `${host} is unreachable${code ? ` (${code})` : ''}.`,
    outcomeUnknown: !(code && NOT_SENT_CODES.has(code)),
    timedOut: isTimeout,
  });
};

export type HttpRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** JSON-serialised unless it is already a string or URLSearchParams. */
  body?: unknown;
  timeoutMs?: number;
  /** Aborts the request early (shutdown). */
  signal?: AbortSignal;
};

export type HttpResponse = { status: number; headers: Headers; body: unknown };

/** Sends one request; resolves for 2xx and throws RequestError for everything else. */
export const sendRequest = async (request: HttpRequest): Promise<HttpResponse> => {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | URLSearchParams | undefined;
  if (request.body instanceof URLSearchParams || typeof request.body === 'string') {
    body = request.body;
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
  }
  // The deadline is a plain timer held until the answer is read: Node 20's AbortSignal.any() may
  // let an AbortSignal.timeout() inside it be garbage collected, and then it never fires (a
  // server that accepts and never answers would hold the call forever; nodejs/node#57736).
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException('The deadline passed.', 'TimeoutError')),
    request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  const stop = (): void => deadline.abort(request.signal?.reason);
  request.signal?.addEventListener('abort', stop, { once: true });
  if (request.signal?.aborted) stop();
  let response: Response;
  let text: string;
  try {
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers,
        body,
        signal: deadline.signal,
        // No API we call redirects. Following one would resend the body (a refresh token, a code,
        // a merchant key) to an address setup never checked, perhaps over http:; the 3xx is
        // answered as the permanent failure it is (the address is wrong).
        redirect: 'manual',
      });
    } catch (error) {
      throw errorFromNetwork(error, request.url);
    }
    if (!response.ok) throw await errorFromResponse(response);
    try {
      text = await response.text();
    } catch (error) {
      throw errorFromNetwork(error, request.url);
    }
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', stop);
  }
  let parsed: unknown = null;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new RequestError({
        kind: 'temporary',
        status: response.status,
        message: `${new URL(request.url).host} sent a body that is not JSON.`,
      });
    }
  }
  return { status: response.status, headers: response.headers, body: parsed };
};
