// Small HTTP helpers shared by every sandbox service: body reading with a size limit, JSON
// answers in the platform's error shape, validation errors that name the bad field, and a
// minimal method + path router (no framework).
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** An error a handler throws to answer `status` with `{error, message, ...extra}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const statusText = (status: number): string => STATUS_CODES[status] ?? 'Error';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json; charset=utf-8',
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, headers);
  res.end();
}

export function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(
    res,
    error.status,
    { error: statusText(error.status), message: error.message, ...error.extra },
    error.headers,
  );
}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new HttpError(413, `The body is larger than ${limit} bytes.`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The request's media type, lower case and without parameters; '' when there is none. */
export const mediaType = (req: IncomingMessage): string =>
  (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** For the endpoints whose contract requires `Content-Type: application/json` (README: create-menu). */
export function requireJsonContentType(req: IncomingMessage): void {
  const type = mediaType(req);
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      `Content-Type must be application/json (got ${type === '' ? 'none' : `'${type}'`}).`,
    );
  }
}

/** Reads a JSON body; an empty body counts as `emptyAs` (undefined: the body is required). */
export async function readJson(req: IncomingMessage, emptyAs?: unknown): Promise<unknown> {
  const raw = (await readBody(req)).toString('utf8');
  if (raw.trim() === '') {
    if (emptyAs !== undefined) return emptyAs;
    throw new HttpError(400, 'The request body is missing; a JSON object is expected.');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
}

/** `['categories', 0, 'items', 2, 'price']` → `categories[0].items[2].price`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(body)' : out;
}

/** Parses `value` with `schema`, or throws a 400 naming the first bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? fieldPath(issue.path) : '(body)';
  throw new HttpError(400, `${field}: ${issue?.message ?? 'invalid'}`, { field });
}

export type Params = Record<string, string>;
export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  params: Params,
) => Promise<void> | void;
type Route = { method: string; segments: string[]; handler: Handler };

export type Router = {
  add(method: string, pattern: string, handler: Handler): Router;
  /** Handles `path` (relative to the service's prefix); false when no route's path matches. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
};

const split = (path: string): string[] => path.split('/').filter((s) => s !== '');

export function createRouter(): Router {
  const routes: Route[] = [];
  const match = (route: Route, parts: string[]): Params | null => {
    if (route.segments.length !== parts.length) return null;
    const params: Params = {};
    for (let i = 0; i < parts.length; i++) {
      const pattern = route.segments[i] as string;
      const part = parts[i] as string;
      if (pattern.startsWith(':')) {
        try {
          params[pattern.slice(1)] = decodeURIComponent(part);
        } catch {
          return null;
        }
      } else if (pattern !== part) return null;
    }
    return params;
  };
  const router: Router = {
    add(method, pattern, handler) {
      routes.push({ method, segments: split(pattern), handler });
      return router;
    },
    async handle(req, res, path) {
      const parts = split(path);
      const allowed: string[] = [];
      for (const route of routes) {
        const params = match(route, parts);
        if (!params) continue;
        if (route.method === req.method) {
          await route.handler(req, res, params);
          return true;
        }
        allowed.push(route.method);
      }
      if (allowed.length === 0) return false;
      throw new HttpError(
        405,
        `Use ${allowed.join(' or ')} on this path.`,
        {},
        { allow: allowed.join(', ') },
      );
    },
  };
  return router;
}
