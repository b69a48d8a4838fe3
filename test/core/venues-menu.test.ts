// The menu of a terminal that serves two venues, against the sandbox: each venue's menu read on
// its own grant, "sold out in every venue" reaching both venues (one action each, each confirmed
// by its own venue's menu read), one venue's sold out reaching only that venue, and a venue that
// is not connected refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMenu } from '../../sandbox/demo-data';
import type { MenuState } from '../../shared/domain';
import type { Core } from '../../main/core';
import { ServiceError } from '../../main/service-error';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const BOWLS = 'kamppi-bowls';
const ITEM = 'burger-classic';
let world: World;
let core: Core;
let first: string;

beforeAll(async () => {
  world = await startWorld({ venues: [{ id: BOWLS, name: 'Kamppi Bowls' }] });
  core = await world.startCore();
  await world.connect(core);
  first = world.sandbox.demo.venueId;
  // The second brand sells the same dishes under the same external ids.
  await world.control('POST', '/venues', {
    venue_id: BOWLS,
    name: 'Kamppi Bowls',
    demo_menu: true,
  });
  expect(await world.addVenue(core, BOWLS)).toBe(BOWLS);
});
afterAll(async () => {
  await world?.close();
});

type SandboxItem = { external_data: string; enabled: boolean };
const sandboxItem = async (venueId: string): Promise<SandboxItem | undefined> => {
  const { json } = await world.control<{
    menu: { categories: Array<{ items: SandboxItem[] }> } | null;
  }>('GET', `/venues/${venueId}`);
  return json.menu?.categories.flatMap((c) => c.items).find((i) => i.external_data === ITEM);
};

const shown = async (venueId: string) =>
  (await core.api['menu:get']({ venueId })).items.find((i) => i.externalData === ITEM);

/** The item as the terminal shows it for the venue, once that venue's read confirmed `available`. */
const confirmed = (venueId: string, available: boolean) =>
  waitFor(
    `${venueId} shows the item ${available ? 'available' : 'sold out'}, confirmed`,
    async () => {
      const item = await shown(venueId);
      return item && item.changing === null && item.available === available ? item : undefined;
    },
  );

describe('the menu of a terminal with two venues', () => {
  it("reads each venue's own menu; a venue that is not connected is refused", async () => {
    // Checked against the added venue's own menu, read on its own grant: nothing differs.
    const text = JSON.stringify(demoMenu());
    expect(await core.api['menu:check']({ text, venueId: BOWLS })).toMatchObject({
      ok: true,
      liveError: null,
      diff: { added: [], removed: [], changed: [] },
    });
    await core.api['menu:refresh']({ venueId: BOWLS });
    await confirmed(BOWLS, true);
    await core.api['menu:refresh']({});
    await confirmed(first, true);

    const refused = await core.api['menu:get']({ venueId: 'another-kitchen' }).then(
      () => null,
      (error: unknown) => (error instanceof ServiceError ? error.bridge : error),
    );
    expect(refused).toMatchObject({ code: 'not-found' });
    await expect(
      core.api['menu:setItemAvailability']({
        venueId: 'another-kitchen',
        externalData: ITEM,
        enabled: false,
      }),
    ).rejects.toBeInstanceOf(ServiceError);
    expect(
      (await core.api['outbox:list']({})).filter((e) => e.kind === 'item-availability'),
    ).toEqual([]);
  });

  it('sold out in every venue: one action per venue, each reaching its venue and confirmed by its own read', async () => {
    const { venues } = await core.api['menu:setItemAvailabilityEverywhere']({
      externalData: ITEM,
      enabled: false,
    });
    expect(venues.map((v) => v.venueId)).toEqual([first, BOWLS]);
    expect(new Set(venues.map((v) => v.actionId)).size).toBe(2);
    const actions = (await core.api['outbox:list']({})).filter(
      (e) => e.kind === 'item-availability',
    );
    expect(actions.map((a) => a.id).sort()).toEqual(venues.map((v) => v.actionId).sort());

    await waitFor('sold out at both venues', async () => {
      const [a, b] = await Promise.all([sandboxItem(first), sandboxItem(BOWLS)]);
      return a?.enabled === false && b?.enabled === false;
    });
    await confirmed(first, false);
    await confirmed(BOWLS, false);
  });

  it("one venue's change reaches only that venue; the other's state stays as its read says", async () => {
    await core.api['menu:setItemAvailability']({
      venueId: BOWLS,
      externalData: ITEM,
      enabled: true,
    });
    // Until the added venue's read shows it, it is "changing…" there and nowhere else.
    // Never shown available before a read showed it: "changing…" or already confirmed.
    const asked = await shown(BOWLS);
    expect(asked?.changing ?? { available: asked?.available }).toMatchObject({ available: true });
    expect((await shown(first))?.changing).toBeNull();

    await waitFor('available again at the added venue', async () =>
      (await sandboxItem(BOWLS))?.enabled === true ? true : undefined,
    );
    await confirmed(BOWLS, true);
    expect((await sandboxItem(first))?.enabled).toBe(false);
    expect(await shown(first)).toMatchObject({ available: false, changing: null });
  });

  it('menu:changed names the venue it is about: a push to one venue is pending there only', async () => {
    const told: MenuState[] = [];
    const stop = core.on('menu:changed', (state) => told.push(structuredClone(state)));
    try {
      const text = JSON.stringify(demoMenu());
      expect(await core.api['menu:push']({ text, venueId: BOWLS, confirmRemoved: [] })).toEqual({
        actionId: expect.any(String),
      });
      // The added venue's push is told under its name, "changing…" there until its read shows it.
      await waitFor('the push told under the added venue', async () =>
        told.some((m) => m.venueId === BOWLS && m.push !== null) ? true : undefined,
      );
      expect((await core.api['menu:get']({})).push).toBeNull();
      await waitFor('the push shown in the added venue', async () => {
        const m = await core.api['menu:get']({ venueId: BOWLS });
        return m.push === null && m.pushProblem === null && m.fetchedAt ? m : undefined;
      });
      const last = told.filter((m) => m.venueId === BOWLS).at(-1);
      expect(last?.push).toBeNull();
      // Every event names a venue of the terminal; the first venue's never showed a push.
      expect(told.every((m) => m.venueId === first || m.venueId === BOWLS)).toBe(true);
      expect(told.filter((m) => m.venueId === first).every((m) => m.push === null)).toBe(true);
      // Each event carries its own venue's menu: the item sold out at the first venue only.
      for (const m of told) {
        const item = m.items.find((i) => i.externalData === ITEM);
        if (item?.changing === null) expect(item.available).toBe(m.venueId === BOWLS);
      }
    } finally {
      stop();
    }
  });
});
