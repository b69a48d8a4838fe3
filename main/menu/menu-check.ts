// Checks a menu file before it replaces the venue's whole menu (docs/platform.md#menu-push: the
// push erases the existing menu, so a broken file costs the venue its menu). Required fields, as
// listed there: menu currency, primary_language, categories; category name, items; item name,
// price, enabled, external_data. Issues name the item and the field so staff can fix the file.
import { z } from 'zod';
import type {
  AvailabilityWish,
  MenuChangeKind,
  MenuDiff,
  MenuIssue,
  MenuItemChange,
  MenuItemSummary,
  MenuOptionSummary,
} from '../../shared/domain';
import { MENU_CHANGE_KINDS, WEEKDAYS } from '../../shared/domain';
import type { PriceWish } from '../../shared/menu-price';
import { MINOR_PER_UNIT } from '../../shared/menu-price';
import type { MenuReading } from '../../shared/menu-text';
import { pickMenuText } from '../../shared/menu-text';
import { keptRefusal } from '../../shared/refusals';

// The one check whose zod issue says nothing of its own (a refine): known by this message.
const MAX_BELOW_MIN = 'max-below-min';

const text = z.array(z.looseObject({ lang: z.string().min(1), value: z.string() })).min(1);
const window = z.looseObject({
  opening_day: z.enum(WEEKDAYS),
  opening_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
  closing_day: z.enum(WEEKDAYS),
  closing_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
});
const optionValue = z.looseObject({
  name: text,
  price: z.number().min(0).optional(),
  enabled: z.boolean().optional(),
  external_data: z.string().min(1).optional(),
});
const option = z.looseObject({
  name: text,
  type: z.string().min(1),
  selection_range: z
    .looseObject({ min: z.number().int().nonnegative(), max: z.number().int().nonnegative() })
    .refine((r) => r.max >= r.min, { message: MAX_BELOW_MIN, path: ['max'] }),
  external_data: z.string().min(1).optional(),
  values: z.array(optionValue).min(1),
});
const item = z.looseObject({
  name: text,
  description: text.optional(),
  price: z.number().min(0),
  enabled: z.boolean(),
  external_data: z.string().min(1),
  disabled_until: z.iso.datetime({ offset: true }).nullable().optional(),
  weekly_availability: z.array(window).optional(),
  weekly_visibility: z.array(window).optional(),
  options: z.array(option).optional(),
});
const category = z.looseObject({
  id: z.string().optional(),
  name: text,
  description: text.optional(),
  items: z.array(item),
  subcategories: z.array(z.looseObject({ name: text, items: z.array(item) })).optional(),
  weekly_availability: z.array(window).optional(),
});
export const menuSchema = z.looseObject({
  id: z.string().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  primary_language: z.string().regex(/^[a-z]{2}$/),
  categories: z.array(category).min(1),
});
export type Menu = z.infer<typeof menuSchema>;

const pathText = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (acc, key) =>
      typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key),
    '',
  );

/** An item's, category's or option's name in the language read (shared/menu-text.ts). */
const nameOf = (value: unknown, reading?: MenuReading): string | null => {
  if (!value || typeof value !== 'object') return null;
  const name = (value as { name?: unknown }).name;
  return Array.isArray(name) ? pickMenuText(name, reading) : null;
};

/** A menu read in the screen's language, its own primary language as the fallback. */
export const readingOf = (
  menu: { primary_language?: unknown },
  language: string | null | undefined,
): MenuReading => ({
  language: language ?? null,
  primary: typeof menu.primary_language === 'string' ? menu.primary_language : null,
});

type Owner = {
  owner: 'item' | 'category' | 'itemAt' | 'categoryAt';
  name: string | null;
  n: number | null;
};

