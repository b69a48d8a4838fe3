import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/domain';
import type { DaySummary, HistoryQuery, TimelineEntry } from '../../shared/history';
import { encodeRefusal, refusal } from '../../shared/refusals';
import { formatClockSeconds } from '../ui-kit/format';
import { setLanguage } from '../ui-kit/language';
import { addDays, dayIn } from './history';
import { describeEntry } from './OrderHistory';
import { createFakeBridge, emptyDaySummary, makeOrder } from '../testing/fake-bridge';
import type { FakeBridge } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const openHistory = async (bridge: FakeBridge) => {
  const view = renderApp(bridge);
  fireEvent.click(await screen.findByRole('button', { name: 'History' }));
  return view;
};

/** A past order as main keeps it: the platform confirmed its status. */
const past = (patch: Partial<Order>): Order =>
  makeOrder({ ...patch, platformStatus: patch.platformStatus ?? patch.status ?? 'CREATED' });

const results = () => screen.getByRole('region', { name: 'Orders, newest first' });

/** A search service over a fixed list, as main answers: filters applied, pages by cursor. */
const serveSearch = (bridge: FakeBridge, all: Order[]) =>
  bridge.handle('history:search', async (q: HistoryQuery) => {
    const text = q.text?.toLowerCase();
    const matching = all.filter(
      (o) =>
        (!text ||
          o.orderNumber.includes(text) ||
          (o.consumerName ?? '').toLowerCase().includes(text) ||
          o.items.some((i) => i.name.toLowerCase().includes(text))) &&
        (!q.statuses || q.statuses.includes(o.platformStatus)) &&
        (!q.types || q.types.includes(o.deliveryType)),
    );
    const start = q.cursor ? Number(q.cursor) : 0;
    const end = start + q.limit;
    return {
      orders: matching.slice(start, end),
      nextCursor: end < matching.length ? String(end) : null,
    };
  });

