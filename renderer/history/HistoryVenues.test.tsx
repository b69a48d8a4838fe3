// The history screen of a terminal of two venues: a picker (All venues, or one venue by its
// name) above the tabs drives the search, the day summary and the CSV export.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/domain';
import type { HistoryQuery } from '../../shared/history';
import { dayIn } from './history';
import {
  BOWLS,
  BURGERS,
  TWO_VENUES,
  createFakeBridge,
  emptyDaySummary,
  makeOrder,
} from '../testing/fake-bridge';
import type { FakeBridge } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const past = (patch: Partial<Order>): Order =>
  makeOrder({ ...patch, status: 'DELIVERED', platformStatus: 'DELIVERED' });

const orders = [
  past({ id: 'o-1', orderNumber: '1001', venueId: BURGERS.venueId, venueName: 'Kamppi Burgers' }),
  past({ id: 'o-2', orderNumber: '2002', venueId: BOWLS.venueId, venueName: 'Kamppi Bowls' }),
];

/** Two venues; history answers as main does, one venue's orders or every venue's. */
const twoVenues = (): FakeBridge => {
  const bridge = createFakeBridge({
    setup: {
      venues: TWO_VENUES,
    },
  });
  bridge.handle('history:search', async (q: HistoryQuery) => ({
    orders: orders.filter((o) => !q.venueId || o.venueId === q.venueId),
    nextCursor: null,
  }));
  bridge.handle('history:summary', async (r) => ({
    ...emptyDaySummary(r.day),
    orders: r.venueId === BOWLS.venueId ? 1 : 2,
  }));
  bridge.handle('history:exportCsv', async (r) => ({
    filename: `orders-${r.venueId ?? 'all'}-${r.day}.csv`,
    csv: 'order\n',
  }));
  return bridge;
};

const openHistory = async (bridge: FakeBridge) => {
  renderApp(bridge);
  fireEvent.click(await screen.findByRole('button', { name: 'History' }));
  return screen.findByRole('group', { name: 'Venue' });
};
const results = () => screen.getByRole('region', { name: 'Orders, newest first' });
const shownNumbers = () =>
  within(results())
    .queryAllByRole('button', { name: /^Open order/ })
    .map((b) => b.getAttribute('aria-label')?.replace('Open order #', ''));

describe('the history screen of a terminal with two venues', () => {
  it("searches every venue's orders, or one venue's when it is picked", async () => {
    const bridge = twoVenues();
    const picker = await openHistory(bridge);
    expect(
      within(picker)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['All venues', 'Kamppi Burgers', 'Kamppi Bowls']);
    expect(picker.textContent).not.toMatch(/demo-venue|kamppi-bowls/);
    await waitFor(() => expect(shownNumbers()).toEqual(['1001', '2002']));
    expect(bridge.callsTo('history:search').at(-1)?.venueId).toBeUndefined();
    // Every venue's orders: each row marked with its venue's name.
    const marks = () =>
      within(results())
        .queryAllByTestId('venue-mark')
        .map((m) => m.textContent);
    expect(marks()).toEqual(['Kamppi Burgers', 'Kamppi Bowls']);

    fireEvent.click(within(picker).getByRole('button', { name: 'Kamppi Bowls' }));
    await waitFor(() => expect(shownNumbers()).toEqual(['2002']));
    expect(bridge.callsTo('history:search').at(-1)).toMatchObject({ venueId: BOWLS.venueId });
    // One venue's: the picker says which, the rows need no mark.
    expect(marks()).toEqual([]);
    expect(
      within(picker).getByRole('button', { name: 'Kamppi Bowls' }).getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(within(picker).getByRole('button', { name: 'All venues' }));
    await waitFor(() => expect(shownNumbers()).toEqual(['1001', '2002']));
  });

  it("reads the day summary and exports the CSV of the venue picked, or of every venue's", async () => {
    const bridge = twoVenues();
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: () => 'blob:app://countertop/1',
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const picker = await openHistory(bridge);
    fireEvent.click(within(picker).getByRole('button', { name: 'Kamppi Bowls' }));
    fireEvent.click(screen.getByRole('button', { name: 'End of day' }));
    const today = dayIn(Date.now(), 'Europe/Helsinki');
    const sales = await screen.findByRole('region', { name: 'Orders and sales' });
    expect(sales.textContent).toContain('1 order');
    expect(bridge.callsTo('history:summary')).toEqual([{ day: today, venueId: BOWLS.venueId }]);

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText(`Saved orders-${BOWLS.venueId}-${today}.csv to the Downloads folder.`);
    expect(bridge.callsTo('history:exportCsv')).toEqual([{ day: today, venueId: BOWLS.venueId }]);

    // Every venue's day together: read afresh, never the one venue's shown as all.
    fireEvent.click(within(picker).getByRole('button', { name: 'All venues' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Orders and sales' }).textContent).toContain(
        '2 orders',
      ),
    );
    expect(bridge.callsTo('history:summary').at(-1)).toEqual({ day: today });
    // The export's message was the one venue's: it is not left under every venue's day.
    expect(screen.queryByText(/Saved orders-/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(bridge.callsTo('history:exportCsv').at(-1)).toEqual({ day: today }));
  });

  it('prints and previews the day summary of the venue picked, or of every venue together', async () => {
    const bridge = twoVenues();
    bridge.handle('print:daySummary', async () => ({ jobIds: ['job-1'] }));
    bridge.handle('print:preview', async (r) => ({
      kind: r.document,
      paperWidth: r.paperWidth,
      columns: 48,
      language: 'en',
      lines: [{ kind: 'text', text: r.venueId === BOWLS.venueId ? 'Kamppi Bowls' : 'All venues' }],
    }));
    const picker = await openHistory(bridge);
    fireEvent.click(within(picker).getByRole('button', { name: 'Kamppi Bowls' }));
    fireEvent.click(screen.getByRole('button', { name: 'End of day' }));
    const today = dayIn(Date.now(), 'Europe/Helsinki');
    fireEvent.click(await screen.findByRole('button', { name: 'Print summary' }));
    await screen.findByText('Sent to the printer.');
    expect(bridge.callsTo('print:daySummary')).toEqual([{ day: today, venueId: BOWLS.venueId }]);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('figure', { name: 'Day summary as it prints' });
    expect(preview.textContent).toContain('Kamppi Bowls');
    expect(bridge.callsTo('print:preview')).toEqual([
      { document: 'day-summary', day: today, paperWidth: 80, venueId: BOWLS.venueId },
    ]);

    // Every venue's day: printed and previewed as every venue's, the one venue's preview gone.
    fireEvent.click(within(picker).getByRole('button', { name: 'All venues' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Orders and sales' }).textContent).toContain(
        '2 orders',
      ),
    );
    expect(screen.queryByRole('figure', { name: 'Day summary as it prints' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Print summary' }));
    await waitFor(() => expect(bridge.callsTo('print:daySummary').at(-1)).toEqual({ day: today }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const all = await screen.findByRole('figure', { name: 'Day summary as it prints' });
    expect(all.textContent).toContain('All venues');
    expect(bridge.callsTo('print:preview').at(-1)).toEqual({
      document: 'day-summary',
      day: today,
      paperWidth: 80,
    });
  });

  it('shows no venue picker on a terminal of one venue', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    await screen.findByRole('region', { name: 'Orders, newest first' });
    expect(screen.queryByRole('group', { name: 'Venue' })).toBeNull();
    await waitFor(() => expect(bridge.callsTo('history:search').length).toBeGreaterThan(0));
    expect(bridge.callsTo('history:search').every((q) => q.venueId === undefined)).toBe(true);
  });
});
