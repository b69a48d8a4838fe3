// The relay's command line: the server, and terminal administration on its database file.
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { isVenueId, VENUE_ID_RULE } from '../shared/venue-id';
import {
  CredentialError,
  describeSources,
  readCredential,
  readSecrets,
  splitSecrets,
} from './credentials';
import { listMerchants, removeVenue, rotateMerchantSecret, setMerchant } from './drive/admin';
import { renewLogIdAt } from './log-identity';
import { escapeControl, printable } from './printable';
import { startRelay, validateSecrets, type Relay } from './server';
import { isPostgresUrl } from './store/postgres/postgres-store';
import { createTerminalsAt, listTerminalsAt, revokeTerminalAt } from './terminals';

const USAGE = `Usage:
  relay (--db FILE | --store postgres://…) [--port 4020] [--host 127.0.0.1] [--config FILE]
  relay admin create-terminal STORE --venue ID [--venue ID2 ...] [--name NAME]
  relay admin revoke-terminal STORE --id ID
  relay admin list-terminals STORE
  relay admin renew-log-id STORE     (after restoring a backup, with every relay stopped)
  relay admin intake --url RELAY_URL (venues with no orders arriving first; exit code 3 if any)
  relay admin delivery-merchant STORE --merchant ID --drive-url URL --venue ID [--venue ID2 ...]
                                     (the merchant key from RELAY_MERCHANT_KEY or standard input)
  relay admin delivery-remove-venue STORE --venue ID
  relay admin delivery-rotate STORE --merchant ID
  relay admin delivery-merchants STORE

STORE is --db FILE (SQLite, one relay process) or --store postgres://user@host/db (PostgreSQL,
any number of relay instances); RELAY_STORE_URL may give the postgres:// URL instead (a password
belongs in a credential, ~/.pgpass or PGPASSWORD, not on the command line).
Secrets are never taken from the command line. Under systemd they are credentials (LoadCredential=
or LoadCredentialEncrypted=) in $CREDENTIALS_DIRECTORY: marketplace-secrets (one a line, at most
two during a rotation), metrics-token, store-password (the PostgreSQL role's). Without a
credential: --config FILE, a JSON file {"marketplaceSecrets": [...], "metricsToken": "..."}
readable only by the relay, then RELAY_MARKETPLACE_SECRETS (comma-separated) and
RELAY_METRICS_TOKEN. SIGHUP (systemctl reload) reads them again: a rotated secret takes effect
without a restart; a bad one is refused and the previous ones stay.
Courier delivery: the relay holds each merchant's delivery key, sealed with a credentials key
(32 random bytes, base64): the credential credentials-key, else RELAY_CREDENTIALS_KEY_FILE (a file
readable only by the relay), else RELAY_CREDENTIALS_KEY; it keeps the merchants' webhooks at
RELAY_PUBLIC_URL (the relay's address as the delivery service reaches it). The delivery-…
commands need both.
Optional: a metrics token (GET /metrics then needs it as a Bearer token),
RELAY_DELIVERY_AUDIENCE and RELAY_DELIVERY_ISSUER (delivery tokens must carry them).
admin intake asks a running relay (GET /v1/intake, with RELAY_METRICS_TOKEN when set) which
venues are online, open and polled but receive no notifications (README, "No orders arriving").`;

const intakeAnswer = z.object({
  venues: z.array(
    z.object({
      venue_id: z.string(),
      no_orders_arriving: z.boolean(),
      watched: z.boolean(),
      last_webhook_at: z.string().nullable(),
      quiet_seconds: z.number(),
      threshold_seconds: z.number(),
    }),
  ),
});

class UsageError extends Error {}

const rateLimit = z.strictObject({
  perSecond: z.number().positive().max(10_000),
  burst: z.number().int().min(1).max(100_000),
});

