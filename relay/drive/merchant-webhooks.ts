// The merchant's webhooks at the delivery service, kept by the relay alone (docs/relay.md,
// docs/platform.md#delivery-webhooks): one webhook per merchant for its order events and one for
// courier locations (the service advises a webhook of their own: heavy load), both at the relay's
// own public address and signed with one secret the relay makes and never hands out. Older
// per-venue webhooks at this relay are adopted (the first) or deleted (the others), and their
// venue secrets, which terminals knew, stop verifying after the overlap window.
import { randomBytes } from 'node:crypto';
import type { RetryBackoff } from '../../shared/delivery-webhook';
import type { EventStore } from '../store/event-store';
import type { CredentialBox } from './credentials';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  updateWebhook,
  type DriveWebhook,
  type MerchantAccount,
} from './drive-api';

export const LOCATION_EVENT = 'order.location_updated';
/** Not subscribed by default, and shown at the counter (docs/platform.md#delivery-webhooks). */
const EXTRA_ORDER_EVENTS = ['order.customer_no_show'];

export type DriveDeps = {
  store: EventStore;
  box: CredentialBox;
  /** The relay's address as the delivery service reaches it. */
  publicUrl: () => string;
  now: () => number;
  /** How long a replaced webhook secret still verifies. */
  secretGraceMs: number;
  backoff: RetryBackoff;
  /** One upkeep per merchant at a time in this process. */
  running: Map<string, Promise<unknown>>;
  /**
   * Merchants whose two webhooks this process has seen take the current secret. Any other (a
   * start after a crash between storing a new secret and sending it, a rotation whose update
   * failed) gets the secret sent again at its next upkeep: the relay cannot read back what the
   * service holds, and the secret it replaced stops verifying once the overlap window ends.
   */
  secretSent: Set<string>;
};

export type MerchantWebhooks = { webhook: DriveWebhook; locationWebhook: DriveWebhook };

export const DRIVE_HOOK = '/hooks/drive/';

const base = (url: string): string => url.replace(/\/+$/, '');

export const merchantCallbackUrl = (publicUrl: string, merchantId: string): string =>
  `${base(publicUrl)}${DRIVE_HOOK}${encodeURIComponent(merchantId)}`;

export const locationCallbackUrl = (publicUrl: string, merchantId: string): string =>
  `${merchantCallbackUrl(publicUrl, merchantId)}/locations`;

/** The venue of an older per-venue webhook at this relay, '' for the oldest shared address, else null. */
const legacyVenue = (publicUrl: string, callbackUrl: string): string | null => {
  const legacy = `${base(publicUrl)}/hooks/delivery`;
  if (callbackUrl === legacy) return '';
  if (!callbackUrl.startsWith(`${legacy}/`)) return null;
  try {
    return decodeURIComponent(callbackUrl.slice(legacy.length + 1));
  } catch {
    return null;
  }
};

/** The merchant's key, opened for one piece of work. */
export async function merchantAccount(
  deps: DriveDeps,
  merchantId: string,
): Promise<(MerchantAccount & { venueIds: string[] }) | null> {
  const merchant = await deps.store.deliveryMerchant(merchantId);
  if (!merchant) return null;
  return {
    driveUrl: merchant.driveUrl,
    merchantId,
    merchantKey: deps.box.open(merchantId, 'merchant-key', merchant.keyBox),
    venueIds: merchant.venueIds,
  };
}

const serial = <T>(deps: DriveDeps, merchantId: string, work: () => Promise<T>): Promise<T> => {
  const before = deps.running.get(merchantId) ?? Promise.resolve();
  const next = before.catch(() => undefined).then(work);
  deps.running.set(merchantId, next);
  void next
    .catch(() => undefined)
    .finally(() => {
      if (deps.running.get(merchantId) === next) deps.running.delete(merchantId);
    });
  return next;
};

/** The secret the merchant's webhooks are to carry: the current one, or a new one (stored first). */
async function currentSecret(
  deps: DriveDeps,
  merchantId: string,
  rotate: boolean,
): Promise<{ secret: string; fresh: boolean }> {
  const at = deps.now();
  const boxes = await deps.store.merchantSecrets(merchantId, at);
  const current = boxes[0];
  if (!rotate && current !== undefined)
    return { secret: deps.box.open(merchantId, 'webhook-secret', current), fresh: false };
  // Stored before the service has it: events signed with it verify from the first one, and the
  // replaced secret keeps verifying through the overlap window.
  const secret = randomBytes(32).toString('base64url');
  await deps.store.rotateMerchantSecret(
    merchantId,
    deps.box.seal(merchantId, 'webhook-secret', secret),
    at,
    at + deps.secretGraceMs,
  );
  return { secret, fresh: true };
}

const sameEvents = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((event) => b.includes(event));

/** Finds, adopts or creates one webhook at `url` with the wanted events and the secret. */
async function keepWebhook(
  deps: DriveDeps,
  account: MerchantAccount,
  found: DriveWebhook | undefined,
  want: {
    url: string;
    secret: string;
    setSecret: boolean;
    events: (current: readonly string[]) => string[];
  },
): Promise<DriveWebhook> {
  let hook = found;
  if (!hook) {
    hook = await createWebhook(account, {
      callback_url: want.url,
      client_secret: want.secret,
      callback_config: { exponential_retry_backoff: { ...deps.backoff } },
      disabled: false,
    });
    want = { ...want, setSecret: false };
  }
  const events = want.events(hook.subscribed_events);
  const change = {
    ...(hook.callback_url === want.url ? {} : { callback_url: want.url }),
    ...(want.setSecret || hook.callback_url !== want.url ? { client_secret: want.secret } : {}),
    ...(hook.disabled ? { disabled: false } : {}),
    ...(sameEvents(events, hook.subscribed_events) ? {} : { subscribed_events: events }),
  };
  return Object.keys(change).length === 0 ? hook : await updateWebhook(account, hook.id, change);
}

