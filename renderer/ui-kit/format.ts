// Pure formatting helpers: ages, durations and clock times (money: shared/money.ts).
import { en } from './messages';

// Money is formatted once, in shared/money.ts, for the screen, the tickets and the CSV alike.
export { formatMoney } from '../../shared/money';

export const formatDuration = (ms: number): string => {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return en.duration.seconds;
  if (minutes < 60) return en.duration.minutes(minutes);
  return en.duration.hours(Math.floor(minutes / 60), minutes % 60);
};

export const formatAge = (createdAt: string, now: number): string => {
  const ms = now - Date.parse(createdAt);
  return ms < 60_000 ? en.duration.seconds : en.order.age(formatDuration(ms));
};

const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const CLOCK_SECONDS = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export const formatClock = (iso: string): string => CLOCK.format(new Date(iso));

export const formatClockSeconds = (iso: string): string => CLOCK_SECONDS.format(new Date(iso));

/** A span of time: to the second when both ends fall in the same minute ("11:42:05–11:42:50"). */
export const formatClockSpan = (from: string, to: string): [string, string] => {
  const [a, b] = [formatClock(from), formatClock(to)];
  if (a !== b) return [a, b];
  return [formatClockSeconds(from), formatClockSeconds(to)];
};

const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });

/** A local time staff read: the clock today, with the day on any other day ("Fri 27 Nov 09:00"). */
export const formatWhen = (iso: string, now: number = Date.now()): string => {
  const at = new Date(iso);
  const today = new Date(now);
  return at.toDateString() === today.toDateString()
    ? formatClock(iso)
    : `${DAY.format(at).replace(',', '')} ${formatClock(iso)}`;
};

/** End of the local day, used for "offline for the rest of the day". */
export const endOfLocalDay = (now: number): Date => {
  const end = new Date(now);
  end.setHours(23, 59, 0, 0);
  return end;
};

/** How long staff take something away: a venue offline, an item sold out, an option off. */
export type Duration = 'm30' | 'h1' | 'restOfDay' | 'indefinitely';

/** When a duration ends, from now; null: until staff switch it back. */
export const untilFor = (duration: Duration, now: number): string | null => {
  switch (duration) {
    case 'm30':
      return new Date(now + 30 * 60_000).toISOString();
    case 'h1':
      return new Date(now + 60 * 60_000).toISOString();
    case 'restOfDay':
      return endOfLocalDay(now).toISOString();
    case 'indefinitely':
      return null;
  }
};

/** "350 m", "1.2 km", "14 km": as near as a counter needs, never to the metre. */
export const formatDistance = (meters: number): string => {
  if (meters < 1000) return `${Math.max(50, Math.round(meters / 50) * 50)} m`;
  if (meters < 10_000) return `${(Math.round(meters / 100) / 10).toFixed(1)} km`;
  return `${Math.round(meters / 1000)} km`;
};
