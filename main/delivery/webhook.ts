// The venue's delivery webhook points at the relay, at an address of its own
// (/hooks/delivery/{venue_id}): webhooks are per merchant (docs/platform.md#delivery-webhooks),
// so each venue of a merchant registers its own, signed with its own secret, and the relay checks
// each venue's events with that venue's secret alone. The platform never returns a client_secret,
// so the terminal finds its webhook by callback_url, creates it when missing, sets its secret when
// asked (a set-up or a hand-over), and re-enables it.
import type { DeliveryClient } from './client';
import { DELIVERY_RETRY_BACKOFF } from '../../shared/delivery-webhook';
import type { Webhook } from './schemas';

/** Events not subscribed by default (docs/platform.md#delivery-webhooks) that the counter shows. */
export const EXTRA_EVENTS = ['order.location_updated', 'order.customer_no_show'] as const;

export const RETRY_BACKOFF = DELIVERY_RETRY_BACKOFF;

export type WebhookOutcome = { webhook: Webhook; action: 'found' | 'created' | 'updated' };

const base = (relayUrl: string): string => relayUrl.replace(/\/+$/, '');

/** Where the relay takes this venue's delivery events. */
export const venueCallbackUrl = (relayUrl: string, venueId: string): string =>
  `${base(relayUrl)}/hooks/delivery/${encodeURIComponent(venueId)}`;

/** The one address earlier versions registered for every venue (a partner-wide secret). */
export const legacyCallbackUrl = (relayUrl: string): string => `${base(relayUrl)}/hooks/delivery`;

export const ensureWebhook = async (
  client: DeliveryClient,
  target: { url: string; legacyUrl: string },
  secret: string,
  options: { setSecret: boolean },
): Promise<WebhookOutcome> => {
  const hooks = await client.listWebhooks();
  const own = hooks.find((w) => w.callback_url === target.url);
  // An older install's webhook moves to the venue's address with the venue's secret.
  const legacy = own ? undefined : hooks.find((w) => w.callback_url === target.legacyUrl);
  if (legacy) {
    const missing = EXTRA_EVENTS.filter((e) => !legacy.subscribed_events.includes(e));
    const webhook = await client.updateWebhook(legacy.id, {
      callback_url: target.url,
      client_secret: secret,
      ...(legacy.disabled ? { disabled: false } : {}),
      ...(missing.length > 0
        ? { subscribed_events: [...legacy.subscribed_events, ...missing] }
        : {}),
    });
    return { webhook, action: 'updated' };
  }
  const existing = own;
  if (!existing) {
    const created = await client.createWebhook({
      callback_url: target.url,
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
