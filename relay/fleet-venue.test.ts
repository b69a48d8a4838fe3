// The fleet's venue page on a real relay over real sockets, on both stores, with the clock the
// test moves: a terminal's reports over a morning (fine, printer out of paper with actions piling
// up, fine again, then paused by Countertop) become one row per change of what was wrong, newest
// first, the ongoing one marked; ages growing between reports add no row; shown in Chromium. And
// the venue's terminals now: one that stopped calling shows as silent since its last call once
// past the poll period (not before), one never heard from since its key was issued.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, expect, it } from 'vitest';
import type { TerminalHealth } from '../shared/terminal-health';
import type { Relay, RelayOptions } from './server';
import { startRelay } from './server';
import { describeEachStore } from './testing/store-fixture';
import { MARKETPLACE_SECRET, healthReport, poll, send } from './testing/test-support';

const METRICS_TOKEN = 'metrics-token-0123456789';
const AUTH = { Authorization: `Bearer ${METRICS_TOKEN}` };
const MORNING = Date.parse('2026-11-26T09:00:00Z');
let clock = MORNING;
const relays: Relay[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

/**
 * The file's Chromium, launched by its first test and closed after its last: each test opens a
 * context of its own (own cookies and cache), as a launch per test cost about a second of CPU.
 */
let launched: Promise<Browser> | null = null;
const browser = (): Promise<Browser> =>
  (launched ??= chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  }));
afterAll(async () => {
  await (await launched)?.close();
});

/** A relay on the store's options that reads the test's clock, closed after the test. */
const startClockedRelay = async (
  options: Pick<RelayOptions, 'dbPath' | 'storeUrl'>,
): Promise<Relay> => {
  const relay = await startRelay({
    ...options,
    marketplaceSecrets: [MARKETPLACE_SECRET],
    metricsToken: METRICS_TOKEN,
    now: () => clock,
  });
  relays.push(relay);
  return relay;
};

