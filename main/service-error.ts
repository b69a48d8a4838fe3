import type { BridgeError } from '../shared/ipc/contract';
import { KeychainUnavailableError } from './secrets/secret-store';

/** An error an API handler throws on purpose: it crosses the bridge as its BridgeError. */
export class ServiceError extends Error {
  readonly bridge: BridgeError;

  constructor(code: BridgeError['code'], message: string, issues?: BridgeError['issues']) {
    super(message);
    this.name = 'ServiceError';
    this.bridge = issues ? { code, message, issues } : { code, message };
  }
}

/**
 * What a handler throws when `doing` failed: its own ServiceError as is, a keychain failure in its
 * own plain words, anything else as "<doing> failed: <why>".
 */
export const failure = (error: unknown, doing: string): ServiceError => {
  if (error instanceof ServiceError) return error;
  if (error instanceof KeychainUnavailableError) return new ServiceError('failed', error.message);
  return new ServiceError(
    'failed',
    `${doing} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
};
