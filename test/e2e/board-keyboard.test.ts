// The counter by keyboard alone, in Chromium on the real stack: real key events, real focus.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en } from '../../renderer/i18n/en';
import type { TestBrowser } from './support';
import { control, eventually, openDemoPage, startTestDemo } from './support';

let demo: Demo;
let browser: TestBrowser;
let page: Page;
let sandbox: ReturnType<typeof control>;

beforeAll(async () => {
  demo = await startTestDemo();
  sandbox = control(demo);
  ({ browser, page } = await openDemoPage(demo, { width: 1280, height: 800 }));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

const card = (orderNumber: string) => page.getByRole('article', { name: `Order #${orderNumber}` });
/** What has keyboard focus: its text and whether it is inside an open dialog. */
const focus = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      text: el?.textContent?.trim() ?? '',
      inDialog: Boolean(el?.closest('[role="dialog"]')),
      orderId: el?.classList.contains('card') ? (el.dataset.orderId ?? null) : null,
    };
  });

describe('keyboard only (Chromium)', () => {
  it('accepts a new order in three keys: arrow to the card, Enter, Enter', async () => {
    const placed = await sandbox.placeOrder('takeaway');
    await card(placed.order_number).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await page.keyboard.press('ArrowDown');
    expect((await focus()).orderId).toBe(placed.id);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: en.accept.title(placed.order_number) }).waitFor();
    expect(await focus()).toMatchObject({
      text: expect.stringMatching(/^Accept · /),
      inDialog: true,
    });
    await page.keyboard.press('Enter');

    await eventually(
      () => sandbox.order(placed.id),
      (o) => o.status === 'PRODUCTION',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('keeps focus inside a dialog, closes it with Escape and gives focus back to the card', async () => {
    const placed = await sandbox.placeOrder('takeaway');
    await card(placed.order_number).waitFor();
    await card(placed.order_number).focus();
    await page.keyboard.press('x');
    const dialog = page.getByRole('dialog', { name: en.reject.title(placed.order_number) });
    await dialog.waitFor();
    expect(await focus()).toMatchObject({
      text: en.reject.presets.ITEMS_UNAVAILABLE,
      inDialog: true,
    });

    const stops = await dialog.locator('button, input').count();
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect((await focus()).inDialog).toBe(true);
    }
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect((await focus()).inDialog).toBe(true);
    }

    await dialog.getByRole('textbox').focus();
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect((await focus()).orderId).toBe(placed.id);
    expect((await sandbox.order(placed.id)).status).toBe('CREATED');
  });
});
