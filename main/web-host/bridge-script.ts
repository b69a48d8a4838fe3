// The script the web host serves as window.countertop: installWebBridge (web-bridge.ts, typed
// against the contract) as compiled, called with the contract's channel and event names and the
// session's paths. Nothing of the bridge is written twice: the names come from
// shared/ipc/contract.ts and session.ts, the code from one typed function.
import { BRIDGE_GLOBAL, CHANNEL_NAMES, EVENT_LISTS, EVENT_NAMES } from '../../shared/ipc/contract';
import { EVENTS_PATH, SESSION_PARAM, SESSION_STORAGE_KEY, TICKET_PATH } from './session';
import type { WebBridgeConfig } from './web-bridge';
import { installWebBridge } from './web-bridge';

export const BRIDGE_SCRIPT_PATH = '/countertop-bridge.js';

const config: WebBridgeConfig = {
  channels: CHANNEL_NAMES,
  events: EVENT_NAMES,
  lists: EVENT_LISTS,
  global: BRIDGE_GLOBAL,
  sessionParam: SESSION_PARAM,
  storageKey: SESSION_STORAGE_KEY,
  ticketPath: TICKET_PATH,
  eventsPath: EVENTS_PATH,
};

// A compiler may wrap functions in __name(fn, "name") to keep their names (esbuild's keepNames);
// in the page that helper is this no-op.
export const bridgeScript = (): string => `(() => {
  'use strict';
  const __name = (fn) => fn;
  (${installWebBridge.toString()})(${JSON.stringify(config)});
})();
`;
