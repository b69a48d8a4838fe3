import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../shared/domain';
import { encodeRefusal, refusal } from '../../shared/refusals';
import { createFakeBridge, makeMenu, makeMenuItem, makeOrder } from '../testing/fake-bridge';
import { setLanguage } from '../ui-kit/language';
import { orderDetail, renderApp } from '../testing/render-app';

afterEach(cleanup);

const card = (number: string) => screen.getByRole('article', { name: `Order #${number}` });
const button = (number: string, name: string | RegExp) =>
  within(orderDetail(number)).getByRole('button', { name });
const confirmByPlatform = (
  bridge: ReturnType<typeof createFakeBridge>,
  id: string,
  patch: Partial<Order> = {},
) =>
  act(() =>
    bridge.setOrders(
      bridge.orders.map((o) =>
        o.id === id ? { ...o, ...patch, platformStatus: o.status, pending: null } : o,
      ),
    ),
  );

describe('order actions', () => {
  it('Accept asks for a preparation time, stays pending until the platform confirms, then offers Mark ready', async () => {
    const order = makeOrder({
      orderNumber: '11',
      pickupEta: new Date(Date.now() + 14.5 * 60_000).toISOString(),
    });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#11');

    fireEvent.click(button('11', 'Accept'));
    const dialog = screen.getByRole('dialog', { name: 'Accept order #11' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^20 min · \d\d:\d\d$/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept · 20 min' }));

    await waitFor(() =>
      expect(bridge.callsTo('orders:accept')).toEqual([
        { orderId: order.id, preparationMinutes: 20 },
      ]),
    );
    const pending = within(orderDetail('11')).getByRole('status');
    expect(pending.textContent).toContain('Accept: waiting for the platform…');
    expect(within(orderDetail('11')).queryByRole('button', { name: 'Mark ready' })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'In preparation' })).getByText('#11'),
    ).toBeTruthy();

    confirmByPlatform(bridge, order.id);
    expect(within(orderDetail('11')).queryByRole('status')).toBeNull();
    expect(button('11', 'Mark ready')).toBeTruthy();
  });

  it('Accept offers only what the platform takes (its estimate up to 25 min later), says so, and keeps the estimate by default', async () => {
    const eta = Date.now() + 14.5 * 60_000;
    const order = makeOrder({ orderNumber: '12', pickupEta: new Date(eta).toISOString() });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#12');
    fireEvent.click(button('12', 'Accept'));
    const dialog = screen.getByRole('dialog', { name: 'Accept order #12' });
    const chips = within(dialog)
      .getAllByRole('button', { pressed: false })
      .concat(within(dialog).getAllByRole('button', { pressed: true }))
      .map((b) => b.textContent ?? '');
    const minutes = chips
      .map((text) => /^(\d+) min ·/.exec(text)?.[1])
      .filter((m): m is string => m !== undefined)
      .map(Number);
    // 15 min to the estimate, 39 to the platform's limit: nothing shorter, nothing longer.
    expect(minutes.sort((a, b) => a - b)).toEqual([20, 25, 30, 35, 39]);
    expect(within(dialog).getByTestId('accept-rule').textContent).toMatch(
      /pickup time \(\d\d:\d\d\) or up to 25 min later/,
    );
    const platform = within(dialog).getByRole('button', {
      name: /^Platform time · .* \(15 min\)$/,
    });
    expect(platform.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: /^Accept · ready \d\d:\d\d$/ }));
    await waitFor(() =>
      expect(bridge.callsTo('orders:accept')).toEqual([
        { orderId: order.id, preparationMinutes: null },
      ]),
    );
  });

  it('Accept asks an own-courier order for its delivery time, never a preparation time', async () => {
    const order = makeOrder({
      orderNumber: '14',
      deliveryType: 'homedelivery',
      selfDelivery: true,
      pickupEta: new Date(Date.now() + 15 * 60_000).toISOString(),
    });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#14');
    fireEvent.click(button('14', 'Accept'));
    const dialog = screen.getByRole('dialog', { name: 'Accept order #14' });
    expect(within(dialog).queryByText('Ready by')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Platform time/ })).toBeNull();
    expect(within(dialog).getByText('At the customer by')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /^Accept · at the customer/ }));
    await waitFor(() =>
      expect(bridge.callsTo('orders:accept')).toEqual([
        { orderId: order.id, preparationMinutes: null, deliveryMinutes: expect.any(Number) },
      ]),
    );
  });

  it('Reject needs a reason and sends it with its code', async () => {
    const order = makeOrder({ orderNumber: '13' });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#13');

    fireEvent.click(button('13', 'Reject'));
    const dialog = screen.getByRole('dialog', { name: 'Reject order #13' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a reason before rejecting.');
    expect(bridge.callsTo('orders:reject')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Items unavailable' }));
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: 'Out of mozzarella' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    await waitFor(() =>
      expect(bridge.callsTo('orders:reject')).toEqual([
        { orderId: order.id, reason: 'Out of mozzarella', code: 'ITEMS_UNAVAILABLE' },
      ]),
    );
    confirmByPlatform(bridge, order.id);
    expect(
      within(screen.getByRole('region', { name: 'Done today' })).getByText(`#${order.orderNumber}`),
    ).toBeTruthy();
    expect(
      within(orderDetail(order.orderNumber)).getByText('Reason: Out of mozzarella'),
    ).toBeTruthy();
  });

  it('Reject "Items unavailable" asks which lines and for how long, and marks them sold out in the same call: 4 taps', async () => {
    const line = (id: string, name: string, posId: string) => ({
      id,
      name,
      count: 1,
      options: [],
      total: { amount: 900, currency: 'EUR' },
      posId,
    });
    const order = makeOrder({
      orderNumber: '14',
      items: [line('l1', 'Margherita', 'pizza-m'), line('l2', 'Tiramisu', 'dessert-t')],
    });
    const menu = makeMenu({
      items: [
        makeMenuItem({ externalData: 'pizza-m', name: 'Margherita' }),
        makeMenuItem({ externalData: 'dessert-t', name: 'Tiramisu' }),
      ],
    });
    const bridge = createFakeBridge({ orders: [order], menu });
    renderApp(bridge);
    await screen.findByText('#14');
    let taps = 0;
    const tap = (element: HTMLElement) => {
      taps += 1;
      fireEvent.click(element);
    };

    tap(button('14', 'Reject'));
    const dialog = screen.getByRole('dialog', { name: 'Reject order #14' });
    tap(within(dialog).getByRole('button', { name: 'Items unavailable' }));
    const lines = within(dialog).getByRole('group', { name: 'Which items are unavailable?' });
    expect(
      within(lines)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Margherita', 'Tiramisu']);
    // How long: the rest of the day unless staff choose otherwise.
    const howLong = within(dialog).getByRole('group', { name: 'Sold out for' });
    expect(
      within(howLong).getByRole('button', { name: 'Rest of the day' }).getAttribute('aria-pressed'),
    ).toBe('true');
    tap(within(lines).getByRole('button', { name: 'Tiramisu' }));
    expect((within(dialog).getByRole('textbox') as HTMLInputElement).value).toBe(
      'Sorry, Tiramisu is sold out.',
    );
    tap(within(dialog).getByRole('button', { name: 'Reject and mark 1 item sold out' }));

    // One call: the rejection with its sold-out marks (main queues them in one transaction).
    await waitFor(() => expect(bridge.callsTo('orders:reject')).toHaveLength(1));
    const [rejected] = bridge.callsTo('orders:reject') as Array<{
      soldOut?: { items: string[]; until: string | null };
    }>;
    expect(rejected).toMatchObject({
      orderId: order.id,
      reason: 'Sorry, Tiramisu is sold out.',
      code: 'ITEMS_UNAVAILABLE',
      soldOut: { items: ['dessert-t'] },
    });
    const endOfDay = new Date();
    endOfDay.setHours(23, 59, 0, 0);
    expect(Date.parse(rejected?.soldOut?.until ?? '')).toBe(endOfDay.getTime());
    expect(bridge.callsTo('menu:setItemAvailability')).toEqual([]);
    expect(taps).toBeLessThanOrEqual(4);
  });

  it("Out for delivery marks a ready self-delivery order picked up by the venue's courier, by tap or key", async () => {
    const own = { deliveryType: 'homedelivery', selfDelivery: true, status: 'READY' } as const;
    const order = makeOrder({ orderNumber: '31', ...own, platformStatus: 'READY' });
    const other = makeOrder({ orderNumber: '32', ...own, platformStatus: 'READY' });
    const takeaway = makeOrder({ orderNumber: '33', status: 'READY', platformStatus: 'READY' });
    const bridge = createFakeBridge({ orders: [order, other, takeaway] });
    renderApp(bridge);
    await screen.findByText('#31');
    // Only a venue's own courier takes an order out; a takeaway is handed over at the counter.
    expect(
      within(orderDetail('33')).queryByRole('button', { name: 'Out for delivery' }),
    ).toBeNull();

    fireEvent.click(button('31', 'Out for delivery'));
    await waitFor(() => expect(bridge.callsTo('orders:pickedUp')).toEqual([{ orderId: order.id }]));
    // Asked, not confirmed: no "picked up" until the platform took it, and no second tap.
    expect(within(orderDetail('31')).queryByText('Courier picked up')).toBeNull();
    expect(
      within(orderDetail('31')).queryByRole('button', { name: 'Out for delivery' }),
    ).toBeNull();
    confirmByPlatform(bridge, order.id, { pickupCompleted: true });
    expect(within(orderDetail('31')).getByText('Courier picked up')).toBeTruthy();
    expect(
      within(orderDetail('31')).queryByRole('button', { name: 'Out for delivery' }),
    ).toBeNull();
    // The venue's own courier ends it at the customer's door: "Delivered", not "Handed over".
    expect(button('31', 'Delivered')).toBeTruthy();
    expect(within(orderDetail('31')).queryByRole('button', { name: 'Handed over' })).toBeNull();

    // Its key, on the selected card.
    fireEvent.click(card('32'));
    fireEvent.keyDown(window, { key: 'o' });
    await waitFor(() =>
      expect(bridge.callsTo('orders:pickedUp')).toEqual([
        { orderId: order.id },
        { orderId: other.id },
      ]),
    );
  });

  it('Mark ready and then Handed over take a takeaway order to done', async () => {
    const order = makeOrder({
      orderNumber: '14',
      status: 'PRODUCTION',
      platformStatus: 'PRODUCTION',
    });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#14');

    fireEvent.click(button('14', 'Mark ready'));
    await waitFor(() => expect(bridge.callsTo('orders:ready')).toEqual([{ orderId: order.id }]));
    confirmByPlatform(bridge, order.id);
    expect(within(screen.getByRole('region', { name: 'Ready' })).getByText('#14')).toBeTruthy();

    fireEvent.click(button('14', 'Handed over'));
    await waitFor(() =>
      expect(bridge.callsTo('orders:delivered')).toEqual([{ orderId: order.id }]),
    );
    confirmByPlatform(bridge, order.id);
    expect(
      within(screen.getByRole('region', { name: 'Done today' })).getByText('#14'),
    ).toBeTruthy();
  });

  it('offers no Handed over for an order a courier collects', async () => {
    const bridge = createFakeBridge({
      orders: [
        makeOrder({
          orderNumber: '15',
          status: 'READY',
          platformStatus: 'READY',
          deliveryType: 'homedelivery',
        }),
      ],
    });
    renderApp(bridge);
    await screen.findByText('#15');
    expect(within(card('15')).queryByRole('button')).toBeNull();
  });

  it('Confirm pre-order confirms a scheduled order', async () => {
    const order = makeOrder({
      orderNumber: '16',
      type: 'preorder',
      preorderTime: new Date(Date.now() + 3_600_000).toISOString(),
      preorderStatus: 'waiting',
    });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#16');
    expect(within(orderDetail('16')).queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(button('16', 'Confirm pre-order'));
    await waitFor(() =>
      expect(bridge.callsTo('orders:confirmPreorder')).toEqual([{ orderId: order.id }]),
    );
    confirmByPlatform(bridge, order.id);
    expect(within(orderDetail('16')).getByText(/Confirmed/)).toBeTruthy();
    expect(
      within(orderDetail('16')).queryByRole('button', { name: 'Confirm pre-order' }),
    ).toBeNull();
  });

  it('a failed action says why in staff words, not the platform’s own text, with Retry and Discard', async () => {
    const order = makeOrder({
      orderNumber: '17',
      status: 'PRODUCTION',
      pending: {
        actionId: 'a-17',
        kind: 'accept',
        state: 'failed',
        error: encodeRefusal(
          refusal('action-error', 'refused', 409),
          'Order 65f1c0ffee0123456789abcd is not in state CREATED',
        ),
        attempts: 1,
        createdAt: new Date().toISOString(),
      },
    });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#17');
    const alert = within(orderDetail('17')).getByRole('alert');
    expect(alert.textContent).toContain(
      'Accept failed: The platform refused this action (error 409).',
    );
    // The platform's sentence (English, naming the order's id) stays in the diagnostics export.
    expect(alert.textContent).not.toContain('65f1c0ffee');
    expect(alert.textContent).not.toContain('not in state');

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bridge.callsTo('outbox:retry')).toEqual([{ actionId: 'a-17' }]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(bridge.callsTo('outbox:discard')).toEqual([{ actionId: 'a-17' }]));
  });

  it('a failed action on an order the platform closed offers no Retry, only a dismiss', async () => {
    const order = makeOrder({
      orderNumber: '20',
      status: 'CANCELED',
      platformStatus: 'CANCELED',
      pending: {
        actionId: 'a-20',
        kind: 'accept',
        state: 'failed',
        error: encodeRefusal(refusal('order-past', '20', 'CANCELED', 'platform')),
        attempts: 1,
        createdAt: new Date().toISOString(),
      },
    });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#20');
    const alert = within(orderDetail('20')).getByRole('alert');
    expect(alert.textContent).toContain(
      'Accept failed: The platform refused: Order #20 was cancelled by the platform.',
    );
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'OK, dismiss' }));
    await waitFor(() => expect(bridge.callsTo('outbox:discard')).toEqual([{ actionId: 'a-20' }]));
  });

  it('a call the service refuses shows why and leaves the order as it was', async () => {
    const order = makeOrder({
      orderNumber: '18',
      status: 'PRODUCTION',
      platformStatus: 'PRODUCTION',
    });
    const bridge = createFakeBridge({ orders: [order] });
    bridge.handle('orders:ready', () =>
      Promise.reject({ code: 'conflict', message: 'The order was already handed over.' }),
    );
    renderApp(bridge);
    await screen.findByText('#18');
    fireEvent.click(button('18', 'Mark ready'));
    const alert = await within(orderDetail('18')).findByRole('alert');
    expect(alert.textContent).toContain('Not sent: The order was already handed over.');
    expect(button('18', 'Mark ready')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(within(orderDetail('18')).queryByRole('alert')).toBeNull();
  });

  it('a refusal main sent as a code follows a switch of language on the card', async () => {
    const order = makeOrder({
      orderNumber: '17',
      status: 'PRODUCTION',
      platformStatus: 'PRODUCTION',
    });
    const bridge = createFakeBridge({ orders: [order] });
    bridge.handle('orders:ready', () =>
      Promise.reject({
        code: 'conflict',
        message: 'Order #17 has an action that failed: retry or discard it first.',
        refusal: refusal('order-failed-action', '17'),
      }),
    );
    renderApp(bridge);
    await screen.findByText('#17');
    fireEvent.click(button('17', 'Mark ready'));
    await within(orderDetail('17')).findByRole('alert');
    // Found by its class: the card's own name is Finnish after the switch.
    const said = () => document.querySelector('.state-failed p')?.textContent;
    expect(said()).toBe(
      'Not sent: Order #17 has an action that failed: retry or discard it first.',
    );
    try {
      act(() => setLanguage('fi'));
      // The screen starts again in Finnish: the detail opened again by a tap on the tile.
      fireEvent.click(await screen.findByRole('article', { name: 'Tilaus #17' }));
      // The store kept the English sentence: it stayed English on a Finnish screen.
      await waitFor(() =>
        expect(said()).toContain(
          'Tilauksen #17 toiminto epäonnistui: yritä uudelleen tai hylkää se ensin.',
        ),
      );
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('shows the action as sending while the call is in flight', async () => {
    const order = makeOrder({
      orderNumber: '19',
      status: 'PRODUCTION',
      platformStatus: 'PRODUCTION',
    });
    const bridge = createFakeBridge({ orders: [order] });
    let release: () => void = () => undefined;
    bridge.handle(
      'orders:ready',
      () => new Promise((resolve) => (release = () => resolve({ actionId: 'x' }))),
    );
    renderApp(bridge);
    await screen.findByText('#19');
    fireEvent.click(button('19', 'Mark ready'));
    expect(within(orderDetail('19')).getByRole('status').textContent).toContain('Sending…');
    expect(within(orderDetail('19')).queryByRole('button', { name: 'Mark ready' })).toBeNull();
    await act(async () => release());
    await waitFor(() => expect(within(orderDetail('19')).queryByRole('status')).toBeNull());
  });
});
