// A self-delivery order through a shift, by touch, at the counter screens' sizes: accepted with a
// delivery time the platform takes, shown with the customer's address (the phone only once
// tapped), marked out for delivery and delivered; the sandbox sees every step.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import type { control } from './support';
import type { TestBrowser } from './support';
import { eventually, openOrderDetail, useDemo } from './support';

let demo: Demo;
let browser: TestBrowser;
let sandbox: ReturnType<typeof control>;

useDemo((s) => ({ demo, browser, sandbox } = s));

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

describe('a self-delivery order by touch (web host, Chromium, real sandbox and relay)', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}: accepted, shown with its address, out for delivery, delivered`, async () => {
      let context: BrowserContext | null = null;
      try {
        context = await browser.newContext({ viewport, hasTouch: true });
        const page: Page = await context.newPage();
        await page.goto(demo.webHost!.url);
        await page.getByRole('region', { name: 'New', exact: true }).waitFor();

        const placed = await sandbox.placeOrder('homedelivery', { selfDelivery: true });
        const card = page.getByRole('article', { name: `Order #${placed.order_number}` });
        await card.waitFor();
        const street = (await sandbox.order(placed.id)).location!.street_address;

        await card.getByRole('button', { name: 'Accept', exact: true }).tap();
        const dialog = page.getByRole('dialog', { name: `Accept order #${placed.order_number}` });
        const times = dialog.getByTestId('delivery-times').getByRole('button');
        // The latest time the platform takes: one tap.
        await times.last().tap();
        expect(await times.last().getAttribute('aria-pressed')).toBe('true');
        await dialog.getByRole('button', { name: /^Accept · at the customer/ }).tap();
        const accepted = await eventually(
          () => sandbox.order(placed.id),
          (o) => o.status === 'PRODUCTION',
        );
        expect(accepted.total_delivery_time).toEqual(expect.any(String));

        // The address, deliver-by time and phone are in the order's detail, a tap on its tile.
        const detail = await openOrderDetail(page, placed.order_number);
        const block = detail.getByTestId('own-delivery');
        await block.getByTestId('delivery-address').getByText(street, { exact: false }).waitFor();
        await block.getByTestId('deliver-by').waitFor();
        expect(await block.getByTestId('customer-phone').count()).toBe(0);
        await block.getByRole('button', { name: 'Show phone' }).tap();
        await block.getByTestId('customer-phone').waitFor();

        // With the detail open, its own buttons go on (at 1024 px it covers the Ready column).
        await detail.getByRole('button', { name: 'Mark ready' }).tap();
        await eventually(
          () => sandbox.order(placed.id),
          (o) => o.status === 'READY',
        );
        await detail.getByRole('button', { name: 'Out for delivery' }).tap();
        await eventually(
          () => sandbox.order(placed.id),
          (o) => o.picked_up,
        );
        await detail.getByText('Courier picked up').waitFor();
        await detail.getByRole('button', { name: 'Delivered' }).tap();
        await eventually(
          () => sandbox.order(placed.id),
          (o) => o.status === 'DELIVERED',
        );
        await page
          .getByRole('region', { name: 'Done today', exact: true })
          .getByText(`#${placed.order_number}`)
          .waitFor();
      } finally {
        await context?.close();
      }
    });
  }
});
