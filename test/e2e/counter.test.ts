import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import type { control } from './support';
import {
  countBeeps,
  ensureOutputDir,
  eventually,
  closeOrderDetail,
  openOrderDetail,
  orderTile,
  useDemoPage,
  tones,
} from './support';

let demo: Demo;
let page: Page;
let sandbox: ReturnType<typeof control>;

const card = (orderNumber: string) => orderTile(page, orderNumber);
const detail = (orderNumber: string) => openOrderDetail(page, orderNumber);
const column = (name: string) => page.getByRole('region', { name, exact: true });

useDemoPage({ width: 1600, height: 1000 }, (s) => ({ demo, page, sandbox } = s), {
  beforeLoad: countBeeps,
});

describe('a shift at the counter (web host, Chromium, real sandbox and relay)', () => {
  it('shows the app without the session token in the address bar, connected', async () => {
    expect(page.url()).not.toContain('session=');
    await expect
      .poll(() => page.getByTestId('status-relay').textContent())
      .toBe('Order stream: connected');
  });

  it('an order placed in the sandbox appears in New and rings until someone acts', async () => {
    const placed = await sandbox.placeOrder('takeaway');
    await card(placed.order_number).waitFor();
    expect(await column('New').getByText(`#${placed.order_number}`).count()).toBe(1);
    expect(await card(placed.order_number).getAttribute('class')).toContain('card-flash');
    await page.getByRole('alert').filter({ hasText: 'New order!' }).waitFor();

    const first = await eventually(
      () => tones(page),
      (n) => n > 0,
    );
    // The ring repeats: more tones after the next beep interval.
    await eventually(
      () => tones(page),
      (n) => n > first,
      5_000,
    );

    await page.getByRole('button', { name: 'Mute 2 min' }).click();
    const muted = await tones(page);
    // Silence has no event to wait for: watch longer than one ring interval (2 s).
    await page.waitForTimeout(2_500);
    expect(await tones(page)).toBe(muted);
    await page.getByRole('button', { name: /Unmute/ }).click();

    // Reject is in the order's detail, a tap on its tile away: its one action is Accept.
    expect(await card(placed.order_number).getByRole('button', { name: 'Reject' }).count()).toBe(0);
    await (await detail(placed.order_number)).getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('button', { name: 'Closing soon' }).click();
    await page.getByRole('button', { name: 'Reject order' }).click();
    const rejected = await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'REJECTED',
    );
    expect(rejected.reject).toEqual({ reason: 'Closing soon', code: 'VENUE_CLOSING_SOON' });
    await column('Done today').getByText(`#${placed.order_number}`).waitFor();
    await eventually(
      () => page.getByRole('alert').filter({ hasText: 'New order!' }).count(),
      (n) => n === 0,
    );
    await closeOrderDetail(page);
  });

  it('Accept, Mark ready and Handed over take a takeaway order to DELIVERED', async () => {
    const placed = await sandbox.placeOrder('takeaway');
    await card(placed.order_number).waitFor();

    await card(placed.order_number).getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: '20 min ·' }).click();
    await page.getByRole('button', { name: 'Accept · 20 min' }).click();
    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'PRODUCTION',
    );

    await card(placed.order_number).getByRole('button', { name: 'Mark ready' }).click();
    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'READY',
    );

    await card(placed.order_number).getByRole('button', { name: 'Handed over' }).click();
    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'DELIVERED',
    );
    await column('Done today').getByText(`#${placed.order_number}`).waitFor();
  });

  it("Out for delivery tells the platform the venue's own courier left, then Delivered ends it", async () => {
    const placed = await sandbox.placeOrder('homedelivery', { selfDelivery: true });
    await card(placed.order_number).waitFor();
    await card(placed.order_number).getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: /^Accept · at the customer/ }).click();
    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'PRODUCTION',
    );
    await card(placed.order_number).getByRole('button', { name: 'Mark ready' }).click();
    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'READY',
    );

    await card(placed.order_number).getByRole('button', { name: 'Out for delivery' }).click();
    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.picked_up,
    );
    const full = await detail(placed.order_number);
    await full.getByText('Courier picked up').waitFor();
    expect(await full.getByRole('button', { name: 'Out for delivery' }).count()).toBe(0);
    expect((await sandbox.order(placed.id)).status).toBe('READY');

    await card(placed.order_number).getByRole('button', { name: 'Delivered' }).click();
    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'DELIVERED',
    );
    await closeOrderDetail(page);
  });

  it('an Accept made while the platform is unreachable stays pending, then reaches the platform', async () => {
    const placed = await sandbox.placeOrder('takeaway');
    await card(placed.order_number).waitFor();
    await sandbox.faults({ error_rate: 1 });
    try {
      await card(placed.order_number).getByRole('button', { name: 'Accept' }).click();
      await page.getByRole('button', { name: /^Accept ·/ }).click();
      const full = await detail(placed.order_number);
      await full.getByText('Accept: waiting for the platform…').waitFor();
      // The terminal has tried and the platform refused: the order is still CREATED there.
      await eventually(
        () => demo.core.api['outbox:list']({}),
        (entries) =>
          entries.some(
            (e) =>
              e.kind === 'accept' &&
              e.subject === placed.id &&
              e.state === 'pending' &&
              e.attempts > 0,
          ),
      );
      expect((await sandbox.order(placed.id)).status).toBe('CREATED');
      await full.getByText('Accept: waiting for the platform…').waitFor();
      expect(await page.getByTestId('status-outbox').textContent()).toMatch(/waiting to send/);
    } finally {
      await sandbox.faults({ error_rate: 0 });
    }
    await closeOrderDetail(page);
    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'PRODUCTION',
      20_000,
    );
    await card(placed.order_number)
      .getByRole('button', { name: 'Mark ready' })
      .waitFor({ timeout: 20_000 });
  });

  it('a platform cancellation of an order in preparation alarms until staff confirm', async () => {
    const placed = await sandbox.placeOrder('takeaway');
    await card(placed.order_number).getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: /^Accept ·/ }).click();
    await card(placed.order_number).getByRole('button', { name: 'Mark ready' }).waitFor();
    await sandbox.cancel(placed.id);
    const banner = page.getByTestId('cancelled-banner');
    await banner
      .getByText(`Order #${placed.order_number} was cancelled by the platform. Stop preparing it.`)
      .waitFor();
    // The card stays where it was, marked cancelled with its items, until acknowledged.
    const held = column('In preparation').getByRole('article', {
      name: `Order #${placed.order_number}`,
    });
    await held.getByTestId('tile-cancelled').waitFor();
    expect(await held.getByTestId('tile-cancelled-items').textContent()).toMatch(/\d+× \S/);
    expect(await column('Done today').getByText(`#${placed.order_number}`).count()).toBe(0);
    const before = await tones(page);
    await eventually(
      () => tones(page),
      (n) => n > before,
      5_000,
    );
    // Main decided it: a window reloaded mid-alarm shows it and rings again.
    await page.reload();
    await banner
      .getByText(`Order #${placed.order_number} was cancelled by the platform. Stop preparing it.`)
      .waitFor();
    const reloaded = await tones(page);
    await eventually(
      () => tones(page),
      (n) => n > reloaded,
      5_000,
    );
    await held.getByTestId('tile-cancelled').waitFor();
    await held.getByRole('button', { name: 'OK, stopped' }).click();
    await column('Done today').getByText(`#${placed.order_number}`).waitFor();
    expect(await banner.count()).toBe(0);
    // Acknowledged: a window opened afterwards does not bring it back.
    await page.reload();
    await column('Done today').getByText(`#${placed.order_number}`).waitFor();
    expect(await banner.count()).toBe(0);
  });

  it('goes offline for 30 minutes and back online', async () => {
    await page.getByRole('button', { name: 'Venue', exact: true }).click();
    await page.getByRole('button', { name: 'Go offline' }).click();
    await page.getByRole('button', { name: '30 min' }).click();
    const offline = await eventually(
      () => sandbox.venue(),
      (v) => !v.status.is_online,
    );
    expect(offline.offline_until).not.toBeNull();
    await expect
      .poll(() => page.getByTestId('venue-online').textContent(), { timeout: 15_000 })
      .toBe('Offline');

    await page.getByRole('button', { name: 'Go online' }).click();
    await eventually(
      () => sandbox.venue(),
      (v) => v.status.is_online,
    );
    await expect
      .poll(() => page.getByTestId('venue-online').textContent(), { timeout: 15_000 })
      .toBe('Online');
    await page.getByRole('button', { name: 'Orders', exact: false }).first().click();
  });

  it('saves screenshots of a busy board in both themes', async () => {
    for (const type of ['takeaway', 'homedelivery', 'takeaway', 'homedelivery'] as const) {
      const placed = await sandbox.placeOrder(type);
      await card(placed.order_number).waitFor();
    }
    await page.getByRole('button', { name: 'Mute 2 min' }).click();
    const dir = ensureOutputDir();
    await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
    await page.screenshot({ path: path.join(dir, 'board-light.png') });
    await page.keyboard.press('t');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.screenshot({ path: path.join(dir, 'board-dark.png') });
  });
});
