// Online/offline per venue on a terminal of two venues: each switch goes through that venue's own
// grant and reaches only that venue at the platform; a venue not connected here is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { ServiceError } from '../../main/service-error';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const BOWLS = 'kamppi-bowls';
let world: World;
let core: Core;

beforeAll(async () => {
  world = await startWorld({ venues: [{ id: BOWLS, name: 'Kamppi Bowls' }] });
  core = await world.startCore();
  await world.connect(core);
  await world.addVenue(core, BOWLS);
});
afterAll(async () => {
  await world?.close();
});

/** The venue as the platform has it (the sandbox's control API), not as the terminal thinks. */
const platformOnline = async (venueId: string): Promise<boolean> =>
  (await world.control<{ status: { is_online: boolean } }>('GET', `/venues/${venueId}`)).json.status
    .is_online;

const listed = async (venueId: string) =>
  (await core.api['venue:list']({})).find((v) => v.venueId === venueId);

describe('online and offline per venue', () => {
  it('refuses a venue that is not connected to this terminal and changes nothing', async () => {
    let refused: ServiceError | null = null;
    try {
      await core.api['venue:setOnline']({ venueId: 'another-kitchen', online: false });
    } catch (error) {
      if (error instanceof ServiceError) refused = error;
    }
    expect(refused?.bridge.code).toBe('invalid-request');
    expect(refused?.bridge.message).toBe('This venue is not connected to this terminal.');
    expect(await platformOnline(world.sandbox.demo.venueId)).toBe(true);
    expect(await platformOnline(BOWLS)).toBe(true);
  });

  it('takes one venue offline at the platform and leaves the other online, then both', async () => {
    await core.api['venue:refresh']({});
    await waitFor('both venues listed', async () =>
      (await core.api['venue:list']({})).length === 2 ? true : false,
    );
    const first = world.sandbox.demo.venueId;
    expect((await core.api['venue:list']({})).map((v) => v.venueId)).toEqual([first, BOWLS]);

    await core.api['venue:setOnline']({ venueId: BOWLS, online: false, until: null });
    // Until the platform confirmed it, the terminal shows the wish as changing, not as fact.
    const asked = await listed(BOWLS);
    expect(asked?.isOnline === false || asked?.changing?.online?.online === false).toBe(true);
    await waitFor(
      'the added venue offline at the platform',
      async () => !(await platformOnline(BOWLS)),
    );
    await waitFor('the terminal shows the added venue offline, confirmed', async () => {
      const v = await listed(BOWLS);
      return v?.isOnline === false && v.changing === null;
    });
    expect(await platformOnline(first)).toBe(true);
    expect((await listed(first))?.isOnline).toBe(true);
    expect((await core.api['venue:get']({}))?.venueId).toBe(first);

    // "Take all venues offline": one action per venue, each through its own grant.
    for (const venue of await core.api['venue:list']({}))
      await core.api['venue:setOnline']({ venueId: venue.venueId, online: false });
    await waitFor(
      'both venues offline at the platform',
      async () => !(await platformOnline(first)) && !(await platformOnline(BOWLS)),
    );
    await waitFor('the terminal shows both offline, confirmed', async () =>
      (await core.api['venue:list']({})).every((v) => !v.isOnline && v.changing === null),
    );

    // Without a venue named, the venue set up first (one-venue terminals are unchanged).
    await core.api['venue:setOnline']({ online: true });
    await waitFor('the first venue back online', async () => platformOnline(first));
    expect(await platformOnline(BOWLS)).toBe(false);
  });
});
