// The menu screen of a terminal of two venues: a picker of the venues' names choosing whose menu
// is shown, sold out and edited; each venue's menu and its "changing…" kept apart; an item on
// both menus sold out (and back) in both at once, each venue's state as its platform confirms it.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItemSummary } from '../../shared/domain';
import {
  BOWLS,
  BURGERS,
  TWO_VENUES,
  createFakeBridge,
  makeMenu,
  makeMenuItem,
  makeOrder,
} from '../testing/fake-bridge';
import { orderDetail, renderApp } from '../testing/render-app';

afterEach(cleanup);

const brownie = makeMenuItem({
  externalData: 'brownie',
  name: 'Chocolate Brownie',
  category: 'Desserts',
  price: 4.9,
});
const burger = makeMenuItem({ externalData: 'burger-classic', name: 'Classic Burger' });
const poke = makeMenuItem({ externalData: 'poke', name: 'Salmon Poke', category: 'Bowls' });

const twoVenues = () =>
  createFakeBridge({
    setup: {
      venues: TWO_VENUES,
    },
    menus: [
      makeMenu({ venueId: BURGERS.venueId, items: [burger, brownie] }),
      makeMenu({ venueId: BOWLS.venueId, items: [poke, brownie] }),
    ],
  });

const soldOut = (item: MenuItemSummary): MenuItemSummary => ({
  ...item,
  enabled: false,
  available: false,
});
const changingOff = (item: MenuItemSummary): MenuItemSummary => ({
  ...item,
  changing: { available: false, until: null },
});

const openMenu = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
  return screen.findByRole('group', { name: 'Menu of' });
};
const row = (name: string) => screen.getByRole('listitem', { name });
const itemsSection = () => screen.getByRole('region', { name: 'Item availability' });