const configFile = z.strictObject({
  marketplaceSecrets: z.array(z.string()).optional(),
  /** No longer used (the relay keeps each merchant's delivery secret); still read so an old file starts. */
  deliverySecrets: z.array(z.string()).optional(),
  maxWaitSeconds: z.number().int().min(1).max(25).optional(),
  retentionHours: z.number().min(72).optional(),
  metricsToken: z.string().min(16).optional(),
  deliveryAudience: z.string().min(1).optional(),
  deliveryIssuer: z.string().min(1).optional(),
  /** Slack of the delivery events' freshness window (docs/platform.md#delivery-event-freshness). */
  deliveryClockMarginMs: z.number().int().min(0).max(3_600_000).optional(),
  deliveryRetryBackoff: z
    .strictObject({
      exponent_base: z.number().int().min(1).max(10),
      max_retry_count: z.number().int().min(0).max(20),
    })
    .optional(),
  maxConnections: z.number().int().min(16).optional(),
  webhookReserve: z.number().int().min(1).optional(),
  /** A terminal key's budgets (token buckets): its polls, and its other calls. */
  pollRateLimit: rateLimit.optional(),
  callRateLimit: rateLimit.optional(),
  maxOpenPollsPerKey: z.number().int().min(1).max(100).optional(),
  maxBodyBytes: z
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024)
    .optional(),
  requestTimeoutMs: z.number().int().min(100).max(600_000).optional(),
  /** How often revocations made by the admin command are read (SQLite; PostgreSQL is told). */
  revocationCheckMs: z.number().int().min(10).max(60_000).optional(),
  /** How long a watched venue may be quiet before it is "no orders arriving" (intake-watch.ts). */
  intake: z
    .strictObject({
      minQuietMs: z.number().int().min(1_000).optional(),
      maxQuietMs: z.number().int().min(1_000).optional(),
      defaultQuietMs: z.number().int().min(1_000).optional(),
    })
    .optional(),
});

/** The credentials key from the environment or its file; undefined when neither is set. */
function credentialsKey(env: NodeJS.ProcessEnv): string | undefined {
  let fromCredential: string | undefined;
  try {
    fromCredential = readCredential(env.CREDENTIALS_DIRECTORY, 'credentials-key')?.trim();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (fromCredential) return fromCredential;
  const file = env.RELAY_CREDENTIALS_KEY_FILE;
  if (!file && env.RELAY_CREDENTIALS_KEY) return env.RELAY_CREDENTIALS_KEY;
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new UsageError(
      `Cannot read RELAY_CREDENTIALS_KEY_FILE: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`,
    );
  }
}

function driveEnv(env: NodeJS.ProcessEnv): { credentialsKey: string; publicUrl: string } {
  const key = credentialsKey(env);
  if (key === undefined)
    throw new UsageError('RELAY_CREDENTIALS_KEY (or RELAY_CREDENTIALS_KEY_FILE) is required.');
  return {
    credentialsKey: key,
    publicUrl: requireString(env.RELAY_PUBLIC_URL, 'RELAY_PUBLIC_URL'),
  };
}

async function readMerchantKey(env: NodeJS.ProcessEnv): Promise<string> {
  if (env.RELAY_MERCHANT_KEY) return env.RELAY_MERCHANT_KEY;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const key = Buffer.concat(chunks).toString('utf8').split('\n')[0]?.trim() ?? '';
  if (key === '')
    throw new UsageError('Give the merchant key on standard input or in RELAY_MERCHANT_KEY.');
  return key;
}

