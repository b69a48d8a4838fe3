// Several venues on one terminal, from the app: a venue added with its own authorization code
// (setup:addVenue, checked before the code is spent), its orders received through the terminal's
// one relay key and answered at its own venue; removed (setup:removeVenue), it takes only its own
// grant, orders and actions along, and the venue set up first keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { ServiceError } from '../../main/service-error';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const BOWLS = 'kamppi-bowls';
const ELSEWHERE = 'another-kitchen';
let world: World;
let core: Core;

beforeAll(async () => {
  world = await startWorld({ venues: [{ id: BOWLS, name: 'Kamppi Bowls' }] });
  // A venue at the platform that the terminal's relay key does not serve.
  await world.control('POST', '/venues', { venue_id: ELSEWHERE, name: 'Another Kitchen' });
  core = await world.startCore();
  await world.connect(core);
});
afterAll(async () => {
  await world?.close();
});

const refused = async (call: Promise<unknown>): Promise<ServiceError['bridge']> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceError) return error.bridge;
    throw error;
  }
  throw new Error('the call succeeded where it should have been refused');
};

const listed = async (orderId: string) =>
  (await core.api['orders:list']({})).find((o) => o.id === orderId);

const arrives = (orderId: string) =>
  waitFor(`order ${orderId} on the terminal`, async () => (await listed(orderId)) ?? false);

const addCode = async (venueId: string) => ({
  clientId: world.sandbox.demo.clientId,
  clientSecret: world.sandbox.demo.clientSecret,
  code: await world.mintCode(venueId),
  redirectUri: world.sandbox.demo.redirectUri,
});

describe('adding and removing a venue from the app', () => {
  it('refuses a code for the venue already here or for a venue the relay key does not serve', async () => {
    const again = await refused(
      core.api['setup:addVenue'](await addCode(world.sandbox.demo.venueId)),
    );
    expect(again.code).toBe('invalid-request');
    expect(again.issues?.map((i) => i.path)).toEqual(['code']);
    const foreign = await refused(core.api['setup:addVenue'](await addCode(ELSEWHERE)));
    expect(foreign.issues?.map((i) => i.path)).toEqual(['terminalKey']);
    expect((await core.api['setup:get']({})).venues.map((v) => v.venueId)).toEqual([
      world.sandbox.demo.venueId,
    ]);
    expect(await world.secrets.get(`refresh-token@${ELSEWHERE}`)).toBeNull();
    expect(await world.secrets.get(`refresh-token@${world.sandbox.demo.venueId}`)).toBeNull();
  });

  it("adds a venue whose orders arrive and are answered at that venue, next to the first venue's", async () => {
    expect(await world.addVenue(core, BOWLS)).toBe(BOWLS);
    expect(await world.secrets.get(`refresh-token@${BOWLS}`)).toBeTruthy();
    const bowls = await world.placeOrder({ venue_id: BOWLS });
    const burgers = await world.placeOrder();
    expect((await arrives(bowls.id)).venueId).toBe(BOWLS);
    expect((await arrives(burgers.id)).venueId).toBe(world.sandbox.demo.venueId);
    // "Sent to POS" is claimed at the relay under the order's own venue and told to the platform.
    await waitFor(
      "the added venue's order marked sent to POS",
      async () => (await world.sandboxOrder(bowls.id)).sent_to_pos != null,
    );
    await core.api['orders:accept']({ orderId: bowls.id, preparationMinutes: 15 });
    await waitFor(
      'the added venue accepted at the platform',
      async () => (await world.sandboxOrder(bowls.id)).status === 'PRODUCTION',
    );
    // Staff see the venue by the name its orders carry.
    const { venues } = await core.api['setup:get']({});
    expect(venues).toEqual([
      expect.objectContaining({ venueId: world.sandbox.demo.venueId, first: true }),
      { venueId: BOWLS, name: 'Kamppi Bowls', first: false },
    ]);
  });

  it('removes only the added venue: its grant and orders go, the first venue keeps working', async () => {
    const first = world.sandbox.demo.venueId;
    const kept = await world.placeOrder();
    await arrives(kept.id);
    const bowlsOrders = (await core.api['orders:list']({})).filter((o) => o.venueId === BOWLS);
    expect(bowlsOrders.length).toBeGreaterThan(0);

    const notFirst = await refused(core.api['setup:removeVenue']({ venueId: first }));
    expect(notFirst.code).toBe('conflict');
    const unknown = await refused(core.api['setup:removeVenue']({ venueId: ELSEWHERE }));
    expect(unknown.code).toBe('not-found');

    const state = await core.api['setup:removeVenue']({ venueId: BOWLS });
    expect(state.venues.map((v) => v.venueId)).toEqual([first]);
    expect(await world.secrets.get(`refresh-token@${BOWLS}`)).toBeNull();
    expect(await world.secrets.get(`client-secret@${BOWLS}`)).toBeNull();
    const left = await core.api['orders:list']({});
    expect(left.filter((o) => o.venueId === BOWLS)).toEqual([]);
    expect(left.some((o) => o.id === kept.id)).toBe(true);
    expect(
      (await core.api['outbox:list']({})).filter((a) =>
        bowlsOrders.some((o) => o.id === a.subject),
      ),
    ).toEqual([]);

    // The first venue still receives and answers.
    const next = await world.placeOrder();
    await arrives(next.id);
    await core.api['orders:accept']({ orderId: next.id, preparationMinutes: 20 });
    await waitFor(
      'the first venue accepted at the platform',
      async () => (await world.sandboxOrder(next.id)).status === 'PRODUCTION',
    );
    // An order of the removed venue is no longer this terminal's.
    const after = await world.placeOrder({ venue_id: BOWLS });
    const later = await world.placeOrder();
    await arrives(later.id);
    expect(await listed(after.id)).toBeUndefined();
  });
});
