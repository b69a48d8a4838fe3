// The courier-delivery channels of the ServiceApi (delivery:*): set-up, promises, booking and
// cancelling through the outbox, handshake PINs, and keeping the venue's webhook on the relay.
import { randomBytes, randomUUID } from 'node:crypto';
import { scheduleProblem } from '../../shared/delivery-booking';
import type { DeliveryQuote, DeliverySetupState } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import { RequestError } from '../http/http';
import type { Outbox, StoredAction } from '../outbox/outbox';
import { putDeliverySecret } from '../relay-client/delivery-secret';
import type { SecretStore } from '../secrets/secret-store';
import type { Settings } from '../storage/settings';
import { failure, ServiceError } from '../service-error';
import type { DeliveryAccount, DeliveryClient } from './client';
import { DEFAULT_BOOKING_CHECK_MS, type DeliveryStore } from './delivery-store';
import { createDeliveryRequest, shipmentPromiseRequest } from './booking-request';
import type { CreateDeliveryRequest, ShipmentPromiseRequest } from './schemas';
import { checkArea } from './area-check';
import { inStaffWords, staffFailure } from './staff-words';
import { ensureWebhook, legacyCallbackUrl, venueCallbackUrl } from './webhook';

export type DeliveryConfig = DeliveryAccount & { venueId: string };

/** What the delivery kinds' outbox rows carry. */
export type DeliveryCreatePayload = {
  deliveryId: string;
  venueId: string;
  request: CreateDeliveryRequest;
  /**
   * Book again after a lost answer: a fresh promise for this address first (the first one is
   * spent or expired), whose id and location the booking then uses.
   */
  requote?: ShipmentPromiseRequest;
};
/** `abandoned`: staff cancelled a booking whose answer was lost, and it turned out booked. */
export type DeliveryCancelPayload = { deliveryId: string; reason: string; abandoned?: boolean };

const CONFIG_KEY = 'delivery';
const WEBHOOK_KEY = 'delivery.webhook';
/**
 * Set while a new venue secret is with the relay but not yet confirmed by the delivery service:
 * the upkeep finishes the hand-over (the relay still takes the replaced secret for a while).
 */
const HANDOVER_KEY = 'delivery.secret-handover';
const SECRET = 'delivery-venue-secret';

type DeliveryChannels =
  | 'delivery:rebook'
  | 'delivery:get'
  | 'delivery:configure'
  | 'delivery:quote'
  | 'delivery:book'
  | 'delivery:check-area'
  | 'delivery:list'
  | 'delivery:cancel'
  | 'delivery:handshake';

type StoredQuote = {
  quote: DeliveryQuote;
  venueId: string;
  coordinates: { lat: number; lon: number };
  address: { street: string; postCode: string; city: string };
  /** Where the courier picks up, when the promise said so (for the courier's distance). */
  pickupLocation: { lat: number; lon: number } | null;
  /** What the promise was asked with ("book again" asks it anew). */
  promiseRequest: ShipmentPromiseRequest;
};

export type DeliveryService = {
  api: Pick<ServiceApi, DeliveryChannels>;
  config(): DeliveryConfig | null;
  /** Finds, creates or re-enables the merchant's webhook (start and every tick). */
  maintainWebhook(): Promise<void>;
  /** Removes the set-up and its secrets (the venue is disconnected); deliveries stay as history. */
  forget(): Promise<void>;
  /** An event named a booking whose answer was lost (called inside the event's transaction). */
  adopted(deliveryId: string): void;
  /** An event showed a replaced attempt was made after all: this delivery is a second courier. */
  stray(deliveryId: string): void;
};

