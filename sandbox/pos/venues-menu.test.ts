import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../server';
import type { Sandbox } from '../server';
import { advance, control, onboard, pos } from '../testing/test-support';

let sandbox: Sandbox;
let token: string;

beforeEach(async () => {
  sandbox = await startSandbox({ seed: 3 });
  token = (await onboard(sandbox)).access_token;
});
afterEach(async () => {
  await sandbox.close();
});

const call = (method: string, path: string, body?: unknown) =>
  pos(sandbox, token, method, `/venues/demo-venue${path}`, body);
type VenueDoc = {
  status: { is_online: boolean };
  opening_times: unknown[];
  special_times: unknown[];
  delivery_area: unknown[];
  [key: string]: unknown;
};
const status = async () => (await call('GET', '/status')).json as VenueDoc;

type MenuItem = {
  name: { value: string }[];
  price: number;
  enabled: boolean;
  external_data: string;
  [k: string]: unknown;
};
type Menu = { currency: string; categories: { items: MenuItem[] }[] };

async function currentMenu(): Promise<Menu> {
  const r = await pos(sandbox, token, 'GET', '/v2/venues/demo-venue/menu');
  expect(r.status).toBe(202);
  const { request_id, resource_url } = r.json as { request_id: string; resource_url: string };
  expect(resource_url.startsWith(`${sandbox.posUrl}/`)).toBe(true);
  const polled = await fetch(resource_url, { headers: { authorization: `Bearer ${token}` } });
  expect(polled.status).toBe(200);
  const body = (await polled.json()) as { request_id: string; status: string; menu: Menu };
  expect(body.request_id).toBe(request_id);
  expect(body.status).toBe('COMPLETED');
  return body.menu;
}
const allItems = (menu: Menu) => menu.categories.flatMap((c) => c.items);
const itemOf = async (externalData: string) =>
  allItems(await currentMenu()).find((i) => i.external_data === externalData);

const en = (value: string) => [{ lang: 'en', value }];
const smallMenu = (overrides: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  primary_language: 'en',
  categories: [
    {
      id: 'pizza',
      name: en('Pizza'),
      items: [
        { name: en('Margherita'), price: 9.5, enabled: true, external_data: 'pz-1' },
        { name: en('Diavola'), price: 11, enabled: true, external_data: 'pz-2' },
        { name: en('Funghi'), price: 10.5, enabled: true, external_data: 'pz-3' },
      ],
    },
  ],
  ...overrides,
});

