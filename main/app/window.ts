// The app window and the rules every web contents obeys. Thin on purpose: the decisions live in
// security.ts; this file only wires them to Electron.
import { BrowserWindow, shell } from 'electron';
import type { Session, WebContents, WebPreferences } from 'electron';
import { isAllowedExternalUrl, withSecurityHeaders } from '../host/security';

export const webPreferences = (preload: string): WebPreferences => ({
  preload,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
});

/** The single way out of the app to a browser: https pages of the allow-list, nothing else. */
export const openExternal = (url: string): boolean => {
  if (!isAllowedExternalUrl(url)) return false;
  void shell.openExternal(url);
  return true;
};

/**
 * Navigation and new windows are always denied; allowed links open in the system browser. The app
 * applies this to every web contents as it is created (app.ts), so call it once per contents.
 */
export const hardenWebContents = (contents: WebContents): void => {
  const deny = (event: { preventDefault(): void }, url: string): void => {
    event.preventDefault();
    openExternal(url);
  };
  contents.on('will-navigate', deny);
  contents.on('will-redirect', deny);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
};

/** No camera, microphone, notifications or anything else; every response gets our CSP. */
export const hardenSession = (target: Session): void => {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  target.setPermissionCheckHandler(() => false);
  target.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withSecurityHeaders(details.responseHeaders) }),
  );
};

export type MainWindowOptions = { preload: string; appUrl: string; kiosk: boolean };

export const createMainWindow = ({ preload, appUrl, kiosk }: MainWindowOptions): BrowserWindow => {
  const window = new BrowserWindow({
    width: 1600,
    height: 1000,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    kiosk,
    fullscreen: kiosk,
    autoHideMenuBar: true,
    backgroundColor: '#0f1216',
    title: 'Countertop',
    webPreferences: webPreferences(preload),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(appUrl);
  return window;
};
