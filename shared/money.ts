// Money, formatted once for every place it is shown: the board and history (renderer), the
// tickets (main/printing) and the day's CSV (main/orders). Amounts are integer minor units; the
// currency's own digits say where the point goes (JPY 0, EUR 2, KWD 3), so paper and screen agree.
import type { Money } from './domain';

// Formatters are built once and kept: building one costs tens of microseconds, and a busy board
// formats a few thousand times a minute.
type CurrencyFormat = { format: Intl.NumberFormat; digits: number; named: boolean };
const currencyFormats = new Map<string, CurrencyFormat>();

const currencyFormat = (currency: string): CurrencyFormat => {
  let known = currencyFormats.get(currency);
  if (!known) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat('en', { style: 'currency', currency });
    } catch {
      // An unknown currency code should still show the amount rather than break the card.
      format = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    const options = format.resolvedOptions();
    known = {
      format,
      digits: options.maximumFractionDigits ?? 2,
      named: options.style === 'currency',
    };
    currencyFormats.set(currency, known);
  }
  return known;
};

/** For people: "€12.50", or "12.50 XYZ" for a code Intl does not know. */
export const formatMoney = (money: Money): string => {
  const { format, digits, named } = currencyFormat(money.currency);
  const text = format.format(money.amount / 10 ** digits);
  return named ? text : `${text} ${money.currency}`;
};

/** For machines (CSV): a plain decimal in the currency's digits, "12.50", "1200", "1.250". */
export const moneyDecimal = (money: Money): string => {
  const { digits } = currencyFormat(money.currency);
  return (money.amount / 10 ** digits).toFixed(digits);
};
