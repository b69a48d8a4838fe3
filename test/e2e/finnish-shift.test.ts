// A shift worked in Finnish, in Chromium on the real sandbox, relay and core: staff switch the
// screen to Finnish on the settings page, then take an order from its ring to the handover by
// touch, reading only the Finnish words (every name below comes from the Finnish catalogs); the
// kitchen ticket, following the screen's language, prints in Finnish.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en as words } from '../../renderer/i18n/en';
import { setLanguage } from '../../renderer/ui-kit/language';
import type { VirtualPrinter } from '../../sandbox/escpos-printer';
import { ticketTranslations } from '../../main/printing/ticket-words';
import type { control } from './support';
import { eventually, useDemoPage } from './support';

let demo: Demo;
let page: Page;
let printer: VirtualPrinter;
let sandbox: ReturnType<typeof control>;

useDemoPage({ width: 1280, height: 800 }, (s) => {
  ({ demo, page, sandbox } = s);
  if (!demo.printer) throw new Error('the demo started no virtual printer');
  printer = demo.printer;
});

/** The Finnish words of the screen, read from the same catalogs the page reads. */
const fi = <T>(read: () => T): T => {
  setLanguage('fi');
  try {
    return read();
  } finally {
    setLanguage('en');
  }
};
afterAll(() => setLanguage('en'));

describe('a shift in Finnish (Chromium)', () => {
  it('switches the screen to Finnish without a restart, and main hears it', async () => {
    await page.getByRole('button', { name: words.nav.venue, exact: true }).click();
    await page.getByLabel(words.machine.language).selectOption('fi');
    await page
      .getByRole('button', { name: fi(() => words.nav.orders), exact: false })
      .first()
      .click();
    await page.getByRole('region', { name: fi(() => words.columns.new), exact: true }).waitFor();
    // The kitchen follows the screen until staff choose its own language.
    await eventually(
      async () => (await demo.core.api['print:get']({})).settings.kitchenLanguage,
      (language) => language === 'fi',
    );
  });

  it('accepts, readies and hands over an order by touch; the ticket prints in Finnish', async () => {
    const printed = printer.documents.length;
    const placed = await sandbox.placeOrder('takeaway');
    // Its tile is named in Finnish too ("Tilaus #…"), as a screen reader says it.
    const tile = page.getByRole('article', {
      name: fi(() => words.order.label(placed.order_number)),
      exact: true,
    });
    await tile.waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: fi(() => words.ring.newOrder(1)) })
      .waitFor();

    await tile
      .getByRole('button', { name: fi(() => words.actions.kinds.accept), exact: true })
      .click();
    const later = fi(() => words.accept.later(20, '\u0000')).split('\u0000')[0]!;
    await page.getByRole('button', { name: later }).click();
    await page
      .getByRole('button', { name: fi(() => words.accept.confirm(words.accept.minutes(20))) })
      .click();

    const [ticket] = (await printer.waitForDocuments(printed + 1, 20_000)).slice(printed);
    const lines = ticket!.lines.map((line) => line.text.trim());
    expect(lines).toContain(ticketTranslations.fi.kitchen);
    expect(lines).toContain(ticketTranslations.fi.type.takeaway);
    expect(lines).toContain(`#${placed.order_number}`);

    await tile
      .getByRole('button', { name: fi(() => words.actions.kinds.ready), exact: true })
      .click();
    await tile
      .getByRole('button', { name: fi(() => words.actions.kinds.delivered), exact: true })
      .click();
    await eventually(
      () => sandbox.order(placed.id),
      (order) => order.status === 'DELIVERED',
      20_000,
    );
    // Handed over: the order leaves the working columns for today's done ones.
    await page
      .getByRole('region', { name: fi(() => words.columns.done), exact: true })
      .getByText(`#${placed.order_number}`)
      .waitFor();
  });
});
