// Which refusal code a price change's failed check is (shared/menu-price.ts declares the rule and
// its words once): main refuses with the specific reason, "below the price" or "below zero", and
// the screen words it in its language, never a generic "not a price".
import type { Refusal } from './refusals';
import { refusal } from './refusals';
import { MAX_PRICE_MINOR, MINOR_PER_UNIT, PRICE_ERRORS } from './menu-price';

const BY_WORDS = new Map<string, () => Refusal>([
  [PRICE_ERRORS.price.missing, () => refusal('price-not-amount')],
  [PRICE_ERRORS.price.notAmount, () => refusal('price-not-amount')],
  [PRICE_ERRORS.price.negative, () => refusal('price-negative')],
  [PRICE_ERRORS.price.tooHigh, () => refusal('price-too-high', MAX_PRICE_MINOR / MINOR_PER_UNIT)],
  [PRICE_ERRORS.discountedPrice.notAmount, () => refusal('discount-not-amount')],
  [PRICE_ERRORS.discountedPrice.notLower, () => refusal('discount-not-lower')],
  [PRICE_ERRORS.discountedPrice.zero, () => refusal('discount-zero')],
  [PRICE_ERRORS.discountedPrice.optionNone, () => refusal('discount-option-none')],
]);

/** The first of a failed price check's issues that is a price rule, as its code; else null. */
export const priceRefusal = (issues: readonly { message: string }[]): Refusal | null => {
  for (const issue of issues) {
    const found = BY_WORDS.get(issue.message);
    if (found) return found();
  }
  return null;
};
