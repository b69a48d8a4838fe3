// Checks a menu file before it replaces the venue's whole menu (docs/platform.md#menu-push: the
// push erases the existing menu, so a broken file costs the venue its menu). Required fields, as
// listed there: menu currency, primary_language, categories; category name, items; item name,
// price, enabled, external_data. Issues name the item and the field so staff can fix the file.
import { z } from 'zod';
import type { MenuDiff, MenuIssue, MenuItemSummary } from '../../shared/domain';
import { WEEKDAYS } from '../../shared/domain';

const text = z
  .array(z.looseObject({ lang: z.string().min(1), value: z.string() }))
  .min(1, 'needs at least one translation');
const window = z.looseObject({
  opening_day: z.enum(WEEKDAYS),
  opening_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'expected HH:mm'),
  closing_day: z.enum(WEEKDAYS),
  closing_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'expected HH:mm'),
});
const optionValue = z.looseObject({
  name: text,
  price: z.number().min(0).optional(),
  enabled: z.boolean().optional(),
  external_data: z.string().min(1).optional(),
});
const option = z.looseObject({
  name: text,
  type: z.string({ error: 'is required (e.g. SingleChoice)' }).min(1, 'must not be empty'),
  selection_range: z
    .looseObject(
      { min: z.number().int().nonnegative(), max: z.number().int().nonnegative() },
      { error: 'is required ({min, max})' },
    )
    .refine((r) => r.max >= r.min, { message: 'max must not be below min', path: ['max'] }),
  external_data: z.string().min(1).optional(),
  values: z.array(optionValue).min(1, 'needs at least one value'),
});
const item = z.looseObject({
  name: text,
  description: text.optional(),
  price: z.number({ error: 'is required and must be a number' }).min(0),
  enabled: z.boolean({ error: 'is required and must be true or false' }),
  external_data: z
    .string({ error: 'is required and must be a string' })
    .min(1, 'must not be empty'),
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
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR'),
  primary_language: z.string().regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code such as en'),
  categories: z.array(category).min(1, 'needs at least one category'),
});
export type Menu = z.infer<typeof menuSchema>;

type Item = z.infer<typeof item>;

const pathText = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (acc, key) =>
      typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key),
    '',
  );

const nameOf = (value: unknown): string | null => {
  if (!value || typeof value !== 'object') return null;
  const name = (value as { name?: unknown }).name;
  if (Array.isArray(name)) {
    const first = name[0] as { value?: unknown } | undefined;
    if (first && typeof first.value === 'string') return first.value;
  }
  return null;
};

/** The innermost item or category on the path, to name it in the message. */
const ownerLabel = (root: unknown, path: ReadonlyArray<PropertyKey>): string | null => {
  let node: unknown = root;
  let label: string | null = null;
  for (let i = 0; i < path.length; i += 1) {
    const key = path[i];
    if (node === null || typeof node !== 'object' || key === undefined) break;
    node = (node as Record<PropertyKey, unknown>)[key as string];
    const parent = path[i - 1];
    if (typeof key === 'number' && (parent === 'items' || parent === 'categories')) {
      const kind = parent === 'items' ? 'item' : 'category';
      const externalData = (node as { external_data?: unknown } | null)?.external_data;
      const name = nameOf(node) ?? (typeof externalData === 'string' ? externalData : null);
      label = name ? `${kind} "${name}"` : `${kind} ${key + 1}`;
    }
  }
  return label;
};

export type MenuParse = { ok: true; menu: Menu } | { ok: false; issues: MenuIssue[] };

export const parseMenu = (textInput: string): MenuParse => {
  let json: unknown;
  try {
    json = JSON.parse(textInput);
  } catch (error) {
    return {
      ok: false,
      issues: [{ path: '', message: `The file is not valid JSON: ${(error as Error).message}` }],
    };
  }
  const parsed = menuSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 200).map((issue) => {
      const path = pathText(issue.path);
      const owner = ownerLabel(json, issue.path);
      const field = issue.path.filter((k) => typeof k === 'string').at(-1);
      const fieldText = field ? String(field) : 'menu';
      return {
        path,
        message: `${owner ? `${owner[0]?.toUpperCase()}${owner.slice(1)}: ` : ''}${fieldText} ${issue.message}`,
      };
    });
    return { ok: false, issues };
  }
  const seen = new Map<string, string>();
  const duplicates: MenuIssue[] = [];
  allItems(parsed.data).forEach(({ item: entry, path }) => {
    const previous = seen.get(entry.external_data);
    if (previous) {
      duplicates.push({
        path: `${path}.external_data`,
        message: `Item "${nameOf(entry) ?? entry.external_data}": external_data "${entry.external_data}" is also used at ${previous}`,
      });
    } else seen.set(entry.external_data, path);
  });
  return duplicates.length > 0
    ? { ok: false, issues: duplicates }
    : { ok: true, menu: parsed.data };
};

const allItems = (menu: Menu): Array<{ item: Item; category: string; path: string }> =>
  menu.categories.flatMap((cat, c) => [
    ...cat.items.map((entry, i) => ({
      item: entry,
      category: nameOf(cat) ?? '',
      path: `categories[${c}].items[${i}]`,
    })),
    ...(cat.subcategories ?? []).flatMap((sub, s) =>
      sub.items.map((entry, i) => ({
        item: entry,
        category: nameOf(sub) ?? nameOf(cat) ?? '',
        path: `categories[${c}].subcategories[${s}].items[${i}]`,
      })),
    ),
  ]);

export const diffMenus = (before: Menu | null, after: Menu): MenuDiff => {
  const index = (menu: Menu | null): Map<string, string> =>
    new Map(
      (menu ? allItems(menu) : []).map(({ item: entry }) => [
        entry.external_data,
        JSON.stringify(entry),
      ]),
    );
  const old = index(before);
  const next = index(after);
  const label = (menu: Menu, key: string): string => {
    const found = allItems(menu).find(({ item: entry }) => entry.external_data === key);
    return found ? (nameOf(found.item) ?? key) : key;
  };
  return {
    added: [...next.keys()].filter((k) => !old.has(k)).map((k) => label(after, k)),
    removed: before ? [...old.keys()].filter((k) => !next.has(k)).map((k) => label(before, k)) : [],
    changed: [...next.keys()]
      .filter((k) => old.has(k) && old.get(k) !== next.get(k))
      .map((k) => label(after, k)),
    categoriesBefore: before?.categories.length ?? 0,
    categoriesAfter: after.categories.length,
    itemsBefore: old.size,
    itemsAfter: next.size,
  };
};

export const menuItemCount = (menu: Menu): number => allItems(menu).length;

export const summarizeMenu = (
  menu: Menu,
  overrides: Map<string, { enabled: boolean; disabledUntil: string | null; pending: boolean }>,
): MenuItemSummary[] =>
  allItems(menu).map(({ item: entry, category }) => {
    const override = overrides.get(entry.external_data);
    return {
      externalData: entry.external_data,
      name: nameOf(entry) ?? entry.external_data,
      category,
      price: entry.price,
      enabled: override ? override.enabled : entry.enabled,
      disabledUntil: override ? override.disabledUntil : (entry.disabled_until ?? null),
      pending: override?.pending ?? false,
    };
  });
