// `npm run sandbox`: the platform sandbox with a relay of its own (one signing secret, handed to
// both), then one block with every value a terminal's setup screen asks for.
//   npm run sandbox [-- --port 4010] [--relay-port 4020] [sandbox options]
//   npm run sandbox -- status [--port 4010]     the block again, with a fresh code and key
//   npm run sandbox -- trigger order [--type takeaway|delivery|self-delivery|preorder] [--port 4010]
// With --webhook-url the platform notifies that relay instead, and none is started here.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Relay } from '../relay/server';
import { startRelay } from '../relay/server';
import { createTerminal } from '../relay/terminals';
import { CliError, parseCliArgs, USAGE } from '../sandbox/cli-args';
import { startupLines } from '../sandbox/cli';
import { startSandbox } from '../sandbox/server';

/** Where a running sandbox says how to reach it (no secret: addresses and the relay's file). */
export const stateFile = (port: number): string =>
  path.join(os.tmpdir(), `countertop-sandbox-${port}.json`);

type State = {
  controlUrl: string;
  posUrl: string;
  relayUrl: string | null;
  relayDb: string | null;
};

const ORDER_TYPES = ['takeaway', 'delivery', 'self-delivery', 'preorder'] as const;
type OrderType = (typeof ORDER_TYPES)[number];

const call = async <T>(url: string, method = 'GET', body?: unknown): Promise<T> => {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
};

type Demo = { clientId: string; clientSecret: string; venueId: string; redirectUri: string };

/** The values a terminal's setup needs, in the setup screen's order and words. */
export const setupBlock = async (input: {
  controlUrl: string;
  authUrl: string;
  posUrl: string;
  driveUrl: string;
  demo: Demo;
  relayUrl: string | null;
  terminalKey: string | null;
}): Promise<string> => {
  const { code } = await call<{ code: string }>(`${input.controlUrl}/authorization-codes`, 'POST', {
    client_id: input.demo.clientId,
    venue_id: input.demo.venueId,
    redirect_uri: input.demo.redirectUri,
  });
  const merchant = await call<{ merchant_id: string; merchant_key: string }>(
    `${input.controlUrl}/drive/demo`,
  );
  const rows: Array<[string, string]> = [
    ['Auth URL', input.authUrl],
    ['Order API URL', input.posUrl],
    ['Client ID', input.demo.clientId],
    ['Client secret', input.demo.clientSecret],
    ['Authorization code', code],
    ['Redirect URI', input.demo.redirectUri],
    [
      'Onboarding page',
      `${input.controlUrl}/onboarding?${new URLSearchParams({
        client_id: input.demo.clientId,
        venue_id: input.demo.venueId,
      }).toString()}`,
    ],
    ['Relay URL', input.relayUrl ?? 'your relay (the one --webhook-url points at)'],
    [
      'Terminal key',
      input.terminalKey ??
        'npm run relay -- admin create-terminal --db <its file> --venue ' + input.demo.venueId,
    ],
  ];
  const courier: Array<[string, string]> = [
    ['Delivery service URL', input.driveUrl],
    ['Merchant ID', merchant.merchant_id],
    ['Merchant key', merchant.merchant_key],
    ['Venue ID', input.demo.venueId],
  ];
  const width = Math.max(...[...rows, ...courier].map(([label]) => label.length)) + 2;
  const line = ([label, value]: [string, string]) => `  ${`${label}:`.padEnd(width)}${value}`;
  return [
    '── Set-up values for a terminal: copy each into the field of the same name on "Connect this terminal to your venue", then "Sign in with the platform" (or paste the authorization code: it works once, within an hour) ──',
    ...rows.map(line),
    'Couriers → Courier delivery (optional):',
    ...courier.map(line),
    'Again, with a fresh code and key: npm run sandbox -- status. A test order: npm run sandbox -- trigger order',
  ].join('\n');
};

