// The platform's delivery service (spec 2), mounted by the sandbox under /drive, with its control
// API under /_sandbox/drive. Every endpoint needs the merchant's Bearer key.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../clock';
import { createClock } from '../clock';
import { createRouter, HttpError, sendEmpty, sendError, sendJson } from '../http';
import type { Service } from '../service';
import type { World } from '../world';
import { registerControlRoutes } from './control';
import type { Delivery, Stage } from './courier';
import { STAGES, stageAt, stageEvents, stageIndex, genericEvent } from './courier';
import type { Coordinates } from './geo';
import { areaPolygon, distanceMeters, geocode, roundCoordinate } from './geo';
import {
  apiError,
  bearerKey,
  NO_STORE,
  parseBody,
  readJsonBody,
  sendFailure,
  unauthorized,
  validationError,
} from './http';
import type { RegisterMerchantRequest } from './schemas';
import {
  availableVenuesSchema,
  cancelSchema,
  createDeliverySchema,
  createWebhookSchema,
  deliveryFeeSchema,
  deliveryOrderSchema,
  shipmentPromiseSchema,
  updateWebhookSchema,
} from './schemas';
import type { Estimate, LocationRecord, Merchant, ShipmentPromise, Venue } from './state';
import {
  createState,
  DELIVERY_AREA_RADIUS_METERS,
  DELIVERY_AREAS_KEY_CUTOFF,
  estimate,
  MAX_DELIVERY_RADIUS_METERS,
  newMerchantKey,
  newPin,
  newReference,
} from './state';
import { createWebhookHub, webhookRecord } from './webhooks';

/** The clock parts the service uses; the sandbox's controllable clock fits. */
export type DriveClock = Pick<Clock, 'now' | 'schedule'>;

export type DriveServiceOptions = {
  /** The service's public base address, e.g. http://127.0.0.1:4010/drive (tracking URLs use it). */
  baseUrl: string;
  /** Sandbox time; a private real-time clock when omitted. */
  clock?: DriveClock;
  /** Multiplies webhook retry delays (base^n seconds); below 1 makes tests fast. Default 1. */
  retryDelayScale?: number;
  /** 'auto' moves couriers along their timeline as the clock passes; 'manual' only on control. Default 'auto'. */
  courier?: 'auto' | 'manual';
  /** How long a shipment promise can be turned into a delivery. Default 600 s. */
  promiseTtlSeconds?: number;
  /** exp − iat of the event JWTs. Default 3600 s. */
  tokenTtlSeconds?: number;
  /** Register the demo merchant and venue (default true); a fixed key may be given. */
  demo?: boolean | { merchantKey?: string };
};

export type DriveDemo = { merchantId: string; merchantKey: string; venueId: string };

export type DriveService = {
  /** The platform API: mount under /drive. */
  api: Service;
  /** The control API: mount under /_sandbox/drive. */
  control: Service;
  demo: DriveDemo | null;
  registerMerchant(input: RegisterMerchantRequest): void;
  /** Resolves when every first webhook attempt queued so far has finished. */
  idle(): Promise<void>;
  close(): void;
};

export const DEMO_MERCHANT = {
  merchant_id: 'demo-merchant',
  venues: [{ venue_id: 'demo-venue', name: 'Demo Venue', lat: 60.1699, lon: 24.9384 }],
};

const MINUTE = 60_000;
const ONE_HOUR = 60 * MINUTE;
const MAX_SCHEDULE_AHEAD = 7 * 24 * ONE_HOUR;
const ACTIVE_STAGE_LIMIT = stageIndex('delivered');

const locationRecord = (location: LocationRecord) => ({
  formatted_address: location.formatted_address,
  coordinates: { lat: location.coordinates.lat, lon: location.coordinates.lon },
});

