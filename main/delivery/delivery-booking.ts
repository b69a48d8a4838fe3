// Booking a courier: the delivery promise (quote), booking from it through the outbox, and
// booking again after a lost answer.
import { randomUUID } from 'node:crypto';
import { scheduleProblem } from '../../shared/delivery-booking';
import type { DeliveryQuote } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import { ServiceError } from '../service-error';
import type { Refusal } from '../../shared/refusals';
import { refusal } from '../../shared/refusals';
import { createDeliveryRequest, shipmentPromiseRequest } from './booking-request';
import type { DeliveryContext, DeliveryCore } from './delivery-context';
import { lostBooking, requireConfig } from './delivery-context';
import type { CreateDeliveryRequest, ShipmentPromiseRequest } from './schemas';
import { staffFailure } from './staff-words';

type Handler<C extends keyof ServiceApi> = ServiceApi[C];
type Arg<C extends keyof ServiceApi> = Parameters<Handler<C>>[0];
type Result<C extends keyof ServiceApi> = ReturnType<Handler<C>>;

const notBinding = (request: Arg<'delivery:quote'>): Refusal =>
  refusal(
    'courier-not-binding',
    !request.street ? 'street' : !request.postCode && !request.city ? 'town' : null,
  );

export const quote = async (
  core: DeliveryCore,
  request: Arg<'delivery:quote'>,
): Result<'delivery:quote'> => {
  const { client, now } = core.deps;
  const { quotes } = core;
  const current = requireConfig(core);
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
      // What the address lacks, from what was asked: the platform's reason is a developer's text.
      nonBindingReason: promise.is_binding ? null : notBinding(request),
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
};

export const book = async (
  ctx: DeliveryContext,
  request: Arg<'delivery:book'>,
): Result<'delivery:book'> => {
  const { outbox, store } = ctx.deps;
  requireConfig(ctx);
  const stored = ctx.quotes.get(request.promiseId);
  if (!stored) throw new ServiceError('not-found', refusal('courier-offer-unknown'));
  if (!stored.quote.binding)
    throw new ServiceError('conflict', refusal('courier-offer-not-binding'));
  if (request.tip && !stored.quote.price)
    throw new ServiceError('conflict', refusal('courier-tip-no-price'));
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
  const { actionId } = outbox.enqueue(ctx.kinds.create, {
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
  ctx.quotes.delete(request.promiseId);
  return { actionId, deliveryId };
};

export const rebook = async (
  ctx: DeliveryContext,
  { deliveryId }: Arg<'delivery:rebook'>,
): Result<'delivery:rebook'> => {
  const { outbox, store } = ctx.deps;
  requireConfig(ctx);
  const delivery = lostBooking(ctx, deliveryId);
  const previous = store.requestOf(deliveryId);
  if (!previous) throw new ServiceError('conflict', refusal('courier-entry-lost'));
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
  const { actionId } = outbox.enqueue(ctx.kinds.create, {
    subject: `delivery:${deliveryId}`,
    auditSubject: deliveryId,
    prepare: () => {
      // Checked again in the transaction: two taps cannot book twice.
      if (!store.get(deliveryId)?.bookingCheck?.staffMayDecide)
        throw new ServiceError('conflict', refusal('booking-decided'));
      store.rebook(deliveryId, { create: request, promise: requote });
      return {
        payload: { deliveryId, venueId: delivery.venueId, request, requote },
        facts: delivery.orderNumber ? { orderNumber: delivery.orderNumber } : {},
        auditDetail: 'book again after a lost answer',
      };
    },
  });
  return { actionId, deliveryId };
};
