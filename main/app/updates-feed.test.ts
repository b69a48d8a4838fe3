// The real electron-updater, as loadElectronUpdater loads it for a packaged app, against a feed
// served over HTTP on 127.0.0.1: only `electron` is a stand-in (its binary cannot run here). The
// library is CommonJS and loads electron with Node's require inside its functions, where vi.mock
// does not reach, so the stand-in goes into Node's require cache: electron-updater's own
// ElectronAppAdapter and ElectronHttpExecutor then run on it, net.request being Node's http.
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../shared/domain';
import { SIGNATURES_FIELD } from '../update-trust/update-trust';
import type { FeedInfo } from '../update-trust/update-trust';
import { createTestPublisher } from '../update-trust/test-publisher';
import { UPDATE_ACTION, keepUpdated, loadElectronUpdater } from './updates';
import type { Updater } from './updates';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
const NEXT = VERSION.replace(
  /^(\d+)\.(\d+)\.\d+.*$/,
  (_, major: string, minor: string) => `${major}.${Number(minor) + 1}.0`,
);
const INSTALLER = `countertop_${NEXT}_amd64.deb`;

let work: string;
let server: http.Server;
let feedUrl: string;
const installer = randomBytes(256 * 1024);
const sha512 = (data: Buffer): string => createHash('sha512').update(data).digest('base64');
/** What the feed serves now; each test sets it. */
const feed = {
  stagingPercentage: 100 as number | null,
  version: NEXT,
  served: installer,
  sha512: sha512(installer),
};
const requests: Array<{ path: string; stagingId: string | undefined }> = [];
const publisher = createTestPublisher();

/** latest-linux.yml as electron-builder writes it for a deb, signed as `npm run dist` signs it. */
const latestYml = (): string => {
  const info: FeedInfo = {
    version: feed.version,
    files: [{ url: INSTALLER, sha512: feed.sha512, size: installer.length }],
    path: INSTALLER,
    sha512: feed.sha512,
    releaseDate: '2026-11-23T12:00:00.000Z',
  };
  const [signature] = publisher.sign(info)[SIGNATURES_FIELD] as Array<{
    keyId: string;
    signature: string;
  }>;
  return [
    `version: ${info.version}`,
    'files:',
    `  - url: ${INSTALLER}`,
    `    sha512: ${info.sha512}`,
    `    size: ${installer.length}`,
    `path: ${INSTALLER}`,
    `sha512: ${info.sha512}`,
    `releaseDate: '${info.releaseDate}'`,
    ...(feed.stagingPercentage === null ? [] : [`stagingPercentage: ${feed.stagingPercentage}`]),
    `${SIGNATURES_FIELD}:`,
    `  - keyId: '${signature!.keyId}'`,
    `    signature: '${signature!.signature}'`,
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
  work = await mkdtemp(path.join(tmpdir(), 'countertop-updates-'));
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({
      path: url.pathname,
      stagingId: request.headers['x-user-staging-id'] as string | undefined,
    });
    if (url.pathname === '/stable/latest-linux.yml') {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(latestYml());
    } else if (url.pathname === `/stable/${INSTALLER}`) {
      response
        .writeHead(200, {
          'content-type': 'application/vnd.debian.binary-package',
          'content-length': feed.served.length,
        })
        .end(feed.served);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stable`;

  // A packaged Linux app as electron-builder lays it out: resources/app-update.yml from the
  // `publish` entry (here pointing at the local feed), resources/package-type for a deb.
  const resources = path.join(work, 'resources');
  await mkdir(resources);
  await writeFile(
    path.join(resources, 'app-update.yml'),
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: countertop-updater\n`,
  );
  await writeFile(path.join(resources, 'package-type'), 'deb');
  Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true });
  process.env.XDG_CACHE_HOME = path.join(work, 'cache');

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
        // A fresh connection each, as Chromium's network stack would not share Node's agent.
        request: (options: http.RequestOptions) => http.request({ ...options, agent: false }),
      },
      autoUpdater: new EventEmitter(),
    },
  } as NodeJS.Module;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (work) await rm(work, { recursive: true, force: true });
});

type RealUpdater = Updater & {
  checkForUpdates(): Promise<{
    isUpdateAvailable: boolean;
    updateInfo: { version: string; stagingPercentage?: number };
  } | null>;
  downloadUpdate(): Promise<string[]>;
  constructor: { name: string };
};
const loadReal = async (): Promise<RealUpdater> => (await loadElectronUpdater()) as RealUpdater;

