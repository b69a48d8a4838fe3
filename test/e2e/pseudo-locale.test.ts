// Layouts that hold in every language: the pseudo-locale (every English word accented and about
// 40% longer, shared/i18n.ts pseudoText) switched on for a test only (the window's storage, read at
// load), the main screens walked at 1024×768 in Chromium. On each, no label is cut or spills out
// of its box and the page never scrolls sideways. The detector is shown to catch a planted
// over-long label first, so a pass means something.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { pseudoText } from '../../shared/i18n';
import { boardFixture } from './board-fixture';
import type { BoardFixture } from './board-fixture';
import { orderTile, useDemo } from './support';

let demo: Demo;
let page: Page;
let fixture: BoardFixture;

useDemo(async (s) => {
  demo = s.demo;
  fixture = boardFixture(demo);
  page = await s.browser.newPage({ viewport: { width: 1024, height: 768 } });
  await page.addInitScript(() => localStorage.setItem('countertop.pseudo-locale', 'on'));
  await page.goto(demo.webHost!.url);
  await page.locator('.board').waitFor();
});

/** Our labels (not the platform's names, which the screens shorten on purpose) that do not fit. */
const overflows = (target: Page): Promise<string[]> =>
  target.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      problems.push(
        `the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px): ${[
          ...document.querySelectorAll<HTMLElement>('body *'),
        ]
          .filter((e) => e.getBoundingClientRect().right > root.clientWidth + 1)
          .slice(0, 4)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)
          .join(', ')}`,
      );
    const labels = document.querySelectorAll<HTMLElement>(
      'button, [role="radio"], [role="tab"], h1, h2, h3, legend, label > span, .pill, .chip, th',
    );
    for (const element of labels) {
      if (element.getClientRects().length === 0) continue;
      if (element.closest('[data-platform-text], .platform-text')) continue;
      const cut =
        element.scrollWidth > element.clientWidth + 1 ||
        (getComputedStyle(element).overflowY !== 'visible' &&
          element.scrollHeight > element.clientHeight + 1);
      if (cut)
        problems.push(
          `"${(element.textContent ?? '').trim().slice(0, 60)}" (${element.tagName.toLowerCase()}: ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight})`,
        );
    }
    return problems;
  });

const nav = (index: number) => page.locator('nav.tabs > button').nth(index);

describe('the pseudo-locale at 1024×768 (Chromium)', () => {
  it('is on: the screen reads accented and longer', async () => {
    const heading = await page.getByRole('region').first().getAttribute('aria-label');
    expect(heading).not.toBeNull();
    expect(heading!).toMatch(/[åéîöûý]/);
  });

  it('catches a planted over-long label', async () => {
    await page.evaluate((text) => {
      const button = document.createElement('button');
      button.id = 'planted';
      button.className = 'btn';
      button.style.cssText = 'width: 120px; white-space: nowrap; overflow: hidden';
      button.textContent = text;
      document.body.append(button);
    }, pseudoText('Accept order and print the kitchen ticket'));
    expect((await overflows(page)).join('\n')).toContain(
      pseudoText('Accept order and print the kitchen ticket').slice(0, 20),
    );
    await page.evaluate(() => document.getElementById('planted')?.remove());
  });

  it('cuts no label on the board, an order and its dialogs', async () => {
    await fixture.fillColumns(2);
    const placed = await fixture.place({ type: 'homedelivery', lines: 6 });
    await fixture.settled(placed.id, () => true);
    const tile = orderTile(page, placed.order_number);
    await tile.waitFor();
    expect(await overflows(page)).toEqual([]);
    await tile.locator('.card-number').click();
    await page.locator('.order-detail').waitFor();
    expect(await overflows(page)).toEqual([]);
    await tile.getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    expect(await overflows(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('cuts no label on every other screen', async () => {
    const screens = await page.locator('nav.tabs > button').count();
    expect(screens).toBeGreaterThanOrEqual(5);
    for (let index = 1; index < screens; index += 1) {
      await nav(index).click();
      await page.locator(`nav.tabs button:nth-child(${index + 1})[aria-current="page"]`).waitFor();
      // A screen that loads shows its words once its data came: wait for the loading line to go.
      await page
        .getByText(pseudoText('Loading').slice(0, 7), { exact: false })
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      const problems = await overflows(page);
      expect({ screen: await nav(index).textContent(), problems }).toMatchObject({ problems: [] });
    }
  });
});
