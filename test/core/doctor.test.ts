// `npm run doctor`: on a terminal connected to a real sandbox and relay, each planted fault
// (keychain missing, relay down, clock 10 min off, data folder 0755) is reported with its fix.
import { execFile } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDataFolder,
  checkPlatform,
  checkRelay,
  formatFinding,
  readStored,
} from '../../scripts/doctor';
import type { World } from './harness';
import { startWorld } from './harness';

let world: World;
let dataDir: string;

beforeAll(async () => {
  world = await startWorld();
  const core = await world.startCore();
  await world.connect(core);
  await core.close();
  dataDir = join(world.dir, 'core');
});
afterAll(async () => {
  await world?.close();
});

describe('npm run doctor', () => {
  it('finds a healthy terminal healthy', async () => {
    const stored = readStored(dataDir);
    expect(stored?.connection?.relayUrl).toBe(world.relayUrl);
    const findings = [
      ...checkDataFolder(dataDir),
      ...(await checkPlatform(stored!.connection!)),
      await checkRelay(stored!.connection!.relayUrl),
    ];
    expect(findings.map(formatFinding).filter((line) => !line.startsWith('✓'))).toEqual([]);
    expect(findings.map((f) => f.check)).toEqual([
      'Data folder',
      'Platform sign-in',
      'Platform orders',
      'Clock',
      'Relay',
    ]);
  });

  it('reports each planted fault with what to do', async () => {
    chmodSync(dataDir, 0o755);
    await world.advance(600);
    await world.relay.close();
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/doctor.ts', '--data-dir', dataDir],
      {
        // No Secret Service answers at this address: the keychain is missing.
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
        timeout: 60_000,
      },
    ).then(
      () => {
        throw new Error('doctor exited 0 with faults planted');
      },
      (error: { code?: number; stdout?: string }) => error,
    );
    expect(run.code).toBe(1);
    const lines = (run.stdout ?? '').split('\n');
    const line = (check: string): string =>
      lines.find((l) => l.slice(2).startsWith(`${check}:`)) ?? `(no ${check} line)`;
    expect(line('Keychain')).toMatch(/^✗ Keychain: .*not available.*apt install gnome-keyring/);
    expect(line('Relay')).toMatch(/^✗ Relay: .* does not answer .*orders cannot reach/);
    expect(line('Clock')).toMatch(
      /^✗ Clock: this machine's clock is (9 min 5\d|10 min \d) s behind .*automatic time/,
    );
    expect(line('Data folder')).toMatch(/^✗ Data folder: .*\(mode 0755\)\. Run: chmod 700/);
    expect(line('Platform orders')).toMatch(/^✓/);
    // The four planted, and Node itself on a machine whose Node is older than the app asks for.
    const nodeFault = line('Node').startsWith('✗') ? 1 : 0;
    expect(lines).toContain(`doctor: ${4 + nodeFault} to fix`);
    // The doctor runs as its own process, loading TypeScript and waiting out a keychain that
    // does not answer.
  }, 60_000);
});
