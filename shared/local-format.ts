// Local ways of writing times, dates, weekdays and numbers, one formatter each, for the screen
// and the paper alike (money: shared/money.ts, which takes the same locale). Every one reads the
// conventions from Intl for the locale it is given ("fi-FI" writes 09.07, "de-DE" 09:07), so no
// pattern is written by hand here. Formatters are built once per locale and kept: building one
// costs tens of microseconds, and a busy board formats a few thousand times a minute.

/** The locale used when a caller has none: British English writes a 24-hour clock. */
export const DEFAULT_LOCALE = 'en-GB';

const kept = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = kept.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) kept.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
};

const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = kept.get(key) as Intl.NumberFormat | undefined;
  if (!format) kept.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
};

type When = string | number | Date;
const dateOf = (when: When): Date => (when instanceof Date ? when : new Date(when));

/**
 * A clock time as the locale writes it; 24-hour wherever the locale says so (all four of ours).
 * `seconds` adds the seconds, for spans that fall within one minute.
 */
export const formatTime = (when: When, locale: string = DEFAULT_LOCALE, seconds = false): string =>
  dateFormat(
    locale,
    seconds
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
      : { hour: '2-digit', minute: '2-digit' },
  ).format(dateOf(when));

/** A calendar date in the locale's numeric-ish medium form ("27.11.2026", "27 Nov 2026"). */
export const formatDate = (when: When, locale: string = DEFAULT_LOCALE): string =>
  dateFormat(locale, { dateStyle: 'medium' }).format(dateOf(when));

/** A short weekday with the day and month, for a time not today ("pe 27.11.", "Fri 27 Nov"). */
export const formatWeekday = (when: When, locale: string = DEFAULT_LOCALE): string =>
  dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(dateOf(when));

/** A plain number with the locale's grouping and decimal mark ("1 234,5", "1.234,5"). */
export const formatNumber = (
  value: number,
  locale: string = DEFAULT_LOCALE,
  maximumFractionDigits = 2,
): string => numberFormat(locale, { maximumFractionDigits }).format(value);

/** Shared by money.ts so every formatter of the app is kept in the one place. */
export const keptNumberFormat = numberFormat;
