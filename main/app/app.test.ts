import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../shared/ipc/contract';
import type { MachineSettings } from '../../shared/domain';

type Listener = (...args: unknown[]) => void;

// A fake `electron` with just enough of app, ipcMain, session, BrowserWindow and shell.
const fake = vi.hoisted(() => {
  const emitter = () => {
    const listeners = new Map<string, Listener[]>();
    return {
      listeners,
      on(event: string, listener: Listener) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
        return this;
      },
      emit(event: string, ...args: unknown[]) {
        for (const listener of listeners.get(event) ?? []) listener(...args);
      },
    };
  };
  const state = { lock: true, ready: false, windows: [] as Array<Record<string, unknown>> };
  const app = {
    ...emitter(),
    switches: [] as Array<[string, string]>,
    commandLine: {
      appendSwitch: (name: string, value: string) => app.switches.push([name, value]),
    },
    isPackaged: false,
    getVersion: () => '0.1.0',
    requestSingleInstanceLock: () => state.lock,
    setLoginItemSettings: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: () => {
      state.ready = true;
      return Promise.resolve();
    },
  };
  const protocol = {
    privileged: [] as Array<{ scheme: string; privileges: Record<string, boolean> }>,
    registeredBeforeReady: false,
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
    registerSchemesAsPrivileged(
      schemes: Array<{ scheme: string; privileges: Record<string, boolean> }>,
    ) {
      this.privileged.push(...schemes);
      this.registeredBeforeReady = !state.ready;
    },
    handle(scheme: string, handler: (request: Request) => Promise<Response>) {
      this.handlers.set(scheme, handler);
    },
  };
  const handlers = new Map<string, Listener>();
  const ipcMain = {
    handle: (channel: string, handler: Listener) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  const defaultSession = {
    permissionRequest: null as Listener | null,
    setPermissionRequestHandler(h: Listener) {
      this.permissionRequest = h;
    },
    setPermissionCheckHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
    on: vi.fn(),
  };
  const blockers = new Set<number>();
  const powerSaveBlocker = {
    blockers,
    next: 1,
    start(type: string) {
      if (type !== 'prevent-display-sleep') throw new Error(type);
      blockers.add(this.next);
      return this.next++;
    },
    stop: (id: number) => blockers.delete(id),
    isStarted: (id: number) => blockers.has(id),
  };
  class BrowserWindow {
    events = emitter();
    kiosk: boolean | null = null;
    menuBar: boolean | null = null;
    webContents = {
      ...emitter(),
      forcefullyCrashRenderer: vi.fn(),
      mainFrame: { url: 'app://countertop/index.html' },
      send: vi.fn(),
      windowOpenHandlers: [] as Array<(details: { url: string }) => { action: string }>,
      setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
        this.windowOpenHandlers.push(handler);
      },
    };
    loaded: string | null = null;
    focused = 0;
    restored = 0;
    minimized = true;
    constructor(public options: Record<string, unknown>) {
      state.windows.push(this as unknown as Record<string, unknown>);
      // As Electron does: every new web contents is announced on the app.
      app.emit('web-contents-created', {}, this.webContents);
    }
    once() {}
    on(event: string, listener: Listener) {
      this.events.on(event, listener);
    }
    setKiosk(on: boolean) {
      this.kiosk = on;
    }
    setMenuBarVisibility(on: boolean) {
      this.menuBar = on;
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    isMinimized() {
      return this.minimized;
    }
    restore() {
      this.restored += 1;
    }
    focus() {
      this.focused += 1;
    }
  }
  return {
    state,
    app,
    autoUpdater: emitter(),
    ipcMain,
    handlers,
    session: { defaultSession },
    protocol,
    BrowserWindow,
    powerSaveBlocker,
    shell: { openExternal: vi.fn() },
  };
});
vi.mock('electron', () => ({
  app: fake.app,
  ipcMain: fake.ipcMain,
  session: fake.session,
  protocol: fake.protocol,
  BrowserWindow: fake.BrowserWindow,
  powerSaveBlocker: fake.powerSaveBlocker,
  shell: fake.shell,
  autoUpdater: fake.autoUpdater,
}));

const { startApp } = await import('./app');

const makeCore = (
  machine: MachineSettings = {
    kiosk: false,
    kioskUnlocked: false,
    startOnLogin: false,
    pinSet: false,
  },
  venueOnline = false,
) => {
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    listeners,
    api: {
      'machine:get': async () => machine,
      'venue:get': async () => ({ venueId: 'v1', isOnline: venueOnline }),
    } as never,
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
    record: vi.fn(),
    close: vi.fn(async () => undefined),
  };
};
let rendererDir: string;
beforeAll(async () => {
  rendererDir = await mkdtemp(path.join(tmpdir(), 'countertop-app-'));
  await writeFile(path.join(rendererDir, 'index.html'), '<html><body>the app</body></html>');
});
afterAll(() => rm(rendererDir, { recursive: true, force: true }));

