import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { orderDetail, renderApp } from '../testing/render-app';
import { VENUE_COLOURS } from '../ui-kit/venue-marks';

afterEach(cleanup);

const card = (number: string) => screen.getByRole('article', { name: `Order #${number}` });
const markOf = (element: HTMLElement) => within(element).getByTestId('venue-mark');
const shown = () =>
  screen
    .queryAllByRole('article')
    .map((a) => a.getAttribute('aria-label'))
    .sort();

/** A storage that outlives one render, as the window's does a restart. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

// The connected venue (the fake status's 'demo-venue', "Demo Kitchen") and a second brand.
const kitchen = (patch: Parameters<typeof makeOrder>[0] = {}) =>
  makeOrder({ venueId: 'demo-venue', venueName: 'Demo Kitchen', ...patch });
const pizza = (patch: Parameters<typeof makeOrder>[0] = {}) =>
  makeOrder({ venueId: 'pizza-venue', venueName: 'Pizza Place', ...patch });

describe('venue marks on a terminal of several venues', () => {
  it('marks no order on a terminal of one venue', async () => {
    renderApp(createFakeBridge({ orders: [kitchen({ orderNumber: '11' })] }));
    await screen.findByRole('article', { name: 'Order #11' });
    expect(screen.queryAllByTestId('venue-mark')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Show the orders of/ })).toBeNull();
  });

  it('marks the orders as soon as a second venue is connected, before any of its orders', async () => {
    renderApp(
      createFakeBridge({
        orders: [kitchen({ orderNumber: '15' })],
        setup: {
          venues: [
            { venueId: 'demo-venue', name: 'Demo Kitchen', first: true },
            { venueId: 'pizza-venue', name: null, first: false },
          ],
        },
      }),
    );
    await screen.findByRole('article', { name: 'Order #15' });
    expect(markOf(card('15')).textContent).toBe('Demo Kitchen');
    fireEvent.click(screen.getByRole('button', { name: 'Show the orders of: All venues' }));
    const list = screen.getByRole('group', { name: 'Show the orders of' });
    // A venue no order named yet is called by its place, never by its id.
    expect(within(list).getByRole('button', { name: 'Venue 2' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('pizza-venue');
  });

  it("shows each order's venue name on its colour on the tile and in the detail, never the id", async () => {
    renderApp(
      createFakeBridge({
        orders: [kitchen({ orderNumber: '21' }), pizza({ orderNumber: '22' })],
      }),
    );
    await screen.findByRole('article', { name: 'Order #22' });
    const a = markOf(card('21'));
    const b = markOf(card('22'));
    expect(a.textContent).toBe('Demo Kitchen');
    expect(b.textContent).toBe('Pizza Place');
    expect(VENUE_COLOURS).toContain(a.dataset.venueColour);
    expect(VENUE_COLOURS).toContain(b.dataset.venueColour);
    expect(a.dataset.venueColour).not.toBe(b.dataset.venueColour);
    expect(document.body.textContent).not.toContain('pizza-venue');
    expect(markOf(orderDetail('22')).textContent).toBe('Pizza Place');
  });

  it('filters the board by venue, kept over a restart, and a hidden venue still rings and is named', async () => {
    const storage = memoryStorage();
    const bridge = createFakeBridge({
      orders: [
        kitchen({ orderNumber: '31', status: 'PRODUCTION', platformStatus: 'PRODUCTION' }),
        pizza({ orderNumber: '32', status: 'PRODUCTION', platformStatus: 'PRODUCTION' }),
      ],
    });
    const first = renderApp(bridge, { storage });
    await screen.findByRole('article', { name: 'Order #32' });
    const filter = screen.getByRole('button', { name: 'Show the orders of: All venues' });
    fireEvent.click(filter);
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Show the orders of' })).getByRole('button', {
        name: 'Pizza Place',
      }),
    );
    expect(shown()).toEqual(['Order #32']);
    expect(screen.getByRole('button', { name: 'Show the orders of: Pizza Place' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Show the orders of' })).toBeNull();

    // A new order of the venue not shown: it rings, the ring names its venue, the filter counts it.
    const arriving = kitchen({ orderNumber: '33' });
    act(() => {
      bridge.setOrders([...bridge.orders, arriving]);
      bridge.emit('orders:arrived', { orderId: arriving.id, orderNumber: '33' });
    });
    await waitFor(() => expect(first.ringer.ringing).toBe(true));
    expect(screen.getByTestId('ring-venues').textContent).toBe('Demo Kitchen');
    expect(screen.getByTestId('venue-filter-hidden').textContent).toBe('1');
    expect(screen.getByTestId('venue-filter-hidden').className).not.toContain('slot-idle');
    expect(shown()).toEqual(['Order #32']);

    // After a restart the board still shows Pizza Place only, the colours the same.
    const colour = markOf(card('32')).dataset.venueColour;
    first.unmount();
    renderApp(bridge, { storage });
    await screen.findByRole('article', { name: 'Order #32' });
    expect(shown()).toEqual(['Order #32']);
    expect(markOf(card('32')).dataset.venueColour).toBe(colour);

    // Back to every venue.
    fireEvent.click(screen.getByRole('button', { name: 'Show the orders of: Pizza Place' }));
    fireEvent.click(screen.getByRole('button', { name: 'All venues' }));
    expect(shown()).toEqual(['Order #31', 'Order #32', 'Order #33']);
    expect(screen.getByTestId('venue-filter-hidden').className).toContain('slot-idle');
  });

  it('the filter takes the venue name’s place in the top bar: the bar keeps its controls where they were', async () => {
    const bridge = createFakeBridge({ orders: [kitchen({ orderNumber: '41' })] });
    renderApp(bridge);
    await screen.findByRole('article', { name: 'Order #41' });
    const brand = document.querySelector('.top-bar > .brand')!;
    const before = Array.from(document.querySelector('.top-bar')!.children);
    act(() => bridge.setOrders([...bridge.orders, pizza({ orderNumber: '42' })]));
    await screen.findByRole('button', { name: 'Show the orders of: All venues' });
    // The same children of the bar, the filter inside the brand's room (whose size is fixed).
    expect(Array.from(document.querySelector('.top-bar')!.children)).toEqual(before);
    expect(brand.contains(screen.getByRole('button', { name: /Show the orders of/ }))).toBe(true);
  });
});
