// The relay's secrets: the platform's webhook signing secrets, the /metrics token and the
// database password. On a systemd host they are credentials: files the unit names with
// LoadCredential= or LoadCredentialEncrypted= (systemd-creds), which systemd places, readable
// by this service only, in $CREDENTIALS_DIRECTORY. They are read at start and again on SIGHUP
// (`systemctl reload`), so a rotated secret takes effect without a restart. Where a credential
// is absent, the documented fallback is the --config file, then the environment.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The credentials' file names, as the unit's LoadCredential= lines name them. */
export const CREDENTIALS = {
  marketplaceSecrets: 'marketplace-secrets',
  metricsToken: 'metrics-token',
  storePassword: 'store-password',
} as const;

export type RelaySecrets = {
  marketplaceSecrets: string[];
  metricsToken?: string;
  /** PostgreSQL only: the password of the store's role (wins over one in the URL or ~/.pgpass). */
  storePassword?: string;
};

/** Where each secret came from, for the start and reload lines (never the secrets themselves). */
export type SecretSources = Record<keyof RelaySecrets, 'credential' | 'config' | 'env' | 'none'>;

export class CredentialError extends Error {}

/** A credential's text, or undefined when the directory or the file does not exist. */
export function readCredential(dir: string | undefined, name: string): string | undefined {
  if (dir === undefined || dir === '') return undefined;
  try {
    return readFileSync(join(dir, name), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new CredentialError(`Cannot read the credential ${name}: ${code ?? 'error'}.`);
  }
}

/** A list of secrets: one a line (or comma-separated, as in the environment variable). */
export const splitSecrets = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** A single-value credential: the file's text without its final line break. */
const single = (value: string | undefined): string | undefined => {
  const trimmed = value?.replace(/\r?\n$/, '');
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

export type SecretFallbacks = { marketplaceSecrets?: string[]; metricsToken?: string };

/**
 * The secrets as they stand now: each from its credential when present, else from the --config
 * file's values, else from the environment (RELAY_MARKETPLACE_SECRETS, RELAY_METRICS_TOKEN).
 * The database password has no fallback here: without its credential, the URL, PGPASSWORD or
 * ~/.pgpass (PGPASSFILE) give it, as for any PostgreSQL client.
 */
export function readSecrets(
  env: NodeJS.ProcessEnv,
  config: SecretFallbacks = {},
): { secrets: RelaySecrets; sources: SecretSources } {
  const dir = env.CREDENTIALS_DIRECTORY;
  const marketplaceFile = readCredential(dir, CREDENTIALS.marketplaceSecrets);
  const metricsFile = single(readCredential(dir, CREDENTIALS.metricsToken));
  const passwordFile = single(readCredential(dir, CREDENTIALS.storePassword));
  const envMarketplace = splitSecrets(env.RELAY_MARKETPLACE_SECRETS);
  const marketplace: [string[], SecretSources['marketplaceSecrets']] =
    marketplaceFile !== undefined
      ? [splitSecrets(marketplaceFile), 'credential']
      : config.marketplaceSecrets !== undefined
        ? [config.marketplaceSecrets, 'config']
        : [envMarketplace, envMarketplace.length > 0 ? 'env' : 'none'];
  const metrics: [string | undefined, SecretSources['metricsToken']] =
    metricsFile !== undefined
      ? [metricsFile, 'credential']
      : config.metricsToken !== undefined
        ? [config.metricsToken, 'config']
        : env.RELAY_METRICS_TOKEN
          ? [env.RELAY_METRICS_TOKEN, 'env']
          : [undefined, 'none'];
  return {
    secrets: {
      marketplaceSecrets: marketplace[0],
      ...(metrics[0] === undefined ? {} : { metricsToken: metrics[0] }),
      ...(passwordFile === undefined ? {} : { storePassword: passwordFile }),
    },
    sources: {
      marketplaceSecrets: marketplace[1],
      metricsToken: metrics[1],
      storePassword: passwordFile === undefined ? 'none' : 'credential',
    },
  };
}

/** One line saying what was read from where, e.g. for the journal after a reload. */
export function describeSources(secrets: RelaySecrets, sources: SecretSources): string {
  const parts = [
    `${secrets.marketplaceSecrets.length} marketplace secret(s) from ${sources.marketplaceSecrets}`,
    `metrics token ${sources.metricsToken === 'none' ? 'not set' : `from ${sources.metricsToken}`}`,
  ];
  if (sources.storePassword !== 'none') parts.push('store password from credential');
  return parts.join(', ');
}
