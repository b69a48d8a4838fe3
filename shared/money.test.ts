import { describe, expect, it } from 'vitest';
import { formatMoney, moneyDecimal } from './money';

describe('money', () => {
  it('puts the point where the currency’s digits say', () => {
    expect(formatMoney({ amount: 1250, currency: 'EUR' })).toBe('€12.50');
    expect(formatMoney({ amount: 1200, currency: 'JPY' })).toBe('JP¥1,200');
    expect(formatMoney({ amount: 1250, currency: 'KWD' })).toBe('KWD\u00a01.250');
    expect(moneyDecimal({ amount: 1250, currency: 'EUR' })).toBe('12.50');
    expect(moneyDecimal({ amount: 1200, currency: 'JPY' })).toBe('1200');
    expect(moneyDecimal({ amount: 1250, currency: 'KWD' })).toBe('1.250');
  });

  it('still shows an amount in a code Intl does not know, with two digits', () => {
    expect(formatMoney({ amount: 1250, currency: 'XX1' })).toBe('12.50 XX1');
    expect(moneyDecimal({ amount: 1250, currency: 'XX1' })).toBe('12.50');
  });
});
