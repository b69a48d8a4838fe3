// Courier delivery's set-up, which lives at the relay (docs/security.md): the relay holds the
// merchant's delivery key and keeps the merchant's webhooks; this terminal holds neither. The
// set-up hands the key over once (or none, when the relay's operator set it) and keeps only the
// service's address, the merchant and the venue; the upkeep reads the webhook's state; older
// installs hand their stored key over and erase it with the venue's old webhook secret.
import type { DeliverySetupState } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import { RequestError } from '../http/http';
import {
  getDeliverySetup,
  putDeliverySetup,
  type RelayDeliverySetup,
} from '../relay-client/delivery-setup';
import { ServiceError } from '../service-error';
import type { Refusal } from '../../shared/refusals';
import { refusal } from '../../shared/refusals';
import type { DeliveryConfig, DeliveryCore } from './delivery-context';
import { config, CONFIG_KEY, relayUrl, setupState, WEBHOOK_KEY } from './delivery-context';

/** What an older install kept in the keychain and this one must not: erased (after hand-over). */
export const HANDED_OVER_KEY = 'merchant-key';
export const RETIRED_VENUE_SECRET = 'delivery-venue-secret';
const LEGACY_HANDOVER_FLAG = 'delivery.secret-handover';

const terminalKey = async (core: DeliveryCore): Promise<string> => {
  const key = await core.deps.secrets.get('terminal-key');
  if (!key) throw new ServiceError('not-configured', refusal('courier-no-terminal-key'));
  return key;
};

const remember = (core: DeliveryCore, answer: RelayDeliverySetup): void => {
  const hook = answer.webhook;
  if (hook)
    core.deps.settings.set(WEBHOOK_KEY, {
      id: hook.id,
      disabled: hook.disabled,
      callbackUrl: hook.callback_url,
    });
  else core.deps.settings.delete(WEBHOOK_KEY);
  // The relay's own text names the service and its error: staff read what it means for them.
  core.webhookError = answer.webhook_error === null ? null : updatesDown(null);
};

/** Why courier updates are not coming in, as staff can act on it. */
const updatesDown = (error: unknown): Refusal => {
  if (error instanceof ServiceError && error.bridge.refusal) return error.bridge.refusal;
  if (error instanceof RequestError && (error.status === null || error.kind === 'temporary'))
    return refusal('courier-updates-down', 'offline');
  if (error instanceof RequestError && [400, 401, 403].includes(error.status ?? 0))
    return refusal('courier-updates-down', 'refused');
  return refusal('courier-updates-down', null);
};

/** Why the relay did not take the set-up, as staff can act on it (its own words go to the audit). */
const relayRefusal = (error: RequestError): 'wrongVenue' | 'refused' | null => {
  if (error.status === 403) return 'wrongVenue';
  if (error.status === 400) return 'refused';
  return null;
};

type ConfigureRequest = Parameters<ServiceApi['delivery:configure']>[0];

export const configure = async (
  core: DeliveryCore,
  request: ConfigureRequest,
): Promise<DeliverySetupState> => {
  const { settings, audit } = core.deps;
  const relay = relayUrl(core);
  const next: DeliveryConfig = {
    driveUrl: request.driveUrl,
    merchantId: request.merchantId,
    venueId: request.venueId,
  };
  const merchantKey =
    request.merchantKey === undefined || request.merchantKey === ''
      ? undefined
      : request.merchantKey;
  let answer: RelayDeliverySetup;
  try {
    answer = await putDeliverySetup({
      relayUrl: relay,
      terminalKey: await terminalKey(core),
      venueId: next.venueId,
      merchantId: next.merchantId,
      driveUrl: next.driveUrl,
      ...(merchantKey === undefined ? {} : { merchantKey }),
    });
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    audit.record({
      action: 'delivery-setup',
      subject: request.merchantId,
      outcome: 'failed',
      detail: error.message,
    });
    // Nothing changed here: the working set-up, if any, stays.
    throw new ServiceError('failed', refusal('courier-setup-failed', relayRefusal(error)));
  }
  settings.set(CONFIG_KEY, next);
  remember(core, answer);
  // The relay has the key now; a copy an older version kept goes.
  await eraseLocalCredentials(core);
  audit.record({
    action: 'delivery-setup',
    subject: request.merchantId,
    outcome: 'done',
    detail: request.venueId,
  });
  return setupState(core);
};

