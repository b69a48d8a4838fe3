// The last step of `npm run dist`: the feed's yml files signed with the publisher's key, read back
// the way the counters read them (electron-updater's own parser) and judged by the app's check.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseUpdateInfo } from 'electron-updater/out/providers/Provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedInfo } from '../../main/update-trust/update-trust';
import { judgeUpdate } from '../../main/update-trust/update-trust';
import { createTestPublisher } from '../../main/update-trust/test-publisher';
import { PLACEHOLDER_KEYS, PUBLISHER_KEYS } from '../../main/update-trust/publisher-keys';
import { signRelease } from '../../scripts/sign-update';

const publisher = createTestPublisher();
let dir: string;

// As electron-builder 26 writes them for an NSIS installer and an AppImage.
const WINDOWS = `version: 0.2.0
files:
  - url: Countertop-Setup-0.2.0.exe
    sha512: d2luZG93cy1pbnN0YWxsZXI=
    size: 81234567
path: Countertop-Setup-0.2.0.exe
sha512: d2luZG93cy1pbnN0YWxsZXI=
releaseDate: '2026-11-26T12:00:00.000Z'
`;
const LINUX = `version: 0.2.0
files:
  - url: Countertop-0.2.0.AppImage
    sha512: YXBwaW1hZ2U=
    size: 101234567
    blockMapSize: 105000
  - url: countertop_0.2.0_amd64.deb
    sha512: ZGVi
    size: 71234567
path: Countertop-0.2.0.AppImage
sha512: YXBwaW1hZ2U=
releaseDate: '2026-11-26T12:00:00.000Z'
`;

const read = async (file: string): Promise<FeedInfo> =>
  parseUpdateInfo(
    await readFile(path.join(dir, file), 'utf8'),
    file,
    new URL(`https://feed.invalid/${file}`),
  ) as unknown as FeedInfo;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'countertop-sign-'));
  await writeFile(path.join(dir, 'latest.yml'), WINDOWS);
  await writeFile(path.join(dir, 'latest-linux.yml'), LINUX);
  await writeFile(path.join(dir, 'builder-debug.yml'), 'not a feed file\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('signing the update feed', () => {
  it('refuses a key the app does not trust, and writes nothing', async () => {
    expect(() =>
      signRelease(dir, createTestPublisher().privateKeyPem, [publisher.publicKey]),
    ).toThrow(/not one the app trusts/);
    expect(await readFile(path.join(dir, 'latest.yml'), 'utf8')).toBe(WINDOWS);
  });

  it('refuses to sign while the app carries a placeholder key, even beside a good one', async () => {
    expect(PLACEHOLDER_KEYS.length).toBeGreaterThan(0);
    for (const placeholder of PLACEHOLDER_KEYS)
      expect(() =>
        signRelease(dir, publisher.privateKeyPem, [publisher.publicKey, placeholder]),
      ).toThrow(/placeholder update keys/);
    expect(await readFile(path.join(dir, 'latest.yml'), 'utf8')).toBe(WINDOWS);
  });

  it('stops `npm run dist` before the build when the app carries a key no one can sign for', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      COUNTERTOP_UPDATE_KEY: publisher.privateKeyPem,
    };
    delete env.COUNTERTOP_UPDATE_KEY_FILE;
    const failure = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/sign-update.ts', '--check'],
      { env, timeout: 30_000 },
    ).catch((error: unknown) => error as { code: number; stderr: string });
    expect('code' in failure && failure.code).toBe(1);
    // The repository's keys are placeholders until a publisher sets theirs; then this key,
    // made for the test, is simply not one the app trusts.
    expect((failure as { stderr: string }).stderr).toMatch(
      PUBLISHER_KEYS.some((key) => PLACEHOLDER_KEYS.includes(key))
        ? /placeholder update keys/
        : /not one the app trusts/,
    );
  });

  it('signs every latest*.yml so that the counters’ check passes, and refuses to sign twice', async () => {
    expect(signRelease(dir, publisher.privateKeyPem, [publisher.publicKey]).sort()).toEqual([
      'latest-linux.yml',
      'latest.yml',
    ]);
    for (const file of ['latest.yml', 'latest-linux.yml']) {
      const info = await read(file);
      expect(judgeUpdate(info, [publisher.publicKey], '0.1.0').verdict).toBe('install');
      // Changing a signed checksum afterwards is caught.
      expect(
        judgeUpdate({ ...info, sha512: 'b3RoZXI=' }, [publisher.publicKey], '0.1.0').verdict,
      ).toBe('refuse');
    }
    // The electron-builder content is kept as it was, the signature appended.
    expect((await readFile(path.join(dir, 'latest.yml'), 'utf8')).startsWith(WINDOWS)).toBe(true);
    expect(() => signRelease(dir, publisher.privateKeyPem, [publisher.publicKey])).toThrow(
      /signed already/,
    );
  });

  it('stops `npm run dist` with a clear message when no key is given', async () => {
    const env = { ...process.env };
    delete env.COUNTERTOP_UPDATE_KEY;
    delete env.COUNTERTOP_UPDATE_KEY_FILE;
    const failure = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/sign-update.ts', dir],
      { env, timeout: 30_000 },
    ).catch((error: unknown) => error as { code: number; stderr: string });
    expect('code' in failure && failure.code).toBe(1);
    expect((failure as { stderr: string }).stderr).toContain('No update signing key');
  });
});
