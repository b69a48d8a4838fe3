// The lean relay install (`npm run build:relay`): one bundle plus its runtime packages, run with
// plain node from a folder where nothing else is installed, does the relay's whole job on both
// stores: admin commands, credentials, webhooks, polls, a SIGHUP reload and a clean SIGTERM; and
// it passes the relay's conformance suites for webhooks and polls, run against it over sockets.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildRelay, RELAY_RUNTIME_PACKAGES } from '../scripts/build-relay';
import { waitFor } from '../test/wait';
import { CREDENTIALS } from './credentials';
import { BUNDLE_ENV, STARTED_LOG_ENV } from './testing/relay-under-test';
import { describeEachStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  MARKETPLACE_SECRET_NEXT,
  REPO_ROOT,
  collect,
  orderNotification,
  poll,
  postMarketplace,
  runCli,
  sign,
  spawnRelay,
  tempDir,
} from './testing/test-support';

const out = tempDir();
const bundle = join(out.dir, 'relay', 'relay.mjs');
let packages: string[] = [];

beforeAll(async () => {
  ({ packages } = await buildRelay(join(out.dir, 'relay')));
}, 120_000);
afterAll(() => out.remove());

// Development packages the relay must not need (its old unit ran it through tsx from a full npm ci).
const DEV_ONLY = [
  'tsx',
  'typescript',
  'zod',
  'jose',
  'esbuild',
  'vite',
  'vitest',
  'electron',
  'playwright-core',
];

it('holds one bundle and only the runtime packages and their dependencies', () => {
  const folder = join(out.dir, 'relay');
  expect(readdirSync(folder).sort()).toEqual([
    'node_modules',
    'package.json',
    'relay.mjs',
    'relay.mjs.map',
  ]);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies?: unknown;
  };
  expect(Object.keys(manifest.dependencies).sort()).toEqual([...RELAY_RUNTIME_PACKAGES].sort());
  expect(manifest.devDependencies).toBeUndefined();
  const installed = readdirSync(join(folder, 'node_modules'));
  expect(installed).toEqual(expect.arrayContaining([...RELAY_RUNTIME_PACKAGES]));
  expect(installed.sort()).toEqual([...new Set(packages)].sort());
  for (const name of DEV_ONLY) expect(installed).not.toContain(name);
  // Nothing above the folder to fall back on: the test's temporary folder has no node_modules.
  expect(existsSync(join(out.dir, 'node_modules'))).toBe(false);
});

describeEachStore('the bundled relay, run with plain node', (store) => {
  it('creates a terminal, serves webhooks and polls with credentials, reloads them, and stops cleanly', async () => {
    const target = await store.fresh();
    const created = await collect(
      runCli(
        ['admin', 'create-terminal', ...target.args, '--venue', 'v-bundle', '--name', 'Till 1'],
        {},
        bundle,
      ),
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const key = created.stdout.trimEnd().split('\n').at(-1) as string;
    expect(key).toMatch(/^rtk_/);

    const credentials = tempDir();
    writeFileSync(join(credentials.dir, CREDENTIALS.marketplaceSecrets), `${MARKETPLACE_SECRET}\n`);
    const relay = await spawnRelay(
      [...target.args, '--port', '0'],
      { CREDENTIALS_DIRECTORY: credentials.dir },
      bundle,
    );
    try {
      const body = orderNotification('bundled', 'v-bundle');
      expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
        200,
      );
      const answer = await poll(relay.url, key, { after: 0 });
      expect(answer.events.map((event) => event.body)).toEqual([body]);

      writeFileSync(
        join(credentials.dir, CREDENTIALS.marketplaceSecrets),
        `${MARKETPLACE_SECRET_NEXT}\n`,
      );
      relay.child.kill('SIGHUP');
      await waitFor(() => /secrets reloaded: 1 marketplace secret/.test(relay.stderr()), {
        message: 'the reload',
      });
      const next = orderNotification('bundled-next', 'v-bundle');
      expect(
        (await postMarketplace(relay.url, next, sign(next, MARKETPLACE_SECRET_NEXT))).status,
      ).toBe(200);

      const listed = await collect(runCli(['admin', 'list-terminals', ...target.args], {}, bundle));
      expect(listed.stdout).toMatch(/\tactive\tv-bundle\tTill 1\t/);
    } finally {
      relay.child.kill('SIGTERM');
      expect(await relay.exited).toBe(0);
      credentials.remove();
    }
  });
});

/**
 * The suites that hold the relay to its HTTP contract over real sockets, written against
 * startRelayUnderTest (relay/testing/relay-under-test.ts) so they can run against the bundle.
 */
const CONFORMANCE_SUITES = ['relay/marketplace-webhook.test.ts', 'relay/polling.test.ts'];

type VitestReport = {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
};

it('passes the relay conformance suites for webhooks and polls, on both stores', async () => {
  const report = join(out.dir, 'conformance.json');
  const startedLog = join(out.dir, 'started.log');
  writeFileSync(startedLog, '');
  // Only this process's own test runner is left out of the child's environment.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS',
    ),
  );
  const run = spawn(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      ...CONFORMANCE_SUITES,
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    {
      cwd: REPO_ROOT,
      env: { ...env, [BUNDLE_ENV]: bundle, [STARTED_LOG_ENV]: startedLog },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const { code, stderr } = await collect(run);
  const result = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  expect({ code, failed: result.numFailedTests }, stderr).toEqual({ code: 0, failed: 0 });
  expect(result.testResults.map((file) => file.name.slice(REPO_ROOT.length)).sort()).toEqual(
    [...CONFORMANCE_SUITES].sort(),
  );
  for (const file of result.testResults) {
    expect(file.status).toBe('passed');
    expect(file.assertionResults.length).toBeGreaterThan(10);
  }
  // Every relay those suites started was the bundle, a process of its own.
  const started = readFileSync(startedLog, 'utf8').trimEnd().split('\n');
  expect(started.length).toBeGreaterThanOrEqual(CONFORMANCE_SUITES.length * 2);
  for (const line of started) {
    expect(line.split('\t')).toEqual([expect.stringMatching(/^\d+$/), bundle]);
  }
}, 180_000);
