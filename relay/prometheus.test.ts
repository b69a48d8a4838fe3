// A real Prometheus (Debian's prometheus package) scrapes a real relay, with the metrics token, and
// evaluates deploy/relay-alerts.yml's silent-terminal rule: quiet while the terminal polls, firing
// once it stops, resolved when it polls again. Only the rule's numbers are scaled down (its 2
// minutes of silence to 5 s, its `for` to 2 s; scrapes and evaluations every 500 ms, so the test
// waits a fraction of a second, not up to two, for each step to be seen): the expression, its
// labels and its join with the venue's reported opening are the shipped ones.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from './server';
import { createTerminal } from './terminals';
import { MARKETPLACE_SECRET, poll, send, tempDir } from './testing/test-support';

const PROMETHEUS = process.env.RELAY_PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const RULES = fileURLToPath(new URL('../deploy/relay-alerts.yml', import.meta.url));
const missing = existsSync(PROMETHEUS)
  ? null
  : 'prometheus is not installed (apt-get install prometheus)';
if (missing !== null && process.env.CI === 'true')
  throw new Error(`CI must run the Prometheus test: ${missing}`);

const METRICS_TOKEN = 'metrics-token-prometheus-0123456789';
const VENUE = 'prom-open';
const ALERT = 'CountertopTerminalSilent';

/** One rule of the shipped file, its thresholds scaled; fails if the rule no longer reads so. */
function scaledRule(name: string, replacements: [string, string][]): string {
  const text = readFileSync(RULES, 'utf8');
  const start = text.indexOf(`      - alert: ${name}\n`);
  expect(start, `${name} in relay-alerts.yml`).toBeGreaterThan(0);
  const rest = text.slice(start + 1);
  const next = rest.search(/\n\n|\n {6}- alert:/);
  let rule = text.slice(start, next === -1 ? undefined : start + 1 + next);
  for (const [from, to] of replacements) {
    expect(rule.split(from).length - 1, `"${from}" once in ${name}`).toBe(1);
    rule = rule.replace(from, to);
  }
  return `groups:\n  - name: scaled\n    rules:\n${rule}\n`;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

type Alert = { labels: Record<string, string>; state: 'pending' | 'firing'; value: string };

describe.skipIf(missing !== null)('a real Prometheus scraping a real relay', () => {
  const made = tempDir();
  const dir = mkdtempSync(join(tmpdir(), 'relay-prometheus-'));
  let relay: Relay;
  let prometheus: ChildProcess;
  let promUrl = '';
  let output = '';
  let terminal: { id: string; key: string };

  const api = async <T>(path: string): Promise<T> => {
    const answer = await send(`${promUrl}${path}`);
    expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    return (JSON.parse(answer.text) as { data: T }).data;
  };
  const silentAlerts = async (): Promise<Alert[]> =>
    (await api<{ alerts: Alert[] }>('/api/v1/alerts')).alerts.filter(
      (alert) => alert.labels.alertname === ALERT,
    );
  /** Prometheus' own count of rule evaluations: waits are on evaluations, not on time. */
  const evaluations = async (): Promise<number> => {
    const text = (await send(`${promUrl}/metrics`)).text;
    const match = /^prometheus_rule_group_iterations_total\{[^}]*\} (\S+)$/m.exec(text);
    return match ? Number(match[1]) : 0;
  };

  const startAll = async () => {
    terminal = createTerminal(made.dbPath, [VENUE], { name: 'Counter' });
    relay = await startRelay({
      dbPath: made.dbPath,
      marketplaceSecrets: [MARKETPLACE_SECRET],
      metricsToken: METRICS_TOKEN,
      // A terminal's calls are noted every 200 ms instead of 15 s, to match the scaled rule.
      presenceNoteMs: 200,
    });
    const target = new URL(relay.url).host;
    writeFileSync(join(dir, 'token'), METRICS_TOKEN, { mode: 0o600 });
    writeFileSync(
      join(dir, 'rules.yml'),
      scaledRule(ALERT, [
        ['> 120', '> 5'],
        ['for: 1m', 'for: 2s'],
      ]),
    );
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        // A scrape's timeout is its interval: 500 ms leaves a loaded machine's relay time to answer.
        'global: { scrape_interval: 500ms, evaluation_interval: 500ms }',
        'rule_files: [rules.yml]',
        'scrape_configs:',
        '  - job_name: countertop-relay',
        `    authorization: { credentials_file: ${join(dir, 'token')} }`,
        `    static_configs: [{ targets: ['${target}'] }]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (data: Buffer) => (output += data.toString()));
    prometheus.stderr?.on('data', (data: Buffer) => (output += data.toString()));
    await expect
      .poll(async () => (await send(`${promUrl}/-/ready`).catch(() => null))?.status, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(200);
  };

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await relay?.close();
    made.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fires the silent-terminal alert when a terminal of an open venue stops calling, and resolves it', async () => {
    await startAll();
    let polling = true;
    const keepPolling = async () => {
      while (polling) {
        expect((await poll(relay.url, terminal.key, { wait: 1 })).status).toBe(200);
      }
    };
    let poller = keepPolling();
    const open = await send(`${relay.url}/v1/venue-state`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${terminal.key}` },
      body: JSON.stringify({ venue_id: VENUE, online: true, open: true }),
    });
    expect(open.status).toBe(200);

    // Scraped with the token: the terminal's last call and its venue's opening are in Prometheus.
    const selector = encodeURIComponent(
      `relay_terminal_last_seen_timestamp_seconds{terminal_id="${terminal.id}",venue_id="${VENUE}"}`,
    );
    await expect
      .poll(
        async () => (await api<{ result: unknown[] }>(`/api/v1/query?query=${selector}`)).result,
        { timeout: 60_000, interval: 100 },
      )
      .toHaveLength(1);
    const up = encodeURIComponent('up{job="countertop-relay"}');
    const [target] = (
      await api<{ result: { value: [number, string] }[] }>(`/api/v1/query?query=${up}`)
    ).result;
    expect(target?.value[1]).toBe('1');

    // Five evaluations with the terminal calling: no alert, not even pending.
    const before = await evaluations();
    await expect
      .poll(evaluations, { timeout: 60_000, interval: 100 })
      .toBeGreaterThanOrEqual(before + 5);
    expect(await silentAlerts()).toEqual([]);

    // It stops calling: past 5 s of silence and 2 s more, the alert fires, for it and its venue.
    polling = false;
    await poller;
    await expect
      .poll(async () => (await silentAlerts()).map((a) => a.state), {
        timeout: 60_000,
        interval: 100,
      })
      .toEqual(['firing']);
    const [firing] = await silentAlerts();
    expect(firing?.labels).toMatchObject({
      alertname: ALERT,
      severity: 'warning',
      terminal_id: terminal.id,
      venue_id: VENUE,
    });
    // The expression's value: the seconds of silence Prometheus saw, past the scaled 5 s.
    expect(Number(firing?.value)).toBeGreaterThan(5);

    // Calling again resolves it.
    polling = true;
    poller = keepPolling();
    await expect.poll(silentAlerts, { timeout: 60_000, interval: 100 }).toEqual([]);
    polling = false;
    await poller;
    expect(output).not.toMatch(/level=error/);
  }, 180_000);
});
