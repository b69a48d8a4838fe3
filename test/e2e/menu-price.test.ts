// A discount set on a menu item by touch, at the counter screens' sizes, against the real
// sandbox: refused on its field when wrong, sent through the platform's update call (no push),
// then, once the platform's menu reads it, shown with the former price struck through.
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import type { TestBrowser } from './support';
import { controlCall, eventually, useDemo } from './support';

let demo: Demo;
let browser: TestBrowser;

type SandboxItem = {
  external_data: string;
  price: number;
  discounted?: { original_price: number } | null;
};
const sandboxVenue = () =>
  controlCall<{
    menu: { categories: Array<{ items: SandboxItem[] }> } | null;
    menu_updated_at: string | null;
  }>(demo.sandbox.controlUrl, 'GET', `/venues/${demo.sandbox.demo.venueId}`);
const fries = async (): Promise<SandboxItem | undefined> =>
  (await sandboxVenue()).menu?.categories
    .flatMap((c) => c.items)
    .find((i) => i.external_data === 'side-fries');

useDemo((s) => ({ demo, browser } = s));

const VIEWPORTS = [
  // Typed as staff do: a point or a comma.
  { viewport: { width: 1280, height: 800 }, off: 0.6, comma: false },
  { viewport: { width: 1024, height: 768 }, off: 1, comma: true },
] as const;

describe('a discount from the menu screen by touch (web host, Chromium, real sandbox)', () => {
  for (const { viewport, off, comma } of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}: set, refused when wrong, seen confirmed`, async () => {
      let context: BrowserContext | null = null;
      try {
        context = await browser.newContext({ viewport, hasTouch: true });
        const page = await context.newPage();
        await page.goto(demo.webHost!.url);
        await page.getByRole('navigation').getByRole('button', { name: 'Menu' }).tap();
        const before = await sandboxVenue();
        const original = (await fries())!.discounted?.original_price ?? (await fries())!.price;
        const row = page.getByRole('listitem', { name: 'Fries', exact: true });
        await row.getByRole('button', { name: 'Change price' }).tap();
        const form = row.getByRole('form', { name: 'Price of Fries' });
        await form.getByLabel('Price (€)').fill(original.toFixed(2));
        const discount = form.getByLabel('Discounted price (€, empty: no discount)');
        // Not below the price: refused on its field, nothing sent.
        await discount.fill((original + 1).toFixed(2));
        await form.getByRole('button', { name: 'Send to the platform' }).tap();
        await form.getByText('The discounted price must be below the price.').waitFor();
        const amount = Math.round((original - off) * 100) / 100;
        const typed = amount.toFixed(2);
        await discount.fill(comma ? typed.replace('.', ',') : typed);
        await form.getByRole('button', { name: 'Send to the platform' }).tap();

        await eventually(fries, (item) => item?.price === amount);
        const item = (await fries())!;
        expect(item.discounted?.original_price).toBe(original);
        // Through the update call: the menu was not replaced.
        expect((await sandboxVenue()).menu_updated_at).toBe(before.menu_updated_at);
        // Confirmed once a menu read shows it: the "changing…" line names the new price too, so
        // the price alone is not the sign (the 1024 run starts from the 1280 run's discount).
        const price = row.getByTestId('price');
        const shown = async () => ({
          changing: await row.getByTestId('price-changing').count(),
          price: (await price.textContent())?.includes(`€${typed}`),
          was: await price.getByLabel(`was €${original.toFixed(2)}`).count(),
        });
        await expect.poll(shown, { timeout: 20_000 }).toEqual({ changing: 0, price: true, was: 1 });
      } finally {
        await context?.close();
      }
    });
  }
});
