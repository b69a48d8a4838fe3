// Money, formatted once for every place it is shown: the board and history (renderer), the
// tickets (main/printing) and the day's CSV (main/orders). Amounts are integer minor units; the
// currency's own digits say where the point goes (JPY 0, EUR 2, KWD 3), so paper and screen agree.
// The order's currency gives the symbol; the locale gives its place and the decimal mark
// ("€12.50" in en-GB, "12,50 €" in fi-FI).
import type { Money } from './domain';
import { DEFAULT_LOCALE, keptNumberFormat } from './local-format';

type CurrencyFormat = { format: Intl.NumberFormat; digits: number; named: boolean };

const currencyFormat = (currency: string, locale: string): CurrencyFormat => {
  let format: Intl.NumberFormat;
  try {
    format = keptNumberFormat(locale, { style: 'currency', currency });
  } catch {
    // An unknown currency code should still show the amount rather than break the card.
    format = keptNumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  const options = format.resolvedOptions();
  return {
    format,
    digits: options.maximumFractionDigits ?? 2,
    named: options.style === 'currency',
  };
};

/** For people: "€12.50" (en-GB), "12,50 €" (fi-FI), or "12.50 XYZ" for a code Intl does not know. */
export const formatMoney = (money: Money, locale: string = DEFAULT_LOCALE): string => {
  const { format, digits, named } = currencyFormat(money.currency, locale);
  const text = format.format(money.amount / 10 ** digits);
  return named ? text : `${text} ${money.currency}`;
};

/** For machines (CSV): a plain decimal in the currency's digits, "12.50", "1200", "1.250". */
export const moneyDecimal = (money: Money): string => {
  const { digits } = currencyFormat(money.currency, DEFAULT_LOCALE);
  return (money.amount / 10 ** digits).toFixed(digits);
};
