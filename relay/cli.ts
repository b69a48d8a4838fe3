// The relay's command line: the server, and terminal administration on its database file.
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { startRelay, validateSecrets } from './server';
import { listMerchants, removeVenue, rotateMerchantSecret, setMerchant } from './drive/admin';
import { renewLogIdAt } from './log-identity';
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
belongs in ~/.pgpass or PGPASSWORD, not on the command line).
Secrets are never taken from the command line: set RELAY_MARKETPLACE_SECRETS (comma-separated,
at most two, for rotation), or give --config FILE, a JSON file {"marketplaceSecrets": [...]}
readable only by the relay.
Courier delivery: the relay holds each merchant's delivery key, sealed with RELAY_CREDENTIALS_KEY
(32 random bytes, base64; or RELAY_CREDENTIALS_KEY_FILE, a file readable only by the relay), and
keeps the merchant's webhooks at RELAY_PUBLIC_URL (the relay's address as the delivery service
reaches it). The delivery-… commands need both.
Optional: RELAY_METRICS_TOKEN (GET /metrics then needs it as a Bearer token),
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
});

/** The credentials key from the environment or its file; undefined when neither is set. */
function credentialsKey(env: NodeJS.ProcessEnv): string | undefined {
  if (env.RELAY_CREDENTIALS_KEY) return env.RELAY_CREDENTIALS_KEY;
  const file = env.RELAY_CREDENTIALS_KEY_FILE;
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
      console.log(
        [
          merchant.merchantId,
          merchant.driveUrl,
          merchant.venueIds.join(','),
          merchant.webhookId ?? 'no webhook',
          merchant.locationWebhookId ?? 'no location webhook',
        ].join('\t'),
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
  return requireString(db, '--db (or --store postgres://…)');
}

const splitSecrets = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

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
  const marketplaceSecrets =
    fromFile.marketplaceSecrets ?? splitSecrets(env.RELAY_MARKETPLACE_SECRETS);
  const fromEnv = {
    ...(env.RELAY_METRICS_TOKEN ? { metricsToken: env.RELAY_METRICS_TOKEN } : {}),
    ...(env.RELAY_DELIVERY_AUDIENCE ? { deliveryAudience: env.RELAY_DELIVERY_AUDIENCE } : {}),
    ...(env.RELAY_DELIVERY_ISSUER ? { deliveryIssuer: env.RELAY_DELIVERY_ISSUER } : {}),
    ...(env.RELAY_PUBLIC_URL ? { publicUrl: env.RELAY_PUBLIC_URL } : {}),
  };
  const sealingKey = credentialsKey(env);
  const metricsToken = fromFile.metricsToken ?? fromEnv.metricsToken;
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new UsageError('RELAY_METRICS_TOKEN must be at least 16 characters.');
  }
  try {
    validateSecrets('RELAY_MARKETPLACE_SECRETS', marketplaceSecrets, true);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // A partner-wide delivery secret is what let any terminal sign another venue's events.
  const retiredDeliverySecrets =
    fromFile.deliverySecrets !== undefined || splitSecrets(env.RELAY_DELIVERY_SECRETS).length > 0;
  const { deliverySecrets: _retired, ...rest } = fromFile;
  return {
    ...fromEnv,
    ...rest,
    ...(sealingKey === undefined ? {} : { credentialsKey: sealingKey }),
    marketplaceSecrets,
    retiredDeliverySecrets,
  };
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
  const config = loadConfig(values.config as string | undefined, env);
  const { retiredDeliverySecrets, ...relayOptions } = config;
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
  console.log(`relay: ${relay.url}`);
  const stop = (signal: string) => {
    console.error(`relay: ${signal}, answering open polls and closing the database`);
    relay.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`relay: shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
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
    const location = storeLocation(values, env);
    const name = values.name as string | undefined;
    const [created] = await createTerminalsAt(location, [
      { venueIds: venues, ...(name === undefined ? {} : { name }) },
    ]);
    const { id, key } = created as { id: string; key: string };
    console.log(`Terminal ${id} created for ${venues.join(', ')}. Its key is shown only now:`);
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
        ].join('\t'),
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
        ].join('\t'),
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
      console.error(`relay: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(`relay: ${(error as Error).message}`);
    process.exit(1);
  }
}

await main(process.argv.slice(2), process.env);
