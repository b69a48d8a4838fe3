// Menu and venue in Chromium against the real sandbox: a wish is never shown as fact while the
// platform is unreachable, and a menu push that would delete an item asks first, naming it.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { demoMenu } from '../../sandbox/demo-data';
import type { control } from './support';
import { controlCall, ensureOutputDir, eventually, useDemoPage } from './support';

let demo: Demo;
let page: Page;
let sandbox: ReturnType<typeof control>;

type SandboxItem = { external_data: string; enabled: boolean; disabled_until?: string | null };
const sandboxItems = async (): Promise<SandboxItem[]> => {
  const venue = await controlCall<{
    menu: { categories: Array<{ items: SandboxItem[] }> } | null;
  }>(demo.sandbox.controlUrl, 'GET', `/venues/${demo.sandbox.demo.venueId}`);
  return venue.menu?.categories.flatMap((c) => c.items) ?? [];
};

const tab = (name: string) => page.getByRole('navigation').getByRole('button', { name });

useDemoPage({ width: 1280, height: 800 }, (s) => ({ demo, page, sandbox } = s));
afterAll(async () => {
  await sandbox?.faults({ error_rate: 0 }).catch(() => undefined);
});

describe('venue and menu at the counter (web host, Chromium, real sandbox)', () => {
  it('platform unreachable: the venue toggle shows changing… and no "Venue offline" fact', async () => {
    await tab('Venue').click();
    await expect
      .poll(() => page.getByTestId('venue-online').textContent(), { timeout: 15_000 })
      .toBe('Online');
    await sandbox.faults({ error_rate: 1 });
    await page.getByRole('button', { name: 'Go offline' }).click();
    await page.getByRole('button', { name: 'Until switched back' }).click();

    const toggle = page.getByTestId('venue-toggle');
    await expect
      .poll(() => toggle.textContent(), { timeout: 10_000 })
      .toContain('changing… (waiting for the platform)');
    expect(await toggle.textContent()).toContain('Going offline until switched back');
    expect(await page.getByTestId('venue-online').textContent()).toBe(
      'changing… (waiting for the platform)',
    );
    expect(await page.getByText(/^Venue offline/).count()).toBe(0);
    await page.screenshot({ path: path.join(ensureOutputDir(), 'venue-changing.png') });

    // The board says nothing false either: no offline banner, the top bar says changing….
    await tab('Orders').click();
    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    expect(await page.getByText(/^Venue offline/).count()).toBe(0);
    expect(await page.getByRole('banner').textContent()).toContain('changing…');
    // And the platform indeed still has the venue online.
    expect((await sandbox.venue()).status.is_online).toBe(true);

    // The platform answers again: the change goes through and is shown once confirmed.
    await sandbox.faults({ error_rate: 0 });
    await eventually(
      () => sandbox.venue(),
      (v) => !v.status.is_online,
      30_000,
    );
    await page.getByTestId('offline-banner').waitFor({ timeout: 30_000 });
    await tab('Venue').click();
    await expect
      .poll(() => page.getByTestId('venue-online').textContent(), { timeout: 15_000 })
      .toBe('Offline');
    await page.getByTestId('venue-toggle').click();
    await eventually(
      () => sandbox.venue(),
      (v) => v.status.is_online,
    );
    await expect
      .poll(() => page.getByTestId('venue-online').textContent(), { timeout: 15_000 })
      .toBe('Online');
  });

  it('a menu push that would remove an item asks and names it', async () => {
    await tab('Menu').click();
    // The platform's own menu, read by the terminal: the item is there before any push.
    await page
      .getByRole('listitem', { name: 'Crispy Chicken Burger' })
      .waitFor({ timeout: 15_000 });

    const menu = demoMenu();
    for (const category of menu.categories)
      category.items = category.items.filter((i) => i.external_data !== 'burger-chicken');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'menu-without-chicken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(menu)),
    });
    await page.getByText('This menu is valid: 16 items').waitFor();
    expect(await page.getByRole('heading', { name: 'Removed (1)' }).count()).toBe(1);
    await page.getByRole('checkbox', { name: 'I understand this replaces the whole menu' }).check();
    await page.getByRole('button', { name: 'Push menu' }).click();

    const ask = page.getByRole('alertdialog', {
      name: 'This push removes 1 item from the platform’s menu',
    });
    await ask.waitFor();
    expect(await ask.getByText('Crispy Chicken Burger').count()).toBe(1);
    await page.screenshot({ path: path.join(ensureOutputDir(), 'menu-push-removes.png') });
    // Asking sent nothing: the platform still sells it.
    expect((await sandboxItems()).map((i) => i.external_data)).toContain('burger-chicken');

    await ask.getByRole('button', { name: 'Remove 1 item and push' }).click();
    await eventually(
      sandboxItems,
      (items) => items.length === 16 && !items.some((i) => i.external_data === 'burger-chicken'),
      30_000,
    );
    // Read back from the platform: the list no longer has it, and the push is no longer changing.
    await page
      .getByRole('listitem', { name: 'Crispy Chicken Burger' })
      .waitFor({ state: 'detached', timeout: 30_000 });
    await expect
      .poll(() => page.getByText(/Menu push .*changing…/).count(), { timeout: 30_000 })
      .toBe(0);
  });

  it('marks an item sold out for an hour: changing…, then the platform’s word', async () => {
    const row = page.getByRole('listitem', { name: 'Fries', exact: true });
    await row.getByRole('button', { name: 'Sold out…' }).click();
    await row.getByRole('button', { name: '1 hour' }).click();
    const fries = await eventually(sandboxItems, (items) =>
      Boolean(items.find((i) => i.external_data === 'side-fries')?.disabled_until),
    );
    const until = fries.find((i) => i.external_data === 'side-fries')?.disabled_until ?? '';
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(58 * 60_000);
    await row.getByText(/^Sold out until \d\d:\d\d$/).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(ensureOutputDir(), 'menu-sold-out.png') });
  });
});
