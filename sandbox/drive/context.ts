// What every route of the delivery service shares: the state, the clock, authentication by
// merchant key, ownership checks and the rules several endpoints apply alike.
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../clock';
import type { Delivery } from './courier';
import type { Coordinates } from './geo';
import { distanceMeters, insidePolygon } from './geo';
import { apiError, bearerKey, unauthorized, validationError } from './http';
import type { DriveState, Estimate, Merchant, Venue } from './state';
import { deliveryAreas, MAX_DELIVERY_RADIUS_METERS } from './state';
import type { WebhookHub } from './webhooks';

/** The clock parts the service uses; the sandbox's controllable clock fits. */
export type DriveClock = Pick<Clock, 'now' | 'schedule'>;

export type DriveContext = {
  state: DriveState;
  hub: WebhookHub;
  clock: DriveClock;
  nowMs(): number;
  nowDate(): Date;
  /** The merchant whose Bearer key the request carries; 401 otherwise. */
  authenticate(req: IncomingMessage): Merchant;
  ownMerchant(merchant: Merchant, merchantId: string | undefined): void;
  ownVenue(merchant: Merchant, venueId: string | undefined): Venue;
  ownDelivery(merchant: Merchant, reference: string | undefined): Delivery;
  /**
   * A scheduled dropoff is given only for more than an hour ahead
   * (docs/platform.md#shipment-promises). Returns it normalised.
   */
  checkScheduledDropoff(scheduled: string | undefined, field: string): string | null;
  checkReach(merchant: Merchant, from: Coordinates, to: Coordinates): void;
  /** Whether a courier from `from` may deliver to `to` (what checkReach refuses otherwise). */
  reaches(merchant: Merchant, from: Coordinates, to: Coordinates): boolean;
  checkCash(merchant: Merchant, cash: unknown): void;
  checkCoordinatePair(body: { lat?: unknown; lon?: unknown }): void;
};

const MINUTE = 60_000;
const ONE_HOUR = 60 * MINUTE;

/** The price and ETA part of promise, venue and fee answers. */
export const estimateBody = (value: Estimate) => ({
  price: value.price,
  time_estimate_minutes: value.timeEstimateMinutes,
  pickup: { eta: value.pickupEta },
  dropoff: { eta: value.dropoffEta },
});

export const createContext = (
  state: DriveState,
  hub: WebhookHub,
  clock: DriveClock,
): DriveContext => {
  const nowMs = () => clock.now();
  const nowDate = () => new Date(clock.now());

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
    return new Date(at).toISOString();
  };

  // Real coverage is the market's delivery areas combined with the merchant's maximum delivery
  // radius from the pickup; the sandbox plays the radius (sandbox/drive/README.md, error codes).
  const checkReach = (merchant: Merchant, from: Coordinates, to: Coordinates) => {
    const meters = distanceMeters(from, to);
    if (meters > MAX_DELIVERY_RADIUS_METERS) {
      throw apiError(
        400,
        'DROPOFF_OUTSIDE_OF_DELIVERY_AREA',
        'The dropoff location is outside the delivery area.',
        `The dropoff is ${Math.round(meters)} m from the pickup; the maximum is ${MAX_DELIVERY_RADIUS_METERS} m.`,
      );
    }
    const areas = deliveryAreas(state, merchant);
    if (areas.length > 0 && !areas.some((area) => insidePolygon(to, area.ring))) {
      throw apiError(
        400,
        'DROPOFF_OUTSIDE_OF_DELIVERY_AREA',
        'The dropoff location is outside the delivery area.',
        "The dropoff is in none of the merchant's delivery areas.",
      );
    }
  };

  const reaches = (merchant: Merchant, from: Coordinates, to: Coordinates) => {
    if (distanceMeters(from, to) > MAX_DELIVERY_RADIUS_METERS) return false;
    const areas = deliveryAreas(state, merchant);
    return areas.length === 0 || areas.some((area) => insidePolygon(to, area.ring));
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

  return {
    state,
    hub,
    clock,
    nowMs,
    nowDate,
    authenticate,
    ownMerchant,
    ownVenue,
    ownDelivery,
    checkScheduledDropoff,
    checkReach,
    reaches,
    checkCash,
    checkCoordinatePair,
  };
};
