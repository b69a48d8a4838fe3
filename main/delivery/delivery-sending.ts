// The delivery kinds of the outbox: booking (sent once) and cancelling a courier, and the
// cancellations an event asks for (a second courier, or one staff had given up on).
import type { DeliveryCancelCode } from '../../shared/domain';
import { encodeRefusal, refusal } from '../../shared/refusals';
import { RequestError } from '../http/http';
import type { StoredAction } from '../outbox/outbox';
import type {
  DeliveryCancelPayload,
  DeliveryContext,
  DeliveryCore,
  DeliveryCreatePayload,
  DeliveryKinds,
} from './delivery-context';
import { CANCEL_WORDS_FOR_PLATFORM, noticeDecision } from './delivery-context';
import { inStaffWords } from './staff-words';

const sendCreate = async (
  core: DeliveryCore,
  action: StoredAction<DeliveryCreatePayload>,
): Promise<void> => {
  const { client, store } = core.deps;
  const { deliveryId, venueId, requote } = action.payload;
  let request = action.payload.request;
  if (requote) {
    const promise = await client.createShipmentPromise(venueId, requote);
    if (!promise.is_binding)
      throw new RequestError({
        kind: 'permanent',
        status: null,
        message: encodeRefusal(refusal('courier-rebook-not-binding')),
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

const sendCancel = async (
  core: DeliveryCore,
  action: StoredAction<DeliveryCancelPayload>,
): Promise<void> => {
  const { client, store } = core.deps;
  const { deliveryId, reason, code } = action.payload;
  const delivery = store.get(deliveryId);
  if (!delivery?.reference)
    throw new RequestError({
      kind: 'permanent',
      status: null,
      message: encodeRefusal(refusal('courier-never-booked')),
    });
  if (delivery.status === 'rejected' && !action.payload.abandoned) return;
  await client.cancel(delivery.reference, reason, action.id);
  store.setRejected(deliveryId, reason, code ?? null);
};

export const registerKinds = (core: DeliveryCore): DeliveryKinds => {
  const { outbox, store, changed } = core.deps;
  const create = outbox.register<DeliveryCreatePayload>('delivery-create', {
    send: (action) => sendCreate(core, action),
    resend: 'once',
    // In the outbox's transaction: the row ends and the delivery shows "checking", or neither.
    unknown: (action) => store.setUnconfirmed(action.payload.deliveryId),
    changed: (action, outcome) => {
      if (outcome === 'unknown') {
        const check = store.get(action.payload.deliveryId)?.bookingCheck;
        if (check) noticeDecision(core, action.payload.deliveryId, check.since);
      }
      changed([action.payload.deliveryId]);
    },
  });
  const cancel = outbox.register<DeliveryCancelPayload>('delivery-cancel', {
    send: (action) => sendCancel(core, action),
    // Cancelling a cancelled order changes nothing (the service answers 400 and stays REJECTED).
    resend: 'safe',
    changed: (action) => changed([action.payload.deliveryId]),
  });
  return { create, cancel };
};

/** Sends a courier away after an event's transaction commits (the event found it booked). */
const cancelAfterEvent = (
  ctx: DeliveryContext,
  deliveryId: string,
  cancel: { code: DeliveryCancelCode; abandoned?: true; auditDetail: string },
): void => {
  const { code, abandoned, auditDetail } = cancel;
  const reason = CANCEL_WORDS_FOR_PLATFORM[code];
  setImmediate(() => {
    ctx.deps.outbox.enqueue(ctx.kinds.cancel, {
      subject: `delivery:${deliveryId}`,
      auditSubject: deliveryId,
      prepare: () => ({
        payload: { deliveryId, reason, code, ...(abandoned ? { abandoned } : {}) },
        auditDetail,
      }),
    });
  });
};

/** An event showed a replaced attempt was made after all: the second courier is sent away. */
export const stray = (ctx: DeliveryContext, deliveryId: string): void => {
  cancelAfterEvent(ctx, deliveryId, {
    code: 'booked-twice',
    auditDetail: 'a replaced booking was made after all',
  });
};

/** An event named a booking whose answer was lost; staff may have cancelled it meanwhile. */
export const adopted = (ctx: DeliveryContext, deliveryId: string): void => {
  clearTimeout(ctx.decideTimers.get(deliveryId));
  ctx.decideTimers.delete(deliveryId);
  if (!ctx.deps.store.isAbandoned(deliveryId)) return;
  // Staff had cancelled it: the courier is sent away.
  cancelAfterEvent(ctx, deliveryId, {
    code: 'cancelled-before-confirmed',
    abandoned: true,
    auditDetail: 'booked after staff had cancelled it',
  });
};
