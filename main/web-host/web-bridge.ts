// The browser side of the web host, typed against shared/ipc/contract.ts: defines
// window.countertop with the same Bridge the preload gives Electron, over fetch (one POST per
// channel) and server-sent events. The session token comes from the page URL once, is kept in
// sessionStorage for reloads, and travels in a header; the events stream is authorised by the
// HttpOnly cookie the page response set.
//
// `installWebBridge` runs in the page, not in Node: bridge-script.ts serves its own compiled
// source with the contract's names as its argument. So it may use only its argument and browser
// globals (no imported values; `import type` only).
import type {
  Bridge,
  BridgeError,
  ChannelName,
  EventName,
  EVENT_LISTS,
} from '../../shared/ipc/contract';

export type WebBridgeConfig = {
  channels: readonly ChannelName[];
  events: readonly EventName[];
  lists: typeof EVENT_LISTS;
  global: string;
  sessionHeader: string;
  storageKey: string;
};

export const installWebBridge = (config: WebBridgeConfig): void => {
  const params = new URLSearchParams(location.search);
  let token = params.get('session');
  if (token) {
    sessionStorage.setItem(config.storageKey, token);
    params.delete('session');
    const query = params.toString();
    // Keep the token out of the address bar, history and screenshots.
    history.replaceState(null, '', location.pathname + (query ? `?${query}` : '') + location.hash);
  } else {
    token = sessionStorage.getItem(config.storageKey) ?? '';
  }
  const session = token;

  const unreachable: BridgeError = {
    code: 'failed',
    message: 'The terminal service cannot be reached.',
  };
  const call =
    (channel: ChannelName) =>
    async (request?: unknown): Promise<unknown> => {
      let response: Response;
      try {
        response = await fetch(`/api/${channel}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [config.sessionHeader]: session },
          body: JSON.stringify(request === undefined ? {} : request),
          cache: 'no-store',
          credentials: 'same-origin',
        });
      } catch {
        throw unreachable;
      }
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      if (!response.ok) {
        const error = body as Partial<BridgeError> | null;
        throw error && typeof error.message === 'string'
          ? error
          : ({
              code: 'failed',
              message: `The terminal service answered ${response.status}.`,
            } satisfies BridgeError);
      }
      return body && typeof body === 'object' ? (body as { value?: unknown }).value : undefined;
    };

  const listeners = new Map<EventName, Set<(payload: unknown) => void>>(
    config.events.map((name) => [name, new Set()]),
  );
  const emit = (name: EventName, payload: unknown): void => {
    for (const listener of [...(listeners.get(name) ?? [])]) listener(payload);
  };
  const source = new EventSource('/api/events');
  // Events sent while the stream was down are lost: after a reconnect, read the state afresh.
  let opened = false;
  source.addEventListener('open', () => {
    if (!opened) {
      opened = true;
      return;
    }
    for (const [event, { channel, key }] of Object.entries(config.lists)) {
      call(channel)({}).then(
        (value) => emit(event as EventName, key === null ? value : { [key]: value }),
        () => undefined,
      );
    }
  });
  for (const name of config.events) {
    source.addEventListener(name, (message) => {
      let payload: unknown;
      try {
        payload = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      emit(name, payload);
    });
  }

  const bridge: Record<string, unknown> = {};
  for (const channel of config.channels) bridge[channel] = call(channel);
  bridge.on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    const set = listeners.get(event);
    if (!set) throw new Error(`Unknown event ${String(event)}`);
    set.add(listener);
    return () => set.delete(listener);
  };
  Object.defineProperty(window, config.global, {
    value: Object.freeze(bridge as Bridge),
    enumerable: true,
  });
};
