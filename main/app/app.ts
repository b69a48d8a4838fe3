// The desktop app's lifecycle: single instance, hardened sessions and contents, the core, the
// window, IPC and events, and an orderly quit. Dependencies come in so tests can drive it with a
// fake electron module and a stand-in core.
import { app, ipcMain, protocol, session } from 'electron';
import type { BrowserWindow } from 'electron';
import { APP_URL, handleAppProtocol, registerAppScheme } from './app-protocol';
import type { ServiceHost } from '../host/dispatch';
import { forwardEvents, registerIpcHandlers } from './ipc';
import { createMainWindow, hardenSession, hardenWebContents } from './window';

export type AppCore = ServiceHost & { close(): Promise<void> };

export type AppOptions = {
  preload: string;
  /** The built renderer (vite's dist/renderer), served as app://countertop/. */
  rendererDir: string;
  kiosk: boolean;
  startCore: () => Promise<AppCore>;
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
  handleAppProtocol(protocol, options.rendererDir);
  const core = await options.startCore();

  const getWindow = (): BrowserWindow | null => window;
  const unregister = registerIpcHandlers(ipcMain, core.api, getWindow, APP_URL);
  const unforward = forwardEvents(core, getWindow);
  window = createMainWindow({
    preload: options.preload,
    appUrl: APP_URL,
    kiosk: options.kiosk,
  });
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
  return window;
};
