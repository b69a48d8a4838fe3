// Venue and menu channels of the core against the sandbox.
import { describe, expect, it } from 'vitest';
import { demoMenu } from '../../sandbox/demo-data';
import type { Core } from '../../main/core';
import { decodeRefusal, refusalText, storedText } from '../../shared/refusals';
import type { World } from './harness';
import { waitFor } from './harness';
import { eachConnectedWorld } from './connected-world';
import { onboard, pos } from '../../sandbox/testing/test-support';

let world: World;
let core: Core;

eachConnectedWorld((w, c) => {
  world = w;
  core = c;
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
    // The platform's status says offline, not until when: the time is the one this terminal set.
    expect(Date.parse(venue.offlineUntil ?? '')).toBe(Date.parse(until));
    await core.api['venue:setOnline']({ online: true });
    await waitFor('online again', async () => (await sandboxVenue()).status.is_online === true);
    await waitFor(
      'online confirmed',
      async () => (await core.api['venue:get']({}))?.isOnline === true,
    );

    // Offline until a time set elsewhere (the merchant's admin): offline, with no end known here.
    const admin = (await onboard(world.sandbox)).access_token;
    const elsewhere = new Date(world.now().getTime() + 7200_000).toISOString();
    const patched = await pos(
      world.sandbox,
      admin,
      'PATCH',
      `/venues/${world.sandbox.demo.venueId}/online`,
      {
        status: 'OFFLINE',
        until: elsewhere,
      },
    );
    expect(patched.status).toBe(204);
    const read = await core.api['venue:refresh']({});
    expect(read).toMatchObject({ isOnline: false, offlineUntil: null });
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

  it('shows a venue change as changing… while the platform is unreachable, never as fact', async () => {
    await core.api['venue:refresh']({});
    await world.faults({ error_rate: 1 });
    await core.api['venue:setOnline']({ online: false, until: null });
    const waiting = await core.api['venue:get']({});
    // The platform still has the venue online: that stays what the terminal says.
    expect(waiting).toMatchObject({
      isOnline: true,
      pending: true,
      changing: { online: { online: false, until: null }, openingTimes: null },
    });
    await world.faults({ error_rate: 0 });
    await core.api['venue:refresh']({}).catch(() => undefined);
    const confirmed = await waitFor('offline confirmed by a read', async () => {
      const v = await core.api['venue:get']({});
      return v && v.changing === null && !v.isOnline ? v : undefined;
    });
    expect(confirmed.pending).toBe(false);
    expect((await sandboxVenue()).status.is_online).toBe(false);
  });
});

type SandboxItem = {
  external_data: string;
  enabled: boolean;
  disabled_until?: string | null;
  options?: Array<{ values: Array<{ external_data?: string; enabled?: boolean }> }>;
};
const sandboxItems = async (): Promise<SandboxItem[]> => {
  const menu = (await sandboxVenue()).menu as {
    categories: Array<{ items: SandboxItem[] }>;
  } | null;
  return menu?.categories.flatMap((c) => c.items) ?? [];
};

