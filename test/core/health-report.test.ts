// A terminal's health reports, from a real core to a real relay over real sockets: what the
// partner reads in /fleet is what the terminal's slices say (its name, its links, the venue's
// state, an order nobody answered), and a terminal that stops goes silent there.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FleetRow, FleetTerminal } from '../../relay/fleet';
import { TERMINAL_SILENT_MS } from '../../shared/terminal-health';
import type { Core } from '../../main/core';
import type { World } from './harness';
import { startWorld, waitFor } from './harness';

const METRICS_TOKEN = 'fleet-token-for-the-health-report-test-0123456789';
let world: World;
let core: Core;
// The relay's clock: real time plus what the test moved it on.
let relayAheadMs = 0;

beforeEach(async () => {
  relayAheadMs = 0;
  world = await startWorld({
    relay: { metricsToken: METRICS_TOKEN, now: () => Date.now() + relayAheadMs },
  });
  core = await world.startCore({ healthReportMs: 300, version: '1.4.2', machineName: 'pos-7f3a' });
  await world.connect(core);
  // The name staff give the terminal is the one reported (the computer's name never is).
  await core.api['terminal:rename']({ name: 'Till 1' });
});
afterEach(async () => {
  await world.close();
});

const venueRow = async (): Promise<FleetRow | undefined> => {
  const answer = await fetch(`${world.relay.url}/fleet.json`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(answer.status).toBe(200);
  const { venues } = (await answer.json()) as { venues: FleetRow[] };
  return venues.find((row) => row.venue_id === world.sandbox.demo.venueId);
};
const theTerminal = async (): Promise<FleetTerminal | undefined> =>
  (await venueRow())?.terminals[0];

describe('terminal health reports', () => {
  it('the relay shows what the terminal reports, and a stopped terminal goes silent', async () => {
    const placed = await world.placeOrder();
    await waitFor('the order at the terminal', async () =>
      (await core.api['orders:list']({})).some((o) => o.id === placed.id),
    );
    const reported = await waitFor('a report naming the unanswered order', async () => {
      const terminal = await theTerminal();
      // The order's "sent to POS" may still wait in the outbox in an earlier report.
      const health = terminal?.health;
      return health?.orders_unanswered === 1 &&
        health.stream === 'up' &&
        health.actions_waiting === 0
        ? terminal
        : undefined;
    });
    expect(reported.reported_name).toBe('Till 1');
    expect(reported.silent).toBe(false);
    expect(reported.report_current).toBe(true);
    expect(reported.health).toMatchObject({
      app_version: '1.4.2',
      name: 'Till 1',
      stream: 'up',
      platform: 'ok',
      venues: [
        {
          venue_id: world.sandbox.demo.venueId,
          online: true,
          paused_by_countertop_since: null,
        },
      ],
      actions_waiting: 0,
      oldest_action_age_seconds: null,
      orders_unanswered: 1,
      printers: [],
    });
    expect(reported.health?.oldest_unanswered_age_seconds).toBeGreaterThanOrEqual(0);
    expect(typeof reported.health?.clock_offset_ms).toBe('number');

    // Staff answer the order: the next report says nobody waits any more.
    await core.api['orders:accept']({ orderId: placed.id, preparationMinutes: 30 });
    await waitFor('a report with nothing waiting', async () => {
      const health = (await theTerminal())?.health;
      return health?.orders_unanswered === 0 && health.actions_waiting === 0 ? health : undefined;
    });

    // The terminal stops: past the silence limit (the relay's clock moved on) it shows silent.
    await core.close();
    relayAheadMs = TERMINAL_SILENT_MS + 5_000;
    const silent = await waitFor('the terminal silent at the relay', async () => {
      const terminal = await theTerminal();
      return terminal?.silent ? terminal : undefined;
    });
    expect(silent.problems.map((p) => p.code)).toContain('silent');
  });
});
