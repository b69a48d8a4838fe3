// Request/response plumbing of the delivery service, with the Drive API's error bodies:
// 400/403/404 `{error_code, reason, details?}`, 401 `{detail: "Unauthorized"}`,
// 422 `{detail: [{loc, msg, type}]}` (the platform's FastAPI-style validation errors).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { HttpError, readBody, sendJson } from '../http';

const MAX_BODY_BYTES = 256 * 1024;

export const NO_STORE = { 'cache-control': 'no-store' };

export type ValidationDetail = { loc: (string | number)[]; msg: string; type: string };

/** A failure that becomes an HTTP answer; handlers throw it and the router renders it. */
class DriveHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export const apiError = (status: number, errorCode: string, reason: string, details?: string) =>
  new DriveHttpError(status, {
    error_code: errorCode,
    reason,
    ...(details === undefined ? {} : { details }),
  });

export const unauthorized = () => new DriveHttpError(401, { detail: 'Unauthorized' });

export const validationError = (detail: ValidationDetail[]) => new DriveHttpError(422, { detail });

/** Reads the body as JSON; an empty body reads as undefined so schemas name the missing fields. */
export const readJsonBody = async (req: IncomingMessage): Promise<unknown> => {
  const text = (await readBody(req, MAX_BODY_BYTES)).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw apiError(400, 'INVALID_PAYLOAD', 'The request body is not valid JSON.');
  }
};

/** Renders any failure in the Drive API's shapes; the sandbox's own HttpError (405, 413) included. */
export const sendFailure = (res: ServerResponse, error: unknown) => {
  if (error instanceof DriveHttpError) {
    sendJson(res, error.status, error.body, NO_STORE);
    return;
  }
  if (error instanceof HttpError) {
    // The router's 405 reads like the platform's framework; an oversized body is a bad payload.
    const body =
      error.status === 405
        ? { detail: 'Method Not Allowed' }
        : { error_code: 'INVALID_PAYLOAD', reason: error.message };
    sendJson(res, error.status, body, { ...NO_STORE, ...error.headers });
    return;
  }
  sendJson(
    res,
    500,
    { error_code: 'GENERIC_INTERNAL_ERROR', reason: 'An internal error occurred.' },
    NO_STORE,
  );
};

const issueType = (issue: z.core.$ZodIssue): { type: string; msg: string } => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return { type: 'missing', msg: 'Field required' };
    return { type: `${issue.expected}_type`, msg: issue.message };
  }
  if (issue.code === 'too_big') return { type: 'less_than_equal', msg: issue.message };
  if (issue.code === 'too_small') return { type: 'greater_than_equal', msg: issue.message };
  if (issue.code === 'invalid_value') return { type: 'enum', msg: issue.message };
  if (issue.code === 'invalid_format')
    return { type: `${issue.format}_parsing`, msg: issue.message };
  return { type: 'value_error', msg: issue.message };
};

/** Validates a body against a schema; every problem is listed in one 422 answer. */
export const parseBody = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> => {
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => ({
      loc: ['body', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
      ...issueType(issue),
    })),
  );
};

export const bearerKey = (req: IncomingMessage): string | null => {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
};
