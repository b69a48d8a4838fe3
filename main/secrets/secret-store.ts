// Secrets live in the OS keychain (keytar). There is deliberately no plain-file fallback: a
// machine without a keychain gets a clear error instead of secrets on disk.

export const SECRET_NAMES = [
  'client-secret',
  'refresh-token',
  'terminal-key',
  /** Bearer key of the delivery service, one per merchant (docs/platform.md#delivery-service). */
  'merchant-key',
  /** client_secret of the delivery webhook: signs the HS256 event tokens. */
  'delivery-webhook-secret',
] as const;
/**
 * Names earlier versions stored and this one must not keep: the marketplace signing secret is the
 * partner's, shared by every venue, and could sign a notification for another venue. Removed from
 * the keychain on upgrade (the setup slice's keychain migration).
 */
export const RETIRED_SECRET_NAMES = ['signing-secret'] as const;
export type SecretName = (typeof SECRET_NAMES)[number] | (typeof RETIRED_SECRET_NAMES)[number];

export type SecretStore = {
  /** The stored value, or null when nothing is stored under this name. */
  get(name: SecretName): Promise<string | null>;
  set(name: SecretName, value: string): Promise<void>;
  delete(name: SecretName): Promise<void>;
};

export class KeychainUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      'The system keychain (Secret Service) is not available, so Countertop cannot store its ' +
        'credentials safely. Start a keyring such as GNOME Keyring or KWallet and try again.',
      { cause },
    );
    this.name = 'KeychainUnavailableError';
  }
}

type Keytar = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
};

let keytarModule: Promise<Keytar> | null = null;
const loadKeytar = (): Promise<Keytar> => {
  // Loaded on first use so that the demo's memory store never needs the native module.
  keytarModule ??= import('keytar').then((m) => (m.default ?? m) as Keytar);
  return keytarModule;
};

/** Keytar's errors may quote the D-Bus reply but never the secret; still, only the cause is kept. */
const guard = async <T>(operation: (keytar: Keytar) => Promise<T>): Promise<T> => {
  let keytar: Keytar;
  try {
    keytar = await loadKeytar();
  } catch (error) {
    throw new KeychainUnavailableError(error);
  }
  try {
    return await operation(keytar);
  } catch (error) {
    throw new KeychainUnavailableError(error);
  }
};

/**
 * The OS keychain through keytar. Each operation rejects with KeychainUnavailableError when no
 * keychain answers; call `assertKeychainAvailable` at start-up to find out early.
 */
export const createKeytarSecretStore = (service = 'countertop'): SecretStore => ({
  get: (name) => guard((k) => k.getPassword(service, name)),
  set: (name, value) => guard((k) => k.setPassword(service, name, value)),
  delete: (name) =>
    guard(async (k) => {
      await k.deletePassword(service, name);
    }),
});

/** A harmless read proves the keychain answers, before any secret is at stake. */
export const assertKeychainAvailable = async (store: SecretStore): Promise<void> => {
  await store.get('client-secret');
};

/** For the demo's embedded sandbox only: its secrets are throw-away and never touch the disk. */
export const createMemorySecretStore = (): SecretStore => {
  const values = new Map<SecretName, string>();
  return {
    get: async (name) => values.get(name) ?? null,
    set: async (name, value) => {
      values.set(name, value);
    },
    delete: async (name) => {
      values.delete(name);
    },
  };
};
