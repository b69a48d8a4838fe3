// Venueful flow: shipment promises (binding or not as docs/platform.md#shipment-promises
// tabulates) and deliveries created from a binding, unexpired promise at the promise's location.
import type { Router } from '../http';
import { sendJson } from '../../kit/http';
import type { DriveContext } from './context';
import type { CourierDesk } from './courier-desk';
import { deliveryBody } from './courier-desk';
import type { Coordinates } from './geo';
import { geocode, roundCoordinate } from './geo';
import { apiError, parseBody, readJsonBody } from './http';
import { createDeliverySchema, shipmentPromiseSchema } from './schemas';
import type { LocationRecord, ShipmentPromise } from './state';
import { estimate, newReference } from './state';

const locationRecord = (location: LocationRecord) => ({
  formatted_address: location.formatted_address,
  coordinates: { lat: location.coordinates.lat, lon: location.coordinates.lon },
});

const formatAddress = (parts: { street?: string; post_code?: string; city?: string }) =>
  [parts.street, [parts.post_code, parts.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

// eslint-disable-next-line max-lines-per-function -- the delivery service's venue endpoints as the spec lists them, one route each; a route table
export const registerVenueRoutes = (
  router: Router,
  ctx: DriveContext,
  desk: CourierDesk,
  promiseTtlSeconds: number,
) => {
  router.add('POST', '/v1/venues/:venueId/shipment-promises', async (req, res, params) => {
    const merchant = ctx.authenticate(req);
    const venue = ctx.ownVenue(merchant, params.venueId);
    const raw = await readJsonBody(req);
    const body = parseBody(shipmentPromiseSchema, raw ?? {});
    ctx.checkCoordinatePair(body);
    const scheduled = ctx.checkScheduledDropoff(
      body.scheduled_dropoff_time,
      'scheduled_dropoff_time',
    );
    const hasCoordinates = body.lat !== undefined && body.lon !== undefined;
    const { street, city, post_code: postCode } = body;

    let isBinding: boolean;
    let reason: string | null = null;
    let accuracy: ShipmentPromise['accuracy'] = 'accurate';
    let mixUpRisk = false;
    if (street !== undefined && (city !== undefined || postCode !== undefined)) {
      isBinding = true;
      mixUpRisk = city === undefined || postCode === undefined;
    } else if (hasCoordinates) {
      isBinding = false;
      reason =
        street === undefined
          ? 'Only coordinates were given: the estimate is accurate, but street and city or post_code must be added before a delivery can be created.'
          : 'A street without city or post_code cannot be confirmed: add city or post_code before a delivery can be created.';
    } else if (postCode !== undefined || city !== undefined || street !== undefined) {
      isBinding = false;
      accuracy = 'area';
      reason =
        street === undefined
          ? `Only ${postCode !== undefined ? 'a post_code' : 'a city'} was given: the estimate covers the general area. Add street and city or post_code for a binding promise.`
          : 'A street without city or post_code locates only a general area. Add city or post_code for a binding promise.';
    } else {
      throw apiError(
        400,
        'INVALID_PAYLOAD',
        'No destination was given.',
        'Give street with city and/or post_code, or lat and lon, or at least a post_code or city for a rough estimate.',
      );
    }

    // Coordinates are preferred over address details; without them the sandbox geocodes.
    const coordinates: Coordinates = hasCoordinates
      ? { lat: body.lat as number, lon: body.lon as number }
      : geocode(
          street !== undefined
            ? `${street}|${postCode ?? ''}|${city ?? ''}`
            : `${postCode ?? ''}|${city ?? ''}`,
          venue.location,
          city,
        );
    const rounded = {
      lat: roundCoordinate(coordinates.lat),
      lon: roundCoordinate(coordinates.lon),
    };
    ctx.checkReach(merchant, venue.location, rounded);
    const formatted =
      formatAddress({ street, post_code: postCode, city }) || `${rounded.lat}, ${rounded.lon}`;
    const planned = estimate(
      venue.location,
      rounded,
      merchant.currency,
      ctx.nowMs(),
      body.min_preparation_time_minutes,
      scheduled,
    );
    const promise: ShipmentPromise = {
      id: newReference('sp'),
      venueId: venue.id,
      merchantId: merchant.id,
      createdAt: ctx.nowDate().toISOString(),
      validUntil: new Date(ctx.nowMs() + promiseTtlSeconds * 1000).toISOString(),
      isBinding,
      nonBindingReason: reason,
      accuracy,
      addressMixUpRisk: mixUpRisk,
      location: { formatted_address: formatted, coordinates: rounded },
      minPreparationTimeMinutes: body.min_preparation_time_minutes,
      scheduledDropoffTime: scheduled,
      estimate: planned,
    };
    // Promises long expired can never become deliveries: forget them so memory stays flat.
    for (const [id, old] of ctx.state.promises) {
      if (Date.parse(old.validUntil) < ctx.nowMs() - 3_600_000) ctx.state.promises.delete(id);
    }
    ctx.state.promises.set(promise.id, promise);
    sendJson(res, 201, {
      id: promise.id,
      created_at: promise.createdAt,
      valid_until: promise.validUntil,
      is_binding: promise.isBinding,
      non_binding_reason: promise.nonBindingReason,
      accuracy: promise.accuracy,
      address_mix_up_risk: promise.addressMixUpRisk,
      pickup: {
        venue_id: venue.id,
        location: { formatted_address: venue.name, coordinates: venue.location },
        options: { min_preparation_time_minutes: promise.minPreparationTimeMinutes },
        eta: planned.pickupEta,
      },
      dropoff: {
        location: locationRecord(promise.location),
        options: { scheduled_time: promise.scheduledDropoffTime },
        eta: planned.dropoffEta,
      },
      price: planned.price,
      time_estimate_minutes: planned.timeEstimateMinutes,
    });
  });

  router.add('POST', '/v1/venues/:venueId/deliveries', async (req, res, params) => {
    const merchant = ctx.authenticate(req);
    const venue = ctx.ownVenue(merchant, params.venueId);
    const body = parseBody(createDeliverySchema, await readJsonBody(req));
    const promise = ctx.state.promises.get(body.shipment_promise_id);
    if (!promise || promise.merchantId !== merchant.id) {
      throw apiError(
        400,
        'SHIPMENT_PROMISE_NOT_FOUND',
        `Shipment promise '${body.shipment_promise_id}' does not exist.`,
      );
    }
    if (promise.venueId !== venue.id) {
      throw apiError(
        400,
        'SHIPMENT_PROMISE_VENUE_MISMATCH',
        `Shipment promise '${promise.id}' was made for venue '${promise.venueId}', not '${venue.id}'.`,
      );
    }
    if (!promise.isBinding) {
      throw apiError(
        400,
        'SHIPMENT_PROMISE_NOT_BINDING',
        'A delivery can be created only from a binding shipment promise.',
        promise.nonBindingReason ?? undefined,
      );
    }
    if (Date.parse(promise.validUntil) <= ctx.nowMs()) {
      throw apiError(
        400,
        'SHIPMENT_PROMISE_EXPIRED',
        `Shipment promise '${promise.id}' expired at ${promise.validUntil}; create a new one.`,
      );
    }
    const given = body.dropoff.location.coordinates;
    const promised = promise.location.coordinates;
    // Rounding in clients (floats through JSON) is tolerated up to about a metre.
    if (Math.abs(given.lat - promised.lat) > 1e-5 || Math.abs(given.lon - promised.lon) > 1e-5) {
      throw apiError(
        400,
        'DROPOFF_LOCATION_MISMATCH',
        "dropoff.location.coordinates must match the shipment promise's location.",
        `The promise is for lat ${promised.lat}, lon ${promised.lon}; the request gave lat ${given.lat}, lon ${given.lon}.`,
      );
    }
    ctx.checkCash(merchant, body.cash);
    const scheduled =
      body.dropoff.options?.scheduled_time !== undefined
        ? ctx.checkScheduledDropoff(
            body.dropoff.options.scheduled_time,
            'dropoff.options.scheduled_time',
          )
        : promise.scheduledDropoffTime;
    const planned = estimate(
      venue.location,
      promised,
      merchant.currency,
      ctx.nowMs(),
      promise.minPreparationTimeMinutes,
      scheduled,
    );
    const delivery = desk.book({
      merchantId: merchant.id,
      venueId: venue.id,
      pickup: {
        name: venue.name,
        location: venue.location,
        formattedAddress: venue.name,
        comment: body.pickup?.comment ?? null,
      },
      dropoff: {
        location: promised,
        formattedAddress: promise.location.formatted_address,
        comment: body.dropoff.comment ?? null,
        isNoContact: body.dropoff.options?.is_no_contact ?? false,
        scheduledTime: scheduled,
      },
      recipient: body.recipient,
      parcels: body.parcels,
      tips: body.tips ?? [],
      smsNotifications: body.sms_notifications ?? null,
      bagCount: body.bag_count ?? null,
      customerSupport: body.customer_support ?? null,
      // The promise's price holds: that is what makes it binding.
      price: promise.estimate.price,
      merchantOrderReferenceId: body.merchant_order_reference_id ?? null,
      orderNumber: body.order_number ?? null,
      shipmentPromiseId: promise.id,
      cash: body.cash ?? null,
      estimate: planned,
      handshakeRequired: body.handshake_delivery ? body.handshake_delivery.is_required : null,
    });
    sendJson(res, 201, deliveryBody(delivery));
  });
};