describe('order history search', () => {
  it('searches by text, status and type and shows each order’s number, status, type, customer and total', async () => {
    const bridge = createFakeBridge();
    serveSearch(bridge, [
      past({
        orderNumber: '501',
        status: 'DELIVERED',
        consumerName: 'Ada Lovelace',
        total: { amount: 2450, currency: 'EUR' },
        createdAt: '2026-11-20T11:05:00.000Z',
      }),
      past({ orderNumber: '502', status: 'REJECTED', consumerName: 'Ada Byron' }),
      past({
        orderNumber: '503',
        status: 'DELIVERED',
        consumerName: 'Ada King',
        deliveryType: 'homedelivery',
      }),
      past({ orderNumber: '504', status: 'DELIVERED', consumerName: 'Grace' }),
    ]);
    await openHistory(bridge);
    // Newest first with no filter: every order.
    await within(results()).findByText('#504');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Order number, customer or item' }), {
      target: { value: ' ada ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Handed over' }));
    fireEvent.click(screen.getByRole('button', { name: 'Takeaway' }));
    expect(screen.getByRole('button', { name: 'Takeaway' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await waitFor(() =>
      expect(bridge.callsTo('history:search').at(-1)).toEqual({
        limit: 30,
        text: 'ada',
        statuses: ['DELIVERED'],
        types: ['takeaway'],
      }),
    );
    await waitFor(() => expect(within(results()).queryByText('#504')).toBeNull());
    const row = within(results()).getByRole('button', { name: 'Open order #501' });
    expect(row.textContent).toContain('Handed over');
    expect(row.textContent).toContain('Takeaway');
    expect(row.textContent).toContain('Ada Lovelace');
    expect(row.textContent).toContain('€24.50');
    expect(row.textContent).toContain(
      new Date('2026-11-20T11:05:00.000Z').toLocaleString('en-GB', {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }),
    );
    expect(within(results()).queryByText('#502')).toBeNull();
    expect(within(results()).queryByText('#503')).toBeNull();
  });

  it('names an order’s type in the screen’s language after a switch', async () => {
    const bridge = createFakeBridge();
    serveSearch(bridge, [past({ orderNumber: '505', status: 'DELIVERED' })]);
    await openHistory(bridge);
    // Found by its class: the list's own name is Finnish after the switch.
    const type = () => document.querySelector('.history-type')?.textContent;
    await within(results()).findByText('#505');
    expect(type()).toBe('Takeaway');
    try {
      act(() => setLanguage('fi'));
      // The label was read once, at load: it stayed "Takeaway" on a Finnish screen.
      await waitFor(() => expect(type()).toBe('Nouto'));
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('says so when nothing matches, and shows the bridge’s error when the search fails', async () => {
    const bridge = createFakeBridge();
    serveSearch(bridge, [makeOrder({ orderNumber: '601' })]);
    await openHistory(bridge);
    await within(results()).findByText('#601');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nothing like it' } });
    await within(results()).findByText('No orders match. Try fewer words or clear the filters.');

    bridge.handle('history:search', () =>
      Promise.reject({ code: 'failed', message: 'The history could not be read.' }),
    );
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '601' } });
    expect((await within(results()).findByRole('alert')).textContent).toBe(
      'The history could not be read.',
    );
  });

  it('shows the status the platform confirmed, and an action on its way as changing', async () => {
    const bridge = createFakeBridge();
    serveSearch(bridge, [
      past({
        orderNumber: '551',
        status: 'DELIVERED',
        platformStatus: 'READY',
        pending: {
          actionId: 'a9',
          kind: 'delivered',
          state: 'pending',
          error: null,
          attempts: 1,
          createdAt: new Date().toISOString(),
        },
      }),
    ]);
    await openHistory(bridge);
    const row = await within(results()).findByRole('button', { name: 'Open order #551' });
    expect(row.querySelector('.pill')!.textContent).toBe('Ready');
    expect(row.textContent).toContain('changing…');
    expect(row.textContent).not.toContain('Handed over');
  });

  it('appends the next page under the first when staff ask for more', async () => {
    const bridge = createFakeBridge();
    const orders = Array.from({ length: 35 }, (_, i) =>
      past({ orderNumber: String(700 + i), status: 'DELIVERED' }),
    );
    serveSearch(bridge, orders);
    await openHistory(bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Handed over' }));
    await waitFor(() =>
      expect(bridge.callsTo('history:search').at(-1)).toEqual({
        limit: 30,
        statuses: ['DELIVERED'],
      }),
    );
    await waitFor(() =>
      expect(within(results()).getAllByRole('button', { name: /^Open order/ })).toHaveLength(30),
    );
    fireEvent.click(within(results()).getByRole('button', { name: 'Show more' }));
    await waitFor(() =>
      expect(within(results()).getAllByRole('button', { name: /^Open order/ })).toHaveLength(35),
    );
    expect(bridge.callsTo('history:search').at(-1)).toEqual({
      limit: 30,
      statuses: ['DELIVERED'],
      cursor: '30',
    });
    const numbers = within(results())
      .getAllByRole('button', { name: /^Open order/ })
      .map((b) => b.querySelector('.history-number')?.textContent);
    expect(numbers).toEqual(orders.map((o) => `#${o.orderNumber}`));
    expect(within(results()).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('opens from the Done today column', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'All past orders' }));
    expect(await screen.findByRole('main', { name: 'History' })).toBeTruthy();
    await waitFor(() => expect(bridge.callsTo('history:search')).toEqual([{ limit: 30 }]));
  });
});

describe('a past order', () => {
  const order = past({
    id: 'past-1',
    orderNumber: '812',
    status: 'DELIVERED',
    consumerName: 'Ada',
    consumerComment: 'No onions, nut allergy',
    items: [
      {
        id: 'i1',
        name: 'Falafel wrap',
        count: 2,
        options: [
          { name: 'Sauce', value: 'Garlic', count: 1, price: { amount: 0, currency: 'EUR' } },
        ],
        total: { amount: 1800, currency: 'EUR' },
        posId: null,
      },
    ],
    total: { amount: 1800, currency: 'EUR' },
  });
  const timeline: TimelineEntry[] = [
    { at: '2026-11-20T11:00:00.000Z', kind: 'received' },
    {
      at: '2026-11-20T11:00:01.000Z',
      kind: 'action',
      actionId: 'a1',
      action: 'accept',
      by: 'auto',
      terminal: 'counter-1',
      preparationMinutes: 15,
      reason: null,
    },
    {
      at: '2026-11-20T11:00:02.000Z',
      kind: 'attempt',
      actionId: 'a1',
      action: 'accept',
      outcome: 'retrying',
      // As main keeps a try's failure: its code (the platform's own words apart).
      error: encodeRefusal(refusal('action-error', 'busy', 503), 'Service unavailable'),
    },
    {
      at: '2026-11-20T11:00:07.000Z',
      kind: 'attempt',
      actionId: 'a1',
      action: 'accept',
      outcome: 'done',
      error: null,
    },
    { at: '2026-11-20T11:00:08.000Z', kind: 'status', status: 'PRODUCTION' },
    {
      at: '2026-11-20T11:00:09.000Z',
      kind: 'print',
      jobId: 'j1',
      document: 'kitchen-ticket',
      state: 'waiting',
      printerName: 'Kitchen',
      held: true,
    },
    { at: '2026-11-20T11:10:00.000Z', kind: 'elsewhere', action: 'ready', terminal: 'Kitchen' },
    { at: '2026-11-20T11:12:00.000Z', kind: 'elsewhere', action: 'delivered', terminal: null },
  ];

  const openPastOrder = async () => {
    const bridge = createFakeBridge();
    serveSearch(bridge, [order]);
    bridge.handle('history:order', async () => ({ order, timeline }));
    await openHistory(bridge);
    fireEvent.click(await within(results()).findByRole('button', { name: 'Open order #812' }));
    return { bridge, dialog: await screen.findByRole('dialog', { name: 'Order #812' }) };
  };

  it('shows its items, note, total and every step of its timeline in local time', async () => {
    const { bridge, dialog } = await openPastOrder();
    expect(bridge.callsTo('history:order')).toEqual([{ orderId: 'past-1' }]);
    expect(dialog.textContent).toContain('Falafel wrap');
    expect(dialog.textContent).toContain('Sauce: Garlic');
    expect(dialog.textContent).toContain('No onions, nut allergy');
    expect(dialog.textContent).toContain('€18.00');

    const steps = within(within(dialog).getByRole('list', { name: 'What happened' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual([
      `${formatClockSeconds(timeline[0]!.at)}Reached this terminal`,
      `${formatClockSeconds(timeline[1]!.at)}Accept by Countertop (automatic) on terminal counter-1 · 15 min preparation`,
      `${formatClockSeconds(timeline[2]!.at)}Accept: not sent yet, trying again · The platform has a problem right now.`,
      `${formatClockSeconds(timeline[3]!.at)}Accept: sent, the platform took it`,
      `${formatClockSeconds(timeline[4]!.at)}Platform confirmed: In preparation`,
      `${formatClockSeconds(timeline[5]!.at)}Kitchen ticket on Kitchen: waiting for the printer · stopped mid-ticket, Print again prints it whole`,
      // Actions another terminal of the venue took, named as the venue knows it.
      `${formatClockSeconds(timeline[6]!.at)}Mark ready on terminal Kitchen`,
      `${formatClockSeconds(timeline[7]!.at)}Handed over on another terminal`,
    ]);
    // The failed try and the waiting print stand out.
    const problems = dialog.querySelectorAll('.timeline-problem');
    expect([...problems].map((li) => li.textContent)).toEqual([steps[2], steps[5]]);
  });

  it('reprints a document, and says when no printer takes it', async () => {
    const { bridge, dialog } = await openPastOrder();
    bridge.handle('print:order', async () => ({ jobIds: ['job-1'] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receipt' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Sent to the printer.');
    expect(bridge.callsTo('print:order')).toEqual([{ orderId: 'past-1', document: 'receipt' }]);

    bridge.handle('print:order', async () => ({ jobIds: [] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pickup label' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'No printer is set up to print the pickup label',
    );
  });

  it('shows the bridge’s error when the order cannot be read', async () => {
    const bridge = createFakeBridge();
    serveSearch(bridge, [order]);
    bridge.handle('history:order', () =>
      Promise.reject({ code: 'not-found', message: 'This order is no longer kept.' }),
    );
    await openHistory(bridge);
    fireEvent.click(await within(results()).findByRole('button', { name: 'Open order #812' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This order is no longer kept.',
    );
  });

  it('words a print the printer stopped in the middle of in the screen’s language', () => {
    setLanguage('fi');
    try {
      const { text, problem } = describeEntry(timeline[5]!);
      expect(text).toContain('pysähtyi kesken, Tulosta uudelleen tulostaa kokonaan');
      expect(text).not.toMatch(/stopped|printer|paper/);
      expect(problem).toBe(true);
    } finally {
      setLanguage('en');
    }
  });
});

describe('end of day', () => {
  const summaryFor = (day: string): DaySummary => ({
    ...emptyDaySummary(day),
    timeZone: 'Europe/Helsinki',
    orders: 14,
    byStatus: { CREATED: 0, PRODUCTION: 0, READY: 1, DELIVERED: 11, REJECTED: 2, CANCELED: 0 },
    byType: { takeaway: 9, homedelivery: 5, eatin: 0 },
    rejections: [
      { reason: 'Items unavailable', count: 1 },
      // Rejected on another device: no reason reached this terminal.
      { reason: '', count: 1 },
    ],
    sales: [
      {
        currency: 'EUR',
        total: { amount: 23450, currency: 'EUR' },
        orders: 11,
        averageBasket: { amount: 2132, currency: 'EUR' },
      },
    ],
    acceptToReady: {
      count: 12,
      averageSeconds: 12 * 60 + 10,
      p90Seconds: 20 * 60,
      promisedAverageSeconds: 15 * 60,
    },
    late: [{ orderId: 'late-1', orderNumber: '1234', lateBySeconds: 330 }],
    items: [
      { name: 'Falafel wrap', count: 9 },
      { name: 'Fries', count: 6 },
    ],
    hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      orders: hour === 12 ? 4 : hour === 18 ? 10 : 0,
      sales: hour === 12 ? 5000 : hour === 18 ? 18450 : 0,
    })),
  });

  const openDay = async (bridge: FakeBridge) => {
    await openHistory(bridge);
    fireEvent.click(screen.getByRole('button', { name: 'End of day' }));
  };

  it("shows each venue's orders and sales on a terminal of several venues, and none with one", async () => {
    const bridge = createFakeBridge();
    bridge.handle('history:summary', async (r) => ({
      ...summaryFor(r.day),
      venues: [
        {
          venueId: 'demo-venue',
          name: 'Burger Bar',
          orders: 9,
          sales: [{ currency: 'EUR', total: { amount: 15000, currency: 'EUR' }, orders: 7 }],
        },
        { venueId: 'pizza-venue', name: null, orders: 5, sales: [] },
      ],
    }));
    await openDay(bridge);
    const perVenue = await screen.findByRole('region', { name: 'Per venue' });
    expect(within(perVenue).getByText('Burger Bar').nextElementSibling?.textContent).toBe(
      '9 orders · €150.00 handed over',
    );
    // A venue no order named yet: never its id.
    expect(within(perVenue).getByText('Venue 2').nextElementSibling?.textContent).toBe(
      '5 orders · €0.00 handed over',
    );
    expect(perVenue.textContent).not.toContain('pizza-venue');
    cleanup();
    const single = createFakeBridge();
    single.handle('history:summary', async (r) => summaryFor(r.day));
    await openDay(single);
    await screen.findByRole('region', { name: 'Orders and sales' });
    expect(screen.queryByRole('region', { name: 'Per venue' })).toBeNull();
  });

  it('shows the venue’s today: counts, sales, timing, late orders, items and 24 hour bars', async () => {
    const bridge = createFakeBridge();
    bridge.handle('history:summary', async (r) => summaryFor(r.day));
    bridge.handle('history:order', async () => ({
      order: makeOrder({ id: 'late-1', orderNumber: '1234' }),
      timeline: [],
    }));
    await openDay(bridge);
    // The fake venue is in Helsinki: its today, not the machine's or UTC's.
    const today = dayIn(Date.now(), 'Europe/Helsinki');
    expect(bridge.callsTo('history:summary')).toEqual([{ day: today }]);
    const sales = await screen.findByRole('region', { name: 'Orders and sales' });
    expect(sales.textContent).toContain('14 orders');
    expect(sales.textContent).toContain('€234.50');
    expect(sales.textContent).toContain('from 11 handed over · average basket €21.32');

    const byStatus = screen.getByRole('region', { name: 'By status' });
    expect(within(byStatus).getByText('Handed over').nextElementSibling?.textContent).toBe('11');
    expect(within(byStatus).getByText('Rejected').nextElementSibling?.textContent).toBe('2');
    const byType = screen.getByRole('region', { name: 'By type' });
    expect(within(byType).getByText('Delivery').nextElementSibling?.textContent).toBe('5');
    const rejections = screen.getByRole('region', { name: 'Rejections' });
    expect(within(rejections).getByText('Items unavailable').nextElementSibling?.textContent).toBe(
      '1',
    );
    expect(
      within(rejections).getByText('No reason given here').nextElementSibling?.textContent,
    ).toBe('1');

    const timing = screen.getByRole('region', { name: 'Accept to ready' });
    expect(within(timing).getByText('Average').nextElementSibling?.textContent).toBe('12 min');
    expect(within(timing).getByText('9 in 10 within').nextElementSibling?.textContent).toBe(
      '20 min',
    );
    expect(within(timing).getByText('Promised on average').nextElementSibling?.textContent).toBe(
      '15 min',
    );
    expect(timing.textContent).toContain('From 12 orders');

    const late = screen.getByRole('region', { name: 'Ready later than promised' });
    expect(late.textContent).toContain('#1234');
    expect(late.textContent).toContain('6 min late');
    const items = screen.getByRole('region', { name: 'Items sold' });
    expect(within(items).getByText('Falafel wrap').nextElementSibling?.textContent).toBe('9');

    const bars = within(screen.getByRole('list', { name: 'Orders per hour' })).getAllByRole(
      'listitem',
    );
    expect(bars).toHaveLength(24);
    expect(bars[12]!.textContent).toContain('12:00–13:00: 4 orders, €50.00');
    expect(bars[18]!.querySelector<HTMLElement>('.hour-bar')!.style.height).toBe('100%');
    expect(bars[12]!.querySelector<HTMLElement>('.hour-bar')!.style.height).toBe('40%');
    expect(bars[3]!.textContent).toContain('03:00–04:00: 0 orders');

    // A late order opens its story.
    fireEvent.click(within(late).getByRole('button', { name: 'Open order #1234' }));
    await screen.findByRole('dialog', { name: 'Order #1234' });
    expect(bridge.callsTo('history:order')).toEqual([{ orderId: 'late-1' }]);
  });

  it('moves to the day before, and says when a day had no orders', async () => {
    const bridge = createFakeBridge();
    const today = dayIn(Date.now(), 'Europe/Helsinki');
    bridge.handle('history:summary', async (r) =>
      r.day === today ? summaryFor(r.day) : emptyDaySummary(r.day),
    );
    await openDay(bridge);
    await screen.findByRole('region', { name: 'Orders and sales' });
    expect(screen.getByRole('button', { name: 'Next day ▶' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '◀ Previous day' }));
    await screen.findByText('No orders on this day');
    expect(bridge.callsTo('history:summary').at(-1)).toEqual({ day: addDays(today, -1) });
    expect(screen.queryByRole('list', { name: 'Orders per hour' })).toBeNull();
    // Back from the search, the day chosen stays and is read afresh.
    fireEvent.click(screen.getByRole('button', { name: 'Past orders' }));
    fireEvent.click(screen.getByRole('button', { name: 'End of day' }));
    await waitFor(() => expect(bridge.callsTo('history:summary')).toHaveLength(3));
    expect(bridge.callsTo('history:summary').at(-1)).toEqual({ day: addDays(today, -1) });
    await screen.findByText('No orders on this day');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByRole('region', { name: 'Orders and sales' });
  });

  it('exports the day as a CSV download named by the service', async () => {
    const bridge = createFakeBridge();
    bridge.handle('history:summary', async (r) => summaryFor(r.day));
    bridge.handle('history:exportCsv', async (r) => ({
      filename: `countertop-orders-${r.day}.csv`,
      csv: 'order,total\n1234,21.32\n',
    }));
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:app://countertop/1';
      },
      revokeObjectURL: () => undefined,
    });
    const clicked: Array<{ download: string; href: string; attached: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href, attached: this.isConnected });
    });
    await openDay(bridge);
    const today = dayIn(Date.now(), 'Europe/Helsinki');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(bridge.callsTo('history:exportCsv')).toEqual([{ day: today }]);
    expect(clicked[0]).toEqual({
      download: `countertop-orders-${today}.csv`,
      href: 'blob:app://countertop/1',
      attached: true,
    });
    expect(await blobs[0]!.text()).toBe('order,total\n1234,21.32\n');
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(
      (
        await screen.findByText(`Saved countertop-orders-${today}.csv to the Downloads folder.`)
      ).getAttribute('role'),
    ).toBe('status');
    // The link was only a means: it does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('prints the summary and previews its lines', async () => {
    const bridge = createFakeBridge();
    bridge.handle('history:summary', async (r) => summaryFor(r.day));
    bridge.handle('print:daySummary', async () => ({ jobIds: ['job-2'] }));
    bridge.handle('print:preview', async (r) => ({
      kind: r.document,
      paperWidth: r.paperWidth,
      columns: 48,
      language: 'en',
      lines: [
        { kind: 'text', text: 'DAY SUMMARY', align: 'center' },
        { kind: 'rule' },
        { kind: 'columns', left: 'Orders', right: '14' },
      ],
    }));
    await openDay(bridge);
    const today = dayIn(Date.now(), 'Europe/Helsinki');
    fireEvent.click(await screen.findByRole('button', { name: 'Print summary' }));
    expect((await screen.findByText('Sent to the printer.')).getAttribute('role')).toBe('status');
    expect(bridge.callsTo('print:daySummary')).toEqual([{ day: today }]);

    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('figure', { name: 'Day summary as it prints' });
    expect(bridge.callsTo('print:preview')).toEqual([
      { document: 'day-summary', day: today, paperWidth: 80 },
    ]);
    // Drawn by the printing screens' preview: the same lines, the paper its columns wide.
    const paper = within(preview).getByRole('document');
    expect(paper.getAttribute('data-paper-width')).toBe('80');
    expect(paper.textContent).toContain('DAY SUMMARY');
    expect(paper.textContent).toContain(`Orders${' '.repeat(40)}14`);
  });

  it('shows the bridge’s error when the summary cannot be made', async () => {
    const bridge = createFakeBridge();
    bridge.handle('history:summary', () =>
      Promise.reject({ code: 'failed', message: 'The day could not be summed up.' }),
    );
    await openDay(bridge);
    expect((await screen.findByRole('alert')).textContent).toBe('The day could not be summed up.');
  });
});

describe('history retention', () => {
  const openSettings = async (bridge: FakeBridge) => {
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    return screen.findByRole('region', { name: 'Order history' });
  };

  it('saves the days kept, and on a bridge error keeps showing what is in force', async () => {
    const bridge = createFakeBridge();
    const section = await openSettings(bridge);
    const now = await within(section).findByTestId('retention-now');
    expect(now.textContent).toContain('Orders are kept 90 days');
    expect(now.textContent).toContain('lose the customer’s name, phone and note');
    const input = within(section).getByRole('spinbutton', {
      name: 'Keep order history for (days)',
    });

    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Saved.');
    expect(bridge.callsTo('history:configure')).toEqual([{ retentionDays: 30 }]);
    expect(now.textContent).toContain('Orders are kept 30 days');

    bridge.handle('history:configure', () =>
      Promise.reject({ code: 'failed', message: 'The setting could not be stored.' }),
    );
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'The setting could not be stored.',
    );
    expect(bridge.callsTo('history:configure')).toHaveLength(2);
    expect(now.textContent).toContain('Orders are kept 30 days');
  });

  it('refuses a number of days out of range without asking the service', async () => {
    const bridge = createFakeBridge();
    const section = await openSettings(bridge);
    await within(section).findByTestId('retention-now');
    const input = within(section).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Enter a whole number of days from 1 to 3650.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsTo('history:configure')).toEqual([]);
  });
});
