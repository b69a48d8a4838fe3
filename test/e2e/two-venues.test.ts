// The demo of two venues of one merchant ("Kamppi Burgers" and "Kamppi Bowls", one relay key, the
// second added with setup:addVenue) in Chromium at 1280×800, by touch: a rush of both venues'
// orders on one board, each told apart by its venue mark, the venue filter showing one venue, an
// order of each accepted and readied, each reaching its own venue at the sandbox, and both venues
// taken offline (and back online) at once from the venue screen, the top bar keeping its places.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../renderer/i18n/en';
import { kitMessages } from '../../renderer/ui-kit/messages';
import { startDemo } from '../../scripts/start';
import type { Demo } from '../../scripts/start';
import { DEMO_BRANDS } from '../../sandbox/demo-data';
import type { SandboxOrder } from './support';
import type { TestBrowser } from './support';
import { controlCall, eventually, fileChromium, openBoardPage, orderTile } from './support';
import { runRelayBundle } from '../relay-bundle';

type Placed = SandboxOrder & { venue_id: string };

const BURGERS = DEMO_BRANDS.burgers;
const BOWLS = DEMO_BRANDS.bowls;
const EACH = 3;

let demo: Demo;
let browser: TestBrowser;
let page: Page;
const placed: Record<string, Placed[]> = { [BURGERS.venueId]: [], [BOWLS.venueId]: [] };

const call = <T>(method: string, pathname: string, body?: unknown): Promise<T> =>
  controlCall<T>(demo.sandbox.controlUrl, method, pathname, body);
const place = (venueId: string) =>
  call<Placed>('POST', '/orders', { venue_id: venueId, type: 'takeaway' });
const atSandbox = (id: string) => call<Placed>('GET', `/orders/${id}`);
const tile = (order: Placed) => orderTile(page, order.order_number);
const markOf = (order: Placed) => tile(order).getByTestId('venue-mark');
/** The New column's tiles, by their names (every order here is new or just answered). */
const shownNumbers = async (): Promise<string[]> =>
  (
    await page
      .getByRole('region', { name: 'New', exact: true })
      .getByRole('article')
      .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('aria-label') ?? ''))
  ).sort();
const labels = (orders: Placed[]) => orders.map((o) => `Order #${o.order_number}`).sort();
const venueAt = (venueId: string) =>
  call<{ status: { is_online: boolean }; offline_until: string | null }>(
    'GET',
    `/venues/${venueId}`,
  );