const eraseLocalCredentials = async (core: DeliveryCore): Promise<void> => {
  const { secrets, audit } = core.deps;
  const held = [
    (await secrets.get(HANDED_OVER_KEY)) !== null ? HANDED_OVER_KEY : null,
    (await secrets.get(RETIRED_VENUE_SECRET)) !== null ? RETIRED_VENUE_SECRET : null,
  ].filter((name): name is typeof HANDED_OVER_KEY | typeof RETIRED_VENUE_SECRET => name !== null);
  if (held.length === 0) return;
  for (const name of held) await secrets.delete(name);
  audit.record({
    action: 'keychain',
    subject: held.join(', '),
    outcome: 'removed',
    detail: 'The relay holds the delivery credentials now; this terminal keeps none.',
  });
};

/**
 * An older install's merchant key goes to the relay (its set-up, over the terminal's own
 * channel), then leaves the keychain with the venue's old webhook secret. A relay that cannot be
 * reached now gets it on a later tick; a key the relay or the service refuses is erased all the
 * same (it could only ever speak for other venues from here).
 */
export const migrateKeychain = async (core: DeliveryCore): Promise<void> => {
  const { secrets, audit, settings } = core.deps;
  // The flag of a hand-over of the venue's own webhook secret, which no longer exists.
  settings.delete(LEGACY_HANDOVER_FLAG);
  const key = await secrets.get(HANDED_OVER_KEY);
  const current = config(core);
  // Nothing to hand over (or no set-up to hand it for): what is left goes now.
  if (key === null || current === null) {
    await eraseLocalCredentials(core);
    return;
  }
  if (!core.deps.relayUrl()) return;
  try {
    const answer = await putDeliverySetup({
      relayUrl: relayUrl(core),
      terminalKey: await terminalKey(core),
      venueId: current.venueId,
      merchantId: current.merchantId,
      driveUrl: current.driveUrl,
      merchantKey: key,
    });
    remember(core, answer);
    audit.record({
      action: 'delivery-setup',
      subject: current.merchantId,
      outcome: 'handed-over',
      detail: 'The merchant key went to the relay.',
    });
  } catch (error) {
    if (error instanceof RequestError && error.kind === 'temporary') {
      core.webhookError = updatesDown(error);
      return;
    }
    if (!(error instanceof RequestError) && !(error instanceof ServiceError)) throw error;
    core.webhookError = updatesDown(error);
  }
  await eraseLocalCredentials(core);
};

/** The merchant's webhook as the relay keeps it (start and every tick), for the set-up screen. */
export const maintainWebhook = async (core: DeliveryCore): Promise<void> => {
  const current = config(core);
  const relay = core.deps.relayUrl();
  if (!current || !relay) return;
  try {
    await migrateKeychain(core);
    remember(
      core,
      await getDeliverySetup({
        relayUrl: relay,
        terminalKey: await terminalKey(core),
        venueId: current.venueId,
      }),
    );
  } catch (error) {
    core.webhookError = updatesDown(error);
  }
};

/** Forgets the set-up here (the venue is disconnected); deliveries stay as history. */
export const forget = async (core: DeliveryCore): Promise<void> => {
  const { secrets, settings } = core.deps;
  await secrets.delete(HANDED_OVER_KEY);
  await secrets.delete(RETIRED_VENUE_SECRET);
  settings.delete(CONFIG_KEY);
  settings.delete(WEBHOOK_KEY);
};
