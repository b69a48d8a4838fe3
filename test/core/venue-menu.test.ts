// Venue and menu channels of the core against the sandbox.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoMenu } from '../../sandbox/demo-data';
import type { Core } from '../../main/core';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

let world: World;
let core: Core;

beforeEach(async () => {
  world = await startWorld();
  core = await world.startCore();
  await world.connect(core);
});
afterEach(async () => {
  await world.close();
});

type SandboxVenue = {
  status: { is_online: boolean };
  offline_until: string | null;
  opening_times: unknown[];
  menu: { id?: string; categories: unknown[] } | null;
};
const sandboxVenue = async () =>
  (await world.control<SandboxVenue>('GET', `/venues/${world.sandbox.demo.venueId}`)).json;

describe('venue and menu through the core', () => {
  it('goes offline until a time and back online, queued and confirmed', async () => {
    const until = new Date(world.now().getTime() + 3600_000).toISOString();
    await core.api['venue:setOnline']({ online: false, until });
    await waitFor(
      'offline on the platform',
      async () => (await sandboxVenue()).status.is_online === false,
    );
    expect(Date.parse((await sandboxVenue()).offline_until ?? '')).toBe(Date.parse(until));
    const venue = await waitFor('venue state confirmed', async () => {
      const v = await core.api['venue:get']({});
      return v && !v.pending && !v.isOnline ? v : undefined;
    });
    expect(venue.offlineUntil).not.toBeNull();
    await core.api['venue:setOnline']({ online: true });
    await waitFor('online again', async () => (await sandboxVenue()).status.is_online === true);
  });

  it('sets opening times', async () => {
    const availability = [
      {
        opening_day: 'MONDAY' as const,
        opening_time: '10:00',
        closing_day: 'MONDAY' as const,
        closing_time: '22:00',
      },
    ];
    await core.api['venue:setOpeningTimes']({ availability });
    await waitFor(
      'opening times on the platform',
      async () =>
        JSON.stringify((await sandboxVenue()).opening_times) === JSON.stringify(availability),
    );
  });

  it("checks, pushes a menu and changes an item's availability", async () => {
    const menu = demoMenu();
    const text = JSON.stringify(menu);
    const check = await core.api['menu:check']({ text });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.diff.removed).toEqual([]);
    expect(check.diff.added.length).toBe(check.itemCount);

    const bad = await core.api['menu:push']({
      text: JSON.stringify({ ...menu, currency: 'euro' }),
    });
    expect(bad).toMatchObject({ ok: false, issues: [{ path: 'currency' }] });

    const receipt = await core.api['menu:push']({ text });
    expect(receipt).toHaveProperty('actionId');
    await waitFor(
      'menu push delivered',
      async () => (await core.api['status:get']({})).outboxWaiting === 0,
    );
    // The platform applies a menu asynchronously (under a minute).
    await world.advance(61);
    await waitFor('menu on the platform', async () => (await sandboxVenue()).menu?.id === menu.id);

    const items = await core.api['menu:items']({});
    expect(items.length).toBe(check.itemCount);
    const first = items[0];
    if (!first) throw new Error('no items');
    await core.api['menu:setItemAvailability']({
      externalData: first.externalData,
      enabled: false,
    });
    expect(
      (await core.api['menu:items']({})).find((i) => i.externalData === first.externalData),
    ).toMatchObject({ enabled: false });
    await waitFor('item disabled on the platform', async () => {
      const m = (await sandboxVenue()).menu as {
        categories: Array<{ items: Array<{ external_data: string; enabled: boolean }> }>;
      } | null;
      return (
        m?.categories.flatMap((c) => c.items).find((i) => i.external_data === first.externalData)
          ?.enabled === false
      );
    });
    await expect(
      core.api['menu:setItemAvailability']({ externalData: 'no-such-item', enabled: false }),
    ).rejects.toMatchObject({ bridge: { code: 'not-found' } });
    // The same menu again: nothing added or removed.
    const again = await core.api['menu:check']({ text });
    expect(again.ok && again.diff).toMatchObject({ added: [], removed: [] });
  });
});
