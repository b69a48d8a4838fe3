// Layouts that hold in every language, and every word from the catalogs: the pseudo-locale (every
// English word accented and about 40% longer, shared/i18n.ts pseudoText) switched on for a test
// only (the window's storage, read at load), the screens and their dialogs walked at 1024×768 in
// Chromium: the board and every screen, every dialog and form with its refusals, the alarms and
// banners (printer, venue offline, the platform not answering, the order stream down, the gap
// after it, the clock, a missed order, no orders arriving, a held update, a pre-order to start,
// a takeaway not collected), a courier's cancel, the menu push review, and last the first-run
// set-up after a disconnect with its sign-in waiting for the platform. At each stop two checks
// run:
// - nothing is cut: no label spills out of its box and the page never scrolls sideways;
// - nothing bypasses the catalogs: a visible text, button label, accessible name, title or
//   placeholder that still reads as plain English came from outside them (hard-coded in a
//   component, or sent as English by main). The platform's own data (names of venues, items,
//   options, categories, customers, printers; marked `data-platform-text` or known from the
//   core), numbers, times and text that declares another language (`lang`: a language's own
//   name, a ticket's preview) are not ours to translate.
// Each detector is first shown to catch a planted fault, so a pass means something. Last, the
// page switches to Finnish and the accessible names read Finnish.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import { en as words } from '../../renderer/i18n/en';
import { setLanguage } from '../../renderer/ui-kit/language';
import { WEEKDAYS } from '../../shared/domain';
import { pseudoText } from '../../shared/i18n';
import { storedDetail } from '../../shared/refusals';
import { boardFixture } from './board-fixture';
import type { BoardFixture } from './board-fixture';
import type { TestBrowser } from './support';
import { bookCourier, control, controlCall, useDemo } from './support';

let demo: Demo;
let browser: TestBrowser;
let page: Page;
let fixture: BoardFixture;

/**
 * A page of its own on the board at 1024×768 in the pseudo-locale; `at`: the page's clock set
 * to that time before it loads (the counter's clock moved on), its timers running from there.
 */
const openPseudoPage = async (at?: number): Promise<Page> => {
  const opened = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await opened.addInitScript(() => localStorage.setItem('countertop.pseudo-locale', 'on'));
  if (at !== undefined) await opened.clock.install({ time: at });
  await opened.goto(demo.webHost!.url);
  await opened.locator('.board').waitFor();
  return opened;
};

useDemo(
  async (s) => {
    ({ demo, browser } = s);
    fixture = boardFixture(demo);
    page = await openPseudoPage();
  },
  {
    core: {
      // For the outage's walk: the relay started again is found within 2 s (production: up to
      // 30 s).
      relayBackoff: { capMs: 2_000 },
      // For the missed order's stop: an order the platform never sent is named within seconds
      // (production: 10 s checks, 20 s grace); the grace leaves room for a loaded machine.
      missedOrders: { intervalMs: 1_000, graceMs: 3_000 },
    },
  },
);

/** A catalog's English words as the pseudo-locale writes them (what the page shows). */
const say = pseudoText;

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
      // The platform's names are shortened on purpose; a text only for screen readers is not seen.
      if (element.closest('[data-platform-text], .platform-text, .sr-only')) continue;
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

/**
 * The visible words not pseudo-localised, each with where it stands. The pseudo-locale accents
 * every a, e, i, o, u, y, c, n and s of our words: a run of plain letters holding one of them is
 * not ours, unless it is the platform's data (`data` strings, or an element marked as such), a
 * month, weekday or time zone as Intl writes it (formatted, not translated), or text that declares
 * another language than the page's.
 */