const block = (name: string) => page.getByRole('region', { name, exact: true });
/** The top bar's controls and the Venue tab's badge, each with its box. */
const topBarBoxes = () =>
  page.locator('header.top-bar').evaluate((bar) =>
    Array.from(bar.querySelectorAll<HTMLElement>('button, .venues-badge')).map((el) => {
      const r = el.getBoundingClientRect();
      // Named by what stays: a tab by its first words, not its badge's count.
      const what = el.matches('.venues-badge')
        ? 'venues badge'
        : (el.getAttribute('aria-label') ?? el.firstChild?.textContent ?? '');
      return { what, x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );

beforeAll(async () => {
  demo = await startDemo({
    venues: 2,
    ordersPerMinute: 0,
    seed: 11,
    relayBundleDir: runRelayBundle(),
    keychain: false,
    webPort: 0,
    notificationRetry: { retries: 3, intervalMs: 200 },
    core: { backoff: { baseMs: 100, capMs: 500 }, reconcileIntervalMs: 2_000 },
    log: () => undefined,
  });
  browser = await fileChromium();
  page = await openBoardPage(browser, demo, { width: 1280, height: 800 }, { hasTouch: true });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

describe('two venues of one merchant on one board (demo, Chromium 1280×800, touch)', () => {
  it('the demo serves both venues on one relay key, the second added after the first', async () => {
    expect(demo.sandbox.demo.venueIds).toEqual([BURGERS.venueId, BOWLS.venueId]);
    const setup = await demo.core.api['setup:get']({});
    expect(setup.venues.map((v) => [v.venueId, v.first])).toEqual([
      [BURGERS.venueId, true],
      [BOWLS.venueId, false],
    ]);
  });

  it("a rush of both venues' orders arrives, each tile marked with its own venue", async () => {
    for (let i = 0; i < EACH; i += 1)
      for (const venueId of [BURGERS.venueId, BOWLS.venueId])
        placed[venueId]!.push(await place(venueId));
    const all = [...placed[BURGERS.venueId]!, ...placed[BOWLS.venueId]!];
    for (const order of all) await tile(order).waitFor();
    for (const order of placed[BURGERS.venueId]!)
      expect(await markOf(order).textContent()).toBe(BURGERS.name);
    for (const order of placed[BOWLS.venueId]!)
      expect(await markOf(order).textContent()).toBe(BOWLS.name);
    // Told apart by colour too, not by the name alone.
    const burgerColour = await markOf(placed[BURGERS.venueId]![0]!).getAttribute(
      'data-venue-colour',
    );
    const bowlColour = await markOf(placed[BOWLS.venueId]![0]!).getAttribute('data-venue-colour');
    expect(burgerColour).toBeTruthy();
    expect(bowlColour).toBeTruthy();
    expect(burgerColour).not.toBe(bowlColour);
    expect(await shownNumbers()).toEqual(labels(all));
    // Staff words: no venue id on the screen.
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(BURGERS.venueId);
    expect(text).not.toContain(BOWLS.venueId);
  });

  it('the venue filter shows one venue, then every venue again', async () => {
    const all = `${en.venueFilter.title}: ${kitMessages.venues.all}`;
    await page.getByRole('button', { name: all, exact: true }).tap();
    await page
      .getByRole('group', { name: en.venueFilter.title })
      .getByRole('button', { name: new RegExp(`^${BOWLS.name}`) })
      .tap();
    await page
      .getByRole('button', { name: `${en.venueFilter.title}: ${BOWLS.name}`, exact: true })
      .waitFor();
    await eventually(shownNumbers, (shown) => shown.length === EACH);
    expect(await shownNumbers()).toEqual(labels(placed[BOWLS.venueId]!));

    await page
      .getByRole('button', { name: `${en.venueFilter.title}: ${BOWLS.name}`, exact: true })
      .tap();
    await page
      .getByRole('group', { name: en.venueFilter.title })
      .getByRole('button', { name: new RegExp(`^${kitMessages.venues.all}`) })
      .tap();
    await page.getByRole('button', { name: all, exact: true }).waitFor();
    await eventually(shownNumbers, (shown) => shown.length === 2 * EACH);
  });

  it('an order of each venue is accepted and readied by touch, each at its own venue', async () => {
    for (const venueId of [BURGERS.venueId, BOWLS.venueId]) {
      const order = placed[venueId]![0]!;
      await tile(order).getByRole('button', { name: en.actions.kinds.accept, exact: true }).tap();
      await page.getByRole('button', { name: /^Accept ·/ }).tap();
      const accepted = await eventually(
        () => atSandbox(order.id),
        (o) => o.status === 'PRODUCTION',
      );
      expect(accepted.venue_id).toBe(venueId);
      await tile(order).getByRole('button', { name: en.actions.kinds.ready, exact: true }).tap();
      const ready = await eventually(
        () => atSandbox(order.id),
        (o) => o.status === 'READY',
      );
      expect(ready.venue_id).toBe(venueId);
      // Still marked with its venue after the answers.
      expect(await markOf(order).textContent()).toBe(
        venueId === BOWLS.venueId ? BOWLS.name : BURGERS.name,
      );
    }
    // The venue's own order list at the sandbox holds its own order, not the other's.
    for (const venueId of [BURGERS.venueId, BOWLS.venueId]) {
      const own = await call<Placed[]>('GET', `/orders?venue_id=${venueId}`);
      const ids = own.map((o) => o.id);
      expect(ids).toContain(placed[venueId]![0]!.id);
      const other = venueId === BOWLS.venueId ? BURGERS.venueId : BOWLS.venueId;
      expect(ids).not.toContain(placed[other]![0]!.id);
    }
    // The others are still new, untouched at the platform.
    for (const venueId of [BURGERS.venueId, BOWLS.venueId])
      expect(['PRODUCTION', 'READY']).not.toContain(
        (await atSandbox(placed[venueId]![1]!.id)).status,
      );
  });
  it('takes both venues offline at once from the venue screen, then back online, by touch', async () => {
    await page.getByRole('button', { name: en.nav.venue, exact: true }).tap();
    const all = page.getByRole('region', { name: kitMessages.venues.all, exact: true });
    await all.waitFor();
    for (const brand of [BURGERS, BOWLS])
      expect(await block(brand.name).getByTestId('venue-online').textContent()).toBe(
        en.venue.online,
      );
    const badge = page.getByTestId('venues-badge');
    expect(await badge.getAttribute('title')).toBe(en.venue.allOnline);
    const before = await topBarBoxes();

    await all.getByRole('button', { name: en.venue.takeAllOffline, exact: true }).tap();
    await all
      .getByRole('group', { name: en.venue.takeOfflineFor([BURGERS.name, BOWLS.name]) })
      .getByRole('button', { name: en.venue.durations.indefinitely, exact: true })
      .tap();
    for (const brand of [BURGERS, BOWLS]) {
      const at = await eventually(
        () => venueAt(brand.venueId),
        (v) => !v.status.is_online,
      );
      expect(at.offline_until).toBeNull();
    }
    // Shown as offline once the platform's status says so, each in its own block.
    for (const brand of [BURGERS, BOWLS])
      await eventually(
        () => block(brand.name).getByTestId('venue-online').textContent(),
        (text) => text === en.venue.offline,
      );
    await eventually(
      () => badge.getAttribute('title'),
      (title) => title === en.venue.allOffline,
    );
    expect(await badge.textContent()).toBe(en.venue.offlineShort(2, 2));
    // The count changed in its own room: no control of the bar moved.
    const after = await topBarBoxes();
    const known = new Set(before.map((b) => b.what));
    expect(after.filter((b) => known.has(b.what))).toEqual(before);

    await all.getByRole('button', { name: en.venue.putAllOnline, exact: true }).tap();
    for (const brand of [BURGERS, BOWLS])
      await eventually(
        () => venueAt(brand.venueId),
        (v) => v.status.is_online,
      );
    for (const brand of [BURGERS, BOWLS])
      await eventually(
        () => block(brand.name).getByTestId('venue-online').textContent(),
        (text) => text === en.venue.online,
      );
    await eventually(
      () => badge.getAttribute('title'),
      (title) => title === en.venue.allOnline,
    );
  });
});
