// The delivery:* channels of the ServiceApi over the service's context: set-up, promises,
// booking and cancelling through the outbox, the list and handshake PINs.
import type { ServiceApi } from '../../shared/ipc/contract';
import { RequestError } from '../http/http';
import { failure, ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import { checkArea } from './area-check';
import { book, quote, rebook } from './delivery-booking';
import type { DeliveryContext } from './delivery-context';
import {
  CANCEL_WORDS_FOR_PLATFORM,
  lostBooking,
  requireConfig,
  setupState,
} from './delivery-context';
import { configure } from './delivery-setup';
import { staffFailure } from './staff-words';

export type DeliveryChannels =
  | 'delivery:rebook'
  | 'delivery:get'
  | 'delivery:configure'
  | 'delivery:quote'
  | 'delivery:book'
  | 'delivery:check-area'
  | 'delivery:list'
  | 'delivery:cancel'
  | 'delivery:handshake';

type Handler<C extends DeliveryChannels> = ServiceApi[C];
type Arg<C extends DeliveryChannels> = Parameters<Handler<C>>[0];
type Result<C extends DeliveryChannels> = ReturnType<Handler<C>>;

const cancel = async (
  ctx: DeliveryContext,
  { deliveryId, reason: typed, code }: Arg<'delivery:cancel'>,
): Result<'delivery:cancel'> => {
  // The channel takes one of the two: staff's words, or the default reason's code (the platform
  // is sent its words; the code is kept for the screen to word).
  const fallback = code ?? 'customer-cancelled';
  const { reason, cancelCode } =
    typed === undefined
      ? { reason: CANCEL_WORDS_FOR_PLATFORM[fallback], cancelCode: fallback }
      : { reason: typed, cancelCode: null };
  const { store, audit, outbox } = ctx.deps;
  requireConfig(ctx);
  const delivery = store.get(deliveryId);
  if (!delivery) throw new ServiceError('not-found', refusal('delivery-gone'));
  if (delivery.bookingCheck) {
    // Not known to be booked: it is dropped here, and cancelled with the service should an
    // event show it was booked after all.
    lostBooking(ctx, deliveryId);
    store.abandon(deliveryId, reason, cancelCode);
    audit.record({
      action: 'delivery-cancel',
      subject: deliveryId,
      outcome: 'abandoned',
      detail: reason,
    });
    ctx.deps.changed([deliveryId]);
    return { actionId: null };
  }
  if (!delivery.cancellable)
    throw new ServiceError(
      'conflict',
      refusal(
        delivery.status === 'rejected' ? 'delivery-already-cancelled' : 'courier-has-parcels',
      ),
    );
  if (delivery.pending?.kind === 'cancel')
    throw new ServiceError('conflict', refusal('cancel-on-way'));
  return outbox.enqueue(ctx.kinds.cancel, {
    subject: `delivery:${deliveryId}`,
    auditSubject: deliveryId,
    prepare: () => ({
      payload: { deliveryId, reason, ...(cancelCode ? { code: cancelCode } : {}) },
      facts: delivery.orderNumber ? { orderNumber: delivery.orderNumber } : {},
      auditDetail: reason,
    }),
  });
};

const handshake = async (
  ctx: DeliveryContext,
  { deliveryId }: Arg<'delivery:handshake'>,
): Result<'delivery:handshake'> => {
  requireConfig(ctx);
  const delivery = ctx.deps.store.get(deliveryId);
  if (!delivery?.reference) throw new ServiceError('not-found', refusal('delivery-not-booked'));
  try {
    return await ctx.deps.client.handshake(delivery.reference);
  } catch (error) {
    if (delivery.handshakePin)
      return { isRequired: delivery.handshakeRequired, pinCode: delivery.handshakePin };
    // The service has no handshake for this delivery (docs/platform.md#handshake): say so, not
    // "reading the PIN failed".
    if (error instanceof RequestError && error.status === 404)
      throw new ServiceError('not-found', refusal('courier-no-pin'));
    throw failure(error, 'handshake');
  }
};

const checkDeliveryArea = async (
  ctx: DeliveryContext,
  request: Arg<'delivery:check-area'>,
): Result<'delivery:check-area'> => {
  const current = requireConfig(ctx);
  try {
    return await checkArea(ctx.deps.client, current.venueId, request);
  } catch (error) {
    throw staffFailure(error);
  }
};

export const deliveryHandlers = (ctx: DeliveryContext): Pick<ServiceApi, DeliveryChannels> => ({
  'delivery:get': async () => setupState(ctx),
  'delivery:configure': (request) => configure(ctx, request),
  'delivery:quote': (request) => quote(ctx, request),
  'delivery:check-area': (request) => checkDeliveryArea(ctx, request),
  'delivery:book': (request) => book(ctx, request),
  'delivery:list': async () => ctx.deps.store.list(),
  'delivery:rebook': (request) => rebook(ctx, request),
  'delivery:cancel': (request) => cancel(ctx, request),
  'delivery:handshake': (request) => handshake(ctx, request),
});
