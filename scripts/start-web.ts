// `npm run start:web -- --port 4030 [--host 127.0.0.1] [--data-dir DIR] [--diagnostics]`: the app's services in
// Node for a real venue, serving the renderer to a browser. Connect the venue on the setup
// screen; its secrets go to the OS keychain (there is no plaintext fallback).
import { statSync, readdirSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startCore } from '../main/core';
import type { Core } from '../main/core';
import {
  assertKeychainAvailable,
  createKeytarSecretStore,
  KeychainUnavailableError,
} from '../main/secrets/secret-store';
import type { SecretStore } from '../main/secrets/secret-store';
import { startWebHost } from '../main/web-host/server';
import type { WebHost } from '../main/web-host/server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RENDERER_DIR = path.join(ROOT, 'dist', 'renderer');

const newestMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
};

/**
 * Builds the renderer with vite when dist/ is missing or older than its sources or this recipe.
 * Always the production build staff get, whoever asks: vitest sets NODE_ENV=test, and vite then
 * bundled React's development build (a third larger, its renders several times slower), which
 * the end-to-end tests built and a UI benchmark run after them measured.
 */
export const ensureRendererBuilt = async (): Promise<void> => {
  const index = path.join(RENDERER_DIR, 'index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'renderer')),
    newestMtime(path.join(ROOT, 'shared')),
    statSync(path.join(ROOT, 'vite.config.ts')).mtimeMs,
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('building the renderer…');
  const { build } = await import('vite');
  // Vite and its React plugin take the build's flavour from NODE_ENV when it is set.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      root: path.join(ROOT, 'renderer'),
      mode: 'production',
      logLevel: 'warn',
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
};

export const appVersion = (): string =>
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;

/** The per-user data folder the desktop app would use. */
export const defaultDataDir = (): string => {
  if (process.platform === 'win32')
    return path.join(process.env.APPDATA ?? os.homedir(), 'Countertop');
  if (process.platform === 'darwin')
    return path.join(os.homedir(), 'Library', 'Application Support', 'Countertop');
  return path.join(
    process.env.XDG_DATA_HOME ?? path.join(os.homedir(), '.local', 'share'),
    'countertop',
  );
};

/** Closes everything on Ctrl-C or SIGTERM, once, then exits. */
export const onShutdown = (close: () => Promise<void>): void => {
  let closing = false;
  const stop = (signal: string): void => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: stopping…`);
    close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(
          `error while stopping: ${error instanceof Error ? error.message : String(error)}`,
        );
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};

/**
 * The diagnostics run's keychain: one that does not answer, so no secret is read, written or
 * removed (and no keychain migration is marked done) while the bundle is made.
 */
const keychainlessStore: SecretStore = {
  get: () => Promise.reject(new Error('The diagnostics run reads no secret.')),
  set: () => Promise.reject(new Error('The diagnostics run stores no secret.')),
  delete: () => Promise.reject(new Error('The diagnostics run removes no secret.')),
};

export const START_WEB_USAGE = `usage: npm run start:web [-- --port 4030] [--host 127.0.0.1] [--data-dir DIR] [--diagnostics]
The app in a browser tab on this machine, set up through its setup screen; --diagnostics writes
the support bundle and exits. The data folder is --data-dir, else COUNTERTOP_DATA_DIR, else the
app's own; the keychain entries are under COUNTERTOP_KEYCHAIN_SERVICE (default countertop).`;

const main = async (): Promise<void> => {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: 'string', default: '4030' },
        host: { type: 'string', default: '127.0.0.1' },
        'data-dir': { type: 'string' },
        diagnostics: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${START_WEB_USAGE}`, { cause: error });
  }
  const { values } = parsed;
  if (values.help) {
    console.log(START_WEB_USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a port number, not "${values.port}"`);
  if (!['127.0.0.1', 'localhost', '::1'].includes(values.host)) {
    throw new Error(
      '--host must be a loopback address: the web host serves one counter on this machine.',
    );
  }
  const dataDir = values['data-dir'] ?? process.env.COUNTERTOP_DATA_DIR ?? defaultDataDir();
  const version = appVersion();
  if (values.diagnostics) {
    // Support's first ask, also when the UI will not come up, and also when the keychain is what
    // broke: the bundle reads no secret, so it runs on a store that holds none and stores none.
    const core = await startCore({ dataDir, secretStore: keychainlessStore, version });
    try {
      const { file, bytes } = await core.api['diagnostics:export']({});
      console.log(`diagnostics: ${file} (${bytes} bytes)`);
    } finally {
      await core.close();
    }
    return;
  }
  // Before anything is built or created: without a keychain this venue cannot be set up.
  const secretStore = createKeytarSecretStore(
    process.env.COUNTERTOP_KEYCHAIN_SERVICE ?? 'countertop',
  );
  try {
    await assertKeychainAvailable(secretStore);
  } catch (error) {
    if (!(error instanceof KeychainUnavailableError)) throw error;
    throw new Error(`${error.message} Nothing was stored.`, { cause: error });
  }
  await ensureRendererBuilt();
  let core: Core | null = null;
  let host: WebHost | null = null;
  onShutdown(async () => {
    await host?.close();
    await core?.close();
  });
  core = await startCore({ dataDir, secretStore, version });
  host = await startWebHost({ core, port, host: values.host, rendererDir: RENDERER_DIR });
  console.log(`data: ${dataDir}`);
  console.log(`ui: ${host.url}`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`start:web: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
