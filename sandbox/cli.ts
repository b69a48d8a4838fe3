// `npm run sandbox -- --port 4010 ...`: the platform sandbox as a process. Prints one line per
// service (`name: URL`) and the demo client's credentials; stops cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CliConfig } from './cli-args';
import { CliError, parseCliArgs, USAGE } from './cli-args';
import type { Sandbox } from './server';
import { startSandbox } from './server';

/** The start-up lines: one per service, the demo's client, the webhook (the last two lines). */
export const startupLines = (
  sandbox: Sandbox,
  config: CliConfig,
  webhookNote?: string,
): string[] => {
  const lines = [
    `auth: ${sandbox.authUrl}`,
    `pos: ${sandbox.posUrl}`,
    `gateway: ${sandbox.gatewayUrl}`,
    `drive: ${sandbox.driveUrl}`,
    `control: ${sandbox.controlUrl}`,
  ];
  if (config.options.demo !== false) {
    lines.push(
      `demo client id: ${sandbox.demo.clientId}`,
      `demo client secret: ${sandbox.demo.clientSecret}`,
      `demo venue: ${sandbox.demo.venueId}`,
      `demo venues: ${sandbox.demo.venueIds.join(' ')}`,
      `demo redirect uri: ${sandbox.demo.redirectUri}`,
      `demo merchant: GET ${sandbox.controlUrl}/drive/demo gives its id and delivery-service key`,
    );
  }
  if (config.options.ordersPerMinute) {
    lines.push(
      `orders: ${config.options.ordersPerMinute} per minute for ${sandbox.demo.venueIds.join(' and ')}`,
    );
  }
  lines.push(
    `webhook: ${config.options.webhookUrl ?? 'none (set one with --webhook-url)'}${webhookNote ?? ''}`,
  );
  lines.push(
    `webhook secret: ${config.secretSource ? `from $${config.secretSource}` : 'generated at random (set SANDBOX_WEBHOOK_SECRET to choose it)'}`,
  );
  return lines;
};

async function main(): Promise<void> {
  let config;
  try {
    config = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`sandbox: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (config.help) {
    console.log(USAGE);
    return;
  }
  const sandbox = await startSandbox(config.options);
  const lines = startupLines(sandbox, config);
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void sandbox.close().then(() => {
      console.log(`sandbox: stopped (${signal})`);
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE')
      console.error('sandbox: the port is already in use; choose another with --port.');
    else console.error('sandbox: failed to start:', error);
    process.exit(1);
  });
}