describe('venue', () => {
  it('status has the full Venue shape; last three orders in UPPERCASE', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await control(sandbox, 'POST', '/orders', {
        venue_id: 'demo-venue',
        type: 'takeaway',
      });
      ids.push((r.json as { id: string }).id);
      await advance(sandbox, 1);
    }
    await pos(sandbox, token, 'PUT', `/orders/${ids[1]}/accept`);
    await pos(sandbox, token, 'PUT', `/orders/${ids[2]}/reject`, { reason: 'Closing' });
    const body = await status();
    expect(body.status).toEqual({
      is_open: expect.any(Boolean),
      is_online: true,
      is_ipad_free: true,
    });
    expect(body.contact_details).toEqual({
      address: expect.any(String),
      phone: expect.any(String),
    });
    expect(body.opening_times).toHaveLength(7);
    expect(body.opening_times[0]).toEqual({
      opening_day: 'MONDAY',
      opening_time: '10:00',
      closing_day: 'MONDAY',
      closing_time: '22:00',
    });
    expect(body.venue_config).toMatchObject({
      order_api_enabled: true,
      menu_api_enabled: true,
      prep_time_duration: 600,
    });
    expect(body.delivery_area[0]).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });
    expect(body.last_three_orders_status).toEqual(['RECEIVED', 'REJECTED', 'PRODUCTION']);
    expect(body).toHaveProperty('order_handling_configuration');
    expect(body).toHaveProperty('special_times');
  });

  it('goes OFFLINE until a time and comes back ONLINE by itself when the clock passes it', async () => {
    const now = Date.parse(((await control(sandbox, 'GET', '/clock')).json as { now: string }).now);
    const until = new Date(now + 30 * 60_000).toISOString();
    expect((await call('PATCH', '/online', { status: 'ONLINE', until })).json).toMatchObject({
      field: 'until',
    });
    expect((await call('PATCH', '/online', { status: 'PAUSED' })).json).toMatchObject({
      field: 'status',
    });
    const past = new Date(now - 60_000).toISOString();
    expect((await call('PATCH', '/online', { status: 'OFFLINE', until: past })).status).toBe(400);

    expect((await call('PATCH', '/online', { status: 'OFFLINE', until })).status).toBe(204);
    expect((await status()).status.is_online).toBe(false);
    // The status says offline, not until when: no field of the platform's carries the time.
    expect(JSON.stringify(await status())).not.toContain(until.slice(0, 16));
    await advance(sandbox, 29 * 60);
    expect((await status()).status.is_online).toBe(false);
    await advance(sandbox, 60);
    expect((await status()).status.is_online).toBe(true);

    // Without until: offline indefinitely; ONLINE brings it back.
    await call('PATCH', '/online', { status: 'OFFLINE' });
    await advance(sandbox, 1500);
    expect((await status()).status.is_online).toBe(false);
    expect((await call('PATCH', '/online', { status: 'ONLINE' })).status).toBe(204);
    expect((await status()).status.is_online).toBe(true);
  });

  it('opening times (202) replace the weekly schedule; bad input names the field', async () => {
    const availability = [
      {
        opening_day: 'TUESDAY',
        opening_time: '10:30',
        closing_day: 'TUESDAY',
        closing_time: '17:30',
      },
    ];
    const bad = await call('PATCH', '/opening-times', {
      availability: [{ ...availability[0], opening_day: 'Tuesday' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ field: 'availability[0].opening_day' });
    expect((await call('PATCH', '/opening-times', { availability })).status).toBe(202);
    expect((await status()).opening_times).toEqual(availability);
    // No field of the body is required: without `availability` the schedule stays.
    expect((await call('PATCH', '/opening-times', {})).status).toBe(202);
    expect((await status()).opening_times).toEqual(availability);
    const special = {
      days_closed: [{ start_date: '2026-12-24', end_date: '2026-12-26', message: 'Holidays' }],
    };
    expect((await call('PUT', '/special-opening-times', special)).status).toBe(202);
    expect((await status()).special_times).toEqual([
      {
        opening_date: '2026-12-24',
        opening_time: '00:00',
        closing_date: '2026-12-26',
        closing_time: '00:00',
      },
    ]);
  });

  it('403 for another venue, 404 for an unknown one, 401 without a token', async () => {
    await control(sandbox, 'POST', '/venues', { venue_id: 'other-venue', name: 'Other' });
    expect((await pos(sandbox, token, 'GET', '/venues/other-venue/status')).status).toBe(403);
    expect(
      (await pos(sandbox, token, 'PATCH', '/venues/other-venue/online', { status: 'OFFLINE' }))
        .status,
    ).toBe(403);
    expect((await pos(sandbox, token, 'GET', '/venues/nowhere/status')).status).toBe(404);
    expect((await pos(sandbox, null, 'GET', '/venues/demo-venue/status')).status).toBe(401);
  });
});

