// The menu as the create-menu operation takes it (docs/platform.md#menu-push): the reference's
// required fields and the types of every field the specification shows, nothing more (an option
// or value declares no required field), and the bulk updates that address items by
// external_data / gtin / sku, each entry every item it matches.
import { z } from 'zod';
import { WEEKDAYS } from '../../shared/domain';
import { HttpError } from '../../kit/http';

/** The platform's "HH:mm" times; "24:00" ends a day. */
export const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'expected a time as HH:mm');
export const dateTime = z.iso.datetime({ offset: true });
const decimalPrice = z.number().finite().nonnegative();
const percentage = z.number().finite().min(0).max(100);
const translations = z.array(z.looseObject({ lang: z.string().min(2), value: z.string() }));
/** A name needs a translation; a description may be an empty list (docs/platform.md#menu-push). */
const text = translations.min(1, 'expected at least one translation');
const description = translations.optional();
const timeWindow = z.looseObject({
  opening_day: z.enum(WEEKDAYS),
  opening_time: hhmm,
  closing_day: z.enum(WEEKDAYS),
  closing_time: hhmm,
});
const range = z
  .looseObject({ min: z.number().int().nonnegative(), max: z.number().int().nonnegative() })
  .refine((r) => r.max >= r.min, { message: 'max must not be below min', path: ['max'] });
const deposit = z.looseObject({ price: decimalPrice, vat_percentage: percentage });
const productInformation = z.looseObject({});

const valueFields = {
  name: translations.optional(),
  selection_range: range.optional(),
  price: decimalPrice.optional(),
  enabled: z.boolean().optional(),
  default: z.boolean().optional(),
  external_data: z.string().min(1).optional(),
  product_information: productInformation.optional(),
  gtin_barcode: z.string().optional(),
  merchant_sku: z.string().optional(),
  deposit: deposit.optional(),
  vat_percentage: percentage.optional(),
};
const subOptionValue = z.looseObject(valueFields);
const optionValue = z.looseObject({
  ...valueFields,
  sub_option_values: z.array(subOptionValue).optional(),
});
const option = z.looseObject({
  name: translations.optional(),
  type: z.string().optional(),
  selection_range: range.optional(),
  external_data: z.string().min(1).optional(),
  values: z.array(optionValue).optional(),
});
const item = z.looseObject({
  name: text,
  description,
  image_url: z.string().optional(),
  price: decimalPrice,
  sales_tax_percentage: percentage.optional(),
  alcohol_percentage: percentage.optional(),
  caffeine_content: z
    .looseObject({ serving_size: z.string(), value: z.number().nonnegative() })
    .optional(),
  weekly_availability: z.array(timeWindow).optional(),
  weekly_visibility: z.array(timeWindow).optional(),
  enabled: z.boolean(),
  discounted: z
    .looseObject({ original_price: decimalPrice, discount_type: z.string().min(1) })
    .optional(),
  disabled_until: dateTime.nullable().optional(),
  delivery_methods: z.array(z.string()).optional(),
  options: z.array(option).optional(),
  external_data: z.string().min(1),
  quantity: z.number().nonnegative().optional(),
  product_information: productInformation.optional(),
  gtin_barcode: z.string().optional(),
  merchant_sku: z.string().optional(),
  deposit: deposit.optional(),
  bundle_offer: z.boolean().optional(),
  restrictions: z
    .looseObject({
      item_restrictions: z.array(z.string()).optional(),
      item_age_restriction: z.looseObject({ limit: z.number().int().positive() }).optional(),
    })
    .optional(),
});
const subcategory = z.looseObject({
  name: text,
  description,
  items: z.array(item),
  weekly_availability: z.array(timeWindow).optional(),
});
const category = z.looseObject({
  id: z.string().min(1).optional(),
  name: text,
  description,
  subcategories: z.array(subcategory).optional(),
  items: z.array(item),
  weekly_availability: z.array(timeWindow).optional(),
});

export const menuSchema = z.looseObject({
  id: z.string().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code such as EUR'),
  primary_language: z
    .string()
    .regex(/^[a-z]{2}$/, 'expected an ISO 639-1 language code such as en'),
  categories: z.array(category),
});

export type Menu = z.infer<typeof menuSchema>;
export type MenuItem = z.infer<typeof item>;
export type MenuOption = z.infer<typeof option>;
type MenuOptionValue = z.infer<typeof optionValue> | z.infer<typeof subOptionValue>;

export type LocatedItem = { item: MenuItem; category: { id: string; name: string } };

const firstText = (value: { value: string }[] | undefined): string => value?.[0]?.value ?? '';

/** Every item of the menu with the category it sits in (subcategory items included). */
export function menuItems(menu: Menu): LocatedItem[] {
  const out: LocatedItem[] = [];
  menu.categories.forEach((cat, index) => {
    const ref = { id: cat.id ?? `category-${index}`, name: firstText(cat.name) };
    for (const it of cat.items) out.push({ item: it, category: ref });
    for (const sub of cat.subcategories ?? [])
      for (const it of sub.items) out.push({ item: it, category: ref });
  });
  return out;
}

function optionValues(menu: Menu): MenuOptionValue[] {
  const out: MenuOptionValue[] = [];
  for (const { item: it } of menuItems(menu)) {
    for (const opt of it.options ?? []) {
      for (const value of opt.values ?? []) {
        out.push(value);
        out.push(...(value.sub_option_values ?? []));
      }
    }
  }
  return out;
}

export const toMinor = (decimal: number): number => Math.round(decimal * 100);
const toDecimal = (minor: number): number => minor / 100;

