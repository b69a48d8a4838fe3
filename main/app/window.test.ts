import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

// A fake `electron`: records what the window code asks of BrowserWindow, shell and sessions.
const fake = vi.hoisted(() => {
  const makeContents = () => {
    const listeners = new Map<string, Listener>();
    return {
      listeners,
      windowOpenHandler: null as null | ((details: { url: string }) => { action: string }),
      on(event: string, listener: Listener) {
        listeners.set(event, listener);
      },
      setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
        this.windowOpenHandler = handler;
      },
    };
  };
  const windows: Array<{
    options: Record<string, unknown>;
    webContents: ReturnType<typeof makeContents>;
    loaded: string | null;
  }> = [];
  class BrowserWindow {
    options: Record<string, unknown>;
    webContents = makeContents();
    loaded: string | null = null;
    constructor(options: Record<string, unknown>) {
      this.options = options;
      windows.push(this);
    }
    once() {}
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
  }
  return {
    windows,
    BrowserWindow,
    makeContents,
    shell: { openExternal: vi.fn(() => Promise.resolve()) },
  };
});
vi.mock('electron', () => ({ BrowserWindow: fake.BrowserWindow, shell: fake.shell }));

const {
  createMainWindow,
  downloadPath,
  hardenSession,
  hardenWebContents,
  openExternal,
  saveDownloads,
  webPreferences,
} = await import('./window');
const { CONTENT_SECURITY_POLICY, isAllowedExternalUrl, isAppUrl } =
  await import('../host/security');

beforeEach(() => {
  fake.windows.length = 0;
  fake.shell.openExternal.mockClear();
});