describeEachStore('the fleet venue page', (store) => {
  it("shows the venue's trouble of the day, one row per change, newest first", async () => {
    clock = MORNING;
    const venue = `day-${store.kind}-${Date.now()}`;
    const { key } = await store.createTerminal([venue], 'Front counter');
    const relay = await startClockedRelay(store.options);
    const put = async (report: TerminalHealth) => {
      clock += 30_000;
      const answer = await send(`${relay.url}/v1/terminal/health`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify(report),
      });
      expect(answer.status).toBeLessThan(300);
    };
    await put(healthReport(venue));
    const paperOut = (age: number) =>
      healthReport(venue, {
        printers: [{ name: 'Kitchen', state: 'out_of_paper' }],
        actions_waiting: 2,
        oldest_action_age_seconds: age,
      });
    await put(paperOut(150));
    await put(paperOut(180));
    await put(paperOut(210));
    await put(healthReport(venue));
    await put(
      healthReport(venue, {
        venues: [
          { venue_id: venue, online: false, paused_by_countertop_since: '2026-11-26T09:02:40Z' },
        ],
      }),
    );

    const url = `${relay.url}/fleet/venue?id=${encodeURIComponent(venue)}`;
    expect((await send(url)).status).toBe(401);
    expect((await send(`${relay.url}/fleet/venue?id=%0A`, { headers: AUTH })).status).toBe(400);
    expect((await send(`${relay.url}/fleet/venue?id=nobody-here`, { headers: AUTH })).status).toBe(
      404,
    );

    const context = await (await browser()).newContext({ extraHTTPHeaders: AUTH });
    try {
      const page = await context.newPage();
      expect((await page.goto(url))?.status()).toBe(200);
      const rows = page.locator('#trouble tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      const cells = async (n: number) => rows.nth(n).locator('td').allTextContents();
      expect(await cells(0)).toEqual([
        '2026-11-26 09:03:00 UTC',
        'still',
        'Front counter',
        `Venue ${venue} paused by Countertop`,
      ]);
      expect(await cells(1)).toEqual([
        '2026-11-26 09:01:00 UTC',
        '2026-11-26 09:02:30 UTC',
        'Front counter',
        'Actions waiting; Printer Kitchen out of paper',
      ]);
      const alarm = await rows
        .nth(0)
        .locator('td')
        .nth(0)
        .evaluate((cell) => getComputedStyle(cell).backgroundColor);
      expect(alarm).toBe('rgb(176, 0, 32)');
    } finally {
      await context.close();
    }
  });

  it('shows a terminal not heard from past its poll period as silent, since its last call', async () => {
    clock = MORNING;
    const venue = `silent-${store.kind}-${Date.now()}`;
    const front = await store.createTerminal([venue], 'Front counter');
    const kitchen = await store.createTerminal([venue], 'Kitchen');
    await store.createTerminal([venue], 'Spare till');
    const relay = await startClockedRelay(store.options);
    const report = async (key: string) => {
      const answer = await send(`${relay.url}/v1/terminal/health`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify(healthReport(venue)),
      });
      expect(answer.status).toBe(204);
    };
    // 09:00:10 both report; the kitchen goes on polling, the front counter stops.
    clock = MORNING + 10_000;
    await report(front.key);
    await report(kitchen.key);
    const url = `${relay.url}/fleet/venue?id=${encodeURIComponent(venue)}`;
    const context = await (await browser()).newContext({ extraHTTPHeaders: AUTH });
    try {
      const page = await context.newPage();
      const terminals = page.locator('#terminals tbody tr');
      const trouble = page.locator('#trouble tbody tr');
      const row = (locator: typeof terminals, n: number) =>
        locator.nth(n).locator('td').allTextContents();
      const byName = async () => {
        const all: Record<string, string[]> = {};
        for (let n = 0; n < (await terminals.count()); n += 1) {
          const cells = await row(terminals, n);
          all[cells[0] as string] = cells.slice(1);
        }
        return all;
      };

      // 50 s after its last call the front counter is within its poll period: not silent.
      clock = MORNING + 60_000;
      expect((await poll(relay.url, kitchen.key, { wait: 0 })).status).toBe(200);
      expect((await page.goto(url))?.status()).toBe(200);
      const early = await byName();
      expect(early['Front counter']).toEqual(['2026-11-26 09:00:10 UTC', 'Heard from 50 s ago']);
      expect(early['Kitchen']).toEqual(['2026-11-26 09:01:00 UTC', 'Heard from 0 s ago']);
      expect(early['Spare till']?.[0]).toBe('never');
      expect(early['Spare till']?.[1]).toMatch(/^Never heard from since its key was issued /);

      // 6 min after its last call, the kitchen still polling: silent since 09:00:10.
      for (let minute = 2; minute <= 6; minute += 1) {
        clock = MORNING + minute * 60_000;
        expect((await poll(relay.url, kitchen.key, { wait: 0 })).status).toBe(200);
      }
      clock = MORNING + 6 * 60_000 + 10_000;
      expect((await page.goto(url))?.status()).toBe(200);
      const later = await byName();
      expect(later['Front counter']).toEqual([
        '2026-11-26 09:00:10 UTC',
        'Silent since 2026-11-26 09:00:10 UTC (6 min): no poll or report since then',
      ]);
      expect(later['Kitchen']).toEqual(['2026-11-26 09:06:00 UTC', 'Heard from 10 s ago']);
      const silentRow = page.locator('#terminals tbody tr.silent');
      expect(await silentRow.count()).toBe(2);
      expect(
        await silentRow
          .first()
          .locator('td')
          .first()
          .evaluate((cell) => getComputedStyle(cell).backgroundColor),
      ).toBe('rgb(176, 0, 32)');
      // Among the day's trouble: the silence, ongoing, from the front counter's last call.
      const troubleRows = [];
      for (let n = 0; n < (await trouble.count()); n += 1) troubleRows.push(await row(trouble, n));
      expect(troubleRows).toContainEqual([
        '2026-11-26 09:00:10 UTC',
        'still',
        'Front counter',
        'Silent for 6 min: no poll or report',
      ]);
      expect(troubleRows.filter((cells) => cells[2] === 'Kitchen')).toEqual([]);

      // It calls again: no longer silent, and the silence leaves the page.
      expect((await poll(relay.url, front.key, { wait: 0 })).status).toBe(200);
      expect((await page.goto(url))?.status()).toBe(200);
      expect((await byName())['Front counter']).toEqual([
        '2026-11-26 09:06:10 UTC',
        'Heard from 0 s ago',
      ]);
      expect(await page.locator('#trouble').textContent()).not.toContain('Front counter');
    } finally {
      await context.close();
    }
  });
});
