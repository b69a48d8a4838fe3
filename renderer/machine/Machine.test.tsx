import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreProvider } from '../ui-kit/store-context';
import { createAppStore } from '../shell/store';
import { createFakeBridge } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';
import { Recovery } from './Recovery';
import { setLanguage } from '../ui-kit/language';

afterEach(cleanup);

const openMachine = async (bridge: ReturnType<typeof createFakeBridge>) => {
  renderApp(bridge);
  fireEvent.click(await screen.findByRole('button', { name: /^Venue/ }));
  return screen.findByRole('region', { name: 'This counter machine' });
};

describe('the counter machine’s settings', () => {
  it('asks for a staff PIN before kiosk mode and sends nothing without one', async () => {
    const bridge = createFakeBridge();
    const section = await openMachine(bridge);
    fireEvent.click(within(section).getByLabelText(/Kiosk mode/));
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByRole('alert').textContent).toMatch(/needs a staff PIN/);
    expect(bridge.callsTo('machine:set')).toEqual([]);
  });

  it('saves kiosk mode with a PIN, then offers to leave it with the PIN', async () => {
    const bridge = createFakeBridge();
    const section = await openMachine(bridge);
    fireEvent.click(within(section).getByLabelText(/Kiosk mode/));
    fireEvent.change(within(section).getByLabelText(/New staff PIN/), {
      target: { value: '2468' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bridge.callsTo('machine:set')).toEqual([
        { kiosk: true, startOnLogin: false, pin: '2468' },
      ]),
    );
    const leave = await within(section).findByRole('button', { name: 'Leave kiosk mode' });
    fireEvent.change(within(section).getByLabelText('Current staff PIN'), {
      target: { value: '2468' },
    });
    fireEvent.click(leave);
    await waitFor(() => expect(bridge.callsTo('machine:unlock')).toEqual([{ pin: '2468' }]));
    expect(await within(section).findByRole('status')).toHaveProperty(
      'textContent',
      'Kiosk mode is off until the app restarts.',
    );
  });

  it('shows the service’s refusal of a wrong PIN next to the form', async () => {
    const bridge = createFakeBridge();
    bridge.handle('machine:unlock', () =>
      Promise.reject({ code: 'invalid-request', message: 'That PIN is not right.' }),
    );
    bridge.handle('machine:get', async () => ({
      kiosk: true,
      kioskUnlocked: false,
      startOnLogin: false,
      pinSet: true,
    }));
    const section = await openMachine(bridge);
    fireEvent.click(within(section).getByRole('button', { name: 'Leave kiosk mode' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('That PIN is not right.');
  });
});

describe('the recovery screen', () => {
  it('says what happened, shows no board, and restarts the app', async () => {
    const bridge = createFakeBridge();
    render(
      <StoreProvider store={createAppStore(bridge, { storage: null })}>
        <Recovery />
      </StoreProvider>,
    );
    expect(screen.getByRole('alert', { name: 'Countertop keeps stopping' })).toBeTruthy();
    expect(screen.queryByText('New')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restart Countertop' }));
    await waitFor(() => expect(bridge.callsTo('machine:restart')).toEqual([{}]));
  });
});

describe('the screen’s language', () => {
  afterEach(() => setLanguage('en'));

  it('switches to Finnish at once, without a restart, and back', async () => {
    const bridge = createFakeBridge();
    const section = await openMachine(bridge);
    fireEvent.change(within(section).getByLabelText('Language (this screen)'), {
      target: { value: 'fi' },
    });
    const finnish = await screen.findByRole('region', { name: 'Tämä kassakone' });
    expect(screen.getByRole('button', { name: /^Tilaukset/ })).toBeTruthy();
    fireEvent.change(within(finnish).getByLabelText('Kieli (tämä näyttö)'), {
      target: { value: 'en' },
    });
    expect(await screen.findByRole('region', { name: 'This counter machine' })).toBeTruthy();
  });
});
