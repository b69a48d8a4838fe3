// Nothing moves under the finger: the top bar's controls keep their places when orders ring in,
// and an action button on the board stays put when alarms and notices come (measured in
// Chromium on the real stack: a printer out of paper, the relay killed and started again).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en } from '../../renderer/i18n/en';
import { boardFixture } from './board-fixture';
import type { BoardFixture, PlacedOrder } from './board-fixture';
import { boardOpener, control, useDemo } from './support';
import type { BoardOpener } from './support';

let demo: Demo;
let fixture: BoardFixture;
let openBoard: BoardOpener;

useDemo(
  (session) => {
    demo = session.demo;
    fixture = boardFixture(demo);
    openBoard = boardOpener(session);
  },
  // Short long polls: a killed relay shows within seconds; the reconnect backoff capped at 2 s
  // (production: 30 s): the relay started again is found within 2 s.
  { core: { relayWaitSeconds: 5, relayBackoff: { capMs: 2_000 } } },
);

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

/** Every control of the top bar and the venue's name, each with its box. */
const topBarBoxes = (page: Page) =>
  page.locator('header.top-bar').evaluate((bar) =>
    Array.from(bar.querySelectorAll<HTMLElement>('button, .brand strong, .brand .pill')).map(
      (el) => {
        const r = el.getBoundingClientRect();
        return {
          // Named by what stays: the venue's name may still change from its id to its name.
          what: el.matches('.brand strong')
            ? 'venue name'
            : (el.getAttribute('aria-label') ?? el.textContent?.replace(/\d+/g, '') ?? ''),
          x: r.x,
          y: r.y,
          width: r.width,
          height: r.height,
        };
      },
    ),
  );

