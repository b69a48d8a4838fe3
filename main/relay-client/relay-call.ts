// One call from this terminal to the relay over its own key: the relay's address, the key, the
// deadline and the check of the answer, written once for every call (polls, settings, duties,
// health, venue state, courier set-up) instead of in each.
import type { z } from 'zod';
import type { HttpRequest } from '../http/http';
import { RequestError, sendRequest } from '../http/http';

/** The relay and this terminal's key. */
export type RelayKeyAccess = { relayUrl: string; terminalKey: string };
/** ... for one of the venues the key serves. */
export type RelayAccess = RelayKeyAccess & { venueId: string };

/** The relay's answer to a call, unless told otherwise: a relay that is there answers at once. */
const CALL_TIMEOUT_MS = 10_000;

export type RelayCall = {
  method: HttpRequest['method'];
  /** From the relay's root, e.g. /v1/terminal/duties. */
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
};

export const relayUrl = (access: RelayKeyAccess, path: string, query?: RelayCall['query']) => {
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`
    : '';
  return `${access.relayUrl.replace(/\/+$/, '')}${path}${search}`;
};

/**
 * Sends the call and returns the relay's answer as `answer` reads it; an answer it cannot read is
 * a permanent RequestError (asking again would not change it), so every caller meets one kind of
 * error.
 */
export const relayCall = async <T>(
  access: RelayKeyAccess,
  call: RelayCall,
  answer: z.ZodType<T>,
): Promise<T> => {
  const response = await sendRequest({
    method: call.method,
    url: relayUrl(access, call.path, call.query),
    headers: { authorization: `Bearer ${access.terminalKey}` },
    body: call.body,
    timeoutMs: call.timeoutMs ?? CALL_TIMEOUT_MS,
    signal: call.signal,
  });
  const parsed = answer.safeParse(response.body);
  if (!parsed.success)
    throw new RequestError({
      kind: 'permanent',
      status: null,
      message: `The relay's answer to ${call.path} is unreadable.`,
    });
  return parsed.data;
};
