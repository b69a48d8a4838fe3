import type { BridgeError } from '../shared/ipc/contract';

/** An error an API handler throws on purpose: it crosses the bridge as its BridgeError. */
export class ServiceError extends Error {
  readonly bridge: BridgeError;

  constructor(code: BridgeError['code'], message: string, issues?: BridgeError['issues']) {
    super(message);
    this.name = 'ServiceError';
    this.bridge = issues ? { code, message, issues } : { code, message };
  }
}
