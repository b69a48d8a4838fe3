// The renderer store on its own, fed by the fake bridge: initial reads, then events that carry
// only what changed, applied as deltas.
import { describe, expect, it, vi } from 'vitest';
import type { Order, OutboxEntry } from '../../shared/domain';
import { RECENT_DONE_ACTIONS } from '../../shared/domain';
import type { PrintJob } from '../../shared/printing';
import { boardOf, DONE_ON_BOARD, FINISHED_KEPT } from '../orders/board';
import {
  createFakeBridge,
  makeDelivery,
  makeMenu,
  makeMenuItem,
  makeOrder,
} from '../testing/fake-bridge';
import { isRinging } from '../orders/orders-slice';
import { keepUnchanged, mergeById, mergeChanged } from '../ui-kit/merge';
import { createAppStore } from './store';

const started = async (bridge = createFakeBridge()) => {
  const store = createAppStore(bridge, { now: () => 0 });
  await store.getState().init();
  return store;
};

const entry = (id: string, state: OutboxEntry['state']): OutboxEntry => ({
  id,
  kind: 'ready',
  subject: 'o1',
  facts: { orderNumber: '1' },
  state,
  attempts: 0,
  error: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  nextAttemptAt: null,
});

describe('mergeById', () => {
  it('replaces items in place and adds newcomers at the end, or the start', () => {
    const list = [
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
    ];
    expect(
      mergeById(list, [
        { id: 'b', v: 2 },
        { id: 'c', v: 1 },
      ]),
    ).toEqual([
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
      { id: 'c', v: 1 },
    ]);
    expect(mergeById(list, [{ id: 'c', v: 1 }], 'first').map((x) => x.id)).toEqual(['c', 'a', 'b']);
    expect(mergeById(list, [])).toBe(list);
  });
});

describe('mergeChanged', () => {
  it('gives what keepUnchanged over mergeById gives, and the list itself when nothing differs', () => {
    const a = { id: 'a', v: 1 };
    const b = { id: 'b', v: 1 };
    const list = [a, b];
    const before = new Map([
      ['a', a],
      ['b', b],
    ]);
    expect(mergeChanged(list, [{ id: 'b', v: 1 }], before)).toBe(list);
    const changed = [
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
      { id: 'c', v: 1 },
    ];
    const merged = mergeChanged(list, changed, before);
    expect(merged).toEqual(keepUnchanged(list, mergeById(list, changed)));
    expect(merged[0]).toBe(a);
    expect(merged[1]).toBe(changed[1]);
  });
});