describe('the menu screen of a terminal with two venues', () => {
  it("shows the picked venue's menu by its name, and sells out there only", async () => {
    const bridge = twoVenues();
    renderApp(bridge);
    const picker = await openMenu();
    // Names, never ids; the venue set up first shown first, and picked.
    const choices = within(picker).getAllByRole('button');
    expect(choices.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Kamppi Burgers',
      'Kamppi Bowls',
    ]);
    expect(picker.textContent).not.toMatch(/demo-venue|kamppi-bowls/);
    expect(choices[0]!.getAttribute('aria-pressed')).toBe('true');
    await within(itemsSection()).findByText('Classic Burger');
    expect(within(itemsSection()).queryByText('Salmon Poke')).toBeNull();

    fireEvent.click(within(picker).getByRole('button', { name: 'Kamppi Bowls' }));
    await within(itemsSection()).findByText('Salmon Poke');
    expect(within(itemsSection()).queryByText('Classic Burger')).toBeNull();
    // The picker stays where it was: the same place above the menu.
    expect(screen.getByRole('group', { name: 'Menu of' })).toBe(picker);
    // The editor's draft is the picked venue's.
    await waitFor(() =>
      expect(bridge.callsTo('menu:draft')).toContainEqual({ venueId: BOWLS.venueId }),
    );

    fireEvent.click(within(row('Salmon Poke')).getByRole('button', { name: 'Sold out…' }));
    fireEvent.click(
      within(row('Salmon Poke')).getByRole('button', { name: 'Until switched back' }),
    );
    await waitFor(() =>
      expect(bridge.callsTo('menu:setItemAvailability')).toEqual([
        { externalData: 'poke', enabled: false, disabledUntil: null, venueId: BOWLS.venueId },
      ]),
    );
  });

  it("keeps each venue's menu and its changing… apart", async () => {
    const bridge = twoVenues();
    renderApp(bridge);
    const picker = await openMenu();
    fireEvent.click(within(picker).getByRole('button', { name: 'Kamppi Bowls' }));
    await within(itemsSection()).findByText('Salmon Poke');
    // Told for the second venue: "changing…" there, and the first venue's menu untouched.
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ venueId: BOWLS.venueId, items: [changingOff(poke), brownie] }),
      ),
    );
    expect(within(row('Salmon Poke')).getByRole('status').textContent).toMatch(/changing/);
    fireEvent.click(within(picker).getByRole('button', { name: 'Kamppi Burgers' }));
    await within(itemsSection()).findByText('Classic Burger');
    expect(within(itemsSection()).queryAllByRole('status')).toEqual([]);
    expect(within(row('Classic Burger')).getByText('Available')).toBeTruthy();

    // The first venue's own news does not leak into the second's.
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ venueId: BURGERS.venueId, items: [soldOut(burger), brownie] }),
      ),
    );
    expect(within(row('Classic Burger')).getByText('Sold out')).toBeTruthy();
    fireEvent.click(within(picker).getByRole('button', { name: 'Kamppi Bowls' }));
    await within(itemsSection()).findByText('Salmon Poke');
    expect(within(row('Salmon Poke')).getByRole('status').textContent).toMatch(/changing/);
    // Once the second venue's platform confirms: sold out there.
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ venueId: BOWLS.venueId, items: [soldOut(poke), brownie] }),
      ),
    );
    expect(within(row('Salmon Poke')).queryByRole('status')).toBeNull();
    expect(within(row('Salmon Poke')).getByText('Sold out')).toBeTruthy();
  });

  it('sells an item on both menus out in both venues, each shown changing… until its platform confirms', async () => {
    const bridge = twoVenues();
    renderApp(bridge);
    await openMenu();
    const states = await screen.findByRole('group', { name: 'Chocolate Brownie in each venue' });
    // Only the item on both menus offers it.
    expect(
      within(row('Classic Burger')).queryByRole('group', { name: /in each venue/ }),
    ).toBeNull();
    const venueState = (name: string) =>
      within(states)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(name))!;
    expect(venueState('Kamppi Burgers').textContent).toContain('Available');
    expect(venueState('Kamppi Bowls').textContent).toContain('Available');
    expect(
      within(states).queryByRole('button', { name: 'Available again in both venues' }),
    ).toBeNull();

    fireEvent.click(within(states).getByRole('button', { name: 'Sold out in both venues…' }));
    const chooser = within(states).getByRole('group', {
      name: 'Chocolate Brownie sold out in both venues for',
    });
    fireEvent.click(within(chooser).getByRole('button', { name: 'Until switched back' }));
    await waitFor(() =>
      expect(bridge.callsTo('menu:setItemAvailabilityEverywhere')).toEqual([
        { externalData: 'brownie', enabled: false, disabledUntil: null },
      ]),
    );
    expect(bridge.callsTo('menu:setItemAvailability')).toEqual([]);

    // Each venue's platform answers on its own: never shown sold out before its menu says so.
    act(() => {
      bridge.emit(
        'menu:changed',
        makeMenu({ venueId: BURGERS.venueId, items: [burger, changingOff(brownie)] }),
      );
      bridge.emit(
        'menu:changed',
        makeMenu({ venueId: BOWLS.venueId, items: [poke, changingOff(brownie)] }),
      );
    });
    expect(venueState('Kamppi Burgers').textContent).toMatch(/changing/);
    expect(venueState('Kamppi Bowls').textContent).toMatch(/changing/);
    expect(
      (
        within(states).getByRole('button', {
          name: 'Sold out in both venues…',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ venueId: BOWLS.venueId, items: [poke, soldOut(brownie)] }),
      ),
    );
    expect(venueState('Kamppi Bowls').textContent).toContain('Sold out');
    expect(venueState('Kamppi Burgers').textContent).toMatch(/changing/);
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({ venueId: BURGERS.venueId, items: [burger, soldOut(brownie)] }),
      ),
    );
    expect(venueState('Kamppi Burgers').textContent).toContain('Sold out');
    expect(within(states).queryByRole('button', { name: 'Sold out in both venues…' })).toBeNull();

    // And back on sale in both.
    fireEvent.click(within(states).getByRole('button', { name: 'Available again in both venues' }));
    await waitFor(() =>
      expect(bridge.callsTo('menu:setItemAvailabilityEverywhere').at(-1)).toEqual({
        externalData: 'brownie',
        enabled: true,
      }),
    );
  });

  it('shows no picker and no "every venue" on a terminal of one venue', async () => {
    const bridge = createFakeBridge({ menu: makeMenu({ items: [burger, brownie] }) });
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    await within(itemsSection()).findByText('Chocolate Brownie');
    expect(screen.queryByRole('group', { name: 'Menu of' })).toBeNull();
    expect(screen.queryByRole('group', { name: /in each venue/ })).toBeNull();
  });

  it("sells an order's line out on its own venue's menu", async () => {
    const line = { ...makeOrder().items[0]!, name: 'Chocolate Brownie', posId: 'brownie' };
    const bridge = createFakeBridge({
      setup: {
        venues: TWO_VENUES,
      },
      orders: [
        makeOrder({
          orderNumber: '42',
          venueId: BOWLS.venueId,
          venueName: 'Kamppi Bowls',
          items: [line],
        }),
      ],
      menus: [makeMenu({ venueId: BURGERS.venueId, items: [burger, soldOut(brownie)] })],
    });
    renderApp(bridge);
    await screen.findByRole('article', { name: /42/ });
    // The second venue's menu, as main tells it after its read: the brownie on sale there.
    act(() =>
      bridge.emit('menu:changed', makeMenu({ venueId: BOWLS.venueId, items: [poke, brownie] })),
    );
    fireEvent.click(screen.getByRole('article', { name: /Order #.*42/ }));
    const card = screen.getByRole('article', { name: /Details/ });
    fireEvent.click(within(card).getByText('Ada'));
    // Judged on its own venue's menu (sold out only at the first venue): it can be sold out.
    fireEvent.click(within(card).getByRole('button', { name: 'Mark Chocolate Brownie sold out' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Rest of the day' }));
    await waitFor(() => expect(bridge.callsTo('menu:setItemAvailability')).toHaveLength(1));
    expect(bridge.callsTo('menu:setItemAvailability')[0]).toMatchObject({
      externalData: 'brownie',
      enabled: false,
      venueId: BOWLS.venueId,
    });
  });
});

describe("rejecting an order of another venue with 'Items unavailable'", () => {
  it("judges its lines on the order's own venue's menu and sells them out there", async () => {
    const line = { ...makeOrder().items[0]!, id: 'l1', name: 'Salmon Poke', posId: 'poke' };
    const bridge = createFakeBridge({
      setup: {
        venues: TWO_VENUES,
      },
      orders: [
        makeOrder({
          orderNumber: '43',
          venueId: BOWLS.venueId,
          venueName: 'Kamppi Bowls',
          items: [line],
        }),
      ],
      // The poke is on the second venue's menu only; this window was told neither menu but the
      // first's: the dialog reads the order's venue's menu itself.
      menus: [
        makeMenu({ venueId: BURGERS.venueId, items: [burger, brownie] }),
        makeMenu({ venueId: BOWLS.venueId, items: [poke, brownie] }),
      ],
    });
    renderApp(bridge);
    await screen.findByRole('article', { name: /43/ });
    fireEvent.click(within(orderDetail('43')).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject order #43' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Items unavailable' }));
    const lines = within(dialog).getByRole('group', { name: 'Which items are unavailable?' });
    fireEvent.click(within(lines).getByRole('button', { name: /Salmon Poke/ }));
    // On its own venue's menu: no "not on the menu", and it can be sold out with the rejection.
    const confirm = await within(dialog).findByRole('button', {
      name: 'Reject and mark 1 item sold out',
    });
    expect(within(lines).getByRole('button', { name: /Salmon Poke/ }).textContent).toBe(
      'Salmon Poke',
    );
    fireEvent.click(confirm);
    // One call: main marks them sold out in the order's own venue, with the rejection.
    await waitFor(() =>
      expect(bridge.callsTo('orders:reject')).toEqual([
        expect.objectContaining({
          code: 'ITEMS_UNAVAILABLE',
          soldOut: expect.objectContaining({ items: ['poke'] }),
        }),
      ]),
    );
    expect(bridge.callsTo('menu:setItemAvailability')).toEqual([]);
  });
});
