// The board holds still and fits the counter's screens: measured in Chromium on the real stack.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { COLUMN_IDS } from '../../renderer/orders/board';
import { en } from '../../renderer/i18n/en';
import { boardFixture } from './board-fixture';
import type { BoardFixture, PlacedOrder } from './board-fixture';
import { boardOpener, ensureOutputDir, useDemo } from './support';
import type { BoardOpener } from './support';

let demo: Demo;
let fixture: BoardFixture;
let openBoard: BoardOpener;

useDemo((session) => {
  demo = session.demo;
  fixture = boardFixture(demo);
  openBoard = boardOpener(session);
});

const card = (page: Page, order: PlacedOrder): Locator =>
  page.getByRole('article', { name: `Order #${order.order_number}` });
const column = (page: Page, id: (typeof COLUMN_IDS)[number]): Locator =>
  page.getByRole('region', { name: en.columns[id], exact: true });

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

/**
 * Fully inside the viewport and inside its scrolling column, and the topmost element at its
 * centre: a finger on it hits it.
 */
const assertReachable = async (page: Page, target: Locator, what: string): Promise<void> => {
  await target.scrollIntoViewIfNeeded();
  const report = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
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
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
      clip,
      hit: hit !== null && (hit === el || el.contains(hit)),
      // Text wider than its box is clipped even when the box fits.
      textFits: el.scrollWidth <= el.clientWidth + 1,
    };
  });
  const inside =
    report.rect.left >= report.clip.left - 0.5 &&
    report.rect.right <= report.clip.right + 0.5 &&
    report.rect.top >= report.clip.top - 0.5 &&
    report.rect.bottom <= report.clip.bottom + 0.5;
  expect({ what, inside, hit: report.hit, textFits: report.textFits }).toEqual({
    what,
    inside: true,
    hit: true,
    textFits: true,
  });
};

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.column-cards, .card, .top-bar')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
  );

