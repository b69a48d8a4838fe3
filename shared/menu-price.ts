// The one declaration of a price change from the menu screen (docs/platform.md#prices-and-discounts):
// what staff may ask (a new price, and for an item a discounted price below it), how a typed
// amount reads, and every refusal in staff words on its field. The renderer checks as staff type;
// main checks the same at its boundary before anything is queued.
import { z } from 'zod';
import { encodeRefusal, refusal } from './refusals';

/** The menu API's update amounts are integer minor units (cents); a menu price is its decimal. */
export const MINOR_PER_UNIT = 100;
/** No counter item costs more than this; a typo (an extra zero or two) is caught here. */
export const MAX_PRICE_MINOR = 100_000;

/** A typed amount ("12,50", "12.5", "€ 9") in minor units, or null when it is not one. */
export const parseAmount = (text: string): number | null => {
  const clean = text.replace(/[€\s]/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * MINOR_PER_UNIT);
};

/** A menu's decimal price in minor units. */
export const toMinorUnits = (decimal: number): number => Math.round(decimal * MINOR_PER_UNIT);

export type PriceTarget = 'item' | 'option';

/**
 * Each refusal, by field, as its code (shared/refusals.ts words it in every language): the form
 * words it under its own field, and main refuses a change with the same code.
 */
export const PRICE_ERRORS = {
  price: {
    missing: encodeRefusal(refusal('price-missing')),
    notAmount: encodeRefusal(refusal('price-not-amount')),
    negative: encodeRefusal(refusal('price-negative')),
    tooHigh: encodeRefusal(refusal('price-too-high', MAX_PRICE_MINOR / MINOR_PER_UNIT)),
  },
  discountedPrice: {
    notAmount: encodeRefusal(refusal('discount-not-amount')),
    notLower: encodeRefusal(refusal('discount-not-lower')),
    zero: encodeRefusal(refusal('discount-zero')),
    optionNone: encodeRefusal(refusal('discount-option-none')),
  },
} as const;

const amount = (field: 'price' | 'discountedPrice') =>
  z
    .number({ error: PRICE_ERRORS[field].notAmount })
    .int(PRICE_ERRORS[field].notAmount)
    .max(MAX_PRICE_MINOR, PRICE_ERRORS.price.tooHigh);

/** A price change as main's channel takes it (minor units). */
export const priceChangeSchema = z
  .object({
    target: z.enum(['item', 'option']),
    externalData: z.string().min(1).max(200),
    price: amount('price').min(0, PRICE_ERRORS.price.negative),
    /** An item's price on discount; null ends a discount (the price alone is sent). */
    discountedPrice: amount('discountedPrice').nullable(),
    /** The venue whose menu it is (a terminal may serve several); the first venue if absent. */
    venueId: z.string().min(1).max(200).optional(),
  })
  .strict()
  .superRefine((change, ctx) => {
    if (change.discountedPrice === null) return;
    const issue = (message: string) =>
      ctx.addIssue({ code: 'custom', path: ['discountedPrice'], message });
    if (change.target === 'option') issue(PRICE_ERRORS.discountedPrice.optionNone);
    else if (change.discountedPrice <= 0) issue(PRICE_ERRORS.discountedPrice.zero);
    else if (change.discountedPrice >= change.price) issue(PRICE_ERRORS.discountedPrice.notLower);
  });
export type PriceChange = z.output<typeof priceChangeSchema>;

/** Each field's refusal, kept as its code (`storedText` words it). */
export type PriceFieldErrors = Partial<Record<'price' | 'discountedPrice', string>>;

/** The form's fields as typed, checked by the same rule: the change, or an error per field. */
export const readPriceForm = (
  target: PriceTarget,
  externalData: string,
  priceText: string,
  discountText: string,
): { change: PriceChange; errors: null } | { change: null; errors: PriceFieldErrors } => {
  const errors: PriceFieldErrors = {};
  const price = priceText.trim() === '' ? null : parseAmount(priceText);
  if (priceText.trim() === '') errors.price = PRICE_ERRORS.price.missing;
  else if (price === null)
    errors.price = /^\s*-/.test(priceText)
      ? PRICE_ERRORS.price.negative
      : PRICE_ERRORS.price.notAmount;
  const discounted = discountText.trim() === '' ? null : parseAmount(discountText);
  if (discountText.trim() !== '' && discounted === null)
    errors.discountedPrice = PRICE_ERRORS.discountedPrice.notAmount;
  if (errors.price || errors.discountedPrice) return { change: null, errors };
  const parsed = priceChangeSchema.safeParse({
    target,
    externalData,
    price,
    discountedPrice: discounted,
  });
  if (parsed.success) return { change: parsed.data, errors: null };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'price' || field === 'discountedPrice') && !errors[field])
      errors[field] = issue.message;
  }
  return { change: null, errors };
};

/** What staff asked for that the platform's menu does not show yet (minor units). */
export type PriceWish = { price: number; discountedPrice: number | null };

/**
 * Whether the platform's menu shows the wish: an item on discount reads its discounted price as
 * `price` and the former as `discounted.original_price`; without a discount, no `discounted`.
 */
export const showsPrice = (
  entry: { price?: number; discounted?: { original_price?: number } | null },
  wish: PriceWish,
): boolean => {
  const price = entry.price === undefined ? null : toMinorUnits(entry.price);
  const original =
    entry.discounted?.original_price === undefined
      ? null
      : toMinorUnits(entry.discounted.original_price);
  return wish.discountedPrice === null
    ? price === wish.price && original === null
    : price === wish.discountedPrice && original === wish.price;
};
