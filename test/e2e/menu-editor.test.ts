// The menu editor by touch, at the counter screens' sizes, against the real sandbox: a new item
// added to the draft, a bad price refused on its field, "Publish" naming the item in its diff,
// and the platform's menu then holding it.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import type { TestBrowser } from './support';
import { controlCall, eventually, fileChromium, startTestDemo } from './support';

let demo: Demo;
let browser: TestBrowser;

type SandboxItem = { external_data: string; price: number; name: Array<{ value: string }> };
const sandboxItems = async (): Promise<SandboxItem[]> =>
  (
    await controlCall<{ menu: { categories: Array<{ items: SandboxItem[] }> } | null }>(
      demo.sandbox.controlUrl,
      'GET',
      `/venues/${demo.sandbox.demo.venueId}`,
    )
  ).menu?.categories.flatMap((c) => c.items) ?? [];

beforeAll(async () => {
  demo = await startTestDemo();
  browser = await fileChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

describe('a new item from the menu editor by touch (web host, Chromium, real sandbox)', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}: added, published, named in the diff`, async () => {
      let context: BrowserContext | null = null;
      try {
        context = await browser.newContext({ viewport, hasTouch: true });
        const page = await context.newPage();
        await page.goto(demo.webHost!.url);
        await page.getByRole('navigation').getByRole('button', { name: 'Menu' }).tap();
        // The platform's menu is read: the editor can start from it.
        await page.getByRole('listitem', { name: 'Fries', exact: true }).waitFor();
        const editor = page.getByRole('region', { name: 'Edit the menu' });
        const start = editor.getByRole('button', { name: 'Start from the current menu' });
        // The first run starts the draft; the second finds it kept (published) by main.
        await editor
          .getByRole('button', { name: /^(Start from the current menu|Add an item to Burgers)$/ })
          .first()
          .waitFor();
        if (await start.isVisible()) await start.tap();
        await editor.getByRole('button', { name: 'Add an item to Burgers' }).tap();
        const name = `Counter special ${viewport.width}`;
        const form = editor.getByRole('group', { name: 'Details of (no name yet)' });
        await form.getByLabel('Name (English)').fill(name);
        const details = editor.getByRole('group', { name: `Details of ${name}` });
        const price = details.getByLabel('Price (€)');
        await price.fill('8,9x');
        await details.getByText('Type the price in euros and cents, e.g. 12.50.').waitFor();
        await price.fill('8,90');
        await expect.poll(() => details.getByText(/Type the price/).count()).toBe(0);
        await editor.getByRole('button', { name: 'Done' }).tap();

        await editor.getByRole('button', { name: 'Publish…' }).tap();
        const diff = editor.getByTestId('menu-diff');
        const added = diff.locator('.diff-list').filter({ hasText: 'Added (1)' });
        await added.getByText(name, { exact: true }).waitFor();
        await diff.getByLabel('I understand this replaces the whole menu').tap();
        await diff.getByRole('button', { name: 'Publish menu' }).tap();
        await editor
          .getByText('Menu sent. It will show for customers once the platform has processed it.')
          .waitFor();

        const item = await eventually(
          async () => (await sandboxItems()).find((i) => i.name[0]?.value === name),
          (found) => found !== undefined,
        );
        expect(item?.price).toBe(8.9);
        // Published: the draft says so, and nothing moved under the finger.
        await editor.getByText(/^Published at .+\. No changes since\.$/).waitFor();
      } finally {
        await context?.close();
      }
    });
  }
});