const options = (core: ReturnType<typeof makeCore>) => ({
  preload: '/app/preload.cjs',
  rendererDir,
  kiosk: false,
  startCore: async () => core as never,
});

beforeEach(() => {
  fake.state.windows.length = 0;
  fake.state.lock = true;
  fake.state.ready = false;
  fake.protocol.privileged.length = 0;
  fake.protocol.handlers.clear();
  fake.shell.openExternal.mockClear();
  fake.app.listeners.clear();
  fake.app.quit.mockClear();
  fake.app.exit.mockClear();
  fake.handlers.clear();
  fake.powerSaveBlocker.blockers.clear();
  fake.app.setLoginItemSettings.mockClear();
  fake.app.isPackaged = false;
  fake.autoUpdater.listeners.clear();
});

describe('the desktop app', () => {
  it('quits at once when another instance holds the lock, without starting the core or a window', async () => {
    fake.state.lock = false;
    const core = makeCore();
    const start = vi.fn(async () => core as never);
    expect(await startApp({ ...options(core), startCore: start })).toBeNull();
    expect(fake.app.quit).toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
    expect(fake.state.windows).toHaveLength(0);
  });

  it('opens one hardened window, registers every channel and focuses it for a second instance', async () => {
    const core = makeCore();
    const window = (await startApp(options(core))) as unknown as InstanceType<
      typeof fake.BrowserWindow
    >;
    expect(fake.state.windows).toHaveLength(1);
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect([...fake.handlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    expect(fake.session.defaultSession.permissionRequest).not.toBeNull();
    expect(fake.session.defaultSession.webRequest.onHeadersReceived).toHaveBeenCalled();
    expect(fake.session.defaultSession.on).toHaveBeenCalledWith(
      'will-download',
      expect.any(Function),
    );
    expect(fake.app.switches).toContainEqual(['autoplay-policy', 'no-user-gesture-required']);

    fake.app.emit('second-instance');
    expect(window.restored).toBe(1);
    expect(window.focused).toBe(1);

    // Events reach the window as one batch per short window, so wait for the batch.
    core.listeners.get('orders:arrived')!({ orderId: 'o1', orderNumber: '3' });
    await vi.waitFor(() =>
      expect(window.webContents.send).toHaveBeenCalledWith(EVENT_CHANNEL, [
        ['orders:arrived', { orderId: 'o1', orderNumber: '3' }],
      ]),
    );
  });

  it('loads the renderer from app://, a standard secure scheme registered before ready', async () => {
    const window = (await startApp(options(makeCore()))) as unknown as InstanceType<
      typeof fake.BrowserWindow
    >;
    expect(window.loaded).toBe('app://countertop/index.html');
    expect(fake.protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(fake.protocol.registeredBeforeReady).toBe(true);
    const handler = fake.protocol.handlers.get('app')!;
    const page = await handler(new Request('app://countertop/index.html'));
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<html><body>the app</body></html>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await handler(new Request('app://elsewhere/index.html'))).status).toBe(404);
    expect((await handler(new Request('app://countertop/%2e%2e/app.test.ts'))).status).toBe(404);
    expect((await handler(new Request('app://countertop/', { method: 'POST' }))).status).toBe(405);
    const head = await handler(new Request('app://countertop/', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('hardens the window’s contents once: an allowed link opens once, in the browser', async () => {
    const window = (await startApp(options(makeCore()))) as unknown as InstanceType<
      typeof fake.BrowserWindow
    >;
    const contents = window.webContents;
    expect(contents.listeners.get('will-navigate')).toHaveLength(1);
    expect(contents.windowOpenHandlers).toHaveLength(1);
    const navigation = { preventDefault: vi.fn() };
    contents.emit('will-navigate', navigation, 'https://merchant.platform.example/help');
    expect(navigation.preventDefault).toHaveBeenCalled();
    expect(fake.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(contents.windowOpenHandlers[0]!({ url: 'https://help.platform.example/x' })).toEqual({
      action: 'deny',
    });
    expect(fake.shell.openExternal).toHaveBeenCalledTimes(2);
    expect(fake.shell.openExternal).toHaveBeenLastCalledWith('https://help.platform.example/x');
  });

  it('hardens every web contents created later', async () => {
    await startApp(options(makeCore()));
    const contents = { on: vi.fn(), setWindowOpenHandler: vi.fn() };
    fake.app.emit('web-contents-created', {}, contents);
    expect(contents.on.mock.calls.map((call) => call[0])).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']),
    );
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
  });

  it('closes the core before the process exits, and unregisters IPC', async () => {
    const core = makeCore();
    await startApp(options(core));
    const event = { preventDefault: vi.fn() };
    fake.app.emit('before-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(core.close).toHaveBeenCalledTimes(1);
    expect(fake.handlers.size).toBe(0);
    await vi.waitFor(() => expect(fake.app.exit).toHaveBeenCalledWith(0));
    fake.app.emit('before-quit', { preventDefault: vi.fn() });
    expect(core.close).toHaveBeenCalledTimes(1);
  });

  it('runs the counter machine as its settings say: kiosk locked until the PIN, start on login, awake while online', async () => {
    const autostart = await mkdtemp(path.join(tmpdir(), 'countertop-autostart-'));
    const core = makeCore(
      { kiosk: true, kioskUnlocked: false, startOnLogin: true, pinSet: true },
      true,
    );
    const window = (await startApp({
      ...options(core),
      startOnLogin: {
        platform: 'linux',
        app: fake.app,
        executable: '/opt/countertop',
        args: [],
        autostartDir: autostart,
      },
    })) as unknown as InstanceType<typeof fake.BrowserWindow>;
    expect(window.options.kiosk).toBe(true);
    expect(window.kiosk).toBe(true);
    expect(window.menuBar).toBe(false);
    const closing = { preventDefault: vi.fn() };
    window.events.emit('close', closing);
    expect(closing.preventDefault).toHaveBeenCalled();
    await vi.waitFor(async () =>
      expect(await readFile(path.join(autostart, 'countertop.desktop'), 'utf8')).toContain(
        'Exec=/opt/countertop',
      ),
    );
    await vi.waitFor(() => expect(fake.powerSaveBlocker.blockers.size).toBe(1));

    core.listeners.get('machine:changed')!({
      kiosk: true,
      kioskUnlocked: true,
      startOnLogin: false,
      pinSet: true,
    });
    expect(window.kiosk).toBe(false);
    await vi.waitFor(async () =>
      expect(await readdir(autostart)).not.toContain('countertop.desktop'),
    );
    core.listeners.get('venue:changed')!({ venueId: 'v1', isOnline: false });
    expect(fake.powerSaveBlocker.blockers.size).toBe(0);
    await rm(autostart, { recursive: true, force: true });
  });

  it('reloads a crashed renderer from the core, and records it', async () => {
    const core = makeCore();
    const window = (await startApp(options(core))) as unknown as InstanceType<
      typeof fake.BrowserWindow
    >;
    window.loaded = null;
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 });
    expect(window.loaded).toBe('app://countertop/index.html');
    expect(core.record).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'app/renderer', outcome: 'reloaded' }),
    );
    expect(core.close).not.toHaveBeenCalled();
  });

  it('updates itself only when packaged, and stops checking on quit', async () => {
    const updater = Object.assign(new EventEmitter(), {
      autoDownload: false,
      autoInstallOnAppQuit: true,
      checkForUpdates: vi.fn(async () => null),
      downloadUpdate: vi.fn(async () => []),
      quitAndInstall: vi.fn(),
    });
    const loadUpdater = vi.fn(async () => updater);
    await startApp({ ...options(makeCore()), loadUpdater });
    expect(loadUpdater).not.toHaveBeenCalled();

    fake.app.listeners.clear();
    fake.app.isPackaged = true;
    await startApp({ ...options(makeCore()), loadUpdater });
    await vi.waitFor(() => expect(updater.checkForUpdates).toHaveBeenCalledTimes(1));
    // Downloads start only once the signed metadata verified (updates.ts).
    expect(updater.autoDownload).toBe(false);
    expect(updater.listenerCount('update-available')).toBe(1);
    expect(updater.listenerCount('update-downloaded')).toBe(1);
    fake.app.emit('before-quit', { preventDefault: vi.fn() });
    expect(updater.listenerCount('update-downloaded')).toBe(0);
  });

  it('lets a kiosk window close for an update’s install', async () => {
    fake.app.isPackaged = true;
    const core = makeCore({ kiosk: true, kioskUnlocked: false, startOnLogin: false, pinSet: true });
    const updater = Object.assign(new EventEmitter(), {
      autoDownload: false,
      autoInstallOnAppQuit: true,
      checkForUpdates: vi.fn(async () => null),
      downloadUpdate: vi.fn(async () => []),
      quitAndInstall: vi.fn(),
    });
    const window = (await startApp({
      ...options(core),
      loadUpdater: async () => updater,
    })) as unknown as InstanceType<typeof fake.BrowserWindow>;
    const refused = { preventDefault: vi.fn() };
    window.events.emit('close', refused);
    expect(refused.preventDefault).toHaveBeenCalled();
    // electron-updater emits it before the installer's quit closes the windows.
    fake.autoUpdater.emit('before-quit-for-update');
    const closing = { preventDefault: vi.fn() };
    window.events.emit('close', closing);
    expect(closing.preventDefault).not.toHaveBeenCalled();
  });

  it('lets a kiosk window close when the app quits', async () => {
    const core = makeCore({ kiosk: true, kioskUnlocked: false, startOnLogin: false, pinSet: true });
    const window = (await startApp(options(core))) as unknown as InstanceType<
      typeof fake.BrowserWindow
    >;
    fake.app.emit('before-quit', { preventDefault: vi.fn() });
    const closing = { preventDefault: vi.fn() };
    window.events.emit('close', closing);
    expect(closing.preventDefault).not.toHaveBeenCalled();
  });
});