/**
 * Makes the merchant's two webhooks what they must be (start, every upkeep round, each set-up):
 * adopts an older per-venue webhook of this relay rather than adding one, deletes the others,
 * re-enables a disabled one; `rotate` gives them a new secret.
 */
export function ensureMerchantWebhooks(
  deps: DriveDeps,
  merchantId: string,
  options: { rotate?: boolean } = {},
): Promise<MerchantWebhooks | null> {
  return serial(deps, merchantId, async () => {
    const account = await merchantAccount(deps, merchantId);
    if (!account) return null;
    if (account.venueIds.length === 0) {
      await dropWebhooks(deps, account);
      return null;
    }
    const publicUrl = deps.publicUrl();
    const mainUrl = merchantCallbackUrl(publicUrl, merchantId);
    const locationUrl = locationCallbackUrl(publicUrl, merchantId);
    const hooks = await listWebhooks(account);
    const { secret, fresh } = await currentSecret(deps, merchantId, options.rotate ?? false);
    const sendSecret = fresh || !deps.secretSent.has(merchantId);
    deps.secretSent.delete(merchantId);
    const legacy = hooks.filter((h) => legacyVenue(publicUrl, h.callback_url) !== null);
    // Two instances keeping one merchant at the same moment may each have made one: one stays.
    const mains = hooks.filter((h) => h.callback_url === mainUrl);
    const locations = hooks.filter((h) => h.callback_url === locationUrl);
    let own = mains[0];
    // An older per-venue webhook becomes the merchant's (its retry settings and history kept).
    const adopted = own ? undefined : legacy[0];
    own ??= adopted;
    const webhook = await keepWebhook(deps, account, own, {
      url: mainUrl,
      secret,
      setSecret: sendSecret || adopted !== undefined,
      events: (current) => [
        ...current.filter((e) => e !== LOCATION_EVENT),
        ...EXTRA_ORDER_EVENTS.filter((e) => !current.includes(e)),
      ],
    });
    const locationWebhook = await keepWebhook(deps, account, locations[0], {
      url: locationUrl,
      secret,
      setSecret: sendSecret,
      events: () => [LOCATION_EVENT],
    });
    for (const old of legacy) if (old !== adopted) await deleteWebhook(account, old.id);
    for (const extra of [...mains.slice(1), ...locations.slice(1)])
      await deleteWebhook(account, extra.id);
    await retireVenueSecrets(
      deps,
      legacy.map((h) => legacyVenue(publicUrl, h.callback_url) ?? ''),
    );
    deps.secretSent.add(merchantId);
    await deps.store.setDeliveryWebhooks(merchantId, webhook.id, locationWebhook.id);
    return { webhook, locationWebhook };
  });
}

/**
 * The per-venue secrets of the webhooks just adopted or deleted were made by terminals: each is
 * replaced by a random one nobody knows, so the old one stops verifying once the window ends.
 */
async function retireVenueSecrets(deps: DriveDeps, venues: string[]): Promise<void> {
  const at = deps.now();
  for (const venue of venues) {
    if (venue === '') continue;
    await deps.store.setDeliverySecret(
      venue,
      randomBytes(32).toString('base64url'),
      at,
      at + deps.secretGraceMs,
    );
  }
}

async function dropWebhooks(
  deps: DriveDeps,
  account: MerchantAccount & { venueIds: string[] },
): Promise<void> {
  const publicUrl = deps.publicUrl();
  const ours = [
    merchantCallbackUrl(publicUrl, account.merchantId),
    locationCallbackUrl(publicUrl, account.merchantId),
  ];
  for (const hook of await listWebhooks(account))
    if (ours.includes(hook.callback_url)) await deleteWebhook(account, hook.id);
  await deps.store.setDeliveryWebhooks(account.merchantId, null, null);
}

/**
 * A venue leaves courier delivery at this relay; when it was its merchant's last, the merchant's
 * webhooks are deleted at the service. Returns the merchant it belonged to.
 */
export async function removeDeliveryVenue(
  deps: DriveDeps,
  venueId: string,
): Promise<string | null> {
  const merchantId = await deps.store.unlinkDeliveryVenue(venueId);
  if (merchantId === null) return null;
  await serial(deps, merchantId, async () => {
    const account = await merchantAccount(deps, merchantId);
    if (account && account.venueIds.length === 0) await dropWebhooks(deps, account);
  });
  return merchantId;
}

/** Every merchant with venues gets its webhooks checked (start and on the upkeep interval). */
export async function keepAllMerchants(
  deps: DriveDeps,
  log: (key: string, message: string) => void,
): Promise<void> {
  for (const merchant of await deps.store.listDeliveryMerchants()) {
    if (merchant.venueIds.length === 0) continue;
    try {
      await ensureMerchantWebhooks(deps, merchant.merchantId);
    } catch (error) {
      log(
        `drive-upkeep:${merchant.merchantId.slice(0, 40)}`,
        `could not keep the delivery webhooks of merchant ${merchant.merchantId}: ${(error as Error).message}`,
      );
    }
  }
}
