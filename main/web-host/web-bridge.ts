// The browser side of the web host, typed against shared/ipc/contract.ts: defines
// window.countertop with the same Bridge the preload gives Electron, over fetch (one POST per
// channel) and server-sent events. The session (session.ts) comes in the page address's
// fragment once (browsers never send a fragment to any server), is kept in this tab's
// sessionStorage for reloads, and travels per request as a bearer header; the event stream opens
// with a short-lived single-use ticket bought with it. No cookie: 127.0.0.1 cookies reach every
// port of the machine.
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
import type { Refusal } from '../../shared/refusals';

export type WebBridgeConfig = {
  channels: readonly ChannelName[];
  events: readonly EventName[];
  lists: typeof EVENT_LISTS;
  global: string;
  /** The fragment parameter that carries the session token in the printed ui: address. */
  sessionParam: string;
  storageKey: string;
  ticketPath: string;
  eventsPath: string;
};

// eslint-disable-next-line max-lines-per-function -- the browser stand-in for preload's bridge, one entry per channel; a list that mirrors preload
export const installWebBridge = (config: WebBridgeConfig): void => {
  const fragment = new URLSearchParams(location.hash.slice(1));
  let token = fragment.get(config.sessionParam);
  if (token) {
    sessionStorage.setItem(config.storageKey, token);
    fragment.delete(config.sessionParam);
    const rest = fragment.toString();
    // Keep the token out of the address bar, history and screenshots.
    history.replaceState(null, '', location.pathname + location.search + (rest ? `#${rest}` : ''));
  } else {
    token = sessionStorage.getItem(config.storageKey) ?? '';
  }
  const headers = (): Record<string, string> => ({ Authorization: `Bearer ${token}` });

  const unreachable: BridgeError = {
    code: 'failed',
    message: 'The terminal service cannot be reached.',
    // The screen words the code (a literal: this script imports no values).
    refusal: { key: 'service-no-answer', values: [] } satisfies Refusal,
  };
  // Answers and events travel apart here (a POST each, one event stream), so an event newer than
  // a read's answer can arrive first, and the answer would put the older state back for good. The
  // events a read of a whole state (EVENT_LISTS' channels) stands for that arrived while it was
  // out are handed out again just after the answer's own code ran: whatever came last is then the
  // newest. Actions answer receipts, not state: nothing to hand out again for them (a rush's
  // hundreds of events would be told twice).
  const readOf = new Map<string, EventName>(
    Object.entries(config.lists).map(([event, { channel }]) => [channel, event as EventName]),
  );
  type Pending = { event: EventName; arrived: unknown[] };
  const pending = new Set<Pending>();
  const noticed = (name: EventName, payload: unknown): void => {
    for (const read of pending) if (read.event === name) read.arrived.push(payload);
  };

  const call =
    (channel: ChannelName) =>
    async (request?: unknown): Promise<unknown> => {
      const event = readOf.get(channel);
      if (event === undefined) return send(channel, request);
      const out: Pending = { event, arrived: [] };
      pending.add(out);
      let value: unknown;
      try {
        value = await send(channel, request);
      } catch (error) {
        pending.delete(out);
        throw error;
      }
      if (out.arrived.length === 0) {
        pending.delete(out);
        return value;
      }
      // The hand-out waits for the answer's code, and events keep arriving meanwhile (a busy
      // page may run the event stream's tasks first): they join it, so it ends on the newest.
      // Had it stopped collecting at the answer, it would tell an older event after a newer one,
      // and a card would stay "waiting for the platform" after the platform's confirmation.
      setTimeout(() => {
        pending.delete(out);
        out.arrived.forEach((payload) => emit(event, payload));
      }, 0);
      return value;
    };

  const send = async (channel: ChannelName, request: unknown): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(`/api/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers() },
        body: JSON.stringify(request === undefined ? {} : request),
        cache: 'no-store',
        credentials: 'omit',
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
            refusal: { key: 'unexpected', values: [] } satisfies Refusal,
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
  // Events sent while the stream was down are lost: after a reconnect, read the state afresh.
  let opened = false;
  const onOpen = (): void => {
    if (!opened) {
      opened = true;
      return;
    }
    for (const [event, list] of Object.entries(config.lists)) {
      const { channel, key } = list;
      call(channel)({}).then(
        (value) => {
          if (!('each' in list)) emit(event as EventName, key === null ? value : { [key]: value });
          else if (Array.isArray(value))
            for (const entry of value as unknown[]) emit(event as EventName, entry);
        },
        () => undefined,
      );
    }
  };

  // Each (re)connection buys a new single-use ticket; failures back off up to 5 s.
  let pause = 500;
  const retry = (): void => {
    setTimeout(() => void connect(), pause);
    pause = Math.min(pause * 2, 5_000);
  };
  const connect = async (): Promise<void> => {
    let ticket: string;
    try {
      const response = await fetch(config.ticketPath, {
        method: 'POST',
        headers: headers(),
        cache: 'no-store',
        credentials: 'omit',
      });
      if (!response.ok) throw new Error(String(response.status));
      ticket = ((await response.json()) as { ticket: string }).ticket;
    } catch {
      retry();
      return;
    }
    const source = new EventSource(`${config.eventsPath}?ticket=${encodeURIComponent(ticket)}`);
    source.addEventListener('open', () => {
      pause = 500;
      onOpen();
    });
    source.addEventListener('error', () => {
      source.close();
      retry();
    });
    // Each message is an EventBatch: handed to listeners in order, in this one task.
    source.addEventListener('message', (message) => {
      let batch: unknown;
      try {
        batch = JSON.parse((message as MessageEvent<string>).data);
      } catch {
        return;
      }
      if (!Array.isArray(batch)) return;
      for (const entry of batch) {
        if (Array.isArray(entry) && listeners.has(entry[0] as EventName)) {
          emit(entry[0] as EventName, entry[1]);
          noticed(entry[0] as EventName, entry[1]);
        }
      }
    });
  };
  void connect();

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