describe('nothing moves under the finger (Chromium, real sandbox and relay)', () => {
  it('keeps every top-bar control in its box when the first order rings in', async () => {
    for (const [width, height] of [
      [1280, 800],
      [1024, 768],
    ] as const) {
      const page = await openBoard(width, height);
      await page.getByTestId('status-relay').waitFor();
      // The venue is read: its name and state are in the bar.
      await page.locator('.brand .pill').waitFor();
      expect(await page.locator('.top-bar-ringing').count()).toBe(0);
      const before = await topBarBoxes(page);
      // Orders, Venue, Menu, Activity, Couriers, History, theme and help at least.
      expect(before.length).toBeGreaterThanOrEqual(8);

      const order = await fixture.place();
      await page
        .getByRole('alert')
        .filter({ hasText: en.ring.newOrder(1) })
        .waitFor();
      await page.getByRole('button', { name: en.ring.mute }).waitFor();
      // Mute has come too; every control that was there is where it was.
      const known = new Set(before.map((b) => b.what));
      expect((await topBarBoxes(page)).filter((b) => known.has(b.what))).toEqual(before);
      // The venue's name (first in the bar) keeps its room: more than a letter or two.
      expect(before[0]!.width).toBeGreaterThan(50);

      await demo.core.api['orders:reject']({ orderId: order.id, reason: 'Test over' });
      await fixture.settled(order.id, (o) => o.status === 'REJECTED');
    }
  });

  it('moves a visible action button 0 px when a printer alarm, the stream alarm and a gap notice appear', async () => {
    const page = await openBoard(1280, 800);
    const cooking = await fixture.place();
    await fixture.settled(cooking.id, () => true);
    await demo.core.api['orders:accept']({ orderId: cooking.id, preparationMinutes: 20 });
    await fixture.settled(cooking.id, (o) => o.status === 'PRODUCTION');
    const markReady = page
      .getByRole('article', { name: `Order #${cooking.order_number}` })
      .getByRole('button', { name: en.actions.kinds.ready, exact: true });
    await markReady.waitFor();
    const before = await box(markReady);

    // A printer out of paper: the next kitchen ticket cannot print.
    const printer = demo.printer!;
    printer.trouble('paper-out');
    const ticketed = await fixture.place();
    await fixture.settled(ticketed.id, () => true);
    await demo.core.api['orders:accept']({ orderId: ticketed.id, preparationMinutes: 20 });
    await page.getByTestId('print-alarm').waitFor({ timeout: 30_000 });
    expect(await box(markReady)).toEqual(before);
    printer.trouble(null);

    // The order stream goes down: its alarm (and the venue's pause) come.
    process.kill(demo.relay.pid, 'SIGKILL');
    await demo.relay.exited;
    await page.getByTestId('stream-alarm').waitFor({ timeout: 30_000 });
    expect(await box(markReady)).toEqual(before);

    // It comes back: the alarm goes and the notice of the gap stays.
    await demo.restartRelay();
    await page.getByTestId('gap-notice').waitFor({ timeout: 30_000 });
    await page.getByTestId('stream-alarm').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await box(markReady)).toEqual(before);
  });
  it('keeps the other orders where they were when staff move one on: its place stays empty', async () => {
    const page = await openBoard(1280, 800);
    const preparation = page.getByRole('region', { name: en.columns.preparation, exact: true });
    const placed: PlacedOrder[] = [];
    for (let i = 0; i < 3; i += 1) placed.push(await fixture.place());
    for (const order of placed) {
      await fixture.settled(order.id, () => true);
      await demo.core.api['orders:accept']({ orderId: order.id, preparationMinutes: 20 });
      await fixture.settled(order.id, (o) => o.status === 'PRODUCTION');
    }
    const markReady = (order: PlacedOrder) =>
      preparation
        .getByRole('article', { name: `Order #${order.order_number}` })
        .getByRole('button', { name: en.actions.kinds.ready, exact: true });
    for (const order of placed) await markReady(order).waitFor();
    // The oldest comes first in its column; the two after it are where a finger goes next.
    const [first, ...rest] = placed as [PlacedOrder, ...PlacedOrder[]];
    const before = await Promise.all(rest.map((order) => box(markReady(order))));

    await markReady(first).click();
    await page
      .getByRole('region', { name: en.columns.ready, exact: true })
      .getByRole('article', { name: `Order #${first.order_number}` })
      .waitFor();
    expect(await Promise.all(rest.map((order) => box(markReady(order))))).toEqual(before);
  });

  it('keeps the other new orders where they were when one is accepted by touch and another rejected elsewhere', async () => {
    const page = await openBoard(1280, 800);
    const newColumn = page.getByRole('region', { name: en.columns.new, exact: true });
    const placed: PlacedOrder[] = [];
    for (let i = 0; i < 5; i += 1) placed.push(await fixture.place());
    const tile = (order: PlacedOrder) =>
      newColumn.getByRole('article', { name: `Order #${order.order_number}` });
    for (const order of placed) await tile(order).waitFor();
    // The column, slot by slot: each order's id and status, or null for an empty place.
    const slots = () =>
      newColumn.locator('.card-slot').evaluateAll((all) =>
        all.map((slot) => {
          const tile = slot.querySelector('article');
          return tile ? `${tile.dataset.orderId} ${tile.dataset.status}` : null;
        }),
      );
    // The column's own order, oldest first: orders placed within one millisecond stand by id, not
    // by when the test placed them. The second and the fourth go, so an order stays after each.
    const column = (await slots()).map((slot) => slot?.split(' ')[0]);
    expect(column).toHaveLength(placed.length);
    const at = (index: number) => placed.find((o) => o.id === column[index]) as PlacedOrder;
    const [accepted, rejected] = [at(1), at(3)];
    const others = placed.filter((o) => o !== accepted && o !== rejected);
    const boxes = async () => Promise.all(others.map((o) => box(tile(o))));
    const before = await boxes();

    await tile(accepted)
      .getByRole('button', { name: en.actions.kinds.accept, exact: true })
      .click();
    await page.getByRole('button', { name: /^Accept ·/ }).click();
    await page
      .getByRole('region', { name: en.columns.preparation, exact: true })
      .getByRole('article', { name: `Order #${accepted.order_number}` })
      .waitFor();
    expect(await tile(accepted).count()).toBe(0);
    expect(await boxes()).toEqual(before);

    // Another terminal rejects one: it leaves too.
    await demo.core.api['orders:reject']({ orderId: rejected.id, reason: 'Test over' });
    await tile(rejected).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await boxes()).toEqual(before);
    // Their places are held empty, not filled by the orders after them (a failure names whatever
    // took a place).
    expect(await slots()).toEqual(
      column.map((id) => (id === accepted.id || id === rejected.id ? null : `${id} CREATED`)),
    );

    for (const order of others)
      await demo.core.api['orders:reject']({ orderId: order.id, reason: 'Test over' });
  });

  it('keeps a platform-cancelled order in its box, marked with its items, until acknowledged by touch', async () => {
    const page = await openBoard(1280, 800, { hasTouch: true });
    const preparation = page.getByRole('region', { name: en.columns.preparation, exact: true });
    await preparation.waitFor();
    const first = await fixture.place();
    const second = await fixture.place();
    for (const order of [first, second]) {
      await fixture.settled(order.id, () => true);
      await demo.core.api['orders:accept']({ orderId: order.id, preparationMinutes: 20 });
      await fixture.settled(order.id, (o) => o.status === 'PRODUCTION');
    }
    const tile = (order: PlacedOrder) =>
      preparation.getByRole('article', { name: `Order #${order.order_number}` });
    const markReady = tile(second).getByRole('button', {
      name: en.actions.kinds.ready,
      exact: true,
    });
    await markReady.waitFor();
    const cancelledBox = await box(tile(first));
    const neighbourBox = await box(markReady);

    await control(demo).cancel(first.id);
    await tile(first).getByTestId('tile-cancelled').waitFor({ timeout: 20_000 });
    expect(await tile(first).getByTestId('tile-cancelled-items').textContent()).toMatch(/\d+× \S/);
    expect(await box(tile(first))).toEqual(cancelledBox);
    expect(await box(markReady)).toEqual(neighbourBox);

    await tile(first).getByRole('button', { name: en.board.cancelledOk }).tap();
    await page
      .getByRole('region', { name: en.columns.done, exact: true })
      .getByRole('article', { name: `Order #${first.order_number}` })
      .waitFor();
    expect(await tile(first).count()).toBe(0);
  });
});