async function runDeliveryAdmin(
  command: string,
  rest: string[],
  env: NodeJS.ProcessEnv,
): Promise<boolean> {
  if (command === 'delivery-merchant') {
    const values = parse(rest, {
      ...STORE_OPTIONS,
      merchant: { type: 'string' },
      'drive-url': { type: 'string' },
      venue: { type: 'string', multiple: true },
    });
    const venueIds = (values.venue as string[] | undefined) ?? [];
    if (venueIds.length === 0)
      throw new UsageError('--venue is required (repeat it for several venues).');
    for (const venueId of venueIds)
      if (!isVenueId(venueId)) throw new UsageError(`--venue: a venue id is ${VENUE_ID_RULE}.`);
    const merchantId = requireString(values.merchant, '--merchant');
    const kept = await setMerchant(storeLocation(values, env), driveEnv(env), {
      merchantId,
      driveUrl: requireString(values['drive-url'], '--drive-url'),
      merchantKey: await readMerchantKey(env),
      venueIds,
    });
    console.log(
      `Merchant ${merchantId} set for ${venueIds.join(', ')}; its webhook is ${kept?.webhook.id ?? 'not made'}.`,
    );
    return true;
  }
  if (command === 'delivery-remove-venue') {
    const values = parse(rest, { ...STORE_OPTIONS, venue: { type: 'string' } });
    const venueId = requireString(values.venue, '--venue');
    const merchant = await removeVenue(storeLocation(values, env), driveEnv(env), venueId);
    if (merchant === null) throw new UsageError(`Venue ${venueId} has no courier delivery here.`);
    console.log(`Venue ${venueId} left merchant ${merchant}'s courier delivery.`);
    return true;
  }
  if (command === 'delivery-rotate') {
    const values = parse(rest, { ...STORE_OPTIONS, merchant: { type: 'string' } });
    const merchantId = requireString(values.merchant, '--merchant');
    const kept = await rotateMerchantSecret(storeLocation(values, env), driveEnv(env), merchantId);
    if (kept === null) throw new UsageError(`Merchant ${merchantId} has no venues here.`);
    console.log(
      `Merchant ${merchantId}'s webhook secret is new; the old one verifies a while longer.`,
    );
    return true;
  }
  if (command === 'delivery-merchants') {
    const values = parse(rest, STORE_OPTIONS);
    for (const merchant of await listMerchants(storeLocation(values, env)))
      // Ids and addresses a terminal's set-up may have given: printed escaped, as every name.
      console.log(
        [
          merchant.merchantId,
          merchant.driveUrl,
          merchant.venueIds.join(','),
          merchant.webhookId ?? 'no webhook',
          merchant.locationWebhookId ?? 'no location webhook',
        ]
          .map(printable)
          .join('\t'),
      );
    return true;
  }
  return false;
}

const STORE_OPTIONS = { db: { type: 'string' }, store: { type: 'string' } } as const;

/** The one store given by --db FILE, --store URL or RELAY_STORE_URL. */
function storeLocation(values: Record<string, unknown>, env: NodeJS.ProcessEnv): string {
  const db = values.db as string | undefined;
  const url =
    (values.store as string | undefined) ?? (db === undefined ? env.RELAY_STORE_URL : undefined);
  if (db !== undefined && values.store !== undefined) {
    throw new UsageError('Give either --db FILE or --store postgres://…, not both.');
  }
  if (url !== undefined && url !== '') {
    if (!isPostgresUrl(url)) {
      throw new UsageError(
        '--store (or RELAY_STORE_URL) must be a postgres:// URL; a SQLite file is --db FILE.',
      );
    }
    return url;
  }
  return requireString(db, '--db FILE, --store postgres://… or RELAY_STORE_URL');
}

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function requireString(value: unknown, flag: string): string {
  if (typeof value !== 'string' || value === '') throw new UsageError(`${flag} is required.`);
  return value;
}

function loadConfig(path: string | undefined, env: NodeJS.ProcessEnv) {
  let fromFile: z.infer<typeof configFile> = {};
  if (path !== undefined) {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      throw new UsageError(
        `Cannot read --config ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}.`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UsageError(`--config ${path} is not valid JSON.`);
    }
    const parsed = configFile.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UsageError(
        `--config ${path}: ${issue?.path.join('.') || '(file)'}: ${issue?.message}.`,
      );
    }
    fromFile = parsed.data;
  }
  const fromEnv = {
    ...(env.RELAY_DELIVERY_AUDIENCE ? { deliveryAudience: env.RELAY_DELIVERY_AUDIENCE } : {}),
    ...(env.RELAY_DELIVERY_ISSUER ? { deliveryIssuer: env.RELAY_DELIVERY_ISSUER } : {}),
    ...(env.RELAY_PUBLIC_URL ? { publicUrl: env.RELAY_PUBLIC_URL } : {}),
  };
  const { secrets, sources } = currentSecrets(env, fromFile);
  // A partner-wide delivery secret is what let any terminal sign another venue's events.
  const retiredDeliverySecrets =
    fromFile.deliverySecrets !== undefined || splitSecrets(env.RELAY_DELIVERY_SECRETS).length > 0;
  const {
    deliverySecrets: _retired,
    marketplaceSecrets: _fromFile,
    metricsToken: _tokenFromFile,
    ...rest
  } = fromFile;
  const sealingKey = credentialsKey(env);
  return {
    ...fromEnv,
    ...rest,
    ...secrets,
    ...(sealingKey === undefined ? {} : { credentialsKey: sealingKey }),
    sources,
    retiredDeliverySecrets,
  };
}

