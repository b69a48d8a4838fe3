// Menu names in the screen's language through the core against the sandbox
// (docs/i18n.md#menus-in-the-screens-language): a menu with Finnish and English names is listed
// in English, then in Finnish as soon as the screen switches, without a restart; a name the menu
// has only in English stays English.
import { describe, expect, it } from 'vitest';
import type { MenuState } from '../../shared/domain';
import type { Core } from '../../main/core';
import { demoMenu } from '../../sandbox/demo-data';
import { eachConnectedWorld } from './connected-world';
import { waitFor } from './harness';

let core: Core;

eachConnectedWorld((_w, c) => {
  core = c;
});

const FINNISH: Record<string, string> = {
  Burgers: 'Hampurilaiset',
  Cheeseburger: 'Juustohampurilainen',
  Extras: 'Lisätäytteet',
  Bacon: 'Pekoni',
};

/** The demo menu (primary language English) with Finnish names beside some English ones. */
const bilingualMenu = () => {
  const menu = demoMenu();
  const seen = new Set<unknown>();
  const addFinnish = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const child of node) addFinnish(child);
      return;
    }
    const record = node as { name?: Array<{ lang: string; value: string }> };
    const english = record.name?.find((t) => t.lang === 'en')?.value;
    const finnish = english ? FINNISH[english] : undefined;
    // Cheeseburger's Finnish name comes first: the list's order must not decide.
    if (record.name && finnish)
      record.name =
        english === 'Cheeseburger'
          ? [{ lang: 'fi', value: finnish }, ...record.name]
          : [...record.name, { lang: 'fi', value: finnish }];
    for (const child of Object.values(node)) addFinnish(child);
  };
  addFinnish(menu);
  return menu;
};

const names = (state: MenuState) => ({
  cheese: state.items.find((i) => i.externalData === 'burger-cheese'),
  classic: state.items.find((i) => i.externalData === 'burger-classic'),
  bacon: state.options.find((o) => o.externalData === 'val-bacon'),
});

describe("menu names in the screen's language", () => {
  it('lists a Finnish and English menu in English, then in Finnish after language:set fi', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    await core.api['menu:push']({ text: JSON.stringify(bilingualMenu()) });
    const english = await waitFor(
      'the bilingual menu shown by the platform',
      async () => {
        const state = await core.api['menu:get']({});
        return state.push === null && state.fetchedAt ? names(state) : undefined;
      },
      // The platform applies a pushed menu asynchronously; the terminal reads it back until shown.
      30_000,
    );
    // The screen speaks English (the default): English names, whatever comes first in the list.
    expect(english.cheese).toMatchObject({ name: 'Cheeseburger', category: 'Burgers' });
    expect(english.bacon).toMatchObject({ name: 'Bacon', option: 'Extras' });

    const told: MenuState[] = [];
    const stop = core.on('menu:changed', (state) => told.push(state));
    try {
      await core.api['language:set']({ language: 'fi' });
      // The menu view goes again on the switch, with no read or change of the menu meanwhile.
      const finnish = await waitFor('the menu view sent again in Finnish', async () =>
        told.map(names).find((n) => n.cheese?.name === 'Juustohampurilainen'),
      );
      expect(finnish.cheese).toMatchObject({
        name: 'Juustohampurilainen',
        category: 'Hampurilaiset',
      });
      expect(finnish.bacon).toMatchObject({ name: 'Pekoni', option: 'Lisätäytteet' });
      // No Finnish name: the menu's primary language.
      expect(finnish.classic).toMatchObject({ name: 'Classic Burger', category: 'Hampurilaiset' });
      expect(names(await core.api['menu:get']({})).cheese?.name).toBe('Juustohampurilainen');
    } finally {
      stop();
    }

    // What a push would remove is named in the screen's language too.
    const without = bilingualMenu();
    for (const category of without.categories)
      category.items = category.items.filter((i) => i.external_data !== 'burger-cheese');
    const check = await core.api['menu:check']({ text: JSON.stringify(without) });
    expect(check).toMatchObject({ ok: true, diff: { removed: ['Juustohampurilainen'] } });

    await core.api['language:set']({ language: 'en' });
    expect(names(await core.api['menu:get']({})).cheese?.name).toBe('Cheeseburger');
  });
});
