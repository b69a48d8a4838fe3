// Terminals' health reports (PUT /v1/terminal/health) on a real relay over real sockets, on both
// stores, with the clock the test moves: bad reports refused at the door with nothing kept; the
// latest report per terminal and its last call kept in the store (on PostgreSQL, read back through
// a second instance); the fleet view and /metrics show a venue paused by Countertop first, a
// terminal in trouble, a terminal gone silent, and drop a report's counts once it is old.
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { FleetRow } from './fleet';
import type { Relay } from './server';
import { startRelay } from './server';
import { describeEachStore } from './testing/store-fixture';
import { createTerminal } from './terminals';
import { MARKETPLACE_SECRET, healthReport, poll, send, tempDir } from './testing/test-support';

const METRICS_TOKEN = 'metrics-token-0123456789';
const AUTH = { Authorization: `Bearer ${METRICS_TOKEN}` };
let clock = Date.parse('2026-11-26T11:50:00Z');
const PAUSED_AT = '2026-11-26T11:42:00.000Z';
const relays: Relay[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

const putHealth = (relay: Relay, key: string | null, body: unknown) =>
  send(`${relay.url}/v1/terminal/health`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const fleet = async (relay: Relay, suffix: string): Promise<FleetRow[]> => {
  const answer = await send(`${relay.url}/fleet.json`, { headers: AUTH });
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { venues: FleetRow[] }).venues.filter((row) =>
    row.venue_id.endsWith(suffix),
  );
};

const metrics = async (relay: Relay): Promise<string> => {
  const answer = await send(`${relay.url}/metrics`, { headers: AUTH });
  expect(answer.status).toBe(200);
  return answer.text;
};

describeEachStore('terminal health reports', (store) => {
  const start = async (options: { presenceNoteMs?: number } = {}) => {
    const relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      metricsToken: METRICS_TOKEN,
      now: () => clock,
      ...options,
    });
    relays.push(relay);
    return relay;
  };

  it('refuses a bad report at the door and keeps nothing of it', async () => {
    const suffix = `${store.kind}-${Date.now()}`;
    const venue = `health-door-${suffix}`;
    const { key } = await store.createTerminal([venue], 'Door');
    await store.createTerminal([`health-other-${suffix}`], 'Other');
    const relay = await start();
    const good = healthReport(venue);

    expect((await putHealth(relay, null, good)).status).toBe(401);
    expect((await putHealth(relay, 'rtk_unknown', good)).status).toBe(401);
    const bad: [string, unknown][] = [
      ['not JSON', '{"app_version":'],
      ['an unknown field (a token riding along)', { ...good, token: 'secret' }],
      ['a missing field', { ...good, stream: undefined }],
      ['a version with a space', { ...good, app_version: '1.0 beta' }],
      ['a name with an escape', { ...good, name: 'Counter\u001b[2J' }],
      ['a negative count', { ...good, actions_waiting: -1 }],
      ['a fractional age', { ...good, oldest_action_age_seconds: 1.5 }],
      ['an unknown printer state', { ...good, printers: [{ name: 'K', state: 'on_fire' }] }],
      [
        'nine printers',
        { ...good, printers: Array.from({ length: 9 }, () => ({ name: 'K', state: 'ready' })) },
      ],
      [
        'a bad venue id',
        { ...good, venues: [{ venue_id: '../x', online: true, paused_by_countertop_since: null }] },
      ],
      [
        'a pause time that is no time',
        {
          ...good,
          venues: [{ venue_id: venue, online: false, paused_by_countertop_since: 'yesterday' }],
        },
      ],
      ['a venue twice', { ...good, venues: [...good.venues, ...good.venues] }],
      ['an array', [good]],
    ];
    for (const [why, body] of bad) {
      const answer = await putHealth(relay, key, body);
      expect(answer.status, why).toBe(400);
      expect((JSON.parse(answer.text) as { error: string }).error, why).toBe('Bad Request');
    }
    const foreign = await putHealth(relay, key, healthReport(`health-other-${suffix}`));
    expect(foreign.status).toBe(403);
    const huge = await putHealth(relay, key, { ...good, name: 'x'.repeat(5000) });
    expect(huge.status).toBe(413);

    const [row] = await fleet(relay, `door-${suffix}`);
    expect(row?.terminals).toHaveLength(1);
    expect(row?.terminals[0]).toMatchObject({ health: null, reported_at: null });
    expect(await metrics(relay)).not.toMatch(/relay_terminal_report_timestamp_seconds\{/);

    // The same report, valid, is kept whole: exactly the fields declared.
    expect((await putHealth(relay, key, good)).status).toBe(204);
    const [kept] = await fleet(relay, `door-${suffix}`);
    expect(kept?.terminals[0]?.health).toEqual(good);
    expect(kept?.terminals[0]?.reported_at).toBe(new Date(clock).toISOString());
  });

  it('shows a venue paused by Countertop first, a terminal in trouble, a silent terminal, on /fleet and /metrics', async () => {
    const suffix = `${store.kind}-${Date.now()}`;
    const paused = `health-paused-${suffix}`;
    const trouble = `health-trouble-${suffix}`;
    const fine = `health-fine-${suffix}`;
    const pausedTerminal = await store.createTerminal([paused], 'Bar');
    const troubleTerminal = await store.createTerminal([trouble], 'Front');
    const fineTerminal = await store.createTerminal([fine], 'Kitchen');
    const relay = await start();
    // Venues reported online and open by their terminals, as the terminals do.
    const venueState = async (key: string, venue: string, online: boolean) => {
      const answer = await send(`${relay.url}/v1/venue-state`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify({ venue_id: venue, online, open: true }),
      });
      expect(answer.status).toBe(200);
    };
    const round = async (keys: { key: string; venue: string; online: boolean }[]) => {
      for (const { key, venue, online } of keys) {
        expect((await poll(relay.url, key, { wait: 0 })).status).toBe(200);
        await venueState(key, venue, online);
      }
    };
    await round([
      { key: pausedTerminal.key, venue: paused, online: false },
      { key: troubleTerminal.key, venue: trouble, online: true },
      { key: fineTerminal.key, venue: fine, online: true },
    ]);
    const pausedReport = healthReport(paused, {
      name: 'Bar till',
      stream: 'down',
      venues: [{ venue_id: paused, online: false, paused_by_countertop_since: PAUSED_AT }],
    });
    expect((await putHealth(relay, pausedTerminal.key, pausedReport)).status).toBe(204);
    const troubleReport = healthReport(trouble, {
      actions_waiting: 3,
      oldest_action_age_seconds: 200,
      orders_unanswered: 1,
      oldest_unanswered_age_seconds: 400,
      printers: [
        { name: 'Kitchen', state: 'out_of_paper' },
        { name: 'Bar', state: 'ready' },
      ],
      clock_offset_ms: -90_000,
    });
    expect((await putHealth(relay, troubleTerminal.key, troubleReport)).status).toBe(204);
    expect((await putHealth(relay, fineTerminal.key, healthReport(fine))).status).toBe(204);

    // On PostgreSQL a second instance shows the same: the store holds it, not one instance.
    const reader = store.kind === 'postgres' ? await start() : relay;
    await expect
      .poll(async () => (await fleet(reader, suffix)).map((row) => [row.venue_id, row.status]))
      .toEqual([
        [paused, 'paused_by_countertop'],
        [trouble, 'terminal_trouble'],
        [fine, 'ok'],
      ]);
    const rows = await fleet(reader, suffix);
    expect(rows[0]?.paused_by_countertop_since).toBe(PAUSED_AT);
    expect(rows[0]?.terminals[0]).toMatchObject({
      name: 'Bar',
      reported_name: 'Bar till',
      last_seen_at: new Date(clock).toISOString(),
      silent: false,
    });
    expect(rows[1]?.terminals[0]?.problems.map((p) => p.code)).toEqual([
      'actions_waiting',
      'orders_unanswered',
      'printer_out_of_paper',
      'clock_off',
    ]);
    expect(rows[2]?.terminals[0]?.problems).toEqual([]);

    const text = await metrics(reader);
    const line = (name: string, labels: string) =>
      new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1];
    const t = `terminal_id="${troubleTerminal.id}"`;
    expect(line('relay_terminal_actions_waiting', t)).toBe('3');
    expect(line('relay_terminal_oldest_action_age_seconds', t)).toBe('200');
    expect(line('relay_terminal_oldest_unanswered_age_seconds', t)).toBe('400');
    expect(line('relay_terminal_printers', `${t},state="out_of_paper"`)).toBe('1');
    expect(line('relay_terminal_printers', `${t},state="ready"`)).toBe('1');
    expect(line('relay_terminal_clock_offset_seconds', t)).toBe('-90.000');
    expect(line('relay_terminal_stream_up', `terminal_id="${pausedTerminal.id}"`)).toBe('0');
    expect(
      line('relay_venue_paused_by_countertop_since_timestamp_seconds', `venue_id="${paused}"`),
    ).toBe((Date.parse(PAUSED_AT) / 1000).toFixed(3));
    expect(line('relay_terminal_last_seen_timestamp_seconds', `${t},venue_id="${trouble}"`)).toBe(
      (clock / 1000).toFixed(3),
    );

    // 100 s later only the fine terminal and the paused one called: the front terminal is silent,
    // its report too old to judge by, its counts gone from /metrics; its venue still open.
    clock += 100_000;
    await round([
      { key: pausedTerminal.key, venue: paused, online: false },
      { key: fineTerminal.key, venue: fine, online: true },
    ]);
    expect((await putHealth(relay, fineTerminal.key, healthReport(fine))).status).toBe(204);
    await expect
      .poll(async () => (await fleet(reader, suffix))[0]?.terminals[0]?.last_seen_at)
      .toBe(new Date(clock).toISOString());
    const later = await fleet(reader, suffix);
    expect(later.map((row) => [row.venue_id, row.status])).toEqual([
      [paused, 'paused_by_countertop'],
      [trouble, 'terminal_trouble'],
      [fine, 'ok'],
    ]);
    expect(later[1]?.terminals[0]).toMatchObject({
      silent: true,
      report_current: false,
      problems: [{ code: 'silent', text: 'Silent for 100 s' }],
    });
    const laterText = await metrics(reader);
    expect(laterText).not.toContain(`relay_terminal_actions_waiting{${t}}`);
    expect(laterText).toContain(
      `relay_terminal_last_seen_timestamp_seconds{${t},venue_id="${trouble}"}`,
    );
    // The paused venue's pause outlives its old report: still paused.
    expect(laterText).toContain(
      `relay_venue_paused_by_countertop_since_timestamp_seconds{venue_id="${paused}"}`,
    );

    // Its terminal reports the venue back online, the pause over: no longer paused by Countertop.
    expect((await putHealth(relay, pausedTerminal.key, healthReport(paused))).status).toBe(204);
    await venueState(pausedTerminal.key, paused, true);
    const resumed = await fleet(reader, suffix);
    expect(resumed.find((row) => row.venue_id === paused)).toMatchObject({
      status: 'ok',
      paused_by_countertop_since: null,
    });
    expect(await metrics(reader)).not.toContain(
      `relay_venue_paused_by_countertop_since_timestamp_seconds{venue_id="${paused}"}`,
    );
  });
});

