// The menu screen of the demo's two venues ("Kamppi Burgers" and "Kamppi Bowls") in Chromium at
// 1280×800, by touch: the picker shows each venue's own menu, and the Chocolate Brownie, on both
// menus, is sold out in both venues with one choice and back on sale in both, each venue's state
// shown only once its own menu at the sandbox says so.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from '../../scripts/start';
import type { Demo } from '../../scripts/start';
import { DEMO_BRANDS } from '../../sandbox/demo-data';
import type { SandboxOrder } from './support';
import type { TestBrowser } from './support';
import {
  controlCall,
  ensureOutputDir,
  eventually,
  fileChromium,
  openBoardPage,
  orderTile,
} from './support';
import { runRelayBundle } from '../relay-bundle';

const BURGERS = DEMO_BRANDS.burgers;
const BOWLS = DEMO_BRANDS.bowls;
const BROWNIE = 'dessert-brownie';

let demo: Demo;
let browser: TestBrowser;
let page: Page;

const call = <T>(method: string, pathname: string, body?: unknown): Promise<T> =>
  controlCall<T>(demo.sandbox.controlUrl, method, pathname, body);

type SandboxItem = { external_data: string; enabled: boolean };
/** The brownie as each venue's menu at the sandbox has it. */
const brownies = async (): Promise<Array<SandboxItem | undefined>> =>
  Promise.all(
    [BURGERS.venueId, BOWLS.venueId].map(async (venueId) => {
      const venue = await call<{ menu: { categories: Array<{ items: SandboxItem[] }> } | null }>(
        'GET',
        `/venues/${venueId}`,
      );
      return venue.menu?.categories
        .flatMap((c) => c.items)
        .find((i) => i.external_data === BROWNIE);
    }),
  );

const tab = (name: string) => page.getByRole('navigation').getByRole('button', { name });
const states = () => page.getByRole('group', { name: 'Chocolate Brownie in each venue' });
/** What the brownie's line says for a venue: its name, then its state. */
const stateIn = (name: string) => states().getByRole('listitem').filter({ hasText: name });

beforeAll(async () => {
  demo = await startDemo({
    venues: 2,
    ordersPerMinute: 0,
    seed: 13,
    relayBundleDir: runRelayBundle(),
    keychain: false,
    webPort: 0,
    notificationRetry: { retries: 3, intervalMs: 200 },
    core: { backoff: { baseMs: 100, capMs: 500 }, reconcileIntervalMs: 2_000 },
    log: () => undefined,
  });
  browser = await fileChromium();
  page = await openBoardPage(browser, demo, { width: 1280, height: 800 }, { hasTouch: true });
  // An order of each venue names it (the platform's orders carry the venue's name).
  for (const venueId of [BURGERS.venueId, BOWLS.venueId]) {
    const order = await call<SandboxOrder>('POST', '/orders', {
      venue_id: venueId,
      type: 'takeaway',
    });
    await orderTile(page, order.order_number).waitFor({ timeout: 30_000 });
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe('the menu of two venues (demo, Chromium 1280×800, touch)', () => {
  it("the picker shows each venue's own menu, by its name", async () => {
    await tab('Menu').tap();
    const picker = page.getByRole('group', { name: 'Menu of' });
    await picker.getByRole('button', { name: BURGERS.name, exact: true }).waitFor();
    await page.getByRole('listitem', { name: 'Chocolate Brownie' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('listitem', { name: 'Salmon Poke Bowl' }).count()).toBe(0);

    await picker.getByRole('button', { name: BOWLS.name, exact: true }).tap();
    await page.getByRole('listitem', { name: 'Salmon Poke Bowl' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('listitem', { name: 'Chocolate Brownie' }).count()).toBe(1);
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(BURGERS.venueId);
    expect(text).not.toContain(BOWLS.venueId);
    await picker.getByRole('button', { name: BURGERS.name, exact: true }).tap();
    await page.getByRole('listitem', { name: 'Salmon Poke Bowl' }).waitFor({ state: 'detached' });
  });

  it('sells the Chocolate Brownie out in both venues, then back on sale in both', async () => {
    await states().waitFor({ timeout: 15_000 });
    expect(await stateIn(BURGERS.name).innerText()).toContain('Available');
    expect(await stateIn(BOWLS.name).innerText()).toContain('Available');

    await states().getByRole('button', { name: 'Sold out in both venues…' }).tap();
    await states()
      .getByRole('group', { name: 'Chocolate Brownie sold out in both venues for' })
      .getByRole('button', { name: 'Until switched back' })
      .tap();
    await eventually(brownies, (items) => items.every((i) => i?.enabled === false), 30_000);
    // Shown sold out in each venue once that venue's menu, read back, says so.
    for (const name of [BURGERS.name, BOWLS.name])
      await expect.poll(() => stateIn(name).innerText(), { timeout: 30_000 }).toMatch(/Sold out$/);
    await page.screenshot({ path: path.join(ensureOutputDir(), 'menu-sold-out-both-venues.png') });

    await states().getByRole('button', { name: 'Available again in both venues' }).tap();
    await eventually(brownies, (items) => items.every((i) => i?.enabled === true), 30_000);
    for (const name of [BURGERS.name, BOWLS.name])
      await expect.poll(() => stateIn(name).innerText(), { timeout: 30_000 }).toMatch(/Available$/);
  });
});
