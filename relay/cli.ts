// The relay's command line: the server, and terminal administration on its database file.
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { startRelay, validateSecrets } from './server';
import { renewLogId } from './log-identity';
import { createTerminal, listTerminals, revokeTerminal } from './terminals';

const USAGE = `Usage:
  relay --db FILE [--port 4020] [--host 127.0.0.1] [--config FILE]
  relay admin create-terminal --db FILE --venue ID [--venue ID2 ...] [--name NAME]
  relay admin revoke-terminal --db FILE --id ID
  relay admin list-terminals --db FILE
  relay admin renew-log-id --db FILE     (after restoring a backup, with the relay stopped)

Secrets are never taken from the command line: set RELAY_MARKETPLACE_SECRETS and
RELAY_DELIVERY_SECRETS (comma-separated, at most two each, for rotation), or give --config FILE,
a JSON file {"marketplaceSecrets": [...], "deliverySecrets": [...]} readable only by the relay.`;

class UsageError extends Error {}

const configFile = z.strictObject({
  marketplaceSecrets: z.array(z.string()).optional(),
  deliverySecrets: z.array(z.string()).optional(),
  maxWaitSeconds: z.number().int().min(1).max(25).optional(),
  retentionHours: z.number().min(72).optional(),
});

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
  const deliverySecrets = fromFile.deliverySecrets ?? splitSecrets(env.RELAY_DELIVERY_SECRETS);
  try {
    validateSecrets('RELAY_MARKETPLACE_SECRETS', marketplaceSecrets, true);
    validateSecrets('RELAY_DELIVERY_SECRETS', deliverySecrets, false);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return { ...fromFile, marketplaceSecrets, deliverySecrets };
}

async function runServer(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const values = parse(args, {
    db: { type: 'string' },
    port: { type: 'string', default: '4020' },
    host: { type: 'string', default: '127.0.0.1' },
    config: { type: 'string' },
  });
  const dbPath = requireString(values.db, '--db');
  const port = Number(values.port);
  if (!/^\d+$/.test(String(values.port)) || port > 65535) {
    throw new UsageError(`--port must be a number from 0 to 65535, not "${values.port}".`);
  }
  const config = loadConfig(values.config as string | undefined, env);
  if (config.deliverySecrets.length === 0) {
    console.error('relay: no delivery secret configured; POST /hooks/delivery will answer 401.');
  }
  const relay = await startRelay({ ...config, dbPath, port, host: String(values.host) });
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

function runAdmin(args: string[]): void {
  const [command, ...rest] = args;
  if (command === 'create-terminal') {
    const values = parse(rest, {
      db: { type: 'string' },
      venue: { type: 'string', multiple: true },
      name: { type: 'string' },
    });
    const venues = (values.venue as string[] | undefined) ?? [];
    if (venues.length === 0)
      throw new UsageError('--venue is required (repeat it for several venues).');
    const dbPath = requireString(values.db, '--db');
    const name = values.name as string | undefined;
    const { id, key } = createTerminal(dbPath, venues, name === undefined ? {} : { name });
    console.log(`Terminal ${id} created for ${venues.join(', ')}. Its key is shown only now:`);
    console.log(key);
    return;
  }
  if (command === 'revoke-terminal') {
    const values = parse(rest, { db: { type: 'string' }, id: { type: 'string' } });
    const id = requireString(values.id, '--id');
    if (!revokeTerminal(requireString(values.db, '--db'), id)) {
      throw new UsageError(`No active terminal has id ${id}.`);
    }
    console.log(`Terminal ${id} revoked.`);
    return;
  }
  if (command === 'list-terminals') {
    const values = parse(rest, { db: { type: 'string' } });
    for (const terminal of listTerminals(requireString(values.db, '--db'))) {
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
    const values = parse(rest, { db: { type: 'string' } });
    const logId = renewLogId(requireString(values.db, '--db'));
    console.log(`The event log is now ${logId}: terminals will read it again from the start.`);
    return;
  }
  throw new UsageError(`Unknown admin command "${command ?? ''}".`);
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    if (argv[0] === 'admin') runAdmin(argv.slice(1));
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
