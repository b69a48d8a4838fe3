import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, makeOrder } from '../testing/fake-bridge';
import { renderApp } from '../testing/render-app';

afterEach(cleanup);

const HELD = { version: '3.0.0', since: '2026-11-26T09:00:00.000Z' };

const boardShown = (bridge: ReturnType<typeof createFakeBridge>) => {
  renderApp(bridge);
  return screen.findByRole('article', { name: 'Order #301' });
};

describe('an update held for staff’s OK', () => {
  it('shows nothing when no update is held', async () => {
    const bridge = createFakeBridge({ orders: [makeOrder({ orderNumber: '301' })] });
    await boardShown(bridge);
    expect(bridge.callsTo('updates:held')).toHaveLength(1);
    expect(screen.queryByTestId('held-update')).toBeNull();
  });

  it('names the version in the notices strip, in staff words', async () => {
    const bridge = createFakeBridge({
      orders: [makeOrder({ orderNumber: '301' })],
      heldUpdate: HELD,
    });
    await boardShown(bridge);
    const notice = await screen.findByTestId('held-update');
    expect(notice.textContent).toContain(
      'A big update (version 3.0.0) is waiting for your OK. Install it when the counter is quiet.',
    );
    // In the fixed-height strip, so the board does not move when it comes.
    expect(notice.parentElement?.classList.contains('notices')).toBe(true);
    expect(notice.textContent).not.toContain('2026');
  });

  it('installs exactly the version shown, after one confirm', async () => {
    const bridge = createFakeBridge({
      orders: [makeOrder({ orderNumber: '301' })],
      heldUpdate: HELD,
    });
    await boardShown(bridge);
    const notice = await screen.findByTestId('held-update');
    fireEvent.click(within(notice).getByRole('button', { name: 'Install' }));
    expect(bridge.callsTo('updates:install')).toHaveLength(0);
    expect(notice.textContent).toContain('Install version 3.0.0?');
    fireEvent.click(within(notice).getByRole('button', { name: 'Yes, install' }));
    await waitFor(() => expect(screen.queryByTestId('held-update')).toBeNull());
    expect(bridge.callsTo('updates:install')).toEqual([{ version: '3.0.0' }]);
  });

  it('lets staff step back without installing', async () => {
    const bridge = createFakeBridge({
      orders: [makeOrder({ orderNumber: '301' })],
      heldUpdate: HELD,
    });
    await boardShown(bridge);
    const notice = await screen.findByTestId('held-update');
    fireEvent.click(within(notice).getByRole('button', { name: 'Install' }));
    fireEvent.click(within(notice).getByRole('button', { name: 'Not now' }));
    expect(within(notice).getByRole('button', { name: 'Install' })).toBeTruthy();
    expect(bridge.callsTo('updates:install')).toHaveLength(0);
  });

  it('says in staff words when a newer version is held now', async () => {
    const bridge = createFakeBridge({
      orders: [makeOrder({ orderNumber: '301' })],
      heldUpdate: HELD,
    });
    // Main held 4.0.0 meanwhile and its event has not reached the window yet.
    bridge.handle('updates:install', async () => {
      throw { code: 'conflict', message: 'This update is no longer waiting to be installed.' };
    });
    await boardShown(bridge);
    const notice = await screen.findByTestId('held-update');
    fireEvent.click(within(notice).getByRole('button', { name: 'Install' }));
    fireEvent.click(within(notice).getByRole('button', { name: 'Yes, install' }));
    const refusal = await within(notice).findByRole('alert');
    expect(refusal.textContent).toBe(
      'A newer update is waiting now. Read its version and tap Install again.',
    );
    expect(notice.textContent).not.toContain('no longer waiting');
    act(() => bridge.emit('updates:changed', { version: '4.0.0', since: HELD.since }));
    expect(notice.textContent).toContain('version 4.0.0');
  });

  it('goes when the service says nothing is held any more', async () => {
    const bridge = createFakeBridge({
      orders: [makeOrder({ orderNumber: '301' })],
      heldUpdate: HELD,
    });
    await boardShown(bridge);
    await screen.findByTestId('held-update');
    act(() => bridge.emit('updates:changed', null));
    expect(screen.queryByTestId('held-update')).toBeNull();
  });

  it('comes when the service holds one mid-shift', async () => {
    const bridge = createFakeBridge({ orders: [makeOrder({ orderNumber: '301' })] });
    await boardShown(bridge);
    act(() => bridge.emit('updates:changed', HELD));
    expect(screen.getByTestId('held-update').textContent).toContain('version 3.0.0');
  });
});
