// A lunch rush at a glance: 30 active orders (10 new, 12 in preparation, 8 ready) on the counter's
// screens, each order's number and its one action reachable without scrolling, the full order a
// tap away in a detail that moves nothing, and an accept that leaves the other orders in place.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en } from '../../renderer/i18n/en';
import { boardFixture } from './board-fixture';
import type { BoardFixture, PlacedOrder } from './board-fixture';
import { boardOpener, ensureOutputDir, orderTile, useDemo } from './support';
import type { BoardOpener } from './support';

let demo: Demo;
let fixture: BoardFixture;
let open: BoardOpener;
const rush: { new: PlacedOrder[]; preparation: PlacedOrder[]; ready: PlacedOrder[] } = {
  new: [],
  preparation: [],
  ready: [],
};

useDemo(
  async (session) => {
    demo = session.demo;
    fixture = boardFixture(demo);
    open = boardOpener(session);
    const api = demo.core.api;
    const placed: PlacedOrder[] = [];
    for (let i = 0; i < 30; i += 1)
      placed.push(await fixture.place({ type: i % 3 ? 'takeaway' : 'homedelivery' }));
    await Promise.all(placed.map((order) => fixture.settled(order.id, () => true)));
    // The oldest 20 accepted, the oldest 8 of those ready: 8 ready, 12 in preparation, 10 new.
    const accepted = placed.slice(0, 20);
    rush.ready = placed.slice(0, 8);
    rush.preparation = placed.slice(8, 20);
    rush.new = placed.slice(20);
    await Promise.all(
      accepted.map((order) => api['orders:accept']({ orderId: order.id, preparationMinutes: 20 })),
    );
    await Promise.all(
      accepted.map((order) => fixture.settled(order.id, (o) => o.status === 'PRODUCTION')),
    );
    await Promise.all(rush.ready.map((order) => api['orders:ready']({ orderId: order.id })));
    await Promise.all(
      rush.ready.map((order) => fixture.settled(order.id, (o) => o.status === 'READY')),
    );
  },
  { timeoutMs: 180_000 },
);

/** The board once all 30 orders show. */
const openBoard = (width: number, height: number): Promise<Page> =>
  open(width, height, { ready: (page) => page.locator('.board article').nth(29).waitFor() });

/**
 * The orders whose number and primary action are both on screen as they stand: inside the
 * window and their column's scrolled view, and the topmost element where a finger lands.
 */
const reachable = (page: Page) =>
  page.evaluate(() => {
    const visible = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      let clip = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const c = p.getBoundingClientRect();
          clip = {
            left: Math.max(clip.left, c.left),
            top: Math.max(clip.top, c.top),
            right: Math.min(clip.right, c.right),
            bottom: Math.min(clip.bottom, c.bottom),
          };
        }
      }
      const inside =
        r.left >= clip.left - 0.5 &&
        r.right <= clip.right + 0.5 &&
        r.top >= clip.top - 0.5 &&
        r.bottom <= clip.bottom + 0.5;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return inside && hit !== null && (hit === el || el.contains(hit));
    };
    return Array.from(document.querySelectorAll<HTMLElement>('.column article'))
      .filter((card) => {
        const number = card.querySelector('.card-number');
        const action = card.querySelector('.card-actions button');
        return number !== null && action !== null && visible(number) && visible(action);
      })
      .map((card) => card.dataset.orderId!);
  });

/** Where each order's tile stands (on the board, not in an open detail). */
const places = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLElement>('.column article')).map((card) => {
        const r = card.getBoundingClientRect();
        return [card.dataset.orderId!, { x: r.x, y: r.y, width: r.width, height: r.height }];
      }),
    ),
  );

