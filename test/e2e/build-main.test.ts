import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BRIDGE_GLOBAL, CHANNEL_NAMES } from '../../shared/ipc/contract';

// scripts/build-main.ts's buildMain() made these bundles in this project's global setup
// (global-setup.ts), once for this file and the packaging test.
const DIST = path.resolve('dist');

describe('the Electron bundles electron-builder packs', () => {
  it('preload is one CommonJS file that needs nothing but electron (a sandboxed preload can load nothing else)', () => {
    const code = readFileSync(path.join(DIST, 'preload', 'preload.cjs'), 'utf8');
    const exposed = new Map<string, unknown>();
    const required: string[] = [];
    const fakeElectron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
      ipcRenderer: {
        invoke: async () => ({ ok: true, value: null }),
        on: () => undefined,
        removeListener: () => undefined,
      },
    };
    const module = { exports: {} };
    vm.runInNewContext(code, {
      module,
      exports: module.exports,
      require: (name: string) => {
        required.push(name);
        if (name === 'electron') return fakeElectron;
        throw new Error(`a sandboxed preload cannot require ${name}`);
      },
    });
    expect(required).toEqual(['electron']);
    const bridge = exposed.get(BRIDGE_GLOBAL) as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([...CHANNEL_NAMES, 'on'].sort());
  });

  it('main is an ES module whose only bare imports are electron and the native modules left unpacked', () => {
    const code = readFileSync(path.join(DIST, 'main', 'app', 'electron-main.js'), 'utf8');
    const imports = new Set([...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!));
    // Node's own modules, with or without the node: prefix (some dependencies leave it off).
    const bare = [...imports].filter((name) => !isBuiltin(name));
    for (const name of bare) expect(['better-sqlite3', 'electron', 'keytar']).toContain(name);
    expect(bare).toContain('electron');
    expect(bare).toContain('better-sqlite3');
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string };
    expect(path.resolve(pkg.main)).toBe(path.join(DIST, 'main', 'app', 'electron-main.js'));
  });
});