const formatAddress = (parts: { street?: string; post_code?: string; city?: string }) =>
  [parts.street, [parts.post_code, parts.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

export const createDriveService = (options: DriveServiceOptions): DriveService => {
  const ownClock = options.clock ? null : createClock();
  const clock: DriveClock = options.clock ?? (ownClock as Clock);
  const nowMs = () => clock.now();
  const nowDate = () => new Date(clock.now());
  const state = createState();
  const courierMode = options.courier ?? 'auto';
  const promiseTtlMs = (options.promiseTtlSeconds ?? 600) * 1000;
  const autoJobs = new Map<string, () => void>();
  const hub = createWebhookHub({
    now: nowDate,
    schedule: (at, task) => clock.schedule(at, task),
    retryDelayScale: options.retryDelayScale ?? 1,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
  });
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  let demo: DriveDemo | null = null;
  if (options.demo !== false) {
    const merchantKey =
      (typeof options.demo === 'object' && options.demo.merchantKey) || newMerchantKey();
    state.registerMerchant(
      { ...DEMO_MERCHANT, merchant_key: merchantKey, cash_enabled: true },
      nowDate().toISOString(),
    );
    demo = { merchantId: DEMO_MERCHANT.merchant_id, merchantKey, venueId: 'demo-venue' };
  }

  // ---- authentication and ownership ----

  const authenticate = (req: IncomingMessage): Merchant => {
    const key = bearerKey(req);
    const merchant = key === null ? undefined : state.merchantByKey(key);
    if (!merchant) throw unauthorized();
    return merchant;
  };

  const ownMerchant = (merchant: Merchant, merchantId: string | undefined) => {
    if (merchantId !== merchant.id) {
      throw apiError(
        403,
        'FORBIDDEN',
        `The merchant key does not give access to merchant '${merchantId ?? ''}'.`,
      );
    }
  };

  const ownVenue = (merchant: Merchant, venueId: string | undefined): Venue => {
    const venue = venueId === undefined ? undefined : state.venues.get(venueId);
    if (!venue) throw apiError(404, 'VENUE_NOT_FOUND', `Venue '${venueId ?? ''}' does not exist.`);
    if (venue.merchantId !== merchant.id) {
      throw apiError(
        403,
        'FORBIDDEN',
        `The merchant key does not give access to venue '${venue.id}'.`,
      );
    }
    return venue;
  };

  const ownDelivery = (merchant: Merchant, reference: string | undefined): Delivery => {
    const delivery = reference === undefined ? undefined : state.deliveries.get(reference);
    // Another merchant's order reads as unknown: references must not be probeable.
    if (!delivery || delivery.merchantId !== merchant.id) {
      throw apiError(404, 'ORDER_NOT_FOUND', `Order '${reference ?? ''}' does not exist.`);
    }
    return delivery;
  };

  // ---- shared rules ----

  const checkScheduledDropoff = (scheduled: string | undefined, field: string) => {
    if (scheduled === undefined) return null;
    const at = Date.parse(scheduled);
    if (at < nowMs() + ONE_HOUR) {
      throw apiError(
        400,
        'INVALID_SCHEDULED_DROPOFF_TIME',
        `${field} must be omitted when the delivery is to happen within the next hour.`,
        `${field} ${new Date(at).toISOString()} is less than one hour after ${nowDate().toISOString()}.`,
      );
    }
    if (at > nowMs() + MAX_SCHEDULE_AHEAD) {
      throw apiError(
        400,
        'INVALID_SCHEDULED_DROPOFF_TIME',
        `${field} may be at most 7 days ahead.`,
      );
    }
    return new Date(at).toISOString();
  };

  const checkReach = (from: Coordinates, to: Coordinates) => {
    const meters = distanceMeters(from, to);
    if (meters > MAX_DELIVERY_RADIUS_METERS) {
      throw apiError(
        400,
        'DROPOFF_OUTSIDE_OF_DELIVERY_AREA',
        'The dropoff location is outside the delivery area.',
        `The dropoff is ${Math.round(meters)} m from the pickup; the maximum is ${MAX_DELIVERY_RADIUS_METERS} m.`,
      );
    }
  };

  const checkCash = (merchant: Merchant, cash: unknown) => {
    if (cash !== undefined && !merchant.cashEnabled) {
      throw apiError(
        400,
        'CASH_NOT_ENABLED',
        'Cash on delivery is not enabled for this merchant account.',
      );
    }
  };

  const checkCoordinatePair = (body: { lat?: unknown; lon?: unknown }) => {
    const missing = body.lat === undefined ? 'lat' : body.lon === undefined ? 'lon' : null;
    if (missing !== null && (body.lat !== undefined || body.lon !== undefined)) {
      throw validationError([
        { loc: ['body', missing], msg: 'lat and lon must be given together', type: 'missing' },
      ]);
    }
  };

  const estimateBody = (value: Estimate) => ({
    price: value.price,
    time_estimate_minutes: value.timeEstimateMinutes,
    pickup: { eta: value.pickupEta },
    dropoff: { eta: value.dropoffEta },
  });

  // ---- the courier ----

  const isActive = (delivery: Delivery) =>
    delivery.status !== 'REJECTED' &&
    delivery.status !== 'CUSTOMER_NO_SHOW' &&
    stageIndex(delivery.stage) < ACTIVE_STAGE_LIMIT;

  const enterStage = (delivery: Delivery, stage: Stage, reverseAction: boolean) => {
    const at = nowDate();
    delivery.stage = stage;
    delivery.status = stage.toUpperCase() as Delivery['status'];
    if (stage === 'pickup_eta_updated')
      delivery.pickupEta = new Date(delivery.timeline.picked_up).toISOString();
    if (stage === 'delivered') delivery.completedAt = at.toISOString();
    const events = stageEvents(delivery, stage, at);
    hub.emit(delivery.merchantId, reverseAction ? [...events].reverse() : events);
  };

  /** Moves the courier forward to `target`, sending every stage's events on the way. */
  const advanceTo = (delivery: Delivery, target: Stage, reverseAction = false) => {
    for (let index = stageIndex(delivery.stage) + 1; index <= stageIndex(target); index += 1) {
      const stage = STAGES[index];
      if (stage) enterStage(delivery, stage, reverseAction && index === stageIndex(target));
    }
    if (!isActive(delivery)) stopAuto(delivery);
  };

  const stopAuto = (delivery: Delivery) => {
    autoJobs.get(delivery.reference)?.();
    autoJobs.delete(delivery.reference);
  };

  const scheduleAuto = (delivery: Delivery) => {
    stopAuto(delivery);
    if (courierMode !== 'auto' || !isActive(delivery)) return;
    const next = STAGES[stageIndex(delivery.stage) + 1];
    if (!next) return;
    const cancel = clock.schedule(delivery.timeline[next], () => {
      autoJobs.delete(delivery.reference);
      if (!isActive(delivery)) return;
      const reached = stageAt(delivery.timeline, nowMs());
      if (stageIndex(reached) > stageIndex(delivery.stage)) advanceTo(delivery, reached);
      scheduleAuto(delivery);
    });
    autoJobs.set(delivery.reference, cancel);
  };

  const startDelivery = (delivery: Delivery) => {
    state.deliveries.set(delivery.reference, delivery);
    state.trackingIndex.set(delivery.trackingId, delivery.reference);
    enterStage(delivery, 'received', false);
    scheduleAuto(delivery);
  };

  const newDelivery = (
    fields: Omit<
      Delivery,
      | 'reference'
      | 'trackingId'
      | 'trackingUrl'
      | 'courier'
      | 'createdAt'
      | 'pickupEta'
      | 'dropoffEta'
      | 'timeline'
      | 'stage'
      | 'status'
      | 'rejectedReason'
      | 'completedAt'
      | 'handshake'
    > & { estimate: Estimate; handshakeRequired: boolean | null },
  ): Delivery => {
    const trackingId = newReference('trk');
    const { estimate: planned, handshakeRequired, ...rest } = fields;
    return {
      ...rest,
      reference: newReference('ord'),
      trackingId,
      trackingUrl: `${baseUrl}/tracking/${trackingId}`,
      courier: { id: 100_000 + Math.floor(Math.random() * 900_000), vehicle_type: 'bicycle' },
      createdAt: nowDate().toISOString(),
      pickupEta: planned.pickupEta,
      dropoffEta: planned.dropoffEta,
      timeline: planned.timeline,
      stage: 'received',
      status: 'RECEIVED',
      rejectedReason: null,
      completedAt: null,
      handshake:
        handshakeRequired === null ? null : { isRequired: handshakeRequired, pinCode: newPin() },
    };
  };

  const deliveryBody = (delivery: Delivery) => ({
    platform_order_reference_id: delivery.reference,
    tracking: { id: delivery.trackingId, url: delivery.trackingUrl },
    status: delivery.status,
    venue_id: delivery.venueId,
    shipment_promise_id: delivery.shipmentPromiseId,
    created_at: delivery.createdAt,
    price: delivery.price,
    pickup: {
      name: delivery.pickup.name,
      location: {
        formatted_address: delivery.pickup.formattedAddress,
        coordinates: delivery.pickup.location,
      },
      comment: delivery.pickup.comment,
      eta: delivery.pickupEta,
    },
    dropoff: {
      location: {
        formatted_address: delivery.dropoff.formattedAddress,
        coordinates: delivery.dropoff.location,
      },
      comment: delivery.dropoff.comment,
      eta: delivery.dropoffEta,
      options: { is_no_contact: delivery.dropoff.isNoContact },
    },
    recipient: delivery.recipient,
    parcels: delivery.parcels,
    merchant_order_reference_id: delivery.merchantOrderReferenceId,
    order_number: delivery.orderNumber,
    cash: delivery.cash,
    handshake_delivery:
      delivery.handshake === null ? null : { is_required: delivery.handshake.isRequired },
  });

  // ---- platform API routes ----

  const api = createRouter();

  api.add('POST', '/v1/venues/:venueId/shipment-promises', async (req, res, params) => {
    const merchant = authenticate(req);
    const venue = ownVenue(merchant, params.venueId);
    const raw = await readJsonBody(req);
    const body = parseBody(shipmentPromiseSchema, raw ?? {});
    checkCoordinatePair(body);
    const scheduled = checkScheduledDropoff(body.scheduled_dropoff_time, 'scheduled_dropoff_time');
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
        );
    const rounded = {
      lat: roundCoordinate(coordinates.lat),
      lon: roundCoordinate(coordinates.lon),
    };
    checkReach(venue.location, rounded);
    const formatted =
      formatAddress({ street, post_code: postCode, city }) || `${rounded.lat}, ${rounded.lon}`;
    const planned = estimate(
      venue.location,
      rounded,
      merchant.currency,
      nowMs(),
      body.min_preparation_time_minutes,
      scheduled,
    );
    const promise: ShipmentPromise = {
      id: newReference('sp'),
      venueId: venue.id,
      merchantId: merchant.id,
      createdAt: nowDate().toISOString(),
      validUntil: new Date(nowMs() + promiseTtlMs).toISOString(),
      isBinding,
      nonBindingReason: reason,
      accuracy,
      addressMixUpRisk: mixUpRisk,
      location: { formatted_address: formatted, coordinates: rounded },
      minPreparationTimeMinutes: body.min_preparation_time_minutes,
      scheduledDropoffTime: scheduled,
      estimate: planned,
    };
    state.promises.set(promise.id, promise);
    sendJson(
      res,
      201,
      {
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
      },
      NO_STORE,
    );
  });

  api.add('POST', '/v1/venues/:venueId/deliveries', async (req, res, params) => {
    const merchant = authenticate(req);
    const venue = ownVenue(merchant, params.venueId);
    const body = parseBody(createDeliverySchema, await readJsonBody(req));
    const promise = state.promises.get(body.shipment_promise_id);
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
    if (Date.parse(promise.validUntil) <= nowMs()) {
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
    checkCash(merchant, body.cash);
    const scheduled =
      body.dropoff.options?.scheduled_time !== undefined
        ? checkScheduledDropoff(
            body.dropoff.options.scheduled_time,
            'dropoff.options.scheduled_time',
          )
        : promise.scheduledDropoffTime;
    const planned = estimate(
      venue.location,
      promised,
      merchant.currency,
      nowMs(),
      promise.minPreparationTimeMinutes,
      scheduled,
    );
    const delivery = newDelivery({
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
      },
      recipient: body.recipient,
      parcels: body.parcels,
      // The promise's price holds: that is what makes it binding.
      price: promise.estimate.price,
      merchantOrderReferenceId: body.merchant_order_reference_id ?? null,
      orderNumber: body.order_number ?? null,
      shipmentPromiseId: promise.id,
      cash: body.cash ?? null,
      estimate: planned,
      handshakeRequired: body.handshake_delivery ? body.handshake_delivery.is_required : null,
    });
    startDelivery(delivery);
    sendJson(res, 201, deliveryBody(delivery), NO_STORE);
  });

  api.add('POST', '/merchants/:merchantId/available-venues', async (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    const body = parseBody(availableVenuesSchema, await readJsonBody(req));
    const scheduled = checkScheduledDropoff(body.scheduled_dropoff_time, 'scheduled_dropoff_time');
    const target = body.dropoff.location.coordinates;
    const venues = merchant.venueIds
      .map((id) => state.venues.get(id))
      .filter((venue): venue is Venue => venue !== undefined)
      .filter((venue) => distanceMeters(venue.location, target) <= MAX_DELIVERY_RADIUS_METERS)
      .map((venue) => ({
        venue,
        planned: estimate(venue.location, target, merchant.currency, nowMs(), 30, scheduled),
      }))
      .sort(
        (a, b) =>
          a.planned.timeEstimateMinutes - b.planned.timeEstimateMinutes ||
          a.planned.price.amount - b.planned.price.amount ||
          a.venue.id.localeCompare(b.venue.id),
      )
      .map(({ venue, planned }) => ({
        venue_id: venue.id,
        name: venue.name,
        ...estimateBody(planned),
      }));
    sendJson(res, 200, venues, NO_STORE);
  });

  api.add('POST', '/merchants/:merchantId/delivery-fee', async (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    const body = parseBody(deliveryFeeSchema, await readJsonBody(req));
    const scheduled = checkScheduledDropoff(body.scheduled_dropoff_time, 'scheduled_dropoff_time');
    checkCash(merchant, body.cash);
    const from = body.pickup.location.coordinates;
    const to = body.dropoff.location.coordinates;
    checkReach(from, to);
    const planned = estimate(from, to, merchant.currency, nowMs(), 30, scheduled);
    const fees = extraFees(body.contents ?? [], body.cash !== undefined);
    sendJson(
      res,
      200,
      {
        ...estimateBody(planned),
        price: {
          amount: planned.price.amount + fees.cash + fees.size,
          currency: planned.price.currency,
        },
        price_breakdown: { delivery: planned.price.amount, cash: fees.cash, size: fees.size },
        distance_meters: planned.distanceMeters,
      },
      NO_STORE,
    );
  });

  api.add('POST', '/merchants/:merchantId/delivery-order', async (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    const body = parseBody(deliveryOrderSchema, await readJsonBody(req));
    const scheduled = checkScheduledDropoff(body.scheduled_dropoff_time, 'scheduled_dropoff_time');
    checkCash(merchant, body.cash);
    const from = body.pickup.location.coordinates;
    const to = body.dropoff.location.coordinates;
    checkReach(from, to);
    const planned = estimate(
      from,
      to,
      merchant.currency,
      nowMs(),
      body.min_preparation_time_minutes,
      scheduled,
    );
    const fees = extraFees(body.contents, body.cash !== undefined);
    const delivery = newDelivery({
      merchantId: merchant.id,
      // Venueless orders have no venue; their events carry the merchant's id in venue_id.
      venueId: merchant.id,
      pickup: {
        name: body.pickup.display_name,
        location: from,
        formattedAddress: body.pickup.location.formatted_address,
        comment: body.pickup.comment ?? null,
      },
      dropoff: {
        location: to,
        formattedAddress: body.dropoff.location.formatted_address,
        comment: body.dropoff.comment ?? null,
        isNoContact: body.is_no_contact,
      },
      recipient: {
        name: body.dropoff.contact_details.name,
        phone_number: body.dropoff.contact_details.phone_number,
      },
      parcels: body.contents.map((content) => ({
        description: content.description,
        identifier: content.identifier,
        count: content.count,
        price: content.price,
        dimensions: content.dimensions,
        tags: content.tags,
        dropoff_restrictions: { id_check_required: content.id_check_required },
      })),
      price: {
        amount: planned.price.amount + fees.cash + fees.size,
        currency: planned.price.currency,
      },
      merchantOrderReferenceId: body.merchant_order_reference_id ?? null,
      orderNumber: body.order_number ?? null,
      shipmentPromiseId: null,
      cash: body.cash ?? null,
      estimate: planned,
      handshakeRequired: body.handshake_delivery ? body.handshake_delivery.is_required : null,
    });
    startDelivery(delivery);
    sendJson(res, 201, deliveryBody(delivery), NO_STORE);
  });

  api.add('PATCH', '/order/:reference/status/cancel', async (req, res, params) => {
    const merchant = authenticate(req);
    const delivery = ownDelivery(merchant, params.reference);
    const body = parseBody(cancelSchema, await readJsonBody(req));
    const stage = stageIndex(delivery.stage);
    const notCancellable = (reason: string, details: string) =>
      apiError(400, 'INVALID_ORDER_STATE_TRANSITION', reason, details);
    if (delivery.status === 'REJECTED') {
      throw notCancellable(
        'The order is already cancelled.',
        `Order ${delivery.reference} has status REJECTED.`,
      );
    }
    if (!isActive(delivery)) {
      throw notCancellable(
        'The order is finished and can no longer be cancelled.',
        `Order ${delivery.reference} has status ${delivery.status}.`,
      );
    }
    if (stage >= stageIndex('picked_up')) {
      throw notCancellable(
        'The order has been picked up and can no longer be cancelled.',
        'Contact support to cancel the order.',
      );
    }
    if (stage >= stageIndex('pickup_started') && !merchant.lateCancellationAgreed) {
      throw notCancellable(
        'The courier has started the pickup task; the order can no longer be cancelled automatically.',
        'Late cancellation is not agreed for this merchant. Contact support to cancel the order.',
      );
    }
    delivery.status = 'REJECTED';
    delivery.rejectedReason = body.reason;
    stopAuto(delivery);
    hub.emit(delivery.merchantId, [genericEvent(delivery, 'order.rejected', nowDate())]);
    sendJson(
      res,
      200,
      {
        platform_order_reference_id: delivery.reference,
        status: 'REJECTED',
        late_cancellation: stage >= stageIndex('pickup_started'),
      },
      NO_STORE,
    );
  });

  api.add('GET', '/order/:reference/handshake-delivery', (req, res, params) => {
    const merchant = authenticate(req);
    const delivery = ownDelivery(merchant, params.reference);
    if (!delivery.handshake) {
      throw apiError(
        404,
        'HANDSHAKE_DELIVERY_NOT_ENABLED',
        `Handshake delivery is not enabled for order ${delivery.reference}.`,
      );
    }
    sendJson(
      res,
      200,
      { is_required: delivery.handshake.isRequired, pin_code: delivery.handshake.pinCode },
      NO_STORE,
    );
  });

  api.add('GET', '/merchants/:merchantId/delivery-areas', (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    if (Date.parse(merchant.keyCreatedAt) < Date.parse(DELIVERY_AREAS_KEY_CUTOFF)) {
      throw apiError(
        403,
        'MERCHANT_KEY_NOT_SUPPORTED',
        'Delivery areas need a merchant key created in November 2025 or later.',
      );
    }
    const areas = merchant.venueIds
      .map((id) => state.venues.get(id))
      .filter((venue): venue is Venue => venue !== undefined)
      .map((venue) => ({
        id: `area-${venue.id}`,
        name: venue.name,
        polygon: {
          type: 'Polygon',
          coordinates: [areaPolygon(venue.location, DELIVERY_AREA_RADIUS_METERS)],
        },
      }));
    sendJson(res, 200, areas, NO_STORE);
  });

  // ---- webhook management ----

  const ownWebhook = (merchant: Merchant, id: string | undefined) => {
    const hook = id === undefined ? undefined : hub.get(merchant.id, id);
    if (!hook) throw apiError(404, 'WEBHOOK_NOT_FOUND', `Webhook '${id ?? ''}' does not exist.`);
    return hook;
  };

  api.add('POST', '/v1/merchants/:merchantId/webhooks', async (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    const body = parseBody(createWebhookSchema, await readJsonBody(req));
    const hook = hub.create(merchant.id, {
      callbackUrl: body.callback_url,
      clientSecret: body.client_secret,
      callbackConfig: body.callback_config,
      disabled: body.disabled,
    });
    sendJson(res, 201, webhookRecord(hook), NO_STORE);
  });

  api.add('GET', '/v1/merchants/:merchantId/webhooks', (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    sendJson(res, 200, hub.list(merchant.id).map(webhookRecord), NO_STORE);
  });

  api.add('GET', '/v1/merchants/:merchantId/webhooks/:webhookId', (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    sendJson(res, 200, webhookRecord(ownWebhook(merchant, params.webhookId)), NO_STORE);
  });

  api.add('PATCH', '/v1/merchants/:merchantId/webhooks/:webhookId', async (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    const hook = ownWebhook(merchant, params.webhookId);
    const body = parseBody(updateWebhookSchema, await readJsonBody(req));
    hub.update(hook, {
      callbackConfig: body.callback_config,
      callbackUrl: body.callback_url,
      clientSecret: body.client_secret,
      disabled: body.disabled,
      subscribedEvents: body.subscribed_events ? [...new Set(body.subscribed_events)] : undefined,
    });
    sendJson(res, 200, webhookRecord(hook), NO_STORE);
  });

  api.add('DELETE', '/v1/merchants/:merchantId/webhooks/:webhookId', (req, res, params) => {
    const merchant = authenticate(req);
    ownMerchant(merchant, params.merchantId);
    hub.remove(ownWebhook(merchant, params.webhookId));
    sendEmpty(res, 204);
  });

  // The tracking page behind the tracking URL is public, as the recipient opens it from an SMS.
  api.add('GET', '/tracking/:trackingId', (_req, res, params) => {
    const reference =
      params.trackingId === undefined ? undefined : state.trackingIndex.get(params.trackingId);
    const delivery = reference === undefined ? undefined : state.deliveries.get(reference);
    if (!delivery)
      throw apiError(404, 'TRACKING_NOT_FOUND', 'No delivery has this tracking reference.');
    const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const html = `<!doctype html><meta charset="utf-8"><title>Delivery ${escape(delivery.trackingId)}</title>
<h1>${escape(delivery.pickup.name)}</h1><p id="status">${escape(delivery.status)}</p>
<p>Estimated delivery: <time>${escape(delivery.dropoffEta)}</time></p>`;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(html),
    });
    res.end(html);
  });

  const control = createRouter();
  registerControlRoutes(control, {
    state,
    demo,
    hub,
    nowDate,
    registerMerchant: (input) => state.registerMerchant(input, nowDate().toISOString()),
    advanceTo: (delivery, target, reverse) => {
      advanceTo(delivery, target, reverse);
      scheduleAuto(delivery);
    },
    isActive,
    forceNoShow: (delivery) => {
      if (stageIndex(delivery.stage) < stageIndex('dropoff_arrival'))
        advanceTo(delivery, 'dropoff_arrival');
      delivery.status = 'CUSTOMER_NO_SHOW';
      stopAuto(delivery);
      hub.emit(delivery.merchantId, [genericEvent(delivery, 'order.customer_no_show', nowDate())]);
    },
  });

  const serve = async (
    router: typeof api,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    isControl: boolean,
  ) => {
    try {
      if (await router.handle(req, res, path)) return;
      if (isControl)
        throw new HttpError(404, `No control endpoint ${req.method ?? ''} /_sandbox/drive${path}.`);
      throw apiError(404, 'NOT_FOUND', `No endpoint ${req.method ?? ''} ${path}.`);
    } catch (error) {
      if (res.headersSent) res.destroy();
      // Control answers use the sandbox's own error shape; the platform API the Drive API's.
      else if (isControl && error instanceof HttpError) sendError(res, error);
      else sendFailure(res, error);
    }
  };

  return {
    api: {
      prefix: '/drive',
      faultable: true,
      handle: async (req, res, path) => {
        await serve(api, req, res, path, false);
        return true;
      },
    },
    control: {
      prefix: '/_sandbox/drive',
      faultable: false,
      handle: async (req, res, path) => {
        await serve(control, req, res, path, true);
        return true;
      },
    },
    demo,
    registerMerchant: (input) => {
      state.registerMerchant(input, nowDate().toISOString());
    },
    idle: () => hub.idle(),
    close() {
      for (const cancel of autoJobs.values()) cancel();
      autoJobs.clear();
      hub.close();
      ownClock?.close();
    },
  };
};

/** Fee-inclusive estimates: cash handling and bulky parcels cost extra (minor units). */
const extraFees = (
  contents: {
    count?: number | undefined;
    dimensions?: { weight_gram?: number | undefined } | undefined;
  }[],
  cash: boolean,
) => {
  const weight = contents.reduce(
    (sum, item) => sum + (item.dimensions?.weight_gram ?? 0) * (item.count ?? 1),
    0,
  );
  return { cash: cash ? 100 : 0, size: weight > 10_000 ? 200 : 0 };
};

/**
 * The sandbox server's mount: `...createDriveServices(world)` in its service list, before the
 * /_sandbox control service (the first matching prefix wins, and /_sandbox/drive is longer).
 */
export const createDriveServices = (
  world: Pick<World, 'clock' | 'urls'>,
  options: Omit<DriveServiceOptions, 'baseUrl' | 'clock'> = {},
): Service[] => {
  const drive = createDriveService({
    ...options,
    baseUrl: world.urls.driveUrl,
    clock: world.clock,
  });
  return [drive.control, drive.api];
};
