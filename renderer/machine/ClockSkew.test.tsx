import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, makeOrder, makeStatus } from '../testing/fake-bridge';
import { orderDetail, renderApp } from '../testing/render-app';

afterEach(cleanup);

// The platform's clock is 12 minutes ahead of this machine's.
const OFFSET = 12 * 60_000;
const platformMinutesAgo = (m: number) => new Date(Date.now() + OFFSET - m * 60_000).toISOString();

describe('a machine clock that is off', () => {
  it('is named in a warning, and the board counts on the platform’s clock', async () => {
    const bridge = createFakeBridge({
      status: makeStatus({ clockOffsetMs: OFFSET }),
      orders: [makeOrder({ orderNumber: '201', createdAt: platformMinutesAgo(3) })],
    });
    renderApp(bridge);
    const warning = await screen.findByTestId('clock-skew');
    expect(warning.getAttribute('role')).toBe('alert');
    expect(warning.textContent).toContain('12 min behind the platform’s');
    const card = orderDetail('201');
    // Counted on this machine's clock the order would be 9 minutes in the future.
    expect(within(card).getByText('3 min ago')).toBeTruthy();
  });

  it('says a clock ahead of the platform’s in the catalog’s words', async () => {
    const bridge = createFakeBridge({
      status: makeStatus({ clockOffsetMs: -OFFSET }),
      orders: [makeOrder({ orderNumber: '203' })],
    });
    renderApp(bridge);
    const warning = await screen.findByTestId('clock-skew');
    // The direction was the code's own English word ("12 min ahead the platform’s").
    expect(warning.textContent).toContain('12 min ahead of the platform’s');
  });

  it('says nothing within a minute', async () => {
    const bridge = createFakeBridge({
      status: makeStatus({ clockOffsetMs: -55_000 }),
      orders: [makeOrder({ orderNumber: '202' })],
    });
    renderApp(bridge);
    await screen.findByRole('article', { name: 'Order #202' });
    expect(screen.queryByTestId('clock-skew')).toBeNull();
  });
});
