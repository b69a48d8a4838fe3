// A terminal of two venues against the sandbox and the relay, with another terminal of both
// venues changing their menus while the first is cut off: when its link comes back (its order
// stream through the relay, or the platform answering again) it reads every venue's menu again, not only
// the first venue's, and shows each venue's availability as that venue's platform confirms it.
// And a rejection's "items unavailable" sells out in the rejected order's venue only, in the same
// call and transaction as the rejection (a refused mark queues neither), and only with that reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { invokeChannel } from '../../main/host/dispatch';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';
import type { TcpCut } from './tcp-cut';
import { startTcpCut } from './tcp-cut';

const BOWLS = 'kamppi-bowls';
const ITEM = 'burger-classic';
const OTHER_ITEM = 'side-fries';
// No periodic read during the test: only a reconnect can bring another terminal's change.
const coreOptions = {
  reconcileIntervalMs: 3_600_000,
  relayWaitSeconds: 2,
  relayBackoff: { capMs: 1_000 },
};

let world: World;
let counter: Core;
let kitchen: Core;
let first: string;
let relayLink: TcpCut;

type SandboxItem = { external_data: string; enabled: boolean };
const sandboxItem = async (venueId: string, item = ITEM): Promise<SandboxItem | undefined> => {
  const { json } = await world.control<{
    menu: { categories: Array<{ items: SandboxItem[] }> } | null;
  }>('GET', `/venues/${venueId}`);
  return json.menu?.categories.flatMap((c) => c.items).find((i) => i.external_data === item);
};

/** The item as the terminal shows it for the venue: its availability once a read confirmed it. */
const shown = async (core: Core, venueId: string, item = ITEM): Promise<boolean | undefined> => {
  const found = (await core.api['menu:get']({ venueId })).items.find(
    (i) => i.externalData === item,
  );
  return found && found.changing === null ? found.available : undefined;
};
const confirmedEverywhere = (core: Core, what: string, available: boolean) =>
  waitFor(what, async () =>
    (await shown(core, first)) === available && (await shown(core, BOWLS)) === available
      ? true
      : undefined,
  );

/** The other terminal changes the item in both venues; both venues' platforms show it. */
const kitchenSets = async (available: boolean): Promise<void> => {
  await kitchen.api['menu:setItemAvailabilityEverywhere']({
    externalData: ITEM,
    enabled: available,
  });
  await waitFor('both venues changed at the sandbox', async () =>
    (await sandboxItem(first))?.enabled === available &&
    (await sandboxItem(BOWLS))?.enabled === available
      ? true
      : undefined,
  );
};

/** The counter reads both venues' menus now (as staff's Refresh does), and shows `available`. */
const counterReads = async (available: boolean): Promise<void> => {
  await counter.api['menu:refresh']({});
  await counter.api['menu:refresh']({ venueId: BOWLS });
  await confirmedEverywhere(counter, 'the counter reads both menus', available);
};

beforeAll(async () => {
  world = await startWorld({ venues: [{ id: BOWLS, name: 'Kamppi Bowls' }] });
  first = world.sandbox.demo.venueId;
  // The second brand sells the same dishes under the same external ids.
  await world.control('POST', '/venues', {
    venue_id: BOWLS,
    name: 'Kamppi Bowls',
    demo_menu: true,
  });
  relayLink = await startTcpCut(world.relay.url);
  [counter, kitchen] = await Promise.all([
    world.startTerminal('Counter', {
      core: coreOptions,
      relayUrl: relayLink.url,
      venues: [BOWLS],
    }),
    world.startTerminal('Kitchen', { core: coreOptions, venues: [BOWLS] }),
  ]);
}, 90_000);
afterAll(async () => {
  await world?.close();
  await relayLink?.close();
});