describe('the app window', () => {
  it('isolates the renderer: context isolation, sandbox, no Node, web security', () => {
    const prefs = webPreferences('/app/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('creates one window with those settings, kiosk when asked, and loads the app', () => {
    const window = createMainWindow({
      preload: '/p.cjs',
      appUrl: 'app://countertop/index.html',
      kiosk: true,
    });
    expect(fake.windows).toHaveLength(1);
    const [created] = fake.windows;
    expect(created?.options).toMatchObject({
      kiosk: true,
      fullscreen: true,
      webPreferences: webPreferences('/p.cjs'),
    });
    expect(created?.loaded).toBe('app://countertop/index.html');
    expect(window).toBe(created);
    createMainWindow({ preload: '/p.cjs', appUrl: 'app://countertop/index.html', kiosk: false });
    expect(fake.windows[1]?.options).toMatchObject({ kiosk: false, fullscreen: false });
  });

  it('denies every navigation, and opens only allow-listed https links outside', () => {
    const contents = fake.makeContents();
    hardenWebContents(contents as never);
    const navigate = contents.listeners.get('will-navigate')!;
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'https://merchant.platform.example/help',
    ]) {
      const event = { preventDefault: vi.fn() };
      navigate(event, url);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    expect(fake.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://merchant.platform.example/help');

    const redirect = { preventDefault: vi.fn() };
    contents.listeners.get('will-redirect')!(redirect, 'https://evil.example/');
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    contents.listeners.get('will-attach-webview')!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies new windows', () => {
    const contents = fake.makeContents();
    hardenWebContents(contents as never);
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({
      action: 'deny',
    });
    expect(contents.windowOpenHandler!({ url: 'https://help.platform.example/x' })).toEqual({
      action: 'deny',
    });
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://help.platform.example/x');
    expect(fake.shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('opens external links only for https pages of the allow-list', () => {
    expect(openExternal('http://merchant.platform.example/')).toBe(false);
    expect(openExternal('https://merchant.platform.example.evil.com/')).toBe(false);
    expect(openExternal('https://user:pw@merchant.platform.example/')).toBe(false);
    expect(openExternal('javascript:alert(1)')).toBe(false);
    expect(openExternal('not a url')).toBe(false);
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
    expect(isAllowedExternalUrl('https://merchant.platform.example/orders')).toBe(true);
  });

  it('denies every permission request and check', () => {
    let requestHandler:
      ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | null =
      null;
    let checkHandler: (() => boolean) | null = null;
    const session = {
      setPermissionRequestHandler: (h: typeof requestHandler) => (requestHandler = h),
      setPermissionCheckHandler: (h: typeof checkHandler) => (checkHandler = h),
      webRequest: { onHeadersReceived: vi.fn() },
    };
    hardenSession(session as never);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read']) {
      const callback = vi.fn();
      requestHandler!(null, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    expect(checkHandler!()).toBe(false);
  });

  it('sets a strict CSP header on every response, replacing the server’s own', () => {
    let headersHandler: ((details: unknown, callback: (response: unknown) => void) => void) | null =
      null;
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      webRequest: { onHeadersReceived: (h: typeof headersHandler) => (headersHandler = h) },
    };
    hardenSession(session as never);
    const callback = vi.fn();
    headersHandler!(
      {
        responseHeaders: {
          'content-security-policy': ["default-src *; script-src 'unsafe-eval'"],
          'Content-Type': ['text/html'],
        },
      },
      callback,
    );
    const { responseHeaders } = callback.mock.calls[0]![0] as {
      responseHeaders: Record<string, string[]>;
    };
    expect(responseHeaders['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(responseHeaders['content-security-policy']).toBeUndefined();
    expect(responseHeaders['Content-Type']).toEqual(['text/html']);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });

  it('recognises the app’s own pages', () => {
    expect(isAppUrl('file:///app/index.html', 'file:///app/index.html')).toBe(true);
    expect(isAppUrl('file:///etc/passwd', 'file:///app/index.html')).toBe(false);
    expect(isAppUrl('http://127.0.0.1:5/x', 'http://127.0.0.1:5/')).toBe(true);
    expect(isAppUrl('http://127.0.0.1:6/', 'http://127.0.0.1:5/')).toBe(false);
    expect(isAppUrl('nonsense', 'http://127.0.0.1:5/')).toBe(false);
    // Custom schemes have an opaque ("null") URL origin: host and scheme must match instead.
    expect(isAppUrl('app://countertop/index.html', 'app://countertop/index.html')).toBe(true);
    expect(isAppUrl('app://countertop/other', 'app://countertop/index.html')).toBe(true);
    expect(isAppUrl('app://elsewhere/index.html', 'app://countertop/index.html')).toBe(false);
    expect(isAppUrl('evil://countertop/index.html', 'app://countertop/index.html')).toBe(false);
  });
});

describe('downloads', () => {
  it('saves into the folder under a plain name, never over a file already there', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'downloads-'));
    try {
      expect(downloadPath(folder, 'orders-2026-11-23.csv')).toBe(
        path.join(folder, 'orders-2026-11-23.csv'),
      );
      await writeFile(path.join(folder, 'orders-2026-11-23.csv'), 'x');
      await writeFile(path.join(folder, 'orders-2026-11-23 (1).csv'), 'x');
      expect(downloadPath(folder, 'orders-2026-11-23.csv')).toBe(
        path.join(folder, 'orders-2026-11-23 (2).csv'),
      );
      // A name cannot climb out of the folder, hide itself, or carry odd characters.
      expect(downloadPath(folder, '../../etc/passwd')).toBe(path.join(folder, 'passwd'));
      expect(downloadPath(folder, '..\\..\\x.csv')).toBe(path.join(folder, 'x.csv'));
      expect(downloadPath(folder, '.bashrc')).toBe(path.join(folder, 'bashrc'));
      expect(downloadPath(folder, 'a:b*c?.csv')).toBe(path.join(folder, 'a_b_c_.csv'));
      expect(downloadPath(folder, '..')).toBe(path.join(folder, 'download'));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('saves the app page’s own files to Downloads without a dialog and refuses any other', () => {
    let handler: ((event: unknown, item: unknown) => void) | null = null;
    const session = {
      on: (event: string, listener: typeof handler) => {
        if (event === 'will-download') handler = listener;
      },
    };
    saveDownloads(session as never, () => '/home/staff/Downloads', 'app://countertop/index.html');
    const download = (url: string) => {
      const event = { preventDefault: vi.fn() };
      const item = {
        getURL: () => url,
        getFilename: () => 'orders-2026-11-23.csv',
        setSavePath: vi.fn(),
      };
      handler!(event, item);
      return { refused: event.preventDefault.mock.calls.length > 0, item };
    };
    const own = download('blob:app://countertop/5f0c6a3e-1111-4222-8333-944455556666');
    expect(own.refused).toBe(false);
    expect(own.item.setSavePath).toHaveBeenCalledWith(
      path.join('/home/staff/Downloads', 'orders-2026-11-23.csv'),
    );
    for (const url of [
      'https://example.com/file.exe',
      'blob:https://example.com/5f0c6a3e',
      'blob:app://elsewhere/5f0c6a3e',
      'data:text/csv,a,b',
    ]) {
      const other = download(url);
      expect(other.refused, url).toBe(true);
      expect(other.item.setSavePath).not.toHaveBeenCalled();
    }
  });
});
