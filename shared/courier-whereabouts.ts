// Where the courier is, in the terms a counter uses: how far from the venue while it comes to pick
// up, how far from the customer once it has the parcels, and on what. Positions arrive in
// order.location_updated as EPSG:3857 (web mercator) metres, which stretch distances away from the
// equator; they are turned back into latitude and longitude before measuring on the ground.
import type { Delivery } from './domain';
import { isBeforePickup, isFinalDelivery } from './domain';

const MERCATOR_RADIUS_M = 6_378_137;
const EARTH_RADIUS_M = 6_371_000;
const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

export type LatLon = { lat: number; lon: number };

/** EPSG:3857 metres (x east, y north) to WGS 84 degrees. */
export const fromWebMercator = (point: { x: number; y: number }): LatLon => ({
  lat: toDeg(2 * Math.atan(Math.exp(point.y / MERCATOR_RADIUS_M)) - Math.PI / 2),
  lon: toDeg(point.x / MERCATOR_RADIUS_M),
});

/** Great-circle distance on the ground. */
export const groundMeters = (a: LatLon, b: LatLon): number => {
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
};

export const VEHICLES = ['bike', 'scooter', 'car', 'foot'] as const;
export type Vehicle = (typeof VEHICLES)[number];

/**
 * The service names the courier's vehicle_type without listing its values; the common spellings
 * map to what staff call them, anything else is left unsaid rather than shown raw.
 */
export const vehicleOf = (vehicleType: string | null | undefined): Vehicle | null => {
  const type = (vehicleType ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (/^(e?bicycle|e?bike|cycle|cargobike)$/.test(type)) return 'bike';
  if (/^(scooter|escooter|moped|motorbike|motorcycle)$/.test(type)) return 'scooter';
  if (/^(car|ecar|van)$/.test(type)) return 'car';
  if (/^(foot|walk|walking|walker|pedestrian)$/.test(type)) return 'foot';
  return null;
};

/** Within the service's 150 m arrival geo-fence the courier is "here", not a distance away. */
export const ARRIVED_METERS = 150;

export type CourierWhereabouts = {
  /** Measured from the venue before the pickup, from the customer after it. */
  from: 'venue' | 'customer';
  meters: number;
  vehicle: Vehicle | null;
};

/** Null when there is nothing true to say: no position yet, the end reached, or no point to measure from. */
export const courierWhereabouts = (delivery: Delivery): CourierWhereabouts | null => {
  if (!delivery.courierLocation || isFinalDelivery(delivery.status)) return null;
  if (delivery.status === 'dropoff_completed') return null;
  const courier = fromWebMercator(delivery.courierLocation);
  const toVenue = isBeforePickup(delivery.status);
  const customer =
    delivery.address.lat !== null && delivery.address.lon !== null
      ? { lat: delivery.address.lat, lon: delivery.address.lon }
      : null;
  const point = toVenue ? delivery.pickupLocation : customer;
  if (!point) return null;
  return {
    from: toVenue ? 'venue' : 'customer',
    meters: groundMeters(courier, point),
    vehicle: vehicleOf(delivery.courier?.vehicleType),
  };
};
