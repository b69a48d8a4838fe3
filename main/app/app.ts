// The desktop app's lifecycle: single instance, hardened sessions and contents, the core, the
// window, IPC and events, and an orderly quit. Dependencies come in so tests can drive it with a
// fake electron module and a stand-in core.
import { app, autoUpdater, ipcMain, powerSaveBlocker, protocol, session } from 'electron';
import type { BrowserWindow } from 'electron';
import type { MachineSettings } from '../../shared/domain';
import { APP_URL, RECOVERY_URL, handleAppProtocol, registerAppScheme } from './app-protocol';
import type { ServiceHost } from '../host/dispatch';
import { forwardEvents, registerIpcHandlers } from './ipc';
import { keepAwakeWhileOnline } from './keep-awake';
import { guardKiosk } from './kiosk';
import { superviseRenderer } from './self-heal';
import { applyStartOnLogin, defaultStartOnLoginTarget } from './start-on-login';
import type { StartOnLoginTarget } from './start-on-login';
import { PUBLISHER_KEYS } from '../update-trust/publisher-keys';
import { loadElectronUpdater, startUpdates } from './updates';
import type { Updater } from './updates';
import { createMainWindow, hardenSession, hardenWebContents, saveDownloads } from './window';

export type AppCore = ServiceHost & {
  record(entry: { action: string; subject: string; outcome: string; detail?: string }): void;
  /** Holds a signed update for staff (updates:held). */
  holdUpdate(version: string, confirm: () => void): void;
  close(): Promise<void>;
};

export type AppOptions = {
  preload: string;
  /** The built renderer (vite's dist/renderer), served as app://countertop/. */
  rendererDir: string;
  /** Kiosk mode from the command line (--kiosk), whatever the setting says. */
  kiosk: boolean;
  startCore: () => Promise<AppCore>;
  /** Where start-on-login is written (tests point it at a temporary folder). */
  startOnLogin?: StartOnLoginTarget;
  /** The updater of a packaged app (default: electron-updater's; tests pass a stand-in). */
  loadUpdater?: () => Promise<Updater>;
};

/** Resolves with the window, or null when another instance already runs (this one quits). */
export const startApp = async (options: AppOptions): Promise<BrowserWindow | null> => {
  // The new-order ring must sound without waiting for a first tap on an unattended counter.
  app.commandLine.appendSwitch('autoplay-policy', 'no-user-gesture-required');
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }
  let window: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  // Every web contents, the window's included, is hardened here once: a second set of handlers
  // would open an allowed link twice.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  registerAppScheme(protocol);

  await app.whenReady();
  hardenSession(session.defaultSession);
  saveDownloads(session.defaultSession, () => app.getPath('downloads'), APP_URL);
  handleAppProtocol(protocol, options.rendererDir);
  const core = await options.startCore();

  const getWindow = (): BrowserWindow | null => window;
  const unregister = registerIpcHandlers(ipcMain, core.api, getWindow, APP_URL);
  const unforward = forwardEvents(core, getWindow);
  const machine = await core.api['machine:get']({});
  const kioskLocked = (m: MachineSettings): boolean =>
    (options.kiosk || m.kiosk) && !m.kioskUnlocked;
  const created = createMainWindow({
    preload: options.preload,
    appUrl: APP_URL,
    kiosk: kioskLocked(machine),
  });
  window = created;
  window.on('closed', () => (window = null));
  superviseRenderer(created, {
    appUrl: APP_URL,
    recoveryUrl: RECOVERY_URL,
    record: (entry) => core.record(entry),
  });

  const kiosk = guardKiosk(created);
  const loginTarget = options.startOnLogin ?? defaultStartOnLoginTarget(app);
  let startOnLogin: boolean | null = null;
  const applyMachine = (m: MachineSettings): void => {
    if (!created.isDestroyed()) kiosk.set(kioskLocked(m));
    if (m.startOnLogin === startOnLogin) return;
    startOnLogin = m.startOnLogin;
    applyStartOnLogin(m.startOnLogin, loginTarget).catch((error: unknown) =>
      core.record({
        action: 'machine/start-on-login',
        subject: m.startOnLogin ? 'on' : 'off',
        outcome: 'failed',
        detail: error instanceof Error ? error.message : String(error),
      }),
    );
  };
  applyMachine(machine);
  const unmachine = core.on('machine:changed', applyMachine);
  const releaseAwake = keepAwakeWhileOnline(core, powerSaveBlocker);
  // Only a packaged app has a feed (app-update.yml) and an installer to replace. An install
  // closes the windows (on macOS before 'before-quit'), so the kiosk lets its window go then.
  let stopUpdates = (): void => undefined;
  if (app.isPackaged) {
    stopUpdates = startUpdates(core, options.loadUpdater ?? loadElectronUpdater, {
      keys: PUBLISHER_KEYS,
      currentVersion: app.getVersion(),
    });
    autoUpdater.on('before-quit-for-update', () => kiosk.release());
  }

  let closing = false;
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (closing) return;
    // Let the core finish its writes before the process goes.
    closing = true;
    event.preventDefault();
    kiosk.release();
    stopUpdates();
    releaseAwake();
    unmachine();
    unforward();
    unregister();
    void core.close().finally(() => app.exit(0));
  });
  return window;
};
