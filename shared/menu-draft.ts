// The menu editor's draft (docs/platform.md#menu-editor): the one declaration of what staff edit,
// how it becomes the platform's menu (the create-menu shape), how a menu becomes a draft again,
// and every refusal, by field, as a code each screen words in the terminal's language. Amounts
// and numbers are kept as typed, so a half-typed value survives a restart and is refused on its
// field rather than lost. Main keeps the draft; the renderer checks as staff type, main again
// before publishing.
import { z } from 'zod';
import { WEEKDAYS } from './domain';
import type { DraftErrorCode, Weekday } from './domain';
import { MAX_PRICE_MINOR, MINOR_PER_UNIT, parseAmount } from './menu-price';
import { keptRefusal } from './refusals';

const MAX_TEXT = 2_000;
/**
 * The largest menu the terminal takes, in characters: a menu file's text, or a draft written out
 * as JSON. Every list of a draft has its own bound, but their product (categories × items ×
 * options × values) and the `extra` a menu read carries have none, so the whole is bounded here.
 */
export const MENU_MAX_CHARS = 20_000_000;
const typed = z.string().max(MAX_TEXT);
const langCode = z.string().regex(/^[a-z]{2}$/);
/** A text in each of the menu's languages, by language code. */
const text = z.record(langCode, typed);
const key = z.string().min(1).max(100);
/** What a menu read or a file carries that the editor does not edit: sent back as it came. */
const extra = z.record(z.string(), z.unknown());

const windowSchema = z
  .object({ day: z.enum(WEEKDAYS), from: z.string().max(10), to: z.string().max(10) })
  .strict();
const valueSchema = z
  .object({
    key,
    externalData: typed,
    name: text,
    price: typed,
    enabled: z.boolean(),
    extra,
  })
  .strict();
export const OPTION_TYPES = ['SingleChoice', 'MultiChoice'] as const;
const optionSchema = z
  .object({
    key,
    externalData: typed,
    name: text,
    type: z.string().max(100),
    min: typed,
    max: typed,
    values: z.array(valueSchema).max(500),
    extra,
  })
  .strict();
const itemSchema = z
  .object({
    key,
    externalData: typed,
    name: text,
    description: text,
    price: typed,
    tax: typed,
    imageUrl: typed,
    enabled: z.boolean(),
    alcohol: typed,
    ageLimit: typed,
    barcode: typed,
    sku: typed,
    availability: z.array(windowSchema).max(100),
    visibility: z.array(windowSchema).max(100),
    options: z.array(optionSchema).max(100),
    extra,
  })
  .strict();
const groupFields = {
  key,
  name: text,
  description: text,
  items: z.array(itemSchema).max(2_000),
  extra,
};
const subcategorySchema = z.object(groupFields).strict();
const categorySchema = z
  .object({ ...groupFields, subcategories: z.array(subcategorySchema).max(200) })
  .strict();

/** A draft the terminal could write out as a menu of at most MENU_MAX_CHARS characters. */
const withinMenuSize = (draft: unknown): boolean => {
  try {
    return JSON.stringify(draft).length <= MENU_MAX_CHARS;
  } catch {
    // Nested too deep (or too long) to write out: no menu could be made of it.
    return false;
  }
};

export const menuDraftSchema = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/),
    primaryLanguage: langCode,
    /** The menu's languages, the primary one first. */
    languages: z.array(langCode).min(1).max(20),
    categories: z.array(categorySchema).max(500),
    extra,
  })
  .strict()
  .refine(withinMenuSize, { message: keptRefusal('field-too-long', MENU_MAX_CHARS) });

export type MenuDraft = z.infer<typeof menuDraftSchema>;
export type DraftCategory = z.infer<typeof categorySchema>;
export type DraftSubcategory = z.infer<typeof subcategorySchema>;
export type DraftItem = z.infer<typeof itemSchema>;
export type DraftOption = z.infer<typeof optionSchema>;
export type DraftValue = z.infer<typeof valueSchema>;
export type DraftWindow = z.infer<typeof windowSchema>;
export type DraftText = Record<string, string>;

