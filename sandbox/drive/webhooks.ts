// Merchant webhooks and the sending of order events: each event is POSTed as `{"token": JWT}`,
// HS256-signed with the webhook's client_secret, and resent after base^n seconds up to
// max_retry_count times. Each (webhook, event) pair is retried on its own, so events of one
// action may arrive in any order (docs/platform.md#delivery-states).
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { EventType } from './schemas';
import { AUTO_SUBSCRIBED_EVENTS } from './schemas';

export type CallbackConfig = {
  exponential_retry_backoff: { exponent_base: number; max_retry_count: number };
};

export type Webhook = {
  id: string;
  merchantId: string;
  callbackUrl: string;
  clientSecret: string;
  callbackConfig: CallbackConfig;
  disabled: boolean;
  subscribedEvents: EventType[];
  createdAt: string;
  modifiedAt: string;
};

/** The webhook record (docs/platform.md#delivery-webhooks); the client_secret is never echoed. */
export type WebhookRecord = {
  callback_config: CallbackConfig;
  callback_url: string;
  created_at: string;
  disabled: boolean;
  id: string;
  modified_at: string;
  subscribed_events: EventType[];
};

export const webhookRecord = (hook: Webhook): WebhookRecord => ({
  callback_config: hook.callbackConfig,
  callback_url: hook.callbackUrl,
  created_at: hook.createdAt,
  disabled: hook.disabled,
  id: hook.id,
  modified_at: hook.modifiedAt,
  subscribed_events: [...hook.subscribedEvents],
});

export type EventPayload = {
  dispatched_at: string;
  type: EventType;
  details: Record<string, unknown> & { id: string; platform_order_reference_id: string };
};

/** One (webhook, event) delivery as the control API reports it. */
export type SentEvent = {
  webhook_id: string;
  event_id: string;
  type: EventType;
  platform_order_reference_id: string;
  attempts: number;
  delivered: boolean;
  given_up: boolean;
  /** Sent twice by an injected duplicate fault. */
  duplicated: boolean;
  last_status: number | null;
  last_error: string | null;
};

export type WebhookHub = {
  create(
    merchantId: string,
    input: {
      callbackUrl: string;
      clientSecret: string;
      callbackConfig: CallbackConfig;
      disabled: boolean;
    },
  ): Webhook;
  list(merchantId: string): Webhook[];
  get(merchantId: string, id: string): Webhook | undefined;
  update(
    hook: Webhook,
    patch: Partial<
      Pick<
        Webhook,
        'callbackUrl' | 'clientSecret' | 'callbackConfig' | 'disabled' | 'subscribedEvents'
      >
    >,
  ): Webhook;
  remove(hook: Webhook): void;
  /** Sends the events of one action to every enabled, subscribed webhook of the merchant, in this order. */
  emit(merchantId: string, events: EventPayload[]): void;
  sent(): SentEvent[];
  /** Resolves when every first attempt queued so far has finished (retries excluded). */
  idle(): Promise<void>;
  close(): void;
};

export type WebhookHubOptions = {
  now: () => Date;
  /** Runs `task` once the service's clock reaches `at` (epoch ms). */
  schedule(at: number, task: () => void): () => void;
  /** Multiplies every retry delay: 1 in production, small in tests. */
  retryDelayScale: number;
  /** The sandbox's injected faults (POST /_sandbox/faults): share of events dropped or sent twice. */
  faults?: () => { drop_webhooks: number; duplicate_webhooks: number };
  random?: () => number;
};

const send = async (url: string, token: string, signal: AbortSignal) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    signal,
  });
  await response.arrayBuffer().catch(() => undefined);
  return response;
};

const ATTEMPT_TIMEOUT_MS = 10_000;
/** The control API's view of sent events keeps the latest ones only, so a long demo stays small. */
const LOG_LIMIT = 10_000;

/**
 * The JWT's payload is exactly the event as spec 2 shows it (dispatched_at, type, details): no
 * exp, iat or aud, so a receiver that requires one fails here as it would against the service.
 */
const signEvent = async (payload: EventPayload, secret: string) =>
  // The secret is used as raw bytes, not Base64-decoded (docs/platform.md#delivery-events).
  new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));

