// The README's "Connect a real venue" walkthrough, step by step as written: `npm run sandbox`'s
// block of set-up values goes field by field into setup (the setup screen's own labels), `status`
// prints it again with a fresh code, and `trigger order` puts an order on the terminal.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import type { SetupConnectRequest } from '../../shared/ipc/contract';
import { setupConnectSchema } from '../../shared/ipc/contract';
import { setupMessages } from '../../renderer/setup/messages';
import { SIGN_IN_CALLBACK_PATH } from '../../shared/sign-in';
import type { Core } from '../../main/core';
import { startCore } from '../../main/core';
import { createMemorySecretStore } from '../../main/secrets/secret-store';
import { stateFile } from '../../scripts/sandbox';
import { waitFor } from '../wait';

const dir = mkdtempSync(join(tmpdir(), 'countertop-walkthrough-'));
let sandbox: ChildProcessWithoutNullStreams | null = null;
let core: Core | null = null;
afterAll(async () => {
  await core?.close();
  if (sandbox && sandbox.exitCode === null) sandbox.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The numbered steps of the README's walkthrough, and the commands they name. */
const walkthrough = (): string => {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf('## Connect a real venue');
  const end = readme.indexOf('\n## ', start + 1);
  expect(start, 'the README has a "Connect a real venue" section').toBeGreaterThan(-1);
  return readme.slice(start, end);
};

const sandboxCli = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/sandbox.ts', ...args], {
    timeout: 60_000,
  });

/** `  Label:   value` rows of the block, by label. */
const blockRows = (text: string): Map<string, string> =>
  new Map(
    [...text.matchAll(/^ {2}([A-Za-z][A-Za-z ]*?):\s+(\S+)\s*$/gm)].map((m) => [m[1]!, m[2]!]),
  );

/** What staff type: each field of the setup screen from the row under its label. */
const fromBlock = (rows: Map<string, string>): SetupConnectRequest => {
  const labels = setupMessages.setup;
  const fields = [
    'authUrl',
    'posUrl',
    'clientId',
    'clientSecret',
    'code',
    'redirectUri',
    'relayUrl',
    'terminalKey',
  ] as const;
  const typed = Object.fromEntries(
    fields.map((field) => [field, rows.get(labels[field]) ?? `(no "${labels[field]}" row)`]),
  );
  return setupConnectSchema.parse(typed);
};

it('connects a terminal from the printed values and an order triggered from the command line arrives', async () => {
  const steps = walkthrough();
  for (const command of [
    'npm run sandbox',
    'npm run sandbox -- status',
    'npm run sandbox -- trigger order --type delivery',
  ])
    expect(steps).toContain(`\`${command}\``);

  // 1. npm run sandbox
  sandbox = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox.ts', '--port', '0'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  sandbox.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  let err = '';
  sandbox.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  await waitFor(() => /^ {2}Venue ID:/m.test(out), {
    timeoutMs: 30_000,
    message: `the block of set-up values (stderr: ${err})`,
  });
  const first = blockRows(out);
  const request = fromBlock(first);
  // The sign-in's first page: the sandbox's onboarding for the demo client and its venue, which
  // shows its Allow button once the terminal adds its loopback redirect and state.
  const onboarding = new URL(first.get(setupMessages.setup.onboardingUrl) ?? 'about:none');
  expect(onboarding.searchParams.get('client_id')).toBe(request.clientId);
  onboarding.searchParams.set('redirect_uri', `http://127.0.0.1:9${SIGN_IN_CALLBACK_PATH}`);
  onboarding.searchParams.set('state', 'walkthrough');
  const page = await fetch(onboarding);
  expect(page.status, await page.clone().text()).toBe(200);
  expect(await page.text()).toMatch(/Allow/);
  const port = Number(new URL(request.authUrl).port);

  // 3. the values, field by field, then Connect venue
  core = await startCore({
    dataDir: join(dir, 'terminal'),
    secretStore: createMemorySecretStore(),
    relayWaitSeconds: 5,
  });
  const { venueId } = await core.api['setup:connect'](request);
  expect(venueId).toBe(first.get('Venue ID'));
  await waitFor(async () => (await core!.api['status:get']({})).relay === 'connected', {
    message: 'the order stream connected',
  });

  // npm run sandbox -- status: the same block, with a fresh code and key
  const again = blockRows((await sandboxCli('status', '--port', String(port))).stdout);
  expect(again.get('Auth URL')).toBe(first.get('Auth URL'));
  expect(again.get('Relay URL')).toBe(first.get('Relay URL'));
  expect(again.get('Authorization code')).not.toBe(first.get('Authorization code'));
  expect(again.get('Terminal key')).not.toBe(first.get('Terminal key'));

  // 4. npm run sandbox -- trigger order --type delivery
  const triggered = await sandboxCli(
    'trigger',
    'order',
    '--type',
    'delivery',
    '--port',
    String(port),
  );
  const number = /^order: #(\S+) \(delivery\)/m.exec(triggered.stdout)?.[1];
  expect(number, triggered.stdout).toBeDefined();
  await waitFor(
    async () =>
      (await core!.api['orders:list']({})).some(
        (o) => o.orderNumber === number && o.deliveryType === 'homedelivery',
      ),
    { timeoutMs: 15_000, message: `order #${number} on the terminal` },
  );

  // Ctrl-C stops the sandbox and its relay, and nothing of it is left behind.
  const exited = new Promise<number | null>((resolve) => sandbox!.once('exit', resolve));
  sandbox.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(existsSync(stateFile(port))).toBe(false);
  // Three processes start here, each loading TypeScript (about 15 s alone on two shared cores).
}, 90_000);
