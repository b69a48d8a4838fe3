import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceApi } from '../../shared/ipc/contract';
import { CHANNEL_NAMES, EVENT_BATCH_MS, EVENT_CHANNEL } from '../../shared/ipc/contract';
import { emptyDraft, emptyItem, MENU_MAX_CHARS } from '../../shared/menu-draft';
import { refusal } from '../../shared/refusals';
import { ServiceError } from '../service-error';

// ipc.ts only needs electron's types; the fake proves it never reaches for the real module.
vi.mock('electron', () => ({}));
const { forwardEvents, registerIpcHandlers } = await import('./ipc');

const APP_URL = 'app://countertop/index.html';

const setup = () => {
  const handlers = new Map<string, (event: unknown, args: unknown) => Promise<unknown>>();
  const ipcMain = {
    handle: (channel: string, handler: (event: unknown, args: unknown) => Promise<unknown>) =>
      handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  const mainFrame = { url: APP_URL };
  const webContents = { mainFrame, send: vi.fn() };
  const window = { webContents, isDestroyed: () => false };
  const accept = vi.fn(async () => ({ actionId: 'a1' }));
  const saveDraft = vi.fn(async () => ({ draft: null, savedAt: null, publishedAt: null }));
  const api = { 'orders:accept': accept, 'menu:saveDraft': saveDraft } as unknown as ServiceApi;
  const unregister = registerIpcHandlers(ipcMain as never, api, () => window as never, APP_URL);
  const fromApp = { sender: webContents, senderFrame: mainFrame };
  const invoke = (channel: string, args: unknown, event: unknown = fromApp) =>
    handlers.get(channel)!(event, args);
  return { handlers, api, accept, saveDraft, window, webContents, mainFrame, invoke, unregister };
};

describe('IPC handlers', () => {
  it('register exactly one handler per channel of the contract, and remove them all', () => {
    const { handlers, unregister } = setup();
    expect([...handlers.keys()].sort()).toEqual([...CHANNEL_NAMES].sort());
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('call the core with the validated request from the app window', async () => {
    const { invoke, accept } = setup();
    const result = await invoke('orders:accept', { orderId: 'o1', preparationMinutes: 15 });
    expect(result).toEqual({ ok: true, value: { actionId: 'a1' } });
    expect(accept).toHaveBeenCalledWith({ orderId: 'o1', preparationMinutes: 15 });
  });

  it('refuse a sender from another frame, another contents or another page', async () => {
    const { invoke, accept, webContents, mainFrame } = setup();
    const args = { orderId: 'o1', preparationMinutes: 15 };
    const subframe = { url: APP_URL };
    const attempts = [
      { sender: webContents, senderFrame: subframe },
      { sender: { mainFrame }, senderFrame: mainFrame },
      { sender: webContents, senderFrame: null },
    ];
    for (const event of attempts) {
      expect(await invoke('orders:accept', args, event)).toEqual({
        ok: false,
        error: {
          code: 'invalid-request',
          message: 'Refused: the request did not come from the app window.',
          refusal: refusal('bad-request'),
        },
      });
    }
    for (const url of ['https://evil.example/', 'app://elsewhere/index.html', 'file:///x.html']) {
      mainFrame.url = url;
      expect(await invoke('orders:accept', args)).toMatchObject({
        ok: false,
        error: { code: 'invalid-request' },
      });
    }
    expect(accept).not.toHaveBeenCalled();
  });

  it('accept remote addresses only over https (http only for this machine) at setup', async () => {
    const { handlers } = setup();
    const connect = vi.fn(async () => ({ venueId: 'v1' }));
    const api = { 'setup:connect': connect } as unknown as ServiceApi;
    const window = { webContents: { mainFrame: { url: APP_URL } }, isDestroyed: () => false };
    const ipcMain = {
      handle: (channel: string, handler: (event: unknown, args: unknown) => Promise<unknown>) =>
        handlers.set(channel, handler),
      removeHandler: () => undefined,
    };
    registerIpcHandlers(ipcMain as never, api, () => window as never, APP_URL);
    const fromApp = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    const request = (url: string) => ({
      authUrl: 'https://auth.platform.example',
      posUrl: 'https://pos.platform.example',
      clientId: 'c',
      clientSecret: 's',
      code: 'x',
      redirectUri: 'https://venue.example/callback',
      relayUrl: url,
      terminalKey: 'k',
    });
    for (const url of [
      'http://relay.example.com',
      'http://192.168.1.20:4100',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'ftp://relay.example.com',
    ]) {
      const result = (await handlers.get('setup:connect')!(fromApp, request(url))) as {
        ok: boolean;
        error: { message: string };
      };
      expect(result.ok, url).toBe(false);
      expect(result.error.message).toContain('relayUrl');
    }
    const refused = (await handlers.get('setup:connect')!(
      fromApp,
      request('http://relay.example.com'),
    )) as { error: { message: string; refusal?: { key: string } } };
    expect(refused.error.message).toContain('Use https://');
    // Staff read it as its code, in the screen's language.
    expect(refused.error.refusal?.key).toBe('setup-https');
    expect(connect).not.toHaveBeenCalled();
    for (const url of [
      'https://relay.example.com',
      'http://127.0.0.1:4100',
      'http://localhost:4100',
      'http://[::1]:4100',
    ]) {
      expect(await handlers.get('setup:connect')!(fromApp, request(url)), url).toMatchObject({
        ok: true,
      });
    }
    expect(connect).toHaveBeenCalledTimes(4);
  });

  it('refuse a closed window', async () => {
    const { invoke, accept, window } = setup();
    window.isDestroyed = () => true;
    expect(await invoke('orders:accept', { orderId: 'o1', preparationMinutes: 15 })).toMatchObject({
      ok: false,
    });
    expect(accept).not.toHaveBeenCalled();
  });

  it('refuse invalid arguments with the field named, without calling the core', async () => {
    const { invoke, accept } = setup();
    for (const args of [
      { orderId: 'o1', preparationMinutes: 500 },
      { orderId: '', preparationMinutes: 10 },
      { orderId: 'o1', preparationMinutes: 10, extra: true },
      'orders',
      null,
    ]) {
      const result = (await invoke('orders:accept', args)) as {
        ok: boolean;
        error: { code: string; message: string };
      };
      expect(result.ok).toBe(false);
      expect(result.error.code).toBe('invalid-request');
      expect(result.error.message).toMatch(/^Invalid request for orders:accept: /);
    }
    const result = (await invoke('orders:accept', { orderId: 'o1', preparationMinutes: 500 })) as {
      error: { message: string };
    };
    expect(result.error.message).toContain('preparationMinutes');
    expect(accept).not.toHaveBeenCalled();
  });

  it('refuse a menu draft larger than a menu file may be, whichever field carries it, without calling the core', async () => {
    const { invoke, saveDraft } = setup();
    const inExtra = { ...emptyDraft('en'), extra: { note: 'x'.repeat(MENU_MAX_CHARS) } };
    // Every array within its own bound, the whole far beyond one: 2,000 items of 10,001 characters.
    const spread = emptyDraft('en');
    spread.categories = [
      {
        key: 'c',
        name: { en: 'C' },
        description: {},
        items: Array.from({ length: 2_000 }, (_, n) => ({
          ...emptyItem(),
          key: `i${n}`,
          extra: { note: 'x'.repeat(10_001) },
        })),
        subcategories: [],
        extra: {},
      },
    ];
    for (const draft of [inExtra, spread]) {
      const result = (await invoke('menu:saveDraft', { draft })) as {
        ok: boolean;
        error: { code: string; message: string };
      };
      expect(result.ok).toBe(false);
      expect(result.error.code).toBe('invalid-request');
      expect(result.error.message).toMatch(/^Invalid request for menu:saveDraft: draft: /);
    }
    expect(saveDraft).not.toHaveBeenCalled();
    // A draft within the bound still goes through.
    expect(await invoke('menu:saveDraft', { draft: emptyDraft('en') })).toMatchObject({ ok: true });
    expect(saveDraft).toHaveBeenCalledTimes(1);
  });

  it('pass a ServiceError through as its BridgeError and hide unexpected failures', async () => {
    const { invoke, accept } = setup();
    accept.mockRejectedValueOnce(new ServiceError('conflict', 'Already accepted.'));
    expect(await invoke('orders:accept', { orderId: 'o1', preparationMinutes: null })).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'Already accepted.' },
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    accept.mockRejectedValueOnce(new Error('SQLITE_BUSY at /home/x/.countertop/db'));
    const result = (await invoke('orders:accept', { orderId: 'o1', preparationMinutes: null })) as {
      error: { code: string; message: string };
    };
    expect(result.error.code).toBe('failed');
    expect(result.error.message).not.toContain('SQLITE');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('event forwarding', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends every service event to the window in batches, and stops when unsubscribed', () => {
    vi.useFakeTimers();
    const listeners = new Map<string, (payload: unknown) => void>();
    const core = {
      on: (event: string, listener: (payload: unknown) => void) => {
        listeners.set(event, listener);
        return () => listeners.delete(event);
      },
    };
    const send = vi.fn();
    let destroyed = false;
    const window = { webContents: { send }, isDestroyed: () => destroyed };
    const stop = forwardEvents(core as never, () => window as never);
    listeners.get('orders:arrived')!({ orderId: 'o1', orderNumber: '12' });
    listeners.get('status:changed')!({ configured: true });
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(EVENT_BATCH_MS);
    expect(send).toHaveBeenCalledWith(EVENT_CHANNEL, [
      ['orders:arrived', { orderId: 'o1', orderNumber: '12' }],
      ['status:changed', { configured: true }],
    ]);
    // A window that is gone gets nothing.
    destroyed = true;
    listeners.get('orders:arrived')!({ orderId: 'o2', orderNumber: '13' });
    vi.advanceTimersByTime(EVENT_BATCH_MS);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
    expect(listeners.size).toBe(0);
  });
});
