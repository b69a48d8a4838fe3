// The one place a request from the UI meets the services, shared by the Electron IPC handlers
// and the web host: the channel must exist, the arguments must pass the channel's schema, and
// only then is the core called. Whatever fails comes back as a BridgeError, never as a stack.
import type {
  BridgeError,
  ChannelName,
  EventName,
  ServiceApi,
  ServiceEvents,
} from '../../shared/ipc/contract';
import { channels } from '../../shared/ipc/contract';
import { ServiceError } from '../service-error';
import { issueRefusal, refusal, storedText } from '../../shared/refusals';

/** What the hosts need of main/core.ts's Core: its API and its events. */
export type ServiceHost = {
  api: ServiceApi;
  on<E extends EventName>(event: E, listener: (payload: ServiceEvents[E]) => void): () => void;
};

export type InvokeResult = { ok: true; value: unknown } | { ok: false; error: BridgeError };

export const isChannelName = (name: unknown): name is ChannelName =>
  typeof name === 'string' && Object.hasOwn(channels, name);

export const toBridgeError = (
  error: unknown,
  log: (message: string) => void = console.error,
): BridgeError => {
  if (error instanceof ServiceError) return error.bridge;
  // Unexpected failures keep their detail in the log only: it may name paths or internals.
  log(
    `countertop: unexpected service failure: ${error instanceof Error ? error.message : String(error)}`,
  );
  return new ServiceError('failed', refusal('unexpected')).bridge;
};

// The English detail is for the developer reading the log or a test; staff read the refusal: a
// price the channel's rule refuses says which rule (below the price, below zero), else generic.
const invalidRequest = (
  message: string,
  issues: readonly { message: string }[] = [],
): InvokeResult => ({
  ok: false,
  error: {
    code: 'invalid-request',
    message,
    refusal: issueRefusal(issues) ?? refusal('bad-request'),
  },
});

export const invokeChannel = async (
  api: ServiceApi,
  channel: string,
  args: unknown,
  log?: (message: string) => void,
): Promise<InvokeResult> => {
  if (!isChannelName(channel))
    return invalidRequest(`Unknown operation "${channel.slice(0, 100)}".`);
  const parsed = channels[channel].request.safeParse(args ?? {});
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map(
        (issue) =>
          `${issue.path.length ? issue.path.join('.') : 'request'}: ${storedText(issue.message, 'en')}`,
      )
      .join('; ');
    return invalidRequest(`Invalid request for ${channel}: ${detail}`, parsed.error.issues);
  }
  try {
    // The schema's output type is exactly this channel's request type.
    const handler = api[channel] as (request: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    return { ok: false, error: toBridgeError(error, log) };
  }
};
