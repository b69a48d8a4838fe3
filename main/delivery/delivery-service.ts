// The courier-delivery service (delivery:*): composes the module-level functions of
// delivery-handlers.ts, delivery-booking.ts, delivery-sending.ts and delivery-setup.ts
// over one explicit context (delivery-context.ts).
import type { ServiceApi } from '../../shared/ipc/contract';
import type {
  DeliveryConfig,
  DeliveryContext,
  DeliveryCore,
  DeliveryServiceDeps,
} from './delivery-context';
import { config, noticeDecision } from './delivery-context';
import type { DeliveryChannels } from './delivery-handlers';
import { deliveryHandlers } from './delivery-handlers';
import { adopted, registerKinds, stray } from './delivery-sending';
import { DEFAULT_BOOKING_CHECK_MS } from './delivery-store';
import { forget, maintainWebhook, migrateKeychain } from './delivery-setup';

export type {
  DeliveryCancelPayload,
  DeliveryConfig,
  DeliveryCreatePayload,
} from './delivery-context';

export type DeliveryService = {
  api: Pick<ServiceApi, DeliveryChannels>;
  config(): DeliveryConfig | null;
  /** Reads the merchant's webhook state from the relay (start and every tick). */
  maintainWebhook(): Promise<void>;
  /** An older install's delivery credentials go to the relay and leave the keychain. */
  migrateKeychain(): Promise<void>;
  /** Removes the set-up and its secrets (the venue is disconnected); deliveries stay as history. */
  forget(): Promise<void>;
  /** An event named a booking whose answer was lost (called inside the event's transaction). */
  adopted(deliveryId: string): void;
  /** An event showed a replaced attempt was made after all: this delivery is a second courier. */
  stray(deliveryId: string): void;
};

export const createDeliveryService = (deps: DeliveryServiceDeps): DeliveryService => {
  const core: DeliveryCore = {
    deps,
    bookingCheckMs: deps.bookingCheckMs ?? DEFAULT_BOOKING_CHECK_MS,
    decideTimers: new Map<string, NodeJS.Timeout>(),
    quotes: new Map(),
    webhookError: null,
  };
  // One object: the kinds' sends and the handlers see the same state (the webhook's error).
  const ctx: DeliveryContext = Object.assign(core, { kinds: registerKinds(core) });
  // Lost bookings from before a restart get their notice too.
  for (const delivery of deps.store.list())
    if (delivery.bookingCheck && !delivery.bookingCheck.staffMayDecide)
      noticeDecision(ctx, delivery.id, delivery.bookingCheck.since);
  return {
    api: deliveryHandlers(ctx),
    config: () => config(ctx),
    stray: (deliveryId) => stray(ctx, deliveryId),
    adopted: (deliveryId) => adopted(ctx, deliveryId),
    forget: () => forget(ctx),
    maintainWebhook: () => maintainWebhook(ctx),
    migrateKeychain: () => migrateKeychain(ctx),
  };
};