/** The innermost item or category on the path, by its name (else its place), to say where. */
const ownerOf = (
  root: unknown,
  path: ReadonlyArray<PropertyKey>,
  reading: MenuReading,
): Owner | null => {
  let node: unknown = root;
  let found: Owner | null = null;
  for (let i = 0; i < path.length; i += 1) {
    const key = path[i];
    if (node === null || typeof node !== 'object' || key === undefined) break;
    node = (node as Record<PropertyKey, unknown>)[key as string];
    const parent = path[i - 1];
    if (typeof key === 'number' && (parent === 'items' || parent === 'categories')) {
      const item = parent === 'items';
      const externalData = (node as { external_data?: unknown } | null)?.external_data;
      const name =
        nameOf(node, reading) ?? (typeof externalData === 'string' ? externalData : null);
      found = name
        ? { owner: item ? 'item' : 'category', name, n: null }
        : { owner: item ? 'itemAt' : 'categoryAt', name: null, n: key + 1 };
    }
  }
  return found;
};

/** The value the file has at `path` (undefined: the field is missing). */
const valueAt = (root: unknown, path: ReadonlyArray<PropertyKey>): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object'
        ? (node as Record<PropertyKey, unknown>)[key as string]
        : undefined,
    root,
  );

const FORMAT_PROBLEM: Record<string, string> = {
  opening_time: 'time',
  closing_time: 'time',
  currency: 'currency',
  primary_language: 'language',
};
const AT_LEAST_ONE: Record<string, string> = { values: 'oneValue', categories: 'oneCategory' };

/** What is wrong, as the code's `problem` (menu-file-field), from zod's issue and the file. */
const problemOf = (issue: z.core.$ZodIssue, field: string, value: unknown): string => {
  if (issue.message === MAX_BELOW_MIN) return 'maxBelowMin';
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'missing';
      return issue.expected === 'number'
        ? 'number'
        : issue.expected === 'boolean'
          ? 'boolean'
          : issue.expected === 'string'
            ? 'text'
            : issue.expected === 'array'
              ? 'list'
              : 'other';
    case 'too_small':
      if (issue.origin === 'string') return 'empty';
      if (issue.origin === 'array')
        return (
          AT_LEAST_ONE[field] ??
          (field === 'name' || field === 'description' ? 'translation' : 'empty')
        );
      return 'negative';
    case 'invalid_format':
      return FORMAT_PROBLEM[field] ?? 'other';
    case 'invalid_value':
      return field.endsWith('_day') ? 'day' : 'other';
    default:
      return 'other';
  }
};

export type MenuParse = { ok: true; menu: Menu } | { ok: false; issues: MenuIssue[] };

/** Checks a menu file; its issues name items in `language` where the file has it. */
export const parseMenu = (textInput: string, language?: string | null): MenuParse => {
  let json: unknown;
  try {
    json = JSON.parse(textInput);
  } catch {
    return { ok: false, issues: [{ path: '', message: keptRefusal('menu-file-not-json') }] };
  }
  const parsed = menuSchema.safeParse(json);
  const reading = readingOf(json && typeof json === 'object' ? json : {}, language);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 200).map((issue) => {
      const path = pathText(issue.path);
      const owner = ownerOf(json, issue.path, reading);
      const field = String(issue.path.filter((k) => typeof k === 'string').at(-1) ?? 'menu');
      const problem = problemOf(issue, field, valueAt(json, issue.path));
      return {
        path,
        message: keptRefusal(
          'menu-file-field',
          owner?.owner ?? null,
          owner?.name ?? null,
          owner?.n ?? null,
          field,
          field,
          problem,
        ),
      };
    });
    return { ok: false, issues };
  }
  const seen = new Map<string, string>();
  const duplicates: MenuIssue[] = [];
  allItems(parsed.data).forEach(({ item: entry, path }) => {
    const name = nameOf(entry, reading) ?? entry.external_data;
    const previous = seen.get(entry.external_data);
    if (previous !== undefined) {
      duplicates.push({
        path: `${path}.external_data`,
        message: keptRefusal('menu-file-duplicate', name, entry.external_data, previous),
      });
    } else seen.set(entry.external_data, name);
  });
  return duplicates.length > 0
    ? { ok: false, issues: duplicates }
    : { ok: true, menu: parsed.data };
};

/**
 * The platform's menu as its menu read answers it (docs/platform.md#menu-read), read leniently: a
 * menu edited elsewhere may lack what a push requires. An item without external_data is still an
 * item a push would remove, so it is kept and known by its name.
 */
