// A machine without a working keychain: keytar missing (npm skipped the optional dependency when
// libsecret's headers were absent) or no Secret Service running.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeytarSecretStore } from '../../main/secrets/secret-store';
import { pickSecretStore } from '../../scripts/start';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'countertop-install-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('installing on a machine without the keychain', () => {
  it('keytar is optional, so npm ci goes on when its native build fails', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    expect(pkg.dependencies.keytar).toBeUndefined();
    expect(pkg.optionalDependencies?.keytar).toBeDefined();
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { optional?: boolean }>;
    };
    expect(lock.packages['node_modules/keytar']?.optional).toBe(true);
  });

  it('the demo runs on memory secrets when keytar is not installed, and says so', async () => {
    const lines: string[] = [];
    const missing = './keytar-that-is-not-installed.js';
    const { store, keychain } = await pickSecretStore(
      true,
      (line) => lines.push(line),
      () =>
        createKeytarSecretStore('countertop-demo', {
          load: () => import(/* @vite-ignore */ missing),
        }),
    );
    expect(keychain).toBe(false);
    expect(lines.join('\n')).toMatch(/secrets in memory only/);
    await store.set('terminal-key', 'demo');
    expect(await store.get('terminal-key')).toBe('demo');
  });

  it('a real venue without a Secret Service is refused with the packages to install, and nothing is stored', async () => {
    const dataDir = path.join(dir, 'venue-data');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
      COUNTERTOP_DATA_DIR: dataDir,
    };
    delete env.DISPLAY;
    const failure = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/start-web.ts', '--port', '0', '--data-dir', dataDir],
      { env, timeout: 30_000 },
    ).catch((error: unknown) => error as { code: number; stdout: string; stderr: string });
    expect('code' in failure && failure.code).toBe(1);
    const { stderr, stdout } = failure as { stdout: string; stderr: string };
    expect(stderr).toContain('The system keychain (Secret Service) is not available');
    expect(stderr).toContain('sudo apt install gnome-keyring libsecret-1-0');
    expect(stderr).toContain('sudo dnf install gnome-keyring libsecret');
    expect(stderr).toContain('Nothing was stored.');
    expect(stdout).not.toContain('ui:');
    expect(existsSync(dataDir)).toBe(false);
  });
});
