// Demo data: the "Countertop Demo Kitchen" menu (create-menu shape, decimal prices) and the
// pool the order generator draws customers from.
import type { OpeningTime } from '../shared/domain';
import { LOOPBACK_REDIRECT_URI } from '../shared/sign-in';
import { WEEKDAYS } from '../shared/domain';
import type { Menu } from './pos/menu';

export const DEMO_VENUE_ID = 'demo-venue';
export const DEMO_VENUE_NAME = 'Countertop Demo Kitchen';
/**
 * The demo as one merchant's two brands (`demoBrands`): the demo venue is the burger brand, and a
 * second venue of the same merchant sells bowls from the same kitchen.
 */
export const DEMO_BRANDS = {
  burgers: { venueId: 'demo-venue', name: 'Kamppi Burgers' },
  bowls: { venueId: 'demo-bowls', name: 'Kamppi Bowls' },
} as const;
export const DEMO_CLIENT_ID = 'demo-client';
/** The demo client signs in on the terminal's loopback listener (any port, its one path). */
export const DEMO_REDIRECT_URI = LOOPBACK_REDIRECT_URI;

const en = (value: string) => [{ lang: 'en', value }];

const doneness = {
  name: en('Doneness'),
  type: 'SingleChoice',
  selection_range: { min: 1, max: 1 },
  external_data: 'opt-doneness',
  values: [
    { name: en('Medium'), price: 0, default: true, enabled: true, external_data: 'val-medium' },
    { name: en('Well done'), price: 0, enabled: true, external_data: 'val-well-done' },
  ],
};
const extras = {
  name: en('Extras'),
  type: 'MultiChoice',
  selection_range: { min: 0, max: 3 },
  external_data: 'opt-extras',
  values: [
    { name: en('Extra cheese'), price: 1, enabled: true, external_data: 'val-extra-cheese' },
    { name: en('Bacon'), price: 1.5, enabled: true, external_data: 'val-bacon' },
    { name: en('Jalapeños'), price: 0.8, enabled: true, external_data: 'val-jalapenos' },
    { name: en('Fried egg'), price: 1.2, enabled: true, external_data: 'val-fried-egg' },
  ],
};
const bun = {
  name: en('Bun'),
  type: 'SingleChoice',
  selection_range: { min: 1, max: 1 },
  external_data: 'opt-bun',
  values: [
    { name: en('Brioche'), price: 0, default: true, enabled: true, external_data: 'val-brioche' },
    { name: en('Gluten-free'), price: 1, enabled: true, external_data: 'val-gluten-free' },
  ],
};
const dip = {
  name: en('Dip'),
  type: 'SingleChoice',
  selection_range: { min: 0, max: 1 },
  external_data: 'opt-dip',
  values: [
    { name: en('Ketchup'), price: 0, enabled: true, external_data: 'val-ketchup' },
    { name: en('Mayonnaise'), price: 0.5, enabled: true, external_data: 'val-mayo' },
    { name: en('Aioli'), price: 0.8, enabled: true, external_data: 'val-aioli' },
    { name: en('Bearnaise'), price: 0.9, enabled: true, external_data: 'val-bearnaise' },
  ],
};
const size = {
  name: en('Size'),
  type: 'SingleChoice',
  selection_range: { min: 1, max: 1 },
  external_data: 'opt-size',
  values: [
    { name: en('0.33 l'), price: 0, default: true, enabled: true, external_data: 'val-033' },
    { name: en('0.5 l'), price: 1, enabled: true, external_data: 'val-05' },
  ],
};
const flavour = {
  name: en('Flavour'),
  type: 'SingleChoice',
  selection_range: { min: 1, max: 1 },
  external_data: 'opt-flavour',
  values: [
    { name: en('Vanilla'), price: 0, enabled: true, external_data: 'val-vanilla' },
    { name: en('Chocolate'), price: 0, enabled: true, external_data: 'val-chocolate' },
    { name: en('Strawberry'), price: 0, enabled: true, external_data: 'val-strawberry' },
  ],
};

const item = (
  externalData: string,
  name: string,
  description: string,
  price: number,
  options: Menu['categories'][number]['items'][number]['options'] = [],
  extra: Record<string, unknown> = {},
) => ({
  name: en(name),
  description: en(description),
  price,
  enabled: true,
  external_data: externalData,
  merchant_sku: externalData.toUpperCase(),
  sales_tax_percentage: 14,
  delivery_methods: ['homedelivery', 'takeaway'] as ('homedelivery' | 'takeaway')[],
  options,
  ...extra,
});

