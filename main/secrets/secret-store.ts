// Secrets live in the OS keychain (keytar). There is deliberately no plain-file fallback: a
// machine without a keychain gets a clear error, naming what to install, instead of secrets on disk.

export const SECRET_NAMES = [
  'client-secret',
  'refresh-token',
  'terminal-key',
  /** scrypt hash of the staff PIN that leaves kiosk mode (never the PIN itself). */
  'staff-pin',
] as const;
/**
 * Names earlier versions stored and this one must not keep, removed from the keychain on upgrade
 * (the setup slice's keychain migration): the marketplace signing secret is the partner's, shared
 * by every venue, and could sign a notification for another venue; the old delivery webhook
 * secret was often the partner-wide one the relay checked every venue's delivery events with.
 */
export const RETIRED_SECRET_NAMES = ['signing-secret', 'delivery-webhook-secret'] as const;
/**
 * Names earlier versions stored that the delivery slice reads once and erases
 * (main/delivery/delivery-setup.ts): the delivery service's merchant key, which speaks for every
 * venue of the merchant, goes to the relay over the terminal's own channel first; the venue's own
 * delivery webhook secret is no longer used (the relay keeps the merchant's webhook and its secret).
 * Never written again.
 */
export const HANDED_OVER_SECRET_NAMES = ['merchant-key', 'delivery-venue-secret'] as const;
/** What each venue of a terminal holds of its own: its platform grant (client secret, refresh token). */
export const VENUE_SECRET_NAMES = ['client-secret', 'refresh-token'] as const;
export type VenueSecretName = (typeof VENUE_SECRET_NAMES)[number];
export type SecretName =
  | (typeof SECRET_NAMES)[number]
  | (typeof RETIRED_SECRET_NAMES)[number]
  | (typeof HANDED_OVER_SECRET_NAMES)[number]
  /** A venue's own grant on a terminal that serves several (venueSecretStore). */
  | `${VenueSecretName}@${string}`;

export type SecretStore = {
  /** The stored value, or null when nothing is stored under this name. */
  get(name: SecretName): Promise<string | null>;
  set(name: SecretName, value: string): Promise<void>;
  delete(name: SecretName): Promise<void>;
};

/** What a Linux machine needs for the keychain: a Secret Service, and libsecret to build keytar. */
export const KEYCHAIN_PACKAGES = {
  debian: { run: 'gnome-keyring libsecret-1-0', build: 'libsecret-1-dev' },
  fedora: { run: 'gnome-keyring libsecret', build: 'libsecret-devel' },
} as const;

/** Why the keychain cannot be used: keytar does not load, or no keychain answers it. */
export type KeychainProblem = 'module-missing' | 'no-keychain';

/** The sentence the installer or staff read: what is wrong and exactly what to install. */
export const keychainHelp = (
  problem: KeychainProblem,
  platform: NodeJS.Platform = process.platform,
): string => {
  const { debian, fedora } = KEYCHAIN_PACKAGES;
  if (problem === 'module-missing') {
    const fix =
      platform === 'linux'
        ? 'Install a keyring and libsecret’s build files, then reinstall: on Debian/Ubuntu ' +
          `\`sudo apt install ${debian.run} ${debian.build}\`, on Fedora ` +
          `\`sudo dnf install ${fedora.run} ${fedora.build}\`; then run \`npm ci\` again.`
        : 'Reinstall Countertop (`npm ci` in a source checkout).';
    return (
      'Countertop cannot store its credentials safely: its keychain module (keytar) is not ' +
      `installed or does not load. ${fix}`
    );
  }
  if (platform === 'linux') {
    return (
      'The system keychain (Secret Service) is not available, so Countertop cannot store its ' +
      `credentials safely. Install a keyring: on Debian/Ubuntu \`sudo apt install ${debian.run}\`, ` +
      `on Fedora \`sudo dnf install ${fedora.run}\` (KWallet works too); then log in again so it ` +
      'starts unlocked, and retry.'
    );
  }
  return (
    'The system keychain is not available, so Countertop cannot store its credentials safely. ' +
    'Unlock your login keychain and try again.'
  );
};

export class KeychainUnavailableError extends Error {
  constructor(
    readonly problem: KeychainProblem,
    cause: unknown,
  ) {
    super(keychainHelp(problem), { cause });
    this.name = 'KeychainUnavailableError';
  }
}

type Keytar = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
};

/** Loads the keytar module; a test points it at a missing module to prove the failure path. */
export type KeytarLoader = () => Promise<unknown>;

// keytar is an optional dependency (its native build needs libsecret's headers), imported on first
// use only, so that `npm ci` and the demo's memory store never need it.
const importKeytar: KeytarLoader = () => import('keytar');

const asKeytar = (loaded: unknown): Keytar => {
  const module = loaded as Partial<Keytar> & { default?: Partial<Keytar> };
  const keytar = module.default ?? module;
  if (typeof keytar.getPassword !== 'function') throw new Error('this is not the keytar module');
  return keytar as Keytar;
};

/**
 * The OS keychain through keytar. Each operation rejects with KeychainUnavailableError when keytar
 * does not load or no keychain answers; call `assertKeychainAvailable` at start-up to find out
 * early. Keytar's errors may quote the D-Bus reply but never the secret; still, only the cause is
 * kept.
 */
export const createKeytarSecretStore = (
  service = 'countertop',
  { load = importKeytar }: { load?: KeytarLoader } = {},
): SecretStore => {
  let loading: Promise<Keytar> | null = null;
  const guard = async <T>(operation: (keytar: Keytar) => Promise<T>): Promise<T> => {
    let keytar: Keytar;
    try {
      loading ??= load().then(asKeytar);
      keytar = await loading;
    } catch (error) {
      loading = null;
      throw new KeychainUnavailableError('module-missing', error);
    }
    try {
      return await operation(keytar);
    } catch (error) {
      throw new KeychainUnavailableError('no-keychain', error);
    }
  };
  return {
    get: (name) => guard((k) => k.getPassword(service, name)),
    set: (name, value) => guard((k) => k.setPassword(service, name, value)),
    delete: (name) =>
      guard(async (k) => {
        await k.deletePassword(service, name);
      }),
  };
};

/**
 * The keychain as one venue of a terminal sees it: its grant is kept under the venue's own names
 * (`refresh-token@<venue>`), so a venue's token refresh or disconnect never touches another
 * venue's grant; what belongs to the terminal (its relay key, the staff PIN) is shared.
 */
export const venueSecretStore = (store: SecretStore, venueId: string): SecretStore => {
  if (!/^[A-Za-z0-9._:-]{1,200}$/.test(venueId))
    throw new Error('A venue id is letters, digits, dots, dashes or colons (1 to 200).');
  const named = (name: SecretName): SecretName =>
    (VENUE_SECRET_NAMES as readonly string[]).includes(name)
      ? `${name as VenueSecretName}@${venueId}`
      : name;
  return {
    get: (name) => store.get(named(name)),
    set: (name, value) => store.set(named(name), value),
    delete: (name) => store.delete(named(name)),
  };
};

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
