// The simulated courier: the stages a delivery goes through, the events each stage sends, and the
// payloads as docs/platform.md#delivery-events lays them out.
import { randomUUID } from 'node:crypto';
import type { Coordinates } from './geo';
import { ARRIVAL_DISTANCE_M, offset, shortOf, toWebMercator } from './geo';
import type { Parcel } from './schemas';
import type { EventPayload } from './webhooks';

export const STAGES = [
  'received',
  'pickup_eta_updated',
  'pickup_started',
  'pickup_arrival',
  'picked_up',
  'dropoff_started',
  'dropoff_arrival',
  'delivered',
] as const;
export type Stage = (typeof STAGES)[number];

/** Names a control request may use for a stage: each stage, plus the events it sends. */
export const STAGE_ALIASES: Record<string, Stage> = {
  ...Object.fromEntries(STAGES.map((stage) => [stage, stage])),
  dropoff_completed: 'delivered',
  dropoff_eta_updated: 'dropoff_started',
};

export const stageIndex = (stage: Stage) => STAGES.indexOf(stage);

export type DeliveryStatus = Uppercase<Stage> | 'REJECTED' | 'CUSTOMER_NO_SHOW';

export type Delivery = {
  reference: string;
  trackingId: string;
  trackingUrl: string;
  merchantId: string;
  venueId: string;
  pickup: { name: string; location: Coordinates; formattedAddress: string; comment: string | null };
  dropoff: {
    location: Coordinates;
    formattedAddress: string;
    comment: string | null;
    isNoContact: boolean;
    /** The customer's chosen drop-off time; null: as soon as possible. */
    scheduledTime: string | null;
  };
  recipient: { name: string; phone_number: string; email?: string | undefined };
  tips: { type: string; price: { amount: number; currency: string } }[];
  smsNotifications: { received?: string | undefined; picked_up?: string | undefined } | null;
  bagCount: number | null;
  customerSupport: {
    url?: string | undefined;
    email?: string | undefined;
    phone_number?: string | undefined;
  } | null;
  parcels: Parcel[];
  price: { amount: number; currency: string };
  merchantOrderReferenceId: string | null;
  orderNumber: string | null;
  shipmentPromiseId: string | null;
  cash: { amount_to_collect: number; amount_to_expect: number } | null;
  handshake: { isRequired: boolean; pinCode: number } | null;
  courier: { id: number; vehicle_type: string };
  createdAt: string;
  pickupEta: string;
  dropoffEta: string;
  /** Clock times (epoch ms) at which the automatic courier reaches each stage. */
  timeline: Record<Stage, number>;
  stage: Stage;
  status: DeliveryStatus;
  rejectedReason: string | null;
  completedAt: string | null;
};

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Plans the courier: pickup when the food is ready (or in time for a scheduled dropoff), the
 * task starting roughly at pickup time minus the courier's travel time, as
 * docs/platform.md#delivery-states describes.
 */
export const planTimeline = (
  createdAt: number,
  pickupAt: number,
  rideMinutes: number,
): Record<Stage, number> => {
  const pickupEtaUpdated = createdAt + MINUTE;
  const pickupStarted = Math.max(pickupAt - 10 * MINUTE, createdAt + 2 * MINUTE);
  // The courier turns out a little later than first estimated: order.pickup_eta_updated says so.
  const pickedUp = Math.max(pickupAt + 2 * MINUTE, pickupStarted + 2 * MINUTE);
  const delivered = pickedUp + MINUTE + rideMinutes * MINUTE;
  return {
    received: createdAt,
    pickup_eta_updated: pickupEtaUpdated,
    pickup_started: pickupStarted,
    pickup_arrival: pickedUp - MINUTE,
    picked_up: pickedUp,
    dropoff_started: pickedUp + MINUTE,
    dropoff_arrival: delivered - MINUTE,
    delivered,
  };
};

/** The stage the automatic courier has reached at `at`. */
export const stageAt = (timeline: Record<Stage, number>, at: number): Stage => {
  let reached: Stage = 'received';
  for (const stage of STAGES) if (timeline[stage] <= at) reached = stage;
  return reached;
};

const genericDetails = (delivery: Delivery, eventId: string) => ({
  id: eventId,
  venue_id: delivery.venueId,
  platform_order_reference_id: delivery.reference,
  tracking_reference: delivery.trackingId,
  ...(delivery.merchantOrderReferenceId === null
    ? {}
    : { merchant_order_reference_id: delivery.merchantOrderReferenceId }),
  ...(delivery.orderNumber === null ? {} : { order_number: delivery.orderNumber }),
  price: { ...delivery.price },
  pickup: { eta: delivery.pickupEta },
  dropoff: null as null | { eta: { min: string; max: string }; completed_at: string | null },
  courier: null as null | { id: number; vehicle_type: string },
  parcels: null as null | { description?: string; identifier?: string }[],
});