const liveText = z.array(z.looseObject({ value: z.string() })).optional();
const liveItem = z.looseObject({
  name: liveText,
  price: z.number().optional(),
  // On discount: `price` is the discounted one, this the former (read leniently).
  discounted: z.looseObject({ original_price: z.number().optional() }).nullish().catch(null),
  enabled: z.boolean().optional(),
  external_data: z.string().optional(),
  disabled_until: z.string().nullable().optional(),
  options: z
    .array(
      z.looseObject({
        name: liveText,
        values: z
          .array(
            z.looseObject({
              name: liveText,
              price: z.number().optional(),
              enabled: z.boolean().optional(),
              external_data: z.string().optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});
export const liveMenuSchema = z.looseObject({
  primary_language: z.string().optional().catch(undefined),
  categories: z
    .array(
      z.looseObject({
        name: liveText,
        items: z.array(liveItem).optional(),
        subcategories: z
          .array(z.looseObject({ name: liveText, items: z.array(liveItem).optional() }))
          .optional(),
      }),
    )
    .default([]),
});
export type LiveMenu = z.infer<typeof liveMenuSchema>;
type LiveItem = z.infer<typeof liveItem>;

/** JSON with keys sorted: the same item reads the same whichever order its keys came in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * The key an item is matched by across menus: its external_data, else its name (its first value,
 * whatever the screen's language, so the same item matches itself after a switch).
 */
const keyOf = (entry: LiveItem): string =>
  entry.external_data ?? `name:${nameOf(entry) ?? JSON.stringify(entry)}`;

/** Every item with its category's name (in `language` when the menu has it) and its path. */
export const allItems = <I extends LiveItem>(
  menu: {
    primary_language?: unknown;
    categories: Array<{
      name?: unknown;
      items?: I[];
      subcategories?: Array<{ name?: unknown; items?: I[] }>;
    }>;
  },
  language?: string | null,
): Array<{ item: I; category: string; path: string }> => {
  const reading = readingOf(menu, language);
  return menu.categories.flatMap((cat, c) => [
    ...(cat.items ?? []).map((entry, i) => ({
      item: entry,
      category: nameOf(cat, reading) ?? '',
      path: `categories[${c}].items[${i}]`,
    })),
    ...(cat.subcategories ?? []).flatMap((sub, s) =>
      (sub.items ?? []).map((entry, i) => ({
        item: entry,
        category: nameOf(sub, reading) ?? nameOf(cat, reading) ?? '',
        path: `categories[${c}].subcategories[${s}].items[${i}]`,
      })),
    ),
  ]);
};

const withoutAvailability = (options: LiveItem['options']): unknown =>
  (options ?? []).map((option) => ({
    ...option,
    values: (option.values ?? []).map((value) => {
      const { enabled: _enabled, ...rest } = value;
      return rest;
    }),
  }));

/** What differs between the same item on two menus, by kind. */
const changeKinds = (before: LiveItem, after: LiveItem, at: Date): MenuChangeKind[] => {
  const kinds = new Set<MenuChangeKind>();
  const { name: n0, price: p0, enabled: e0, disabled_until: d0, options: o0, ...rest0 } = before;
  const { name: n1, price: p1, enabled: e1, disabled_until: d1, options: o1, ...rest1 } = after;
  if (canonical(n0) !== canonical(n1)) kinds.add('name');
  if (p0 !== p1) kinds.add('price');
  const until = (d: string | null | undefined): number | null =>
    d == null || Date.parse(d) <= at.getTime() ? null : Date.parse(d);
  if ((e0 !== false) !== (e1 !== false) || until(d0) !== until(d1)) kinds.add('availability');
  if (canonical(withoutAvailability(o0)) !== canonical(withoutAvailability(o1))) {
    kinds.add('options');
  } else if (canonical(o0 ?? []) !== canonical(o1 ?? [])) kinds.add('availability');
  if (canonical(rest0) !== canonical(rest1)) kinds.add('details');
  return MENU_CHANGE_KINDS.filter((kind) => kinds.has(kind));
};

/**
 * What replacing `before` (the platform's menu; null: none) with `after` adds, removes, changes,
 * items named in `language` where each menu has it.
 */
export const diffMenus = (
  before: LiveMenu | null,
  after: LiveMenu,
  at: Date = new Date(),
  language?: string | null,
): MenuDiff => {
  const index = (menu: LiveMenu | null): Map<string, { item: LiveItem; name: string }> => {
    const reading = menu ? readingOf(menu, language) : {};
    return new Map(
      (menu ? allItems(menu) : []).map(({ item: entry }) => [
        keyOf(entry),
        { item: entry, name: nameOf(entry, reading) ?? keyOf(entry) },
      ]),
    );
  };
  const old = index(before);
  const next = index(after);
  const removedKeys = [...old.keys()].filter((k) => !next.has(k));
  const changed: MenuItemChange[] = [];
  for (const [key, { item: entry, name }] of next) {
    const previous = old.get(key);
    if (!previous) continue;
    const kinds = changeKinds(previous.item, entry, at);
    if (kinds.length === 0) continue;
    // A price change is named with both prices, so staff see what customers will pay.
    changed.push(
      kinds.includes('price')
        ? {
            name,
            kinds,
            price: { before: previous.item.price ?? null, after: entry.price ?? null },
          }
        : { name, kinds },
    );
  }
  return {
    added: [...next.keys()].filter((k) => !old.has(k)).map((k) => next.get(k)?.name ?? k),
    removed: removedKeys.map((k) => old.get(k)?.name ?? k),
    removedItems: removedKeys.map((k) => ({ externalData: k, name: old.get(k)?.name ?? k })),
    changed,
    categoriesBefore: before?.categories.length ?? 0,
    categoriesAfter: after.categories.length,
    itemsBefore: old.size,
    itemsAfter: next.size,
  };
};

/** Staff's availability and price changes not yet in the platform's menu, by external_data. */
export type AvailabilityWishes = {
  item: (externalData: string) => AvailabilityWish | null;
  option: (externalData: string) => AvailabilityWish | null;
  /** An item's price or discount asked for through update-items; none when not given. */
  price?: (externalData: string) => PriceWish | null;
};

/** The item's price before any discount: what a menu file states as its price. */
const fullPrice = (entry: LiveItem): number | undefined =>
  entry.discounted?.original_price ?? entry.price;

/**
 * An item's discount is the platform's (set through update-items), kept through a push unless
 * the file changes the item's price or states a discount of its own: a file states the full price.
 */
const keepDiscount = (
  target: LiveItem,
  now: LiveItem | undefined,
  wish: PriceWish | null,
): void => {
  if (target.discounted) return;
  const base = wish ? wish.price / MINOR_PER_UNIT : now ? fullPrice(now) : undefined;
  if (base === undefined || target.price !== base) return;
  if (wish) {
    if (wish.discountedPrice === null) return;
    target.price = wish.discountedPrice / MINOR_PER_UNIT;
    target.discounted = { original_price: base, discount_type: 'absolute' };
  } else if (now?.discounted?.original_price !== undefined && now.price !== undefined) {
    target.price = now.price;
    target.discounted = { ...now.discounted };
  }
};

/**
 * The menu to push: the file's, with each item's and option value's availability taken from the
 * platform's menu (and the changes staff asked for that it does not show yet), so a push never
 * puts a sold-out item back on sale; likewise an item's discount, unless the file changes its
 * price. Items and values new to the platform keep the file's.
 */
export const withLiveAvailability = <M extends LiveMenu>(
  file: M,
  live: LiveMenu | null,
  at: Date,
  wishes: AvailabilityWishes,
): M => {
  const menu = structuredClone(file);
  const liveItems = new Map((live ? allItems(live) : []).map(({ item: e }) => [keyOf(e), e]));
  const liveValues = new Map<string, boolean>();
  for (const { item: entry } of live ? allItems(live) : []) {
    for (const value of (entry.options ?? []).flatMap((o) => o.values ?? [])) {
      if (value.external_data && !liveValues.has(value.external_data))
        liveValues.set(value.external_data, value.enabled !== false);
    }
  }
  for (const { item: entry } of allItems(menu)) {
    const target = entry as LiveItem;
    const key = keyOf(entry);
    const now = liveItems.get(key) as LiveItem | undefined;
    const wish = entry.external_data ? wishes.item(entry.external_data) : null;
    if (wish) {
      // As the item sender sets it: sold out until a time stays enabled with disabled_until.
      target.enabled = wish.available || wish.until !== null;
      if (!wish.available && wish.until) target.disabled_until = wish.until;
      else delete target.disabled_until;
    } else if (now) {
      target.enabled = now.enabled !== false;
      const until = now.disabled_until;
      if (until != null && Date.parse(until) > at.getTime()) target.disabled_until = until;
      else delete target.disabled_until;
    }
    keepDiscount(
      target,
      now,
      entry.external_data ? (wishes.price?.(entry.external_data) ?? null) : null,
    );
    for (const value of (entry.options ?? []).flatMap((o) => o.values ?? [])) {
      if (!value.external_data) continue;
      const valueWish = wishes.option(value.external_data);
      const enabled = valueWish ? valueWish.available : liveValues.get(value.external_data);
      if (enabled !== undefined) value.enabled = enabled;
    }
  }
  return menu;
};

/** Whether the platform's menu shows every item of a pushed one as pushed. */
export const showsMenu = (live: LiveMenu, pushed: LiveMenu, at: Date): boolean => {
  const diff = diffMenus(live, pushed, at);
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
};

export const menuItemCount = (menu: LiveMenu): number => allItems(menu).length;

/** Customers can order it: enabled, and not disabled until a later time. */
export const isAvailable = (
  entry: { enabled?: boolean; disabled_until?: string | null },
  at: Date,
): boolean =>
  entry.enabled !== false &&
  (entry.disabled_until == null || Date.parse(entry.disabled_until) <= at.getTime());

/** The items as the menu screen lists them, named in `language` where the menu has it. */
export const summarizeItems = (
  menu: LiveMenu,
  at: Date,
  changing: (externalData: string) => AvailabilityWish | null,
  language?: string | null,
): MenuItemSummary[] => {
  const reading = readingOf(menu, language);
  // One row per key: a menu may carry one item in several categories (the same drink in a meal
  // deal), and the platform's updates change every item of a key at once.
  const seen = new Map<string, { summary: MenuItemSummary; categories: Set<string> }>();
  for (const { item: entry, category } of allItems(menu, language)) {
    const externalData = entry.external_data;
    if (externalData === undefined) continue;
    const known = seen.get(externalData);
    if (known) {
      known.categories.add(category);
      continue;
    }
    const wish = changing(externalData);
    const summary: MenuItemSummary = {
      externalData,
      name: nameOf(entry, reading) ?? externalData,
      category,
      price: entry.price ?? 0,
      originalPrice: entry.discounted?.original_price ?? null,
      priceChanging: null,
      enabled: entry.enabled !== false,
      disabledUntil: entry.disabled_until ?? null,
      available: isAvailable(entry, at),
      pending: wish !== null,
      changing: wish,
    };
    seen.set(externalData, { summary, categories: new Set([category]) });
  }
  return [...seen.values()].map(({ summary, categories }) => ({
    ...summary,
    category: [...categories].join(' · '),
  }));
};

/** Option values by external_data (values shared by several items are one entry), named in `language`. */
export const summarizeOptions = (
  menu: LiveMenu,
  changing: (externalData: string) => AvailabilityWish | null,
  restoreAt: (externalData: string) => string | null,
  language?: string | null,
): MenuOptionSummary[] => {
  const reading = readingOf(menu, language);
  const seen = new Map<string, MenuOptionSummary>();
  for (const { item: entry } of allItems(menu)) {
    for (const option of entry.options ?? []) {
      for (const value of option.values ?? []) {
        const key = value.external_data;
        if (!key || seen.has(key)) continue;
        seen.set(key, {
          externalData: key,
          name: nameOf(value, reading) ?? key,
          option: nameOf(option, reading) ?? '',
          price: value.price ?? 0,
          priceChanging: null,
          enabled: value.enabled !== false,
          changing: changing(key),
          restoreAt: restoreAt(key),
        });
      }
    }
  }
  return [...seen.values()];
};