describe('app store', () => {
  it('loads the lists, then applies an event about one order without losing the others', async () => {
    const one = makeOrder({ status: 'CREATED' });
    const two = makeOrder({ status: 'PRODUCTION' });
    const bridge = createFakeBridge({ orders: [one, two] });
    const store = await started(bridge);
    expect(store.getState().orders.map((o) => o.id)).toEqual([one.id, two.id]);
    bridge.emit('orders:changed', { orders: [{ ...two, status: 'READY' }] });
    expect(store.getState().orders.map((o) => [o.id, o.status])).toEqual([
      [one.id, 'CREATED'],
      [two.id, 'READY'],
    ]);
    const three = makeOrder();
    bridge.emit('orders:changed', { orders: [three] });
    expect(store.getState().orders.map((o) => o.id)).toEqual([one.id, two.id, three.id]);
  });

  it("keeps every open order and the newest finished ones, and counts the whole day's", async () => {
    const open = Array.from({ length: 5 }, () => makeOrder({ status: 'PRODUCTION' }));
    const bridge = createFakeBridge({ orders: open });
    const store = await started(bridge);
    // Handed over today, a second apart, the last just now: squeezed between midnight and now in
    // the day's first minutes (a run a few minutes after midnight counted only those after it).
    const now = Date.now();
    const midnight = new Date(now).setHours(0, 0, 0, 0);
    const step = Math.min(1_000, (now - midnight) / 500);
    const handedOver = (i: number) =>
      makeOrder({
        status: 'DELIVERED',
        platformStatus: 'DELIVERED',
        updatedAt: new Date(now - (500 - i) * step).toISOString(),
      });
    // A long shift: 500 orders handed over, one event each.
    const finished = Array.from({ length: 500 }, (_, i) => handedOver(i));
    for (const order of finished) bridge.emit('orders:changed', { orders: [order] });
    const today = () =>
      boardOf(store.getState().orders, Date.now(), store.getState().finishedByDay);
    const ids = (list: Order[]) => list.map((o) => o.id);
    expect(ids(store.getState().orders)).toEqual([
      ...ids(open),
      ...ids(finished.slice(-FINISHED_KEPT)),
    ]);
    expect(today().counts.done).toBe(500);
    expect(ids(today().columns.done)).toEqual(ids(finished.slice(-DONE_ON_BOARD).reverse()));
    // A reload lists what main lists (a part of the day): the count stays the day's.
    bridge.setOrders([...open, ...finished.slice(-100)]);
    await store.getState().retry('none');
    expect(today().counts.done).toBe(500);
    expect(ids(today().columns.done)).toEqual(ids(finished.slice(-DONE_ON_BOARD).reverse()));
  });

  it("an action's list answer that comes after a newer event does not undo it", async () => {
    const order = makeOrder({ status: 'CREATED' });
    const bridge = createFakeBridge({ orders: [order] });
    const store = await started(bridge);
    const accepting = {
      ...order,
      status: 'PRODUCTION' as const,
      pending: {
        actionId: 'a1',
        kind: 'accept' as const,
        state: 'pending' as const,
        error: null,
        attempts: 0,
        createdAt: order.createdAt,
      },
    };
    const confirmed = {
      ...order,
      status: 'PRODUCTION' as const,
      platformStatus: 'PRODUCTION' as const,
    };
    const newcomer = makeOrder({ status: 'CREATED' });
    // The reload after the accept is read while the accept is on its way, and answered late.
    let answer: (orders: (typeof order)[]) => void = () => undefined;
    bridge.handle('orders:accept', async () => ({ actionId: 'a1' }));
    bridge.handle('orders:list', () => new Promise((resolve) => (answer = resolve)));
    const accepted = store
      .getState()
      .takeAction('accept', { orderId: order.id, preparationMinutes: 20 });
    await vi.waitFor(() => expect(bridge.callsTo('orders:list')).toHaveLength(2));
    // Meanwhile the platform confirms, and a new order arrives.
    bridge.emit('orders:changed', { orders: [confirmed] });
    bridge.emit('orders:changed', { orders: [newcomer] });
    answer([accepting]);
    expect(await accepted).toBeNull();
    expect(store.getState().orders.map((o) => [o.id, o.pending])).toEqual([
      [newcomer.id, null],
      [order.id, null],
    ]);
    // A later reload, asked after every event, is taken whole.
    bridge.handle('orders:list', async () => [confirmed]);
    await store.getState().retry('a1');
    expect(store.getState().orders.map((o) => o.id)).toEqual([order.id]);
  });

  it('rings for what main decided, also in a window opened after it; an acknowledged cue is not replayed', async () => {
    const order = makeOrder({ orderNumber: '611', status: 'CANCELED', platformStatus: 'CANCELED' });
    // Main decided it while no window was open.
    const bridge = createFakeBridge({
      orders: [order],
      cues: [
        {
          id: `cancelled:${order.id}`,
          kind: 'cancelled',
          orderId: order.id,
          orderNumber: '611',
          since: '2026-11-26T12:00:00.000Z',
        },
      ],
    });
    const store = await started(bridge);
    expect(store.getState().cancelled).toEqual([{ id: order.id, orderNumber: '611' }]);
    expect(isRinging(store.getState(), 0)).toBe(true);

    // A cue main tells while the window is open ends a mute.
    store.getState().mute();
    const pre = makeOrder({ orderNumber: '612', type: 'preorder' });
    bridge.emit('cues:changed', {
      cues: [
        ...(await bridge['cues:list']({})),
        {
          id: `start-cooking:${pre.id}`,
          kind: 'start-cooking',
          orderId: pre.id,
          orderNumber: '612',
          since: '2026-11-26T12:01:00.000Z',
        },
      ],
    });
    expect(store.getState().startCooking).toEqual([{ id: pre.id, orderNumber: '612' }]);
    expect(store.getState().mutedUntil).toBeNull();

    // Acknowledged through main: gone here, and a window opened (or reloaded) later has none.
    expect(await store.getState().acknowledgeCancelled(order.id)).toBeNull();
    expect(bridge.callsTo('cues:acknowledge')).toEqual([{ cueId: `cancelled:${order.id}` }]);
    expect(store.getState().cancelled).toEqual([]);
    store.getState().dispose();
    const reopened = await started(bridge);
    expect(reopened.getState().cancelled).toEqual([]);
    expect(isRinging(reopened.getState(), 0)).toBe(false);
  });

  it('applies outbox and delivery events as deltas; deliveries newest first', async () => {
    const old = makeDelivery();
    const bridge = createFakeBridge({ deliveries: [old] });
    bridge.handle('outbox:list', async () => [entry('a1', 'pending'), entry('a2', 'failed')]);
    const store = await started(bridge);
    bridge.emit('outbox:changed', { entries: [entry('a1', 'done'), entry('a3', 'pending')] });
    expect(store.getState().outbox.map((e) => [e.id, e.state])).toEqual([
      ['a1', 'done'],
      ['a2', 'failed'],
      ['a3', 'pending'],
    ]);
    // A long shift: actions keep arriving done, and the list keeps what main would list.
    const minute = (i: number) => new Date(Date.parse('2026-11-23T11:00:00.000Z') + i * 60_000);
    for (let i = 0; i < RECENT_DONE_ACTIONS + 5; i += 1)
      bridge.emit('outbox:changed', {
        entries: [{ ...entry(`d${i}`, 'done'), createdAt: minute(i).toISOString() }],
      });
    const listed = store.getState().outbox;
    expect(listed.filter((e) => e.state !== 'done').map((e) => e.id)).toEqual(['a2', 'a3']);
    expect(listed.filter((e) => e.state === 'done').map((e) => e.id)).toEqual(
      Array.from({ length: RECENT_DONE_ACTIONS }, (_, i) => `d${i + 5}`),
    );
    const fresh = makeDelivery();
    bridge.emit('deliveries:changed', { deliveries: [fresh, { ...old, status: 'picked_up' }] });
    expect(store.getState().deliveries.map((d) => [d.id, d.status])).toEqual([
      [fresh.id, fresh.status],
      [old.id, 'picked_up'],
    ]);
  });

  it('shows an action as submitting until the service answers, and keeps a refusal on the order', async () => {
    const order = makeOrder({ status: 'PRODUCTION' });
    const bridge = createFakeBridge({ orders: [order] });
    let answer: (value: { actionId: string }) => void = () => {};
    bridge.handle('orders:ready', () => new Promise((resolve) => (answer = resolve)));
    const store = await started(bridge);
    const done = store.getState().takeAction('ready', { orderId: order.id });
    expect(store.getState().submitting).toEqual({ [order.id]: true });
    answer({ actionId: 'x' });
    expect(await done).toBeNull();
    expect(store.getState().submitting).toEqual({});

    bridge.handle('orders:delivered', async () => {
      throw { code: 'conflict', message: 'Order #1 is still being prepared: mark it ready first.' };
    });
    expect(await store.getState().takeAction('delivered', { orderId: order.id })).toEqual({
      code: 'conflict',
      message: 'Order #1 is still being prepared: mark it ready first.',
    });
    expect(store.getState().callErrors[order.id]?.message).toBe(
      'Order #1 is still being prepared: mark it ready first.',
    );
    store.getState().dismissCallError(order.id);
    expect(store.getState().callErrors).toEqual({});
  });

  it('hands a refusal back instead of throwing or dropping it: commands and reads alike', async () => {
    const bridge = createFakeBridge();
    const store = await started(bridge);
    const refusal = { code: 'not-found', message: 'That action is no longer waiting.' } as const;
    bridge.handle('outbox:retry', async () => {
      throw refusal;
    });
    bridge.handle('history:settings', async () => {
      throw refusal;
    });
    expect(await store.getState().retry('gone')).toEqual(refusal);
    expect(await store.getState().historySettings()).toEqual({ ok: false, error: refusal });
    bridge.handle('history:settings', async () => ({ retentionDays: 30 }));
    expect(await store.getState().historySettings()).toEqual({
      ok: true,
      value: { retentionDays: 30 },
    });
  });

  it('stops listening when disposed', async () => {
    const bridge = createFakeBridge();
    const store = await started(bridge);
    expect(bridge.listenerCount()).toBeGreaterThan(0);
    store.getState().dispose();
    expect(bridge.listenerCount()).toBe(0);
  });

  it('merges the print jobs an event tells, drops those it says left, and takes a whole list as it is', async () => {
    const job = (id: string, state: PrintJob['state']): PrintJob => ({
      id,
      document: 'kitchen-ticket',
      orderId: `order-${id}`,
      orderNumber: id,
      day: null,
      printerId: 'kitchen',
      state,
      origin: 'auto',
      attempts: 0,
      error: null,
      held: false,
      createdAt: '2026-11-25T12:00:00.000Z',
      printedAt: null,
    });
    const bridge = createFakeBridge();
    const store = await started(bridge);
    bridge.setPrint({ ...bridge.print, jobs: [job('a', 'printed'), job('b', 'queued')] });
    const ids = () => store.getState().print?.jobs.map((j) => `${j.id}:${j.state}`);
    expect(ids()).toEqual(['a:printed', 'b:queued']);
    const untouched = store.getState().print?.jobs[0];

    bridge.emit('print:changed', {
      ...bridge.print,
      jobs: [job('b', 'printed'), job('c', 'queued')],
      gone: ['x'],
    });
    expect(ids()).toEqual(['a:printed', 'b:printed', 'c:queued']);
    // A job no event named stays the same object (its card does not render again).
    expect(store.getState().print?.jobs[0]).toBe(untouched);

    bridge.emit('print:changed', { ...bridge.print, jobs: [], gone: ['a'] });
    expect(ids()).toEqual(['b:printed', 'c:queued']);

    // A whole list (a stream reconnected reads print:get again) replaces what the page had.
    bridge.emit('print:changed', { ...bridge.print, jobs: [job('d', 'queued')], gone: null });
    expect(ids()).toEqual(['d:queued']);
  });
});

