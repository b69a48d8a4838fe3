// The fleet's venue page on a real relay over real sockets, on both stores, with the clock the
// test moves: a terminal's reports over a morning (fine, printer out of paper with actions piling
// up, fine again, then paused by Countertop) become one row per change of what was wrong, newest
// first, the ongoing one marked; ages growing between reports add no row; shown in Chromium.
import { chromium } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import type { TerminalHealth } from '../shared/terminal-health';
import type { Relay } from './server';
import { startRelay } from './server';
import { describeEachStore } from './testing/store-fixture';
import { MARKETPLACE_SECRET, healthReport, send } from './testing/test-support';

const METRICS_TOKEN = 'metrics-token-0123456789';
const AUTH = { Authorization: `Bearer ${METRICS_TOKEN}` };
const MORNING = Date.parse('2026-11-26T09:00:00Z');
let clock = MORNING;
const relays: Relay[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

describeEachStore('the fleet venue page', (store) => {
  it("shows the venue's trouble of the day, one row per change, newest first", async () => {
    clock = MORNING;
    const venue = `day-${store.kind}-${Date.now()}`;
    const { key } = await store.createTerminal([venue], 'Front counter');
    const relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      metricsToken: METRICS_TOKEN,
      now: () => clock,
    });
    relays.push(relay);
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

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await (await browser.newContext({ extraHTTPHeaders: AUTH })).newPage();
      expect((await page.goto(url))?.status()).toBe(200);
      const rows = page.locator('tbody tr');
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
      await browser.close();
    }
  });
});
