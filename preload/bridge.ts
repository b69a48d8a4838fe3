// Builds the Bridge from an ipcRenderer: one function per channel of the contract, plus `on` for
// service events. The renderer never sees ipcRenderer, events or senders, only payloads.
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { Bridge, BridgeError, ChannelName, EventName } from '../shared/ipc/contract';
import type { Refusal } from '../shared/refusals';
import { CHANNEL_NAMES, EVENT_CHANNEL, EVENT_NAMES } from '../shared/ipc/contract';

type Envelope = { ok: true; value: unknown } | { ok: false; error: BridgeError };

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { ok?: unknown }).ok === 'boolean';

export const createBridge = (
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
): Bridge => {
  const call = (channel: ChannelName) => async (request: unknown) => {
    const result: unknown = await ipc.invoke(channel, request ?? {});
    if (!isEnvelope(result))
      throw {
        code: 'failed',
        message: 'The terminal service gave no answer.',
        // The screen words the code (a literal: the preload carries no catalog of words).
        refusal: { key: 'service-no-answer', values: [] } satisfies Refusal,
      } satisfies BridgeError;
    if (!result.ok) throw result.error;
    return result.value;
  };
  const functions = Object.fromEntries(CHANNEL_NAMES.map((channel) => [channel, call(channel)]));
  const on = (event: EventName, listener: (payload: never) => void): (() => void) => {
    if (!EVENT_NAMES.includes(event)) throw new Error(`Unknown event ${String(event)}`);
    // Each message is an EventBatch (the contract says why): this event's entries, in order.
    const handler = (_event: IpcRendererEvent, batch: unknown): void => {
      if (!Array.isArray(batch)) return;
      for (const entry of batch) {
        if (Array.isArray(entry) && entry[0] === event)
          (listener as (p: unknown) => void)(entry[1]);
      }
    };
    ipc.on(EVENT_CHANNEL, handler);
    return () => {
      ipc.removeListener(EVENT_CHANNEL, handler);
    };
  };
  return Object.freeze({ ...functions, on }) as unknown as Bridge;
};