const bypasses = (target: Page, data: readonly string[]): Promise<string[]> =>
  target.evaluate((data) => {
    const calendar = new Set<string>();
    for (const style of ['long', 'short', 'narrow'] as const) {
      for (let month = 0; month < 12; month += 1)
        calendar.add(
          new Intl.DateTimeFormat('en-GB', { month: style }).format(new Date(2026, month, 1)),
        );
      for (let day = 0; day < 7; day += 1)
        calendar.add(
          new Intl.DateTimeFormat('en-GB', { weekday: style }).format(new Date(2026, 0, 4 + day)),
        );
    }
    // A time zone is named by Intl too (the venue's, a time zone id among the data).
    for (const value of data) {
      try {
        const zone = new Intl.DateTimeFormat('en-GB', {
          timeZone: value,
          timeZoneName: 'longGeneric',
        })
          .formatToParts(new Date())
          .find((part) => part.type === 'timeZoneName')?.value;
        for (const word of zone?.split(' ') ?? []) calendar.add(word);
      } catch {
        // Not a time zone.
      }
    }
    // A menu's languages are named by Intl too (DisplayNames), whichever they are.
    const languages = new Intl.DisplayNames(['en-GB'], { type: 'language' });
    for (const code of 'en fi sv de et da nb no is fr es it pt nl pl ru uk lt lv cs sk hu el tr ar he ja zh ko'.split(
      ' ',
    ))
      for (const word of languages.of(code)!.split(' ')) calendar.add(word);
    const pageLang = document.documentElement.lang;
    const notOurs = (element: Element): boolean =>
      element.closest('[data-platform-text], .platform-text, script, style') !== null ||
      (element.closest('[lang]')?.getAttribute('lang') ?? pageLang) !== pageLang;
    const where = (element: Element): string =>
      `${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? `.${element.className.split(' ')[0]}` : ''}`;
    const found = new Set<string>();
    const check = (text: string, place: string): void => {
      let rest = text;
      for (const value of data) rest = rest.split(value).join(' ');
      const plain = (rest.match(/[A-Za-z]*[aeiouycnsAEIOUYCNS][A-Za-z]*/g) ?? []).filter(
        (word) => !calendar.has(word),
      );
      if (plain.length > 0) found.add(`"${text.trim().slice(0, 160)}" (${place})`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || notOurs(parent)) continue;
      // An option shows when its list opens: it counts when its select is on screen.
      const shown = parent.closest('select') ?? parent;
      if (shown.checkVisibility()) check((node as Text).data, where(parent));
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (notOurs(element) || !element.checkVisibility()) continue;
      for (const attribute of ['aria-label', 'aria-description', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) check(value, `${where(element)}[${attribute}]`);
      }
    }
    check(document.title, 'the window title');
    return [...found];
  }, data);

/** The platform's data on this terminal (and the printers' names staff gave): not our words. */
const platformData = async (): Promise<string[]> => {
  const api = demo.core.api;
  const found = new Set<string>();
  // Names, descriptions, notes, time zones; a rejection's reason is the staff's own words.
  const named = /name|value|category|description|comment|timeZone|reason/i;
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (named.test(key) && /[A-Za-z]/.test(value)) found.add(value);
    } else if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (typeof value === 'object' && value !== null)
      for (const [field, item] of Object.entries(value)) walk(item, field);
  };
  const [orders, venues, menu, print, outbox, deliveries] = await Promise.all([
    api['orders:list']({}),
    api['venue:list']({}),
    api['menu:get']({}),
    api['print:get']({}),
    api['outbox:list']({}),
    api['delivery:list']({}),
  ]);
  walk(orders, '');
  // A courier's recipient and address: what staff typed, or the courier service's own writing.
  for (const { recipientName, address } of deliveries)
    for (const value of [recipientName, address.formatted, address.street, address.city])
      if (value) found.add(value);
  walk(venues, '');
  walk(menu, '');
  walk(print.printers, '');
  walk(print.settings.printers, '');
  // A failed action keeps the platform's own message beside its code (for support, and in the
  // log's line on the platform link): the platform's words, not ours, should they show.
  for (const entry of outbox) {
    const detail = entry.error && storedDetail(entry.error);
    if (detail) found.add(detail);
  }
  // The longest first: a name that holds another is taken out whole.
  return [...found].sort((a, b) => b.length - a.length);
};

/** What is wrong on the page as it stands now: cut labels and words from outside the catalogs. */
const problemsAt = async (stop: string, target: Page): Promise<string[]> => {
  const [cut, bypassed] = await Promise.all([
    overflows(target),
    platformData().then((data) => bypasses(target, data)),
  ]);
  return [
    ...cut.map((problem) => `${stop}: cut ${problem}`),
    ...bypassed.map((problem) => `${stop}: not from the catalogs ${problem}`),
  ];
};

