// How the server mounts a platform service: by path prefix. Adding a service (e.g. /drive) is
// one entry in server.ts's list.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Service = {
  /** Mount point, e.g. '/auth'. Requests under it reach `handle` with the rest of the path. */
  prefix: string;
  /** Whether injected faults (error rate, latency) apply: platform services yes, control no. */
  faultable: boolean;
  /** Answers the request; false when no route matches (the server answers 404). */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<boolean>;
};
