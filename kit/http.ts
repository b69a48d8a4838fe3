// The one HTTP kit of the project's Node servers (relay, sandbox, web host): body reading with a
// limit, JSON answers, one error type, and the request timeouts that cut off slow clients. Plain
// node:http, no framework: each server keeps its own routing and error body shape.
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';

export type HttpErrorOptions = {
  /** Extra fields of the JSON error body. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** Extra response headers (Allow, Retry-After, …). */
  readonly headers?: Readonly<Record<string, string>>;
};

/** Thrown by a handler to answer `status` with an error body; nothing else is sent. */
export class HttpError extends Error {
  readonly extra: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }
}

export const statusText = (status: number): string => STATUS_CODES[status] ?? 'Error';

/** `{ error: 'Not Found', message, ...extra }`: the shape every server here answers errors in. */
export const errorBody = (error: HttpError): Record<string, unknown> => ({
  error: statusText(error.status),
  message: error.message,
  ...error.extra,
});

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers `status` with `text`. Does nothing when the answer already started or the client is
 * gone (a poll cut by a revocation and by its timeout at once must not throw).
 */
export const sendText = (
  res: ServerResponse,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): void => {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
};

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void => sendText(res, status, JSON.stringify(body), { 'Content-Type': JSON_TYPE, ...headers });

export const sendEmpty = (
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>> = {},
): void => {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, headers);
  res.end();
};

export const sendError = (
  res: ServerResponse,
  error: HttpError,
  body: (error: HttpError) => unknown = errorBody,
): void => sendJson(res, error.status, body(error), error.headers);

/**
 * Reads the whole body, refusing more than `limit` bytes with 413: at once when Content-Length
 * says so, else as soon as the limit is passed (the rest is not read; the connection is closed
 * after the answer). A sender that hangs up mid-body rejects instead of leaving the read pending.
 */
export const readBody = (req: IncomingMessage, limit: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const tooLarge = () =>
      new HttpError(413, `The body is larger than ${limit} bytes.`, {
        headers: { Connection: 'close' },
      });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    const cutOff = () => reject(new HttpError(400, 'The request body was cut off.'));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    // Node reports a hang-up mid-body as an 'aborted' error, or only as a close.
    req.on('error', (error) => (req.complete ? reject(error) : cutOff()));
    req.on('close', () => {
      if (!req.complete) cutOff();
    });
  });

// ignoreBOM keeps a leading byte order mark in `text`: a signed body must stay the exact bytes
// that were signed. JSON.parse is given the text without it.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes a UTF-8 JSON body: `text` is exact (BOM kept), `json` its parsed value. 400 otherwise. */
export const decodeJson = (body: Buffer): { text: string; json: unknown } => {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new HttpError(400, 'The body is not valid UTF-8.');
  }
  const bare = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (bare.trim() === '') throw new HttpError(400, 'The body is empty; a JSON value is expected.');
  try {
    return { text, json: JSON.parse(bare) as unknown };
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.');
  }
};

export type ReadJsonOptions = {
  readonly limit: number;
  /** The value an empty body stands for; without it an empty body is a 400 (or `missing`). */
  readonly emptyAs?: unknown;
  /** An empty body reads as undefined (a schema then names the missing fields). */
  readonly optional?: boolean;
  /** The error for an empty body, instead of the kit's 400. */
  readonly missing?: () => Error;
  /** The error for a body that is not UTF-8 JSON, instead of the kit's 400. */
  readonly invalid?: () => Error;
};

/** The one JSON body reader: the kit's decoding rules, each server's wording of its refusals. */
export const readJson = async (
  req: IncomingMessage,
  options: ReadJsonOptions,
): Promise<unknown> => {
  const body = await readBody(req, options.limit);
  if (body.toString('utf8').trim() === '') {
    if (options.emptyAs !== undefined) return options.emptyAs;
    if (options.optional) return undefined;
    if (options.missing) throw options.missing();
  }
  if (!options.invalid) return decodeJson(body).json;
  try {
    return decodeJson(body).json;
  } catch {
    throw options.invalid();
  }
};

/**
 * Server options that cut off slow-header and slow-body clients with 408 after `ms`, checked
 * often enough that a cut comes within a quarter of the limit (at most a second late).
 */
export const requestTimeouts = (
  ms: number,
): Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'> => ({
  headersTimeout: ms,
  requestTimeout: ms,
  connectionsCheckingInterval: Math.max(50, Math.min(1_000, ms / 4)),
});