describe('the order board (Chromium, real sandbox and relay)', () => {
  let inPreparation: PlacedOrder;

  it('keeps the header and a "Mark ready" button in place while 10 orders arrive', async () => {
    ({ preparation: inPreparation } = await fixture.fillColumns(0));
    for (const [width, height] of [
      [1280, 800],
      [1024, 768],
    ] as const) {
      const page = await openBoard(width, height);
      const markReady = card(page, inPreparation).getByRole('button', {
        name: en.actions.kinds.ready,
      });
      await markReady.waitFor();
      const header = page.locator('header.top-bar');
      const before = { header: await box(header), button: await box(markReady) };
      // Quiet before: nothing waits, nothing rings.
      expect(await column(page, 'new').locator('article').count()).toBe(0);
      expect(await page.locator('.top-bar-ringing').count()).toBe(0);

      const arrived: PlacedOrder[] = [];
      for (let i = 0; i < 10; i += 1) arrived.push(await fixture.place());
      for (const order of arrived) await card(page, order).waitFor();
      expect(await column(page, 'new').locator('article').count()).toBe(10);
      await page
        .getByRole('alert')
        .filter({ hasText: en.ring.newOrder(10) })
        .waitFor();

      const after = { header: await box(header), button: await box(markReady) };
      expect(after).toEqual(before);
      expect(await noHorizontalScroll(page)).toEqual([]);

      // Clear New for the next screen size.
      for (const order of arrived)
        await demo.core.api['orders:reject']({ orderId: order.id, reason: 'Test over' });
      for (const order of arrived) await fixture.settled(order.id, (o) => o.status === 'REJECTED');
    }
  });

  it('shows every column, its header and a card action reachable at 1024×768 and 1280×800', async () => {
    await fixture.place();
    const preorder = await fixture.place({ preorderInMinutes: 90 });
    await fixture.settled(preorder.id, () => true);
    const dir = ensureOutputDir();
    for (const [width, height] of [
      [1024, 768],
      [1280, 800],
    ] as const) {
      const page = await openBoard(width, height);
      for (const id of COLUMN_IDS) {
        const region = column(page, id);
        await assertReachable(page, region.locator('.column-name'), `${id} header @${width}`);
        const first = region.locator('article').first();
        await first.waitFor();
        const action = first.locator('.card-actions button').first();
        if (id === 'done') {
          // Done cards take no action: the whole card must fit its column.
          await assertReachable(page, first, `${id} card @${width}`);
        } else {
          await assertReachable(page, action, `${id} action @${width}`);
        }
      }
      // "Confirm pre-order" was clipped at 1280: its label fits inside its button.
      await assertReachable(
        page,
        column(page, 'scheduled').getByRole('button', {
          name: en.actions.kinds['confirm-preorder'],
        }),
        `confirm pre-order @${width}`,
      );
      expect(await noHorizontalScroll(page)).toEqual([]);
      await page.screenshot({ path: path.join(dir, `board-${width}x${height}.png`) });
    }
  });

  it('after an Accept the New column stays at its top and nothing scrolls sideways', async () => {
    const page = await openBoard(1280, 800);
    const orders: PlacedOrder[] = [];
    for (let i = 0; i < 6; i += 1) orders.push(await fixture.place());
    for (const order of orders) await card(page, order).waitFor();
    const cards = column(page, 'new').locator('.column-cards');
    // Enough orders to scroll: the test would prove nothing on a short column.
    expect(await cards.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

    const first = column(page, 'new').locator('article').first();
    const number = await first.locator('.card-number').textContent();
    await first.getByRole('button', { name: en.actions.kinds.accept }).click();
    await page.getByRole('button', { name: /^Accept ·/ }).click();
    await column(page, 'preparation').getByText(number!, { exact: true }).waitFor();

    const scroll = await page.evaluate(() => ({
      newColumn: document.querySelector('.column-new .column-cards')!.scrollTop,
      board: document.querySelector('.board')!.scrollTop,
      page: document.scrollingElement!.scrollTop,
    }));
    expect(scroll).toEqual({ newColumn: 0, board: 0, page: 0 });
    expect(await noHorizontalScroll(page)).toEqual([]);
  });

  it('shows the latest finished order on top of Done, and finishing one moves no other card', async () => {
    const page = await openBoard(1280, 800);
    const api = demo.core.api;
    const step = async (
      order: PlacedOrder,
      send: () => Promise<unknown>,
      status: string,
    ): Promise<void> => {
      await send();
      await fixture.settled(order.id, (o) => o.status === status);
    };
    const toReady = async (order: PlacedOrder): Promise<void> => {
      await fixture.settled(order.id, () => true);
      await step(
        order,
        () => api['orders:accept']({ orderId: order.id, preparationMinutes: 30 }),
        'PRODUCTION',
      );
      await step(order, () => api['orders:ready']({ orderId: order.id }), 'READY');
    };
    const handOver = (order: PlacedOrder) =>
      step(order, () => api['orders:delivered']({ orderId: order.id }), 'DELIVERED');
    // `last` is ready before three others are finished, so until the platform confirms its
    // hand-over it sorts below them (its last change is older): then it goes to the top.
    const last = await fixture.place();
    await toReady(last);
    const others: PlacedOrder[] = [];
    for (let i = 0; i < 3; i += 1) {
      const order = await fixture.place();
      await toReady(order);
      await handOver(order);
      others.push(order);
    }
    const done = column(page, 'done');
    for (const order of others)
      await done.locator(`article[data-order-id="${order.id}"]:not(.card-pending)`).waitFor();
    await page.evaluate(() => {
      const watch = window as unknown as { __inserted: number };
      watch.__inserted = 0;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement && node.classList.contains('card-slot'))
              watch.__inserted += 1;
      }).observe(document.querySelector('.column-done .column-cards')!, {
        childList: true,
        subtree: true,
      });
    });
    await handOver(last);
    await done.locator(`article[data-order-id="${last.id}"]:not(.card-pending)`).waitFor();
    const top = async (order: PlacedOrder) => (await box(card(page, order))).y;
    for (const order of others) expect(await top(last)).toBeLessThan(await top(order));
    // Its card is placed (and at most placed again on the platform's confirmation); moving it to
    // the top must not re-insert the cards it passed.
    const inserted = await page.evaluate(
      () => (window as unknown as { __inserted: number }).__inserted,
    );
    expect(inserted).toBeGreaterThanOrEqual(1);
    expect(inserted).toBeLessThanOrEqual(2);
  });

  it('flashes every new card in step on one clock, none animated on its own; one scrolled into sight too', async () => {
    const page = await openBoard(1280, 800);
    const cards = column(page, 'new').locator('.column-cards');
    // Orders arriving while others ring: the column keeps its width (nothing moves), and scrolls.
    const arriving: PlacedOrder[] = [];
    for (let i = 0; i < 8; i += 1) arriving.push(await fixture.place());
    for (const order of arriving) await card(page, order).waitFor();
    expect(await cards.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // The fresh cards' flash layers (the opacity is the phase: all the same at any moment), and
    // the animations running on any card: one per card made each a compositor layer of its own.
    const sample = () =>
      cards.evaluate((scroller) => ({
        phases: [
          ...new Set(
            Array.from(scroller.querySelectorAll('article.card-flash:not(.card-escalated)')).map(
              (el) => getComputedStyle(el, '::before').opacity,
            ),
          ),
        ],
        animated: document
          .getAnimations()
          .filter((a) => (a.effect as KeyframeEffect | null)?.target?.matches('article')).length,
      }));
    /** Samples until the given cards have been seen in both phases, each sample all in step. */
    const bothPhases = async (): Promise<void> => {
      const seen = new Set<string>();
      await expect
        .poll(
          async () => {
            const { phases, animated } = await sample();
            expect({ phases: phases.length, animated }).toEqual({ phases: 1, animated: 0 });
            seen.add(phases[0]!);
            return [...seen].sort();
          },
          { timeout: 5_000, interval: 100 },
        )
        .toEqual(['0', '1']);
    };
    await bothPhases();
    // A card below the fold flashes once scrolled into sight, in step with the rest.
    await cards.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const last = card(page, arriving.at(-1)!);
    const seenLast = new Set<string>();
    await expect
      .poll(
        async () => {
          seenLast.add(await last.evaluate((el) => getComputedStyle(el, '::before').opacity));
          return [...seenLast].sort();
        },
        { timeout: 5_000, interval: 100 },
      )
      .toEqual(['0', '1']);
    await bothPhases();
  });
});