describe('a rush at a glance (Chromium, real sandbox and relay)', () => {
  it('shows at least 20 orders with number and action at 1280×800, 15 at 1024×768', async () => {
    const dir = ensureOutputDir();
    for (const [width, height, least] of [
      [1280, 800, 20],
      [1024, 768, 15],
    ] as const) {
      const page = await openBoard(width, height);
      const shown = await reachable(page);
      await page.screenshot({ path: path.join(dir, `rush-${width}x${height}.png`) });
      expect({ width, reachable: shown.length >= least, count: shown.length }).toMatchObject({
        width,
        reachable: true,
      });
      // Each column shows its own: the busiest are not starving the others.
      for (const id of ['new', 'preparation', 'ready'] as const)
        expect(rush[id].filter((o) => shown.includes(o.id)).length).toBeGreaterThanOrEqual(3);
    }
  });

  it("opens an order's full detail beside the board without moving a tile", async () => {
    const page = await openBoard(1280, 800);
    const order = rush.preparation[0]!;
    const before = await places(page);
    await page
      .getByRole('article', { name: `Order #${order.order_number}`, exact: true })
      .locator('.card-number')
      .click();
    const detail = page.getByRole('complementary', {
      name: en.board.detailTitle(order.order_number),
    });
    await detail.waitFor();
    // The whole order is there: its lines and every action the table offers it (Reject too).
    expect(await detail.locator('.card-items li').count()).toBeGreaterThan(0);
    await detail.getByRole('button', { name: en.actions.kinds.ready, exact: true }).waitFor();
    expect(await places(page)).toEqual(before);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
  });

  it("keeps a long order's main action in sight in its detail, tapped at 1280×800 and 1024×768", async () => {
    // 15 lines with their options: taller than the detail panel at either size.
    const long = await fixture.place({ lines: 15 });
    await fixture.settled(long.id, () => true);
    for (const [width, height] of [
      [1280, 800],
      [1024, 768],
    ] as const) {
      const page = await open(width, height, { hasTouch: true });
      const tile = orderTile(page, long.order_number);
      await tile.waitFor();
      await tile.scrollIntoViewIfNeeded();
      await tile.locator('.card-number').tap();
      const detail = page.getByRole('article', {
        name: en.board.detailTitle(long.order_number),
        exact: true,
      });
      await detail.waitFor();
      expect(await detail.locator('.card-items > li').count()).toBe(15);
      expect(await detail.locator('.card-items .item-options li').count()).toBeGreaterThan(0);
      const panel = page.locator('.order-detail');
      // The order overflows its panel: without the sticky row its actions would be below the fold.
      expect(await panel.evaluate((el) => el.scrollHeight > el.clientHeight + 200)).toBe(true);
      const accept = detail.getByRole('button', { name: en.actions.kinds.accept, exact: true });
      // Where the panel opened, unscrolled: fully in the window and the panel, and on top.
      const sight = await accept.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const p = el.closest('.order-detail')!.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {
          inWindow:
            r.top >= 0 &&
            r.bottom <= window.innerHeight &&
            r.left >= 0 &&
            r.right <= window.innerWidth,
          inPanel: r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5,
          onTop: hit !== null && (hit === el || el.contains(hit)),
        };
      });
      expect({ width, ...sight }).toEqual({ width, inWindow: true, inPanel: true, onTop: true });
      // Halfway down the lines it is still there.
      await panel.evaluate((el) => el.scrollBy(0, el.scrollHeight / 2));
      const half = await accept.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.bottom <= window.innerHeight && hit !== null && (hit === el || el.contains(hit));
      });
      expect({ width, half }).toEqual({ width, half: true });
      // A tap on it opens the accept dialog (closed again: the order stays new for the next size).
      await accept.tap();
      const dialog = page.getByRole('dialog', { name: en.accept.title(long.order_number) });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('after an accept, every other order stays where it was, in its own column too', async () => {
    const page = await openBoard(1280, 800);
    const first = rush.new[0]!;
    const before = await places(page);
    await page
      .getByRole('article', { name: `Order #${first.order_number}`, exact: true })
      .getByRole('button', { name: en.actions.kinds.accept, exact: true })
      .click();
    await page.getByRole('button', { name: /^Accept ·/ }).click();
    await page
      .locator(`.column-preparation article[data-order-id="${first.id}"]:not(.card-pending)`)
      .waitFor({ timeout: 20_000 });
    const after = await places(page);
    // The new orders after it too: the accepted one leaves its place empty, and nothing slides
    // up under a finger about to tap the next order's Accept.
    for (const order of [...rush.new.slice(1), ...rush.preparation, ...rush.ready])
      expect({ order: order.order_number, at: after[order.id] }).toEqual({
        order: order.order_number,
        at: before[order.id],
      });
  });
});
