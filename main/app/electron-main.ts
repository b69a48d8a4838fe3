// Electron's entry point (bundled to dist/main/app/electron-main.js). Environment:
// COUNTERTOP_DATA_DIR (default: the app's userData folder), COUNTERTOP_KEYCHAIN_SERVICE
// (default 'countertop'), COUNTERTOP_KIOSK=1 or --kiosk for a full-screen counter.
import { app, dialog, shell } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCore } from '../core';
import { assertKeychainAvailable, createKeytarSecretStore } from '../secrets/secret-store';
import { startApp } from './app';

const here = path.dirname(fileURLToPath(import.meta.url));

startApp({
  preload: path.join(here, '..', '..', 'preload', 'preload.cjs'),
  rendererDir: path.join(here, '..', '..', 'renderer'),
  kiosk: process.argv.includes('--kiosk') || process.env.COUNTERTOP_KIOSK === '1',
  startCore: async () => {
    // No plaintext fallback: without a keychain the app refuses to start.
    const secretStore = createKeytarSecretStore(
      process.env.COUNTERTOP_KEYCHAIN_SERVICE ?? 'countertop',
    );
    await assertKeychainAvailable(secretStore);
    return startCore({
      dataDir: process.env.COUNTERTOP_DATA_DIR ?? app.getPath('userData'),
      secretStore,
      version: app.getVersion(),
      // The platform's sign-in page in the system browser, where staff may already be signed in.
      openSignInPage: (url) => shell.openExternal(url),
      machine: {
        restart: () => {
          app.relaunch();
          app.quit();
        },
      },
    });
  },
}).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`countertop: cannot start: ${message}`);
  // Staff at the counter never see a console: say it on screen (safe before 'ready').
  dialog.showErrorBox('Countertop cannot start', message);
  app.exit(1);
});
