import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DONE_ON_BOARD } from './board';
import { SETTLE_AFTER_MS } from './board-room';
import { createFakeBridge, makeOrder, makeStatus } from '../testing/fake-bridge';
import { findOrderDetail, orderDetail, renderApp } from '../testing/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const column = (name: string) => screen.getByRole('region', { name });
const card = (number: string) => screen.getByRole('article', { name: `Order #${number}` });

describe('order board', () => {
  it('puts each order in its column and shows what the counter needs on the card', async () => {
    const bridge = createFakeBridge({
      orders: [
        makeOrder({
          orderNumber: '101',
          createdAt: minutesAgo(7),
          consumerName: 'Grace Hopper',
          consumerComment: 'No onions please',
          total: { amount: 2450, currency: 'EUR' },
        }),
        makeOrder({
          orderNumber: '102',
          status: 'PRODUCTION',
          platformStatus: 'PRODUCTION',
          deliveryType: 'homedelivery',
          courierPickupEta: inMinutes(75),
        }),
        makeOrder({ orderNumber: '103', status: 'READY', platformStatus: 'READY' }),
        makeOrder({
          orderNumber: '104',
          type: 'preorder',
          preorderTime: inMinutes(120),
          preorderStatus: 'waiting',
        }),
        makeOrder({ orderNumber: '105', status: 'DELIVERED', platformStatus: 'DELIVERED' }),
        makeOrder({
          orderNumber: '106',
          status: 'REJECTED',
          platformStatus: 'REJECTED',
          updatedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        }),
      ],
    });
    renderApp(bridge);

    await screen.findByRole('region', { name: 'New' });
    expect(within(column('New')).getByText('#101')).toBeTruthy();
    expect(within(column('In preparation')).getByText('#102')).toBeTruthy();
    expect(within(column('Ready')).getByText('#103')).toBeTruthy();
    expect(within(column('Scheduled')).getByText('#104')).toBeTruthy();
    expect(within(column('Done today')).getByText('#105')).toBeTruthy();
    // Finished days ago: not today's work.
    expect(screen.queryByText('#106')).toBeNull();

    const first = orderDetail('101');
    expect(within(first).getByText('Takeaway')).toBeTruthy();
    expect(within(first).getByText('Grace Hopper')).toBeTruthy();
    expect(within(first).getByText('Margherita')).toBeTruthy();
    expect(within(first).getByText('2×')).toBeTruthy();
    expect(within(first).getByText('Size: Large')).toBeTruthy();
    expect(within(first).getByText('No onions please')).toBeTruthy();
    expect(within(first).getByText('€24.50')).toBeTruthy();
    expect(within(first).getByText('7 min ago').className).toContain('card-age-late');
    expect(within(orderDetail('104')).getByText('just now').className).not.toContain(
      'card-age-late',
    );

    const delivery = orderDetail('102');
    expect(within(delivery).getByText('Delivery')).toBeTruthy();
    expect(within(delivery).getByTestId('courier-eta').textContent).toMatch(
      /^Courier \d\d:\d\d \(in 1 h 1[45] min\)$/,
    );
    expect(within(orderDetail('104')).getByText(/^For \d\d:\d\d$/)).toBeTruthy();
    expect(within(orderDetail('105')).getByText('Handed over')).toBeTruthy();
  });

  it('shows the courier ETA with a countdown and ages cards live, turning urgent when a new order waits', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const bridge = createFakeBridge({
      orders: [
        makeOrder({ orderNumber: '151', createdAt: minutesAgo(0) }),
        makeOrder({
          orderNumber: '152',
          status: 'PRODUCTION',
          platformStatus: 'PRODUCTION',
          deliveryType: 'homedelivery',
          createdAt: minutesAgo(0),
          courierPickupEta: inMinutes(8),
        }),
      ],
    });
    renderApp(bridge);
    await screen.findByRole('article', { name: 'Order #152' });

    const eta = () => within(orderDetail('152')).getByTestId('courier-eta').textContent;
    const age = () => within(orderDetail('151')).getByText(/ago$|^just now$/);
    const clock = new Date(Date.parse(inMinutes(8))).toLocaleTimeString('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(eta()).toBe(`Courier ${clock} (in 8 min)`);
    expect(age().textContent).toBe('just now');

    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(eta()).toBe(`Courier ${clock} (in 4 min)`);
    expect(age().textContent).toBe('4 min ago');
    expect(age().className).toContain('card-age-warn');
    // An order being prepared is not "waiting": its age stays calm.
    expect(within(orderDetail('152')).getByText('4 min ago').className).not.toMatch(
      /card-age-(warn|late)/,
    );

    act(() => vi.advanceTimersByTime(8 * 60_000));
    expect(eta()).toBe(`Courier ${clock} (4 min late)`);
    expect(age().textContent).toBe('12 min ago');
    expect(age().className).toContain('card-age-late');
  });

  it('says on a ready courier order’s tile what it waits for, never an empty slot', async () => {
    // One instant for the order and the expected clock: read twice, a minute could turn between.
    const eta = inMinutes(6);
    const bridge = createFakeBridge({
      orders: [
        makeOrder({
          orderNumber: '161',
          status: 'READY',
          platformStatus: 'READY',
          deliveryType: 'homedelivery',
        }),
        makeOrder({
          orderNumber: '162',
          status: 'READY',
          platformStatus: 'READY',
          deliveryType: 'homedelivery',
          courierPickupEta: eta,
        }),
        makeOrder({ orderNumber: '163', status: 'READY', platformStatus: 'READY' }),
      ],
    });
    renderApp(bridge);
    const tile = async (n: string) => screen.findByRole('article', { name: `Order #${n}` });
    expect(within(await tile('161')).getByTestId('tile-courier').textContent).toBe(
      'Waiting for the courier',
    );
    const clock = new Date(Date.parse(eta)).toLocaleTimeString('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(within(await tile('162')).getByTestId('tile-courier').textContent).toMatch(
      new RegExp(`^Courier ${clock} \\(in [56] min\\)$`),
    );
    // A takeaway order has its button instead.
    expect(within(await tile('163')).queryByTestId('tile-courier')).toBeNull();
    expect(within(await tile('163')).getByRole('button', { name: 'Handed over' })).toBeTruthy();
  });

  it('formats money by the currency’s minor units', async () => {
    const bridge = createFakeBridge({
      orders: [
        makeOrder({ orderNumber: '201', total: { amount: 1500, currency: 'JPY' } }),
        makeOrder({ orderNumber: '202', total: { amount: 12345, currency: 'KWD' } }),
      ],
    });
    renderApp(bridge);
    expect(await within(await findOrderDetail('201')).findByText('JP¥1,500')).toBeTruthy();
    expect(within(orderDetail('202')).getByText('KWD 12.345')).toBeTruthy();
  });

  it('shows the newest finished orders as cards and the rest of the day in history', async () => {
    // At noon: run within 45 minutes after midnight, the oldest of these were yesterday's, and
    // the board rightly left them out.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 12, 0));
    // 45 finished today, one a minute; #300 is the newest, #344 the oldest.
    const finished = Array.from({ length: 45 }, (_, i) =>
      makeOrder({
        orderNumber: String(300 + i),
        status: 'DELIVERED',
        platformStatus: 'DELIVERED',
        updatedAt: minutesAgo(i + 1),
      }),
    );
    const bridge = createFakeBridge({ orders: [...finished, makeOrder({ orderNumber: '400' })] });
    const { store } = renderApp(bridge);
    const done = await screen.findByRole('region', { name: 'Done today' });
    const numbers = () =>
      within(done)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label'));
    expect(numbers()).toHaveLength(DONE_ON_BOARD);
    expect(numbers()).toContain('Order #300');
    expect(numbers()).toContain(`Order #${300 + DONE_ON_BOARD - 1}`);
    expect(numbers()).not.toContain(`Order #${300 + DONE_ON_BOARD}`);
    expect(within(done).getByText(`The newest ${DONE_ON_BOARD} of 45 shown.`)).toBeTruthy();
    expect(done.querySelector('.column-count')!.textContent).toBe('45');
    // One more finished: it comes on top and the oldest shown leaves.
    act(() =>
      bridge.emit('orders:changed', {
        orders: [
          makeOrder({ orderNumber: '299', status: 'DELIVERED', platformStatus: 'DELIVERED' }),
        ],
      }),
    );
    await waitFor(() => expect(numbers()).toContain('Order #299'));
    expect(numbers()).toHaveLength(DONE_ON_BOARD);
    expect(numbers()).not.toContain(`Order #${300 + DONE_ON_BOARD - 1}`);
    expect(within(done).getByText(`The newest ${DONE_ON_BOARD} of 46 shown.`)).toBeTruthy();
    fireEvent.click(within(done).getByRole('button', { name: 'All past orders' }));
    expect(store.getState().view).toBe('history');
  });

  it('rings and flashes for a new order until someone acts on it', async () => {
    const bridge = createFakeBridge();
    const { ringer } = renderApp(bridge);
    await screen.findByRole('region', { name: 'New' });
    expect(ringer.ringing).toBe(false);

    const order = makeOrder({ orderNumber: '301' });
    act(() => {
      bridge.setOrders([order]);
      bridge.emit('orders:arrived', { orderId: order.id, orderNumber: '301' });
    });
    expect(ringer.ringing).toBe(true);
    expect(card('301').className).toContain('card-flash');
    expect(screen.getByRole('alert', { name: '' }).textContent).toBe('New order!');

    fireEvent.click(within(orderDetail('301')).getByRole('button', { name: 'Accept' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Accept ·/ }));
    await waitFor(() => expect(ringer.ringing).toBe(false));
    expect(card('301').className).not.toContain('card-flash');
  });

  it('counts in the pill only orders waiting for an answer, pre-orders to confirm apart', async () => {
    const later = new Date(Date.now() + 3 * 3600_000).toISOString();
    const preorder = (n: string) =>
      makeOrder({
        orderNumber: n,
        type: 'preorder',
        preorderTime: later,
        preorderStatus: 'waiting',
      });
    const bridge = createFakeBridge({
      orders: [
        makeOrder({ orderNumber: '401' }),
        preorder('402'),
        preorder('403'),
        preorder('404'),
      ],
    });
    renderApp(bridge);
    await screen.findByText('#401');
    // One order waits for an answer: the pill says so, the pre-orders are not counted in it.
    expect(screen.getByRole('alert', { name: '' }).textContent).toBe('New order!');
    // Only pre-orders left (#401 accepted): no "new order" pill at all.
    act(() =>
      bridge.setOrders(
        bridge.orders.map((o) =>
          o.orderNumber === '401'
            ? { ...o, status: 'PRODUCTION' as const, platformStatus: 'PRODUCTION' as const }
            : o,
        ),
      ),
    );
    await waitFor(() => expect(screen.queryByText('New order!')).toBeNull());
    expect(screen.getByTestId('preorders-pill').textContent).toBe('3 pre-orders to confirm');
  });

  it('flags an allergy note on the card, as the ticket does', async () => {
    const bridge = createFakeBridge({
      orders: [
        makeOrder({ orderNumber: '411', consumerComment: 'Severe peanut allergy!' }),
        makeOrder({ orderNumber: '412', consumerComment: 'Ring the bell' }),
      ],
    });
    renderApp(bridge);
    await screen.findByText('#411');
    expect(within(orderDetail('411')).getByTestId('allergy').textContent).toBe('⚠ Allergy');
    expect(within(orderDetail('411')).getByText('Allergy:')).toBeTruthy();
    expect(within(orderDetail('412')).queryByTestId('allergy')).toBeNull();
    expect(within(orderDetail('412')).getByText('Note:')).toBeTruthy();
  });

  it('mutes for a while, and a newer order rings again', async () => {
    const first = makeOrder({ orderNumber: '401' });
    const bridge = createFakeBridge({ orders: [first] });
    const { ringer, store } = renderApp(bridge);
    await waitFor(() => expect(ringer.ringing).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'Mute 2 min' }));
    expect(ringer.ringing).toBe(false);
    const mutedUntil = store.getState().mutedUntil ?? 0;
    expect(mutedUntil - Date.now()).toBeGreaterThan(60_000);
    expect(mutedUntil - Date.now()).toBeLessThanOrEqual(120_000);
    expect(screen.getByRole('button', { name: /Muted/ })).toBeTruthy();

    const second = makeOrder({ orderNumber: '402' });
    act(() => {
      bridge.setOrders([first, second]);
      bridge.emit('orders:arrived', { orderId: second.id, orderNumber: '402' });
    });
    expect(ringer.ringing).toBe(true);
  });

  it('always shows relay, platform, outbox and the reconnect banner in the status bar', async () => {
    const bridge = createFakeBridge({
      status: makeStatus({ relay: 'disconnected', platform: 'reachable', outboxWaiting: 3 }),
    });
    renderApp(bridge);
    expect((await screen.findByTestId('status-relay')).textContent).toBe(
      'Order stream: disconnected',
    );
    expect(screen.getByTestId('status-platform').textContent).toBe('Platform: reachable');
    expect(screen.getByTestId('status-outbox').textContent).toBe('3 waiting to send');

    act(() =>
      bridge.emit(
        'status:changed',
        makeStatus({
          relay: 'connected',
          platform: 'unreachable',
          outboxWaiting: 0,
          needsReconnect: true,
          reconnectWhy: 'refused',
        }),
      ),
    );
    expect(screen.getByTestId('status-relay').textContent).toBe('Order stream: connected');
    expect(screen.getByTestId('status-platform').textContent).toBe('Platform: unreachable');
    expect(screen.getByTestId('status-outbox').textContent).toBe('All actions sent');
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect venue' }));
    expect(screen.getByRole('form', { name: 'Connect this terminal to your venue' })).toBeTruthy();
    // The banner stays (the venue is still disconnected) but no longer offers to open what is open.
    expect(screen.getByRole('alert', { name: '' }).textContent).toContain('reconnected');
    expect(screen.queryByRole('button', { name: 'Reconnect venue' })).toBeNull();
  });

  it('says in the status bar what is wrong and what to do, never an address or a raw error', async () => {
    const bridge = createFakeBridge({
      status: makeStatus({
        relay: 'disconnected',
        relayError: '127.0.0.1:39329 did not answer in time.',
        platform: 'unreachable',
        platformError: 'Service unavailable (injected fault); retry after a brief delay.',
      }),
    });
    renderApp(bridge);
    const detail = await screen.findByTestId('status-detail');
    expect(detail.textContent).toContain(
      'The order stream is not answering. Orders may not arrive.',
    );
    const bar = screen.getByRole('contentinfo', { name: 'Status' });
    expect(bar.textContent).not.toMatch(/127\.0\.0\.1|injected|did not answer in time/);
    expect(bar.innerHTML).not.toMatch(/127\.0\.0\.1|injected/);
    act(() =>
      bridge.emit(
        'status:changed',
        makeStatus({
          platform: 'unreachable',
          platformError: 'Service unavailable (injected fault); retry after a brief delay.',
        }),
      ),
    );
    expect(screen.getByTestId('status-detail').textContent).toBe(
      'The platform is not answering. Accepts and other actions wait and are sent when it answers.',
    );
    // The details are one tap away, in Activity.
    fireEvent.click(screen.getByTestId('status-detail'));
    expect(screen.getByRole('region', { name: 'Problems and support' })).toBeTruthy();
  });

  it('moves between cards and acts with the keyboard', async () => {
    const bridge = createFakeBridge({
      orders: [
        makeOrder({ orderNumber: '501' }),
        makeOrder({ orderNumber: '502', status: 'PRODUCTION', platformStatus: 'PRODUCTION' }),
      ],
    });
    renderApp(bridge);
    await screen.findByText('#501');
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(card('501').className).toContain('card-selected');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(card('502').className).toContain('card-selected');
    fireEvent.keyDown(window, { key: 'r' });
    await waitFor(() =>
      expect(bridge.callsTo('orders:ready')).toEqual([{ orderId: bridge.orders[1]!.id }]),
    );
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'a' });
    expect(screen.getByRole('dialog', { name: 'Accept order #501' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 't' });
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('columns sized to their load', () => {
  const template = () => screen.getByRole('main', { name: 'Orders' }).style.gridTemplateColumns;
  const tracksOf = (value: string) => [...value.matchAll(/([\d.]+)fr/g)].map((m) => Number(m[1]));
  const cooking = (count: number, from: number) =>
    Array.from({ length: count }, (_, i) =>
      makeOrder({
        orderNumber: String(from + i),
        status: 'PRODUCTION',
        platformStatus: 'PRODUCTION',
        createdAt: minutesAgo(30 - i),
      }),
    );

  it('widens a column that hides orders, but not while an order waits for an answer', async () => {
    const bridge = createFakeBridge({ orders: cooking(8, 300) });
    renderApp(bridge);
    await screen.findByText('#300');
    // 8 in preparation, 5 tiles a track down (a 1280 × 800 board's room): two tracks.
    expect(tracksOf(template())).toEqual([1, 2, 1, 0.5, 0.75]);

    const arriving = Array.from({ length: 10 }, (_, i) =>
      makeOrder({ orderNumber: String(400 + i) }),
    );
    act(() => bridge.emit('orders:changed', { orders: arriving }));
    await screen.findByText('#409');
    // Ten new orders hide five in New, but they ring: no column moves under a finger on its way.
    expect(tracksOf(template())).toEqual([1, 2, 1, 0.5, 0.75]);

    // Answered, they are cooking: nothing waits, so preparation takes the spare room.
    const accepted = arriving.map((order) => ({
      ...order,
      status: 'PRODUCTION' as const,
      platformStatus: 'PRODUCTION' as const,
    }));
    act(() => bridge.emit('orders:changed', { orders: accepted }));
    await waitFor(() => expect(tracksOf(template())).toEqual([1, 3, 1, 0.5, 0.75]));
  });

  it('holds the columns while staff touch the screen, and sizes them once it is quiet', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const bridge = createFakeBridge({ orders: cooking(4, 500) });
    renderApp(bridge);
    await screen.findByText('#500');
    expect(tracksOf(template())).toEqual([1, 1, 1, 0.5, 0.75]);

    fireEvent.pointerDown(column('Ready'));
    act(() => bridge.emit('orders:changed', { orders: cooking(6, 600) }));
    await screen.findByText('#605');
    expect(tracksOf(template())).toEqual([1, 1, 1, 0.5, 0.75]);
    act(() => vi.advanceTimersByTime(SETTLE_AFTER_MS - 1_000));
    expect(tracksOf(template())).toEqual([1, 1, 1, 0.5, 0.75]);
    act(() => vi.advanceTimersByTime(1_000));
    expect(tracksOf(template())).toEqual([1, 2, 1, 0.5, 0.75]);
  });
});