describe('a terminal of two venues coming back from an outage', () => {
  it('reads both venues’ menus again when its order stream is back', async () => {
    await kitchenSets(true);
    await counterReads(true);
    relayLink.cut();
    await waitFor('the counter sees its stream down', async () =>
      (await counter.api['status:get']({})).relay === 'connected' ? undefined : true,
    );
    await kitchenSets(false);
    // Nothing told the counter: it still shows what it last read.
    expect(await shown(counter, BOWLS)).toBe(true);
    expect(await shown(counter, first)).toBe(true);

    relayLink.restore();
    await confirmedEverywhere(counter, 'sold out in both venues on the counter', false);
  });

  it('reads both venues’ menus again when the platform is reachable again', async () => {
    await kitchenSets(false);
    await counterReads(false);
    // The platform fails every call; the counter learns it from its next call.
    await world.faults({ error_rate: 1 });
    await counter.api['menu:refresh']({ venueId: BOWLS }).catch(() => undefined);
    await waitFor('the counter sees the platform unreachable', async () =>
      (await counter.api['status:get']({})).platform === 'unreachable' ? true : undefined,
    );
    await world.faults({ error_rate: 0 });
    // The platform is back, and the other terminal changes both menus before the counter calls.
    await kitchenSets(true);
    expect(await shown(counter, BOWLS)).toBe(false);
    expect(await shown(counter, first)).toBe(false);

    // An order arrives: its read is the counter's first platform call since the outage.
    await world.placeOrder();
    await waitFor('the counter sees the platform again', async () =>
      (await counter.api['status:get']({})).platform === 'reachable' ? true : undefined,
    );
    await confirmedEverywhere(counter, 'available in both venues on the counter', true);
  });

  it("a rejection's items unavailable are sold out in the rejected order's venue only", async () => {
    const placed = await world.placeOrder({ venue_id: BOWLS });
    const order = await waitFor('the Bowls order on the counter', async () =>
      (await counter.api['orders:list']({})).find((o) => o.id === placed.id),
    );
    expect(order.venueId).toBe(BOWLS);
    const queued = async (): Promise<number> => (await counter.api['outbox:list']({})).length;
    const before = await queued();
    const request = (soldOut: { items: string[]; until: string | null }) => ({
      orderId: order.id,
      reason: 'Sorry, fries are sold out.',
      code: 'ITEMS_UNAVAILABLE' as const,
      soldOut,
    });
    const reject = (soldOut: { items: string[]; until: string | null }) =>
      counter.api['orders:reject'](request(soldOut));
    // Refused, and nothing changes: marks with another reason than "items unavailable" (or none),
    // at main's IPC boundary and from inside main; not on the venue's menu (with one that is), a
    // time past, a malformed mark. Neither the rejection nor any mark is queued.
    const fries = { items: [OTHER_ITEM], until: null };
    expect(
      await invokeChannel(counter.api, 'orders:reject', { ...request(fries), code: 'GENERIC' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-request', refusal: { key: 'reject-sold-out-reason', values: [] } },
    });
    const { code: _code, ...noReason } = request(fries);
    await expect(counter.api['orders:reject'](noReason)).rejects.toMatchObject({
      bridge: { code: 'invalid-request', refusal: { key: 'reject-sold-out-reason' } },
    });
    await expect(reject({ items: [OTHER_ITEM, 'no-such-item'], until: null })).rejects.toThrow(
      /not on the platform's menu/,
    );
    await expect(
      reject({ items: [OTHER_ITEM], until: new Date(Date.now() - 60_000).toISOString() }),
    ).rejects.toThrow(/has passed/);
    await expect(reject({ items: [], until: null })).rejects.toThrow();
    expect(await queued()).toBe(before);
    expect((await counter.api['orders:list']({})).find((o) => o.id === order.id)).toMatchObject({
      status: 'CREATED',
      rejectReason: null,
    });
    expect(await shown(counter, BOWLS, OTHER_ITEM)).toBe(true);

    // One call through the same boundary: the rejection and the mark queued together.
    expect(await invokeChannel(counter.api, 'orders:reject', request(fries))).toMatchObject({
      ok: true,
    });
    const entries = await counter.api['outbox:list']({});
    expect(entries.length).toBe(before + 2);
    expect(entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['reject', 'item-availability']),
    );
    await waitFor('sold out at Bowls', async () =>
      (await sandboxItem(BOWLS, OTHER_ITEM))?.enabled === false ? true : undefined,
    );
    await waitFor('rejected at the platform', async () =>
      (await world.sandboxOrder(placed.id)).status === 'REJECTED' ? true : undefined,
    );
    expect((await sandboxItem(first, OTHER_ITEM))?.enabled).toBe(true);
    await waitFor('confirmed on the counter at Bowls only', async () =>
      (await shown(counter, BOWLS, OTHER_ITEM)) === false ? true : undefined,
    );
    expect(await shown(counter, first, OTHER_ITEM)).toBe(true);
  });
});