const serve = async (argv: string[]): Promise<void> => {
  const { values: own, tokens } = parseArgs({
    args: argv,
    options: { 'relay-port': { type: 'string' } },
    strict: false,
    tokens: true,
  });
  // What is not ours goes to the sandbox's own parser, as given.
  const rest = argv.filter((_, i) => {
    const token = tokens.find((t) => t.index === i || (t.kind === 'option' && t.index + 1 === i));
    return !(token?.kind === 'option' && token.name === 'relay-port');
  });
  const secret = process.env.SANDBOX_WEBHOOK_SECRET || randomBytes(32).toString('hex');
  const config = parseCliArgs(rest, { ...process.env, SANDBOX_WEBHOOK_SECRET: secret });
  // One secret for both: the relay started here checks what the sandbox signs with it.
  if (!process.env.SANDBOX_WEBHOOK_SECRET && config.secretSource === 'SANDBOX_WEBHOOK_SECRET')
    config.secretSource = null;
  if (config.help) {
    console.log(
      `${USAGE}\nAlso: --relay-port N (default --port + 10), status, trigger order [--type …]`,
    );
    return;
  }
  const port = config.options.port ?? 4010;
  let relay: Relay | null = null;
  let relayDir: string | null = null;
  let terminalKey: string | null = null;
  if (!config.options.webhookUrl) {
    relayDir = mkdtempSync(path.join(os.tmpdir(), 'countertop-sandbox-relay-'));
    const relayPort =
      typeof own['relay-port'] === 'string'
        ? Number(own['relay-port'])
        : port === 0
          ? 0
          : port + 10;
    if (!Number.isInteger(relayPort) || relayPort < 0 || relayPort > 65_535)
      throw new CliError(
        `--relay-port must be a port number (got '${String(own['relay-port'])}').`,
      );
    relay = await startRelay({
      port: relayPort,
      dbPath: path.join(relayDir, 'relay.db'),
      marketplaceSecrets: [config.options.webhookSecret ?? secret],
      // The sandbox's relay holds the demo merchant's delivery key once a set-up hands it over,
      // sealed with a key of its own for this run.
      credentialsKey: randomBytes(32).toString('base64'),
    });
    config.options.webhookUrl = `${relay.url}/hooks/marketplace`;
  }
  const sandbox = await startSandbox(config.options);
  if (relay && relayDir)
    terminalKey = createTerminal(path.join(relayDir, 'relay.db'), [sandbox.demo.venueId]).key;
  const actualPort = Number(new URL(sandbox.controlUrl).port);
  const state: State = {
    controlUrl: sandbox.controlUrl,
    posUrl: sandbox.posUrl,
    relayUrl: relay?.url ?? null,
    relayDb: relayDir ? path.join(relayDir, 'relay.db') : null,
  };
  writeFileSync(stateFile(actualPort), JSON.stringify(state), { mode: 0o600 });
  chmodSync(stateFile(actualPort), 0o600);
  const note = relay ? ' (the relay started here, with the same signing secret)' : '';
  console.log(
    [
      ...startupLines(sandbox, config, note),
      ...(relay ? [`relay: ${relay.url}`] : []),
      '',
      await setupBlock({
        ...sandbox,
        controlUrl: sandbox.controlUrl,
        relayUrl: relay?.url ?? null,
        terminalKey,
      }),
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      await sandbox.close();
      await relay?.close();
      rmSync(stateFile(actualPort), { force: true });
      if (relayDir) rmSync(relayDir, { recursive: true, force: true });
      console.log(`sandbox: stopped (${signal})`);
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};

const readState = (port: number): State => {
  try {
    return JSON.parse(readFileSync(stateFile(port), 'utf8')) as State;
  } catch {
    throw new CliError(
      `No sandbox runs on port ${port} (start one with npm run sandbox, or give its --port).`,
    );
  }
};

const status = async (argv: string[]): Promise<void> => {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string' } }, strict: true });
  const state = readState(Number(values.port ?? 4010));
  const origin = new URL(state.controlUrl).origin;
  // The demo client's secret is the sandbox's; the control API hands it over on this machine.
  const demo = await call<{
    client_id: string;
    client_secret: string;
    venue_id: string;
    redirect_uri: string;
  }>(`${state.controlUrl}/demo`);
  const terminalKey = state.relayDb ? createTerminal(state.relayDb, [demo.venue_id]).key : null;
  console.log(
    await setupBlock({
      controlUrl: state.controlUrl,
      authUrl: `${origin}/auth`,
      posUrl: state.posUrl,
      driveUrl: `${origin}/drive`,
      demo: {
        clientId: demo.client_id,
        clientSecret: demo.client_secret,
        venueId: demo.venue_id,
        redirectUri: demo.redirect_uri,
      },
      relayUrl: state.relayUrl,
      terminalKey,
    }),
  );
};

/** The sandbox's order body for a type as staff name it. */
export const orderBody = (
  type: OrderType,
  venueId: string,
  nowMs: number,
): Record<string, unknown> => {
  switch (type) {
    case 'takeaway':
      return { venue_id: venueId, type: 'takeaway' };
    case 'delivery':
      return { venue_id: venueId, type: 'homedelivery' };
    case 'self-delivery':
      return { venue_id: venueId, type: 'homedelivery', self_delivery: true };
    case 'preorder':
      return {
        venue_id: venueId,
        type: 'takeaway',
        preorder_time: new Date(nowMs + 2 * 3600_000).toISOString(),
      };
  }
};

const trigger = async (argv: string[]): Promise<void> => {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { type: { type: 'string', default: 'takeaway' }, port: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals[0] !== 'order')
    throw new CliError(
      'Usage: npm run sandbox -- trigger order [--type takeaway|delivery|self-delivery|preorder]',
    );
  const type = values.type as OrderType;
  if (!ORDER_TYPES.includes(type))
    throw new CliError(`--type must be one of ${ORDER_TYPES.join(', ')} (got '${values.type}').`);
  const state = readState(Number(values.port ?? 4010));
  const demo = await call<{ venue_id: string }>(`${state.controlUrl}/demo`);
  const order = await call<{ id: string; order_number: string }>(
    `${state.controlUrl}/orders`,
    'POST',
    orderBody(type, demo.venue_id, Date.now()),
  );
  console.log(
    `order: #${order.order_number} (${type}) placed for ${demo.venue_id}, id ${order.id}`,
  );
};

const main = async (): Promise<void> => {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'status') return status(rest);
  if (command === 'trigger') return trigger(rest);
  return serve(process.argv.slice(2));
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    if (error instanceof CliError) {
      console.error(`sandbox: ${error.message}`);
      process.exit(2);
    }
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      console.error(
        'sandbox: a port is already in use; choose others with --port and --relay-port.',
      );
    else console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
