// Outgoing marketplace notifications: compact JSON signed with HMAC-SHA256 (hex) in
// PLATFORM-SIGNATURE, POSTed to the partner's webhook. Anything but a 2xx is retried
// `retries` times `intervalMs` apart, then dropped. Notifications of one order go out strictly
// one after another, so a retried older one is never overtaken by a newer one.
import { createHmac } from 'node:crypto';
import type { Clock } from './clock';
import type { Prng } from './random';
import { uuid } from './random';

export type NotificationRetry = { retries: number; intervalMs: number };
export type Faults = {
  error_rate: number;
  latency_ms: number;
  drop_webhooks: number;
  duplicate_webhooks: number;
  /**
   * Share of platform requests (marketplace and delivery service) that are processed in full and
   * whose answer is then lost: the connection closes without one, as a timeout or a reset after
   * sending would look to the client.
   */
  drop_answers: number;
};
export const NO_FAULTS: Faults = {
  error_rate: 0,
  latency_ms: 0,
  drop_webhooks: 0,
  duplicate_webhooks: 0,
  drop_answers: 0,
};

export type NotificationRecord = {
  id: string;
  type: string;
  order_id: string;
  /** The parsed body, for convenience. */
  body: Record<string, unknown>;
  /** The exact bytes sent (what the signature covers). */
  raw: string;
  signature: string;
  attempts: number;
  delivered: boolean;
  /** Set once the platform gave up: `fault` (dropped on purpose), `retries` or `no-webhook`. */
  dropped: 'fault' | 'retries' | 'no-webhook' | null;
  duplicated: boolean;
  last_status: number | null;
  last_error: string | null;
};

export type OrderRef = { id: string; venueId: string };

export type Notifier = {
  orderStatus(order: OrderRef, status: string): void;
  courierArrival(order: OrderRef, courierPickupEta: string): void;
  pickupCompleted(order: OrderRef): void;
  setWebhook(url: string | null, secret?: string): void;
  webhook(): { url: string | null; secret: string };
  list(): NotificationRecord[];
  close(): void;
};

export const sign = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body).digest('hex');

const ATTEMPT_TIMEOUT_MS = 10_000;
const MAX_RECORDS = 10_000;

// eslint-disable-next-line max-lines-per-function -- the sandbox's notification sender: signing, the platform's 4 tries and their log share one queue
export function createNotifier(options: {
  clock: Clock;
  posUrl: string;
  webhookUrl: string | null;
  secret: string;
  retry: NotificationRetry;
  faults: Faults;
  random: Prng;
}): Notifier {
  let webhookUrl = options.webhookUrl;
  let secret = options.secret;
  const records: NotificationRecord[] = [];
  const queues = new Map<string, Promise<void>>();
  const controller = new AbortController();

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (controller.signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  async function post(record: NotificationRecord, url: string): Promise<boolean> {
    record.attempts++;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'PLATFORM-SIGNATURE': record.signature,
          'user-agent': 'platform-sandbox-notifier',
        },
        body: record.raw,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      record.last_status = response.status;
      record.last_error = null;
      return response.status >= 200 && response.status < 300;
    } catch (error) {
      record.last_status = null;
      record.last_error = error instanceof Error ? error.message : String(error);
      return false;
    }
  }

  async function deliver(record: NotificationRecord): Promise<void> {
    const url = webhookUrl;
    if (!url) {
      record.dropped = 'no-webhook';
      return;
    }
    if (options.random.chance(options.faults.drop_webhooks)) {
      record.dropped = 'fault';
      return;
    }
    for (let attempt = 0; attempt <= options.retry.retries; attempt++) {
      if (controller.signal.aborted) return;
      if (attempt > 0) await sleep(options.retry.intervalMs);
      if (await post(record, url)) {
        record.delivered = true;
        if (options.random.chance(options.faults.duplicate_webhooks)) {
          record.duplicated = true;
          await post(record, url);
        }
        return;
      }
    }
    record.dropped = 'retries';
  }

  function send(
    order: OrderRef,
    type: string,
    status: string | null,
    extra: Record<string, unknown>,
  ): void {
    const orderPart: Record<string, unknown> = { id: order.id, venue_id: order.venueId };
    if (status) orderPart.status = status;
    orderPart.resource_url = `${options.posUrl}/orders/${order.id}`;
    const body = { id: uuid(), type, order: orderPart, ...extra, created_at: options.clock.iso() };
    const raw = JSON.stringify(body);
    const record: NotificationRecord = {
      id: body.id,
      type,
      order_id: order.id,
      body,
      raw,
      signature: sign(secret, raw),
      attempts: 0,
      delivered: false,
      dropped: null,
      duplicated: false,
      last_status: null,
      last_error: null,
    };
    records.push(record);
    // A demo runs for days: keep the log bounded (the oldest entries go first).
    if (records.length > MAX_RECORDS) records.splice(0, records.length - MAX_RECORDS);
    const previous = queues.get(order.id) ?? Promise.resolve();
    const next = previous.then(() => deliver(record));
    queues.set(order.id, next);
    void next.then(() => {
      if (queues.get(order.id) === next) queues.delete(order.id);
    });
  }

  return {
    orderStatus: (order, status) => send(order, 'order.notification', status, {}),
    courierArrival: (order, eta) =>
      send(order, 'courier.notification', null, { courier_details: { courier_pickup_eta: eta } }),
    pickupCompleted: (order) =>
      send(order, 'pickup_completed.notification', null, {
        details: { is_pickup_completed: true },
      }),
    setWebhook(url, newSecret) {
      webhookUrl = url;
      if (newSecret !== undefined) secret = newSecret;
    },
    webhook: () => ({ url: webhookUrl, secret }),
    list: () => records.slice(),
    close() {
      controller.abort();
    },
  };
}
