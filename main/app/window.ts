// The app window and the rules every web contents obeys. Thin on purpose: the decisions live in
// security.ts; this file only wires them to Electron.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BrowserWindow, shell } from 'electron';
import type { Session, WebContents, WebPreferences } from 'electron';
import { isAllowedExternalUrl, isAppUrl, withSecurityHeaders } from '../host/security';

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

/**
 * Where a download goes in `folder`: the suggested name reduced to plain characters (no folders,
 * no leading dot), and never over a file already there ("orders (1).csv").
 */
export const downloadPath = (
  folder: string,
  suggested: string,
  exists: (file: string) => boolean = existsSync,
): string => {
  const plain = path
    .basename(suggested.replaceAll('\\', '/'))
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 120);
  const name = plain || 'download';
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  let candidate = path.join(folder, name);
  for (let n = 1; exists(candidate); n += 1) candidate = path.join(folder, `${stem} (${n})${ext}`);
  return candidate;
};

/**
 * Files the app's own page makes (the day's CSV, as a blob: of the app's origin) save straight
 * into `folder()`, the user's Downloads: a save dialog has no place on a counter's touch screen
 * in kiosk mode. Any other download is refused; the window never navigates anywhere to start one.
 */
export const saveDownloads = (target: Session, folder: () => string, appUrl: string): void => {
  target.on('will-download', (event, item) => {
    const url = item.getURL();
    if (!url.startsWith('blob:') || !isAppUrl(url.slice('blob:'.length), appUrl)) {
      event.preventDefault();
      return;
    }
    item.setSavePath(downloadPath(folder(), item.getFilename()));
  });
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
