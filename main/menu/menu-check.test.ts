import { describe, expect, it } from 'vitest';
import {
  diffMenus,
  liveMenuSchema,
  parseMenu,
  summarizeItems,
  summarizeOptions,
  withLiveAvailability,
} from './menu-check';
import { storedText } from '../../shared/refusals';

/** An issue list as a Finnish, German or English screen reads it. */
const said = (issues: { message: string }[], language: 'en' | 'fi' | 'sv' | 'de' = 'en') =>
  issues.map((issue) => storedText(issue.message, language));

const lt = (value: string) => [{ lang: 'en', value }];
const menu = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  primary_language: 'en',
  categories: [{ name: lt('Mains'), items }],
  ...extra,
});
const burger = { name: lt('Burger'), price: 9.5, enabled: true, external_data: 'burger' };
const fries = { name: lt('Fries'), price: 3, enabled: true, external_data: 'fries' };

describe('menu check', () => {
  it('accepts a menu with the required fields', () => {
    const result = parseMenu(JSON.stringify(menu([burger, fries])));
    expect(result.ok).toBe(true);
  });

  it('names the item and the field of each issue', () => {
    const result = parseMenu(
      JSON.stringify(
        menu([
          burger,
          { name: lt('Salad'), enabled: true, external_data: 'salad' },
          { name: lt('Soup'), price: 4, external_data: 'soup', enabled: 'yes' },
        ]),
      ),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual([
      'categories[0].items[1].price',
      'categories[0].items[2].enabled',
    ]);
    expect(said(result.issues)).toEqual([
      'Item “Salad”: price is missing',
      'Item “Soup”: on sale (enabled) must be true or false',
    ]);
    expect(said(result.issues, 'fi')).toEqual([
      'Tuote ”Salad”: hinta puuttuu',
      'Tuote ”Soup”: myynnissä (enabled) ei ole true tai false',
    ]);
    expect(said(result.issues, 'de')[0]).toBe('Artikel „Salad“: Preis fehlt');
    expect(said(result.issues, 'sv')[0]).toBe('Artikel ”Salad”: pris saknas');
  });

  it('refuses missing menu fields, bad JSON and duplicate external_data', () => {
    const missing = parseMenu(JSON.stringify({ categories: [] }));
    expect(missing.ok === false && missing.issues.map((i) => i.path)).toEqual([
      'currency',
      'primary_language',
      'categories',
    ]);
    expect(missing.ok === false && said(missing.issues)).toEqual([
      'currency is missing',
      'menu language is missing',
      'categories needs at least one category',
    ]);
    const bad = parseMenu('{"currency":');
    expect(bad.ok === false && said(bad.issues, 'sv')).toEqual([
      'Det här är ingen menyfil: den är inte giltig JSON. Exportera menyn igen.',
    ]);
    const dup = parseMenu(JSON.stringify(menu([burger, { ...fries, external_data: 'burger' }])));
    expect(dup.ok === false && dup.issues[0]?.path).toBe('categories[0].items[1].external_data');
    expect(dup.ok === false && said(dup.issues)).toEqual([
      'Item “Fries”: its POS code “burger” is also used by “Burger”. Every item needs its own code.',
    ]);
  });

  it('checks options as the platform requires them', () => {
    const withOption = { ...burger, options: [{ name: lt('Sauce'), values: [] }] };
    const result = parseMenu(JSON.stringify(menu([withOption])));
    expect(result.ok === false && said(result.issues)).toEqual([
      'Item “Burger”: option type is missing',
      'Item “Burger”: choice range is missing',
      'Item “Burger”: option values needs at least one value',
    ]);
    const range = {
      ...burger,
      options: [
        {
          name: lt('Sauce'),
          type: 'SingleChoice',
          selection_range: { min: 2, max: 1 },
          values: [{ name: lt('Mayo') }],
        },
      ],
    };
    const below = parseMenu(JSON.stringify(menu([range], { currency: 'euro' })));
    expect(below.ok === false && said(below.issues)).toEqual([
      'currency must be a currency code, e.g. EUR',
      'Item “Burger”: most cannot be below the least',
    ]);
  });

  it("diffs against the platform's menu by external_data, whatever the key order", () => {
    const before = parseMenu(JSON.stringify(menu([burger, fries])));
    const after = parseMenu(
      JSON.stringify(
        menu([
          { ...burger, price: 10 },
          { name: lt('Shake'), price: 4, enabled: true, external_data: 'shake' },
        ]),
      ),
    );
    if (!before.ok || !after.ok) throw new Error('menus should parse');
    expect(diffMenus(before.menu, after.menu)).toEqual({
      added: ['Shake'],
      removed: ['Fries'],
      removedItems: [{ externalData: 'fries', name: 'Fries' }],
      changed: [{ name: 'Burger', kinds: ['price'], price: { before: 9.5, after: 10 } }],
      categoriesBefore: 1,
      categoriesAfter: 1,
      itemsBefore: 2,
      itemsAfter: 2,
    });
    // The platform may answer an item's keys in another order: not a change.
    const reordered = {
      ...before.menu,
      categories: [{ items: [{ ...fries }, Object.fromEntries(Object.entries(burger).reverse())] }],
    };
    expect(diffMenus(liveMenuSchema.parse(reordered), before.menu)).toMatchObject({
      added: [],
      removed: [],
      changed: [],
    });
    // An item the platform has without external_data is still removed by a push, by name.
    const handMade = liveMenuSchema.parse({
      categories: [{ items: [{ ...burger }, { name: lt('Daily special'), enabled: true }] }],
    });
    expect(diffMenus(handMade, before.menu)).toMatchObject({
      removed: ['Daily special'],
      removedItems: [{ externalData: 'name:Daily special', name: 'Daily special' }],
    });
    expect(diffMenus(null, after.menu)).toMatchObject({
      added: ['Burger', 'Shake'],
      removed: [],
      itemsBefore: 0,
    });
  });

  const at = new Date('2026-11-26T12:00:00Z');
  const tonight = '2026-11-26T22:00:00.000Z';
  const sauce = (enabled: boolean) => [
    {
      name: lt('Sauce'),
      type: 'SingleChoice',
      selection_range: { min: 0, max: 1 },
      values: [{ name: lt('Aioli'), enabled, external_data: 'aioli' }],
    },
  ];
  const noWishes = { item: () => null, option: () => null };

  it('names each kind of change per item', () => {
    const before = liveMenuSchema.parse(
      menu([{ ...burger, options: sauce(true) }, fries, { ...burger, external_data: 'b2' }]),
    );
    const after = liveMenuSchema.parse(
      menu([
        { ...burger, name: lt('Big Burger'), price: 11, options: sauce(false) },
        { ...fries, enabled: false, description: lt('Crispy'), options: sauce(true) },
        { ...burger, external_data: 'b2', disabled_until: tonight },
      ]),
    );
    expect(diffMenus(before, after, at).changed).toEqual([
      {
        name: 'Big Burger',
        kinds: ['name', 'price', 'availability'],
        price: { before: 9.5, after: 11 },
      },
      { name: 'Fries', kinds: ['availability', 'options', 'details'] },
      { name: 'Burger', kinds: ['availability'] },
    ]);
    // A sold-out time already passed is no change of availability.
    const passed = liveMenuSchema.parse(
      menu([{ ...burger, disabled_until: '2026-11-26T11:00:00Z' }]),
    );
    expect(diffMenus(passed, liveMenuSchema.parse(menu([burger])), at).changed).toEqual([]);
  });

  it('names each kind alone when it is the only change of an item', () => {
    const item = (id: string, patch: Record<string, unknown> = {}) => ({
      name: lt(id),
      price: 5,
      enabled: true,
      external_data: id,
      options: sauce(true),
      ...patch,
    });
    const ids = ['renamed', 'repriced', 'sold-out', 'until', 'sauce-off', 'sauce-priced'];
    const before = liveMenuSchema.parse(menu(ids.map((id) => item(id))));
    const [aioli] = sauce(true);
    const after = liveMenuSchema.parse(
      menu([
        item('renamed', { name: lt('Renamed twice') }),
        item('repriced', { price: 6 }),
        item('sold-out', { enabled: false }),
        item('until', { disabled_until: tonight }),
        item('sauce-off', { options: sauce(false) }),
        item('sauce-priced', {
          options: [{ ...aioli, values: [{ ...aioli!.values[0], price: 0.5 }] }],
        }),
      ]),
    );
    expect(diffMenus(before, after, at).changed).toEqual([
      { name: 'Renamed twice', kinds: ['name'] },
      { name: 'repriced', kinds: ['price'], price: { before: 5, after: 6 } },
      { name: 'sold-out', kinds: ['availability'] },
      { name: 'until', kinds: ['availability'] },
      // An option value switched off is availability; one priced anew changes the options.
      { name: 'sauce-off', kinds: ['availability'] },
      { name: 'sauce-priced', kinds: ['options'] },
    ]);
  });

  it("lists a platform menu's item once per key, in each of its categories, and reads options with no field but their values", () => {
    const live = liveMenuSchema.parse({
      currency: 'EUR',
      primary_language: 'en',
      categories: [
        {
          name: lt('Drinks'),
          items: [{ ...fries, name: lt('Cola'), external_data: 'cola', options: [{}] }],
        },
        {
          name: lt('Meal deals'),
          items: [
            { ...burger, options: [{ values: [{ external_data: 'ice', name: lt('Ice') }] }] },
            { ...fries, name: lt('Cola'), price: 2, external_data: 'cola' },
          ],
        },
      ],
    });
    const items = summarizeItems(live, new Date('2026-11-28T12:00:00Z'), () => null);
    expect(items.map((i) => [i.externalData, i.category])).toEqual([
      ['cola', 'Drinks · Meal deals'],
      ['burger', 'Meal deals'],
    ]);
    expect(
      summarizeOptions(
        live,
        () => null,
        () => null,
      ).map((o) => [o.externalData, o.name, o.option]),
    ).toEqual([['ice', 'Ice', '']]);
  });

  it("pushes the platform's availability, not the file's, unless staff changed it", () => {
    const live = liveMenuSchema.parse(
      menu([
        { ...burger, disabled_until: tonight, options: sauce(false) },
        { ...fries, enabled: false },
        {
          name: lt('Old'),
          price: 1,
          enabled: true,
          external_data: 'old',
          disabled_until: '2026-11-26T10:00:00Z',
        },
      ]),
    );
    const parsed = parseMenu(
      JSON.stringify(
        menu([
          { ...burger, options: sauce(true) },
          fries,
          { name: lt('Old'), price: 1, enabled: true, external_data: 'old' },
          { name: lt('New'), price: 2, enabled: false, external_data: 'new' },
        ]),
      ),
    );
    if (!parsed.ok) throw new Error('menu should parse');
    const pushed = withLiveAvailability(parsed.menu, live, at, noWishes);
    const items = pushed.categories[0]?.items ?? [];
    expect(items.map((i) => [i.external_data, i.enabled, i.disabled_until])).toEqual([
      ['burger', true, tonight],
      ['fries', false, undefined],
      ['old', true, undefined],
      ['new', false, undefined],
    ]);
    expect(items[0]?.options?.[0]?.values[0]?.enabled).toBe(false);
    // The file itself is left as it was.
    expect(parsed.menu.categories[0]?.items[0]?.disabled_until).toBeUndefined();
    expect(diffMenus(live, pushed, at)).toMatchObject({ changed: [], added: ['New'] });

    // A change staff asked for that the platform does not show yet is what the push carries.
    const wished = withLiveAvailability(parsed.menu, live, at, {
      item: (x) =>
        x === 'burger'
          ? { available: true, until: null }
          : x === 'fries'
            ? { available: false, until: tonight }
            : null,
      option: (x) => (x === 'aioli' ? { available: true, until: null } : null),
    });
    const wishedItems = wished.categories[0]?.items ?? [];
    expect(wishedItems.map((i) => [i.external_data, i.enabled, i.disabled_until])).toEqual([
      ['burger', true, undefined],
      ['fries', true, tonight],
      ['old', true, undefined],
      ['new', false, undefined],
    ]);
    expect(wishedItems[0]?.options?.[0]?.values[0]?.enabled).toBe(true);
  });

  it('keeps a discount set through update-items through a push, unless the file changes the price', () => {
    const onDiscount = {
      ...burger,
      price: 8,
      discounted: { original_price: 9.5, discount_type: 'absolute' },
    };
    const live = liveMenuSchema.parse(menu([onDiscount, { ...fries, price: 3 }]));
    const file = (burgerPrice: number) => {
      const parsed = parseMenu(JSON.stringify(menu([{ ...burger, price: burgerPrice }, fries])));
      if (!parsed.ok) throw new Error('menu should parse');
      return parsed.menu;
    };
    const pushedBurger = (m: ReturnType<typeof file>) => m.categories[0]?.items[0];
    // The file states the full price: the platform's discount stays, and the diff sees no change.
    const kept = withLiveAvailability(file(9.5), live, at, noWishes);
    expect(pushedBurger(kept)).toMatchObject({
      price: 8,
      discounted: { original_price: 9.5, discount_type: 'absolute' },
    });
    expect(diffMenus(live, kept, at).changed).toEqual([]);
    // Staff changed the price in the file: the file's price, without the old discount.
    const changed = withLiveAvailability(file(10), live, at, noWishes);
    expect(pushedBurger(changed)?.price).toBe(10);
    expect(pushedBurger(changed)?.discounted).toBeUndefined();
    // A discount asked for that the platform does not show yet is kept too.
    const wished = withLiveAvailability(file(10), live, at, {
      ...noWishes,
      price: (x) => (x === 'burger' ? { price: 1000, discountedPrice: 850 } : null),
    });
    expect(pushedBurger(wished)).toMatchObject({
      price: 8.5,
      discounted: { original_price: 10, discount_type: 'absolute' },
    });
    // Without a discount on the platform, the file's price goes as it is.
    expect(withLiveAvailability(file(9.5), live, at, noWishes).categories[0]?.items[1]?.price).toBe(
      3,
    );
  });
});
