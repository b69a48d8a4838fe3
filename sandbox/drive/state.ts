// The delivery service's in-memory state: merchants with their keys and venues, shipment promises
// and deliveries. Estimates come from geo.ts, so promise, fee and venue answers agree.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Stage } from './courier';
import type { Delivery } from './courier';
import { planTimeline } from './courier';
import type { Coordinates } from './geo';
import { areaPolygon, distanceMeters, priceFor, rideMinutes } from './geo';
import type { RegisterMerchantRequest } from './schemas';
import { registerMerchantSchema } from './schemas';

export type Venue = { id: string; name: string; merchantId: string; location: Coordinates };

export type Merchant = {
  id: string;
  key: string;
  lateCancellationAgreed: boolean;
  cashEnabled: boolean;
  keyCreatedAt: string;
  currency: string;
  venueIds: string[];
};

export type LocationRecord = { formatted_address: string; coordinates: Coordinates };

export type ShipmentPromise = {
  id: string;
  venueId: string;
  merchantId: string;
  createdAt: string;
  validUntil: string;
  isBinding: boolean;
  nonBindingReason: string | null;
  accuracy: 'accurate' | 'area';
  addressMixUpRisk: boolean;
  location: LocationRecord;
  minPreparationTimeMinutes: number;
  scheduledDropoffTime: string | null;
  estimate: Estimate;
};

export type Estimate = {
  distanceMeters: number;
  price: { amount: number; currency: string };
  pickupEta: string;
  dropoffEta: string;
  timeEstimateMinutes: number;
  timeline: Record<Stage, number>;
};

/** How far from its pickup point a merchant's courier may deliver. */
export const MAX_DELIVERY_RADIUS_METERS = 8000;
/** The radius of the published delivery-area polygon around each venue. */
const DELIVERY_AREA_RADIUS_METERS = 10_000;
/** Delivery areas need a merchant key from November 2025 on (sandbox/drive/README.md). */
export const DELIVERY_AREAS_KEY_CUTOFF = '2025-11-01T00:00:00.000Z';

const MINUTE = 60_000;

export const estimate = (
  from: Coordinates,
  to: Coordinates,
  currency: string,
  nowMs: number,
  preparationMinutes: number,
  scheduledDropoff: string | null,
): Estimate => {
  const meters = distanceMeters(from, to);
  const ride = rideMinutes(meters);
  let pickupAt = nowMs + preparationMinutes * MINUTE;
  if (scheduledDropoff !== null) {
    // A scheduled dropoff moves the pickup so the courier arrives on time, never earlier than ready.
    const fromSchedule = Date.parse(scheduledDropoff) - (ride + 3) * MINUTE;
    pickupAt = Math.max(pickupAt, fromSchedule);
  }
  const timeline = planTimeline(nowMs, pickupAt, ride);
  return {
    distanceMeters: Math.round(meters),
    price: { amount: priceFor(meters), currency },
    pickupEta: new Date(pickupAt).toISOString(),
    dropoffEta: new Date(timeline.delivered).toISOString(),
    timeEstimateMinutes: Math.round((timeline.delivered - nowMs) / MINUTE),
    timeline,
  };
};

export type DriveState = {
  merchants: Map<string, Merchant>;
  venues: Map<string, Venue>;
  promises: Map<string, ShipmentPromise>;
  deliveries: Map<string, Delivery>;
  trackingIndex: Map<string, string>;
  merchantByKey(key: string): Merchant | undefined;
  /** Registers or replaces a merchant; its venues move to it. */
  registerMerchant(input: RegisterMerchantRequest, nowIso: string): Merchant;
};

export const createState = (): DriveState => {
  const merchants = new Map<string, Merchant>();
  const venues = new Map<string, Venue>();
  return {
    merchants,
    venues,
    promises: new Map(),
    deliveries: new Map(),
    trackingIndex: new Map(),
    merchantByKey: (key) => [...merchants.values()].find((merchant) => merchant.key === key),
    registerMerchant(input, nowIso) {
      const parsed = registerMerchantSchema.parse(input);
      const clash = [...merchants.values()].find(
        (other) => other.key === parsed.merchant_key && other.id !== parsed.merchant_id,
      );
      if (clash) throw new Error('That merchant key belongs to another merchant.');
      const merchant: Merchant = {
        id: parsed.merchant_id,
        key: parsed.merchant_key,
        lateCancellationAgreed: parsed.late_cancellation_agreed,
        cashEnabled: parsed.cash_enabled,
        keyCreatedAt: parsed.key_created_at ?? nowIso,
        currency: parsed.currency,
        venueIds: parsed.venues.map((venue) => venue.venue_id),
      };
      const previous = merchants.get(merchant.id);
      for (const id of previous?.venueIds ?? []) venues.delete(id);
      for (const venue of parsed.venues) {
        const owner = venues.get(venue.venue_id);
        if (owner && owner.merchantId !== merchant.id) {
          const other = merchants.get(owner.merchantId);
          if (other) other.venueIds = other.venueIds.filter((id) => id !== venue.venue_id);
        }
        venues.set(venue.venue_id, {
          id: venue.venue_id,
          name: venue.name,
          merchantId: merchant.id,
          location: { lat: venue.lat, lon: venue.lon },
        });
      }
      merchants.set(merchant.id, merchant);
      return merchant;
    },
  };
};

export const newMerchantKey = () => `drive_${randomBytes(24).toString('base64url')}`;
export const newReference = (prefix: string) =>
  `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
export const newPin = () => randomInt(1000, 10_000);

export type DeliveryArea = { id: string; name: string; ring: [number, number][] };

/** The merchant's market: an octagon around each of its venues. */
export const deliveryAreas = (
  state: Pick<DriveState, 'venues'>,
  merchant: Merchant,
): DeliveryArea[] =>
  merchant.venueIds
    .map((id) => state.venues.get(id))
    .filter((venue): venue is Venue => venue !== undefined)
    .map((venue) => ({
      id: `area-${venue.id}`,
      name: venue.name,
      ring: areaPolygon(venue.location, DELIVERY_AREA_RADIUS_METERS),
    }));
