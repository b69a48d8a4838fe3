// GET /v1/terminal/venue on a real relay over real sockets, on both stores, with the clock the
// test moves: a terminal learns the other terminals of its venue (their staff names, never
// another venue's), each receiving while the relay heard from it lately, silent once not, and
// not receiving when its last report says its stream is down. On PostgreSQL a second instance
// answers from what the first noted.
import { afterEach, expect, it } from 'vitest';
import type { TerminalHealth } from '../shared/terminal-health';
import type { VenueTerminalAnswer } from './routes/venue-terminals';
import type { Relay } from './server';
import { startRelay } from './server';
import { describeEachStore } from './testing/store-fixture';
import { MARKETPLACE_SECRET, healthReport, send } from './testing/test-support';

let clock = Date.parse('2026-11-26T12:00:00Z');
const relays: Relay[] = [];

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

const report = (venueId: string, name: string, stream: 'up' | 'down'): TerminalHealth =>
  healthReport(venueId, { name, stream, printers: [], clock_offset_ms: 0 });

const venueTerminals = async (relay: Relay, key: string | null) => {
  const answer = await send(`${relay.url}/v1/terminal/venue`, {
    headers: key === null ? {} : { Authorization: `Bearer ${key}` },
  });
  return {
    status: answer.status,
    body: answer.status === 200 ? (JSON.parse(answer.text) as VenueTerminalAnswer) : null,
  };
};

/** Waits until the relay's batched presence write shows the terminal (250 ms window). */
const untilNamed = async (
  relay: Relay,
  key: string,
  check: (answer: VenueTerminalAnswer) => boolean,
): Promise<VenueTerminalAnswer> => {
  for (let tries = 0; tries < 200; tries += 1) {
    const { body } = await venueTerminals(relay, key);
    if (body && check(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the relay never showed the expected terminals');
};

describeEachStore('the terminals of a venue', (store) => {
  const start = async () => {
    const relay = await startRelay({
      ...store.options,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      now: () => clock,
      presenceNoteMs: 0,
      receivingWithinMs: 30_000,
    });
    relays.push(relay);
    return relay;
  };

  it('names the venue’s other terminals, receiving while heard from lately, and no other venue’s', async () => {
    const suffix = `${store.kind}-${Date.now()}`;
    const venue = `peers-${suffix}`;
    const counter = await store.createTerminal([venue], 'admin-counter');
    const kitchen = await store.createTerminal([venue], 'admin-kitchen');
    const stranger = await store.createTerminal([`peers-other-${suffix}`], 'stranger');
    const relay = await start();

    expect((await venueTerminals(relay, null)).status).toBe(401);
    expect((await venueTerminals(relay, 'rtk_unknown')).status).toBe(401);

    // Kitchen never called: known, not receiving. The caller itself always receives.
    const first = await venueTerminals(relay, counter.key);
    expect(first.status).toBe(200);
    expect(first.body?.terminals).toHaveLength(2);
    expect(first.body?.terminals.find((t) => t.self)).toMatchObject({ receiving: true });
    expect(first.body?.terminals.find((t) => !t.self)).toMatchObject({
      name: 'admin-kitchen',
      receiving: false,
      last_seen_seconds: null,
    });

    // Kitchen polls and names itself in its report: Counter sees it receiving, by staff's name.
    expect(
      (
        await send(`${relay.url}/v1/terminal/health`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${kitchen.key}` },
          body: JSON.stringify(report(venue, 'Kitchen', 'up')),
        })
      ).status,
    ).toBe(204);
    const seen = await untilNamed(relay, counter.key, (a) =>
      a.terminals.some((t) => !t.self && t.receiving),
    );
    expect(seen.terminals.find((t) => !t.self)?.name).toBe('Kitchen');
    // No terminal of another venue is named.
    expect(JSON.stringify(seen)).not.toContain('stranger');
    expect((await venueTerminals(relay, stranger.key)).body?.terminals).toHaveLength(1);

    // Kitchen silent longer than the window: not receiving.
    clock += 31_000;
    const silent = await venueTerminals(relay, counter.key);
    expect(silent.body?.terminals.find((t) => !t.self)).toMatchObject({
      receiving: false,
      last_seen_seconds: 31,
    });

    // Kitchen calls again but reports its stream down: still not receiving.
    await send(`${relay.url}/v1/terminal/health`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${kitchen.key}` },
      body: JSON.stringify(report(venue, 'Kitchen', 'down')),
    });
    const down = await untilNamed(relay, counter.key, (a) =>
      a.terminals.some((t) => !t.self && t.last_seen_seconds === 0),
    );
    expect(down.terminals.find((t) => !t.self)?.receiving).toBe(false);

    // A second instance on the same store (PostgreSQL) answers the same from the store.
    if (store.kind === 'postgres') {
      const other = await start();
      const again = await venueTerminals(other, counter.key);
      expect(again.body?.terminals.find((t) => !t.self)).toMatchObject({
        name: 'Kitchen',
        receiving: false,
        last_seen_seconds: 0,
      });
    }
  });
});
