import { describe, expect, it } from 'vitest';
import {
  draftIssues,
  draftToMenu,
  duplicateItem,
  emptyDraft,
  emptyItem,
  emptyOption,
  menuToDraft,
} from './menu-draft';

const lt = (en: string, fi?: string) => [
  { lang: 'en', value: en },
  ...(fi ? [{ lang: 'fi', value: fi }] : []),
];

describe('menu draft', () => {
  it('refuses each bad value on its own field', () => {
    const draft = emptyDraft('en');
    expect(draftIssues(draft)).toEqual([
      { key: 'menu', field: 'categories', code: 'noCategories' },
    ]);
    const item = {
      ...emptyItem(),
      key: 'i1',
      externalData: 'x',
      name: { fi: 'Vain suomeksi' },
      price: '-2',
      tax: '120',
      ageLimit: 'adult',
      imageUrl: 'burger.jpg',
      barcode: '123',
      availability: [{ day: 'MONDAY' as const, from: '22:00', to: '10:00' }],
      options: [{ ...emptyOption(), key: 'o1', name: { en: 'Sauce' }, min: '2', max: '1' }],
    };
    const twin = { ...emptyItem(), key: 'i2', externalData: 'x', name: { en: 'Twin' }, price: '1' };
    draft.categories = [
      {
        key: 'c1',
        name: { en: '' },
        description: {},
        items: [item, twin],
        subcategories: [],
        extra: {},
      },
    ];
    expect(draftIssues(draft).map((i) => `${i.key}:${i.field}:${i.code}`)).toEqual([
      'c1:name:nameMissing',
      'i1:name:nameMissing',
      'i1:price:priceNotAmount',
      'i1:tax:percentNotNumber',
      'i1:ageLimit:ageNotNumber',
      'i1:imageUrl:imageNotAddress',
      'i1:barcode:barcodeNotDigits',
      'i1:availability.0.to:timeNotAfter',
      'o1:max:rangeMaxBelowMin',
      'o1:values:noValues',
      'i2:externalData:codeTaken',
    ]);
    expect(draftToMenu(draft).ok).toBe(false);
  });

  it('reads a menu into a draft and back, keeping what it does not edit', () => {
    const menu = {
      id: 'm1',
      currency: 'EUR',
      primary_language: 'en',
      categories: [
        {
          name: lt('Mains', 'Pääruoat'),
          items: [
            {
              name: lt('Burger', 'Purilainen'),
              price: 9.5,
              enabled: true,
              external_data: 'burger',
              delivery_methods: ['takeaway'],
              restrictions: {
                item_restrictions: ['over_the_counter'],
                item_age_restriction: { limit: 18 },
              },
              options: [
                {
                  name: lt('Sauce'),
                  type: 'SingleChoice',
                  selection_range: { min: 0, max: 1 },
                  values: [
                    { name: lt('Aioli'), price: 0.5, external_data: 'aioli', default: true },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const draft = menuToDraft(menu);
    expect(draft.languages).toEqual(['en', 'fi']);
    expect(draft.categories[0]?.items[0]).toMatchObject({ price: '9.50', ageLimit: '18' });
    const back = draftToMenu(draft);
    expect(back.ok && back.menu).toEqual({
      ...menu,
      categories: [
        {
          ...menu.categories[0],
          items: [
            {
              ...menu.categories[0]?.items[0],
              options: [
                {
                  ...menu.categories[0]?.items[0]?.options[0],
                  values: [
                    {
                      name: lt('Aioli'),
                      price: 0.5,
                      external_data: 'aioli',
                      default: true,
                      enabled: true,
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('holds an item on discount at its full price, and duplicates with a code of its own', () => {
    const draft = menuToDraft({
      currency: 'EUR',
      primary_language: 'en',
      categories: [
        {
          name: lt('Sides'),
          items: [
            {
              name: lt('Fries'),
              price: 3.9,
              discounted: { original_price: 4.5, discount_type: 'absolute' },
              enabled: true,
              external_data: 'fries',
            },
          ],
        },
      ],
    });
    const fries = draft.categories[0]?.items[0];
    if (!fries) throw new Error('no fries');
    expect(fries.price).toBe('4.50');
    expect(fries.extra).toEqual({});
    const copy = duplicateItem(fries, 'fries-2');
    expect(copy.key).not.toBe(fries.key);
    expect(copy).toMatchObject({ externalData: 'fries-2', price: '4.50', name: { en: 'Fries' } });
  });
});
