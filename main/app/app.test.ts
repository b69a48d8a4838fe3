import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES, EVENT_CHANNEL } from '../../shared/ipc/contract';

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
  const state = { lock: true, windows: [] as Array<Record<string, unknown>> };
  const app = {
    ...emitter(),
    switches: [] as Array<[string, string]>,
    commandLine: {
      appendSwitch: (name: string, value: string) => app.switches.push([name, value]),
    },
    requestSingleInstanceLock: () => state.lock,
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: () => Promise.resolve(),
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
  };
  class BrowserWindow {
    events = emitter();
    webContents = {
      ...emitter(),
      mainFrame: { url: 'file:///app/index.html' },
      send: vi.fn(),
      setWindowOpenHandler: vi.fn(),
    };
    focused = 0;
    restored = 0;
    minimized = true;
    constructor(public options: Record<string, unknown>) {
      state.windows.push(this as unknown as Record<string, unknown>);
    }
    once() {}
    on(event: string, listener: Listener) {
      this.events.on(event, listener);
    }
    loadURL() {
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
    ipcMain,
    handlers,
    session: { defaultSession },
    BrowserWindow,
    shell: { openExternal: vi.fn() },
  };
});
vi.mock('electron', () => ({
  app: fake.app,
  ipcMain: fake.ipcMain,
  session: fake.session,
  BrowserWindow: fake.BrowserWindow,
  shell: fake.shell,
}));

const { startApp } = await import('./app');

const makeCore = () => {
  const listeners = new Map<string, (payload: unknown) => void>();
  return {
    listeners,
    api: {} as never,
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
    close: vi.fn(async () => undefined),
  };
};
const options = (core: ReturnType<typeof makeCore>) => ({
  preload: '/app/preload.cjs',
  appUrl: 'file:///app/index.html',
  kiosk: false,
  startCore: async () => core as never,
});

beforeEach(() => {
  fake.state.windows.length = 0;
  fake.state.lock = true;
  fake.app.listeners.clear();
  fake.app.quit.mockClear();
  fake.app.exit.mockClear();
  fake.handlers.clear();
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
    expect(fake.app.switches).toContainEqual(['autoplay-policy', 'no-user-gesture-required']);

    fake.app.emit('second-instance');
    expect(window.restored).toBe(1);
    expect(window.focused).toBe(1);

    core.listeners.get('orders:arrived')!({ orderId: 'o1', orderNumber: '3' });
    expect(window.webContents.send).toHaveBeenCalledWith(EVENT_CHANNEL, 'orders:arrived', {
      orderId: 'o1',
      orderNumber: '3',
    });
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
});