describe('menu', () => {
  it('create-menu is asynchronous (202) and replaces the whole menu', async () => {
    expect(allItems(await currentMenu()).some((i) => i.external_data === 'burger-classic')).toBe(
      true,
    );
    const r = await pos(sandbox, token, 'POST', '/v1/restaurants/demo-venue/menu', smallMenu());
    expect(r.status).toBe(202);
    expect(allItems(await currentMenu()).some((i) => i.external_data === 'burger-classic')).toBe(
      true,
    );
    await advance(sandbox, 2);
    const items = allItems(await currentMenu());
    expect(items.map((i) => i.external_data)).toEqual(['pz-1', 'pz-2', 'pz-3']);
  });

  it('create-menu requires Content-Type: application/json: anything else is 415 and changes nothing', async () => {
    const path = '/v1/restaurants/demo-venue/menu';
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
    ]) {
      const r = await pos(sandbox, token, 'POST', path, smallMenu(), { 'content-type': type });
      expect(r.status, type).toBe(415);
      expect(r.json).toEqual({
        error: 'Unsupported Media Type',
        message: expect.stringContaining('application/json'),
      });
    }
    // No Content-Type at all (fetch adds none to a byte body).
    const bare = await fetch(`${sandbox.posUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new TextEncoder().encode(JSON.stringify(smallMenu())),
    });
    expect(bare.status).toBe(415);
    await advance(sandbox, 5);
    expect(allItems(await currentMenu()).some((i) => i.external_data === 'burger-classic')).toBe(
      true,
    );
    // Parameters and letter case do not matter.
    const ok = await pos(sandbox, token, 'POST', path, smallMenu(), {
      'content-type': 'Application/JSON; charset=utf-8',
    });
    expect(ok.status).toBe(202);
    await advance(sandbox, 2);
    expect(allItems(await currentMenu()).map((i) => i.external_data)).toEqual([
      'pz-1',
      'pz-2',
      'pz-3',
    ]);
  });

  it('keeps the results of the latest 100 menu reads only, so a long demo does not grow without bound', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 101; i++) {
      const r = await pos(sandbox, token, 'GET', '/v2/venues/demo-venue/menu');
      expect(r.status).toBe(202);
      urls.push((r.json as { resource_url: string }).resource_url);
    }
    const read = (url: string) => fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect((await read(urls[0] as string)).status).toBe(404);
    expect((await read(urls[1] as string)).status).toBe(200);
    expect((await read(urls[100] as string)).status).toBe(200);
  });

  it('takes a menu with every field the create-menu body shows, empty descriptions included', async () => {
    const window = [
      {
        opening_day: 'MONDAY',
        opening_time: '10:00',
        closing_day: 'MONDAY',
        closing_time: '22:00',
      },
    ];
    const information = {
      ingredients: en('Flour, tomato'),
      allergens: en('Gluten'),
      regulatory_information: [{ name: 'origin', value: 'FI' }],
      weight_in_g: 300,
      volume_in_ml: 0,
      quantity: 1,
      display_unit: 'units',
    };
    const value = {
      name: en('Small'),
      selection_range: { min: 0, max: 1 },
      price: 0,
      enabled: true,
      default: true,
      external_data: 'size-s',
      product_information: { ...information, nutrition_facts: en('n/a') },
      gtin_barcode: '6412345678901',
      merchant_sku: 'SZ-S',
      deposit: { price: 0.1, vat_percentage: 24 },
      vat_percentage: 14,
    };
    const item = {
      name: en('Margherita'),
      description: [],
      image_url: 'https://img.example/margherita.jpg',
      price: 9.5,
      sales_tax_percentage: 14,
      alcohol_percentage: 0,
      caffeine_content: { serving_size: 'per_100_grams', value: 0 },
      weekly_availability: window,
      weekly_visibility: window,
      enabled: true,
      discounted: { original_price: 11, discount_type: 'absolute' },
      disabled_until: '2030-01-01T00:00:00Z',
      delivery_methods: ['homedelivery'],
      options: [
        {
          name: en('Size'),
          type: 'SingleChoice',
          selection_range: { min: 1, max: 1 },
          external_data: 'size',
          values: [{ ...value, sub_option_values: [{ ...value, external_data: 'size-s-x' }] }],
        },
      ],
      external_data: 'pz-1',
      quantity: 1,
      product_information: {
        ...information,
        nutrition_information: {
          serving_size: 'per_100_grams',
          nutrition_values: { energy_kcal: { value: 250 }, fats: { unit: 'g', value: 9 } },
        },
      },
      gtin_barcode: '6412345678902',
      merchant_sku: 'PZ-1',
      deposit: { price: 0, vat_percentage: 24 },
      bundle_offer: false,
      restrictions: {
        item_restrictions: ['over_the_counter'],
        item_age_restriction: { limit: 18 },
      },
    };
    const menu = {
      id: 'menu-1',
      currency: 'EUR',
      primary_language: 'en',
      categories: [
        {
          id: 'pizza',
          name: en('Pizza'),
          description: [],
          subcategories: [
            {
              name: en('Classics'),
              description: [],
              items: [{ ...item, external_data: 'pz-2' }],
              weekly_availability: window,
            },
          ],
          items: [item],
          weekly_availability: window,
        },
      ],
    };
    const r = await pos(sandbox, token, 'POST', '/v1/restaurants/demo-venue/menu', menu);
    expect(r.status, JSON.stringify(r.json)).toBe(202);
    await advance(sandbox, 2);
    expect(allItems(await currentMenu()).map((i) => i.external_data)).toContain('pz-1');
  });

  it("takes a menu with the reference's required fields alone; an update by a key two items share changes both", async () => {
    const menu = {
      currency: 'EUR',
      primary_language: 'en',
      categories: [
        {
          name: en('Drinks'),
          items: [
            {
              name: en('Cola'),
              price: 3,
              enabled: true,
              external_data: 'cola',
              // No field of an option is required: a bare one and one with a value but no range.
              options: [{}, { name: en('Ice'), values: [{ external_data: 'ice', price: 0 }] }],
              delivery_methods: ['homedelivery', 'curbside'],
              image_url: 'cola.png',
            },
          ],
        },
        {
          name: en('Meal deals'),
          items: [{ name: en('Cola (deal)'), price: 2, enabled: true, external_data: 'cola' }],
        },
      ],
    };
    expect(
      (await pos(sandbox, token, 'POST', '/v1/restaurants/demo-venue/menu', menu)).status,
    ).toBe(202);
    await advance(sandbox, 2);
    expect(allItems(await currentMenu()).map((i) => i.external_data)).toEqual(['cola', 'cola']);
    expect(
      (await call('PATCH', '/items', { data: [{ external_id: 'cola', enabled: false }] })).status,
    ).toBe(202);
    expect(allItems(await currentMenu()).map((i) => i.enabled)).toEqual([false, false]);
    expect(
      (await call('PATCH', '/items/inventory', { data: [{ external_id: 'cola', inventory: 7 }] }))
        .status,
    ).toBe(202);
    expect(allItems(await currentMenu()).map((i) => i.inventory)).toEqual([7, 7]);
  });

  it('400 names the bad field path and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [
        (() => {
          const m = smallMenu();
          delete (m.categories[0]!.items[2] as Record<string, unknown>).price;
          return m;
        })(),
        'categories[0].items[2].price',
      ],
      [
        (() => {
          const m = smallMenu();
          (m.categories[0]!.items[1] as Record<string, unknown>).enabled = 'yes';
          return m;
        })(),
        'categories[0].items[1].enabled',
      ],
      [
        (() => {
          const m = smallMenu();
          delete (m.categories[0]!.items[0] as Record<string, unknown>).external_data;
          return m;
        })(),
        'categories[0].items[0].external_data',
      ],
      [smallMenu({ currency: 'euro' }), 'currency'],
      [smallMenu({ primary_language: undefined }), 'primary_language'],
      [smallMenu({ categories: [{ items: [] }] }), 'categories[0].name'],
      [{ currency: 'EUR', primary_language: 'en' }, 'categories'],
    ];
    for (const [body, field] of cases) {
      const r = await pos(sandbox, token, 'POST', '/v1/restaurants/demo-venue/menu', body);
      expect(r.status, field).toBe(400);
      expect(r.json).toMatchObject({ error: 'Bad Request', field });
      expect((r.json as { message: string }).message.startsWith(`${field}: `)).toBe(true);
    }
    expect(
      (await pos(sandbox, token, 'POST', '/v1/restaurants/demo-venue/menu', '{not json')).status,
    ).toBe(400);
    await advance(sandbox, 5);
    expect(allItems(await currentMenu()).some((i) => i.external_data === 'burger-classic')).toBe(
      true,
    );
  });

  it('item updates by external_id, sku and gtin; prices in minor units; discounts', async () => {
    const r = await call('PATCH', '/items', {
      data: [
        { external_id: 'burger-classic', price: 1900, discounted_price: 1500 },
        { sku: 'SIDE-FRIES', enabled: false },
        { gtin: '6415600501217', price: 275, vat_percentage: 13.5 },
      ],
    });
    expect(r.status).toBe(202);
    expect(await itemOf('burger-classic')).toMatchObject({
      price: 15,
      discounted: { original_price: 19, discount_type: 'absolute' },
    });
    expect((await itemOf('side-fries'))?.enabled).toBe(false);
    expect(await itemOf('drink-water')).toMatchObject({ price: 2.75, sales_tax_percentage: 13.5 });
  });

  it('item updates need exactly one key per entry and known items; a bad entry changes nothing', async () => {
    const two = await call('PATCH', '/items', {
      data: [{ external_id: 'burger-classic', sku: 'X', enabled: false }],
    });
    expect(two.status).toBe(400);
    expect(two.json).toMatchObject({ field: 'data[0]' });
    const none = await call('PATCH', '/items', { data: [{ enabled: false }] });
    expect(none.json).toMatchObject({ field: 'data[0]' });
    const discountOnly = await call('PATCH', '/items', {
      data: [{ external_id: 'burger-classic', discounted_price: 100 }],
    });
    expect(discountOnly.json).toMatchObject({ field: 'data[0].discounted_price' });
    const unknown = await call('PATCH', '/items', {
      data: [
        { external_id: 'burger-classic', enabled: false },
        { external_id: 'no-such-item', enabled: false },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ field: 'data[1].external_id' });
    expect((unknown.json as { message: string }).message).toContain('no-such-item');
    expect((await itemOf('burger-classic'))?.enabled).toBe(true);
  });

  it('inventory and option value updates', async () => {
    expect(
      (await call('PATCH', '/items/inventory', { data: [{ sku: 'DRINK-COLA', inventory: 55 }] }))
        .status,
    ).toBe(202);
    expect((await itemOf('drink-cola'))?.inventory).toBe(55);
    expect(
      (await call('PATCH', '/items/inventory', { data: [{ sku: 'DRINK-COLA' }] })).json,
    ).toMatchObject({ field: 'data[0].inventory' });

    expect(
      (
        await call('PATCH', '/options/values', {
          data: [{ external_id: 'val-bacon', price: 200, enabled: false }],
        })
      ).status,
    ).toBe(202);
    const burger = await itemOf('burger-classic');
    const extras = (
      burger?.options as {
        external_data: string;
        values: { external_data: string; price: number; enabled: boolean }[];
      }[]
    ).find((o) => o.external_data === 'opt-extras');
    expect(extras?.values.find((v) => v.external_data === 'val-bacon')).toMatchObject({
      price: 2,
      enabled: false,
    });
    const unknown = await call('PATCH', '/options/values', {
      data: [{ external_id: 'val-caviar', price: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ field: 'data[0].external_id' });
  });
});
