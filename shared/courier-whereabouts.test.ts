import { describe, expect, it } from 'vitest';
import type { Delivery } from './domain';
import {
  courierWhereabouts,
  fromWebMercator,
  groundMeters,
  vehicleOf,
} from './courier-whereabouts';

const VENUE = { lat: 60.1699, lon: 24.9384 };
const CUSTOMER = { lat: 60.18, lon: 24.95 };
/** WGS 84 to EPSG:3857, written out here so the test does not lean on the code it checks. */
const mercator = (p: { lat: number; lon: number }) => ({
  x: (6_378_137 * p.lon * Math.PI) / 180,
  y: 6_378_137 * Math.log(Math.tan(Math.PI / 4 + (p.lat * Math.PI) / 360)),
});

const delivery = (patch: Partial<Delivery>): Delivery =>
  ({
    status: 'pickup_started',
    courier: { id: 1, vehicleType: 'bicycle' },
    courierLocation: null,
    pickupLocation: VENUE,
    address: {
      street: 'x',
      postCode: '00100',
      city: 'Helsinki',
      formatted: null,
      lat: CUSTOMER.lat,
      lon: CUSTOMER.lon,
    },
    ...patch,
  }) as Delivery;

describe('where the courier is', () => {
  it('reads EPSG:3857 metres back into degrees', () => {
    const back = fromWebMercator(mercator(VENUE));
    expect(back.lat).toBeCloseTo(VENUE.lat, 6);
    expect(back.lon).toBeCloseTo(VENUE.lon, 6);
  });

  it('measures on the ground, not in stretched mercator metres (at 60° they are twice as long)', () => {
    const north = { lat: VENUE.lat + 0.01, lon: VENUE.lon }; // about 1,112 m north
    const found = courierWhereabouts(delivery({ courierLocation: mercator(north) }));
    expect(found).toMatchObject({ from: 'venue', vehicle: 'bike' });
    expect(found?.meters).toBeGreaterThan(1100);
    expect(found?.meters).toBeLessThan(1125);
    expect(groundMeters(VENUE, north)).toBeCloseTo(found?.meters ?? 0, 3);
  });

  it('measures from the customer once the courier has the parcels', () => {
    const found = courierWhereabouts(
      delivery({ status: 'dropoff_started', courierLocation: mercator(VENUE) }),
    );
    expect(found?.from).toBe('customer');
    expect(found?.meters).toBeCloseTo(groundMeters(VENUE, CUSTOMER), 3);
  });

  it('says nothing without a position, at the end, or with nothing to measure from', () => {
    expect(courierWhereabouts(delivery({}))).toBeNull();
    expect(
      courierWhereabouts(delivery({ status: 'delivered', courierLocation: mercator(CUSTOMER) })),
    ).toBeNull();
    expect(
      courierWhereabouts(delivery({ pickupLocation: null, courierLocation: mercator(VENUE) })),
    ).toBeNull();
  });

  it('names the usual vehicles and leaves an unknown one unsaid', () => {
    expect(vehicleOf('bicycle')).toBe('bike');
    expect(vehicleOf('E_BIKE')).toBe('bike');
    expect(vehicleOf('car')).toBe('car');
    expect(vehicleOf('motorbike')).toBe('scooter');
    expect(vehicleOf('walking')).toBe('foot');
    expect(vehicleOf('hovercraft')).toBeNull();
    expect(vehicleOf(null)).toBeNull();
  });
});