// eslint-disable-next-line max-lines-per-function -- one closure over the delivery slice's bookings, polls and webhook state; being extended by the courier work today, to be cut like printing/ (issue 37)
export const createDeliveryService = (deps: {
  settings: Settings;
  secrets: SecretStore;
  outbox: Outbox;
  audit: AuditLog;
  store: DeliveryStore;
  client: DeliveryClient;
  now: () => Date;
  /** The relay's address from the venue connection; delivery needs it for the webhook. */
  relayUrl: () => string | null;
  /** These deliveries changed (booked, an action queued or settled). */
  changed: (deliveryIds: string[]) => void;
  /** How long after a lost answer staff may book again or cancel (the store's, for the notice). */
  bookingCheckMs?: number;
}): DeliveryService => {
  const { settings, secrets, outbox, audit, store, client, now } = deps;

  const sendCreate = async (action: StoredAction<DeliveryCreatePayload>): Promise<void> => {
    const { deliveryId, venueId, requote } = action.payload;
    let request = action.payload.request;
    if (requote) {
      const promise = await client.createShipmentPromise(venueId, requote);
      if (!promise.is_binding)
        throw new RequestError({
          kind: 'permanent',
          status: null,
          message:
            'The address no longer gives a binding delivery promise; book the courier anew from the form.',
        });
      request = {
        ...request,
        shipment_promise_id: promise.id,
        dropoff: {
          ...request.dropoff,
          location: { coordinates: promise.dropoff.location.coordinates },
        },
      };
    }
    // The service ignores Idempotency-Key: a booking resent after a lost answer could book a
    // second courier, so this kind is sent once (resend: 'once'); merchant_order_reference_id
    // names the attempt, and its events tell whether it was made.
    const created = await client.createDelivery(venueId, request, action.id).catch((error) => {
      throw inStaffWords(error);
    });
    store.setBooked(deliveryId, {
      reference: created.platform_order_reference_id,
      trackingUrl: created.tracking?.url ?? null,
      price: created.price
        ? { amount: created.price.amount, currency: created.price.currency }
        : null,
    });
  };
  const sendCancel = async (action: StoredAction<DeliveryCancelPayload>): Promise<void> => {
    const { deliveryId, reason } = action.payload;
    const delivery = store.get(deliveryId);
    if (!delivery?.reference)
      throw new RequestError({
        kind: 'permanent',
        status: null,
        message: 'The delivery was never booked, so there is nothing to cancel.',
      });
    if (delivery.status === 'rejected' && !action.payload.abandoned) return;
    await client.cancel(delivery.reference, reason, action.id);
    store.setRejected(deliveryId, reason);
  };
  const bookingCheckMs = deps.bookingCheckMs ?? DEFAULT_BOOKING_CHECK_MS;
  /** Tells the renderer when staff may decide about a lost booking (the store computes it). */
  const decideTimers = new Map<string, NodeJS.Timeout>();
  const noticeDecision = (deliveryId: string, since: string): void => {
    clearTimeout(decideTimers.get(deliveryId));
    const timer = setTimeout(
      () => {
        decideTimers.delete(deliveryId);
        deps.changed([deliveryId]);
      },
      Math.max(0, Date.parse(since) + bookingCheckMs - now().getTime()) + 50,
    );
    timer.unref();
    decideTimers.set(deliveryId, timer);
  };
  const createKind = outbox.register<DeliveryCreatePayload>('delivery-create', {
    send: sendCreate,
    resend: 'once',
    // In the outbox's transaction: the row ends and the delivery shows "checking", or neither.
    unknown: (action) => store.setUnconfirmed(action.payload.deliveryId),
    changed: (action, outcome) => {
      if (outcome === 'unknown') {
        const check = store.get(action.payload.deliveryId)?.bookingCheck;
        if (check) noticeDecision(action.payload.deliveryId, check.since);
      }
      deps.changed([action.payload.deliveryId]);
    },
  });
  const cancelKind = outbox.register<DeliveryCancelPayload>('delivery-cancel', {
    send: sendCancel,
    // Cancelling a cancelled order changes nothing (the service answers 400 and stays REJECTED).
    resend: 'safe',
    changed: (action) => deps.changed([action.payload.deliveryId]),
  });
  // Lost bookings from before a restart get their notice too.
  for (const delivery of store.list())
    if (delivery.bookingCheck && !delivery.bookingCheck.staffMayDecide)
      noticeDecision(delivery.id, delivery.bookingCheck.since);
  const config = (): DeliveryConfig | null => settings.get<DeliveryConfig>(CONFIG_KEY);
  const quotes = new Map<string, StoredQuote>();
  let webhookError: string | null = null;

  const relayUrl = (): string => {
    const relay = deps.relayUrl();
    if (!relay)
      throw new ServiceError(
        'not-configured',
        'Connect the venue first: delivery events arrive through its relay.',
      );
    return relay;
  };

  /** Gives the relay the venue's delivery secret over the terminal's own authenticated channel. */
  const handOver = async (venueId: string, secret: string): Promise<void> => {
    const terminalKey = await secrets.get('terminal-key');
    if (!terminalKey)
      throw new ServiceError(
        'not-configured',
        'No relay terminal key is stored; reconnect the venue.',
      );
    try {
      await putDeliverySecret({ relayUrl: relayUrl(), terminalKey, venueId, secret });
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

  const state = (): DeliverySetupState => {
    const current = config();
    return {
      configured: current !== null,
      driveUrl: current?.driveUrl ?? null,
      merchantId: current?.merchantId ?? null,
      venueId: current?.venueId ?? null,
      webhook: settings.get<DeliverySetupState['webhook']>(WEBHOOK_KEY),
      webhookError,
    };
  };

  /**
   * Keeps the venue's webhook at the relay. With `rotate` (a set-up, an upgrade without a secret
   * of the venue's own, or an unfinished hand-over) the secret goes to the relay first, then to
   * the delivery service: the relay takes the new one at once and the replaced one for a while
   * longer, so events signed in between still arrive.
   */
  const registerWebhook = async (current: DeliveryConfig, rotate: boolean): Promise<void> => {
    let secret = await secrets.get(SECRET);
    const setSecret = rotate || secret === null || settings.get<boolean>(HANDOVER_KEY) === true;
    if (secret === null || rotate) {
      secret = randomBytes(32).toString('base64url');
      await secrets.set(SECRET, secret);
    }
    if (setSecret) {
      settings.set(HANDOVER_KEY, true);
      await handOver(current.venueId, secret);
    }
    const relay = relayUrl();
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
    webhookError = null;
    if (action !== 'found')
      audit.record({
        action: 'delivery-webhook',
        subject: webhook.id,
        outcome: action,
        detail: webhook.callback_url,
      });
  };

  /** A delivery whose booking's answer was lost, once staff may decide about it. */
  const lostBooking = (deliveryId: string) => {
    const delivery = store.get(deliveryId);
    if (!delivery) throw new ServiceError('not-found', 'There is no delivery with this id.');
    if (!delivery.bookingCheck)
      throw new ServiceError('conflict', 'This booking is not waiting for a decision.');
    if (!delivery.bookingCheck.staffMayDecide)
      throw new ServiceError(
        'conflict',
        'Still checking whether the courier was booked; wait a moment before booking again.',
      );
    return delivery;
  };

  const requireConfig = (): DeliveryConfig => {
    const current = config();
    if (!current) throw new ServiceError('not-configured', 'Set up courier delivery first.');
    return current;
  };

  const api: DeliveryService['api'] = {
    'delivery:get': async () => state(),

    'delivery:configure': async (request) => {
      relayUrl();
      const previous = {
        config: config(),
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
        await registerWebhook(next, true);
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
          throw new ServiceError(
            'failed',
            `Courier delivery could not be set up: ${error.message}`,
          );
        }
        // Unreachable now: the set-up stands and the webhook is registered on a later tick.
        webhookError = error instanceof Error ? error.message : String(error);
      }
      audit.record({
        action: 'delivery-setup',
        subject: request.merchantId,
        outcome: 'done',
        detail: request.venueId,
      });
      return state();
    },

    'delivery:quote': async (request) => {
      const current = requireConfig();
      if (request.scheduledDropoff !== undefined) {
        const problem = scheduleProblem(request.scheduledDropoff, now().getTime());
        if (problem) throw new ServiceError('invalid-request', problem);
      }
      try {
        const promiseRequest = shipmentPromiseRequest(request);
        const promise = await client.createShipmentPromise(current.venueId, promiseRequest);
        const quote: DeliveryQuote = {
          promiseId: promise.id,
          binding: promise.is_binding,
          nonBindingReason: promise.is_binding
            ? null
            : (promise.non_binding_reason ?? 'The address is not detailed enough.'),
          addressMixUpRisk: promise.address_mix_up_risk ?? false,
          price: promise.price
            ? { amount: promise.price.amount, currency: promise.price.currency }
            : null,
          pickupEta: promise.pickup?.eta ?? null,
          dropoffEta: promise.dropoff.eta ?? null,
          timeEstimateMinutes: promise.time_estimate_minutes ?? null,
          formattedAddress: promise.dropoff.location.formatted_address ?? null,
          validUntil: promise.valid_until ?? null,
          preparationMinutes: request.minPreparationMinutes ?? null,
          scheduledDropoff: request.scheduledDropoff
            ? new Date(request.scheduledDropoff).toISOString()
            : null,
        };
        // Promises expire in minutes; older ones are of no use to keep.
        for (const [id, stored] of quotes)
          if (stored.quote.validUntil && Date.parse(stored.quote.validUntil) < now().getTime())
            quotes.delete(id);
        const pickup = promise.pickup?.location?.coordinates;
        quotes.set(promise.id, {
          quote,
          venueId: current.venueId,
          coordinates: promise.dropoff.location.coordinates,
          address: { street: request.street, postCode: request.postCode, city: request.city },
          pickupLocation: pickup ? { lat: pickup.lat, lon: pickup.lon } : null,
          promiseRequest,
        });
        return quote;
      } catch (error) {
        throw staffFailure(error);
      }
    },

    'delivery:check-area': async (request) => {
      const current = requireConfig();
      try {
        return await checkArea(client, current.venueId, request);
      } catch (error) {
        throw staffFailure(error);
      }
    },

    'delivery:book': async (request) => {
      requireConfig();
      const stored = quotes.get(request.promiseId);
      if (!stored)
        throw new ServiceError(
          'not-found',
          'This delivery promise is unknown or expired; get a new one.',
        );
      if (!stored.quote.binding)
        throw new ServiceError(
          'conflict',
          `A courier can only be booked from a binding promise. ${stored.quote.nonBindingReason ?? ''} Add the street and the post code or city, then get a new promise.`.replace(
            /\s+/g,
            ' ',
          ),
        );
      if (request.tip && !stored.quote.price)
        throw new ServiceError(
          'conflict',
          'The offer came without a price, so a tip cannot be added: leave the tip empty.',
        );
      const deliveryId = randomUUID();
      // The first attempt's merchant_order_reference_id is the delivery's id (a "book again"
      // gets a new one): unique per booking, and what its events name.
      const body: CreateDeliveryRequest = createDeliveryRequest(
        request,
        {
          id: request.promiseId,
          coordinates: stored.coordinates,
          scheduledDropoff: stored.quote.scheduledDropoff,
          currency: stored.quote.price?.currency ?? null,
        },
        deliveryId,
      );
      const orderNumber = request.orderNumber ? request.orderNumber : null;
      const { actionId } = outbox.enqueue(createKind, {
        subject: `delivery:${deliveryId}`,
        auditSubject: deliveryId,
        prepare: () => {
          store.create(
            deliveryId,
            stored.venueId,
            {
              orderNumber,
              recipientName: request.recipient.name,
              recipientPhone: request.recipient.phone,
              address: {
                ...stored.address,
                formatted: stored.quote.formattedAddress,
                lat: stored.coordinates.lat,
                lon: stored.coordinates.lon,
              },
              parcels: request.parcels.map((p) => ({ description: p.description, count: p.count })),
              cashToCollect: request.cashAmount ?? null,
              handshakeRequired: request.handshake ?? false,
              pickupLocation: stored.pickupLocation,
              scheduledDropoff: stored.quote.scheduledDropoff,
              noContact: request.noContact ?? false,
              idCheck: request.parcels.some((p) => p.idCheck === true),
            },
            { create: body, promise: stored.promiseRequest },
          );
          return {
            payload: { deliveryId, venueId: stored.venueId, request: body },
            facts: orderNumber ? { orderNumber } : {},
            auditDetail: orderNumber ? `#${orderNumber}` : 'no order number',
          };
        },
      });
      // One promise books one delivery.
      quotes.delete(request.promiseId);
      return { actionId, deliveryId };
    },

    'delivery:list': async () => store.list(),

    'delivery:rebook': async ({ deliveryId }) => {
      requireConfig();
      const delivery = lostBooking(deliveryId);
      const previous = store.requestOf(deliveryId);
      if (!previous)
        throw new ServiceError(
          'conflict',
          'What was entered for this booking is no longer kept; book the courier anew from the form.',
        );
      const { address } = delivery;
      // Asked as the first promise was; an older row kept no promise request: its address.
      const requote: ShipmentPromiseRequest = previous.promise ?? {
        ...(address.street ? { street: address.street } : {}),
        ...(address.city ? { city: address.city } : {}),
        ...(address.postCode ? { post_code: address.postCode } : {}),
      };
      const request: CreateDeliveryRequest = {
        ...previous.create,
        merchant_order_reference_id: randomUUID(),
      };
      const { actionId } = outbox.enqueue(createKind, {
        subject: `delivery:${deliveryId}`,
        auditSubject: deliveryId,
        prepare: () => {
          // Checked again in the transaction: two taps cannot book twice.
          if (!store.get(deliveryId)?.bookingCheck?.staffMayDecide)
            throw new ServiceError('conflict', 'This booking was already decided.');
          store.rebook(deliveryId, { create: request, promise: requote });
          return {
            payload: { deliveryId, venueId: delivery.venueId, request, requote },
            facts: delivery.orderNumber ? { orderNumber: delivery.orderNumber } : {},
            auditDetail: 'book again after a lost answer',
          };
        },
      });
      return { actionId, deliveryId };
    },

    'delivery:cancel': async ({ deliveryId, reason }) => {
      requireConfig();
      const delivery = store.get(deliveryId);
      if (!delivery) throw new ServiceError('not-found', 'There is no delivery with this id.');
      if (delivery.bookingCheck) {
        // Not known to be booked: it is dropped here, and cancelled with the service should an
        // event show it was booked after all.
        lostBooking(deliveryId);
        store.abandon(deliveryId, reason);
        audit.record({
          action: 'delivery-cancel',
          subject: deliveryId,
          outcome: 'abandoned',
          detail: reason,
        });
        deps.changed([deliveryId]);
        return { actionId: null };
      }
      if (!delivery.cancellable)
        throw new ServiceError(
          'conflict',
          delivery.status === 'rejected'
            ? 'This delivery is already cancelled.'
            : 'The courier has the parcels already; only the platform’s support can cancel now.',
        );
      if (delivery.pending?.kind === 'cancel')
        throw new ServiceError(
          'conflict',
          'A cancellation of this delivery is already on its way.',
        );
      return outbox.enqueue(cancelKind, {
        subject: `delivery:${deliveryId}`,
        auditSubject: deliveryId,
        prepare: () => ({
          payload: { deliveryId, reason },
          facts: delivery.orderNumber ? { orderNumber: delivery.orderNumber } : {},
          auditDetail: reason,
        }),
      });
    },

    'delivery:handshake': async ({ deliveryId }) => {
      requireConfig();
      const delivery = store.get(deliveryId);
      if (!delivery?.reference)
        throw new ServiceError('not-found', 'This delivery is not booked with the platform yet.');
      try {
        return await client.handshake(delivery.reference);
      } catch (error) {
        if (delivery.handshakePin)
          return { isRequired: delivery.handshakeRequired, pinCode: delivery.handshakePin };
        throw failure(error, 'Reading the handshake PIN');
      }
    },
  };

  return {
    api,
    config,
    stray: (deliveryId) => {
      // After the event's transaction commits: the second courier is sent away at once.
      setImmediate(() => {
        outbox.enqueue(cancelKind, {
          subject: `delivery:${deliveryId}`,
          auditSubject: deliveryId,
          prepare: () => ({
            payload: {
              deliveryId,
              reason: 'Booked twice: this courier was booked again at the counter.',
            },
            auditDetail: 'a replaced booking was made after all',
          }),
        });
      });
    },
    adopted: (deliveryId) => {
      clearTimeout(decideTimers.get(deliveryId));
      decideTimers.delete(deliveryId);
      if (!store.isAbandoned(deliveryId)) return;
      // Staff had cancelled it: the courier is sent away. After the event's transaction commits.
      setImmediate(() => {
        outbox.enqueue(cancelKind, {
          subject: `delivery:${deliveryId}`,
          auditSubject: deliveryId,
          prepare: () => ({
            payload: {
              deliveryId,
              reason: 'Cancelled at the counter before the booking was confirmed.',
              abandoned: true,
            },
            auditDetail: 'booked after staff had cancelled it',
          }),
        });
      });
    },
    forget: async () => {
      await secrets.delete('merchant-key');
      await secrets.delete(SECRET);
      settings.delete(CONFIG_KEY);
      settings.delete(WEBHOOK_KEY);
      settings.delete(HANDOVER_KEY);
    },
    maintainWebhook: async () => {
      const current = config();
      if (!current || !deps.relayUrl()) return;
      try {
        await registerWebhook(current, false);
      } catch (error) {
        webhookError = error instanceof Error ? error.message : String(error);
      }
    },
  };
};
