// History and the end of the day in Chromium, on the real sandbox, relay and core: search,
// an order's story, the day's summary, its CSV download and the retention setting.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en } from '../../renderer/i18n/en';
import { boardFixture } from './board-fixture';
import type { BoardFixture, PlacedOrder } from './board-fixture';
import type { TestBrowser } from './support';
import { ensureOutputDir, openDemoPage, startTestDemo } from './support';

let demo: Demo;
let browser: TestBrowser;
let page: Page;
let fixture: BoardFixture;
let handedOver: PlacedOrder;
let rejected: PlacedOrder;

beforeAll(async () => {
  demo = await startTestDemo();
  fixture = boardFixture(demo);
  const api = demo.core.api;
  handedOver = await fixture.place();
  await fixture.settled(handedOver.id, () => true);
  await api['orders:accept']({ orderId: handedOver.id, preparationMinutes: 15 });
  await fixture.settled(handedOver.id, (o) => o.status === 'PRODUCTION');
  await api['orders:ready']({ orderId: handedOver.id });
  await fixture.settled(handedOver.id, (o) => o.status === 'READY');
  await api['orders:delivered']({ orderId: handedOver.id });
  await fixture.settled(handedOver.id, (o) => o.status === 'DELIVERED');
  rejected = await fixture.place();
  await fixture.settled(rejected.id, () => true);
  await api['orders:reject']({ orderId: rejected.id, reason: 'Closing soon' });
  await fixture.settled(rejected.id, (o) => o.status === 'REJECTED');

  // Playwright accepts downloads by default: the CSV export lands.
  ({ browser, page } = await openDemoPage(demo, { width: 1280, height: 800 }));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe('history and the day (Chromium, real sandbox and relay)', () => {
  it('finds an order by its number and tells its story', async () => {
    await page.getByRole('button', { name: en.nav.history }).click();
    await page.getByRole('searchbox', { name: en.history.search }).fill(handedOver.order_number);
    const row = page.getByRole('button', { name: en.history.row(handedOver.order_number) });
    await row.waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Open order #/ }).count()).toBe(1);
    expect(await row.textContent()).toContain(en.order.statuses.DELIVERED);

    await row.click();
    const dialog = page.getByRole('dialog', { name: en.history.order(handedOver.order_number) });
    const story = dialog.getByRole('list', { name: en.history.timeline });
    await story.waitFor();
    const steps = await story.getByRole('listitem').allTextContents();
    const has = (text: string) => steps.some((s) => s.includes(text));
    expect(has(en.history.entry.received), steps.join('\n')).toBe(true);
    expect(has(en.history.entry.prep(15)), steps.join('\n')).toBe(true);
    expect(has(en.history.entry.attempt('Accept', en.history.outcomes.done))).toBe(true);
    expect(has(en.history.entry.status(en.order.statuses.DELIVERED))).toBe(true);
    await page.screenshot({ path: path.join(ensureOutputDir(), 'history-order.png') });
    await page.keyboard.press('Escape');
  });

  it('sums up today and downloads its CSV', async () => {
    await page.getByRole('button', { name: en.history.endOfDay }).click();
    const sales = page.getByRole('region', { name: en.history.sales });
    await sales.waitFor();
    expect(await sales.textContent()).toContain(en.history.ordersCount(2));
    const rejections = page.getByRole('region', { name: en.history.rejections });
    expect(await rejections.textContent()).toContain('Closing soon');
    expect(
      await page.getByRole('list', { name: en.history.perHour }).getByRole('listitem').count(),
    ).toBe(24);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: en.history.exportCsv }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(handedOver.order_number);
    expect(csv).toContain(rejected.order_number);
    await page
      .getByRole('status')
      .filter({ hasText: en.history.exported(download.suggestedFilename()) })
      .waitFor();
    await page.screenshot({ path: path.join(ensureOutputDir(), 'history-day.png') });
  });

  it('keeps the retention the service confirmed, across a reload', async () => {
    await page.getByRole('button', { name: en.nav.venue }).click();
    const section = page.getByRole('region', { name: en.history.retentionTitle });
    await section.getByText(en.history.retentionNow(90)).waitFor();
    await section.getByRole('spinbutton', { name: en.history.retentionDays }).fill('30');
    await section.getByRole('button', { name: en.history.save }).click();
    await section.getByRole('status').filter({ hasText: en.history.saved }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: en.nav.venue }).click();
    await page
      .getByRole('region', { name: en.history.retentionTitle })
      .getByText(en.history.retentionNow(30))
      .waitFor();
  });
});