const minor = z.number().int().nonnegative();
const keyFields = {
  external_id: z.string().min(1).nullable().optional(),
  gtin: z.string().min(1).nullable().optional(),
  sku: z.string().min(1).nullable().optional(),
};
type Keyed = { external_id?: string | null; gtin?: string | null; sku?: string | null };

function exactlyOneKey(entry: Keyed, ctx: z.RefinementCtx): void {
  const given = (['external_id', 'gtin', 'sku'] as const).filter(
    (k) => entry[k] !== undefined && entry[k] !== null,
  );
  if (given.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: `exactly one of external_id, gtin, sku is required (got ${given.length === 0 ? 'none' : given.join(', ')})`,
    });
  }
}

export const patchItemsSchema = z.looseObject({
  data: z
    .array(
      z
        .looseObject({
          ...keyFields,
          price: minor.optional(),
          discounted_price: minor.optional(),
          vat_percentage: percentage.optional(),
          enabled: z.boolean().optional(),
          disabled_until: dateTime.nullable().optional(),
          in_stock: z.boolean().optional(),
        })
        .superRefine(exactlyOneKey)
        .refine((e) => e.discounted_price === undefined || e.price !== undefined, {
          message: 'discounted_price requires price',
          path: ['discounted_price'],
        }),
    )
    .min(1, 'expected at least one entry'),
});

export const patchInventorySchema = z.looseObject({
  data: z
    .array(
      z
        .looseObject({ ...keyFields, inventory: z.number().int().nonnegative() })
        .superRefine(exactlyOneKey),
    )
    .min(1, 'expected at least one entry'),
});

export const patchOptionValuesSchema = z.looseObject({
  data: z
    .array(
      z.looseObject({
        external_id: z.string().min(1),
        price: minor.optional(),
        vat_percentage: percentage.nullable().optional(),
        enabled: z.boolean().optional(),
      }),
    )
    .min(1, 'expected at least one entry'),
});

/**
 * Finds each entry's items first, so a bad entry anywhere changes nothing. A menu may carry one
 * key on several items (the same drink in two categories): the entry changes each of them.
 */
function resolveItems(menu: Menu | null, data: Keyed[]): MenuItem[][] {
  const items = menu ? menuItems(menu).map((l) => l.item) : [];
  return data.map((entry, index) => {
    const [key, field] = entry.external_id
      ? (['external_id', 'external_data'] as const)
      : entry.gtin
        ? (['gtin', 'gtin_barcode'] as const)
        : (['sku', 'merchant_sku'] as const);
    const wanted = entry[key];
    const found = items.filter((it) => it[field] === wanted);
    if (found.length === 0) {
      const path = `data[${index}].${key}`;
      throw new HttpError(
        400,
        `${path}: no item with ${key} "${String(wanted)}" on this venue's menu`,
        { extra: { field: path } },
      );
    }
    return found;
  });
}

export function applyItemUpdates(
  menu: Menu | null,
  data: z.infer<typeof patchItemsSchema>['data'],
): number {
  const targets = resolveItems(menu, data);
  data.forEach((entry, index) => {
    for (const it of targets[index] ?? []) updateItem(it, entry);
  });
  return data.length;
}

function updateItem(it: MenuItem, entry: z.infer<typeof patchItemsSchema>['data'][number]): void {
  if (entry.price !== undefined) {
    if (entry.discounted_price !== undefined) {
      it.price = toDecimal(entry.discounted_price);
      it.discounted = { original_price: toDecimal(entry.price), discount_type: 'absolute' };
    } else {
      it.price = toDecimal(entry.price);
      delete it.discounted;
    }
  }
  if (entry.vat_percentage !== undefined) it.sales_tax_percentage = entry.vat_percentage;
  if (entry.enabled !== undefined) it.enabled = entry.enabled;
  if (entry.disabled_until !== undefined) it.disabled_until = entry.disabled_until;
  if (entry.in_stock !== undefined) it.in_stock = entry.in_stock;
}

export function applyInventory(
  menu: Menu | null,
  data: z.infer<typeof patchInventorySchema>['data'],
): number {
  const targets = resolveItems(menu, data);
  data.forEach((entry, index) => {
    for (const it of targets[index] ?? []) it.inventory = entry.inventory;
  });
  return data.length;
}

export function applyOptionValueUpdates(
  menu: Menu | null,
  data: z.infer<typeof patchOptionValuesSchema>['data'],
): number {
  const values = menu ? optionValues(menu) : [];
  const targets = data.map((entry, index) => {
    const found = values.filter((v) => v.external_data === entry.external_id);
    if (found.length === 0) {
      const path = `data[${index}].external_id`;
      throw new HttpError(
        400,
        `${path}: no option value with external_id "${entry.external_id}" on this venue's menu`,
        { extra: { field: path } },
      );
    }
    return found;
  });
  data.forEach((entry, index) => {
    for (const value of targets[index] ?? []) {
      if (entry.price !== undefined) value.price = toDecimal(entry.price);
      if (entry.enabled !== undefined) value.enabled = entry.enabled;
      // null removes the VAT, unless a price update in the same entry keeps it (reference).
      if (entry.vat_percentage === null && entry.price === undefined) delete value.vat_percentage;
      else if (typeof entry.vat_percentage === 'number')
        value.vat_percentage = entry.vat_percentage;
    }
  });
  return data.length;
}

/** Whether a customer can order the item at `now`. */
export const isOrderable = (it: MenuItem, now: number): boolean =>
  it.enabled && (it.disabled_until == null || Date.parse(it.disabled_until) <= now);

export { firstText };
