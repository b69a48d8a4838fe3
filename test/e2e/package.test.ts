// The desktop package as electron-builder makes it, without Electron's real binary: a stand-in
// distribution whose "binary" carries Electron's fuse sentinel, wire version and wire, so the
// packager runs its real steps (asar, unpacking, fuses) and @electron/fuses flips that wire.
// Then the packed renderer is loaded in Chromium the way the window loads it: through
// serveRendererFile under a secure app-like origin, the real preload defining the bridge.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeChannel } from '../../main/host/dispatch';
import { startCore } from '../../main/core';
import type { Core } from '../../main/core';
import { serveRendererFile } from '../../main/host/renderer-files';
import { createMemorySecretStore } from '../../main/secrets/secret-store';
import { BRIDGE_GLOBAL } from '../../shared/ipc/contract';
import { ROOT } from '../../scripts/start-web';
import type { TestBrowser } from './support';
import { fileChromium } from './support';

// Electron's fuse wire (@electron/fuses' constants): SENTINEL, version 1, length, one byte a fuse.
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ENABLE = 0x31;
const DISABLE = 0x30;

/** electron-builder.yml's electronFuses, key by key, as the packager maps them to the wire. */
const configuredFuses = (): Map<number, boolean> => {
  const yml = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8');
  const block = /^electronFuses:\n((?: {2}\w+: (?:true|false)\n)+)/m.exec(yml)?.[1] ?? '';
  const fuses = new Map<number, boolean>();
  for (const [, key, value] of block.matchAll(/^ {2}(\w+): (true|false)$/gm)) {
    const option = (key![0]!.toUpperCase() + key!.slice(1)) as keyof typeof FuseV1Options;
    expect(FuseV1Options[option], key).toBeTypeOf('number');
    fuses.set(FuseV1Options[option], value === 'true');
  }
  return fuses;
};