/** Walks stops, collecting every problem, so one run names them all (`target`: another page). */
const walkStops = () => {
  const problems: string[] = [];
  return {
    problems,
    look: async (stop: string, target: Page = page) => {
      problems.push(...(await problemsAt(stop, target)));
    },
  };
};

const button = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('button', { name, exact: true }).first();

const dialog = () => page.getByRole('dialog');

const closeDialog = async (): Promise<void> => {
  await page.keyboard.press('Escape');
  await dialog().waitFor({ state: 'detached' });
};

const screen = async (name: string): Promise<void> => {
  const tab = page.locator('nav.tabs > button', { hasText: say(name) });
  await tab.click();
  await page.locator('nav.tabs > button[aria-current="page"]', { hasText: say(name) }).waitFor();
  // A screen that loads shows its words once its data came: wait for the loading line to go.
  await page
    .getByText(say('Loading').slice(0, 7), { exact: false })
    .first()
    .waitFor({ state: 'detached' });
};

/** An order's tile (its accessible name is checked in Finnish below). */
const tileOf = (orderId: string): Locator =>
  page.locator(`article.card[data-order-id="${orderId}"]`);

describe('the pseudo-locale at 1024×768 (Chromium)', () => {
  it('is on: the screen reads accented and longer', async () => {
    const heading = await page.getByRole('region').first().getAttribute('aria-label');
    expect(heading).not.toBeNull();
    expect(heading!).toMatch(/[åéîöûý]/);
  });

  it('catches a planted over-long label', async () => {
    await page.evaluate((text) => {
      const planted = document.createElement('button');
      planted.id = 'planted';
      planted.className = 'btn';
      planted.style.cssText = 'width: 120px; white-space: nowrap; overflow: hidden';
      planted.textContent = text;
      document.body.append(planted);
    }, say('Accept order and print the kitchen ticket'));
    expect((await overflows(page)).join('\n')).toContain(
      say('Accept order and print the kitchen ticket').slice(0, 20),
    );
    await page.evaluate(() => document.getElementById('planted')?.remove());
  });

  it('catches planted words from outside the catalogs, and only those', async () => {
    await page.evaluate(
      ({ ours }) => {
        const planted = document.createElement('div');
        planted.id = 'planted';
        planted.innerHTML = `
          <button type="button">Print again</button>
          <button type="button" aria-label="Close the order"><span aria-hidden="true">×</span></button>
          <input placeholder="Search orders">
          <span title="Printed 09:41">12:30</span>
          <button type="button">${ours}</button>
          <span data-platform-text>Classic Burger</span>
          <span lang="fi">Suomi</span>
          <span>27 Nov 2026, 09:41 · 12,50 €</span>`;
        document.body.append(planted);
      },
      { ours: say('Print again') },
    );
    const found = await bypasses(page, []);
    await page.evaluate(() => document.getElementById('planted')?.remove());
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"Print again" (button)'),
        expect.stringContaining('"Close the order" (button[aria-label])'),
        expect.stringContaining('"Search orders" (input[placeholder])'),
        expect.stringContaining('"Printed 09:41" (span[title])'),
      ]),
    );
    // Ours, the platform's data, another language's own words, a date, a time, money: none.
    expect(found.join('\n')).not.toMatch(/Classic Burger|Suomi|27 Nov|12:30/);
    expect(found.filter((f) => f.includes(say('Print again')))).toEqual([]);
    expect(found).toHaveLength(4);
  });

  it('the board, an order, its dialogs and the notices: nothing cut, every word ours', async () => {
    const { problems, look } = walkStops();
    const sandbox = control(demo);
    // The printer out of paper while the orders come: its alarm is up (the tickets wait).
    demo.printer!.trouble('paper-out');
    await fixture.fillColumns(2);
    const placed = await fixture.place({ type: 'homedelivery', lines: 6 });
    await fixture.settled(placed.id, () => true);
    // Notices: an order the platform cancelled, and the venue offline.
    const cancelled = await fixture.place();
    await fixture.settled(cancelled.id, () => true);
    await sandbox.cancel(cancelled.id);
    await page.getByTestId('cancelled-banner').waitFor();
    await page.getByTestId('print-alarm').waitFor();
    await demo.core.api['venue:setOnline']({ online: false, until: null });
    await page.getByTestId('offline-banner').waitFor();
    const tile = tileOf(placed.id);
    await tile.waitFor();
    await look('the board and its notices');
    demo.printer!.trouble(null);
    await demo.core.api['venue:setOnline']({ online: true });
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });

    await tile.locator('.card-number').click();
    const detail = page.locator('.order-detail');
    await detail.waitFor();
    await look('an order’s detail');

    await button(detail, say(words.actions.kinds.reject)).click();
    await dialog().waitFor();
    await look('the reject dialog');
    await closeDialog();

    await button(detail, say(words.actions.kinds.accept)).click();
    await dialog().waitFor();
    await look('the accept dialog');
    await closeDialog();

    await page.keyboard.press('?');
    await dialog().waitFor();
    await look('the keyboard shortcuts');
    await closeDialog();
    expect(problems).toEqual([]);
  });

  it('every other screen and its forms: nothing cut, every word ours', async () => {
    const { problems, look } = walkStops();
    await screen(words.nav.venue);
    await look('the venue and settings');
    const toggle = page.getByTestId('venue-toggle');
    await toggle.click();
    await page.getByRole('group', { name: say(words.venue.offlineFor) }).waitFor();
    await look('going offline, for how long');
    await toggle.click();
    await button(page, say(words.venue.addRow)).click();
    await look('a new opening time');
    // Each form of the settings page opened (sent empty, where it has fields: its field errors
    // show) and left as it was.
    const forms: Array<{ open: string; close: string; stop: string; send?: string }> = [
      { open: words.print.edit, close: words.print.cancel, stop: 'a printer’s settings' },
      {
        open: words.print.add,
        close: words.print.cancel,
        stop: 'a new printer',
        send: words.print.save,
      },
      {
        open: words.venues.add,
        close: words.venues.cancel,
        stop: 'another venue',
        send: words.venues.addNow,
      },
      {
        open: words.connection.disconnect,
        close: words.connection.keep,
        stop: 'disconnecting the terminal',
      },
    ];
    for (const { open, close, stop, send } of forms) {
      await button(page, say(open)).click();
      await button(page, say(close)).waitFor();
      await look(stop);
      if (send) {
        await button(page, say(send)).click();
        await page.locator('.field-error').first().waitFor();
        await look(`${stop}, sent empty`);
      }
      await button(page, say(close)).click();
      await button(page, say(open)).waitFor();
    }

    await screen(words.nav.menu);
    await look('the menu');
    await button(page, say(words.menu.makeUnavailable)).click();
    await look('an item’s sold-out choices');
    await button(page, say(words.menu.changePrice)).click();
    await look('the price editor');
    // Its refusals, each on its field: a discount not below the price, a percentage out of
    // range, then a price that is not one.
    const priceForm = page.locator('.price-form');
    const [priceField, discountField, percentField] = [0, 1, 2].map((n) =>
      priceForm.locator('label.field').nth(n),
    );
    const price = Number((await priceField!.locator('input').inputValue()).replace(',', '.'));
    await discountField!.locator('input').fill((price + 1).toFixed(2));
    await button(priceForm, say(words.menu.savePrice)).click();
    await discountField!.locator('.field-error').waitFor();
    await percentField!.locator('input').fill('150');
    await percentField!.locator('.field-error').waitFor();
    await look('the price editor, a discount refused');
    await percentField!.locator('input').fill('');
    await priceField!.locator('input').fill('abc');
    await button(priceForm, say(words.menu.savePrice)).click();
    await priceField!.locator('.field-error').waitFor();
    await look('the price editor, a price refused');
    await button(priceForm, say(words.menu.cancelPrice)).click();
    await priceForm.waitFor({ state: 'detached' });
    await button(page, say(words.editor.startFromLive)).click();
    await button(page, say(words.editor.edit)).waitFor();
    await look('the menu editor');
    await button(page, say(words.editor.edit)).click();
    await look('an item in the editor');

    // An action the platform keeps failing: the activity says why, in the screen's words, and
    // the platform's own message on a details line (platformData takes it as the platform's).
    const sandbox = control(demo);
    await sandbox.faults({ error_rate: 1 });
    const cooking = (await demo.core.api['orders:list']({})).find(
      (order) => order.status === 'PRODUCTION' && !order.pending,
    );
    await demo.core.api['orders:ready']({ orderId: cooking!.id });
    await screen(words.nav.activity);
    await page.locator('.activity-error').first().waitFor();
    await look('the activity, an action failing');
    await sandbox.faults({ error_rate: 0 });

    await screen(words.nav.couriers);
    await look('the couriers');
    await button(page.locator('main, .panel').first(), say(words.courier.book)).click();
    await dialog().waitFor();
    await look('the courier booking');
    await button(dialog(), say(words.courier.getPromise)).click();
    await dialog().locator('.field-error').first().waitFor();
    await look('the courier booking, sent empty');
    await closeDialog();
    await button(page, say(words.courier.areaCheck)).click();
    await page.locator('.area-check .field-error').first().waitFor();
    await look('an address check, its fields missing');
    await button(page, say(words.courier.changeSetup)).click();
    await button(page, say(words.actions.cancel)).waitFor();
    await look('the courier set-up');
    await button(page, say(words.actions.cancel)).click();

    // A courier's cancel (before the platform's clock moves on: the relay takes courier events
    // only near its own time): its reason asked; then, the courier on the way, the platform's no.
    const { reference } = await bookCourier(demo, 'P1');
    const delivery = page.locator('.deliveries article').first();
    await button(delivery, say(words.courier.cancel)).click();
    await button(delivery, say(words.courier.confirmCancel)).waitFor();
    await look('a courier’s cancel');
    await button(delivery, say(words.courier.keep)).click();
    await controlCall(
      `${demo.sandbox.controlUrl}/drive`,
      'POST',
      `/deliveries/${reference}/advance`,
      { to: 'pickup_started' },
    );
    await delivery.getByText(say(words.courier.statuses.pickup_started)).waitFor();
    await button(delivery, say(words.courier.cancel)).click();
    await button(delivery, say(words.courier.confirmCancel)).click();
    await delivery.getByTestId('delivery-refusal').waitFor();
    await look('a courier’s cancel, refused');

    await screen(words.nav.history);
    await look('the past orders');
    await page.locator('.history-list button, table button, li button').first().click();
    await dialog().waitFor();
    await look('a past order');
    await closeDialog();
    await button(page, say(words.history.endOfDay)).click();
    await look('the end of day');
    expect(problems).toEqual([]);
  });

  it('the orders’ other dialogs, a failing action, the alarms and banners, and the menu push review: nothing cut, every word ours', async () => {
    const { problems, look } = walkStops();
    const sandbox = control(demo);
    await screen(words.nav.orders);
    // The venue's own courier: its accept dialog asks when the courier leaves, not how long.
    const own = await sandbox.placeOrder('homedelivery', { selfDelivery: true });
    await fixture.settled(own.id, () => true);
    await tileOf(own.id).locator('.card-number').click();
    const detail = page.locator('.order-detail');
    await button(detail, say(words.actions.kinds.accept)).click();
    await dialog().waitFor();
    await look('the accept dialog, own courier');
    await closeDialog();
    // A rejection for sold-out items: the lines to pick and how long they stay sold out; a
    // rejection without a reason is refused in the dialog.
    await button(detail, say(words.actions.kinds.reject)).click();
    await button(dialog(), say(words.reject.presets.ITEMS_UNAVAILABLE)).click();
    await dialog().getByText(say(words.reject.whichItems)).waitFor();
    await look('the reject dialog, items unavailable');
    await dialog().getByLabel(say(words.reject.reasonLabel)).fill('');
    await button(dialog(), say(words.reject.confirm)).click();
    await dialog().locator('.field-error').waitFor();
    await look('the reject dialog, no reason');
    await closeDialog();

    // An action the platform keeps failing, on its card and in the status bar.
    await sandbox.faults({ error_rate: 1 });
    await button(detail, say(words.actions.kinds.accept)).click();
    await dialog().waitFor();
    await dialog().locator('button[type="submit"]').click();
    await dialog().waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await demo.core.api['outbox:list']({})).some((e) => e.error !== null))
      .toBe(true);
    await look('an action failing, on its card');
    // The platform not answering: the status bar says the actions wait (its line, whole).
    await page.getByTestId('status-detail').getByText(say(words.status.platformProblem)).waitFor();
    await look('actions cannot reach the platform');
    await sandbox.faults({ error_rate: 0 });

    // The order stream down: the alarm and the venue paused by the terminal; back: the gap. (No
    // order is placed meanwhile: one lost in the outage is named missed or fetched as arrived
    // late, whichever check comes first. The missed order's banner is walked on its own below.)
    process.kill(demo.relay.pid, 'SIGKILL');
    await demo.relay.exited;
    await page.getByTestId('stream-alarm').waitFor({ timeout: 30_000 });
    await look('the order stream down');
    await demo.restartRelay();
    await page.getByTestId('stream-alarm').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('gap-notice').waitFor();
    await look('after the outage: the gap');
    await button(page.getByTestId('gap-notice'), say(words.stream.gapOk)).click();
    await page.getByTestId('gap-notice').waitFor({ state: 'detached' });

    // The menu push review: an item's price changed and another deleted in the draft, its diff
    // and the removal's confirmation (nothing is sent).
    await screen(words.nav.menu);
    const editor = page.getByRole('region', { name: say(words.editor.title) });
    // An item left open in the editor is closed first; the screen shows one or the other, so
    // waiting for either, not a click given up after a timeout (2 s each run, as the screen comes
    // back with no item open).
    const closeItem = button(editor, say(words.editor.close));
    const editItem = button(editor, say(words.editor.edit));
    await closeItem.or(editItem).first().waitFor();
    if (await closeItem.isVisible()) await closeItem.click();
    await editItem.click();
    const price = editor.getByLabel(say(words.editor.price)).first();
    await price.fill('99,50');
    await button(editor, say(words.editor.close)).click();
    // A delete button is named by its item ("Delete Fries"): found by its words.
    await editor
      .locator('button', { hasText: say(words.editor.delete) })
      .first()
      .click();
    await button(editor, say(words.editor.deleteConfirm)).click();
    await button(editor, say(words.editor.publish)).click();
    await editor.getByTestId('menu-diff').waitFor();
    await look('the menu push review');

    // Last, this machine's clock 10 minutes behind the platform's (the sandbox's clock only moves
    // on: the warning stays up for the walks after this one).
    await controlCall(demo.sandbox.controlUrl, 'POST', '/clock', { advance_seconds: 600 });
    await page.getByTestId('clock-skew').waitFor({ timeout: 15_000 });
    await look('the clock warning');

    expect(problems).toEqual([]);
  });

  it('the notices that come and go: nothing cut, every word ours', async () => {
    const { problems, look } = walkStops();
    const sandbox = control(demo);
    await screen(words.nav.orders);

    // An order whose notification the platform dropped while the stream is healthy: named as
    // missed once the check's grace is over, until staff say they checked.
    await sandbox.faults({ drop_webhooks: 1 });
    await fixture.place();
    const missed = page.getByTestId('missed-order');
    await missed.waitFor({ timeout: 20_000 });
    await sandbox.faults({ drop_webhooks: 0 });
    await look('a missed order');
    await button(missed, say(words.stream.missedOk)).click();
    await missed.waitFor({ state: 'detached' });

    // A big update the app's updater holds for staff's OK: waiting, asked, then let in.
    demo.core.holdUpdate('99.0.0', () => undefined);
    const held = page.getByTestId('held-update');
    await held.waitFor();
    await look('an update waiting');
    await button(held, say(words.heldUpdate.install)).click();
    await button(held, say(words.heldUpdate.yes)).waitFor();
    await look('an update, asked');
    await button(held, say(words.heldUpdate.yes)).click();
    await held.waitFor({ state: 'detached' });

    // A confirmed pre-order the platform moves into preparation when its time comes (the
    // platform's clock moved on to it): named until staff say they started.
    const platformAhead = Date.parse((await sandbox.clock()).now) - Date.now();
    const preorder = await fixture.place({ preorderInMinutes: platformAhead / 60_000 + 30 });
    await fixture.settled(preorder.id, () => true);
    await demo.core.api['orders:confirmPreorder']({ orderId: preorder.id });
    await fixture.settled(preorder.id, (order) => order.preorderStatus === 'confirmed');
    await controlCall(demo.sandbox.controlUrl, 'POST', '/clock', { advance_seconds: 30 * 60 });
    const cooking = page.getByTestId('start-cooking');
    await cooking.waitFor({ timeout: 20_000 });
    await look('a pre-order to start');
    await button(cooking, say(words.order.startCookingOk)).click();
    await cooking.waitFor({ state: 'detached' });

    // A ready takeaway not collected long after its pickup time (the board's, from the first
    // walk): the counter's clock two hours on, on a page of its own (the walks after this one
    // keep today's time).
    expect(
      (await demo.core.api['orders:list']({})).some(
        (order) => order.status === 'READY' && order.deliveryType === 'takeaway',
      ),
    ).toBe(true);
    const later = await openPseudoPage(Date.now() + 2 * 60 * 60_000);
    try {
      await later.getByTestId('unclaimed-alert').waitFor();
      await look('a takeaway not collected', later);
    } finally {
      await later.close();
    }
    expect(problems).toEqual([]);
  });

  it('no orders arriving: nothing cut, every word ours', async () => {
    const { problems, look } = walkStops();
    await screen(words.nav.orders);
    // The relay warns only while the venue is open: open around the clock, so the stop does not
    // depend on the hour it runs at (the demo venue closes at 22:00).
    const venue = await control(demo).venue();
    await controlCall(demo.sandbox.controlUrl, 'POST', '/venues', {
      venue_id: demo.sandbox.demo.venueId,
      name: venue.name,
      opening_times: WEEKDAYS.map((day, i) => ({
        opening_day: day,
        opening_time: '00:00',
        closing_day: WEEKDAYS[(i + 1) % WEEKDAYS.length],
        closing_time: '00:00',
      })),
    });
    // The relay started again with a few seconds' quiet as its threshold (production: 30 minutes
    // until it knows the venue's own rate): no notification came since, so it says so.
    await demo.restartRelay({ intake: { defaultQuietMs: 3_000, minQuietMs: 1_000 } });
    const banner = page.getByTestId('no-orders-arriving');
    try {
      await banner.waitFor({ timeout: 30_000 });
      await look('no orders arriving');
    } finally {
      await demo.restartRelay();
    }
    await banner.waitFor({ state: 'detached', timeout: 30_000 });
    expect(problems).toEqual([]);
  });

  it('names orders, regions and controls in Finnish on a Finnish screen', async () => {
    await screen(words.nav.venue);
    await page.getByLabel(say(words.machine.language)).selectOption('fi');
    setLanguage('fi');
    try {
      const orders = page.locator('nav.tabs > button', { hasText: words.nav.orders });
      await orders.click();
      const numbers = (await demo.core.api['orders:list']({})).map((o) => o.orderNumber);
      await page
        .getByRole('article', { name: words.order.label(numbers[0]!), exact: true })
        .waitFor();
      expect(await page.getByRole('contentinfo').getAttribute('aria-label')).toBe(
        words.status.title,
      );
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fi');
      // Back to English (the pseudo-locale) for the walk after this one.
      await page.locator('nav.tabs > button', { hasText: words.nav.venue }).click();
      await page.getByLabel(words.machine.language).selectOption('en');
    } finally {
      setLanguage('en');
    }
    await page.locator('nav.tabs > button', { hasText: say(words.nav.venue) }).waitFor();
  });

  it('in German, whose words run longest: every screen and a busy board, nothing cut', async () => {
    // The pseudo-locale lengthens a label with short words of its own, which wrap; German's long
    // compounds ("Bestellungen") cannot, so its layout is checked as it reads (words, not cuts,
    // are the pseudo-locale's to check).
    const cuts: string[] = [];
    const cutAt = async (stop: string): Promise<void> => {
      cuts.push(...(await overflows(page)).map((problem) => `${stop}: cut ${problem}`));
    };
    const tab = (name: string): Locator => page.locator('nav.tabs > button', { hasText: name });
    await screen(words.nav.venue);
    // A busy rush: new orders take the board's width, the Done column keeps one narrow track.
    const rush = await Promise.all([1, 2, 3, 4, 5].map(() => fixture.place()));
    for (const order of rush) await fixture.settled(order.id, () => true);
    await page.getByLabel(say(words.machine.language)).selectOption('de');
    setLanguage('de');
    try {
      for (const view of ['venue', 'menu', 'couriers', 'activity', 'history'] as const) {
        await tab(words.nav[view]).click();
        await page
          .locator('nav.tabs > button[aria-current="page"]', { hasText: words.nav[view] })
          .waitFor();
        await cutAt(`the ${view} screen`);
      }
      await tab(words.nav.orders).click();
      await page.locator('.column-more').waitFor();
      await cutAt('a busy board');
      await page.locator('article.card .card-number').first().click();
      await page.locator('.order-detail').waitFor();
      await cutAt('a busy board, an order open');
      await tab(words.nav.venue).click();
      await page.getByLabel(words.machine.language).selectOption('en');
    } finally {
      setLanguage('en');
    }
    await tab(say(words.nav.venue)).waitFor();
    expect(cuts).toEqual([]);
  });

  it('the first-run screens after a disconnect: nothing cut, every word ours', async () => {
    const { problems, look } = walkStops();
    await screen(words.nav.venue);
    await button(page, say(words.connection.disconnect)).click();
    // Actions the platform refused above still wait: dropped with the terminal.
    const status = await demo.core.api['status:get']({});
    if (status.outboxWaiting + status.outboxFailed > 0)
      await page
        .getByRole('form', { name: say(words.connection.disconnectTitle) })
        .getByRole('checkbox')
        .check();
    await look('disconnecting the terminal, actions waiting');
    await button(page, say(words.connection.confirm)).click();
    const form = page.getByRole('form', { name: say(words.setup.title) });
    await form.waitFor();
    await look('the first-run set-up');
    await button(form, say(words.setup.signIn)).click();
    await form.locator('.field-error').first().waitFor();
    await look('the first-run set-up, sent empty');
    // A pairing the platform refuses: a code that was never given.
    const fill = (name: string, value: string) => form.locator(`input[name="${name}"]`).fill(value);
    await fill('authUrl', demo.sandbox.authUrl);
    await fill('posUrl', demo.sandbox.posUrl);
    await fill('clientId', demo.sandbox.demo.clientId);
    await fill('clientSecret', demo.sandbox.demo.clientSecret);
    await fill('relayUrl', demo.relay.url);
    await fill('terminalKey', 'a-key-this-relay-never-made');
    await fill('code', 'a-code-never-given');
    await fill('redirectUri', demo.sandbox.demo.redirectUri);
    await button(form, say(words.setup.connect)).click();
    await form.getByRole('alert').waitFor({ timeout: 20_000 });
    await look('the first-run set-up, refused');

    // Signing in on the platform's page, opened in a tab from the tap: the terminal waits for it
    // in staff words, until staff cancel.
    await fill('terminalKey', demo.terminalKey);
    await fill(
      'onboardingUrl',
      `${demo.sandbox.controlUrl}/onboarding?client_id=${demo.sandbox.demo.clientId}&venue_id=${demo.sandbox.demo.venueId}`,
    );
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      button(form, say(words.setup.signIn)).click(),
    ]);
    try {
      await form.getByText(say(words.setup.waiting).slice(0, 12)).waitFor({ timeout: 20_000 });
      await look('the sign-in, waiting for the platform');
      await button(form, say(words.setup.cancelSignIn)).click();
      await form.getByRole('status').waitFor({ state: 'detached' });
    } finally {
      await tab.close();
    }
    expect(problems).toEqual([]);
  });
});
