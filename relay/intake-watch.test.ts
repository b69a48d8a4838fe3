// The relay watching its own intake, on a real relay over real sockets with the clock the test
// moves: a venue online, open and polled but whose notifications stopped for longer than its own
// order rate makes likely is "no orders arriving" for its terminal (the venue-state answer), in
// GET /v1/intake and in /metrics; a venue closed, offline or unpolled is never flagged, and a
// notification ends the silence.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Relay } from './server';
import { startRelay } from './server';
import { createTerminal } from './terminals';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  collect,
  poll,
  postMarketplace,
  runCli,
  send,
  sign,
  tempDir,
} from './testing/test-support';

const VENUE = 'venue-intake';
const METRICS_TOKEN = 'metrics-token-0123456789';
let clock = Date.parse('2026-11-26T11:00:00Z');
let temp: ReturnType<typeof tempDir>;
let relay: Relay;
let key: string;
let otherKey: string;
let seq = 0;

const webhook = async (status = 'CREATED') => {
  seq += 1;
  const body = orderNotification(`n${seq}`, VENUE, status);
  const answer = await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET));
  expect(answer.status).toBe(200);
};
const report = async (state: { online: boolean; open: boolean }, as = key) => {
  const answer = await send(`${relay.url}/v1/venue-state`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${as}` },
    body: JSON.stringify({ venue_id: VENUE, ...state }),
  });
  return { status: answer.status, json: JSON.parse(answer.text) as Record<string, unknown> };
};
const advance = (ms: number) => {
  clock += ms;
};
/** A terminal that polls and reports its venue online and open. */
const alive = async () => {
  expect((await poll(relay.url, key)).status).toBe(200);
  return report({ online: true, open: true });
};

beforeEach(async () => {
  temp = tempDir();
  relay = await startRelay({
    dbPath: temp.dbPath,
    marketplaceSecrets: [MARKETPLACE_SECRET],
    metricsToken: METRICS_TOKEN,
    now: () => clock,
    intake: { minQuietMs: 60_000, defaultQuietMs: 30 * 60_000, minHistory: 5 },
  });
  key = createTerminal(temp.dbPath, [VENUE]).key;
  otherKey = createTerminal(temp.dbPath, ['another-venue']).key;
});
afterEach(async () => {
  await relay.close();
  temp.remove();
});

describe('the relay watches its own intake', () => {
  it('flags a venue silent past its own order rate, for its terminal, the partner and /metrics', async () => {
    // A venue placing an order every 2 minutes (and accepting each), watched throughout.
    await alive();
    for (let i = 0; i < 6; i += 1) {
      advance(110_000);
      await alive();
      await webhook('CREATED');
      advance(10_000);
      await webhook('PRODUCTION');
    }
    // 7 × 2 min = 14 min is the threshold (counted from the last notification, an acceptance):
    // 13 minutes of silence is still a quiet spell.
    const threshold = 7 * 120;
    for (let quiet = 0; quiet < 13 * 60_000; quiet += 60_000) {
      advance(60_000);
      const verdict = await alive();
      expect(verdict.json.no_orders_arriving).toBe(false);
    }
    advance(2 * 60_000);
    const flagged = await alive();
    expect(flagged.status).toBe(200);
    expect(flagged.json).toMatchObject({
      venue_id: VENUE,
      no_orders_arriving: true,
      threshold_seconds: threshold,
    });
    expect(flagged.json.quiet_seconds).toBeGreaterThan(threshold);

    // The partner's view and the metrics list it, behind the metrics token.
    expect((await send(`${relay.url}/v1/intake`)).status).toBe(401);
    const auth = { Authorization: `Bearer ${METRICS_TOKEN}` };
    const view = JSON.parse((await send(`${relay.url}/v1/intake`, { headers: auth })).text) as {
      venues: { venue_id: string; no_orders_arriving: boolean }[];
    };
    expect(view.venues.filter((v) => v.no_orders_arriving).map((v) => v.venue_id)).toEqual([VENUE]);
    const cli = await collect(
      runCli(['admin', 'intake', '--url', relay.url], { RELAY_METRICS_TOKEN: METRICS_TOKEN }),
    );
    expect(cli.code).toBe(3);
    expect(cli.stdout.split('\n')[0]).toMatch(
      new RegExp(`^${VENUE}\tno-orders-arriving\tquiet \\d+ s\tthreshold ${threshold} s\t`),
    );
    const metrics = (await send(`${relay.url}/metrics`, { headers: auth })).text;
    expect(metrics).toMatch(/^relay_venues_no_orders_arriving 1$/m);
    expect(metrics).toContain(`relay_venue_no_orders_arriving{venue_id="${VENUE}"} 1`);

    // Any notification ends the silence.
    await webhook('READY');
    expect((await alive()).json.no_orders_arriving).toBe(false);
    expect((await send(`${relay.url}/metrics`, { headers: auth })).text).toMatch(
      /^relay_venues_no_orders_arriving 0$/m,
    );
  });

  it('never flags a venue closed, offline or not polled, and counts silence from its opening', async () => {
    await alive();
    advance(29 * 60_000);
    // No history yet: the default 30 minutes holds.
    expect((await alive()).json).toMatchObject({
      no_orders_arriving: false,
      threshold_seconds: 1800,
    });
    // Closed (or offline) for hours: not watched.
    expect((await report({ online: true, open: false })).json.watched).toBe(false);
    advance(3 * 3_600_000);
    expect((await report({ online: false, open: true })).json.no_orders_arriving).toBe(false);
    // Open again: the silence counts from now, not from the last notification hours ago.
    const reopened = await alive();
    expect(reopened.json).toMatchObject({ watched: true, no_orders_arriving: false });
    expect(reopened.json.quiet_seconds).toBe(0);
    advance(31 * 60_000);
    // Reports alone, with no terminal polling for 31 minutes: not watched.
    expect((await report({ online: true, open: true })).json).toMatchObject({
      watched: false,
      no_orders_arriving: false,
    });
    // Polled again: watched from now.
    expect((await alive()).json.no_orders_arriving).toBe(false);
    advance(31 * 60_000);
    await poll(relay.url, key);
    expect((await report({ online: true, open: true })).json.no_orders_arriving).toBe(false);
  });

  it('answers a terminal for its own venues only, and refuses a bad body', async () => {
    expect((await report({ online: true, open: true }, otherKey)).status).toBe(403);
    expect((await report({ online: true, open: true }, 'no-such-key')).status).toBe(401);
    const bad = await send(`${relay.url}/v1/venue-state`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ venue_id: VENUE, online: 'yes' }),
    });
    expect(bad.status).toBe(400);
  });
});