describe('platform cancellations', () => {
  it('ring and stay on screen until staff confirm they stopped preparing the order', async () => {
    const order = makeOrder({
      orderNumber: '601',
      status: 'PRODUCTION',
      platformStatus: 'PRODUCTION',
    });
    const bridge = createFakeBridge({ orders: [order] });
    const { ringer } = renderApp(bridge);
    await screen.findByText('#601');
    expect(ringer.ringing).toBe(false);

    act(() => bridge.setOrders([{ ...order, status: 'CANCELED', platformStatus: 'CANCELED' }]));
    const banner = screen.getByTestId('cancelled-banner');
    expect(banner.textContent).toContain(
      'Order #601 was cancelled by the platform. Stop preparing it.',
    );
    expect(ringer.ringing).toBe(true);

    fireEvent.click(within(banner).getByRole('button', { name: 'OK, stopped' }));
    expect(screen.queryByTestId('cancelled-banner')).toBeNull();
    expect(ringer.ringing).toBe(false);
    expect(
      within(screen.getByRole('region', { name: 'Done today' })).getByText('Cancelled by platform'),
    ).toBeTruthy();
  });

  it('keep the card where it was, marked cancelled with its items, until staff acknowledge it', async () => {
    const order = makeOrder({
      orderNumber: '603',
      status: 'PRODUCTION',
      platformStatus: 'PRODUCTION',
      createdAt: minutesAgo(6),
    });
    const neighbour = makeOrder({
      orderNumber: '604',
      status: 'PRODUCTION',
      platformStatus: 'PRODUCTION',
      createdAt: minutesAgo(3),
    });
    const bridge = createFakeBridge({ orders: [order, neighbour] });
    renderApp(bridge);
    await screen.findByText('#603');
    const preparation = () => column('In preparation');
    const numbers = () =>
      within(preparation())
        .getAllByRole('article')
        .map((tile) => tile.getAttribute('aria-label'));
    expect(numbers()).toEqual(['Order #603', 'Order #604']);

    act(() =>
      bridge.setOrders([{ ...order, status: 'CANCELED', platformStatus: 'CANCELED' }, neighbour]),
    );
    // Same column, same place: the neighbour below it does not move up.
    expect(numbers()).toEqual(['Order #603', 'Order #604']);
    const tile = card('603');
    expect(tile.className).toContain('card-cancelled');
    expect(within(tile).getByTestId('tile-cancelled').textContent).toBe('Cancelled');
    expect(within(tile).getByTestId('tile-cancelled-items').textContent).toBe('2× Margherita');
    expect(within(column('Done today')).queryByRole('article', { name: 'Order #603' })).toBeNull();

    fireEvent.click(within(tile).getByRole('button', { name: 'OK, stopped' }));
    await waitFor(() => expect(numbers()).toEqual(['Order #604']));
    expect(within(column('Done today')).getByRole('article', { name: 'Order #603' })).toBeTruthy();
    expect(screen.queryByTestId('cancelled-banner')).toBeNull();
  });

  it('do not alarm for orders already finished when the board opened', async () => {
    const bridge = createFakeBridge({
      orders: [makeOrder({ orderNumber: '602', status: 'CANCELED', platformStatus: 'CANCELED' })],
    });
    const { ringer } = renderApp(bridge);
    await screen.findByText('#602');
    expect(screen.queryByTestId('cancelled-banner')).toBeNull();
    expect(ringer.ringing).toBe(false);
  });
});