const dropoffWindow = (delivery: Delivery) => {
  const eta = Date.parse(delivery.dropoffEta);
  return { min: iso(eta - 5 * MINUTE), max: iso(eta + 5 * MINUTE) };
};

const parcelSummary = (delivery: Delivery) =>
  delivery.parcels.map((parcel) => ({
    ...(parcel.description === undefined ? {} : { description: parcel.description }),
    ...(parcel.identifier === undefined ? {} : { identifier: parcel.identifier }),
  }));

/** The generic payload; the nullable parts are filled only for the events that carry them. */
export const genericEvent = (
  delivery: Delivery,
  type: EventPayload['type'],
  dispatchedAt: Date,
): EventPayload => {
  const details = genericDetails(delivery, randomUUID());
  if (type === 'order.pickup_started') details.courier = { ...delivery.courier };
  if (type === 'order.picked_up' || type === 'order.dropoff_completed')
    details.parcels = parcelSummary(delivery);
  if (type === 'order.dropoff_eta_updated')
    details.dropoff = { eta: dropoffWindow(delivery), completed_at: null };
  // The dropoff object is only in dropoff_eta_updated and delivered (sandbox/drive/README.md,
  // events), so completed_at travels in order.delivered; order.dropoff_completed keeps it null.
  if (type === 'order.delivered')
    details.dropoff = { eta: dropoffWindow(delivery), completed_at: delivery.completedAt };
  const extra =
    type === 'order.rejected' && delivery.rejectedReason !== null
      ? { purchase_rejected_reason: delivery.rejectedReason }
      : {};
  return { dispatched_at: dispatchedAt.toISOString(), type, details: { ...details, ...extra } };
};

const locationEvent = (delivery: Delivery, dispatchedAt: Date): EventPayload => {
  const position = courierPosition(delivery);
  const mercator = toWebMercator(position);
  return {
    dispatched_at: dispatchedAt.toISOString(),
    type: 'order.location_updated',
    details: {
      id: randomUUID(),
      platform_order_reference_id: delivery.reference,
      ...(delivery.merchantOrderReferenceId === null
        ? {}
        : { merchant_order_reference_id: delivery.merchantOrderReferenceId }),
      ...(delivery.orderNumber === null ? {} : { order_number: delivery.orderNumber }),
      tracking_id: delivery.trackingId,
      courier_location: { lat: mercator.lat, lon: mercator.lon },
    },
  };
};

const handshakeEvent = (delivery: Delivery, pinCode: number, dispatchedAt: Date): EventPayload => ({
  dispatched_at: dispatchedAt.toISOString(),
  type: 'order.handshake_delivery',
  details: {
    id: randomUUID(),
    platform_order_reference_id: delivery.reference,
    merchant_order_reference_id: delivery.merchantOrderReferenceId,
    ...(delivery.orderNumber === null ? {} : { order_number: delivery.orderNumber }),
    pin_code: String(pinCode),
  },
});

/** Where a courier starts out for the venue: outside its geo-fence, about 2 km to the north-west. */
const APPROACH_METERS = 2000;

/**
 * Where the courier is at its current stage: approaching the venue, then riding to the customer.
 * The arrival stages put it just inside the geo-fence of the point it is arriving at.
 */
export const courierPosition = (delivery: Delivery): Coordinates => {
  const pickup = delivery.pickup.location;
  const approachFrom = offset(pickup, APPROACH_METERS, 315);
  switch (delivery.stage) {
    case 'received':
    case 'pickup_eta_updated':
    case 'pickup_started':
      return approachFrom;
    case 'pickup_arrival':
      return shortOf(approachFrom, pickup, ARRIVAL_DISTANCE_M);
    case 'picked_up':
    case 'dropoff_started':
      return pickup;
    case 'dropoff_arrival':
      return shortOf(pickup, delivery.dropoff.location, ARRIVAL_DISTANCE_M);
    case 'delivered':
      return delivery.dropoff.location;
  }
};

/** The events one stage sends, in the order of a single action. */
export const stageEvents = (delivery: Delivery, stage: Stage, at: Date): EventPayload[] => {
  const moving = stageIndex(stage) >= stageIndex('pickup_started');
  const withLocation = (events: EventPayload[]) =>
    moving ? [...events, locationEvent(delivery, at)] : events;
  switch (stage) {
    case 'received': {
      const events = [genericEvent(delivery, 'order.received', at)];
      if (delivery.handshake) events.push(handshakeEvent(delivery, delivery.handshake.pinCode, at));
      return events;
    }
    case 'dropoff_started':
      return withLocation([
        genericEvent(delivery, 'order.dropoff_started', at),
        genericEvent(delivery, 'order.dropoff_eta_updated', at),
      ]);
    case 'delivered':
      return withLocation([
        genericEvent(delivery, 'order.dropoff_completed', at),
        genericEvent(delivery, 'order.delivered', at),
      ]);
    default:
      return withLocation([genericEvent(delivery, `order.${stage}`, at)]);
  }
};
