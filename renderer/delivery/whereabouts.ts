// The courier's whereabouts as one line of a delivery card: a distance from here or from the
// customer, and the vehicle; never a coordinate.
import { courierWhereabouts } from '../../shared/courier-whereabouts';
import { ARRIVED_METERS } from '../../shared/courier-whereabouts';
import type { Delivery } from '../../shared/domain';
import { en } from './messages';
import { formatDistance } from '../ui-kit/format';

export const whereaboutsLine = (delivery: Delivery): string | null => {
  const found = courierWhereabouts(delivery);
  if (!found) return null;
  const vehicle = found.vehicle ? en.courier.vehicles[found.vehicle] : null;
  return found.meters < ARRIVED_METERS
    ? en.courier.whereaboutsArrived(found.from, vehicle)
    : en.courier.whereabouts(formatDistance(found.meters), found.from, vehicle);
};