describe('the fleet view of terminal health in Chromium', () => {
  it('shows the paused venue first and a silent terminal within 90 s, every value as text', async () => {
    const temp = tempDir();
    const pausedKey = createTerminal(temp.dbPath, ['cr-paused'], { name: 'Bar' }).key;
    const silentKey = createTerminal(temp.dbPath, ['cr-open'], { name: 'Front' }).key;
    const relay = await startRelay({
      dbPath: temp.dbPath,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      metricsToken: METRICS_TOKEN,
      now: () => clock,
    });
    relays.push(relay);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      expect((await poll(relay.url, silentKey, { wait: 0 })).status).toBe(200);
      const openState = await send(`${relay.url}/v1/venue-state`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${silentKey}` },
        body: JSON.stringify({ venue_id: 'cr-open', online: true, open: true }),
      });
      expect(openState.status).toBe(200);
      expect(
        (await putHealth(relay, silentKey, healthReport('cr-open', { name: '<b>Front</b>' })))
          .status,
      ).toBe(204);
      // The front terminal goes silent; 75 s later (60 s of silence and the 15 s a poll may wait
      // to be noted) the bar terminal's guard has paused its venue.
      clock += 75_000;
      const report = healthReport('cr-paused', {
        stream: 'down',
        venues: [{ venue_id: 'cr-paused', online: false, paused_by_countertop_since: PAUSED_AT }],
      });
      expect((await putHealth(relay, pausedKey, report)).status).toBe(204);

      const page = await (await browser.newContext({ extraHTTPHeaders: AUTH })).newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      expect((await page.goto(`${relay.url}/fleet`))?.status()).toBe(200);
      const rows = page.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(2);
      const cells = (row: number) => rows.nth(row).locator('td');
      expect(await cells(0).nth(0).textContent()).toBe('Paused by Countertop');
      expect(await cells(0).nth(1).textContent()).toBe('cr-paused');
      expect(await cells(0).nth(5).textContent()).toContain('Paused by Countertop since');
      expect(await cells(1).nth(0).textContent()).toBe('Terminal trouble');
      const health = await cells(1).nth(3).textContent();
      expect(health).toContain('Front (<b>Front</b>): Silent for 75 s');
      expect(
        await cells(0)
          .nth(0)
          .evaluate((cell) => getComputedStyle(cell).backgroundColor),
      ).toBe('rgb(176, 0, 32)');
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await relay.close();
      relays.splice(0);
      temp.remove();
    }
  });
});
