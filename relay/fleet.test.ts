// The partner's fleet view on a real relay over real sockets, on both stores, with the clock the
// test moves: behind the metrics token (none, or a wrong one: 401), every venue with its
// terminals, worst first — a terminal gone silent while its venue was open, then a venue whose
// notifications stopped while its terminal polls and reports it open ("no orders arriving", the
// intake watch's own verdict), then a venue offline, then a healthy one — and every value escaped.
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetRow } from './fleet';
import type { Relay } from './server';
import { startRelay } from './server';
import { describeEachStore } from './testing/store-fixture';
import { createTerminal } from './terminals';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  postMarketplace,
  send,
  sign,
  tempDir,
} from './testing/test-support';

const METRICS_TOKEN = 'metrics-token-0123456789';
const AUTH = { Authorization: `Bearer ${METRICS_TOKEN}` };
const HOSTILE_NAME = '<script>alert("x")</script> & Co';
let clock = Date.parse('2026-11-26T11:00:00Z');
let seq = 0;
const relays: Relay[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

describeEachStore('the fleet view', (store) => {
  const start = async (metricsToken: string | null = METRICS_TOKEN) => {
    const relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      ...(metricsToken === null ? {} : { metricsToken }),
      now: () => clock,
      // No order rate learned here: the default quiet time (10 min) is the threshold throughout.
      intake: { defaultQuietMs: 10 * 60_000, minHistory: 1_000 },
    });
    relays.push(relay);
    return relay;
  };
  const webhook = async (relay: Relay, venue: string) => {
    seq += 1;
    const body = orderNotification(`fleet-${seq}-${Date.now()}`, venue, 'CREATED');
    expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
      200,
    );
  };
  const report = async (
    relay: Relay,
    key: string,
    venue: string,
    state: { online: boolean; open: boolean },
  ) => {
    expect((await poll(relay.url, key, { wait: 0 })).status).toBe(200);
    const answer = await send(`${relay.url}/v1/venue-state`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ venue_id: venue, ...state }),
    });
    expect(answer.status).toBe(200);
  };

  it('refuses without the metrics token, with a wrong one, and when none is configured', async () => {
    const relay = await start();
    for (const path of ['/fleet', '/fleet.json']) {
      expect((await send(`${relay.url}${path}`)).status).toBe(401);
      const wrong = await send(`${relay.url}${path}`, {
        headers: { Authorization: 'Bearer metrics-token-0123456780' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.headers['www-authenticate']).toBe('Bearer realm="relay-metrics"');
      expect((await send(`${relay.url}${path}`, { headers: AUTH })).status).toBe(200);
    }
    await relay.close();
    relays.splice(0);
    const open = await start(null);
    expect((await send(`${open.url}/fleet`)).status).toBe(401);
    expect((await send(`${open.url}/fleet.json`, { headers: AUTH })).status).toBe(401);
  });

  it('lists every venue worst first, with "no orders arriving" above a healthy venue, escaped', async () => {
    const suffix = `${store.kind}-${Date.now()}`;
    const broken = `fleet-broken-${suffix}`;
    const healthy = `fleet-healthy-${suffix}`;
    const silent = `fleet-silent-${suffix}`;
    const paused = `fleet-paused-${suffix}`;
    const brokenKey = (await store.createTerminal([broken], 'Front counter')).key;
    const healthyKey = (await store.createTerminal([healthy], HOSTILE_NAME)).key;
    const silentKey = (await store.createTerminal([silent], 'Back office')).key;
    const pausedKey = (await store.createTerminal([paused], 'Bar')).key;
    const relay = await start();

    const open = { online: true, open: true };
    await report(relay, silentKey, silent, open);
    await report(relay, pausedKey, paused, { online: false, open: true });
    // Both venues polled and reported open every minute for 12 minutes; only the healthy one's
    // notifications keep arriving (the broken one's webhook path lost them all).
    await webhook(relay, broken);
    for (let minute = 0; minute < 12; minute += 1) {
      clock += 60_000;
      await report(relay, brokenKey, broken, open);
      await report(relay, healthyKey, healthy, open);
      await report(relay, pausedKey, paused, { online: false, open: true });
      await webhook(relay, healthy);
    }

    const json = await send(`${relay.url}/fleet.json`, { headers: AUTH });
    expect(json.status).toBe(200);
    const rows = (JSON.parse(json.text) as { venues: FleetRow[] }).venues.filter((row) =>
      row.venue_id.endsWith(suffix),
    );
    expect(rows.map((row) => [row.venue_id, row.status])).toEqual([
      [silent, 'no_terminal_polling'],
      [broken, 'no_orders_arriving'],
      [paused, 'paused'],
      [healthy, 'ok'],
    ]);
    const brokenRow = rows[1] as FleetRow;
    expect(brokenRow).toMatchObject({
      no_orders_arriving: true,
      online: true,
      open: true,
      terminals: [{ name: 'Front counter' }],
      threshold_seconds: 600,
    });
    expect(brokenRow.quiet_seconds).toBeGreaterThan(600);
    expect(rows[3]).toMatchObject({
      no_orders_arriving: false,
      terminals: [{ name: HOSTILE_NAME }],
    });
    // The verdict is the intake watch's own: /v1/intake says the same of each venue.
    const intake = JSON.parse((await send(`${relay.url}/v1/intake`, { headers: AUTH })).text) as {
      venues: { venue_id: string; no_orders_arriving: boolean }[];
    };
    for (const row of rows) {
      const verdict = intake.venues.find((v) => v.venue_id === row.venue_id);
      expect(verdict?.no_orders_arriving ?? false).toBe(row.no_orders_arriving);
    }

    const page = await send(`${relay.url}/fleet`, { headers: AUTH });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(page.text).not.toContain('<script');
    expect(page.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    const order = [silent, broken, paused, healthy].map((id) => page.text.indexOf(`>${id}<`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page.text).toMatch(/No orders arriving \(quiet \d+ s, threshold 600 s\)/);
    expect(page.text).toContain('No terminal polling while open');
  });
});

describe('the fleet view in Chromium', () => {
  it('shows the silent venue first, the hostile name as text, styled under the strict CSP', async () => {
    const temp = tempDir();
    const silentKey = createTerminal(temp.dbPath, ['fleet-silent'], { name: 'Back office' }).key;
    const healthyKey = createTerminal(temp.dbPath, ['fleet-healthy'], { name: HOSTILE_NAME }).key;
    const relay = await startRelay({
      dbPath: temp.dbPath,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      metricsToken: METRICS_TOKEN,
      now: () => clock,
    });
    relays.push(relay);
    const report = async (key: string, venue: string) => {
      expect((await poll(relay.url, key, { wait: 0 })).status).toBe(200);
      const answer = await send(`${relay.url}/v1/venue-state`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ venue_id: venue, online: true, open: true }),
      });
      expect(answer.status).toBe(200);
    };
    await report(silentKey, 'fleet-silent');
    clock += 3 * 60_000;
    await report(healthyKey, 'fleet-healthy');

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const context = await browser.newContext({ extraHTTPHeaders: AUTH });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('dialog', (dialog) => {
        problems.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      const answer = await page.goto(`${relay.url}/fleet`);
      expect(answer?.status()).toBe(200);
      const rows = page.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.nth(0).locator('td').nth(0).textContent()).toBe(
        'No terminal polling while open',
      );
      expect(await rows.nth(0).locator('td').nth(1).textContent()).toBe('fleet-silent');
      expect(await rows.nth(1).locator('td').nth(2).textContent()).toBe(HOSTILE_NAME);
      // The inline style applies under the CSP: the alarm cell is red.
      const background = await rows
        .nth(0)
        .locator('td')
        .nth(0)
        .evaluate((cell) => getComputedStyle(cell).backgroundColor);
      expect(background).toBe('rgb(176, 0, 32)');
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await relay.close();
      relays.splice(0);
      temp.remove();
    }
  });
});
