// The merchant's delivery webhook points at the relay. Webhooks are per merchant and the
// platform never returns a client_secret (docs/platform.md#delivery-webhooks), so the terminal
// finds its webhook by callback_url, creates it when missing, sets its own secret when asked (a
// fresh set-up), and re-enables it.
import type { DeliveryClient } from './client';
import type { Webhook } from './schemas';

/** Events not subscribed by default (docs/platform.md#delivery-webhooks) that the counter shows. */
export const EXTRA_EVENTS = ['order.location_updated', 'order.customer_no_show'] as const;

export const RETRY_BACKOFF = { exponent_base: 2, max_retry_count: 6 } as const;

export type WebhookOutcome = { webhook: Webhook; action: 'found' | 'created' | 'updated' };

export const ensureWebhook = async (
  client: DeliveryClient,
  callbackUrl: string,
  secret: string,
  options: { setSecret: boolean },
): Promise<WebhookOutcome> => {
  const existing = (await client.listWebhooks()).find((w) => w.callback_url === callbackUrl);
  if (!existing) {
    const created = await client.createWebhook({
      callback_url: callbackUrl,
      client_secret: secret,
      callback_config: { exponential_retry_backoff: { ...RETRY_BACKOFF } },
      disabled: false,
    });
    const missing = EXTRA_EVENTS.filter((e) => !created.subscribed_events.includes(e));
    const webhook =
      missing.length > 0
        ? await client.updateWebhook(created.id, {
            subscribed_events: [...created.subscribed_events, ...missing],
          })
        : created;
    return { webhook, action: 'created' };
  }
  const missing = EXTRA_EVENTS.filter((e) => !existing.subscribed_events.includes(e));
  if (!existing.disabled && !options.setSecret && missing.length === 0)
    return { webhook: existing, action: 'found' };
  const webhook = await client.updateWebhook(existing.id, {
    ...(existing.disabled ? { disabled: false } : {}),
    ...(options.setSecret ? { client_secret: secret } : {}),
    ...(missing.length > 0
      ? { subscribed_events: [...existing.subscribed_events, ...missing] }
      : {}),
  });
  return { webhook, action: 'updated' };
};
