// The relay a conformance suite runs against. In-process (startRelay) by default; with
// RELAY_UNDER_TEST_BUNDLE naming a built bundle (`npm run build:relay`: DIR/relay.mjs), the same
// suite runs against that bundle instead, started by plain node from its own folder (where only
// its runtime packages are installed) and configured through its --config file, so the lean
// install is held to the very tests the source is (relay/bundle.test.ts does this).
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRelay, type Relay, type RelayOptions } from '../server';
import { spawnRelay, tempDir } from './test-support';

export const BUNDLE_ENV = 'RELAY_UNDER_TEST_BUNDLE';
/** A file each bundled relay started is noted in (its pid and bundle), one line each. */
export const STARTED_LOG_ENV = 'RELAY_UNDER_TEST_STARTED_LOG';

/** The options a bundle takes from its --config file (relay/cli.ts), besides the store. */
const CONFIGURABLE = [
  'marketplaceSecrets',
  'maxWaitSeconds',
  'retentionHours',
  'metricsToken',
  'maxConnections',
  'webhookReserve',
  'pollRateLimit',
  'callRateLimit',
  'maxOpenPollsPerKey',
  'maxBodyBytes',
  'requestTimeoutMs',
  'revocationCheckMs',
] as const;

/** Runs the relay as a child process of the bundle; `prune` and `setSecrets` are in-process only. */
async function startBundled(bundle: string, options: RelayOptions): Promise<Relay> {
  const { dbPath, storeUrl, port, host, ...rest } = options;
  const unsupported = Object.keys(rest).filter(
    (name) => !(CONFIGURABLE as readonly string[]).includes(name),
  );
  if (unsupported.length > 0) {
    // A suite run against the bundle must be the same suite: no option silently dropped.
    throw new Error(`A bundled relay takes no ${unsupported.join(', ')} (relay/cli.ts --config).`);
  }
  const dir = tempDir();
  const config = join(dir.dir, 'relay.json');
  writeFileSync(config, JSON.stringify(rest), { mode: 0o600 });
  const store = storeUrl !== undefined ? ['--store', storeUrl] : ['--db', dbPath as string];
  let relay;
  try {
    relay = await spawnRelay(
      [...store, '--port', String(port ?? 0), '--host', host ?? '127.0.0.1', '--config', config],
      {},
      bundle,
    );
  } catch (error) {
    dir.remove();
    throw error;
  }
  const { child, exited } = relay;
  const startedLog = process.env[STARTED_LOG_ENV];
  if (startedLog) appendFileSync(startedLog, `${child.pid}\t${bundle}\n`);
  let closed: Promise<void> | null = null;
  return {
    url: relay.url,
    prune: () => Promise.reject(new Error('prune() is in-process only')),
    setSecrets: () => {
      throw new Error('setSecrets() is in-process only (a bundled relay reloads on SIGHUP)');
    },
    close() {
      closed ??= (async () => {
        child.kill('SIGTERM');
        const code = await exited;
        dir.remove();
        if (code !== 0) throw new Error(`the bundled relay exited ${code}: ${relay.stderr()}`);
      })();
      return closed;
    },
  };
}

/** startRelay, or the bundle named by RELAY_UNDER_TEST_BUNDLE started with these options. */
export function startRelayUnderTest(options: RelayOptions): Promise<Relay> {
  const bundle = process.env[BUNDLE_ENV];
  return bundle ? startBundled(bundle, options) : startRelay(options);
}