describe('electron-updater against a local generic feed', () => {
  it('is the deb updater of a packaged Linux app, reading the feed app-update.yml names', async () => {
    const updater = await loadReal();
    expect(updater.constructor.name).toBe('DebUpdater');
    feed.stagingPercentage = 100;
    updater.autoDownload = false;
    const result = await updater.checkForUpdates();
    expect(result).toMatchObject({ isUpdateAvailable: true, updateInfo: { version: NEXT } });
    const asked = requests.filter((r) => r.path === '/stable/latest-linux.yml');
    expect(asked.length).toBeGreaterThan(0);
    // The staging id the rollout is decided on is this machine's, kept in the user data folder.
    const stagingId = await readFile(path.join(work, 'userData', '.updaterId'), 'utf8');
    expect(asked.at(-1)!.stagingId).toBe(stagingId);
  });

  it('honours stagingPercentage: 0 offers nothing, 100 offers the update', async () => {
    const updater = await loadReal();
    updater.autoDownload = false;
    feed.stagingPercentage = 0;
    expect(await updater.checkForUpdates()).toMatchObject({
      isUpdateAvailable: false,
      updateInfo: { version: NEXT, stagingPercentage: 0 },
    });
    feed.stagingPercentage = 100;
    expect(await updater.checkForUpdates()).toMatchObject({ isUpdateAvailable: true });
    // No rollout figure is the whole fleet; the same version as the app's is no update.
    feed.stagingPercentage = null;
    expect(await updater.checkForUpdates()).toMatchObject({ isUpdateAvailable: true });
    feed.version = VERSION;
    expect(await updater.checkForUpdates()).toMatchObject({ isUpdateAvailable: false });
    feed.version = NEXT;
    expect(requests.some((r) => r.path.endsWith('.deb'))).toBe(false);
  });

  it('refuses a download whose sha512 does not match the feed, and keeps nothing of it', async () => {
    const updater = await loadReal();
    updater.autoDownload = false;
    feed.stagingPercentage = 100;
    feed.served = Buffer.concat([installer.subarray(0, -1), Buffer.from([installer.at(-1)! ^ 1])]);
    const errors: Error[] = [];
    const onError = (error: Error) => errors.push(error);
    updater.on('error', onError);
    await updater.checkForUpdates();
    await expect(updater.downloadUpdate()).rejects.toMatchObject({ code: 'ERR_CHECKSUM_MISMATCH' });
    updater.off('error', onError);
    expect(errors.map((e) => (e as Error & { code?: string }).code)).toContain(
      'ERR_CHECKSUM_MISMATCH',
    );
    expect(requests.some((r) => r.path === `/stable/${INSTALLER}`)).toBe(true);
    const cache = path.join(work, 'cache', 'countertop-updater');
    const left = existsSync(cache) ? await readdir(cache, { recursive: true }) : [];
    expect(left.filter((f) => String(f).endsWith('.deb'))).toEqual([]);
    feed.served = installer;
  });

  it('with the policy: downloads in the background, waits for the last active order, then installs', async () => {
    const updater = await loadReal();
    feed.stagingPercentage = 100;
    const install = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);
    let orders = [{ id: 'a', platformStatus: 'PRODUCTION' }] as Order[];
    const listeners = new Map<string, () => void>();
    const record = vi.fn();
    const core = {
      api: { 'orders:list': async () => orders } as never,
      on: ((event: string, listener: () => void) => {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      }) as never,
      record,
      holdUpdate: () => undefined,
    };
    const stop = keepUpdated(core, updater, {
      keys: [publisher.publicKey],
      currentVersion: VERSION,
    });
    await vi.waitFor(
      () =>
        expect(record).toHaveBeenLastCalledWith(
          expect.objectContaining({ action: UPDATE_ACTION, subject: NEXT, outcome: 'waiting' }),
        ),
      { timeout: 15_000 },
    );
    expect(record.mock.calls.map(([entry]) => entry.outcome)).toEqual([
      'downloading',
      'downloaded',
      'waiting',
    ]);
    expect(install).not.toHaveBeenCalled();
    // What was downloaded is the served installer, byte for byte.
    const cache = path.join(work, 'cache', 'countertop-updater', 'pending', INSTALLER);
    expect(sha512(await readFile(cache))).toBe(sha512(installer));

    orders = [{ id: 'a', platformStatus: 'DELIVERED' }] as Order[];
    listeners.get('orders:changed')!();
    await vi.waitFor(() => expect(install).toHaveBeenCalledWith(true, true));
    stop();
  });
});