// eslint-disable-next-line max-lines-per-function -- the sandbox's webhook sender: signing, resend schedule and delivery share one queue
export const createWebhookHub = (options: WebhookHubOptions): WebhookHub => {
  const hooks = new Map<string, Webhook>();
  const log: SentEvent[] = [];
  const queues = new Map<string, Promise<void>>();
  const controllers = new Set<AbortController>();
  let closed = false;

  const attempt = async (
    hookId: string,
    payload: EventPayload,
    entry: SentEvent,
  ): Promise<void> => {
    const hook = hooks.get(hookId);
    // A webhook disabled or deleted while an event waits for its resend gets nothing more.
    if (closed || !hook || hook.disabled) {
      entry.given_up = !entry.delivered;
      return;
    }
    entry.attempts += 1;
    const faults = options.faults?.();
    const random = options.random ?? Math.random;
    // An injected drop loses the event for good, as a lost platform webhook would be.
    if (faults && random() < faults.drop_webhooks) {
      entry.given_up = true;
      entry.last_error = 'dropped (injected fault)';
      return;
    }
    const controller = new AbortController();
    controllers.add(controller);
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    timeout.unref();
    try {
      const token = await signEvent(payload, hook.clientSecret);
      const response = await send(hook.callbackUrl, token, controller.signal);
      if (response.ok && faults && random() < faults.duplicate_webhooks) {
        entry.duplicated = true;
        await send(hook.callbackUrl, token, controller.signal);
      }
      entry.last_status = response.status;
      entry.last_error = response.ok ? null : `HTTP ${response.status}`;
      if (response.ok) {
        entry.delivered = true;
        return;
      }
    } catch (error) {
      entry.last_status = null;
      entry.last_error = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timeout);
      controllers.delete(controller);
    }
    scheduleRetry(hook, payload, entry);
  };

  const scheduleRetry = (hook: Webhook, payload: EventPayload, entry: SentEvent) => {
    const { exponent_base: base, max_retry_count: maxRetries } =
      hook.callbackConfig.exponential_retry_backoff;
    const retryNumber = entry.attempts; // the n-th resend follows the n-th failed attempt
    if (closed || retryNumber > maxRetries) {
      entry.given_up = true;
      return;
    }
    const delayMs = base ** retryNumber * 1000 * options.retryDelayScale;
    options.schedule(options.now().getTime() + delayMs, () => {
      void attempt(hook.id, payload, entry);
    });
  };

  return {
    create(merchantId, input) {
      const at = options.now().toISOString();
      const hook: Webhook = {
        id: randomUUID(),
        merchantId,
        callbackUrl: input.callbackUrl,
        clientSecret: input.clientSecret,
        callbackConfig: input.callbackConfig,
        disabled: input.disabled,
        subscribedEvents: [...AUTO_SUBSCRIBED_EVENTS],
        createdAt: at,
        modifiedAt: at,
      };
      hooks.set(hook.id, hook);
      return hook;
    },
    list: (merchantId) => [...hooks.values()].filter((hook) => hook.merchantId === merchantId),
    get(merchantId, id) {
      const hook = hooks.get(id);
      return hook?.merchantId === merchantId ? hook : undefined;
    },
    update(hook, patch) {
      const defined = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      );
      Object.assign(hook, defined, { modifiedAt: options.now().toISOString() });
      return hook;
    },
    remove(hook) {
      hooks.delete(hook.id);
    },
    emit(merchantId, events) {
      for (const hook of hooks.values()) {
        if (hook.merchantId !== merchantId || hook.disabled) continue;
        for (const payload of events) {
          if (!hook.subscribedEvents.includes(payload.type)) continue;
          const entry: SentEvent = {
            webhook_id: hook.id,
            event_id: payload.details.id,
            type: payload.type,
            platform_order_reference_id: payload.details.platform_order_reference_id,
            attempts: 0,
            delivered: false,
            given_up: false,
            duplicated: false,
            last_status: null,
            last_error: null,
          };
          log.push(entry);
          if (log.length > LOG_LIMIT) log.splice(0, log.length - LOG_LIMIT);
          // First attempts go out one at a time per webhook, in emit order, so a receiver sees
          // a deterministic sequence unless a failure makes an event wait for its resend.
          const previous = queues.get(hook.id) ?? Promise.resolve();
          queues.set(
            hook.id,
            previous.then(() => attempt(hook.id, payload, entry)),
          );
        }
      }
    },
    sent: () => log.map((entry) => ({ ...entry })),
    idle: async () => {
      await Promise.all(queues.values());
    },
    close() {
      closed = true;
      for (const controller of controllers) controller.abort();
    },
  };
};
