// What the delivery service is asked, derived from what staff filled in (shared/delivery-booking.ts,
// already validated): a blank optional field is left out, never sent empty, and every field name
// is the service's (docs/platform.md#booking-a-courier).
import type { DeliveryBookRequest, DeliveryQuoteRequest } from '../../shared/delivery-booking';
import { ALCOHOL_TAG, COURIER_TIP_TYPE } from '../../shared/delivery-booking';
import type { CreateDeliveryRequest, ShipmentPromiseRequest } from './schemas';

const given = (value: string | undefined): value is string => value !== undefined && value !== '';

export const shipmentPromiseRequest = (request: DeliveryQuoteRequest): ShipmentPromiseRequest => ({
  ...(given(request.street) ? { street: request.street } : {}),
  ...(given(request.city) ? { city: request.city } : {}),
  ...(given(request.postCode) ? { post_code: request.postCode } : {}),
  ...(request.lat != null && request.lon != null ? { lat: request.lat, lon: request.lon } : {}),
  ...(request.minPreparationMinutes !== undefined
    ? { min_preparation_time_minutes: request.minPreparationMinutes }
    : {}),
  ...(request.scheduledDropoff !== undefined
    ? { scheduled_dropoff_time: new Date(request.scheduledDropoff).toISOString() }
    : {}),
});

/** What the booking takes from its shipment promise. */
export type PromiseFacts = {
  id: string;
  coordinates: { lat: number; lon: number };
  scheduledDropoff: string | null;
  /** The offer's currency: a tip is paid in it. */
  currency: string | null;
};

export const createDeliveryRequest = (
  request: DeliveryBookRequest,
  promise: PromiseFacts,
  deliveryId: string,
): CreateDeliveryRequest => {
  const orderNumber = given(request.orderNumber) ? request.orderNumber : null;
  // A walk-in has no order number; its parcels are still told apart by the booking's own id.
  const parcelPrefix = orderNumber ?? deliveryId.slice(0, 8);
  const dropoffOptions = {
    ...(request.noContact ? { is_no_contact: true } : {}),
    ...(promise.scheduledDropoff ? { scheduled_time: promise.scheduledDropoff } : {}),
  };
  const sms = {
    ...(given(request.smsReceived) ? { received: request.smsReceived } : {}),
    ...(given(request.smsPickedUp) ? { picked_up: request.smsPickedUp } : {}),
  };
  return {
    ...(given(request.pickupComment) ? { pickup: { comment: request.pickupComment } } : {}),
    dropoff: {
      location: { coordinates: promise.coordinates },
      ...(given(request.dropoffComment) ? { comment: request.dropoffComment } : {}),
      ...(Object.keys(dropoffOptions).length > 0 ? { options: dropoffOptions } : {}),
    },
    recipient: {
      name: request.recipient.name,
      phone_number: request.recipient.phone,
      ...(given(request.recipient.email) ? { email: request.recipient.email } : {}),
    },
    parcels: request.parcels.map((parcel, i) => ({
      description: parcel.description,
      count: parcel.count,
      identifier: `${parcelPrefix}-${i + 1}`,
      ...(parcel.idCheck
        ? { dropoff_restrictions: { id_check_required: true }, tags: [ALCOHOL_TAG] }
        : {}),
    })),
    shipment_promise_id: promise.id,
    merchant_order_reference_id: deliveryId,
    ...(orderNumber ? { order_number: orderNumber } : {}),
    ...(Object.keys(sms).length > 0 ? { sms_notifications: sms } : {}),
    ...(request.tip && promise.currency
      ? {
          tips: [
            { type: COURIER_TIP_TYPE, price: { amount: request.tip, currency: promise.currency } },
          ],
        }
      : {}),
    ...(request.bagCount ? { bag_count: request.bagCount } : {}),
    ...(request.cashAmount
      ? { cash: { amount_to_collect: request.cashAmount, amount_to_expect: request.cashAmount } }
      : {}),
    ...(request.handshake
      ? { handshake_delivery: { is_required: true, should_send_sms_to_dropoff_contact: true } }
      : {}),
  };
};
