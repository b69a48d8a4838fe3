import { afterEach, describe, expect, it } from 'vitest';
import { formatClock, formatDistance, formatMoney, formatTimeZone, formatWhen } from './format';
import { setLanguage } from './language';

const evening = new Date(2026, 10, 27, 21, 7).toISOString();

describe('screen formats', () => {
  afterEach(() => setLanguage('en'));

  it('follow a language switch at the next call, with no restart', () => {
    setLanguage('en');
    expect(formatClock(evening)).toBe('21:07');
    expect(formatMoney({ amount: 2580, currency: 'EUR' })).toBe('€25.80');
    setLanguage('fi');
    expect(formatClock(evening)).toBe('21.07');
    expect(formatMoney({ amount: 2580, currency: 'EUR' })).toBe('25,80\u00a0€');
    setLanguage('de');
    expect(formatMoney({ amount: 2580, currency: 'EUR' })).toBe('25,80\u00a0€');
    expect(formatWhen(evening, new Date(2026, 10, 28, 12).getTime())).toBe('Fr. 27. Nov. 21:07');
  });

  it('name a time zone as staff know it, in the screen’s language, not by its id', () => {
    setLanguage('en');
    expect(formatTimeZone('Europe/Helsinki')).toBe('Eastern European Time');
    setLanguage('fi');
    expect(formatTimeZone('Europe/Helsinki')).toBe('Itä-Euroopan aika');
    // A zone the runtime cannot name: its id rather than nothing.
    expect(formatTimeZone('Not/A_Zone')).toBe('Not/A_Zone');
  });

  it("write a courier's distance with the language's decimal mark, never to the metre", () => {
    setLanguage('en');
    expect([320, 1240, 14_400].map(formatDistance)).toEqual(['300 m', '1.2 km', '14 km']);
    setLanguage('fi');
    expect(formatDistance(1240)).toBe('1,2 km');
    setLanguage('sv');
    expect(formatDistance(2000)).toBe('2,0 km');
  });
});
