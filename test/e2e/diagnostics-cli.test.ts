// `start:web --diagnostics`: the bundle from the command line, for when the UI will not come up.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'countertop-diagnostics-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Without a keychain on purpose: the diagnostics read no secret, and they are also what support
// asks for when the keychain is what broke.
const noKeychainEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    COUNTERTOP_KEYCHAIN_SERVICE: 'countertop-diagnostics-test',
  };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  return env;
};

it('writes the diagnostics bundle of a data folder and exits, with no keychain', async () => {
  const dataDir = path.join(dir, 'data');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/start-web.ts', '--diagnostics', '--data-dir', dataDir],
    { env: noKeychainEnv(), timeout: 60_000 },
  );
  const match = /^diagnostics: (.+\.zip) \((\d+) bytes\)$/m.exec(stdout);
  expect(match, stdout).not.toBeNull();
  expect(existsSync(match![1]!)).toBe(true);
  const entries = unzipSync(readFileSync(match![1]!));
  const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as { version: string };
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  expect(manifest.version).toBe(pkg.version);
  expect(strFromU8(entries['integrity.txt']!).trim()).toBe('ok');
  expect(stdout).not.toContain('ui:');
});