/** A fresh copy each call: menus are mutated by item updates. */
export function demoMenu(): Menu {
  return {
    id: 'countertop-demo-menu',
    currency: 'EUR',
    primary_language: 'en',
    categories: [
      {
        id: 'burgers',
        name: en('Burgers'),
        description: en('Smashed patties of Finnish beef, on toasted buns.'),
        items: [
          item(
            'burger-classic',
            'Classic Burger',
            'Beef, lettuce, tomato, pickles, house sauce.',
            11.9,
            [doneness, bun, extras],
          ),
          item('burger-cheese', 'Cheeseburger', 'Beef, double cheddar, onion, pickles.', 12.9, [
            doneness,
            bun,
            extras,
          ]),
          item(
            'burger-bbq',
            'Bacon BBQ Burger',
            'Beef, bacon, smoked cheddar, BBQ sauce, onion rings.',
            14.5,
            [doneness, bun, extras],
          ),
          item(
            'burger-veggie',
            'Veggie Burger',
            'Halloumi and black bean patty, avocado, chili mayo.',
            12.5,
            [bun, extras],
          ),
          item(
            'burger-chicken',
            'Crispy Chicken Burger',
            'Buttermilk fried chicken, slaw, pickled jalapeños.',
            13.5,
            [bun, extras],
          ),
        ],
      },
      {
        id: 'sides',
        name: en('Sides'),
        items: [
          item('side-fries', 'Fries', 'Skin-on fries with sea salt.', 3.9, [dip]),
          item('side-sweet-fries', 'Sweet Potato Fries', 'With smoked paprika.', 4.9, [dip]),
          item('side-onion-rings', 'Onion Rings', 'Beer-battered.', 4.5, [dip]),
          item('side-coleslaw', 'Coleslaw', 'Crunchy cabbage and carrot slaw.', 3.5),
        ],
      },
      {
        id: 'drinks',
        name: en('Drinks'),
        items: [
          item('drink-cola', 'Cola', 'Ice cold.', 3.2, [size]),
          item('drink-cola-zero', 'Cola Zero', 'No sugar.', 3.2, [size]),
          item('drink-lemonade', 'Homemade Lemonade', 'Lemon, mint, a little sugar.', 3.8),
          item('drink-water', 'Sparkling Water', '0.5 l bottle.', 2.5, [], {
            gtin_barcode: '6415600501217',
          }),
          item('drink-milkshake', 'Milkshake', 'Made with real ice cream.', 5.5, [flavour]),
          item('drink-beer', 'Craft Lager', 'Local brewery, 0.33 l.', 5.9, [], {
            alcohol_percentage: 4.7,
            sales_tax_percentage: 25.5,
            delivery_methods: ['takeaway'],
            restrictions: {
              item_restrictions: ['age_restricted'],
              item_age_restriction: { limit: 18 },
            },
          }),
        ],
      },
      {
        id: 'desserts',
        name: en('Desserts'),
        items: [
          item('dessert-brownie', 'Chocolate Brownie', 'Warm, with salted caramel.', 4.5),
          item('dessert-cheesecake', 'Blueberry Cheesecake', 'Wild Finnish blueberries.', 4.9),
        ],
      },
    ],
  };
}

const base = {
  name: en('Base'),
  type: 'SingleChoice',
  selection_range: { min: 1, max: 1 },
  external_data: 'opt-base',
  values: [
    { name: en('Sushi rice'), price: 0, default: true, enabled: true, external_data: 'val-rice' },
    { name: en('Quinoa'), price: 0.5, enabled: true, external_data: 'val-quinoa' },
    { name: en('Mixed greens'), price: 0, enabled: true, external_data: 'val-greens' },
  ],
};

/** The bowl brand's menu (a fresh copy each call, as `demoMenu`). */
export function bowlsMenu(): Menu {
  return {
    id: 'kamppi-bowls-menu',
    currency: 'EUR',
    primary_language: 'en',
    categories: [
      {
        id: 'bowls',
        name: en('Bowls'),
        description: en('Built to order on a base of your choice.'),
        items: [
          item('bowl-salmon', 'Salmon Poke Bowl', 'Salmon, edamame, mango, sesame, ponzu.', 14.9, [
            base,
          ]),
          item('bowl-tofu', 'Crispy Tofu Bowl', 'Tofu, kimchi, cucumber, spicy mayo.', 12.9, [
            base,
          ]),
          item(
            'bowl-chicken',
            'Teriyaki Chicken Bowl',
            'Chicken, pickled carrot, spring onion.',
            13.5,
            [base],
          ),
        ],
      },
      {
        id: 'bowl-drinks',
        name: en('Drinks'),
        items: [
          item('bowl-drink-tea', 'Iced Green Tea', 'Lightly sweetened.', 3.5),
          item('bowl-drink-water', 'Sparkling Water', '0.5 l bottle.', 2.5),
        ],
      },
      {
        id: 'bowl-desserts',
        name: en('Desserts'),
        items: [item('dessert-brownie', 'Chocolate Brownie', 'Warm, with salted caramel.', 4.5)],
      },
    ],
  };
}

export const DEMO_OPENING_TIMES: OpeningTime[] = WEEKDAYS.map((day) => ({
  opening_day: day,
  opening_time: day === 'SUNDAY' ? '11:00' : '10:00',
  closing_day: day,
  closing_time: day === 'FRIDAY' || day === 'SATURDAY' ? '23:30' : '22:00',
}));

export const CONSUMER_NAMES = [
  'Aino K.',
  'Mikko L.',
  'Sara V.',
  'Jussi H.',
  'Emma N.',
  'Oskari M.',
  'Helmi T.',
  'Ville R.',
  'Lotta S.',
  'Eero P.',
  'Noora J.',
  'Antti W.',
  'Iida A.',
  'Lauri E.',
  'Fatima B.',
  'Daniel O.',
] as const;

export const CONSUMER_COMMENTS = [
  'No onions please',
  'Extra napkins, thanks!',
  'Allergic to peanuts',
  'Please cut the burger in half',
  'Sauce on the side',
  'Ring the bell twice, the buzzer is broken',
  'I will be a few minutes late',
  'No cutlery needed',
] as const;

/** What a self-delivery order's address lines may end with (door codes, instructions). */
export const DROP_OFF_NOTES = [
  'Door code 4512',
  'Leave at the door, 3rd floor',
  'Blue gate, ring B 12',
  'Call on arrival',
] as const;

export const STREETS = [
  { name: 'Mannerheimintie', zip: '00100', lat: 60.1699, lon: 24.9384 },
  { name: 'Aleksanterinkatu', zip: '00170', lat: 60.1687, lon: 24.9461 },
  { name: 'Fredrikinkatu', zip: '00120', lat: 60.1632, lon: 24.9362 },
  { name: 'Hämeentie', zip: '00530', lat: 60.1868, lon: 24.9626 },
  { name: 'Runeberginkatu', zip: '00260', lat: 60.1766, lon: 24.9222 },
] as const;
