import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatTime, formatWeekday } from './local-format';
import { formatMoney } from './money';

// A local evening time, so a 12-hour clock would show itself as "9:07 PM".
const evening = new Date(2026, 10, 27, 21, 7, 5);
const LOCALES = ['fi-FI', 'sv-SE', 'de-DE', 'en-GB'] as const;

describe('local formats', () => {
  it.each(LOCALES)('%s: times, dates, weekdays and numbers are what Intl says', (locale) => {
    const intl = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, options).format(evening);
    expect(formatTime(evening, locale)).toBe(intl({ hour: '2-digit', minute: '2-digit' }));
    expect(formatTime(evening.toISOString(), locale, true)).toBe(
      intl({ hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    );
    expect(formatDate(evening, locale)).toBe(intl({ dateStyle: 'medium' }));
    expect(formatWeekday(evening, locale)).toBe(
      intl({ weekday: 'short', day: 'numeric', month: 'short' }),
    );
    expect(formatNumber(1234.5, locale)).toBe(new Intl.NumberFormat(locale).format(1234.5));
    expect(formatMoney({ amount: 2580, currency: 'EUR' }, locale)).toBe(
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(25.8),
    );
  });

  it('writes the clock in 24 hours in all four locales, each its own way', () => {
    expect(formatTime(evening, 'fi-FI')).toBe('21.07');
    expect(formatTime(evening, 'sv-SE')).toBe('21:07');
    expect(formatTime(evening, 'de-DE')).toBe('21:07');
    expect(formatTime(evening, 'en-GB')).toBe('21:07');
  });

  it('puts the currency and the decimal mark where each locale does', () => {
    const money = { amount: 2580, currency: 'EUR' };
    expect(formatMoney(money, 'en-GB')).toBe('€25.80');
    expect(formatMoney(money, 'fi-FI')).toBe('25,80\u00a0€');
    expect(formatMoney(money, 'de-DE')).toBe('25,80\u00a0€');
    expect(formatMoney({ amount: 12_000, currency: 'SEK' }, 'sv-SE')).toBe('120,00\u00a0kr');
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'fi-FI')).toBe('1\u00a0234,5');
  });
});
