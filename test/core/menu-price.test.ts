// Prices and discounts through the core against the sandbox (docs/platform.md#prices-and-discounts):
// a price change and a discount reach the platform as one update-items / update-options entry,
// never a push; the menu shows "changing" until a read shows the new price; the rest of the menu
// is untouched; a bad value is refused at main's boundary with its field's staff words.
import { describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { World } from './harness';
import { waitFor } from './harness';
import { eachConnectedWorld } from './connected-world';
import { demoMenu } from '../../sandbox/demo-data';

let world: World;
let core: Core;

eachConnectedWorld((w, c) => {
  world = w;
  core = c;
});

type SandboxVenue = { menu: unknown; menu_updated_at: string | null };
const sandboxVenue = async () =>
  (await world.control<SandboxVenue>('GET', `/venues/${world.sandbox.demo.venueId}`)).json;

/** Every object of a menu with the given external_data (an option value may sit under several items). */
const withExternalData = (node: unknown, key: string, found: Record<string, unknown>[] = []) => {
  if (Array.isArray(node)) for (const child of node) withExternalData(child, key, found);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.external_data === key) found.push(record);
    for (const child of Object.values(record)) withExternalData(child, key, found);
  }
  return found;
};

describe('prices and discounts from the menu screen', () => {
  it('a discount on an item and a new option price reach the platform through its update calls, the rest of the menu untouched', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    const before = await sandboxVenue();

    // The platform answers nothing for a moment, so "asked, not confirmed" can be looked at.
    await world.faults({ error_rate: 1 });
    await core.api['menu:setPrice']({
      target: 'item',
      externalData: 'side-fries',
      price: 450,
      discountedPrice: 390,
    });
    await core.api['menu:setPrice']({
      target: 'option',
      externalData: 'val-bacon',
      price: 180,
      discountedPrice: null,
    });
    const asked = await core.api['menu:get']({});
    const fries = asked.items.find((i) => i.externalData === 'side-fries');
    // Asked for, not confirmed: the platform's price stays what the screen says, the wish beside it.
    expect(fries?.priceChanging).toEqual({ price: 450, discountedPrice: 390 });
    expect(fries?.originalPrice).toBeNull();
    await world.faults({ error_rate: 0 });

    const confirmed = await waitFor('both confirmed by a read', async () => {
      const menu = await core.api['menu:get']({});
      const item = menu.items.find((i) => i.externalData === 'side-fries');
      const bacon = menu.options.find((o) => o.externalData === 'val-bacon');
      return item && bacon && !item.priceChanging && !bacon.priceChanging && item.price === 3.9
        ? { item, bacon }
        : undefined;
    });
    expect(confirmed.item).toMatchObject({ price: 3.9, originalPrice: 4.5 });
    expect(confirmed.bacon.price).toBe(1.8);

    const after = await sandboxVenue();
    // No push: the menu was not replaced, and nothing but the two prices changed.
    expect(after.menu_updated_at).toBe(before.menu_updated_at);
    expect((await core.api['outbox:list']({})).map((e) => e.kind)).not.toContain('menu-push');
    expect(withExternalData(after.menu, 'side-fries')[0]).toMatchObject({
      price: 3.9,
      discounted: { original_price: 4.5, discount_type: 'absolute' },
    });
    for (const value of withExternalData(after.menu, 'val-bacon')) expect(value.price).toBe(1.8);
    const scrub = (menu: unknown) =>
      JSON.parse(JSON.stringify(menu), (key, value: unknown) => {
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          const record = value as Record<string, unknown>;
          if (record.external_data === 'side-fries' || record.external_data === 'val-bacon')
            return { external_data: record.external_data };
        }
        return value;
      }) as unknown;
    expect(scrub(after.menu)).toEqual(scrub(before.menu));

    // The price alone ends the discount.
    await core.api['menu:setPrice']({
      target: 'item',
      externalData: 'side-fries',
      price: 450,
      discountedPrice: null,
    });
    await waitFor('discount ended', async () => {
      const item = (await core.api['menu:get']({})).items.find(
        (i) => i.externalData === 'side-fries',
      );
      return item && !item.priceChanging && item.originalPrice === null && item.price === 4.5
        ? item
        : undefined;
    });
  });

  it('refuses a bad value at the boundary, in staff words, and sends nothing', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    const refused = [
      [
        { target: 'item', externalData: 'side-fries', price: 450, discountedPrice: 450 },
        /below the price/,
      ],
      [
        { target: 'item', externalData: 'side-fries', price: -10, discountedPrice: null },
        /below zero/,
      ],
      [
        { target: 'item', externalData: 'side-fries', price: 4.5, discountedPrice: null },
        /euros and cents/,
      ],
      [
        { target: 'item', externalData: 'side-fries', price: 900_000, discountedPrice: null },
        /check the number/,
      ],
      [
        { target: 'option', externalData: 'val-bacon', price: 180, discountedPrice: 150 },
        /no discount/,
      ],
    ] as const;
    for (const [request, words] of refused) {
      await expect(core.api['menu:setPrice'](request)).rejects.toMatchObject({
        bridge: { code: 'invalid-request', message: expect.stringMatching(words) },
      });
    }
    await expect(
      core.api['menu:setPrice']({
        target: 'item',
        externalData: 'no-such-item',
        price: 100,
        discountedPrice: null,
      }),
    ).rejects.toMatchObject({ bridge: { code: 'not-found' } });
    expect((await core.api['outbox:list']({})).filter((e) => e.kind === 'menu-price')).toEqual([]);
  });

  it('keeps a discount through a later full push of a file stating the full price, and ends it when the file changes the price', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    // The demo's fries cost 3.90: on discount at 2.90.
    await core.api['menu:setPrice']({
      target: 'item',
      externalData: 'side-fries',
      price: 390,
      discountedPrice: 290,
    });
    const friesShown = (price: number, original: number | null) =>
      waitFor(`fries at ${price} (was ${original})`, async () => {
        const item = (await core.api['menu:get']({})).items.find(
          (i) => i.externalData === 'side-fries',
        );
        return item &&
          !item.priceChanging &&
          item.price === price &&
          item.originalPrice === original
          ? item
          : undefined;
      });
    await friesShown(2.9, 3.9);

    const pushAndWait = async (menu: ReturnType<typeof demoMenu>) => {
      const before = (await sandboxVenue()).menu_updated_at;
      const text = JSON.stringify(menu);
      const check = await core.api['menu:check']({ text });
      // The file states the full price the platform had before its discount: no price change.
      if (!check.ok || !check.diff) throw new Error('check failed');
      await core.api['menu:push']({ text });
      await waitFor('pushed', async () =>
        (await sandboxVenue()).menu_updated_at !== before ? true : undefined,
      );
      return check.diff;
    };
    const unchanged = await pushAndWait(demoMenu());
    expect(unchanged.changed).toEqual([]);
    expect(withExternalData((await sandboxVenue()).menu, 'side-fries')[0]).toMatchObject({
      price: 2.9,
      discounted: { original_price: 3.9, discount_type: 'absolute' },
    });
    await friesShown(2.9, 3.9);

    // Staff changed the price in the file: the file's price, the old discount gone.
    const dearer = demoMenu();
    for (const category of dearer.categories)
      for (const item of category.items) if (item.external_data === 'side-fries') item.price = 4.2;
    const changed = await pushAndWait(dearer);
    expect(changed.changed).toEqual([
      { name: 'Fries', kinds: ['price', 'details'], price: { before: 2.9, after: 4.2 } },
    ]);
    const fries = withExternalData((await sandboxVenue()).menu, 'side-fries')[0];
    expect(fries?.price).toBe(4.2);
    expect(fries?.discounted).toBeUndefined();
  });
});
