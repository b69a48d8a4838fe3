// The missed-order watch covers every venue of a terminal (docs/platform.md#missed-orders): with
// two venues, an order of the venue added second whose notification the platform dropped raises
// the alarm, checked against that venue's own status and orders; the first venue, whose orders
// all arrived, raises none. Real sandbox and relay; a check every second, a grace of 1.5 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { StreamGuardState } from '../../shared/stream-guard';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const BOWLS = 'kamppi-bowls';
const CHECK = { intervalMs: 1_000, graceMs: 1_500 };
let world: World;
let core: Core;

beforeAll(async () => {
  world = await startWorld({ venues: [{ id: BOWLS, name: 'Kamppi Bowls' }] });
  core = await world.startCore({ missedOrders: CHECK });
  await world.connect(core);
  await world.addVenue(core, BOWLS);
  // Each venue has its own auto-accept: both take their orders by themselves here.
  for (const venueId of [world.sandbox.demo.venueId, BOWLS])
    await core.api['orders:configure']({ venueId, autoAccept: true });
});
afterAll(async () => {
  await world?.close();
});

const stream = (): Promise<StreamGuardState> => core.api['stream:get']({});
const onBoard = async (orderId: string) =>
  (await core.api['orders:list']({})).find((o) => o.id === orderId && o.status !== 'CREATED');
const placement = async (orderId: string) =>
  (
    await world.control<
      { order_id: string; type: string; delivered: boolean; dropped: string | null }[]
    >('GET', '/notifications')
  ).json.find(
    (n) => n.order_id === orderId && n.type === 'order.notification' && n.dropped !== null,
  );
/** Two more checks have run: every venue was looked at since now. */
const aRoundLater = async () => {
  for (let i = 0; i < 2; i += 1) {
    const before = (await stream()).missedCheckedAt;
    await waitFor('a missed-order check', async () => (await stream()).missedCheckedAt !== before);
  }
};

describe('missed orders on a terminal of two venues', () => {
  it("raises the alarm for the added venue's dropped order, none for the first venue", async () => {
    // Each venue has an order that arrived (accepted here), as in any shift.
    const burger = await world.placeOrder();
    const bowl = await world.placeOrder({ venue_id: BOWLS });
    await waitFor('both arrived and accepted', async () =>
      (await onBoard(burger.id)) && (await onBoard(bowl.id)) ? true : undefined,
    );
    await aRoundLater();
    expect((await stream()).missed).toEqual([]);

    await world.faults({ drop_webhooks: 1 });
    const lost = await world.placeOrder({ venue_id: BOWLS });
    await waitFor('the platform gave up on its notification', () => placement(lost.id));
    await world.faults({ drop_webhooks: 0 });
    const { created_at: createdAt } = (await world.sandboxOrder(lost.id)) as unknown as {
      created_at: string;
    };

    const state = await waitFor(
      'the alarm for the lost order',
      async () => ((await stream()).missed.length > 0 ? stream() : undefined),
      20_000,
    );
    expect(state.missed).toHaveLength(1);
    const [alarm] = state.missed;
    expect(alarm?.platformStatus).toBe('CREATED');
    // Staff learn which venue's order it is: the terminal serves two.
    expect(alarm).toMatchObject({ venueId: BOWLS, venueName: 'Kamppi Bowls' });
    expect(Date.parse(createdAt)).toBeLessThanOrEqual(
      Date.parse(alarm?.moreUntil ?? alarm?.placedTo ?? ''),
    );
    expect(!alarm?.placedFrom || Date.parse(alarm.placedFrom) < Date.parse(createdAt)).toBe(true);
    // The lost order is not on the board: nothing but the alarm tells staff of it.
    expect(await onBoard(lost.id)).toBeUndefined();
  });
});