describe("the menu through the core, against the platform's own menu", () => {
  const withoutChicken = () => {
    const menu = demoMenu();
    for (const category of menu.categories)
      category.items = category.items.filter((i) => i.external_data !== 'burger-chicken');
    return menu;
  };

  it('reads the platform menu on start and names what a push would remove', async () => {
    const state = await waitFor('menu read on start', async () => {
      const m = await core.api['menu:get']({});
      return m.fetchedAt ? m : undefined;
    });
    expect(state.items.map((i) => i.name)).toContain('Crispy Chicken Burger');
    expect(state.items.length).toBe((await sandboxItems()).length);

    // The same menu as the platform's: nothing added, removed or changed.
    const same = await core.api['menu:check']({ text: JSON.stringify(demoMenu()) });
    expect(same).toMatchObject({ ok: true, diff: { added: [], removed: [], changed: [] } });

    const text = JSON.stringify(withoutChicken());
    const check = await core.api['menu:check']({ text });
    expect(check).toMatchObject({
      ok: true,
      liveError: null,
      diff: {
        removed: ['Crispy Chicken Burger'],
        removedItems: [{ externalData: 'burger-chicken', name: 'Crispy Chicken Burger' }],
        added: [],
      },
    });

    // Without the confirmation, or with one that names other items, nothing is sent.
    await expect(core.api['menu:push']({ text })).rejects.toMatchObject({
      bridge: { code: 'conflict', message: expect.stringContaining('"Crispy Chicken Burger"') },
    });
    await expect(
      core.api['menu:push']({ text, confirmRemoved: ['burger-classic'] }),
    ).rejects.toMatchObject({ bridge: { code: 'conflict' } });
    expect((await core.api['outbox:list']({})).filter((e) => e.kind === 'menu-push')).toEqual([]);

    const receipt = await core.api['menu:push']({ text, confirmRemoved: ['burger-chicken'] });
    expect(receipt).toHaveProperty('actionId');
    expect((await core.api['menu:get']({})).push).not.toBeNull();
    // The platform applies a menu asynchronously; the terminal reads it back until it shows.
    const after = await waitFor('pushed menu shown by the platform', async () => {
      const m = await core.api['menu:get']({});
      return m.push === null && !m.items.some((i) => i.externalData === 'burger-chicken')
        ? m
        : undefined;
    });
    expect(after.pushProblem).toBeNull();
    expect((await sandboxItems()).map((i) => i.external_data)).not.toContain('burger-chicken');

    const bad = await core.api['menu:push']({
      text: JSON.stringify({ ...demoMenu(), currency: 'euro' }),
    });
    expect(bad).toMatchObject({ ok: false, issues: [{ path: 'currency' }] });
    // Kept as a code: a Finnish screen reads the problem in Finnish, never the file's internals.
    const issue = 'issues' in bad ? bad.issues[0] : undefined;
    const said = issue && 'message' in issue ? issue.message : '';
    expect(storedText(said, 'fi')).toBe('valuutta ei ole valuuttakoodi (esim. EUR)');
  });

  it('keeps sold-out items sold out through a push that only removes another item', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    const until = new Date(world.now().getTime() + 3600_000).toISOString();
    await core.api['menu:setItemAvailability']({
      externalData: 'side-fries',
      enabled: false,
      disabledUntil: until,
    });
    await core.api['menu:setOptionAvailability']({ externalData: 'val-bacon', enabled: false });
    await waitFor('fries sold out and bacon off, confirmed', async () => {
      const m = await core.api['menu:get']({});
      const fries = m.items.find((i) => i.externalData === 'side-fries');
      const bacon = m.options.find((o) => o.externalData === 'val-bacon');
      return (
        fries && !fries.available && !fries.changing && bacon && !bacon.enabled && !bacon.changing
      );
    });
    // The file says every item is available, as the merchant's file always does.
    const text = JSON.stringify(withoutChicken());
    const check = await core.api['menu:check']({ text });
    // The diff names what the push changes: only the removal, not the availability.
    expect(check).toMatchObject({
      ok: true,
      diff: { changed: [], removed: ['Crispy Chicken Burger'] },
    });
    await core.api['menu:push']({ text, confirmRemoved: ['burger-chicken'] });
    await waitFor('pushed menu shown by the platform', async () => {
      const m = await core.api['menu:get']({});
      return m.push === null && !m.items.some((i) => i.externalData === 'burger-chicken');
    });
    const onPlatform = (await sandboxItems()).find((i) => i.external_data === 'side-fries');
    expect(onPlatform).toMatchObject({ enabled: true });
    expect(Date.parse(onPlatform?.disabled_until ?? '')).toBe(Date.parse(until));
    const bacon = (await sandboxItems())
      .flatMap((i) => i.options ?? [])
      .flatMap((o) => o.values)
      .filter((v) => v.external_data === 'val-bacon');
    expect(bacon.length).toBeGreaterThan(0);
    expect(bacon.every((v) => v.enabled === false)).toBe(true);
    const fries = (await core.api['menu:get']({})).items.find(
      (i) => i.externalData === 'side-fries',
    );
    expect(fries).toMatchObject({ available: false, changing: null });
  });

  it('refuses a push while the platform menu cannot be read', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    await world.faults({ error_rate: 1 });
    const text = JSON.stringify(demoMenu());
    const check = await core.api['menu:check']({ text });
    expect(check).toMatchObject({ ok: true, diff: null, liveError: expect.any(String) });
    // Why, as a code the screen words (never the raw error).
    const why = decodeRefusal(check.ok ? (check.liveError ?? '') : '');
    expect(why?.key).toBe('menu-live-unread');
    expect(refusalText(why!, 'en')).toMatch(/^The platform (could not read it|did not answer)\.$/);
    await expect(core.api['menu:push']({ text })).rejects.toMatchObject({
      bridge: {
        code: 'conflict',
        message: expect.stringContaining("The platform's current menu could not be read"),
      },
    });
    // The menu screen's note of the failed read: a code too, not the error's text.
    const failed = await core.api['menu:refresh']({}).catch(() => null);
    const shown = failed ?? (await core.api['menu:get']({}));
    expect(decodeRefusal(shown.readError ?? '')?.key).toBe('menu-live-unread');
    await world.faults({ error_rate: 0 });
    expect((await core.api['outbox:list']({})).filter((e) => e.kind === 'menu-push')).toEqual([]);
  });

  it('marks an item sold out until a time; the platform restores it then', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    const until = new Date(world.now().getTime() + 3600_000).toISOString();
    // The platform answers nothing for a moment, so "asked, not confirmed" can be looked at.
    await world.faults({ error_rate: 1 });
    await core.api['menu:setItemAvailability']({
      externalData: 'side-fries',
      enabled: false,
      disabledUntil: until,
    });
    const fries = (await core.api['menu:get']({})).items.find(
      (i) => i.externalData === 'side-fries',
    );
    // Asked for, not yet confirmed: still the platform's "available", with the wish beside it.
    expect(fries).toMatchObject({ available: true, changing: { available: false, until } });
    await world.faults({ error_rate: 0 });
    const confirmed = await waitFor('sold out confirmed', async () => {
      const item = (await core.api['menu:get']({})).items.find(
        (i) => i.externalData === 'side-fries',
      );
      return item && item.changing === null && !item.available ? item : undefined;
    });
    expect(Date.parse(confirmed.disabledUntil ?? '')).toBe(Date.parse(until));
    const onPlatform = (await sandboxItems()).find((i) => i.external_data === 'side-fries');
    expect(onPlatform).toMatchObject({ enabled: true });
    expect(Date.parse(onPlatform?.disabled_until ?? '')).toBe(Date.parse(until));

    await world.advance(3601);
    // The platform's own time limit: a read after it shows the item orderable, nothing sent.
    const restored = await core.api['menu:refresh']({});
    expect(restored.items.find((i) => i.externalData === 'side-fries')?.available).toBe(true);

    await expect(
      core.api['menu:setItemAvailability']({ externalData: 'no-such-item', enabled: false }),
    ).rejects.toMatchObject({ bridge: { code: 'not-found' } });
  });

  it('switches an option value off and on', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    const option = (await core.api['menu:get']({})).options[0];
    if (!option) throw new Error('the demo menu has options');
    await core.api['menu:setOptionAvailability']({
      externalData: option.externalData,
      enabled: false,
    });
    await waitFor('option off, confirmed', async () => {
      const o = (await core.api['menu:get']({})).options.find(
        (x) => x.externalData === option.externalData,
      );
      return o && !o.enabled && o.changing === null;
    });
    const values = (await sandboxItems())
      .flatMap((i) => i.options ?? [])
      .flatMap((o) => o.values)
      .filter((v) => v.external_data === option.externalData);
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => v.enabled === false)).toBe(true);
  });

  it('turns an option value back on at its time, also after a restart', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    const optionOnPlatform = async (externalData: string) =>
      (await sandboxItems())
        .flatMap((i) => i.options ?? [])
        .flatMap((o) => o.values)
        .find((v) => v.external_data === externalData)?.enabled;

    // Soon: this terminal turns it back on by itself.
    const soon = new Date(world.now().getTime() + 1500).toISOString();
    await core.api['menu:setOptionAvailability']({
      externalData: 'val-bacon',
      enabled: false,
      until: soon,
    });
    await waitFor('bacon off', async () => (await optionOnPlatform('val-bacon')) === false);
    await waitFor('bacon on again at its time', async () => await optionOnPlatform('val-bacon'));

    // Due while the terminal was off: restored when it starts.
    const later = new Date(world.now().getTime() + 3600_000).toISOString();
    await core.api['menu:setOptionAvailability']({
      externalData: 'val-aioli',
      enabled: false,
      until: later,
    });
    const off = await waitFor('aioli off, confirmed', async () => {
      const o = (await core.api['menu:get']({})).options.find(
        (x) => x.externalData === 'val-aioli',
      );
      return o && !o.enabled && o.changing === null ? o : undefined;
    });
    expect(off.restoreAt).toBe(later);
    await core.close();
    await world.advance(3601);
    core = await world.startCore();
    await waitFor('aioli on after the restart', async () => await optionOnPlatform('val-aioli'));

    await expect(
      core.api['menu:setOptionAvailability']({
        externalData: 'val-aioli',
        enabled: false,
        until: new Date(world.now().getTime() - 1000).toISOString(),
      }),
    ).rejects.toMatchObject({ bridge: { code: 'invalid-request' } });
  });

  it('sends no push that would remove items added to the platform menu after the confirmation', async () => {
    await waitFor('menu read', async () => (await core.api['menu:get']({})).fetchedAt ?? undefined);
    // The platform applies a push later (sandbox clock, frozen here): the first push is taken
    // but not yet in the platform's menu when staff confirm the second.
    await world.control('POST', '/clock', { frozen: true });
    const withNew = demoMenu();
    withNew.categories[0]?.items.push({
      ...withNew.categories[0].items[0]!,
      name: [{ lang: 'en', value: 'Truffle Burger' }],
      external_data: 'burger-truffle',
    });
    await core.api['menu:push']({ text: JSON.stringify(withNew) });
    const second = await core.api['menu:push']({
      text: JSON.stringify(withoutChicken()),
      confirmRemoved: ['burger-chicken'],
    });
    await waitFor('first push taken', async () =>
      (await core.api['outbox:list']({})).some((e) => e.kind === 'menu-push' && e.state === 'done'),
    );
    await world.advance(5);
    const failed = await waitFor('second push refused before sending', async () =>
      (await core.api['outbox:list']({})).find(
        (e) => 'actionId' in second && e.id === second.actionId && e.state === 'failed',
      ),
    );
    expect(storedText(failed.error ?? '', 'en')).toContain('also remove “Truffle Burger”');
    expect(storedText(failed.error ?? '', 'de')).toContain('auch “Truffle Burger” entfernen');
    const onPlatform = (await sandboxItems()).map((i) => i.external_data);
    expect(onPlatform).toContain('burger-truffle');
    expect(onPlatform).toContain('burger-chicken');
  });
});
