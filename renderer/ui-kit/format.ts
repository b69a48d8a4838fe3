// Pure formatting helpers: ages, durations and clock times, in the screen's language. The local
// conventions come from shared/ (local-format.ts, money.ts), the same formatters the tickets use.
import { LOCALE_OF } from '../../shared/i18n';
import { formatTime, formatWeekday } from '../../shared/local-format';
import { formatMoney as formatMoneyIn } from '../../shared/money';
import type { Money } from '../../shared/domain';
import { currentLanguage } from './language';
import { en } from './messages';

/** The locale the screen writes in now: it follows a language switch at the next render. */
export const screenLocale = (): string => LOCALE_OF[currentLanguage()];

/** Money in the order's currency, written the screen's way ("€12.50", "12,50 €"). */
export const formatMoney = (money: Money): string => formatMoneyIn(money, screenLocale());

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

export const formatClock = (iso: string): string => formatTime(iso, screenLocale());

export const formatClockSeconds = (iso: string): string => formatTime(iso, screenLocale(), true);

/** A span of time: to the second when both ends fall in the same minute ("11:42:05–11:42:50"). */
export const formatClockSpan = (from: string, to: string): [string, string] => {
  const [a, b] = [formatClock(from), formatClock(to)];
  if (a !== b) return [a, b];
  return [formatClockSeconds(from), formatClockSeconds(to)];
};

/** A local time staff read: the clock today, with the day on any other day ("Fri 27 Nov 09:00",
 * "pe 27.11. 09.00"). */
export const formatWhen = (iso: string, now: number = Date.now()): string => {
  const at = new Date(iso);
  const today = new Date(now);
  return at.toDateString() === today.toDateString()
    ? formatClock(iso)
    : `${formatWeekday(at, screenLocale()).replace(',', '')} ${formatClock(iso)}`;
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

/**
 * A time zone as staff know it, in the screen's language ("Eastern European Time", "Itä-Euroopan
 * aika"), not its IANA id; the id where the runtime has no name for it.
 */
export const formatTimeZone = (zone: string): string => {
  try {
    return (
      new Intl.DateTimeFormat(screenLocale(), { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value ?? zone
    );
  } catch {
    return zone;
  }
};

/**
 * "350 m", "1.2 km" ("1,2 km" in Finnish, Swedish and German), "14 km": as near as a counter
 * needs, never to the metre, with the screen language's decimal mark.
 */
export const formatDistance = (meters: number): string => {
  if (meters < 1000) return `${Math.max(50, Math.round(meters / 50) * 50)} m`;
  if (meters < 10_000) {
    const km = Math.round(meters / 100) / 10;
    return `${km.toLocaleString(screenLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`;
  }
  return `${Math.round(meters / 1000)} km`;
};