describe('every venue’s menu on a load', () => {
  it('reads each venue’s menu, not only the first venue’s (a restart or a reconnect told none)', async () => {
    const poke = makeMenuItem({ externalData: 'poke', name: 'Salmon Poke' });
    const burger = makeMenuItem({ externalData: 'burger', name: 'Classic Burger' });
    const bridge = createFakeBridge({
      setup: {
        venues: [
          { venueId: 'kamppi-burgers', name: 'Kamppi Burgers', first: true },
          { venueId: 'kamppi-bowls', name: 'Kamppi Bowls', first: false },
        ],
      },
      menus: [
        makeMenu({ venueId: 'kamppi-burgers', items: [burger] }),
        makeMenu({ venueId: 'kamppi-bowls', items: [poke] }),
      ],
    });
    const store = await started(bridge);
    const { menu, menuItems, menus } = store.getState();
    expect(menu?.venueId).toBe('kamppi-burgers');
    expect(menuItems.map((i) => i.externalData)).toEqual(['burger']);
    expect(Object.keys(menus).sort()).toEqual(['kamppi-bowls', 'kamppi-burgers']);
    expect(menus['kamppi-bowls']?.items.map((i) => i.externalData)).toEqual(['poke']);
    // A second load (a restart of the window) replaces what was kept with what main lists now.
    bridge.emit('menu:changed', makeMenu({ venueId: 'kamppi-bowls', items: [] }));
    expect(store.getState().menus['kamppi-bowls']?.items).toEqual([]);
    await store.getState().init();
    expect(store.getState().menus['kamppi-bowls']?.items.map((i) => i.externalData)).toEqual([
      'poke',
    ]);
  });
});
