// What re-renders when the board changes: a shift changes one order at a time among hundreds, and
// a board that re-renders every card for each change (or each clock tick) drops frames at a rush.
// A card renders its number through en.order.number, so counting those calls per order number
// counts each card's renders.
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/domain';
import type { PrintJob } from '../../shared/printing';
import { en } from '../i18n/en';
import { createFakeBridge, makeMenu, makeMenuItem, makeOrder } from '../testing/fake-bridge';
import { orderDetail, renderApp } from '../testing/render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const ORDERS = 40;
const STATUSES = ['CREATED', 'PRODUCTION', 'READY'] as const;

const boardOf = (): Order[] =>
  Array.from({ length: ORDERS }, (_, i) =>
    makeOrder({
      orderNumber: `R${i}`,
      status: STATUSES[i % 3],
      platformStatus: STATUSES[i % 3],
      createdAt: new Date(Date.now() - (i % 7) * 60_000 - 10_000).toISOString(),
    }),
  );

/** Renders per order number since the last reset. */
const countRenders = () => {
  const spy = vi.spyOn(en.order, 'number');
  return {
    reset: () => spy.mockClear(),
    rendered: (): string[] => [...new Set(spy.mock.calls.map(([n]) => String(n)))].sort(),
  };
};

const start = async (orders: Order[]) => {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
  const bridge = createFakeBridge({ orders });
  // Like the web host and the IPC: every list is a fresh copy, never the objects the page holds.
  bridge.handle('orders:list', async () => structuredClone(bridge.orders));
  const app = renderApp(bridge);
  await screen.findByRole('article', { name: `Order #R${ORDERS - 1}` });
  return { bridge, ...app };
};