describe('outage alarm', () => {
  it('sounds and shows a full-width alert when the order stream stays down 10 s, until it is back', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const bridge = createFakeBridge({ orders: [] });
    const { alarm, ringer } = renderApp(bridge);
    await screen.findByTestId('status-relay');
    act(() => bridge.emit('status:changed', makeStatus({ relay: 'disconnected' })));
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.queryByTestId('stream-alarm')).toBeNull();
    expect(alarm.ringing).toBe(false);

    act(() => vi.advanceTimersByTime(3_000));
    const banner = screen.getByTestId('stream-alarm');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toMatch(
      /^Orders cannot reach this terminal: the order stream has been down since \d\d:\d\d/,
    );
    expect(alarm.ringing).toBe(true);
    // The outage has its own sound: the order ring stays silent with no order waiting.
    expect(ringer.ringing).toBe(false);

    act(() => bridge.emit('status:changed', makeStatus({ relay: 'connected' })));
    expect(screen.queryByTestId('stream-alarm')).toBeNull();
    expect(alarm.ringing).toBe(false);
  });

  it('shows the platform’s text shaped, isolated and clamped on the card, with the whole name as its title', async () => {
    const longName = `Family ${'Mezze '.repeat(100)}`.trim(); // over 500 characters
    const bridge = createFakeBridge({
      orders: [
        makeOrder({
          orderNumber: '171',
          consumerName: '\u202Eadnil\u202C\u200B Lind\u0007',
          consumerComment: 'No nuts\u0085\u202D please',
          items: [
            {
              id: 'line-1',
              name: longName,
              count: 1,
              total: { amount: 500, currency: 'EUR' },
              posId: null,
              options: [
                {
                  name: 'Si\u200Bze',
                  value: '\u202ELarge',
                  count: 1,
                  price: { amount: 0, currency: 'EUR' },
                },
              ],
            },
          ],
        }),
      ],
    });
    renderApp(bridge);
    const order = await findOrderDetail('171');
    const customer = within(order).getByText('adnil Lind');
    expect(customer.tagName).toBe('BDI');
    expect(customer.getAttribute('dir')).toBe('auto');
    expect(within(order).getByText('No nuts please').tagName).toBe('BDI');
    const item = order.querySelector('.item-name') as HTMLElement;
    expect(item.tagName).toBe('BDI');
    expect(Array.from(item.textContent ?? '')).toHaveLength(120);
    expect(item.textContent?.endsWith('…')).toBe(true);
    expect(item.title).toBe(longName);
    expect(within(order).getByText('Size: Large').tagName).toBe('BDI');
    expect(order.textContent).not.toMatch(/[\p{Cc}\u200B\u202A-\u202E]/u);
  });
});
