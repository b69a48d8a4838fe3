import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { orderDetail, renderApp } from '../testing/render-app';

afterEach(cleanup);

const card = (number: string) => screen.getByRole('article', { name: `Order #${number}` });

const selfDelivery = (orderNumber: string, pickupInMinutes = 14.5) =>
  makeOrder({
    orderNumber,
    deliveryType: 'homedelivery',
    selfDelivery: true,
    consumerName: 'Liisa K.',
    consumerPhone: '+358 40 123 4567',
    consumerComment: 'Ring twice',
    noContactDelivery: true,
    pickupEta: new Date(Date.now() + pickupInMinutes * 60_000).toISOString(),
    deliveryAddress: {
      street: 'Mannerheimintie 12',
      apartment: 'A 4',
      postCode: '00100',
      city: 'Helsinki',
      formatted: 'Mannerheimintie 12 A 4\n00100 Helsinki\nDoor code 4512',
      lat: 60.17,
      lon: 24.94,
    },
  });

describe("a self-delivery order's own courier block", () => {
  it('shows the address lines and the doorstep drop-off; the phone only once tapped', async () => {
    renderApp(createFakeBridge({ orders: [selfDelivery('31')] }));
    await screen.findByText('#31');
    const block = within(orderDetail('31')).getByTestId('own-delivery');
    expect(within(block).getByTestId('delivery-address').textContent).toContain(
      'Mannerheimintie 12 A 4',
    );
    expect(block.textContent).toContain('Door code 4512');
    expect(within(block).getByTestId('no-contact').textContent).toBe('Leave at the door');
    expect(block.textContent).not.toContain('+358 40 123 4567');
    fireEvent.click(within(block).getByRole('button', { name: 'Show phone' }));
    expect(within(block).getByTestId('customer-phone').textContent).toContain('+358 40 123 4567');
    fireEvent.click(within(block).getByRole('button', { name: 'Hide phone' }));
    expect(block.textContent).not.toContain('+358 40 123 4567');
    expect(
      within(orderDetail('31')).getByRole('button', { name: 'Book a platform courier instead' }),
    ).toBeTruthy();
  });

  it('accept offers only delivery times in the platform range and sends the one chosen; the promised time shows once confirmed', async () => {
    const order = selfDelivery('32');
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#32');
    fireEvent.click(within(card('32')).getByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept order #32' });
    const chips = within(within(dialog).getByTestId('delivery-times'))
      .getAllByRole('button')
      .map((b) => Number(/· (\d+) min$/.exec(b.textContent ?? '')?.[1]));
    // From when the food is ready (15 min) to an hour after it (74 min), nothing else.
    expect(chips[0]).toBe(15);
    expect(chips.at(-1)).toBe(74);
    expect(chips.every((m) => m >= 15 && m <= 74)).toBe(true);
    // It starts on a usual ride after the food is ready.
    expect(within(dialog).getByRole('button', { pressed: true }).textContent).toMatch(/35 min$/);
    fireEvent.click(within(dialog).getByRole('button', { name: /· 45 min$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Accept · at the customer/ }));
    await waitFor(() =>
      expect(bridge.callsTo('orders:accept')).toEqual([
        { orderId: order.id, preparationMinutes: null, deliveryMinutes: 45 },
      ]),
    );
    expect(within(orderDetail('32')).queryByTestId('deliver-by')).toBeNull();
    const promised = new Date(Date.now() + 45 * 60_000).toISOString();
    act(() =>
      bridge.setOrders(
        bridge.orders.map((o) =>
          o.id === order.id
            ? { ...o, platformStatus: o.status, pending: null, deliveryTime: promised }
            : o,
        ),
      ),
    );
    expect(within(orderDetail('32')).getByTestId('deliver-by').textContent).toMatch(
      /^Deliver by \d\d:\d\d$/,
    );
  });
});
