// The delivery set-up and the venue's webhook on the relay: configuring, handing the venue's
// secret to the relay, keeping the webhook registered, and forgetting the set-up.
import { randomBytes } from 'node:crypto';
import type { DeliverySetupState } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import { RequestError } from '../http/http';
import { putDeliverySecret } from '../relay-client/delivery-secret';
import { ServiceError } from '../service-error';
import type { DeliveryConfig, DeliveryCore } from './delivery-context';
import {
  config,
  CONFIG_KEY,
  HANDOVER_KEY,
  relayUrl,
  SECRET,
  setupState,
  WEBHOOK_KEY,
} from './delivery-context';
import { ensureWebhook, legacyCallbackUrl, venueCallbackUrl } from './webhook';

/** Gives the relay the venue's delivery secret over the terminal's own authenticated channel. */
const handOver = async (core: DeliveryCore, venueId: string, secret: string): Promise<void> => {
  const terminalKey = await core.deps.secrets.get('terminal-key');
  if (!terminalKey)
    throw new ServiceError(
      'not-configured',
      'No relay terminal key is stored; reconnect the venue.',
    );
  try {
    await putDeliverySecret({ relayUrl: relayUrl(core), terminalKey, venueId, secret });
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    throw new RequestError({
      kind: error.kind,
      status: error.status,
      message:
        error.status === 403
          ? `The relay refused the delivery secret: this terminal is not for venue ${venueId}.`
          : `The relay did not take the delivery secret: ${error.message}`,
    });
  }
};

/**
 * Keeps the venue's webhook at the relay. With `rotate` (a set-up, an upgrade without a secret
 * of the venue's own, or an unfinished hand-over) the secret goes to the relay first, then to
 * the delivery service: the relay takes the new one at once and the replaced one for a while
 * longer, so events signed in between still arrive.
 */
const registerWebhook = async (
  core: DeliveryCore,
  current: DeliveryConfig,
  rotate: boolean,
): Promise<void> => {
  const { secrets, settings, client, audit } = core.deps;
  let secret = await secrets.get(SECRET);
  const setSecret = rotate || secret === null || settings.get<boolean>(HANDOVER_KEY) === true;
  if (secret === null || rotate) {
    secret = randomBytes(32).toString('base64url');
    await secrets.set(SECRET, secret);
  }
  if (setSecret) {
    settings.set(HANDOVER_KEY, true);
    await handOver(core, current.venueId, secret);
  }
  const relay = relayUrl(core);
  const { webhook, action } = await ensureWebhook(
    client,
    { url: venueCallbackUrl(relay, current.venueId), legacyUrl: legacyCallbackUrl(relay) },
    secret,
    { setSecret },
  );
  settings.delete(HANDOVER_KEY);
  settings.set(WEBHOOK_KEY, {
    id: webhook.id,
    disabled: webhook.disabled,
    callbackUrl: webhook.callback_url,
  });
  core.webhookError = null;
  if (action !== 'found')
    audit.record({
      action: 'delivery-webhook',
      subject: webhook.id,
      outcome: action,
      detail: webhook.callback_url,
    });
};

type ConfigureRequest = Parameters<ServiceApi['delivery:configure']>[0];

export const configure = async (
  core: DeliveryCore,
  request: ConfigureRequest,
): Promise<DeliverySetupState> => {
  const { secrets, settings, audit } = core.deps;
  relayUrl(core);
  const previous = {
    config: config(core),
    key: await secrets.get('merchant-key'),
    secret: await secrets.get(SECRET),
  };
  const next: DeliveryConfig = {
    driveUrl: request.driveUrl,
    merchantId: request.merchantId,
    venueId: request.venueId,
  };
  await secrets.set('merchant-key', request.merchantKey);
  settings.set(CONFIG_KEY, next);
  try {
    // Every set-up makes a fresh secret for the venue (a set-up is also how staff rotate it).
    await registerWebhook(core, next, true);
  } catch (error) {
    if (error instanceof RequestError && error.kind === 'permanent') {
      // A wrong key, merchant, venue or address: keep what worked before.
      if (previous.config) settings.set(CONFIG_KEY, previous.config);
      else settings.delete(CONFIG_KEY);
      if (previous.key) await secrets.set('merchant-key', previous.key);
      else await secrets.delete('merchant-key');
      if (previous.secret) await secrets.set(SECRET, previous.secret);
      else await secrets.delete(SECRET);
      // The relay may hold the new secret already: the upkeep hands the kept one over again.
      if (previous.config) settings.set(HANDOVER_KEY, true);
      else settings.delete(HANDOVER_KEY);
      audit.record({
        action: 'delivery-setup',
        subject: request.merchantId,
        outcome: 'failed',
        detail: error.message,
      });
      throw new ServiceError('failed', `Courier delivery could not be set up: ${error.message}`);
    }
    // Unreachable now: the set-up stands and the webhook is registered on a later tick.
    core.webhookError = error instanceof Error ? error.message : String(error);
  }
  audit.record({
    action: 'delivery-setup',
    subject: request.merchantId,
    outcome: 'done',
    detail: request.venueId,
  });
  return setupState(core);
};

/** Finds, creates or re-enables the merchant's webhook (start and every tick). */
export const maintainWebhook = async (core: DeliveryCore): Promise<void> => {
  const current = config(core);
  if (!current || !core.deps.relayUrl()) return;
  try {
    await registerWebhook(core, current, false);
  } catch (error) {
    core.webhookError = error instanceof Error ? error.message : String(error);
  }
};

/** Removes the set-up and its secrets (the venue is disconnected); deliveries stay as history. */
export const forget = async (core: DeliveryCore): Promise<void> => {
  const { secrets, settings } = core.deps;
  await secrets.delete('merchant-key');
  await secrets.delete(SECRET);
  settings.delete(CONFIG_KEY);
  settings.delete(WEBHOOK_KEY);
  settings.delete(HANDOVER_KEY);
};
