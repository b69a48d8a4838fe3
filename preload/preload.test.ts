import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_GLOBAL, CHANNEL_NAMES, EVENT_CHANNEL } from '../shared/ipc/contract';
import type { Bridge } from '../shared/ipc/contract';

type Handler = (event: unknown, ...args: unknown[]) => void;

const fake = vi.hoisted(() => {
  const listeners = new Set<{ channel: string; handler: Handler }>();
  const exposed = new Map<string, unknown>();
  const ipcRenderer = {
    invoke: vi.fn(async (_channel: string, _request: unknown): Promise<unknown> => ({
      ok: true,
      value: null,
    })),
    send: vi.fn(),
    on: (channel: string, handler: Handler) => {
      listeners.add({ channel, handler });
      return ipcRenderer;
    },
    removeListener: (channel: string, handler: Handler) => {
      for (const l of listeners)
        if (l.channel === channel && l.handler === handler) listeners.delete(l);
      return ipcRenderer;
    },
  };
  const contextBridge = {
    exposeInMainWorld: vi.fn((key: string, api: unknown) => exposed.set(key, api)),
  };
  const emit = (channel: string, ...args: unknown[]) => {
    for (const l of [...listeners])
      if (l.channel === channel) l.handler({ sender: 'secret-sender' }, ...args);
  };
  return { ipcRenderer, contextBridge, exposed, listeners, emit };
});
vi.mock('electron', () => ({ contextBridge: fake.contextBridge, ipcRenderer: fake.ipcRenderer }));

await import('./preload');
const bridge = fake.exposed.get(BRIDGE_GLOBAL) as Bridge;

describe('preload', () => {
  it('exposes one function per channel and `on` under the bridge global, and nothing else', () => {
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(fake.contextBridge.exposeInMainWorld.mock.calls[0]![0]).toBe('countertop');
    expect(Object.keys(bridge).sort()).toEqual([...CHANNEL_NAMES, 'on'].sort());
    for (const value of Object.values(bridge)) {
      expect(typeof value).toBe('function');
      expect(value).not.toBe(fake.ipcRenderer.invoke);
      expect(value).not.toBe(fake.ipcRenderer.send);
    }
    expect(Object.values(bridge)).not.toContain(fake.ipcRenderer);
  });

  it('invokes the channel of the same name and resolves with the service’s answer', async () => {
    fake.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { actionId: 'a9' } });
    await expect(
      bridge['orders:accept']({ orderId: 'o1', preparationMinutes: 10 }),
    ).resolves.toEqual({ actionId: 'a9' });
    expect(fake.ipcRenderer.invoke).toHaveBeenLastCalledWith('orders:accept', {
      orderId: 'o1',
      preparationMinutes: 10,
    });
  });

  it('rejects with the BridgeError the service answered', async () => {
    fake.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'conflict', message: 'Already ready.' },
    });
    await expect(bridge['orders:ready']({ orderId: 'o1' })).rejects.toEqual({
      code: 'conflict',
      message: 'Already ready.',
    });
    fake.ipcRenderer.invoke.mockResolvedValueOnce(undefined);
    // No answer at all: a code the screen words, not English of its own.
    await expect(bridge['orders:ready']({ orderId: 'o1' })).rejects.toMatchObject({
      code: 'failed',
      refusal: { key: 'service-no-answer', values: [] },
    });
  });

  it('delivers only its event’s payloads of each batch to a listener, in order, without the IPC event, until unsubscribed', () => {
    const received: unknown[] = [];
    const off = bridge.on('orders:arrived', (payload) => received.push(payload));
    fake.emit(EVENT_CHANNEL, [
      ['orders:arrived', { orderId: 'o1', orderNumber: '7' }],
      ['status:changed', { configured: true }],
      ['orders:arrived', { orderId: 'o2', orderNumber: '8' }],
    ]);
    fake.emit('other-channel', [['orders:arrived', { orderId: 'o3', orderNumber: '9' }]]);
    // What is not a batch is ignored.
    fake.emit(EVENT_CHANNEL, 'orders:arrived', { orderId: 'o4', orderNumber: '10' });
    fake.emit(EVENT_CHANNEL, [null, 'orders:arrived']);
    expect(received).toEqual([
      { orderId: 'o1', orderNumber: '7' },
      { orderId: 'o2', orderNumber: '8' },
    ]);
    off();
    fake.emit(EVENT_CHANNEL, [['orders:arrived', { orderId: 'o5', orderNumber: '11' }]]);
    expect(received).toHaveLength(2);
    expect(fake.listeners.size).toBe(0);
    expect(() => bridge.on('nope' as never, () => undefined)).toThrow(/Unknown event/);
  });
});