/** The secrets from the credentials, the config file's values or the environment, checked. */
function currentSecrets(env: NodeJS.ProcessEnv, fromFile: z.infer<typeof configFile>) {
  try {
    const read = readSecrets(env, fromFile);
    const name =
      read.sources.marketplaceSecrets === 'credential'
        ? 'The marketplace-secrets credential'
        : 'RELAY_MARKETPLACE_SECRETS';
    validateSecrets(name, read.secrets.marketplaceSecrets, true);
    const token = read.secrets.metricsToken;
    if (token !== undefined && token.length < 16) {
      throw new Error('The metrics token (RELAY_METRICS_TOKEN) must be at least 16 characters.');
    }
    return read;
  } catch (error) {
    if (error instanceof CredentialError || error instanceof Error) {
      throw new UsageError(error.message);
    }
    throw error;
  }
}

/** SIGHUP: the secrets read again and put in force; a bad set is refused, the old one stays. */
function reloadSecrets(relay: Relay, configPath: string | undefined, env: NodeJS.ProcessEnv) {
  try {
    const { marketplaceSecrets, metricsToken, storePassword, sources } = loadConfig(
      configPath,
      env,
    );
    relay.setSecrets({
      marketplaceSecrets,
      ...(metricsToken === undefined ? {} : { metricsToken }),
      ...(storePassword === undefined ? {} : { storePassword }),
    });
    console.error(
      `relay: SIGHUP, secrets reloaded: ${describeSources({ marketplaceSecrets, ...(metricsToken === undefined ? {} : { metricsToken }) }, sources)}`,
    );
  } catch (error) {
    console.error(
      `relay: SIGHUP, secrets NOT reloaded (the previous ones stay in force): ${printable((error as Error).message)}`,
    );
  }
}

