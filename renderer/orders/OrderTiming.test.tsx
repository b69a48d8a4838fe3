// Order timing on the board, with the clock under the test's control: the ready-by countdown,
// the escalated ring, the start-cooking alarm, the unclaimed takeaway reminder, late couriers and
// the auto-accepted mark (rules: shared/order-timing.ts).
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/domain';
import { createFakeBridge, makeOrder, makeStatus } from '../testing/fake-bridge';
import { orderDetail, renderApp } from '../testing/render-app';

beforeEach(() => {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const clockOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
const card = (number: string) => screen.getByRole('article', { name: `Order #${number}` });
const column = (name: string) => screen.getByRole('region', { name });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('ready-by countdown', () => {
  it("counts down to the platform's pickup time and warns once it is overdue", async () => {
    const readyBy = inMinutes(12);
    const bridge = createFakeBridge({
      orders: [
        makeOrder({
          orderNumber: '201',
          status: 'PRODUCTION',
          platformStatus: 'PRODUCTION',
          pickupEta: readyBy,
        }),
      ],
    });
    renderApp(bridge);
    await screen.findByText('#201');
    const due = () => within(orderDetail('201')).getByTestId('ready-by');
    expect(due().textContent).toBe(`Ready by ${clockOf(readyBy)} · in 12 min`);
    expect(card('201').className).not.toContain('card-overdue');

    advance(7 * 60_000);
    expect(due().textContent).toBe(`Ready by ${clockOf(readyBy)} · in 5 min`);

    advance(8 * 60_000);
    expect(due().textContent).toBe(`Ready by ${clockOf(readyBy)} · 3 min overdue`);
    expect(due().getAttribute('role')).toBe('alert');
    expect(card('201').className).toContain('card-overdue');
  });

  it('shows the time asked for as not confirmed until the platform confirms the accept', async () => {
    const estimate = inMinutes(15);
    const order = makeOrder({ orderNumber: '202', pickupEta: estimate });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#202');
    fireEvent.click(within(orderDetail('202')).getByRole('button', { name: 'Accept' }));
    fireEvent.click(screen.getByRole('button', { name: /^25 min ·/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept · 25 min' }));
    const asked = await within(orderDetail('202')).findByTestId('ready-by');
    expect(asked.textContent).toBe(
      `Ready by ${clockOf(inMinutes(25))} · asked, waiting for the platform`,
    );
    // The platform took it and moved its pickup time: the card now counts down to that.
    const moved = inMinutes(25);
    act(() =>
      bridge.setOrders(
        bridge.orders.map((o): Order =>
          o.id === order.id
            ? { ...o, platformStatus: 'PRODUCTION', pending: null, pickupEta: moved }
            : o,
        ),
      ),
    );
    expect(within(orderDetail('202')).getByTestId('ready-by').textContent).toBe(
      `Ready by ${clockOf(moved)} · in 25 min`,
    );
  });
});

describe('unanswered orders escalate', () => {
  it('after 2 minutes the ring gets urgent and the card says how long it waited; mute keeps the count', async () => {
    const bridge = createFakeBridge({
      orders: [makeOrder({ orderNumber: '211', createdAt: minutesAgo(0) })],
    });
    const { ringer } = renderApp(bridge);
    await screen.findByText('#211');
    expect(ringer.ringing).toBe(true);
    expect(ringer.level).toBe('normal');
    expect(within(orderDetail('211')).queryByTestId('waiting')).toBeNull();

    advance(2 * 60_000 + 5_000);
    expect(ringer.level).toBe('urgent');
    expect(within(orderDetail('211')).getByTestId('waiting').textContent).toBe(
      'Waiting 2 min for an answer',
    );
    expect(card('211').className).toContain('card-escalated');

    fireEvent.click(screen.getByRole('button', { name: 'Mute 2 min' }));
    expect(ringer.ringing).toBe(false);
    // Silenced, still counted where staff look.
    expect(screen.getByText('New order!')).toBeTruthy();

    // The mute runs out and the order still waits: it rings urgently again.
    advance(2 * 60_000 + 5_000);
    expect(ringer.ringing).toBe(true);
    expect(ringer.level).toBe('urgent');
    expect(within(orderDetail('211')).getByTestId('waiting').textContent).toBe(
      'Waiting 4 min for an answer',
    );
  });

  it('hears every arrival once, also an order accepted by itself, marked Auto-accepted', async () => {
    const bridge = createFakeBridge();
    const { ringer } = renderApp(bridge);
    await screen.findByRole('region', { name: 'In preparation' });
    const auto = makeOrder({
      orderNumber: '212',
      status: 'PRODUCTION',
      platformStatus: 'PRODUCTION',
      autoAccepted: true,
      pickupEta: inMinutes(15),
    });
    act(() => {
      bridge.emit('orders:arrived', { orderId: auto.id, orderNumber: '212' });
      bridge.setOrders([auto]);
    });
    expect(ringer.chimes).toBe(1);
    expect(ringer.ringing).toBe(false);
    expect(within(orderDetail('212')).getByTestId('auto-accepted').textContent).toBe(
      'Auto-accepted',
    );
  });

  it('says so with a full-width banner while the browser blocks the sound', async () => {
    const { ringer } = renderApp(createFakeBridge());
    await screen.findByRole('region', { name: 'New' });
    expect(screen.queryByTestId('sound-banner')).toBeNull();
    // The browser refuses to start audio before a gesture; the board's next tick notices.
    ringer.canPlay = () => false;
    advance(5_000);
    const banner = screen.getByTestId('sound-banner');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toMatch(/Order sound is off/);
    // Any tap unlocks the sound; the banner goes once the tap is over, not at the press (the
    // board would move under the finger before its release).
    fireEvent.pointerDown(window);
    expect(screen.getByTestId('sound-banner')).toBeTruthy();
    fireEvent.click(document.body);
    advance(0);
    expect(screen.queryByTestId('sound-banner')).toBeNull();
  });
});

describe('pre-order start cooking', () => {
  it('rings and flashes when the platform moves a pre-order into preparation, until staff acknowledge', async () => {
    const pre = makeOrder({
      orderNumber: '221',
      type: 'preorder',
      preorderStatus: 'confirmed',
      preorderTime: inMinutes(20),
    });
    const bridge = createFakeBridge({ orders: [pre] });
    const { ringer } = renderApp(bridge);
    await screen.findByText('#221');
    // A confirmed pre-order waits quietly in Scheduled.
    expect(ringer.ringing).toBe(false);
    expect(within(column('Scheduled')).getByText('#221')).toBeTruthy();

    act(() => bridge.setOrders([{ ...pre, status: 'PRODUCTION', platformStatus: 'PRODUCTION' }]));
    expect(ringer.ringing).toBe(true);
    expect(within(column('In preparation')).getByText('#221')).toBeTruthy();
    expect(card('221').className).toContain('card-flash');
    const banner = screen.getByTestId('start-cooking');
    expect(banner.textContent).toContain('Start cooking #221');

    fireEvent.click(within(banner).getByRole('button', { name: 'OK, cooking' }));
    expect(screen.queryByTestId('start-cooking')).toBeNull();
    expect(card('221').className).not.toContain('card-flash');
    expect(ringer.ringing).toBe(false);
  });
});

describe('ready takeaway not handed over', () => {
  it('is flagged 5 min past its pickup time, rings once, shows one alert line and is counted', async () => {
    const bridge = createFakeBridge({
      orders: [
        makeOrder({
          orderNumber: '231',
          status: 'READY',
          platformStatus: 'READY',
          pickupEta: minutesAgo(1),
          consumerName: 'Anna',
        }),
        makeOrder({
          orderNumber: '232',
          status: 'READY',
          platformStatus: 'READY',
          deliveryType: 'homedelivery',
          pickupEta: minutesAgo(30),
        }),
      ],
    });
    const { ringer } = renderApp(bridge);
    await screen.findByText('#231');
    expect(within(orderDetail('231')).queryByTestId('unclaimed')).toBeNull();
    expect(screen.queryByTestId('unclaimed-alert')).toBeNull();
    const chimes = ringer.chimes;

    advance(4 * 60_000 + 5_000);
    expect(within(orderDetail('231')).getByTestId('unclaimed').textContent).toMatch(
      /^Not handed over · pickup was \d\d:\d\d \(5 min ago\)/,
    );
    // One line in the notices' strip, its number and name first, and one ring.
    const alert = screen.getByTestId('unclaimed-alert');
    expect(alert.textContent).toMatch(
      /^#231 Anna: ready, not handed over \(pickup \d\d:\d\d\)\. Hand it over, then mark it\.$/,
    );
    expect(ringer.chimes).toBe(chimes + 1);
    advance(60_000);
    expect(ringer.chimes).toBe(chimes + 1);
    expect(card('231').className).toContain('card-unclaimed');
    // A courier order is not the counter's to hand over.
    expect(within(orderDetail('232')).queryByTestId('unclaimed')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Activity' }));
    expect(screen.getByTestId('unclaimed-count').textContent).toMatch(
      /^1 takeaway order ready but never handed over/,
    );
  });

  it('follows the venue setting', async () => {
    const bridge = createFakeBridge({
      orderSettings: { unclaimedAfterMinutes: 30 },
      orders: [
        makeOrder({
          orderNumber: '233',
          status: 'READY',
          platformStatus: 'READY',
          pickupEta: minutesAgo(15),
        }),
      ],
    });
    renderApp(bridge);
    await screen.findByText('#233');
    expect(within(orderDetail('233')).queryByTestId('unclaimed')).toBeNull();
    advance(15 * 60_000);
    expect(within(orderDetail('233')).getByTestId('unclaimed')).toBeTruthy();
  });

  it("follows each order's own venue's setting on a terminal of two venues", async () => {
    const bridge = createFakeBridge({
      orderSettings: { unclaimedAfterMinutes: 30 },
      setup: {
        venues: [
          { venueId: 'demo-venue', name: 'Demo Kitchen', first: true },
          { venueId: 'pizza-venue', name: 'Pizza Place', first: false },
        ],
      },
      orders: [
        makeOrder({
          orderNumber: '234',
          status: 'READY',
          platformStatus: 'READY',
          pickupEta: minutesAgo(15),
        }),
        makeOrder({
          orderNumber: '235',
          venueId: 'pizza-venue',
          venueName: 'Pizza Place',
          status: 'READY',
          platformStatus: 'READY',
          pickupEta: minutesAgo(15),
        }),
      ],
    });
    bridge.handle('orders:settings', async ({ venueId }) => ({
      autoAccept: false,
      autoAcceptMaxItems: 10,
      unclaimedAfterMinutes: venueId === 'pizza-venue' ? 10 : 30,
    }));
    renderApp(bridge);
    await screen.findByText('#235');
    // The second venue reminds after its own 10 min; the first venue's 30 min are not up yet.
    await vi.waitFor(() =>
      expect(within(orderDetail('235')).getByTestId('unclaimed')).toBeTruthy(),
    );
    expect(within(orderDetail('234')).queryByTestId('unclaimed')).toBeNull();
    expect(bridge.callsTo('orders:settings')).toContainEqual({ venueId: 'pizza-venue' });
  });

  it("counts the pickup time by the platform's clock when the counter's clock is off", async () => {
    // The counter's clock is 10 min behind the platform's: by the platform, pickup was 4 min ago.
    const bridge = createFakeBridge({
      status: makeStatus({ configured: true, clockOffsetMs: 10 * 60_000 }),
      orders: [
        makeOrder({
          orderNumber: '236',
          status: 'READY',
          platformStatus: 'READY',
          pickupEta: minutesAgo(-6),
        }),
      ],
    });
    const { ringer } = renderApp(bridge);
    await screen.findByText('#236');
    expect(within(orderDetail('236')).queryByTestId('unclaimed')).toBeNull();
    const chimes = ringer.chimes;
    advance(60_000 + 5_000);
    // The card, the notices' line and the chime agree: one clock for all three.
    expect(within(orderDetail('236')).getByTestId('unclaimed')).toBeTruthy();
    expect(screen.getByTestId('unclaimed-alert').textContent).toMatch(/^#236 /);
    expect(ringer.chimes).toBe(chimes + 1);
  });
});

describe('couriers', () => {
  it('shows a late courier in a warning colour and moves a picked-up order to Done', async () => {
    const order = makeOrder({
      orderNumber: '241',
      status: 'READY',
      platformStatus: 'READY',
      deliveryType: 'homedelivery',
      courierPickupEta: inMinutes(2),
    });
    const bridge = createFakeBridge({ orders: [order] });
    renderApp(bridge);
    await screen.findByText('#241');
    const eta = () => within(orderDetail('241')).getByTestId('courier-eta');
    expect(eta().className).not.toContain('tag-late');
    advance(3 * 60_000 + 5_000);
    expect(eta().className).toContain('tag-late');
    expect(eta().textContent).toMatch(/1 min late/);

    act(() => bridge.setOrders([{ ...order, pickupCompleted: true }]));
    expect(within(column('Ready')).queryByText('#241')).toBeNull();
    expect(within(column('Done today')).getByText('#241')).toBeTruthy();
    expect(within(orderDetail('241')).getByText('Picked up by courier')).toBeTruthy();
  });
});

describe('order settings', () => {
  it('turns auto-accept on from the venue view (off by default) and sets the reminder', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    await screen.findByRole('region', { name: 'New' });
    fireEvent.click(screen.getByRole('button', { name: 'Venue' }));
    const box = screen.getByRole('checkbox', { name: 'Accept new orders automatically' });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await act(async () => undefined);
    expect(bridge.callsTo('orders:configure')).toEqual([{ autoAccept: true }]);
    expect((box as HTMLInputElement).checked).toBe(true);

    const reminder = screen.getByRole('spinbutton', { name: /^Flag a ready takeaway order/ });
    fireEvent.change(reminder, { target: { value: '15' } });
    fireEvent.blur(reminder);
    await act(async () => undefined);
    expect(bridge.callsTo('orders:configure').at(-1)).toEqual({ unclaimedAfterMinutes: 15 });
  });

  it("shows another terminal's change on the open page, and keeps the field staff are typing in", async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    await screen.findByRole('region', { name: 'New' });
    fireEvent.click(screen.getByRole('button', { name: 'Venue' }));
    const box = screen.getByRole('checkbox', { name: 'Accept new orders automatically' });
    const maxItems = screen.getByRole('spinbutton', { name: /^Accept automatically up to/ });
    const reminder = screen.getByRole('spinbutton', { name: /^Flag a ready takeaway order/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    const changedOnKitchen = (autoAcceptMaxItems: number, unclaimedAfterMinutes: number) =>
      act(() =>
        bridge.emit('venueSettings:changed', {
          venueId: 'demo-venue',
          first: true,
          orders: { autoAccept: true, autoAcceptMaxItems, unclaimedAfterMinutes },
          printedBy: {},
          by: 'another-terminal',
        }),
      );

    // Changed on the venue's other terminal: shown here at once, page still open.
    changedOnKitchen(5, 20);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect((maxItems as HTMLInputElement).value).toBe('5');
    expect((reminder as HTMLInputElement).value).toBe('20');

    // Staff are typing in the reminder when the next change comes: their typing stays, the
    // change shows under it, the other fields follow.
    fireEvent.focus(reminder);
    fireEvent.change(reminder, { target: { value: '25' } });
    changedOnKitchen(7, 30);
    expect((reminder as HTMLInputElement).value).toBe('25');
    expect(
      screen.getByText(
        'Changed on another terminal to 30. Leave the field to keep what you typed.',
      ),
    ).toBeTruthy();
    expect((maxItems as HTMLInputElement).value).toBe('7');
    expect(bridge.callsTo('orders:configure')).toEqual([]);
    // Leaving the field keeps what staff typed.
    fireEvent.blur(reminder);
    await act(async () => undefined);
    expect(bridge.callsTo('orders:configure')).toEqual([{ unclaimedAfterMinutes: 25 }]);
    expect((reminder as HTMLInputElement).value).toBe('25');
  });
  it('names a change made in another window of this terminal as that, and its own save as no change', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    await screen.findByRole('region', { name: 'New' });
    fireEvent.click(screen.getByRole('button', { name: 'Venue' }));
    const reminder = screen.getByRole('spinbutton', { name: /^Flag a ready takeaway order/ });
    const maxItems = screen.getByRole('spinbutton', { name: /^Accept automatically up to/ });
    const changedHere = (autoAcceptMaxItems: number, unclaimedAfterMinutes: number) =>
      act(() =>
        bridge.emit('venueSettings:changed', {
          venueId: 'demo-venue',
          first: true,
          orders: { autoAccept: false, autoAcceptMaxItems, unclaimedAfterMinutes },
          printedBy: {},
          by: 'this-terminal',
        }),
      );
    fireEvent.focus(reminder);
    fireEvent.change(reminder, { target: { value: '25' } });
    // Another window of this terminal changes the reminder and the item limit.
    changedHere(6, 40);
    expect((reminder as HTMLInputElement).value).toBe('25');
    expect((maxItems as HTMLInputElement).value).toBe('6');
    expect(
      screen.getByText('Changed in another window to 40. Leave the field to keep what you typed.'),
    ).toBeTruthy();
    expect(screen.queryByText(/on another terminal/)).toBeNull();
    // A change to what staff typed (their own save told back to every window) names nothing.
    changedHere(6, 25);
    expect(screen.queryByText(/Changed in another window/)).toBeNull();
    expect((reminder as HTMLInputElement).value).toBe('25');
  });
});
