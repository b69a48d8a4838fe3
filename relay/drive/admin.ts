// The relay operator's delivery commands (relay/cli.ts `admin delivery-…`), on a store of either
// kind while relays run: set a merchant's key and its venues, take a venue out, rotate the
// webhook secret, list what the relay holds (never a key or a secret).
import { DELIVERY_RETRY_BACKOFF } from '../../shared/delivery-webhook';
import type { DeliveryMerchant } from '../store/event-store';
import { withStore, type StoreLocation } from '../store/open-store';
import { createCredentialBox, parseCredentialsKey } from './credentials';
import { listWebhooks } from './drive-api';
import {
  ensureMerchantWebhooks,
  removeDeliveryVenue,
  type DriveDeps,
  type MerchantWebhooks,
} from './merchant-webhooks';

export type DriveAdminEnv = {
  credentialsKey: string;
  publicUrl: string;
  /** How long a replaced webhook secret still verifies (the running relays' setting). */
  secretGraceMs?: number;
  now?: () => number;
};

const withDrive = <T>(
  location: StoreLocation,
  env: DriveAdminEnv,
  fn: (deps: DriveDeps) => Promise<T>,
): Promise<T> =>
  withStore(location, (store) =>
    fn({
      store,
      box: createCredentialBox(parseCredentialsKey(env.credentialsKey)),
      publicUrl: () => env.publicUrl,
      now: env.now ?? Date.now,
      secretGraceMs: env.secretGraceMs ?? 10 * 60_000,
      backoff: DELIVERY_RETRY_BACKOFF,
      running: new Map(),
      secretSent: new Set(),
    }),
  );

/** Checks the key at the service, seals it, links the venues, and makes the merchant's webhooks. */
export const setMerchant = (
  location: StoreLocation,
  env: DriveAdminEnv,
  merchant: { merchantId: string; driveUrl: string; merchantKey: string; venueIds: string[] },
): Promise<MerchantWebhooks | null> =>
  withDrive(location, env, async (deps) => {
    await listWebhooks(merchant);
    const at = deps.now();
    await deps.store.putDeliveryMerchant(
      {
        merchantId: merchant.merchantId,
        driveUrl: merchant.driveUrl,
        keyBox: deps.box.seal(merchant.merchantId, 'merchant-key', merchant.merchantKey),
      },
      at,
    );
    for (const venueId of merchant.venueIds)
      await deps.store.linkDeliveryVenue(venueId, merchant.merchantId, at);
    return ensureMerchantWebhooks(deps, merchant.merchantId);
  });

export const removeVenue = (
  location: StoreLocation,
  env: DriveAdminEnv,
  venueId: string,
): Promise<string | null> => withDrive(location, env, (deps) => removeDeliveryVenue(deps, venueId));

export const rotateMerchantSecret = (
  location: StoreLocation,
  env: DriveAdminEnv,
  merchantId: string,
): Promise<MerchantWebhooks | null> =>
  withDrive(location, env, (deps) => ensureMerchantWebhooks(deps, merchantId, { rotate: true }));

export const listMerchants = (location: StoreLocation): Promise<DeliveryMerchant[]> =>
  withStore(location, (store) => store.listDeliveryMerchants());
