// The sandbox's side of the HTTP kit (kit/http.ts): its body limit, its wording of a missing or
// broken JSON body, validation errors that name the bad field, and a minimal method + path
// router (no framework). Error bodies are the kit's `{error, message, ...extra}`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { ReadJsonOptions } from '../kit/http';
import { HttpError } from '../kit/http';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export const NOT_JSON = 'The request body is not valid JSON.';

/** The request's media type, lower case and without parameters; '' when there is none. */
export const mediaType = (req: IncomingMessage): string =>
  (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** For the endpoints that require `Content-Type: application/json` (docs/platform.md#menu-push). */
export function requireJsonContentType(req: IncomingMessage): void {
  const type = mediaType(req);
  if (type !== 'application/json') {
    throw new HttpError(
      415,
      `Content-Type must be application/json (got ${type === '' ? 'none' : `'${type}'`}).`,
    );
  }
}

/**
 * The sandbox's JSON bodies for the kit's `readJson`: its size limit and its wording of a missing
 * or broken body (add `emptyAs` where an empty body stands for a value).
 */
export const JSON_BODY = {
  limit: MAX_BODY_BYTES,
  invalid: () => new HttpError(400, NOT_JSON),
  missing: () => new HttpError(400, 'The request body is missing; a JSON object is expected.'),
} as const satisfies ReadJsonOptions;

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
  throw new HttpError(400, `${field}: ${issue?.message ?? 'invalid'}`, { extra: { field } });
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
      throw new HttpError(405, `Use ${allowed.join(' or ')} on this path.`, {
        headers: { Allow: allowed.join(', ') },
      });
    },
  };
  return router;
}