/** A refusal: the entity (by its key) and field it belongs to. */
export type DraftIssue = { key: string; field: string; code: DraftErrorCode };
export const issueId = (entityKey: string, field: string): string => `${entityKey}:${field}`;

type Lt = Array<{ lang: string; value: string }>;
type TimeWindow = {
  opening_day: Weekday;
  opening_time: string;
  closing_day: Weekday;
  closing_time: string;
};

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const WHOLE = /^\d{1,4}$/;
const PERCENT = /^\d{1,3}([.,]\d{1,2})?$/;
const GTIN = /^(\d{8}|\d{12,14})$/;

const minutes = (clock: string): number =>
  Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The menu's languages with a value, the primary one first (an empty translation is none). */
const toLt = (value: DraftText, draft: MenuDraft): Lt =>
  draft.languages
    .map((lang) => ({ lang, value: (value[lang] ?? '').trim() }))
    .filter((t) => t.value !== '');

const percent = (typedValue: string): number => Number(typedValue.trim().replace(',', '.'));

/** A new entity's key; unique enough within one draft. */
export const newKey = (): string =>
  `k${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A fresh code for a new item or choice, from its name (a POS id staff may change). */
export const newCode = (name: string): string => {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 30);
  return `${slug || 'item'}-${Math.random().toString(36).slice(2, 6)}`;
};

type Checker = { issues: DraftIssue[]; add: (k: string, field: string, c: DraftErrorCode) => void };
const checker = (): Checker => {
  const issues: DraftIssue[] = [];
  return { issues, add: (k, field, code) => issues.push({ key: k, field, code }) };
};

const checkName = (c: Checker, draft: MenuDraft, k: string, name: DraftText): void => {
  if ((name[draft.primaryLanguage] ?? '').trim() === '') c.add(k, 'name', 'nameMissing');
};

/** An amount field: the minor units, or null with its refusal recorded. */
const checkAmount = (c: Checker, k: string, field: string, value: string, required: boolean) => {
  if (value.trim() === '') {
    if (required) c.add(k, field, 'priceMissing');
    return null;
  }
  const amount = parseAmount(value);
  if (amount === null) c.add(k, field, 'priceNotAmount');
  else if (amount > MAX_PRICE_MINOR) c.add(k, field, 'priceTooHigh');
  else return amount;
  return null;
};

const checkPercent = (c: Checker, k: string, field: string, value: string): void => {
  if (value.trim() === '') return;
  if (!PERCENT.test(value.trim()) || percent(value) > 100) c.add(k, field, 'percentNotNumber');
};

const checkWindows = (c: Checker, k: string, field: string, windows: DraftWindow[]): void =>
  windows.forEach((w, i) => {
    if (!CLOCK.test(w.from)) c.add(k, `${field}.${i}.from`, 'timeNotClock');
    if (!CLOCK.test(w.to)) c.add(k, `${field}.${i}.to`, 'timeNotClock');
    else if (CLOCK.test(w.from) && minutes(w.to) <= minutes(w.from))
      c.add(k, `${field}.${i}.to`, 'timeNotAfter');
  });

const checkOption = (c: Checker, draft: MenuDraft, option: DraftOption): void => {
  checkName(c, draft, option.key, option.name);
  const min = option.min.trim();
  const max = option.max.trim();
  if (!WHOLE.test(min)) c.add(option.key, 'min', 'rangeNotNumber');
  if (!WHOLE.test(max)) c.add(option.key, 'max', 'rangeNotNumber');
  else if (WHOLE.test(min) && Number(max) < Number(min))
    c.add(option.key, 'max', 'rangeMaxBelowMin');
  else if (option.values.length > 0 && Number(max) > option.values.length)
    c.add(option.key, 'max', 'rangeAboveValues');
  if (WHOLE.test(min) && option.values.length > 0 && Number(min) > option.values.length)
    c.add(option.key, 'min', 'rangeAboveValues');
  if (option.values.length === 0) c.add(option.key, 'values', 'noValues');
  const codes = new Set<string>();
  for (const value of option.values) {
    checkName(c, draft, value.key, value.name);
    checkAmount(c, value.key, 'price', value.price, false);
    const code = value.externalData.trim();
    if (code === '') c.add(value.key, 'externalData', 'codeMissing');
    else if (codes.has(code)) c.add(value.key, 'externalData', 'codeTaken');
    codes.add(code);
  }
};

const checkItem = (c: Checker, draft: MenuDraft, item: DraftItem, codes: Set<string>): void => {
  const k = item.key;
  checkName(c, draft, k, item.name);
  checkAmount(c, k, 'price', item.price, true);
  checkPercent(c, k, 'tax', item.tax);
  checkPercent(c, k, 'alcohol', item.alcohol);
  const age = item.ageLimit.trim();
  if (age !== '' && (!/^\d{1,2}$/.test(age) || Number(age) < 1))
    c.add(k, 'ageLimit', 'ageNotNumber');
  const code = item.externalData.trim();
  if (code === '') c.add(k, 'externalData', 'codeMissing');
  else if (codes.has(code)) c.add(k, 'externalData', 'codeTaken');
  codes.add(code);
  const image = item.imageUrl.trim();
  if (image !== '' && !/^https?:\/\/[^\s/]+\.[^\s]+$/.test(image))
    c.add(k, 'imageUrl', 'imageNotAddress');
  if (item.barcode.trim() !== '' && !GTIN.test(item.barcode.trim()))
    c.add(k, 'barcode', 'barcodeNotDigits');
  checkWindows(c, k, 'availability', item.availability);
  checkWindows(c, k, 'visibility', item.visibility);
  for (const option of item.options) checkOption(c, draft, option);
};

/** Every refusal in the draft, in the order the editor shows its fields. */
export const draftIssues = (draft: MenuDraft): DraftIssue[] => {
  const c = checker();
  if (draft.categories.length === 0) c.add('menu', 'categories', 'noCategories');
  const codes = new Set<string>();
  for (const category of draft.categories) {
    checkName(c, draft, category.key, category.name);
    for (const item of category.items) checkItem(c, draft, item, codes);
    for (const sub of category.subcategories) {
      checkName(c, draft, sub.key, sub.name);
      for (const item of sub.items) checkItem(c, draft, item, codes);
    }
  }
  return c.issues;
};

const toWindows = (windows: DraftWindow[]): TimeWindow[] =>
  windows.map((w) => ({
    opening_day: w.day,
    opening_time: w.from,
    closing_day: w.day,
    closing_time: w.to,
  }));

const decimal = (typedValue: string): number => (parseAmount(typedValue) ?? 0) / MINOR_PER_UNIT;

/** An entity's fields, the editor's over what it does not edit; empty ones left out. */
const compose = (
  base: Record<string, unknown>,
  fields: Record<string, unknown>,
): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete out[name];
    else out[name] = value;
  }
  return out;
};

const optional = (draft: MenuDraft, value: DraftText): Lt | undefined => {
  const lt = toLt(value, draft);
  return lt.length > 0 ? lt : undefined;
};

const itemToMenu = (draft: MenuDraft, item: DraftItem): Record<string, unknown> => {
  const age = item.ageLimit.trim();
  const { item_age_restriction: _age, ...restrictions } = (item.extra.restrictions ?? {}) as Record<
    string,
    unknown
  >;
  const allRestrictions = age
    ? { ...restrictions, item_age_restriction: { limit: Number(age) } }
    : restrictions;
  return compose(item.extra, {
    name: toLt(item.name, draft),
    description: optional(draft, item.description),
    image_url: item.imageUrl.trim() || undefined,
    price: decimal(item.price),
    sales_tax_percentage: item.tax.trim() ? percent(item.tax) : undefined,
    alcohol_percentage: item.alcohol.trim() ? percent(item.alcohol) : undefined,
    weekly_availability: toWindows(item.availability),
    weekly_visibility: toWindows(item.visibility),
    enabled: item.enabled,
    options: item.options.map((option) =>
      compose(option.extra, {
        name: toLt(option.name, draft),
        type: option.type,
        selection_range: { min: Number(option.min), max: Number(option.max) },
        external_data: option.externalData.trim() || undefined,
        values: option.values.map((value) =>
          compose(value.extra, {
            name: toLt(value.name, draft),
            price: value.price.trim() ? decimal(value.price) : undefined,
            enabled: value.enabled,
            external_data: value.externalData.trim(),
          }),
        ),
      }),
    ),
    external_data: item.externalData.trim(),
    gtin_barcode: item.barcode.trim() || undefined,
    merchant_sku: item.sku.trim() || undefined,
    restrictions: Object.keys(allRestrictions).length > 0 ? allRestrictions : undefined,
  });
};

/** The platform's menu (create-menu shape) the draft stands for, or its refusals. */
export const draftToMenu = (
  draft: MenuDraft,
): { ok: true; menu: Record<string, unknown> } | { ok: false; issues: DraftIssue[] } => {
  const issues = draftIssues(draft);
  if (issues.length > 0) return { ok: false, issues };
  const group = (g: DraftCategory | DraftSubcategory): Record<string, unknown> =>
    compose(g.extra, {
      name: toLt(g.name, draft),
      description: optional(draft, g.description),
      items: g.items.map((item) => itemToMenu(draft, item)),
    });
  return {
    ok: true,
    menu: {
      ...draft.extra,
      currency: draft.currency,
      primary_language: draft.primaryLanguage,
      categories: draft.categories.map((category) => ({
        ...group(category),
        ...(category.subcategories.length > 0
          ? { subcategories: category.subcategories.map(group) }
          : {}),
      })),
    },
  };
};

// Reading a menu (a file, or the platform's) into a draft: lenient, what it cannot read is left.

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isObject) : []);
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const without = (value: Loose, ...names: string[]): Loose =>
  Object.fromEntries(Object.entries(value).filter(([name]) => !names.includes(name)));

const fromLt = (value: unknown): DraftText =>
  Object.fromEntries(
    list(value)
      .filter((t) => typeof t.lang === 'string' && /^[a-z]{2}$/.test(t.lang))
      .map((t) => [t.lang as string, str(t.value)]),
  );
const amountText = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '';
const numberText = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
const fromWindows = (value: unknown): DraftWindow[] =>
  list(value)
    .filter((w) => (WEEKDAYS as readonly unknown[]).includes(w.opening_day))
    .map((w) => ({
      day: w.opening_day as Weekday,
      from: str(w.opening_time),
      to: str(w.closing_time),
    }));

const itemFromMenu = (item: Loose): DraftItem => {
  const discounted = isObject(item.discounted) ? item.discounted : null;
  const restrictions = isObject(item.restrictions) ? item.restrictions : {};
  const age = isObject(restrictions.item_age_restriction)
    ? numberText(restrictions.item_age_restriction.limit)
    : '';
  const rest = without(restrictions, 'item_age_restriction');
  return {
    key: newKey(),
    externalData: str(item.external_data),
    name: fromLt(item.name),
    description: fromLt(item.description),
    // On discount the platform's price is the discounted one: the draft holds the full price,
    // and a push keeps the discount (docs/platform.md#menu-push).
    price: amountText(discounted?.original_price ?? item.price),
    tax: numberText(item.sales_tax_percentage),
    imageUrl: str(item.image_url),
    enabled: item.enabled !== false,
    alcohol: numberText(item.alcohol_percentage),
    ageLimit: age,
    barcode: str(item.gtin_barcode),
    sku: str(item.merchant_sku),
    availability: fromWindows(item.weekly_availability),
    visibility: fromWindows(item.weekly_visibility),
    options: list(item.options).map((option) => {
      const range = isObject(option.selection_range) ? option.selection_range : {};
      return {
        key: newKey(),
        externalData: str(option.external_data),
        name: fromLt(option.name),
        type: str(option.type) || 'SingleChoice',
        min: numberText(range.min),
        max: numberText(range.max),
        values: list(option.values).map((value) => ({
          key: newKey(),
          externalData: str(value.external_data),
          name: fromLt(value.name),
          price: amountText(value.price),
          enabled: value.enabled !== false,
          extra: without(value, 'name', 'price', 'enabled', 'external_data'),
        })),
        extra: without(option, 'name', 'type', 'selection_range', 'external_data', 'values'),
      };
    }),
    extra: {
      ...without(
        item,
        'external_data',
        'name',
        'description',
        'price',
        'discounted',
        'sales_tax_percentage',
        'image_url',
        'enabled',
        'alcohol_percentage',
        'restrictions',
        'gtin_barcode',
        'merchant_sku',
        'weekly_availability',
        'weekly_visibility',
        'options',
        // Availability is the platform's, set from the menu screen; a push keeps it.
        'disabled_until',
      ),
      ...(Object.keys(rest).length > 0 ? { restrictions: rest } : {}),
    },
  };
};

const groupFromMenu = (group: Loose) => ({
  key: newKey(),
  name: fromLt(group.name),
  description: fromLt(group.description),
  items: list(group.items).map(itemFromMenu),
});

/** A draft holding a menu (a file or the platform's); the languages it has, primary first. */
export const menuToDraft = (menu: unknown, fallbackLanguage = 'en'): MenuDraft => {
  const source = isObject(menu) ? menu : {};
  const primary =
    typeof source.primary_language === 'string' && /^[a-z]{2}$/.test(source.primary_language)
      ? source.primary_language
      : fallbackLanguage;
  const seen = new Set<string>([primary]);
  const note = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(note);
    else if (isObject(node)) {
      if (typeof node.lang === 'string' && /^[a-z]{2}$/.test(node.lang) && 'value' in node)
        seen.add(node.lang);
      Object.values(node).forEach(note);
    }
  };
  note(source.categories);
  return {
    currency:
      typeof source.currency === 'string' && /^[A-Z]{3}$/.test(source.currency)
        ? source.currency
        : 'EUR',
    primaryLanguage: primary,
    languages: [...seen].slice(0, 20),
    categories: list(source.categories).map((category) => ({
      ...groupFromMenu(category),
      subcategories: list(category.subcategories).map((sub) => ({
        ...groupFromMenu(sub),
        extra: without(sub, 'name', 'description', 'items'),
      })),
      extra: without(category, 'name', 'description', 'items', 'subcategories'),
    })),
    extra: without(source, 'currency', 'primary_language', 'categories'),
  };
};

/** An empty menu in the terminal's language. */
export const emptyDraft = (language: string): MenuDraft => ({
  currency: 'EUR',
  primaryLanguage: language,
  languages: [language],
  categories: [],
  extra: {},
});

export const emptyItem = (): DraftItem => ({
  key: newKey(),
  externalData: newCode('item'),
  name: {},
  description: {},
  price: '',
  tax: '',
  imageUrl: '',
  enabled: true,
  alcohol: '',
  ageLimit: '',
  barcode: '',
  sku: '',
  availability: [],
  visibility: [],
  options: [],
  extra: {},
});

export const emptyOption = (): DraftOption => ({
  key: newKey(),
  externalData: '',
  name: {},
  type: 'SingleChoice',
  min: '0',
  max: '1',
  values: [],
  extra: {},
});

export const emptyValue = (): DraftValue => ({
  key: newKey(),
  externalData: newCode('choice'),
  name: {},
  price: '',
  enabled: true,
  extra: {},
});

/** A copy with fresh keys and codes: the platform tells items apart by their code. */
export const duplicateItem = (item: DraftItem, copyCode: string): DraftItem => ({
  ...structuredClone(item),
  key: newKey(),
  externalData: copyCode,
  options: item.options.map((option) => ({
    ...structuredClone(option),
    key: newKey(),
    values: option.values.map((value) => ({ ...structuredClone(value), key: newKey() })),
  })),
});
