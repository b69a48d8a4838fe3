// Printing in Chromium on the real sandbox, relay and core, with the demo's virtual ESC/POS
// printer on a real socket: an accept prints its kitchen ticket; a printer out of paper sounds the
// alarm and marks the card; the ticket prints once when the paper is back; a reprint is one more.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en } from '../../renderer/i18n/en';
import type { VirtualPrinter } from '../../sandbox/escpos-printer';
import { boardFixture } from './board-fixture';
import type { BoardFixture } from './board-fixture';
import { eventually, openOrderDetail, orderTile, useDemoPage } from './support';

let demo: Demo;
let printer: VirtualPrinter;
let page: Page;
let fixture: BoardFixture;

const textOf = (index: number): string =>
  (printer.documents[index]?.lines ?? []).map((line) => line.text).join('\n');

useDemoPage({ width: 1280, height: 800 }, (s) => {
  ({ demo, page } = s);
  if (!demo.printer) throw new Error('the demo started no virtual printer');
  printer = demo.printer;
  fixture = boardFixture(demo);
});

describe('printing (Chromium, virtual ESC/POS printer)', () => {
  it('prints the kitchen ticket when staff accept, with the order number and a cut', async () => {
    const placed = await fixture.place();
    await fixture.settled(placed.id, () => true);
    await orderTile(page, placed.order_number)
      .getByRole('button', { name: 'Accept', exact: true })
      .click();
    await page.getByRole('button', { name: '20 min ·' }).click();
    await page.getByRole('button', { name: 'Accept · 20 min' }).click();
    const [ticket] = await printer.waitForDocuments(1, 20_000);
    expect(ticket!.cut).toBe('partial');
    expect(textOf(0)).toContain(placed.order_number);
    // The order number is the ticket's largest line.
    const number = ticket!.lines.find((line) => line.text.includes(placed.order_number));
    expect(number!.width).toBeGreaterThanOrEqual(2);
  });

  it('sounds the alarm and marks the card when the paper runs out, then prints once when it is back', async () => {
    const printedBefore = printer.documents.length;
    printer.trouble('paper-out');
    const placed = await fixture.place();
    await fixture.settled(placed.id, () => true);
    await demo.core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 20 });

    const alarm = page.getByTestId('print-alarm');
    await alarm.waitFor({ timeout: 20_000 });
    expect(await alarm.textContent()).toContain(en.print.printerStates['paper-out']);
    // The tile is marked; its detail says which ticket and why.
    const mark = orderTile(page, placed.order_number).getByTestId('not-printed');
    await mark.waitFor();
    expect(await mark.textContent()).toBe(en.print.notPrintedShort);
    const full = (await openOrderDetail(page, placed.order_number)).getByTestId('not-printed');
    expect(await full.textContent()).toContain(
      en.print.notPrinted(en.print.documents['kitchen-ticket']),
    );
    expect(printer.documents.length).toBe(printedBefore);

    printer.trouble(null);
    await printer.waitForDocuments(printedBefore + 1, 20_000);
    await mark.waitFor({ state: 'detached', timeout: 20_000 });
    await full.waitFor({ state: 'detached', timeout: 20_000 });
    await alarm.waitFor({ state: 'detached', timeout: 20_000 });
    expect(textOf(printedBefore)).toContain(placed.order_number);
    // Printed once: the job is marked printed (after the status read back) and stays one job.
    const jobs = await eventually(
      async () =>
        (await demo.core.api['print:get']({})).jobs.filter((job) => job.orderId === placed.id),
      (list) => list.every((job) => job.state === 'printed'),
      20_000,
    );
    expect(jobs.map((job) => [job.document, job.state])).toEqual([['kitchen-ticket', 'printed']]);
    expect(printer.documents.length).toBe(printedBefore + 1);
  });

  it('reprints from the card as a new job', async () => {
    const printedBefore = printer.documents.length;
    const placed = await fixture.place();
    await fixture.settled(placed.id, () => true);
    await demo.core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 20 });
    await printer.waitForDocuments(printedBefore + 1, 20_000);

    const card = await openOrderDetail(page, placed.order_number);
    await card.getByRole('button', { name: en.print.print, exact: true }).click();
    await card
      .getByRole('group', { name: en.print.printWhat })
      .getByRole('button', { name: en.print.documents['kitchen-ticket'] })
      .click();
    await printer.waitForDocuments(printedBefore + 2, 20_000);
    expect(textOf(printedBefore + 1)).toContain(placed.order_number);
    const jobs = (await demo.core.api['print:get']({})).jobs.filter(
      (job) => job.orderId === placed.id,
    );
    expect(jobs.map((job) => job.origin).sort()).toEqual(['auto', 'staff']);
  });
});
