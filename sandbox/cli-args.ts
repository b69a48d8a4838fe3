// Command-line parsing for `npm run sandbox`, kept apart from the entry point so it is testable.
import { parseArgs } from 'node:util';
import { DEFAULT_RETRY } from './server';
import type { SandboxOptions } from './server';

export const USAGE = `Usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--webhook-url URL | --relay-url URL]
                        [--webhook-secret-env NAME] [--orders-per-minute N] [--seed N] [--no-demo] [--demo-brands]
                        [--notification-retries N] [--notification-interval-ms MS]
The webhook secret is read from the environment (SANDBOX_WEBHOOK_SECRET, or the variable named by
--webhook-secret-env), never from the command line; without one a random secret is generated.`;

export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

const DEFAULT_SECRET_ENV = 'SANDBOX_WEBHOOK_SECRET';

function integer(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError(`--${name} must be an integer from ${min} to ${max} (got '${raw}').`);
  }
  return value;
}

export type CliConfig = { options: SandboxOptions; help: boolean; secretSource: string | null };

export function parseCliArgs(argv: string[], env: Record<string, string | undefined>): CliConfig {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'webhook-url': { type: 'string' },
        'relay-url': { type: 'string' },
        'webhook-secret-env': { type: 'string' },
        'webhook-secret': { type: 'string' },
        'orders-per-minute': { type: 'string' },
        seed: { type: 'string' },
        'notification-retries': { type: 'string' },
        'notification-interval-ms': { type: 'string' },
        'no-demo': { type: 'boolean' },
        'demo-brands': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  const values = parsed.values;
  if (values.help) return { options: {}, help: true, secretSource: null };
  if (values['webhook-secret'] !== undefined) {
    throw new CliError(
      `Secrets are not accepted on the command line (they end up in shell history and process lists); set ${DEFAULT_SECRET_ENV} or use --webhook-secret-env NAME.`,
    );
  }
  const webhookUrl = values['webhook-url'] ?? values['relay-url'];
  if (
    values['webhook-url'] !== undefined &&
    values['relay-url'] !== undefined &&
    values['webhook-url'] !== values['relay-url']
  ) {
    throw new CliError('--relay-url is an alias of --webhook-url; give one of them.');
  }
  if (webhookUrl !== undefined) {
    let url: URL;
    try {
      url = new URL(webhookUrl);
    } catch {
      throw new CliError(`--webhook-url must be an absolute http(s) URL (got '${webhookUrl}').`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new CliError(`--webhook-url must be an http(s) URL (got '${webhookUrl}').`);
    }
  }
  const secretEnv = values['webhook-secret-env'] ?? DEFAULT_SECRET_ENV;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(secretEnv)) {
    throw new CliError(
      `--webhook-secret-env must name an environment variable (got '${secretEnv}').`,
    );
  }
  const secret = env[secretEnv];
  if (values['webhook-secret-env'] !== undefined && !secret) {
    throw new CliError(
      `The environment variable ${secretEnv} named by --webhook-secret-env is not set.`,
    );
  }
  if (secret !== undefined && secret !== '' && secret.length < 16) {
    throw new CliError(
      `The webhook secret in ${secretEnv} is too short: use at least 16 characters (128 bits).`,
    );
  }
  const host = values.host ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:-]+$/.test(host))
    throw new CliError(`--host must be a host name or IP address (got '${host}').`);

  const options: SandboxOptions = {
    port: integer('port', values.port, 0, 65535) ?? 4010,
    host,
    webhookUrl: webhookUrl ?? null,
    ordersPerMinute: integer('orders-per-minute', values['orders-per-minute'], 0, 600) ?? 0,
    demo: !values['no-demo'],
  };
  if (values['demo-brands']) options.demoBrands = true;
  const seed = integer('seed', values.seed, 0, 2 ** 31 - 1);
  if (seed !== undefined) options.seed = seed;
  // The platform's schedule (3 more tries, 5 s apart) unless a test or benchmark shortens it.
  const retries = integer('notification-retries', values['notification-retries'], 0, 10);
  const intervalMs = integer(
    'notification-interval-ms',
    values['notification-interval-ms'],
    100,
    60_000,
  );
  if (retries !== undefined || intervalMs !== undefined)
    options.notificationRetry = {
      retries: retries ?? DEFAULT_RETRY.retries,
      intervalMs: intervalMs ?? DEFAULT_RETRY.intervalMs,
    };
  if (secret) options.webhookSecret = secret;
  return { options, help: false, secretSource: secret ? secretEnv : null };
}
