// The demo's relay as its own process: `node --import tsx relay/cli.ts`, or the bundle a relay
// host runs (scripts/build-relay.ts) with plain node, with its secrets in the environment (never
// on the command line). Being a process of its own,
// anyone can `kill -STOP` or `kill` it and watch the terminal raise the alarm. It must not
// outlive the demo: it stops with it, and a demo killed outright closes the child's stdin, which
// makes the child stop itself (scripts/exit-with-parent.ts).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOf, stopChild } from './child-stop';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = fileURLToPath(new URL('../relay/cli.ts', import.meta.url));
const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/** What a relay bundle folder holds (scripts/build-relay.ts bundleRelayProcess builds it). */
export const RELAY_BUNDLE_FILES = {
  cli: 'relay.mjs',
  exitWithParent: 'exit-with-parent.mjs',
} as const;

export type RelayProcessOptions = {
  dbPath: string;
  /** 0 (default): any free port; give the old one to start the relay again where it was. */
  port?: number;
  marketplaceSecrets: string[];
  /** Seals the merchants' delivery credentials at rest (RELAY_CREDENTIALS_KEY). */
  credentialsKey?: string;
  /** The relay's own complaints (its stderr), line by line. */
  log?: (line: string) => void;
  /**
   * A folder of RELAY_BUNDLE_FILES to run with plain node instead of the sources through tsx:
   * tests build it once per run, as a start through tsx costs over half a second of CPU.
   */
  bundleDir?: string;
  /** The quiet before a venue is "no orders arriving" (the `--config` file's `intake`). */
  intake?: { minQuietMs?: number; maxQuietMs?: number; defaultQuietMs?: number };
};

export type RelayProcess = {
  url: string;
  port: number;
  pid: number;
  /** Resolves when the process is gone, however it ended. */
  exited: Promise<void>;
  /** SIGTERM (the relay answers open polls and closes its database), SIGKILL if that hangs. */
  stop(): Promise<void>;
};

export const startRelayProcess = (options: RelayProcessOptions): Promise<RelayProcess> => {
  const bundle = options.bundleDir;
  const entry = bundle
    ? [
        '--import',
        path.join(bundle, RELAY_BUNDLE_FILES.exitWithParent),
        path.join(bundle, RELAY_BUNDLE_FILES.cli),
      ]
    : ['--import', 'tsx', '--import', EXIT_WITH_PARENT, CLI];
  // Options beyond the secrets go in the config file, next to the database.
  const config = options.intake ? `${options.dbPath}.config.json` : null;
  if (config) writeFileSync(config, JSON.stringify({ intake: options.intake }));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...entry,
      '--db',
      options.dbPath,
      '--port',
      String(options.port ?? 0),
      ...(config ? ['--config', config] : []),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        RELAY_MARKETPLACE_SECRETS: options.marketplaceSecrets.join(','),
        ...(options.credentialsKey === undefined
          ? {}
          : { RELAY_CREDENTIALS_KEY: options.credentialsKey }),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = exitOf(child);
  let stderr = '';
  let pending = '';
  // What it says while stopping ("answering open polls…") is no news to whoever stopped it.
  let stopping = false;
  child.stderr?.on('data', (data: Buffer) => {
    stderr += data.toString();
    pending += data.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '' && !stopping) options.log?.(line);
  });

  const stop = async (): Promise<void> => {
    stopping = true;
    await stopChild(child, STOP_TIMEOUT_MS);
  };

  return new Promise<RelayProcess>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the relay did not start within ${START_TIMEOUT_MS / 1000} s: ${stderr}`));
    }, START_TIMEOUT_MS);
    const onData = (data: Buffer): void => {
      stdout += data.toString();
      const match = /relay: (http:\/\/\S+)/.exec(stdout);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      // Whatever else it prints is not read; keep the pipe flowing so it never blocks.
      child.stdout?.resume();
      const url = match[1];
      resolve({ url, port: Number(new URL(url).port), pid: child.pid ?? -1, exited, stop });
    };
    child.stdout?.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the relay exited before listening: ${stderr.trim()}`));
    });
  });
};
