// What staff see of main's stream guard: the venue Countertop paused, the gap notice after an
// outage (until acknowledged), the alarm settings and the test alarm.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STREAM_GUARD_SETTINGS } from '../../shared/stream-guard';
import { formatClock, formatClockSpan } from '../ui-kit/format';
import { createFakeBridge, makeOrder, makeStatus, makeVenue } from '../testing/fake-bridge';
import { makeStreamGuard } from '../testing/fixtures';
import { orderDetail, renderApp } from '../testing/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('stream guard in the UI', () => {
  it('a gap within one minute shows its seconds', async () => {
    const bridge = createFakeBridge({
      stream: makeStreamGuard({
        gaps: [
          {
            id: 'gap-1',
            from: '2026-11-23T11:42:05.000Z',
            to: '2026-11-23T11:42:50.000Z',
            unknownOrders: 0,
          },
        ],
      }),
    });
    renderApp(bridge);
    const notice = await screen.findByTestId('gap-notice');
    const [from, to] = formatClockSpan('2026-11-23T11:42:05.000Z', '2026-11-23T11:42:50.000Z');
    expect(from).toMatch(/^\d\d:\d\d:05$/);
    expect(notice.textContent).toBe(
      `Orders placed ${from}–${to} may not have reached this terminal.OK, checked`,
    );
  });

  it('shows each gap with its times and the orders the platform knows, until acknowledged', async () => {
    const from = '2026-11-23T11:42:00.000Z';
    const to = '2026-11-23T11:44:30.000Z';
    const bridge = createFakeBridge({
      stream: makeStreamGuard({ gaps: [{ id: 'gap-1', from, to, unknownOrders: 2 }] }),
      // Main marks the orders that arrived late (placed in the gap) as it stores them.
      orders: [
        makeOrder({ orderNumber: '502', createdAt: '2026-11-23T11:44:10.000Z', arrivedLate: true }),
        makeOrder({ orderNumber: '500', createdAt: '2026-11-23T11:41:00.000Z' }),
        makeOrder({ orderNumber: '501', createdAt: '2026-11-23T11:42:40.000Z', arrivedLate: true }),
      ],
    });
    renderApp(bridge);
    const notice = await screen.findByTestId('gap-notice');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain(
      `Orders placed ${formatClock(from)}–${formatClock(to)} may not have reached this terminal.`,
    );
    expect(notice.textContent).toContain(
      'The platform lists 2 recent orders this terminal never received',
    );
    // The orders placed during the gap that reached the board since, each with when it was placed.
    expect(within(notice).getByTestId('late-orders').textContent).toBe(
      ` Arrived late: #501 (placed ${formatClock('2026-11-23T11:42:40.000Z')}) and #502 (placed ${formatClock('2026-11-23T11:44:10.000Z')}). Check that each is being handled.`,
    );

    fireEvent.click(within(notice).getByRole('button', { name: 'OK, checked' }));
    await waitFor(() => expect(screen.queryByTestId('gap-notice')).toBeNull());
    expect(bridge.callsTo('stream:acknowledgeGap')).toEqual([{ gapId: 'gap-1' }]);
  });

  it('marks the card of each order main marked as arrived late, with when it was placed', async () => {
    const from = '2026-11-23T11:42:00.000Z';
    const to = '2026-11-23T11:44:30.000Z';
    const placed = '2026-11-23T11:42:40.000Z';
    const bridge = createFakeBridge({
      stream: makeStreamGuard({ gaps: [{ id: 'gap-1', from, to, unknownOrders: 0 }] }),
      orders: [
        makeOrder({ orderNumber: '600', createdAt: '2026-11-23T11:41:00.000Z' }),
        makeOrder({ orderNumber: '601', createdAt: placed, arrivedLate: true }),
      ],
    });
    renderApp(bridge);
    await screen.findByTestId('gap-notice');
    const tile = (n: string) => screen.getByRole('article', { name: `Order #${n}` });
    expect(within(tile('601')).getByTestId('arrived-late').textContent).toBe('Arrived late');
    expect(within(tile('600')).queryByTestId('arrived-late')).toBeNull();
    expect(within(orderDetail('601')).getByTestId('arrived-late').textContent).toBe(
      `Arrived late (placed ${formatClock(placed)})`,
    );
    expect(within(orderDetail('600')).queryByTestId('arrived-late')).toBeNull();
  });

  it('shows the stored mark, not its own guess: kept with no gap notice, none for an unmarked order', async () => {
    // After a restart or the gap notice acknowledged there are no gaps; main's mark stays.
    const bridge = createFakeBridge({
      stream: makeStreamGuard({ gaps: [] }),
      orders: [
        makeOrder({ orderNumber: '701', createdAt: '2026-11-23T11:42:40.000Z', arrivedLate: true }),
        makeOrder({ orderNumber: '702', createdAt: '2026-11-23T11:43:00.000Z' }),
      ],
    });
    renderApp(bridge);
    const tile = (n: string) => screen.getByRole('article', { name: `Order #${n}` });
    await waitFor(() => expect(within(tile('701')).getByTestId('arrived-late')).toBeTruthy());
    expect(within(orderDetail('701')).getByTestId('arrived-late').textContent).toBe(
      `Arrived late (placed ${formatClock('2026-11-23T11:42:40.000Z')})`,
    );
    expect(screen.queryByTestId('gap-notice')).toBeNull();
    // Placed inside a gap the renderer knows, but main did not mark it: no mark on screen.
    cleanup();
    const unmarked = createFakeBridge({
      stream: makeStreamGuard({
        gaps: [
          {
            id: 'gap-2',
            from: '2026-11-23T11:42:00.000Z',
            to: '2026-11-23T11:44:30.000Z',
            unknownOrders: 0,
          },
        ],
      }),
      orders: [makeOrder({ orderNumber: '703', createdAt: '2026-11-23T11:42:40.000Z' })],
    });
    renderApp(unmarked);
    await screen.findByTestId('gap-notice');
    expect(within(tile('703')).queryByTestId('arrived-late')).toBeNull();
    expect(screen.queryByTestId('late-orders')).toBeNull();
  });

  it('says the venue was paused by Countertop, in the offline banner and in the alarm', async () => {
    const downSince = new Date(Date.now() - 90_000).toISOString();
    const bridge = createFakeBridge({
      status: makeStatus({ relay: 'disconnected' }),
      venue: makeVenue({ isOnline: false }),
      stream: makeStreamGuard({ downSince, pausedAt: new Date().toISOString() }),
    });
    renderApp(bridge);
    const offline = await screen.findByTestId('offline-banner');
    expect(offline.textContent).toContain('Paused by Countertop because orders could not arrive');
    expect(offline.textContent).toContain('back online by itself');
    // Main saw the stream go down 90 s ago: this freshly loaded window alarms at once, from then.
    const alarm = await screen.findByTestId('stream-alarm');
    expect(alarm.textContent).toContain(`down since ${formatClock(downSince)}`);
    expect(alarm.textContent).toContain('Paused by Countertop');
  });

  it('a terminal cut off while another of the venue receives alarms, naming the one that receives', async () => {
    const downSince = new Date(Date.now() - 30_000).toISOString();
    const bridge = createFakeBridge({
      status: makeStatus({ relay: 'disconnected' }),
      stream: makeStreamGuard({
        downSince,
        pauseDeferredSince: new Date().toISOString(),
        otherTerminals: {
          readAt: downSince,
          terminals: [
            { name: 'Kitchen', receiving: true, lastSeenSeconds: 2 },
            { name: 'Bar', receiving: false, lastSeenSeconds: 400 },
          ],
        },
      }),
    });
    const { alarm } = renderApp(bridge);
    const banner = await screen.findByTestId('stream-alarm');
    expect(banner.textContent).toBe('This terminal is not receiving orders. Kitchen is.');
    expect(alarm.ringing).toBe(true);
    // Its own stream is down: it says nothing of the others' state beside the alarm.
    expect(screen.queryByTestId('status-other-terminals')).toBeNull();
  });

  it('a terminal of two venues cut off names, per venue, who receives and what was paused', async () => {
    const downSince = new Date(Date.now() - 30_000).toISOString();
    const kitchen = { name: 'Kitchen', receiving: true, lastSeenSeconds: 2 };
    const bridge = createFakeBridge({
      status: makeStatus({ relay: 'disconnected' }),
      stream: makeStreamGuard({
        downSince,
        pauseDeferredSince: new Date().toISOString(),
        otherTerminals: { readAt: downSince, terminals: [kitchen] },
        venues: [
          {
            venueId: 'demo-venue',
            name: 'Kamppi Burgers',
            settings: DEFAULT_STREAM_GUARD_SETTINGS,
            pausedAt: null,
            pauseDeferredSince: new Date().toISOString(),
            otherTerminals: [kitchen],
          },
          {
            venueId: 'kamppi-bowls',
            name: 'Kamppi Bowls',
            settings: DEFAULT_STREAM_GUARD_SETTINGS,
            pausedAt: new Date().toISOString(),
            pauseDeferredSince: null,
            otherTerminals: [],
          },
        ],
      }),
    });
    const { alarm } = renderApp(bridge);
    const banner = await screen.findByTestId('stream-alarm');
    expect(banner.textContent).toBe(
      'This terminal is not receiving orders. Kamppi Burgers: Kitchen is. Kamppi Bowls: taken offline by Countertop; it goes back online when orders can arrive again.',
    );
    expect(alarm.ringing).toBe(true);
  });

  it('a receiving terminal shows which other terminal of the venue stopped receiving', async () => {
    const bridge = createFakeBridge({
      stream: makeStreamGuard({
        otherTerminals: {
          readAt: new Date().toISOString(),
          terminals: [
            { name: 'Counter', receiving: false, lastSeenSeconds: 75 },
            // A key made and never used is no terminal that stopped.
            { name: 'Spare', receiving: false, lastSeenSeconds: null },
            { name: 'Bar', receiving: true, lastSeenSeconds: 1 },
          ],
        },
      }),
    });
    renderApp(bridge);
    const item = await screen.findByTestId('status-other-terminals');
    expect(item.textContent).toBe('Counter is not receiving orders.');
    expect(screen.queryByTestId('stream-alarm')).toBeNull();
  });

  it('the test alarm sounds and shows the banner briefly, then stops by itself', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
    const bridge = createFakeBridge();
    const { alarm } = renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Test alarm' }));
    const banner = await screen.findByTestId('stream-alarm');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('Alarm test');
    expect(alarm.ringing).toBe(true);
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.queryByTestId('stream-alarm')).toBeNull();
    expect(alarm.ringing).toBe(false);
  });

  it('saves the auto-pause setting, refusing a delay out of range', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
    // Saving remounts the form with what main stored: look the section up each time.
    const section = () => screen.getByRole('region', { name: 'Order stream alarm' });
    const seconds = within(section()).getByRole('textbox', {
      name: 'Seconds without the order stream before going offline',
    });
    expect((seconds as HTMLInputElement).value).toBe('60');
    fireEvent.change(seconds, { target: { value: '2' } });
    expect(within(section()).getByText('Enter a number of seconds from 5 to 1800.')).toBeTruthy();
    expect(
      (within(section()).getByRole('button', { name: 'Save alarm settings' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.change(seconds, { target: { value: '20' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Save alarm settings' }));
    await within(section()).findByText('Saved.');
    expect(bridge.callsTo('stream:configure')).toEqual([
      { autoPause: true, pauseAfterSeconds: 20 },
    ]);

    fireEvent.click(
      within(section()).getByRole('checkbox', {
        name: 'Take the venue offline when orders cannot arrive',
      }),
    );
    fireEvent.click(within(section()).getByRole('button', { name: 'Save alarm settings' }));
    await waitFor(() =>
      expect(bridge.callsTo('stream:configure').at(-1)).toEqual({
        autoPause: false,
        pauseAfterSeconds: 20,
      }),
    );
  });
});
