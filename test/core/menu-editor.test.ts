// The menu editor's draft through the core against the sandbox (docs/platform.md#menu-editor): a
// menu built from empty publishes as a push and reads back equal; the draft is main's and
// survives a restart; a draft with bad values is refused, naming each field.
import { describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { MenuDraft } from '../../shared/menu-draft';
import {
  draftToMenu,
  emptyDraft,
  emptyItem,
  emptyOption,
  emptyValue,
  issueId,
  menuToDraft,
} from '../../shared/menu-draft';
import type { World } from './harness';
import { waitFor } from './harness';
import { eachConnectedWorld } from './connected-world';

let world: World;
let core: Core;

eachConnectedWorld((w, c) => {
  world = w;
  core = c;
});

const sandboxMenu = async () =>
  (
    await world.control<{ menu: unknown; menu_updated_at: string | null }>(
      'GET',
      `/venues/${world.sandbox.demo.venueId}`,
    )
  ).json;

/**
 * Two categories (one with a subcategory), an item with an option of two choices, names in
 * English and Finnish.
 */
const builtFromEmpty = (): MenuDraft => {
  const draft = emptyDraft('en');
  draft.languages = ['en', 'fi'];
  const burger = {
    ...emptyItem(),
    externalData: 'ed-burger',
    name: { en: 'Editor Burger', fi: 'Editorin purilainen' },
    description: { en: 'Beef, cheddar', fi: '' },
    price: '11,90',
    tax: '14',
    imageUrl: 'https://images.example.com/burger.jpg',
    barcode: '6412345678901',
    sku: 'BRG-1',
    availability: [{ day: 'MONDAY' as const, from: '10:00', to: '22:00' }],
    options: [
      {
        ...emptyOption(),
        externalData: 'ed-sauce',
        name: { en: 'Sauce', fi: 'Kastike' },
        min: '1',
        max: '1',
        values: [
          { ...emptyValue(), externalData: 'ed-aioli', name: { en: 'Aioli' }, price: '' },
          { ...emptyValue(), externalData: 'ed-chili', name: { en: 'Chili' }, price: '0.50' },
        ],
      },
    ],
  };
  const beer = {
    ...emptyItem(),
    externalData: 'ed-beer',
    name: { en: 'Lager', fi: 'Lager-olut' },
    price: '6.50',
    tax: '25.5',
    alcohol: '4.7',
    ageLimit: '18',
    visibility: [{ day: 'FRIDAY' as const, from: '16:00', to: '24:00' }],
  };
  const cider = {
    ...emptyItem(),
    externalData: 'ed-cider',
    name: { en: 'Pear cider', fi: 'Päärynäsiideri' },
    price: '7.20',
    tax: '25.5',
    alcohol: '4.5',
    ageLimit: '18',
  };
  draft.categories = [
    {
      key: 'c-mains',
      name: { en: 'Mains', fi: 'Pääruoat' },
      description: {},
      items: [burger],
      subcategories: [],
      extra: {},
    },
    {
      key: 'c-drinks',
      name: { en: 'Drinks', fi: 'Juomat' },
      description: {},
      items: [beer],
      subcategories: [
        {
          key: 's-ciders',
          name: { en: 'Ciders', fi: 'Siiderit' },
          description: { en: 'From Åland', fi: 'Ahvenanmaalta' },
          items: [cider],
          extra: {},
        },
      ],
      extra: {},
    },
  ];
  return draft;
};

describe('the menu editor through the core', () => {
  it('publishes a menu built from empty, which reads back equal on the platform', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    const draft = builtFromEmpty();
    const saved = await core.api['menu:saveDraft']({ draft });
    expect(saved).toMatchObject({ draft, publishedAt: null });

    const check = await core.api['menu:checkDraft']({});
    if (!check.ok || !check.diff) throw new Error(`check failed: ${JSON.stringify(check)}`);
    expect(check.diff.added).toEqual(['Editor Burger', 'Lager', 'Pear cider']);
    // The demo menu's items go: the push is refused until each is confirmed by its id.
    expect(check.diff.removedItems.length).toBeGreaterThan(0);
    await expect(core.api['menu:publishDraft']({})).rejects.toThrow(/removes/);
    const confirmRemoved = check.diff.removedItems.map((item) => item.externalData);
    const receipt = await core.api['menu:publishDraft']({ confirmRemoved });
    expect(receipt).toHaveProperty('actionId');
    expect((await core.api['menu:draft']({})).publishedAt).not.toBeNull();

    const expected = draftToMenu(draft);
    if (!expected.ok) throw new Error('the draft should be valid');
    const platform = await waitFor('the platform shows the published menu', async () => {
      const venue = await sandboxMenu();
      const menu = venue.menu as { categories?: unknown[] } | null;
      return menu?.categories?.length === 2 ? menu : undefined;
    });
    expect(platform).toEqual(expected.menu);
    // Read back through the core into the editor: the same menu again.
    const shown = await waitFor('the terminal reads it', async () => {
      const state = await core.api['menu:refresh']({});
      return state.items.length === 3 && state.push === null ? state : undefined;
    });
    expect(shown.items.map((i) => [i.name, i.price])).toEqual([
      ['Editor Burger', 11.9],
      ['Lager', 6.5],
      ['Pear cider', 7.2],
    ]);
    const again = draftToMenu(menuToDraft(platform));
    expect(again.ok && again.menu).toEqual(expected.menu);
  });

  it('keeps the draft through a restart, and refuses one with bad values by field', async () => {
    const draft = builtFromEmpty();
    const burger = draft.categories[0]?.items[0];
    if (!burger) throw new Error('no burger');
    burger.price = '11.9.0';
    await core.api['menu:saveDraft']({ draft });
    await core.close();
    core = await world.startCore();
    const kept = await core.api['menu:draft']({});
    expect(kept.draft).toEqual(draft);
    expect(kept.savedAt).not.toBeNull();

    const refused = await core.api['menu:checkDraft']({});
    expect(refused).toEqual({
      ok: false,
      issues: [
        // As a code: the screen words it in its language.
        { path: issueId(burger.key, 'price'), draft: 'priceNotAmount' },
      ],
    });
    const before = (await sandboxMenu()).menu_updated_at;
    expect(await core.api['menu:publishDraft']({})).toMatchObject({ ok: false });
    expect((await core.api['outbox:list']({})).map((e) => e.kind)).not.toContain('menu-push');
    expect((await sandboxMenu()).menu_updated_at).toBe(before);

    // A malformed draft never reaches the table; discarding leaves none.
    await expect(
      core.api['menu:saveDraft']({ draft: { ...draft, languages: [] } }),
    ).rejects.toThrow();
    expect((await core.api['menu:draft']({})).draft).toEqual(draft);
    expect(await core.api['menu:discardDraft']({})).toEqual({
      draft: null,
      savedAt: null,
      publishedAt: null,
    });
  });
});
