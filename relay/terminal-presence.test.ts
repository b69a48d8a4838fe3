// Each terminal's record at the relay as a partner sees it, over HTTP on a real relay, on both
// stores, with the clock the test moves: the last time a key was heard from (any call) and its
// newest health report, read back through /fleet.json; on PostgreSQL through a second instance, so
// what one instance noted is in the store, not in its memory. A key's calls are noted at most every
// PRESENCE_NOTE_MS per instance (presence.ts): between two notes its last-seen time is that old.
import { afterEach, expect, it } from 'vitest';
import type { FleetRow, FleetTerminal } from './fleet';
import { PRESENCE_NOTE_MS } from './presence';
import type { Relay } from './server';
import { startRelay } from './server';
import { describeEachStore } from './testing/store-fixture';
import { MARKETPLACE_SECRET, healthReport, poll, send } from './testing/test-support';

const METRICS_TOKEN = 'metrics-token-0123456789';
let clock = Date.parse('2026-11-27T12:00:00Z');
const relays: Relay[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

/** The terminal as /fleet.json shows it. */
const shown = async (relay: Relay, terminalId: string): Promise<FleetTerminal | undefined> => {
  const answer = await send(`${relay.url}/fleet.json`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(answer.status).toBe(200);
  const { venues } = JSON.parse(answer.text) as { venues: FleetRow[] };
  return venues.flatMap((row) => row.terminals).find((t) => t.id === terminalId);
};

const iso = (at: number) => new Date(at).toISOString();

describeEachStore('terminal presence over HTTP', (store) => {
  const start = async () => {
    const relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      metricsToken: METRICS_TOKEN,
      now: () => clock,
    });
    relays.push(relay);
    return relay;
  };

  it('keeps when each key was last heard from and its newest report, in the store, at most one note interval old', async () => {
    const venue = `presence-${store.kind}-${Date.now()}`;
    const counter = await store.createTerminal([venue], 'Counter');
    const kitchen = await store.createTerminal([venue], 'Kitchen');
    const relay = await start();
    // On PostgreSQL another instance reads what this one noted.
    const reader = store.kind === 'postgres' ? await start() : relay;

    // Never heard from: listed with its venue, no time, no report.
    expect(await shown(reader, counter.id)).toMatchObject({
      last_seen_at: null,
      reported_at: null,
      health: null,
    });

    const first = clock;
    expect((await poll(relay.url, counter.key)).status).toBe(200);
    await expect.poll(async () => (await shown(reader, counter.id))?.last_seen_at).toBe(iso(first));
    expect(await shown(reader, kitchen.id)).toMatchObject({ last_seen_at: null });

    // Polled again within the note interval: not written again, so the time shown stays the
    // first (the one staleness the view has); once the interval has passed the next call is noted.
    clock += PRESENCE_NOTE_MS - 1_000;
    expect((await poll(relay.url, counter.key)).status).toBe(200);
    clock += 2_000;
    const noted = clock;
    expect((await poll(relay.url, counter.key)).status).toBe(200);
    await expect.poll(async () => (await shown(reader, counter.id))?.last_seen_at).toBe(iso(noted));

    // A health report is committed before its answer: every instance shows it at once, and it
    // counts as hearing from the terminal.
    clock += 3_000;
    const report = healthReport(venue, { name: 'Counter till' });
    const reported = await send(`${relay.url}/v1/terminal/health`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${counter.key}` },
      body: JSON.stringify(report),
    });
    expect(reported.status).toBe(204);
    expect(await shown(reader, counter.id)).toMatchObject({
      last_seen_at: iso(clock),
      reported_at: iso(clock),
      reported_name: 'Counter till',
      health: report,
      silent: false,
    });

    // The other terminal of the venue, heard from only now, is noted on its own.
    expect((await poll(relay.url, kitchen.key)).status).toBe(200);
    await expect.poll(async () => (await shown(reader, kitchen.id))?.last_seen_at).toBe(iso(clock));
    expect((await shown(reader, counter.id))?.last_seen_at).toBe(iso(clock));

    // A revoked key is refused, and the view no longer lists it.
    expect(await store.revokeTerminal(counter.id)).toBe(true);
    await expect.poll(async () => (await poll(relay.url, counter.key)).status).toBe(401);
    expect(await shown(reader, counter.id)).toBeUndefined();
    expect(await shown(reader, kitchen.id)).toMatchObject({ last_seen_at: iso(clock) });
  });
});
