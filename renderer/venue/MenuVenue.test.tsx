// Venue and menu state as staff see it: never a wish shown as fact, drafts that survive the
// background refresh, and "sold out" straight from an order line.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFakeBridge,
  makeMenu,
  makeMenuItem,
  makeOrder,
  makeVenue,
} from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

const openVenue = async () => fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));

describe('venue state', () => {
  it('shows changing… while going offline waits for the platform, never "Offline"', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    await openVenue();
    act(() =>
      bridge.emit(
        'venue:changed',
        makeVenue({
          isOnline: true,
          pending: true,
          changing: { online: { online: false, until: null }, openingTimes: null },
        }),
      ),
    );
    const toggle = screen.getByTestId('venue-toggle');
    expect(toggle.textContent).toContain('Going offline until switched back');
    expect(toggle.textContent).toContain('changing… (waiting for the platform)');
    expect(toggle.tagName).not.toBe('BUTTON');
    expect(screen.getByTestId('venue-online').textContent).toBe(
      'changing… (waiting for the platform)',
    );
    expect(screen.getByRole('banner').textContent).toContain('changing…');
    expect(document.body.textContent).not.toMatch(/Venue offline|Offline until/);
    fireEvent.click(screen.getByRole('button', { name: 'Orders' }));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Venue offline|Offline until/);

    // Confirmed by the platform: now it is a fact.
    act(() => bridge.emit('venue:changed', makeVenue({ isOnline: false, offlineUntil: null })));
    expect(screen.getByTestId('offline-banner').textContent).toContain('Venue offline');
    await openVenue();
    expect(screen.getByTestId('venue-online').textContent).toBe('Offline');
  });
});

describe('opening times', () => {
  it('keeps a draft through background refreshes until saved or discarded', async () => {
    const bridge = createFakeBridge();
    renderApp(bridge);
    await openVenue();
    expect(screen.getByTestId('venue-time-zone').textContent).toBe(
      'Times are the venue’s local time (Eastern European Time).',
    );
    const save = screen.getByRole('button', { name: 'Save opening times' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Closing time 1' }), {
      target: { value: '23:00' },
    });
    // The minute's refresh brings the platform's state again: the draft stays.
    act(() => bridge.emit('venue:changed', makeVenue({ fetchedAt: new Date().toISOString() })));
    expect(
      (screen.getByRole('textbox', { name: 'Closing time 1' }) as HTMLInputElement).value,
    ).toBe('23:00');
    expect(screen.getByText('Your changes are kept until you save or discard them.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(
      (screen.getByRole('textbox', { name: 'Closing time 1' }) as HTMLInputElement).value,
    ).toBe('22:00');

    fireEvent.change(screen.getByRole('textbox', { name: 'Closing time 1' }), {
      target: { value: '23:30' },
    });
    fireEvent.click(save);
    await waitFor(() =>
      expect(bridge.callsTo('venue:setOpeningTimes')).toEqual([
        {
          availability: [
            {
              opening_day: 'MONDAY',
              opening_time: '10:00',
              closing_day: 'MONDAY',
              closing_time: '23:30',
            },
          ],
        },
      ]),
    );
    act(() =>
      bridge.emit(
        'venue:changed',
        makeVenue({
          pending: true,
          changing: {
            online: null,
            openingTimes: [
              {
                opening_day: 'MONDAY',
                opening_time: '10:00',
                closing_day: 'MONDAY',
                closing_time: '23:30',
              },
            ],
          },
        }),
      ),
    );
    expect(
      screen.getByText('New opening times: changing… (waiting for the platform)'),
    ).toBeTruthy();
  });

  it('says what is wrong on the field that is wrong', async () => {
    renderApp(createFakeBridge());
    await openVenue();
    const row = () => screen.getByRole('textbox', { name: 'Closing time 1' }).closest('tr')!;
    fireEvent.change(screen.getByRole('textbox', { name: 'Opening time 1' }), {
      target: { value: '9.30' },
    });
    const opening = screen.getByRole('textbox', { name: 'Opening time 1' });
    expect(opening.getAttribute('aria-invalid')).toBe('true');
    expect(within(opening.closest('td')!).getByRole('alert').textContent).toBe(
      'Use HH:MM, e.g. 09:30 (24:00 for midnight)',
    );
    fireEvent.change(opening, { target: { value: '09:30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Closing time 1' }), {
      target: { value: '02:00' },
    });
    const closing = screen.getByRole('textbox', { name: 'Closing time 1' });
    expect(opening.getAttribute('aria-invalid')).toBe('false');
    expect(within(closing.closest('td')!).getByRole('alert').textContent).toBe(
      'Closes before it opens on the same day: pick the next day as the closing day',
    );
    expect(
      (screen.getByRole('button', { name: 'Save opening times' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Closing day 1' }), {
      target: { value: 'TUESDAY' },
    });
    expect(within(row()).queryByRole('alert')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Save opening times' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

describe('sold out from an order line', () => {
  it('marks the line’s menu item sold out for the rest of the day', async () => {
    const item = makeMenuItem({ externalData: 'pizza-m', name: 'Margherita' });
    const bridge = createFakeBridge({
      orders: [makeOrder({ orderNumber: '41' }), makeOrder({ orderNumber: '42' })],
      menu: makeMenu({ items: [item] }),
    });
    renderApp(bridge);
    await screen.findByRole('article', { name: /42/ });
    // Offered on the card staff picked only, so a busy board's cards keep their size.
    const unselected = screen
      .getAllByRole('article')
      .filter((a) => !a.className.includes('card-selected'));
    expect(unselected.length).toBeGreaterThan(0);
    for (const other of unselected)
      expect(within(other).queryByRole('button', { name: /sold out/ })).toBeNull();
    // The line's switch is in the order's detail, opened by a tap on its tile.
    fireEvent.click(screen.getByRole('article', { name: /Order #.*42/ }));
    const card = screen.getByRole('article', { name: /Details/ });
    fireEvent.click(within(card).getByText('Ada'));
    fireEvent.click(within(card).getByRole('button', { name: 'Mark Margherita sold out' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Rest of the day' }));
    await waitFor(() => expect(bridge.callsTo('menu:setItemAvailability')).toHaveLength(1));
    const call = bridge.callsTo('menu:setItemAvailability')[0];
    expect(call).toMatchObject({ externalData: 'pizza-m', enabled: false });
    expect(new Date(call?.disabledUntil ?? '').getHours()).toBe(23);
    // Waiting for the platform: the line says so rather than "Sold out".
    act(() =>
      bridge.emit(
        'menu:changed',
        makeMenu({
          items: [{ ...item, pending: true, changing: { available: false, until: null } }],
        }),
      ),
    );
    const line = within(screen.getByRole('article', { name: 'Details · #42' }));
    expect(line.getByText(/changing… \(waiting for the platform\)/)).toBeTruthy();
    expect(line.queryByRole('button', { name: 'Mark Margherita sold out' })).toBeNull();
  });
});
