// "Can we deliver to this address?" before a phone order is taken, from what the delivery service
// offers (docs/platform.md#delivery-area-check): a shipment promise places the address (a post code
// or city alone is enough for a rough answer), then the available venues for that place say whether
// this venue's couriers reach it. When the available venues cannot be asked, the delivery-area
// polygons answer instead (the service's own fallback for that case).
import type { DeliveryAreaCheckRequest } from '../../shared/delivery-booking';
import type { DeliveryAreaAnswer } from '../../shared/domain';
import type { DeliveryClient } from './client';
import { shipmentPromiseRequest } from './booking-request';
import { refusal } from '../../shared/refusals';
import { errorCode, OUTSIDE_AREA_CODES } from './staff-words';

const OUTSIDE = refusal('courier-outside-area');

/** Ray casting over a ring of [lon, lat] pairs. */
export const insideRing = (point: { lat: number; lon: number }, ring: number[][]): boolean => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const a = ring[i];
    const b = ring[j];
    if (!a || !b || a.length < 2 || b.length < 2) continue;
    const [xi = 0, yi = 0] = a;
    const [xj = 0, yj = 0] = b;
    if (
      yi > point.lat !== yj > point.lat &&
      point.lon < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi
    )
      inside = !inside;
  }
  return inside;
};

const formatted = (request: DeliveryAreaCheckRequest): string =>
  [request.street, [request.postCode, request.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

export const checkArea = async (
  client: DeliveryClient,
  venueId: string,
  request: DeliveryAreaCheckRequest,
): Promise<DeliveryAreaAnswer> => {
  let promise;
  try {
    promise = await client.createShipmentPromise(venueId, shipmentPromiseRequest(request));
  } catch (error) {
    const code = errorCode(error);
    if (code && OUTSIDE_AREA_CODES.has(code))
      return { deliverable: false, formattedAddress: formatted(request) || null, reason: OUTSIDE };
    throw error;
  }
  const place = promise.dropoff.location;
  const address = place.formatted_address ?? (formatted(request) || null);
  const approximate = !promise.is_binding;
  let venues;
  try {
    venues = await client.availableVenues({
      dropoff: {
        location: {
          formatted_address: address ?? `${place.coordinates.lat}, ${place.coordinates.lon}`,
          coordinates: { lat: place.coordinates.lat, lon: place.coordinates.lon },
        },
      },
    });
  } catch (venuesError) {
    let areas;
    try {
      areas = await client.deliveryAreas();
    } catch {
      throw venuesError;
    }
    const rings = areas.flatMap((area) => area.polygon?.coordinates ?? area.coordinates ?? []);
    if (rings.length === 0) throw venuesError;
    const inside = rings.some((ring) => insideRing(place.coordinates, ring));
    return inside
      ? {
          deliverable: true,
          formattedAddress: address,
          price: promise.price ?? null,
          minutes: promise.time_estimate_minutes ?? null,
          approximate,
        }
      : { deliverable: false, formattedAddress: address, reason: OUTSIDE };
  }
  const ours = venues.find((venue) => venue.venue_id === venueId);
  if (!ours) return { deliverable: false, formattedAddress: address, reason: OUTSIDE };
  const price = ours.price ?? promise.price ?? null;
  return {
    deliverable: true,
    formattedAddress: address,
    price: price ? { amount: price.amount, currency: price.currency } : null,
    minutes: ours.time_estimate_minutes ?? promise.time_estimate_minutes ?? null,
    approximate,
  };
};