async function runServer(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const values = parse(args, {
    ...STORE_OPTIONS,
    port: { type: 'string', default: '4020' },
    host: { type: 'string', default: '127.0.0.1' },
    config: { type: 'string' },
  });
  const location = storeLocation(values, env);
  const port = Number(values.port);
  if (!/^\d+$/.test(String(values.port)) || port > 65535) {
    throw new UsageError(`--port must be a number from 0 to 65535, not "${values.port}".`);
  }
  const configPath = values.config as string | undefined;
  const config = loadConfig(configPath, env);
  const { retiredDeliverySecrets, sources, ...relayOptions } = config;
  if (retiredDeliverySecrets) {
    console.error(
      'relay: RELAY_DELIVERY_SECRETS / deliverySecrets are no longer used and are ignored: the relay keeps each merchant’s delivery webhook and its secret. Remove them.',
    );
  }
  const relay = await startRelay({
    ...relayOptions,
    ...(isPostgresUrl(location) ? { storeUrl: location } : { dbPath: location }),
    port,
    host: String(values.host),
  });
  // Node's default for SIGHUP is to exit: here it is the reload of the secrets.
  process.on('SIGHUP', () => reloadSecrets(relay, configPath, env));
  const stop = (signal: string) => {
    console.error(`relay: ${signal}, answering open polls and closing the database`);
    relay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`relay: shutdown failed: ${printable((error as Error).message)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  // Announced only once its signals are handled: a supervisor that stops it as soon as it reads
  // the address got Node's default for SIGTERM (killed, exit by signal) about one time in three
  // on a loaded machine.
  console.log(`relay: ${relay.url}`);
  console.error(`relay: secrets: ${describeSources(relayOptions, sources)}`);
}

async function runAdmin(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'create-terminal') {
    const values = parse(rest, {
      ...STORE_OPTIONS,
      venue: { type: 'string', multiple: true },
      name: { type: 'string' },
    });
    const venues = (values.venue as string[] | undefined) ?? [];
    if (venues.length === 0)
      throw new UsageError('--venue is required (repeat it for several venues).');
    const invalid = venues.find((venue) => !isVenueId(venue.trim()));
    if (invalid !== undefined) {
      throw new UsageError(
        `--venue "${escapeControl(invalid)}" is not a venue id: ${VENUE_ID_RULE}.`,
      );
    }
    const location = storeLocation(values, env);
    const name = values.name as string | undefined;
    const [created] = await createTerminalsAt(location, [
      { venueIds: venues, ...(name === undefined ? {} : { name }) },
    ]);
    const { id, key } = created as { id: string; key: string };
    console.log(
      `Terminal ${id} created for ${escapeControl(venues.join(', '))}. Its key is shown only now:`,
    );
    console.log(key);
    return;
  }
  if (command === 'revoke-terminal') {
    const values = parse(rest, { ...STORE_OPTIONS, id: { type: 'string' } });
    const id = requireString(values.id, '--id');
    if (!(await revokeTerminalAt(storeLocation(values, env), id))) {
      throw new UsageError(`No active terminal has id ${id}.`);
    }
    console.log(`Terminal ${id} revoked.`);
    return;
  }
  if (command === 'list-terminals') {
    const values = parse(rest, STORE_OPTIONS);
    for (const terminal of await listTerminalsAt(storeLocation(values, env))) {
      const state =
        terminal.revokedAt === null
          ? 'active'
          : `revoked ${new Date(terminal.revokedAt).toISOString()}`;
      console.log(
        [
          terminal.id,
          state,
          terminal.venueIds.join(','),
          terminal.name ?? '',
          new Date(terminal.createdAt).toISOString(),
        ]
          .map(escapeControl)
          .join('\t'),
      );
    }
    return;
  }
  if (command === 'renew-log-id') {
    const values = parse(rest, STORE_OPTIONS);
    const logId = await renewLogIdAt(storeLocation(values, env));
    console.log(`The event log is now ${logId}: terminals will read it again from the start.`);
    return;
  }
  if (command === 'intake') {
    const values = parse(rest, { url: { type: 'string' } });
    const url = requireString(values.url, '--url').replace(/\/+$/, '');
    const token = env.RELAY_METRICS_TOKEN;
    const response = await fetch(`${url}/v1/intake`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`GET ${url}/v1/intake answered ${response.status}.`);
    const { venues } = intakeAnswer.parse(await response.json());
    const flagged = venues.filter((v) => v.no_orders_arriving);
    for (const venue of [...flagged, ...venues.filter((v) => !v.no_orders_arriving)]) {
      const state = venue.no_orders_arriving
        ? 'no-orders-arriving'
        : venue.watched
          ? 'ok'
          : 'not-watched';
      console.log(
        [
          venue.venue_id,
          state,
          `quiet ${venue.quiet_seconds} s`,
          `threshold ${venue.threshold_seconds} s`,
          venue.last_webhook_at ?? 'no notification yet',
        ]
          .map(escapeControl)
          .join('\t'),
      );
    }
    if (flagged.length > 0) process.exitCode = 3;
    return;
  }
  if (command !== undefined && (await runDeliveryAdmin(command, rest, env))) return;
  throw new UsageError(`Unknown admin command "${command ?? ''}".`);
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    if (argv[0] === 'admin') await runAdmin(argv.slice(1), env);
    else if (argv[0] === '--help' || argv[0] === '-h') console.log(USAGE);
    else await runServer(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`relay: ${printable(error.message)}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(`relay: ${printable((error as Error).message)}`);
    process.exit(1);
  }
}

await main(process.argv.slice(2), process.env);
