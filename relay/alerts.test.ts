// The partner's alerts: the relay's per-venue series as a real relay exposes them (valid for
// Prometheus: promtool check metrics), and deploy/relay-alerts.yml checked and unit-tested by
// promtool (Debian's prometheus package) against deploy/relay-alerts.test.yml.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from './server';
import { createTerminalsAt } from './terminals';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  postMarketplace,
  send,
  sign,
  tempDir,
} from './testing/test-support';

const run = promisify(execFile);
const PROMTOOL = process.env.RELAY_PROMTOOL_BIN ?? '/usr/bin/promtool';
const DEPLOY = fileURLToPath(new URL('../deploy/', import.meta.url));
const missing = existsSync(PROMTOOL)
  ? null
  : `promtool is not installed (apt-get install prometheus)`;
if (missing !== null && process.env.CI === 'true')
  throw new Error(`CI must run the alert tests: ${missing}`);

/** promtool check metrics reads the exposition on stdin; resolves with its exit code and output. */
function checkMetrics(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(PROMTOOL, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

describe.skipIf(missing !== null)('relay alert rules (promtool)', () => {
  it('are valid rules', async () => {
    const { stdout } = await run(PROMTOOL, ['check', 'rules', 'relay-alerts.yml'], { cwd: DEPLOY });
    expect(stdout).toMatch(/SUCCESS: 8 rules found/);
  });

  it('fire, and stay quiet, as their unit tests say', async () => {
    const { stdout } = await run(PROMTOOL, ['test', 'rules', 'relay-alerts.test.yml'], {
      cwd: DEPLOY,
    });
    expect(stdout).toMatch(/SUCCESS/);
  });
});

describe('per-venue series on /metrics', () => {
  const made = tempDir();
  let relay: Relay;
  beforeAll(async () => {
    relay = await startRelay({ dbPath: made.dbPath, marketplaceSecrets: [MARKETPLACE_SECRET] });
  });
  afterAll(async () => {
    await relay.close();
    made.remove();
  });

  it('says per venue when a terminal last polled, what it reported, and the last notification', async () => {
    const [created] = await createTerminalsAt(made.dbPath, [{ venueIds: ['v-open', 'v-shut'] }]);
    const key = created?.key as string;
    const before = Date.now() / 1000;
    expect((await poll(relay.url, key, { after: 0 })).status).toBe(200);
    for (const [venue, open] of [
      ['v-open', true],
      ['v-shut', false],
    ] as const) {
      const answer = await send(`${relay.url}/v1/venue-state`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ venue_id: venue, online: true, open }),
      });
      expect(answer.status).toBe(200);
    }
    const body = orderNotification('metrics', 'v-open');
    expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
      200,
    );

    const text = (await send(`${relay.url}/metrics`)).text;
    const value = (name: string, venue: string) => {
      const match = new RegExp(`^${name}\\{venue_id="${venue}"\\} (\\S+)$`, 'm').exec(text);
      return match ? Number(match[1]) : undefined;
    };
    expect(value('relay_venue_reported_open', 'v-open')).toBe(1);
    expect(value('relay_venue_reported_open', 'v-shut')).toBe(0);
    expect(value('relay_venue_reported_online', 'v-shut')).toBe(1);
    for (const venue of ['v-open', 'v-shut']) {
      expect(value('relay_venue_last_poll_timestamp_seconds', venue)).toBeGreaterThanOrEqual(
        Math.floor(before),
      );
      expect(value('relay_venue_report_timestamp_seconds', venue)).toBeGreaterThanOrEqual(
        Math.floor(before),
      );
    }
    expect(
      value('relay_venue_last_notification_timestamp_seconds', 'v-open'),
    ).toBeGreaterThanOrEqual(Math.floor(before));
    expect(value('relay_venue_last_notification_timestamp_seconds', 'v-shut')).toBeUndefined();
    if (missing === null) {
      const checked = await checkMetrics(text);
      expect(checked.output).not.toMatch(/error/i);
      expect(checked.code).toBe(0);
    }
  });
});
