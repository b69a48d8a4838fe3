// deploy/README.md's walkthrough, executed: deploy/walkthrough.sh runs each numbered step of the
// document (PostgreSQL role and database, the lean build, the files, the credentials, the units
// started as systemd would, the migrations, Prometheus's config and rules through promtool, a
// terminal key, a signed notification through HAProxy, the terminal's poll) against a private
// PostgreSQL cluster, then stops what it started and removes its scratch root.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_MIGRATIONS } from './store/postgres/migrations';
import { haproxyUnavailable } from './testing/haproxy-support';
import { freePort, postgresSkipReason, startPgCluster, type PgCluster } from './testing/pg-cluster';

const SCRIPT = fileURLToPath(new URL('../deploy/walkthrough.sh', import.meta.url));
const README = fileURLToPath(new URL('../deploy/README.md', import.meta.url));
const skip = postgresSkipReason() ?? haproxyUnavailable();
if (skip !== null && process.env.CI === 'true')
  throw new Error(`CI must run the walkthrough: ${skip}`);

/** The steps deploy/README.md numbers, in its order. */
const STEPS = [
  '1. PostgreSQL',
  '2. The relay, lean',
  '3. The files in place',
  '4. The secrets',
  '5. systemctl enable --now',
  '6. Migrations',
  '7. Prometheus',
  '8. A terminal key',
  "9. The platform's signed notification",
  '10. The terminal polls it',
];

/** What each numbered step of the README does, which the script's step must do too. */
const STEP_COMMANDS: Record<number, string[]> = {
  1: ['createuser', 'createdb -O'],
  2: ['build:relay', 'countertop-relay'],
  3: ['relay.env', 'haproxy.env'],
  4: [
    'systemd-creds encrypt --name=marketplace-secrets -',
    'systemd-creds encrypt --name=metrics-token -',
    'systemd-creds encrypt --name=store-password -',
    'systemd-creds encrypt --name=credentials-key -',
  ],
  5: ['relay-haproxy'],
  6: ['SELECT version FROM relay_schema'],
  7: ['promtool check config', 'promtool check rules'],
  8: ['relay.mjs" admin create-terminal', 'PGPASSWORD'],
  9: ['hooks/marketplace'],
  10: ['/v1/events'],
};

const numbered = (text: string, marker: RegExp) => {
  const steps = new Map<number, string>();
  let current = 0;
  for (const line of text.split('\n')) {
    const match = marker.exec(line);
    if (match) current = Number(match[1]);
    if (current > 0) steps.set(current, `${steps.get(current) ?? ''}${line}\n`);
  }
  return steps;
};

it('keeps deploy/README.md and deploy/walkthrough.sh in step', () => {
  const readme = readFileSync(README, 'utf8');
  expect(readme).toContain('deploy/walkthrough.sh');
  const block = /```sh\n# 1\.[\s\S]*?```/.exec(readme)?.[0] ?? '';
  const doc = numbered(block, /^#\s*(\d+)\. /);
  const script = numbered(readFileSync(SCRIPT, 'utf8'), /^step "(\d+)\. /);
  expect([...doc.keys()]).toEqual(STEPS.map((_, i) => i + 1));
  expect([...script.keys()]).toEqual(STEPS.map((_, i) => i + 1));
  for (const [n, commands] of Object.entries(STEP_COMMANDS)) {
    for (const command of commands) {
      const bare = command.replace('relay.mjs" ', 'relay.mjs ');
      expect(doc.get(Number(n)), `README step ${n}: ${bare}`).toContain(bare);
      expect(script.get(Number(n)), `walkthrough.sh step ${n}: ${command}`).toContain(command);
    }
  }
});

describe.skipIf(skip !== null)(`the deploy walkthrough${skip ? ` (SKIPPED: ${skip})` : ''}`, () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster();
  });
  afterAll(async () => {
    await cluster.stop();
  });

  it("runs deploy/README.md's steps to a terminal polling a signed notification, and cleans up", async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    const child = spawn('bash', [SCRIPT], {
      env: {
        ...process.env,
        PGHOST: '127.0.0.1',
        PGPORT: String(cluster.port),
        PGUSER: 'postgres',
        // The cluster's one role that must give its password (scram-sha-256): the
        // store-password credential is really what lets the instances in.
        WALK_DB_ROLE: 'relay_password',
        WALK_PORTS: ports.join(' '),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, `${stdout}\n${stderr}`).toBe(0);

    const steps = [...stdout.matchAll(/^== (.*)$/gm)].map((match) => match[1] as string);
    expect(steps.length).toBe(STEPS.length);
    STEPS.forEach((title, i) => expect(steps[i]).toContain(title));
    expect(stdout).toContain(`walkthrough: schema version ${PG_MIGRATIONS.length}\n`);
    expect(stdout).toContain(
      'walkthrough: notification accepted (200), a forged one refused (401)',
    );
    expect(stdout).toContain('walkthrough: the terminal has the notification');
    expect(stdout).toContain('walkthrough: ok\n');

    // Cleaned up: the scratch root is gone and every process it started has exited.
    const root = /walkthrough: scratch root (\S+)/.exec(stdout)?.[1] as string;
    expect(root).toBeTruthy();
    expect(existsSync(root)).toBe(false);
    const pids = [...stdout.matchAll(/started \S+ \(pid (\d+)\)/g)].map((m) => Number(m[1]));
    expect(pids.length).toBe(3);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(stdout).toContain('walkthrough: stopped 3 processes, removed the scratch root');
    // No secret reached the output.
    expect(stdout).not.toMatch(/rtk_/);
  }, 120_000);
});
