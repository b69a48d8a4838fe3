// The browser side of the web host: defines window.countertop with the same Bridge shape the
// preload gives Electron, over fetch (one POST per channel) and server-sent events. The session
// token comes from the page URL once, is kept in sessionStorage for reloads, and travels in a
// header; the events stream is authorised by the HttpOnly cookie the page response set.
import { BRIDGE_GLOBAL, CHANNEL_NAMES, EVENT_NAMES } from '../../shared/ipc/contract';

export const SESSION_HEADER = 'x-countertop-session';
export const SESSION_COOKIE = 'countertop_session';
export const BRIDGE_SCRIPT_PATH = '/countertop-bridge.js';

export const bridgeScript = (): string => `(() => {
  'use strict';
  const KEY = 'countertop.session';
  const params = new URLSearchParams(location.search);
  let token = params.get('session');
  if (token) {
    sessionStorage.setItem(KEY, token);
    params.delete('session');
    const query = params.toString();
    // Keep the token out of the address bar, history and screenshots.
    history.replaceState(null, '', location.pathname + (query ? '?' + query : '') + location.hash);
  } else {
    token = sessionStorage.getItem(KEY) || '';
  }
  const CHANNELS = ${JSON.stringify(CHANNEL_NAMES)};
  const EVENTS = ${JSON.stringify(EVENT_NAMES)};
  const unreachable = { code: 'failed', message: 'The terminal service cannot be reached.' };
  const call = (channel) => async (request) => {
    let response;
    try {
      response = await fetch('/api/' + channel, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', '${SESSION_HEADER}': token },
        body: JSON.stringify(request === undefined ? {} : request),
        cache: 'no-store',
        credentials: 'same-origin',
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
  const source = new EventSource('/api/events');
  // Events sent while the stream was down are lost: after a reconnect, read the state afresh.
  let opened = false;
  source.addEventListener('open', () => {
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
  });
  for (const name of EVENTS) {
    source.addEventListener(name, (message) => {
      let payload;
      try {
        payload = JSON.parse(message.data);
      } catch {
        return;
      }
      emit(name, payload);
    });
  }
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
