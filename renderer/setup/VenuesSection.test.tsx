// Venue → Connection: the venues of this terminal listed by name, another added with its own code
// (refusals on their fields, nothing shown as added before main said so), and one disconnected
// alone after its confirmation (the PIN; waiting actions dropped only once staff tick it).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SetupState } from '../../shared/ipc/contract';
import { BOWLS, createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

const FIRST = { venueId: 'kamppi-burgers', name: 'Kamppi Burgers', first: true };

const SETUP: SetupState = {
  configured: true,
  venueId: FIRST.venueId,
  venues: [FIRST],
  authUrl: 'http://127.0.0.1:1/auth',
  posUrl: 'http://127.0.0.1:1/pos',
  relayUrl: 'http://127.0.0.1:2',
  clientId: 'demo-client',
  redirectUri: 'http://127.0.0.1/countertop/onboarding/callback',
  onboardingUrl: null,
};

const openConnection = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Venue' }));
  return screen.findByRole('region', { name: 'Venues on this terminal' });
};

describe('venues on this terminal', () => {
  it('adds another venue with its own code, showing a refusal on its field first', async () => {
    const bridge = createFakeBridge({ setup: SETUP });
    let venues: SetupState['venues'] = [FIRST];
    bridge.handle('setup:get', async () => ({ ...SETUP, venues }));
    let calls = 0;
    bridge.handle('setup:addVenue', async () => {
      calls += 1;
      if (calls === 1)
        return Promise.reject({
          code: 'invalid-request',
          message: 'Nothing was sent to the platform yet, so your authorization code still works.',
          issues: [
            { path: 'code', message: 'This code is for the venue this terminal was set up with.' },
          ],
        });
      venues = [FIRST, { ...BOWLS, name: null }];
      return { venueId: BOWLS.venueId };
    });
    renderApp(bridge);
    const section = await openConnection();
    expect(within(section).getByText('Kamppi Burgers')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Disconnect this venue…' })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Add another venue' }));
    const form = within(section).getByRole('form', { name: 'Add another venue' });
    // The client and redirect come from the first connection; the code and secret are typed.
    expect((form.querySelector('input[name="add-venue-clientId"]') as HTMLInputElement).value).toBe(
      'demo-client',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Add venue' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(bridge.callsTo('setup:addVenue')).toEqual([]);

    for (const [name, value] of [
      ['code', ' code-1 '],
      ['clientSecret', 'secret'],
    ] as const)
      fireEvent.change(form.querySelector(`input[name="add-venue-${name}"]`)!, {
        target: { value },
      });
    fireEvent.click(within(form).getByRole('button', { name: 'Add venue' }));
    expect(document.getElementById('add-venue-code-error')?.textContent).toBeUndefined();
    await waitFor(() =>
      expect(document.getElementById('add-venue-code-error')?.textContent).toMatch(/set up with/),
    );
    expect(within(section).queryByText('Venue 2')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Add venue' }));
    expect(await within(section).findByText('Venue 2')).toBeTruthy();
    expect((await within(section).findByRole('status')).textContent).toMatch(/Venue added/);
    expect(bridge.callsTo('setup:addVenue').at(-1)).toEqual({
      clientId: 'demo-client',
      clientSecret: 'secret',
      code: 'code-1',
      redirectUri: 'http://127.0.0.1/countertop/onboarding/callback',
    });
  });

  it('disconnects one venue after its confirmation; its orders leave the board, the other stays', async () => {
    const burger = makeOrder({ id: 'o-burger', orderNumber: 'B1', venueId: FIRST.venueId });
    const bowl = makeOrder({ id: 'o-bowl', orderNumber: 'W1', venueId: BOWLS.venueId });
    let venues: SetupState['venues'] = [FIRST, BOWLS];
    let orders = [burger, bowl];
    const bridge = createFakeBridge({ setup: { ...SETUP, venues }, orders });
    bridge.handle('setup:get', async () => ({ ...SETUP, venues }));
    bridge.handle('orders:list', async () => orders);
    let refusals = 0;
    bridge.handle('setup:removeVenue', async (request) => {
      if (!request.discardWaiting && refusals++ === 0)
        return Promise.reject({
          code: 'conflict',
          message:
            '2 actions of this venue have not reached the platform. Disconnecting it drops them; confirm to go on.',
        });
      venues = [FIRST];
      orders = [burger];
      return { ...SETUP, venues };
    });
    renderApp(bridge);
    expect(await screen.findByText('W1', { exact: false })).toBeTruthy();
    const section = await openConnection();
    const row = within(section).getByText('Kamppi Bowls').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Disconnect this venue…' }));
    const form = within(row).getByRole('form', { name: 'Disconnect Kamppi Bowls' });
    fireEvent.change(form.querySelector('input[name="remove-venue-pin"]')!, {
      target: { value: '4321' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Disconnect venue' }));
    const drop = await within(form).findByRole('checkbox', { name: /Drop this venue’s actions/ });
    expect(within(form).getByRole('alert').textContent).toMatch(/2 actions/);
    expect(
      (within(form).getByRole('button', { name: 'Disconnect venue' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(drop);
    fireEvent.click(within(form).getByRole('button', { name: 'Disconnect venue' }));
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Kamppi Bowls was disconnected from this terminal.',
    );
    expect(within(section).queryByText('Kamppi Bowls')).toBeNull();
    expect(within(section).getByText('Kamppi Burgers')).toBeTruthy();
    expect(bridge.callsTo('setup:removeVenue')).toEqual([
      { venueId: BOWLS.venueId, pin: '4321' },
      { venueId: BOWLS.venueId, pin: '4321', discardWaiting: true },
    ]);
    // The board read its orders again: the removed venue's are gone, the other's stay.
    fireEvent.click(screen.getByRole('button', { name: /^Orders/ }));
    await waitFor(() => expect(screen.queryByText('W1', { exact: false })).toBeNull());
    expect(screen.getByText('B1', { exact: false })).toBeTruthy();
  });
});
