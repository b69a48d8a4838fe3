// Electron's entry point (bundled to dist/main/app/electron-main.js): one hardened window over
// the core. Environment: COUNTERTOP_DATA_DIR (default: the app's userData folder),
// COUNTERTOP_KEYCHAIN_SERVICE (default 'countertop'), COUNTERTOP_KIOSK=1 or --kiosk.
import { app, ipcMain, session } from 'electron';
import type { BrowserWindow } from 'electron';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCore } from '../core';
import { assertKeychainAvailable, createKeytarSecretStore } from '../secrets/secret-store';
import { forwardEvents, registerIpcHandlers } from './ipc';
import { createMainWindow, hardenSession, hardenWebContents } from './window';

const here = path.dirname(fileURLToPath(import.meta.url));
const preload = path.join(here, '..', '..', 'preload', 'preload.cjs');
const appUrl = pathToFileURL(path.join(here, '..', '..', 'renderer', 'index.html')).href;
const kiosk = process.argv.includes('--kiosk') || process.env.COUNTERTOP_KIOSK === '1';

// The new-order ring must sound without waiting for a first tap on an unattended counter.
app.commandLine.appendSwitch('autoplay-policy', 'no-user-gesture-required');

const main = async (): Promise<void> => {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let window: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

  await app.whenReady();
  hardenSession(session.defaultSession);

  const secretStore = createKeytarSecretStore(process.env.COUNTERTOP_KEYCHAIN_SERVICE ?? 'countertop');
  await assertKeychainAvailable(secretStore);
  const core = await startCore({
    dataDir: process.env.COUNTERTOP_DATA_DIR ?? app.getPath('userData'),
    secretStore,
  });

  const getWindow = (): BrowserWindow | null => window;
  const unregister = registerIpcHandlers(ipcMain, core.api, getWindow, appUrl);
  const unforward = forwardEvents(core, getWindow);
  window = createMainWindow({ preload, appUrl, kiosk });
  window.on('closed', () => (window = null));

  let closing = false;
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (closing) return;
    // Let the core finish its writes before the process goes.
    closing = true;
    event.preventDefault();
    unforward();
    unregister();
    void core.close().finally(() => app.exit(0));
  });
};

main().catch((error: unknown) => {
  console.error(`countertop: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  app.exit(1);
});
