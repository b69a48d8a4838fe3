// Every text staff can see reads at 4.5:1 or better (WCAG AA), in the light and the dark theme
// and in both phases of the new-order flash. Measured in Chromium on the real stack: each text
// node's colour composited over every background and opacity above it.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en } from '../../renderer/i18n/en';
import { boardFixture } from './board-fixture';
import type { PlacedOrder } from './board-fixture';
import type { TestBrowser } from './support';
import { control, fileChromium, openOrderDetail, orderTile, startTestDemo } from './support';

const MIN_RATIO = 4.5;

let demo: Demo;
let browser: TestBrowser;
let fresh: PlacedOrder[];

beforeAll(async () => {
  demo = await startTestDemo();
  browser = await fileChromium();
  const fixture = boardFixture(demo);
  ({ newOrders: fresh } = await fixture.fillColumns(3));
  const preorder = await fixture.place({ preorderInMinutes: 90 });
  await fixture.settled(preorder.id, () => true);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

type Failure = { text: string; where: string; ratio: number; fg: string; bg: string };
type Measured = { checked: number; failures: Failure[] };

// Runs in the page. A string, so the bundler's helpers never end up in the browser.
const MEASURE = `(() => {
  const parse = (value) => {
    const m = /^rgba?\\(([^)]*)\\)$/.exec(value.trim());
    if (!m) throw new Error('unexpected colour ' + value);
    const p = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  const mix = (c, backdrop, o) => over({ ...c, a: o }, backdrop);
  const channel = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const css = (c) => 'rgb(' + [c.r, c.g, c.b].map(Math.round).join(' ') + ')';
  // With a dialog open, the page behind is covered; what is read is the dialog.
  const root = document.querySelector('[role="dialog"]') ?? document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const failures = [];
  let checked = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text) continue;
    const el = node.parentElement;
    // Inactive controls are exempt from the contrast minimum.
    if (el.closest('[disabled], [aria-disabled="true"]')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some((r) => r.width > 0 && r.height > 0)) continue;
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible') continue;
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    // Paint top-down; an element with opacity blends everything it paints over its backdrop. A
    // ::before layer behind the element's content (the card's flash) blends over its background.
    const resolve = (i, backdrop) => {
      if (i === chain.length) return { bg: backdrop, fg: over(parse(style.color), backdrop) };
      const s = getComputedStyle(chain[i]);
      let own = over(parse(s.backgroundColor), backdrop);
      const layer = getComputedStyle(chain[i], '::before');
      if (layer.content !== 'none' && layer.position === 'absolute' && Number(layer.zIndex) < 0) {
        own = mix(over(parse(layer.backgroundColor), own), own, Number(layer.opacity));
      }
      const inner = resolve(i + 1, own);
      const o = Number(s.opacity);
      return o < 1 ? { bg: mix(inner.bg, backdrop, o), fg: mix(inner.fg, backdrop, o) } : inner;
    };
    const { fg, bg } = resolve(0, { r: 255, g: 255, b: 255, a: 1 });
    const r = ratio(fg, bg);
    checked += 1;
    if (r < ${MIN_RATIO}) {
      const where = [el, el.parentElement].filter(Boolean).map((e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '')).join(' < ');
      failures.push({ text: text.slice(0, 40), where, ratio: Math.round(r * 100) / 100, fg: css(fg), bg: css(bg) });
    }
  }
  return { checked, failures };
})()`;

/**
 * Measures with the new-order flash held at one end: "off" is the resting colours, "on" the flash
 * colour. The ringing top bar's flash and the cards' follow their marks (ui-kit/flash-phase.ts),
 * set here and measured in the same task, before the flash clocks can turn them again. Also returns
 * how many of each it held and the first card's flash layer's opacity (the phase).
 */
const measureInPhase = (
  page: Page,
  phase: 'off' | 'on',
): Promise<Measured & { bars: number; cards: number; flash: string | null }> =>
  page.evaluate(`(() => {
    const on = ${JSON.stringify(phase === 'on')};
    const bars = document.querySelectorAll('.top-bar-ringing');
    for (const bar of bars) bar.toggleAttribute('data-flash', on);
    const board = document.querySelector('.board');
    if (board) {
      board.toggleAttribute('data-flash', on);
      board.toggleAttribute('data-flash-fast', on);
    }
    const cards = document.querySelectorAll('.board .card-flash');
    const flash = cards.length > 0 ? getComputedStyle(cards[0], '::before').opacity : null;
    return { bars: bars.length, cards: cards.length, flash, ...${MEASURE} };
  })()`) as Promise<Measured & { bars: number; cards: number; flash: string | null }>;

const measure = (page: Page): Promise<Measured> => page.evaluate(MEASURE) as Promise<Measured>;

const THEMES = ['light', 'dark'] as const;

describe('contrast of every visible text (Chromium)', () => {
  let context: BrowserContext;
  let page: Page;

  const open = async (theme: (typeof THEMES)[number]): Promise<void> => {
    context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: theme,
    });
    page = await context.newPage();
    await page.goto(demo.webHost!.url);
    await page.getByRole('region', { name: en.columns.new, exact: true }).waitFor();
    await page.getByRole('article', { name: `Order #${fresh[0]!.order_number}` }).waitFor();
    // The theme follows the system's preference on a fresh terminal.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
  };

  for (const theme of THEMES) {
    it(`the ringing board, both flash phases, ${theme}`, async () => {
      await open(theme);
      // An action waiting for the platform shows its own tint: keep one pending while measured.
      const sandbox = control(demo);
      await sandbox.faults({ error_rate: 1 });
      try {
        const pending = theme === 'light' ? fresh[1]! : fresh[0]!;
        await demo.core.api['orders:accept']({ orderId: pending.id, preparationMinutes: null });
        await orderTile(page, pending.order_number)
          .getByText(en.board.waiting(en.actions.kinds.accept))
          .waitFor();
        // Its detail open beside the board: the whole card is measured too.
        const detail = await openOrderDetail(page, pending.order_number);
        await detail.getByText(en.actions.pending(en.actions.kinds.accept)).waitFor();
        await page.locator('.top-bar-ringing').waitFor();

        const phases: Array<string | null> = [];
        for (const phase of ['off', 'on'] as const) {
          // Cards flash and so does the top bar: both are held, or the test proves nothing.
          const { bars, cards, flash, checked, failures } = await measureInPhase(page, phase);
          expect({ bars: bars > 0, cards: cards > 0 }).toEqual({ bars: true, cards: true });
          // The flash is a layer behind the card's text: its opacity is the phase.
          phases.push(flash);
          expect(checked).toBeGreaterThan(60);
          expect({ theme, phase, failures }).toEqual({ theme, phase, failures: [] });
        }
        expect(phases).toEqual(['0', '1']);
      } finally {
        await sandbox.faults({ error_rate: 0 });
      }
      await context.close();
    });

    it(`the accept and reject dialogs and the other screens, ${theme}`, async () => {
      await open(theme);
      const number = fresh[2]!.order_number;
      for (const action of [en.actions.kinds.accept, en.actions.kinds.reject]) {
        // Accept is the tile's one action; Reject is in the order's detail.
        const card =
          action === en.actions.kinds.accept
            ? orderTile(page, number)
            : await openOrderDetail(page, number);
        await card.getByRole('button', { name: action, exact: true }).click();
        await page.getByRole('dialog').waitFor();
        if (action === en.actions.kinds.reject) {
          // The error line of a reject without a reason.
          await page.getByRole('button', { name: en.reject.confirm }).click();
          await page.getByText(en.reject.reasonRequired).waitFor();
        }
        const { checked, failures } = await measure(page);
        expect(checked).toBeGreaterThan(5);
        expect({ theme, action, failures }).toEqual({ theme, action, failures: [] });
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      for (const view of ['venue', 'menu', 'activity', 'couriers'] as const) {
        await page.getByRole('button', { name: en.nav[view], exact: true }).click();
        for (const phase of ['off', 'on'] as const) {
          const { checked, failures } = await measureInPhase(page, phase);
          expect(checked).toBeGreaterThan(5);
          expect({ theme, view, phase, failures }).toEqual({ theme, view, phase, failures: [] });
        }
      }
      await context.close();
    });
  }
});