describe('board re-renders', () => {
  it('re-renders only the card of the order an event changed', async () => {
    const orders = boardOf();
    const { bridge } = await start(orders);
    const renders = countRenders();

    const changed: Order = { ...orders[3]!, status: 'PRODUCTION', platformStatus: 'PRODUCTION' };
    act(() => bridge.emit('orders:changed', { orders: [changed] }));
    expect(renders.rendered()).toEqual(['R3']);
    expect(screen.getByRole('article', { name: 'Order #R3' }).getAttribute('data-status')).toBe(
      'PRODUCTION',
    );

    // An event that repeats what the board already shows (a copy, equal) re-renders nothing.
    renders.reset();
    act(() => bridge.emit('orders:changed', { orders: [structuredClone(changed)] }));
    expect(renders.rendered()).toEqual([]);
  });

  it('re-renders only the changed card when the whole list is read again', async () => {
    const orders = boardOf();
    const { bridge, store } = await start(orders);
    const renders = countRenders();

    // An action reloads the whole list afterwards: 40 fresh objects, one of them different.
    await act(() => store.getState().takeAction('ready', { orderId: orders[7]!.id }));
    expect(renders.rendered()).toEqual(['R7']);
    expect(bridge.callsTo('orders:list').length).toBeGreaterThan(1);
  });

  it('re-renders only the card of the order a print job or a refused action is about', async () => {
    const orders = boardOf();
    const { bridge, store } = await start(orders);
    const renders = countRenders();

    const job: PrintJob = {
      id: 'job-1',
      document: 'kitchen-ticket',
      orderId: orders[5]!.id,
      orderNumber: orders[5]!.orderNumber,
      day: null,
      printerId: 'printer-1',
      state: 'waiting',
      origin: 'auto',
      attempts: 1,
      error: 'paper out',
      held: false,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      printedAt: null,
    };
    act(() => bridge.setPrint({ ...bridge.print, jobs: [job] }));
    expect(renders.rendered()).toEqual(['R5']);
    expect(
      within(screen.getByRole('article', { name: 'Order #R5' })).getByTestId('not-printed'),
    ).toBeTruthy();

    // Every change of printing carries every job anew: only the card whose job changed renders.
    const other: PrintJob = { ...job, id: 'job-2', orderId: orders[6]!.id, state: 'printing' };
    act(() => bridge.setPrint({ ...bridge.print, jobs: [job, other] }));
    renders.reset();
    act(() =>
      bridge.setPrint({
        ...bridge.print,
        jobs: structuredClone([{ ...job, state: 'printed', error: null }, other]),
      }),
    );
    expect(renders.rendered()).toEqual(['R5']);
    expect(
      within(screen.getByRole('article', { name: 'Order #R5' })).queryByTestId('not-printed'),
    ).toBeNull();

    renders.reset();
    bridge.handle('orders:ready', async () => {
      throw new Error('The platform refused');
    });
    await act(() => store.getState().takeAction('ready', { orderId: orders[8]!.id }));
    expect(renders.rendered()).toEqual(['R8']);
  });

  it('re-renders no card when the menu is read again unchanged', async () => {
    const orders = boardOf();
    const { bridge, store } = await start(orders);
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({
          items: [makeMenuItem(), makeMenuItem({ externalData: 'fries', name: 'Fries' })],
        }),
      ),
    );
    const items = store.getState().menuItems;
    expect(items).toHaveLength(2);
    const renders = countRenders();

    // The same menu, read afresh (new objects, equal): the cards keep what they have.
    act(() => bridge.emit('menu:changed', structuredClone(store.getState().menu!)));
    expect(store.getState().menuItems).toBe(items);
    expect(renders.rendered()).toEqual([]);

    // An item sold out is a change: the cards get the new list.
    const menu = structuredClone(store.getState().menu!);
    menu.items[0] = { ...menu.items[0]!, enabled: false, available: false };
    act(() => bridge.emit('menu:changed', menu));
    expect(store.getState().menuItems[0]?.available).toBe(false);
  });

  it('re-renders a "not printed" mark only when what it says changes, not on every job of the queue', async () => {
    const orders = boardOf();
    const { bridge } = await start(orders);
    const marks = vi.spyOn(en.print, 'notPrinted');
    const waiting = (i: number): PrintJob => ({
      id: `job-${i}`,
      document: 'kitchen-ticket',
      orderId: orders[i]!.id,
      orderNumber: orders[i]!.orderNumber,
      day: null,
      printerId: 'printer-1',
      state: 'waiting',
      origin: 'auto',
      attempts: 1,
      error: null,
      held: false,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      printedAt: null,
    });
    const stuck = [waiting(2), waiting(4), waiting(6)];
    // Made a moment ago: on its way, not late, so its card shows no mark.
    const printing: PrintJob = {
      ...waiting(9),
      state: 'printing',
      createdAt: new Date().toISOString(),
    };
    act(() => bridge.setPrint({ ...bridge.print, jobs: [...stuck, printing] }));
    const cardsMarked = () =>
      screen
        .getAllByTestId('not-printed')
        .map((mark) => mark.closest('article')?.getAttribute('aria-label'));
    expect(cardsMarked().sort()).toEqual(['Order #R2', 'Order #R4', 'Order #R6']);
    // Why a ticket did not print is in the order's detail.
    const detail = orderDetail('R2');
    expect(within(detail).getByTestId('not-printed').textContent).toContain(
      'Kitchen ticket not printed',
    );

    // Another ticket of the queue prints: the marks say the same, none renders again.
    marks.mockClear();
    act(() =>
      bridge.setPrint({
        ...bridge.print,
        jobs: structuredClone([...stuck, { ...printing, state: 'printed' as const }]),
      }),
    );
    expect(marks).not.toHaveBeenCalled();

    // The printer reports why: each mark now says so.
    const paperOut = {
      printerId: 'printer-1',
      state: 'paper-out' as const,
      paperNearEnd: false,
      checkedAt: new Date().toISOString(),
      message: null,
    };
    act(() => bridge.setPrint({ ...bridge.print, printers: [paperOut] }));
    expect(marks).toHaveBeenCalledTimes(1);
    expect(within(detail).getByTestId('not-printed').textContent).toContain(
      en.print.printerStates['paper-out'],
    );
  });

  it('re-renders no card on a clock tick that changes nothing they show, and each card whose age turns', async () => {
    const { store } = await start(boardOf());
    const renders = countRenders();

    // The board's clock ticks every 5 s; ages are shown in whole minutes.
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(renders.rendered()).toEqual([]);

    // A minute later every age has turned: every card shows a new one.
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(renders.rendered()).toHaveLength(store.getState().orders.length);
  });
});