let work: string;
let appDir: string;
let archive: string;
let fuses: Map<number, boolean>;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'countertop-package-'));
  fuses = configuredFuses();
  expect(fuses.size).toBe(8);
  // The stand-in starts with every fuse the opposite of the configuration, so each must flip.
  const electronDist = path.join(work, 'electron-dist');
  await mkdir(electronDist);
  const wire = Buffer.from([...fuses.keys()].sort().map((i) => (fuses.get(i) ? DISABLE : ENABLE)));
  await writeFile(
    path.join(electronDist, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "a stand-in for Electron"\n'),
      Buffer.from(SENTINEL),
      Buffer.from([1, wire.length]),
      wire,
    ]),
    { mode: 0o755 },
  );
  // dist/ (the renderer, main and preload bundles) was built by global-setup.ts.
  const output = path.join(work, 'release');
  await promisify(execFile)(
    path.join(ROOT, 'node_modules', '.bin', 'electron-builder'),
    [
      '--linux',
      '--dir',
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${electronDist}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${output}`,
    ],
    { cwd: ROOT, timeout: 240_000 },
  );
  appDir = path.join(output, 'linux-unpacked');
  archive = path.join(appDir, 'resources', 'app.asar');
}, 300_000);

afterAll(() => (work ? rm(work, { recursive: true, force: true }) : undefined));

const packed = (): string[] => listPackage(archive, { isPack: false });
const shippedPackages = (): Set<string> => {
  const names = new Set<string>();
  for (const entry of packed()) {
    // A scoped package is @scope/name; the bare @scope folder is no package.
    const match = /^\/node_modules\/(@[^/]+\/[^/]+|[^@/][^/]*)/.exec(entry);
    if (match) names.add(match[1]!);
  }
  return names;
};

describe.runIf(process.platform === 'linux')('the package electron-builder makes', () => {
  it('holds main, preload and renderer and nothing else of the source tree', () => {
    const own = packed().filter((entry) => !entry.startsWith('/node_modules'));
    const renderer = readdirSync(path.join(ROOT, 'dist', 'renderer'), { recursive: true })
      .map((file) => `/dist/renderer/${String(file)}`)
      .sort();
    expect(own.sort()).toEqual(
      [
        '/dist',
        '/dist/main',
        '/dist/main/app',
        '/dist/main/app/electron-main.js',
        '/dist/preload',
        '/dist/preload/preload.cjs',
        '/dist/renderer',
        ...renderer,
        '/package.json',
      ].sort(),
    );
    expect(extractFile(archive, 'dist/renderer/index.html').toString()).toBe(
      readFileSync(path.join(ROOT, 'dist', 'renderer', 'index.html'), 'utf8'),
    );
  });

  it('leaves the native modules unpacked, beside the archive', () => {
    const natives = ['node_modules/better-sqlite3/build/Release/better_sqlite3.node'];
    // keytar is optional: shipped (and unpacked) when this machine could build it.
    if (existsSync(path.join(ROOT, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node')))
      natives.push('node_modules/keytar/build/Release/keytar.node');
    for (const file of natives) {
      expect(statFile(archive, file), file).toMatchObject({ unpacked: true });
      expect(existsSync(path.join(appDir, 'resources', 'app.asar.unpacked', file)), file).toBe(
        true,
      );
    }
  });

  it('flips every fuse as configured, file privileges off', async () => {
    const wire = await getCurrentFuseWire(path.join(appDir, 'countertop'));
    expect(wire.version).toBe('1');
    for (const [fuse, enabled] of fuses)
      expect(wire[fuse as FuseV1Options], FuseV1Options[fuse]).toBe(enabled ? ENABLE : DISABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(DISABLE);
    expect(wire[FuseV1Options.RunAsNode]).toBe(DISABLE);
  });

  it('carries the update feed of electron-builder.yml in resources/app-update.yml', () => {
    const yml = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8');
    const url = /^publish:\n {2}- provider: generic\n {4}url: (https:\/\/\S+)$/m.exec(yml)?.[1];
    expect(url).toBeDefined();
    const written = readFileSync(path.join(appDir, 'resources', 'app-update.yml'), 'utf8');
    expect(written).toContain('provider: generic');
    expect(written).toContain(`url: ${url}`);
    // electron-updater keeps its downloads in a folder of this name.
    expect(written).toMatch(/^updaterCacheDirName: \S+$/m);
  });

  it('ships no dev dependency and no renderer-only package in node_modules', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const shipped = shippedPackages();
    expect(shipped).toContain('better-sqlite3');
    for (const name of ['react', 'react-dom', 'scheduler', 'zustand', 'zod', 'vite', 'electron'])
      expect(shipped.has(name), name).toBe(false);
    for (const name of shipped) {
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
      expect(lock.packages[`node_modules/${name}`]?.dev, name).toBeUndefined();
    }
  });

  describe('its renderer, loaded in Chromium as the window loads it', () => {
    let browser: TestBrowser;
    let core: Core;
    let rendererDir: string;

    beforeAll(async () => {
      // The packed files, not dist/: what the window will serve from app.asar.
      rendererDir = path.join(work, 'packed-renderer');
      for (const entry of packed().filter((e) => e.startsWith('/dist/renderer/'))) {
        if ('files' in statFile(archive, entry.slice(1))) continue;
        const target = path.join(rendererDir, entry.slice('/dist/renderer/'.length));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, extractFile(archive, entry.slice(1)));
      }
      core = await startCore({
        dataDir: path.join(work, 'data'),
        secretStore: createMemorySecretStore(),
      });
      browser = await fileChromium();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await core?.close();
    });

    it('renders with the production CSP and no console, CSP or module error', async () => {
      const context = await browser.newContext();
      const origin = 'https://countertop.app';
      const served: Array<{ path: string; status: number }> = [];
      await context.route('**/*', async (route) => {
        const url = new URL(route.request().url());
        if (url.origin !== origin) return route.abort();
        const file = await serveRendererFile(rendererDir, url.pathname);
        served.push({ path: url.pathname, status: file.status });
        return route.fulfill({ status: file.status, headers: file.headers, body: file.body });
      });
      // The preload from the package, with ipcRenderer carried to the real dispatch and core.
      await context.exposeBinding('__ipc', (_source, channel: string, args: unknown) =>
        invokeChannel(core.api, channel, args),
      );
      const preload = extractFile(archive, 'dist/preload/preload.cjs').toString();
      await context.addInitScript(`(() => {
        const electron = {
          contextBridge: { exposeInMainWorld: (key, api) => { window[key] = api; } },
          ipcRenderer: {
            invoke: (channel, args) => window.__ipc(channel, args),
            on: () => undefined,
            removeListener: () => undefined,
          },
        };
        const module = { exports: {} };
        const require = (name) => {
          if (name !== 'electron') throw new Error('a sandboxed preload cannot load ' + name);
          return electron;
        };
        (function (module, exports, require) {
          ${preload}
        })(module, module.exports, require);
      })();`);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      const response = await page.goto(`${origin}/index.html`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      const setup = page.getByRole('heading', { name: 'Connect this terminal to your venue' });
      // A refused script leaves an empty page: report why rather than wait for the test timeout.
      await setup.waitFor({ timeout: 15_000 }).catch(() => undefined);
      expect(problems).toEqual([]);
      expect(await setup.isVisible()).toBe(true);
      expect(await page.evaluate((key) => typeof (window as never)[key], BRIDGE_GLOBAL)).toBe(
        'object',
      );
      expect(served.filter((file) => file.status !== 200)).toEqual([]);
      expect(served.some((file) => file.path.endsWith('.js'))).toBe(true);
      expect(served.some((file) => file.path.endsWith('.css'))).toBe(true);
      await context.close();
    });
  });
});
