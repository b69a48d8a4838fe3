// Signed updates, installed for real: the real electron-updater (its AppImage updater, which
// needs no root to install: it replaces the running AppImage and starts the new one) against a
// feed served over HTTP on 127.0.0.1, driven by the update policy with a publisher key generated
// here. Only `electron` is a stand-in (its binary cannot run here), put into Node's require cache
// as in updates-feed.test.ts. Unsigned, foreign-signed, tampered and downgrading feeds are refused
// before anything is downloaded; the publisher's signed update replaces the app and runs.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedInfo } from '../update-trust/update-trust';
import { SIGNATURES_FIELD } from '../update-trust/update-trust';
import { createTestPublisher } from '../update-trust/test-publisher';
import { UPDATE_ACTION, keepUpdated, loadElectronUpdater } from './updates';
import type { Updater } from './updates';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
const [MAJOR, MINOR] = VERSION.split('.').map(Number) as [number, number];
const NEXT = `${MAJOR}.${MINOR + 1}.0`;
const OLDER = `${MAJOR}.${MINOR}.0-alpha.1`;

const publisher = createTestPublisher();
const stranger = createTestPublisher();
const trust = { keys: [publisher.publicKey], currentVersion: VERSION };

let work: string;
let server: http.Server;
let installed: string;
let marker: string;
/** The installer the feed serves at /stable/<name>, and the yml it serves. */
const served = new Map<string, Buffer>();
let yml = '';
const requests: string[] = [];

const sha512 = (data: Buffer): string => createHash('sha512').update(data).digest('base64');
/** A tiny AppImage stand-in: when started, it writes which version ran. */
const artifact = (version: string): Buffer =>
  Buffer.from(`#!/bin/sh\necho "Countertop ${version} ran" > '${marker}'\n`);

/** The feed's info for `version` serving `bytes` as Countertop-<version>.AppImage. */
const infoFor = (version: string, bytes: Buffer): FeedInfo => {
  const name = `Countertop-${version}.AppImage`;
  served.set(name, bytes);
  return {
    version,
    files: [{ url: name, sha512: sha512(bytes), size: bytes.length }],
    path: name,
    sha512: sha512(bytes),
    releaseDate: '2026-11-26T12:00:00.000Z',
  };
};
/** latest-linux.yml as electron-builder writes it, with the signatures sign-update appends. */
const toYml = (info: FeedInfo): string => {
  const file = info.files![0]!;
  const signatures = (info[SIGNATURES_FIELD] ?? []) as Array<{ keyId: string; signature: string }>;
  return [
    `version: ${info.version}`,
    'files:',
    `  - url: ${file.url}`,
    `    sha512: ${file.sha512}`,
    `    size: ${file.size}`,
    `path: ${info.path}`,
    `sha512: ${info.sha512}`,
    `releaseDate: '${info.releaseDate}'`,
    ...(signatures.length
      ? [
          `${SIGNATURES_FIELD}:`,
          ...signatures.flatMap((s) => [
            `  - keyId: '${s.keyId}'`,
            `    signature: '${s.signature}'`,
          ]),
        ]
      : []),
    '',
  ].join('\n');
};

const fakeApp = Object.assign(new EventEmitter(), {
  isPackaged: true,
  getVersion: () => VERSION,
  getName: () => 'Countertop',
  getAppPath: () => ROOT,
  getPath: (name: string) => path.join(work, name),
  whenReady: () => Promise.resolve(),
  quit: vi.fn(),
  relaunch: vi.fn(),
});

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'countertop-update-install-'));
  marker = path.join(work, 'ran.txt');
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname);
    const name = url.pathname.replace(/^\/stable\//, '');
    if (name === 'latest-linux.yml') {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(yml);
      return;
    }
    const bytes = served.get(name);
    if (!bytes) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': bytes.length,
      })
      .end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stable`;

  // A packaged AppImage: app-update.yml names the feed; no package-type file; $APPIMAGE is the
  // running app's file (no version in its name, so an update replaces it in place).
  const resources = path.join(work, 'resources');
  await mkdir(resources);
  await writeFile(
    path.join(resources, 'app-update.yml'),
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: countertop-updater\n`,
  );
  Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true });
  process.env.XDG_CACHE_HOME = path.join(work, 'cache');
  installed = path.join(work, 'apps', 'Countertop.AppImage');
  await mkdir(path.dirname(installed));
  await writeFile(installed, artifact(VERSION), { mode: 0o755 });
  process.env.APPIMAGE = installed;

  const require = createRequire(import.meta.url);
  const electron = require.resolve('electron');
  require.cache[electron] = {
    id: electron,
    filename: electron,
    loaded: true,
    exports: {
      app: fakeApp,
      session: { fromPartition: () => ({}) },
      net: {
        request: (options: http.RequestOptions) => http.request({ ...options, agent: false }),
      },
      autoUpdater: new EventEmitter(),
    },
  } as NodeJS.Module;
});

