// What staff see and hear of main's continuous missed-order check and of the relay's "no orders
// arriving": the alarm rings with the orders and stays, in staff words (no ids, no ISO times),
// named once the order turns up, until someone confirms it.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MissedOrder } from '../../shared/stream-guard';
import { formatClock } from '../ui-kit/format';
import { createFakeBridge } from '../testing/fake-bridge';
import { makeStreamGuard } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

afterEach(() => cleanup());

const missed = (patch: Partial<MissedOrder> = {}): MissedOrder => ({
  id: 'missed-1',
  venueId: 'demo-venue',
  venueName: null,
  placedFrom: '2026-11-23T11:53:30.000Z',
  placedTo: '2026-11-23T11:54:30.000Z',
  platformStatus: 'CREATED',
  raisedAt: '2026-11-23T11:55:00.000Z',
  moreUntil: null,
  order: null,
  ...patch,
});

describe('a missed order in the UI', () => {
  it('rings and says when it was placed and what to do, until acknowledged', async () => {
    const bridge = createFakeBridge({ stream: makeStreamGuard({ missed: [missed()] }) });
    const { ringer } = renderApp(bridge);
    const banner = await screen.findByTestId('missed-order');
    expect(banner.getAttribute('role')).toBe('alert');
    const about = formatClock('2026-11-23T11:54:00.000Z');
    expect(banner.textContent).toContain(
      `An order may not have reached this terminal (placed about ${about}).`,
    );
    expect(banner.textContent).toContain('waiting to be accepted');
    expect(banner.textContent).toContain('merchant portal');
    expect(banner.textContent).not.toMatch(/\d{4}-\d\d-\d\dT/);
    await waitFor(() => expect(ringer.ringing).toBe(true));

    // A tap that was meant for what lay under it a moment ago does not confirm it unread.
    const ok = within(banner).getByRole('button', { name: 'OK, checked' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    await waitFor(() => expect(ok.disabled).toBe(false), { timeout: 3_000 });
    fireEvent.click(ok);
    await waitFor(() => expect(screen.queryByTestId('missed-order')).toBeNull());
    expect(bridge.callsTo('stream:acknowledgeMissed')).toEqual([{ missedId: 'missed-1' }]);
    await waitFor(() => expect(ringer.ringing).toBe(false));
  });

  it('says which venue a missed order is for on a terminal of several', async () => {
    const bridge = createFakeBridge({
      stream: makeStreamGuard({
        missed: [missed({ venueId: 'kamppi-bowls', venueName: 'Kamppi Bowls' })],
      }),
    });
    renderApp(bridge);
    const banner = await screen.findByTestId('missed-order');
    const about = formatClock('2026-11-23T11:54:00.000Z');
    expect(banner.textContent).toContain(
      `Kamppi Bowls: An order may not have reached this terminal (placed about ${about}).`,
    );
  });

  it('names the order once it arrived, and says when more may be missing', async () => {
    const bridge = createFakeBridge({
      stream: makeStreamGuard({
        missed: [
          missed({ id: 'a', order: { orderId: 'o-1', orderNumber: '123' } }),
          missed({
            id: 'b',
            placedFrom: '2026-11-23T11:00:00.000Z',
            placedTo: '2026-11-23T11:40:00.000Z',
            moreUntil: '2026-11-23T11:45:00.000Z',
          }),
        ],
      }),
    });
    renderApp(bridge);
    const banner = await screen.findByTestId('missed-order');
    expect(banner.textContent).toContain('Order #123 (placed about');
    expect(banner.textContent).toContain('it is on the board now');
    expect(banner.textContent).toContain(
      `placed between ${formatClock('2026-11-23T11:00:00.000Z')} and ${formatClock('2026-11-23T11:40:00.000Z')}`,
    );
    expect(banner.textContent).toContain(
      `until ${formatClock('2026-11-23T11:45:00.000Z')}, may be missing too`,
    );
  });

  it('shows the relay’s "no orders arriving" with the minutes', async () => {
    const bridge = createFakeBridge({
      stream: makeStreamGuard({
        noOrdersArriving: {
          lastWebhookAt: '2026-11-23T11:00:00.000Z',
          quietSeconds: 14 * 60,
          thresholdSeconds: 7 * 60,
          reportedAt: '2026-11-23T11:14:00.000Z',
        },
      }),
    });
    const { ringer } = renderApp(bridge);
    const banner = await screen.findByTestId('no-orders-arriving');
    expect(banner.textContent).toContain('No orders arriving');
    expect(banner.textContent).toContain('for 14 min');
    expect(banner.textContent).toContain('usually within 7 min');
    await waitFor(() => expect(ringer.chimes).toBeGreaterThan(0));
  });
});
