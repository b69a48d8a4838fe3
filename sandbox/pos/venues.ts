// Venues: registration, the status record of get-venue-status, online/offline with `until`
// on the sandbox clock, and asynchronous menu processing.
import type { OpeningTime } from '../../shared/domain';
import { WEEKDAYS } from '../../shared/domain';
import { uuid } from '../random';
import type { Venue, World } from '../world';
import type { Menu } from './menu';
import { lowerStatus } from './orders';

/** Time create-menu takes to become visible (sandbox clock); the platform says "under a minute". */
export const MENU_PROCESSING_MS = 2000;
const DEFAULT_PREP_SECONDS = 600;

export function createVenue(
  world: World,
  id: string,
  name: string,
  openingTimes: OpeningTime[] = [],
): Venue {
  const venue: Venue = {
    id,
    name,
    address: 'Fredrikinkatu 42, 00120 Helsinki',
    phone: '+358 9 4242 4242',
    online: true,
    offlineUntil: null,
    cancelComeBack: null,
    openingTimes,
    specialOpeningTimes: { days_closed: [], days_open: [] },
    prepTimeSeconds: DEFAULT_PREP_SECONDS,
    menu: null,
    menuUpdatedAt: null,
    menuRequests: new Map(),
  };
  world.venues.set(id, venue);
  return venue;
}

export function setOnline(world: World, venue: Venue, online: boolean, until: number | null): void {
  venue.cancelComeBack?.();
  venue.cancelComeBack = null;
  venue.online = online;
  venue.offlineUntil = online ? null : until;
  if (!online && until !== null) {
    venue.cancelComeBack = world.clock.schedule(until, () => {
      venue.online = true;
      venue.offlineUntil = null;
      venue.cancelComeBack = null;
    });
  }
}

/** Replaces the whole menu once processing is done, as create-menu does. */
export function scheduleMenu(world: World, venue: Venue, menu: Menu): void {
  world.clock.schedule(world.clock.now() + MENU_PROCESSING_MS, () => {
    venue.menu = menu;
    venue.menuUpdatedAt = world.clock.now();
  });
}

// Each read keeps a copy of the whole menu until its result is fetched; a demo runs for days.
const MAX_MENU_REQUESTS = 100;

export function requestMenu(venue: Venue): string {
  const requestId = uuid();
  // Maps keep insertion order: the first key is the oldest request.
  const oldest = venue.menuRequests.keys().next();
  if (venue.menuRequests.size >= MAX_MENU_REQUESTS && !oldest.done)
    venue.menuRequests.delete(oldest.value);
  venue.menuRequests.set(
    requestId,
    venue.menu
      ? { requestId, status: 'COMPLETED', menu: structuredClone(venue.menu), error: null }
      : { requestId, status: 'FAILED', menu: null, error: 'The venue has no menu.' },
  );
  return requestId;
}

const minutesOfWeek = (day: string, time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]) * 1440 + (h ?? 0) * 60 + (m ?? 0);
};

/** Whether `now` (UTC) falls in one of the weekly windows. */
export function isOpenAt(openingTimes: OpeningTime[], now: Date): boolean {
  const day = (now.getUTCDay() + 6) % 7; // Monday = 0
  const minute = day * 1440 + now.getUTCHours() * 60 + now.getUTCMinutes();
  return openingTimes.some((w) => {
    const start = minutesOfWeek(w.opening_day, w.opening_time);
    let end = minutesOfWeek(w.closing_day, w.closing_time);
    if (end <= start) end += 7 * 1440;
    return (
      (minute >= start && minute < end) || (minute + 7 * 1440 >= start && minute + 7 * 1440 < end)
    );
  });
}

export function venueStatusView(world: World, venue: Venue): Record<string, unknown> {
  const latest = [...world.orders.values()]
    .filter((o) => o.venueId === venue.id)
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, 3);
  const special = venue.specialOpeningTimes;
  return {
    external_venue_id: null,
    status: {
      is_open: isOpenAt(venue.openingTimes, world.clock.date()),
      is_online: venue.online,
      is_ipad_free: true,
    },
    contact_details: { address: venue.address, phone: venue.phone },
    opening_times: venue.openingTimes,
    special_times: [
      ...special.days_closed.map((d) => ({
        opening_date: d.start_date,
        opening_time: '00:00',
        closing_date: d.end_date,
        closing_time: '00:00',
      })),
      ...special.days_open.flatMap((d) =>
        d.daily_availability.map((w) => ({
          opening_date: d.start_date,
          opening_time: w.open_time,
          closing_date: d.end_date,
          closing_time: w.close_time,
        })),
      ),
    ],
    delivery_area: [
      { lat: 60.18, lng: 24.9 },
      { lat: 60.18, lng: 24.98 },
      { lat: 60.15, lng: 24.98 },
      { lat: 60.15, lng: 24.9 },
    ],
    venue_config: {
      order_api_enabled: true,
      menu_api_enabled: true,
      prep_time_duration: venue.prepTimeSeconds,
      max_acceptance_prep_time_duration: 3600,
      rate_limit_settings: {
        itemsUpdate: { refresh_rate_in_minutes: 1, limit: 120 },
        getMenu: { refresh_rate_in_minutes: 1, limit: 999 },
        inventoryUpdate: { refresh_rate_in_minutes: 1, limit: 120 },
      },
      geo_fencing_status: true,
    },
    last_three_orders_status: latest.map((o) => lowerStatus(o).toUpperCase()),
    order_handling_configuration: {
      acceptance_by_platform: false,
      using_courier_arrival_notification: true,
    },
  };
}
