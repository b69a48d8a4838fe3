import { describe, expect, it } from 'vitest';
import { createTestPublisher } from './test-publisher';
import type { FeedInfo } from './update-trust';
import { SIGNATURES_FIELD, judgeUpdate, keyIdOf, parseVersion } from './update-trust';

const current = createTestPublisher();
const next = createTestPublisher();
const stranger = createTestPublisher();
const KEYS = [current.publicKey, next.publicKey];

const info = (version: string, sha512 = 'c2hhNTEyLW9mLXRoZS1pbnN0YWxsZXI='): FeedInfo => ({
  version,
  files: [{ url: `Countertop-${version}.AppImage`, sha512, size: 1234 }],
  path: `Countertop-${version}.AppImage`,
  sha512,
  releaseDate: '2026-11-26T12:00:00.000Z',
});

describe('judging a feed’s update', () => {
  it('installs a newer version signed by the current or the next key, trusting its sha512s', () => {
    expect(judgeUpdate(current.sign(info('0.2.0')), KEYS, '0.1.0')).toEqual({
      verdict: 'install',
      version: '0.2.0',
      sha512s: ['c2hhNTEyLW9mLXRoZS1pbnN0YWxsZXI=', 'c2hhNTEyLW9mLXRoZS1pbnN0YWxsZXI='],
    });
    // Rotation: a release signed by the next key installs too.
    expect(judgeUpdate(next.sign(info('0.2.0')), KEYS, '0.1.0').verdict).toBe('install');
    expect(judgeUpdate(current.sign(info('1.0.0')), KEYS, '0.9.3').verdict).toBe('install');
  });

  it('refuses an unsigned update and one signed by any other key', () => {
    expect(judgeUpdate(info('0.2.0'), KEYS, '0.1.0')).toMatchObject({
      verdict: 'refuse',
      reason: 'the update is not signed by the publisher',
    });
    expect(judgeUpdate(stranger.sign(info('0.2.0')), KEYS, '0.1.0')).toMatchObject({
      verdict: 'refuse',
      reason: "the update is signed by a key that is not the publisher's",
    });
    // Another key's signature under the publisher's key id is still no signature of the publisher.
    const forged = stranger.sign(info('0.2.0'));
    const [entry] = forged[SIGNATURES_FIELD] as Array<{ keyId: string; signature: string }>;
    expect(
      judgeUpdate(
        { ...forged, [SIGNATURES_FIELD]: [{ ...entry, keyId: keyIdOf(current.publicKey) }] },
        KEYS,
        '0.1.0',
      ),
    ).toMatchObject({
      verdict: 'refuse',
      reason: "the publisher's signature does not match the update",
    });
  });

  it('refuses signed metadata changed afterwards: a sha512, a file name, the version', () => {
    const signed = current.sign(info('0.2.0'));
    const changed: FeedInfo[] = [
      { ...signed, files: [{ ...signed.files![0]!, sha512: 'b3RoZXI=' }] },
      { ...signed, sha512: 'b3RoZXI=' },
      { ...signed, files: [{ ...signed.files![0]!, url: 'evil.AppImage' }] },
      { ...signed, version: '0.3.0' },
      { ...signed, files: [...signed.files!, { url: 'more.AppImage', sha512: 'eA==' }] },
    ];
    for (const feed of changed)
      expect(judgeUpdate(feed, KEYS, '0.1.0')).toMatchObject({
        verdict: 'refuse',
        reason: "the publisher's signature does not match the update",
      });
    // Rollout figures are not signed: they stay the operator's to change.
    expect(
      judgeUpdate({ ...signed, stagingPercentage: 10 } as FeedInfo, KEYS, '0.1.0').verdict,
    ).toBe('install');
  });

  it('refuses a downgrade, the same version and what is not a version', () => {
    for (const [version, installed] of [
      ['0.1.0', '0.2.0'],
      ['0.2.0', '0.2.0'],
      ['0.2.0-beta.1', '0.2.0'],
    ] as const)
      expect(judgeUpdate(current.sign(info(version)), KEYS, installed)).toMatchObject({
        verdict: 'refuse',
        reason: `${version} is not newer than the installed ${installed}`,
      });
    for (const version of ['latest', '1.2', '99999999.0.0', '1.0.0; rm -rf /'])
      expect(judgeUpdate(current.sign(info(version)), KEYS, '0.1.0').verdict).toBe('refuse');
  });

  it('holds an update more than one major version ahead for staff', () => {
    expect(judgeUpdate(current.sign(info('999.0.0')), KEYS, '0.1.0')).toMatchObject({
      verdict: 'hold',
      reason: '999.0.0 is more than one major version ahead of 0.1.0',
    });
    expect(judgeUpdate(current.sign(info('3.0.0')), KEYS, '1.4.2').verdict).toBe('hold');
    expect(judgeUpdate(current.sign(info('2.0.0')), KEYS, '1.4.2').verdict).toBe('install');
  });

  it('parses versions strictly', () => {
    expect(parseVersion('1.2.3-rc.1+build.5')).toEqual({
      major: 1,
      minor: 2,
      patch: 3,
      pre: 'rc.1',
    });
    expect(parseVersion('v1.2.3')).toBeNull();
    expect(parseVersion(123)).toBeNull();
  });
});
