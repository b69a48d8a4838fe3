// Request/response plumbing of the delivery service, with the Drive API's error bodies:
// 400/403/404 `{error_code, reason, details?}`, 401 `{detail: "Unauthorized"}`,
// 422 `{detail: [{loc, msg, type}]}` (the platform's FastAPI-style validation errors).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { errorBody, HttpError, readJson, sendError } from '../../kit/http';
import { NOT_JSON } from '../http';

const MAX_BODY_BYTES = 256 * 1024;

export type ValidationDetail = { loc: (string | number)[]; msg: string; type: string };

/** A failure whose body is already in one of the Drive API's shapes; rendered as it is. */
class DriveHttpError extends HttpError {
  constructor(
    status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(status, message);
  }
}

export const apiError = (status: number, errorCode: string, reason: string, details?: string) =>
  new DriveHttpError(status, reason, {
    error_code: errorCode,
    reason,
    ...(details === undefined ? {} : { details }),
  });

export const unauthorized = () =>
  new DriveHttpError(401, 'Unauthorized', { detail: 'Unauthorized' });

export const validationError = (detail: ValidationDetail[]) =>
  new DriveHttpError(422, 'The body does not validate.', { detail });

/** Reads the body as JSON; an empty body reads as undefined so schemas name the missing fields. */
export const readJsonBody = (req: IncomingMessage): Promise<unknown> =>
  readJson(req, {
    limit: MAX_BODY_BYTES,
    optional: true,
    invalid: () => apiError(400, 'INVALID_PAYLOAD', NOT_JSON),
  });

/**
 * The Drive API's body for any HttpError: its own shapes as thrown; the router's 405 reads like
 * the platform's framework; a body too large or cut off is a bad payload.
 */
export const driveErrorBody = (error: HttpError): unknown => {
  if (error instanceof DriveHttpError) return error.body;
  if (error.status === 405) return { detail: 'Method Not Allowed' };
  return { error_code: 'INVALID_PAYLOAD', reason: error.message };
};

/** The control API's body: the sandbox's error shape, or a Drive shape as thrown (a 422). */
export const controlErrorBody = (error: HttpError): unknown =>
  error instanceof DriveHttpError ? error.body : errorBody(error);

/** Renders any failure with `body`; anything but an HttpError is the Drive API's 500. */
export const sendFailure = (
  res: ServerResponse,
  error: unknown,
  body: (error: HttpError) => unknown = driveErrorBody,
) => {
  const failure =
    error instanceof HttpError
      ? error
      : apiError(500, 'GENERIC_INTERNAL_ERROR', 'An internal error occurred.');
  sendError(res, failure, body);
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