afterAll(async () => {
  delete process.env.APPIMAGE;
  await new Promise((resolve) => server?.close(resolve));
  if (work) await rm(work, { recursive: true, force: true });
});

type RealUpdater = Updater & { allowDowngrade: boolean; constructor: { name: string } };

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** Runs the policy once against the feed as it is now; resolves with its audit entries. */
const runPolicy = async (until: RegExp) => {
  const updater = (await loadElectronUpdater()) as RealUpdater;
  expect(updater.constructor.name).toBe('AppImageUpdater');
  // As electron-updater allows once a channel is set: the policy's own check must hold anyway.
  updater.allowDowngrade = true;
  const record = vi.fn();
  const core = {
    api: { 'orders:list': async () => [] } as never,
    on: (() => () => undefined) as never,
    record,
    holdUpdate: () => undefined,
  };
  requests.length = 0;
  stops.push(keepUpdated(core, updater, trust));
  const said = () =>
    record.mock.calls.map(([entry]) => {
      const { subject, outcome, detail } = entry as {
        subject: string;
        outcome: string;
        detail?: string;
      };
      return `${subject} ${outcome}${detail ? `: ${detail}` : ''}`;
    });
  await vi.waitFor(() => expect(said().join('\n')).toMatch(until), { timeout: 20_000 });
  expect(record.mock.calls.every(([entry]) => entry.action === UPDATE_ACTION)).toBe(true);
  return said();
};

const installerRequests = () => requests.filter((p) => p.endsWith('.AppImage'));

describe('signed updates with the real electron-updater', () => {
  it('refuses an unsigned feed and downloads nothing', async () => {
    yml = toYml(infoFor(NEXT, artifact(NEXT)));
    expect(await runPolicy(/refused/)).toEqual([
      `${NEXT} refused: the update is not signed by the publisher`,
    ]);
    expect(installerRequests()).toEqual([]);
  });

  it('refuses a feed signed by another key', async () => {
    yml = toYml(stranger.sign(infoFor(NEXT, artifact(NEXT))));
    expect(await runPolicy(/refused/)).toEqual([
      `${NEXT} refused: the update is signed by a key that is not the publisher's`,
    ]);
    expect(installerRequests()).toEqual([]);
  });

  it('refuses the publisher’s yml with another installer’s sha512 put in, or re-signed by another key', async () => {
    const genuine = publisher.sign(infoFor(NEXT, artifact(NEXT)));
    const evil = Buffer.from(`#!/bin/sh\necho "evil" > '${marker}'\n`);
    const tampered = infoFor(NEXT, evil);
    yml = toYml({ ...tampered, [SIGNATURES_FIELD]: genuine[SIGNATURES_FIELD] });
    expect(await runPolicy(/refused/)).toEqual([
      `${NEXT} refused: the publisher's signature does not match the update`,
    ]);
    stops.splice(0).forEach((stop) => stop());
    yml = toYml(stranger.sign(tampered));
    expect(await runPolicy(/refused/)).toEqual([
      `${NEXT} refused: the update is signed by a key that is not the publisher's`,
    ]);
    expect(installerRequests()).toEqual([]);
  });

  it('refuses a downgrade the publisher signed, even where electron-updater would allow it', async () => {
    yml = toYml(publisher.sign(infoFor(OLDER, artifact(OLDER))));
    expect(await runPolicy(/refused/)).toEqual([
      `${OLDER} refused: ${OLDER} is not newer than the installed ${VERSION}`,
    ]);
    expect(installerRequests()).toEqual([]);
  });

  it('downloads, checks and installs the publisher’s signed update: the new app replaces the old and runs', async () => {
    const next = artifact(NEXT);
    yml = toYml(publisher.sign(infoFor(NEXT, next)));
    const said = await runPolicy(/installing/);
    expect(said).toEqual([`${NEXT} downloading`, `${NEXT} downloaded`, `${NEXT} installing`]);
    expect(installerRequests()).toContain(`/stable/Countertop-${NEXT}.AppImage`);
    // The running AppImage's file is now the signed installer, byte for byte, and it ran.
    expect(sha512(await readFile(installed))).toBe(sha512(next));
    await vi.waitFor(() => expect(existsSync(marker)).toBe(true), { timeout: 10_000 });
    expect(await readFile(marker, 'utf8')).toBe(`Countertop ${NEXT} ran\n`);
    await vi.waitFor(() => expect(fakeApp.quit).toHaveBeenCalled());
  });
});
