// `npm run dist` checks first that Electron's binary can be had (electronDist, the cache, or a
// mirror that answers), and otherwise stops with one line saying how to provide it.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { configuredElectronDist, electronVersion, findElectron } from '../../scripts/dist-check';

const dir = mkdtempSync(path.join(tmpdir(), 'countertop-dist-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

it('finds Electron in the cache, where a first download puts it', async () => {
  const cache = path.join(dir, 'cache');
  const hashed = path.join(cache, '0123abcd');
  mkdirSync(hashed, { recursive: true });
  const zip = `electron-v${electronVersion()}-${process.platform}-${process.arch}.zip`;
  writeFileSync(path.join(hashed, zip), 'zip');
  const found = await findElectron({
    ELECTRON_CACHE: cache,
    ELECTRON_MIRROR: 'http://127.0.0.1:1/',
  });
  expect(found).toEqual({ ok: true, from: `cache ${path.join(hashed, zip)}` });
});

it('reads electronDist from electron-builder.yml', () => {
  expect(configuredElectronDist('appId: x\nelectronDist: build/electron # unpacked\n')).toMatch(
    /build[\\/]electron$/,
  );
  expect(configuredElectronDist('appId: x\n')).toBeNull();
});

it('without Electron anywhere, npm run dist stops at once with one line naming the ways to provide it', async () => {
  const empty = path.join(dir, 'empty-cache');
  mkdirSync(empty);
  const mirror = `http://127.0.0.1:${await closedPort()}/`;
  const failed = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/dist-check.ts'],
    { env: { ...process.env, ELECTRON_CACHE: empty, ELECTRON_MIRROR: mirror }, timeout: 30_000 },
  ).then(
    () => null,
    (error: { code?: number; stdout?: string; stderr?: string }) => error,
  );
  expect(failed, 'dist-check passed without Electron').not.toBeNull();
  expect(failed!.code).toBe(1);
  const lines = (failed!.stderr ?? '').trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`Electron ${electronVersion()}`);
  expect(lines[0]).toContain('does not answer (ECONNREFUSED)');
  expect(lines[0]).toMatch(/Put electron-v.*\.zip in .*ELECTRON_MIRROR.*electronDist/);
  expect(failed!.stdout).toBe('');
});
