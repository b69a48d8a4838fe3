import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderSettings } from '../../shared/order-timing';
import { DEFAULT_STREAM_GUARD_SETTINGS } from '../../shared/stream-guard';
import type { StreamGuardVenue } from '../../shared/stream-guard';
import { counterWithKitchen, createFakeBridge, KITCHEN_TERMINAL } from '../testing/fake-bridge';
import { makeStreamGuard } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

const TWO_VENUES = {
  venues: [
    { venueId: 'demo-venue', name: 'Demo Kitchen', first: true },
    { venueId: 'pizza-venue', name: 'Pizza Place', first: false },
  ],
};

const openSettings = async () => {
  fireEvent.click(await screen.findByRole('button', { name: /^Venue/ }));
  return screen.findByRole('region', { name: 'Orders' });
};

/** A bridge whose order settings and printing assignment are kept per venue, as main keeps them. */
const perVenueBridge = () => {
  const bridge = createFakeBridge({ setup: TWO_VENUES });
  const settings: Record<string, OrderSettings> = {
    'demo-venue': { autoAccept: false, autoAcceptMaxItems: 10, unclaimedAfterMinutes: 30 },
    'pizza-venue': { autoAccept: true, autoAcceptMaxItems: 4, unclaimedAfterMinutes: 12 },
  };
  bridge.handle('orders:settings', async ({ venueId }) => settings[venueId ?? 'demo-venue']!);
  bridge.handle('orders:configure', async ({ venueId, ...changes }) => {
    const id = venueId ?? 'demo-venue';
    settings[id] = { ...settings[id]!, ...changes };
    return settings[id];
  });
  bridge.handle('terminal:get', async ({ venueId }) =>
    counterWithKitchen({
      printedBy: venueId === 'pizza-venue' ? { 'kitchen-ticket': KITCHEN_TERMINAL } : {},
    }),
  );
  return bridge;
};

/** Main's stream guard as it holds each venue's own pause settings. */
const guardOf = (venues: Array<Pick<StreamGuardVenue, 'venueId' | 'name' | 'settings'>>) =>
  makeStreamGuard({
    settings: venues[0]!.settings,
    venues: venues.map((v) => ({
      ...v,
      pausedAt: null,
      pauseDeferredSince: null,
      otherTerminals: [],
    })),
  });

describe("the settings page's venue picker", () => {
  it('takes no room on a terminal of one venue', async () => {
    renderApp(createFakeBridge());
    await openSettings();
    expect(screen.queryByRole('group', { name: 'Settings of' })).toBeNull();
  });

  it("shows and changes the picked venue's own settings, each venue by its name", async () => {
    const bridge = perVenueBridge();
    renderApp(bridge);
    await openSettings();
    const picker = screen.getByRole('group', { name: 'Settings of' });
    const choices = within(picker).getAllByRole('button');
    expect(choices.map((b) => b.textContent)).toEqual(['Demo Kitchen', 'Pizza Place']);
    expect(choices.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    expect(document.body.textContent).not.toContain('pizza-venue');
    // Each venue's form is its own: the section is read again after each pick.
    const orders = () => screen.getByRole('region', { name: 'Orders' });
    const limit = () => within(orders()).getAllByRole('spinbutton')[0] as HTMLInputElement;
    expect(limit().value).toBe('10');

    fireEvent.click(within(picker).getByRole('button', { name: 'Pizza Place' }));
    await waitFor(() => expect(limit().value).toBe('4'));
    const auto = within(orders()).getByRole('checkbox') as HTMLInputElement;
    expect(auto.checked).toBe(true);
    fireEvent.click(auto);
    await waitFor(() =>
      expect(bridge.callsTo('orders:configure')).toEqual([
        { autoAccept: false, venueId: 'pizza-venue' },
      ]),
    );
    // Who prints what: the picked venue's, and a change goes to that venue.
    const terminal = screen.getByRole('region', { name: 'This terminal' });
    const ticket = (await within(terminal).findByLabelText('Kitchen ticket')) as HTMLSelectElement;
    await waitFor(() => expect(ticket.value).toBe(KITCHEN_TERMINAL));
    fireEvent.change(ticket, { target: { value: '' } });
    await waitFor(() =>
      expect(bridge.callsTo('terminal:assignPrinting')).toEqual([
        { venueId: 'pizza-venue', printedBy: {} },
      ]),
    );

    // Back to the venue set up first: its own settings, unchanged.
    fireEvent.click(within(picker).getByRole('button', { name: 'Demo Kitchen' }));
    await waitFor(() => expect(limit().value).toBe('10'));
    expect((within(orders()).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it("shows and changes the picked venue's own automatic pause", async () => {
    const bridge = createFakeBridge({
      setup: TWO_VENUES,
      stream: guardOf([
        {
          venueId: 'demo-venue',
          name: 'Demo Kitchen',
          settings: { autoPause: true, pauseAfterSeconds: 45 },
        },
        { venueId: 'pizza-venue', name: 'Pizza Place', settings: DEFAULT_STREAM_GUARD_SETTINGS },
      ]),
    });
    renderApp(bridge);
    await openSettings();
    const picker = screen.getByRole('group', { name: 'Settings of' });
    // A save remounts the form with what main holds: look it up each time.
    const section = () => screen.getByRole('region', { name: 'Order stream alarm' });
    const seconds = () =>
      within(section()).getByRole('textbox', {
        name: 'Seconds without the order stream before going offline',
      }) as HTMLInputElement;
    const autoPause = () =>
      within(section()).getByRole('checkbox', {
        name: 'Take the venue offline when orders cannot arrive',
      }) as HTMLInputElement;
    const save = () =>
      fireEvent.click(within(section()).getByRole('button', { name: 'Save alarm settings' }));
    expect(seconds().value).toBe('45');

    // Pizza Place's own: the default delay, then turned off and saved under its venue.
    fireEvent.click(within(picker).getByRole('button', { name: 'Pizza Place' }));
    await waitFor(() => expect(seconds().value).toBe('60'));
    expect(autoPause().checked).toBe(true);
    fireEvent.change(seconds(), { target: { value: '120' } });
    fireEvent.click(autoPause());
    save();
    await within(section()).findByText('Saved.');
    expect(bridge.callsTo('stream:configure')).toEqual([
      { autoPause: false, pauseAfterSeconds: 120, venueId: 'pizza-venue' },
    ]);
    expect(autoPause().checked).toBe(false);

    // The venue set up first keeps its own, and a change of it names no venue.
    fireEvent.click(within(picker).getByRole('button', { name: 'Demo Kitchen' }));
    await waitFor(() => expect(seconds().value).toBe('45'));
    expect(autoPause().checked).toBe(true);
    // The confirmation was Pizza Place's: not shown under another venue.
    expect(within(section()).queryByText('Saved.')).toBeNull();
    fireEvent.change(seconds(), { target: { value: '30' } });
    save();
    await waitFor(() =>
      expect(bridge.callsTo('stream:configure').at(-1)).toEqual({
        autoPause: true,
        pauseAfterSeconds: 30,
      }),
    );
    fireEvent.click(within(picker).getByRole('button', { name: 'Pizza Place' }));
    await waitFor(() => expect(seconds().value).toBe('120'));
    expect(autoPause().checked).toBe(false);
  });
});
