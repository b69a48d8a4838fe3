// The browser side of the web host: defines window.countertop with the same Bridge shape the
// preload gives Electron, over fetch (one POST per channel) and server-sent events. The session
// (session.ts) gives each request its header and opens the event stream with a ticket.
import { BRIDGE_GLOBAL, CHANNEL_NAMES, EVENT_NAMES } from '../../shared/ipc/contract';
import { sessionClientScript } from './session';

export const BRIDGE_SCRIPT_PATH = '/countertop-bridge.js';

export const bridgeScript = (): string => `(() => {
  'use strict';
${sessionClientScript()}
  const CHANNELS = ${JSON.stringify(CHANNEL_NAMES)};
  const EVENTS = ${JSON.stringify(EVENT_NAMES)};
  const unreachable = { code: 'failed', message: 'The terminal service cannot be reached.' };
  const call = (channel) => async (request) => {
    let response;
    try {
      response = await fetch('/api/' + channel, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...session.headers() },
        body: JSON.stringify(request === undefined ? {} : request),
        cache: 'no-store',
        credentials: 'omit',
      });
    } catch {
      throw unreachable;
    }
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (!response.ok) {
      throw body && typeof body.message === 'string'
        ? body
        : { code: 'failed', message: 'The terminal service answered ' + response.status + '.' };
    }
    return body ? body.value : undefined;
  };
  const listeners = new Map(EVENTS.map((name) => [name, new Set()]));
  const emit = (name, payload) => {
    for (const listener of [...listeners.get(name)]) listener(payload);
  };
  // Events sent while the stream was down are lost: after a reconnect, read the state afresh.
  let opened = false;
  const onOpen = () => {
    if (!opened) {
      opened = true;
      return;
    }
    const refresh = [
      ['status:get', 'status:changed', (value) => value],
      ['orders:list', 'orders:changed', (value) => ({ orders: value })],
      ['outbox:list', 'outbox:changed', (value) => ({ entries: value })],
      ['venue:get', 'venue:changed', (value) => value],
      ['menu:items', 'menu:changed', (value) => ({ items: value })],
    ];
    for (const [channel, event, wrap] of refresh) {
      call(channel)({}).then((value) => emit(event, wrap(value)), () => undefined);
    }
  };
  const onEvent = (name, message) => {
    let payload;
    try {
      payload = JSON.parse(message.data);
    } catch {
      return;
    }
    emit(name, payload);
  };
  session.openEvents(EVENTS, onEvent, onOpen);
  const bridge = {};
  for (const channel of CHANNELS) bridge[channel] = call(channel);
  bridge.on = (event, listener) => {
    const set = listeners.get(event);
    if (!set) throw new Error('Unknown event ' + String(event));
    set.add(listener);
    return () => set.delete(listener);
  };
  Object.defineProperty(window, ${JSON.stringify(BRIDGE_GLOBAL)}, { value: Object.freeze(bridge), enumerable: true });
})();
`;
