// The sandbox's stand-in for geocoding, routing and pricing: deterministic, so tests can predict
// where an address lands and what a delivery costs.
import { createHash } from 'node:crypto';

export type Coordinates = { lat: number; lon: number };

const EARTH_RADIUS_M = 6_371_000;
const MERCATOR_RADIUS_M = 6_378_137;
const toRad = (deg: number) => (deg * Math.PI) / 180;

export const distanceMeters = (a: Coordinates, b: Coordinates): number => {
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
};

/** A point `meters` away from `origin` in direction `bearingDeg` (flat-earth approximation). */
export const offset = (origin: Coordinates, meters: number, bearingDeg: number): Coordinates => {
  const bearing = toRad(bearingDeg);
  const dLat = (meters * Math.cos(bearing)) / EARTH_RADIUS_M;
  const dLon = (meters * Math.sin(bearing)) / (EARTH_RADIUS_M * Math.cos(toRad(origin.lat)));
  return { lat: origin.lat + (dLat * 180) / Math.PI, lon: origin.lon + (dLon * 180) / Math.PI };
};

/** order.location_updated reports courier positions in EPSG:3857 (web mercator metres). */
export const toWebMercator = (point: Coordinates): Coordinates => ({
  lon: MERCATOR_RADIUS_M * toRad(point.lon),
  lat: MERCATOR_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + toRad(point.lat) / 2)),
});

/** The inverse of toWebMercator. */
export const fromWebMercator = (point: Coordinates): Coordinates => ({
  lon: (point.lon / MERCATOR_RADIUS_M) * (180 / Math.PI),
  lat: (2 * Math.atan(Math.exp(point.lat / MERCATOR_RADIUS_M)) - Math.PI / 2) * (180 / Math.PI),
});

/**
 * Where a courier is reported as it enters the 150 m arrival geo-fence around the pickup or the
 * dropoff (docs/platform.md#geo-fences): this many EPSG:3857 metres short of the point. EPSG:3857
 * stretches distances by 1/cos(latitude), so the courier is inside the fence whether a receiver
 * measures in the event's projection or on the ground, at any latitude.
 */
export const ARRIVAL_DISTANCE_M = 100;

/**
 * The point `meters` (EPSG:3857) short of `to` on the straight way from `from`; `from` itself when
 * the way is shorter than that.
 */
export const shortOf = (from: Coordinates, to: Coordinates, meters: number): Coordinates => {
  const start = toWebMercator(from);
  const end = toWebMercator(to);
  const length = Math.hypot(end.lon - start.lon, end.lat - start.lat);
  if (length <= meters) return from;
  const fraction = 1 - meters / length;
  return fromWebMercator({
    lon: start.lon + (end.lon - start.lon) * fraction,
    lat: start.lat + (end.lat - start.lat) * fraction,
  });
};

const hashFraction = (text: string, salt: string): number => {
  const digest = createHash('sha256').update(`${salt}\u0000${text.trim().toLowerCase()}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
};

/**
 * Cities the sandbox knows by name, far from the demo venue in Helsinki: an address in one of them
 * lands there, so "outside the delivery area" can be tried with an ordinary address.
 */
const KNOWN_CITIES: Record<string, Coordinates> = {
  tampere: { lat: 61.4978, lon: 23.761 },
  turku: { lat: 60.4518, lon: 22.2666 },
  oulu: { lat: 65.0121, lon: 25.4651 },
  tallinn: { lat: 59.437, lon: 24.7536 },
  stockholm: { lat: 59.3293, lon: 18.0686 },
};

/**
 * Places an address 500 m to 4.5 km from the reference point (or from its city, when that is one
 * of the known far cities), always at the same spot for the same text, so "the promise's
 * location" is stable between a promise and its delivery.
 */
export const geocode = (text: string, near: Coordinates, city?: string): Coordinates =>
  offset(
    KNOWN_CITIES[(city ?? '').trim().toLowerCase()] ?? near,
    500 + hashFraction(text, 'distance') * 4000,
    hashFraction(text, 'bearing') * 360,
  );

export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/** An octagon around a point: the delivery area of a venue. GeoJSON order is [lon, lat]. */
export const areaPolygon = (center: Coordinates, radiusMeters: number): [number, number][] => {
  const ring: [number, number][] = [];
  for (let corner = 0; corner < 8; corner += 1) {
    const point = offset(center, radiusMeters, corner * 45);
    ring.push([roundCoordinate(point.lon), roundCoordinate(point.lat)]);
  }
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return ring;
};

/** Ray casting over a closed GeoJSON ring. */
export const insidePolygon = (point: Coordinates, ring: [number, number][]): boolean => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b) continue;
    const [xi, yi] = a;
    const [xj, yj] = b;
    const crosses = yi > point.lat !== yj > point.lat;
    if (crosses && point.lon < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

const COURIER_SPEED_M_PER_MIN = 250;
const BASE_PRICE_MINOR = 390;
const PRICE_PER_KM_MINOR = 90;

/** Delivery price in minor units: a base fee plus a per-kilometre part, rounded to 10 cents. */
export const priceFor = (meters: number): number =>
  Math.round((BASE_PRICE_MINOR + (PRICE_PER_KM_MINOR * meters) / 1000) / 10) * 10;

export const rideMinutes = (meters: number): number =>
  Math.max(3, Math.ceil(meters / COURIER_SPEED_M_PER_MIN));
