// Helpers shared by the relay's tests and benchmarks: they sign exactly as the platform does,
// independently of the relay's own verification code.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RelayEventKind } from '../../shared/relay-events';
import type { TerminalHealth } from '../../shared/terminal-health';

export const MARKETPLACE_SECRET = 'mk-secret-0123456789abcdef0123456789';
export const MARKETPLACE_SECRET_NEXT = 'mk-secret-next-9876543210fedcba98765';
export const DELIVERY_SECRET = 'dl-secret-0123456789abcdef0123456789';
export const DELIVERY_SECRET_NEXT = 'dl-secret-next-9876543210fedcba98765';

export function tempDir(): { dir: string; dbPath: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'relay-test-'));
  return {
    dir,
    dbPath: join(dir, 'relay.db'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function sign(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function orderNotification(id: string, venueId: string, status = 'CREATED'): string {
  return JSON.stringify({
    id,
    type: 'order.notification',
    order: {
      id: `order-${id}`,
      venue_id: venueId,
      status,
      resource_url: `http://127.0.0.1:1/pos/orders/order-${id}`,
    },
    created_at: '2026-11-23T10:00:00.123Z',
  });
}

export type HttpAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
};

/**
 * Where a test keeps the files of its worlds and its own PostgreSQL clusters under vitest: a
 * RAM-backed tmpfs (/dev/shm) when it has 1 GiB free (a container's default is 64 MiB), else the
 * system's temporary folder. Their commits wait for fsync, durability against a power cut that no
 * test makes (a killed process leaves its writes in the page cache, tmpfs or not), and on this
 * loaded disk mounted with discard that cost CPU: 4 heavy core files took about 5 % less on tmpfs;
 * copying a cluster's 40 MB took 0.8 to 5 s and deleting it 1.2 to 2 s. What the tests check
 * (commits, restarts, kills) is unchanged; the benchmarks (tsx, outside vitest) keep the disk
 * production has.
 */
export function testFilesParent(): string {
  const shm = '/dev/shm';
  if (!process.env.VITEST || !existsSync(shm)) return tmpdir();
  const { bavail, bsize } = statfsSync(shm);
  return bavail * bsize >= 1024 ** 3 ? shm : tmpdir();
}

/**
 * A raw HTTP request, so tests choose header-name case and body bytes exactly. On a connection of
 * its own unless `agent` is given (a client that keeps its connection alive between requests).
 */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    agent?: Agent;
  } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function postMarketplace(
  relayUrl: string,
  body: string | Buffer,
  signature: string | null,
  agent?: Agent,
): Promise<HttpAnswer> {
  return send(`${relayUrl}/hooks/marketplace`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signature === null ? {} : { 'PLATFORM-SIGNATURE': signature }),
    },
    body,
    agent,
  });
}

/** A delivery event as the platform posts it to the webhook a terminal of `venueId` registered. */
export function postDelivery(
  relayUrl: string,
  venueId: string,
  token: string,
): Promise<HttpAnswer> {
  return send(`${relayUrl}/hooks/delivery/${encodeURIComponent(venueId)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
}

/** A terminal hands its venue's delivery webhook secret to the relay (PUT /v1/delivery-secret). */
export function putDeliverySecret(
  relayUrl: string,
  key: string,
  body: unknown,
): Promise<HttpAnswer> {
  return send(`${relayUrl}/v1/delivery-secret`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export type ServedEvent = {
  seq: number;
  received_at: string;
  kind: RelayEventKind;
  venue_id: string;
  body: string;
  signature: string | null;
};

export async function poll(
  relayUrl: string,
  key: string,
  query: { after?: number; wait?: number; limit?: number } = {},
  agent?: Agent,
): Promise<HttpAnswer & { logId: string | null; events: ServedEvent[] }> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.set(name, String(value));
  const answer = await send(`${relayUrl}/v1/events?${params}`, {
    headers: { Authorization: `Bearer ${key}` },
    agent,
  });
  if (answer.status !== 200) return { ...answer, logId: null, events: [] };
  const parsed = JSON.parse(answer.text) as { log_id: string; events: ServedEvent[] };
  return { ...answer, logId: parsed.log_id, events: parsed.events };
}

/** The relay's `relay_polls_open` gauge: the long-polls it holds right now (a /metrics without a token). */
export async function openPolls(relayUrl: string): Promise<number> {
  const answer = await send(`${relayUrl}/metrics`);
  const match = /^relay_polls_open (\d+)$/m.exec(answer.text);
  if (answer.status !== 200 || !match) {
    throw new Error(`GET /metrics answered ${answer.status} without relay_polls_open`);
  }
  return Number(match[1]);
}

/**
 * A condition for waitFor: holds once the relay holds exactly `count` long-polls, i.e. every poll
 * sent is registered with it, so an event committed from then on wakes it. Until then it throws
 * the current count, which a timeout reports.
 */
export async function pollsOpen(relayUrl: string, count: number): Promise<true> {
  const open = await openPolls(relayUrl);
  if (open !== count) throw new Error(`relay_polls_open is ${open}, not ${count}`);
  return true;
}

/**
 * The server ends of connections accepted in this process from now on (diagnostics channel
 * `net.server.socket`): a test sees how many bytes a server in this process has read of a client's
 * request, which no answer shows while the request is incomplete.
 */
export function watchAcceptedSockets(): {
  serverEndOf(client: Socket): Socket | undefined;
  stop(): void;
} {
  const accepted: Socket[] = [];
  const onAccepted = (message: unknown) => accepted.push((message as { socket: Socket }).socket);
  subscribe('net.server.socket', onAccepted);
  return {
    serverEndOf: (client) => accepted.find((socket) => socket.remotePort === client.localPort),
    stop: () => unsubscribe('net.server.socket', onAccepted),
  };
}

export type RelayProcess = {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
};

export const CLI_PATH = fileURLToPath(new URL('../cli.ts', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The folder of the relay bundle a test run built once for all its files (test/relay-bundle.ts:
 * relay.mjs, as a relay host runs it), when it did. Started with plain node, the relay costs a
 * tenth of the CPU a start through tsx does (TypeScript loaded, the sources transformed).
 */
export const RUN_BUNDLE_ENV = 'COUNTERTOP_TEST_RELAY_BUNDLE';
const runCliPath = (): string => {
  const dir = process.env[RUN_BUNDLE_ENV];
  return dir ? join(dir, 'relay.mjs') : CLI_PATH;
};

/**
 * Node's on-disk compile cache for the run's bundle (NODE_COMPILE_CACHE, Node 22.1 and newer; older
 * ones ignore it), in the bundle's folder: every start compiled the 1 MB bundle again. The first
 * relays to exit cleanly fill it (a SIGKILLed one writes nothing). Node 22, 20 starts each on a
 * PostgreSQL store, load average 23: 3.35 s of CPU with it, 4.0 s without (about 33 ms a start).
 */
const runCompileCache = (cliPath: string): Record<string, string> => {
  const dir = process.env[RUN_BUNDLE_ENV];
  return dir && cliPath === join(dir, 'relay.mjs')
    ? { NODE_COMPILE_CACHE: join(dir, 'compile-cache') }
    : {};
};

/**
 * Runs the relay CLI as its own process (no npm wrapper between us and it): the test run's bundle
 * if it built one, else the sources through tsx. `cliPath` runs another copy of it (the
 * benchmark's baseline: the relay of an earlier commit), or a built bundle (`.mjs`, `npm run
 * build:relay`), with plain node from its own folder.
 */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  cliPath = runCliPath(),
  nodeArgs: string[] = [],
): ChildProcess {
  const bundle = cliPath.endsWith('.mjs');
  return spawn(
    process.execPath,
    [...nodeArgs, ...(bundle ? [] : ['--import', 'tsx']), cliPath, ...args],
    {
      cwd: bundle ? dirname(cliPath) : REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...runCompileCache(cliPath),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

export function collect(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Starts the relay server as a child process and resolves once it prints its URL. */
export function spawnRelay(
  args: string[],
  env: Record<string, string>,
  cliPath = runCliPath(),
  /** Node's own options for the relay's process (a benchmark's `--cpu-prof`). */
  nodeArgs: string[] = [],
): Promise<RelayProcess> {
  const child = runCli(args, env, cliPath, nodeArgs);
  let stderr = '';
  child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let stdout = '';
    const onData = (data: Buffer) => {
      stdout += data.toString();
      const match = /relay: (http:\/\/\S+)/.exec(stdout);
      if (match) {
        child.stdout?.off('data', onData);
        resolve({ url: match[1] as string, child, exited, stderr: () => stderr });
      }
    };
    child.stdout?.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`relay exited (${code}) before listening: ${stderr}`)),
    );
  });
}

/** A credentials key as a deployment gives it (32 random bytes, base64): tests make their own. */
export const CREDENTIALS_KEY = Buffer.alloc(32, 7).toString('base64');

/** A terminal sets up courier delivery for its venue at the relay (PUT /v1/delivery/setup). */
export function putDeliverySetup(
  relayUrl: string,
  key: string,
  body: unknown,
): Promise<HttpAnswer> {
  return send(`${relayUrl}/v1/delivery/setup`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A terminal's call to the delivery service through the relay's proxy (/v1/drive/…). */
export function driveProxy(
  relayUrl: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<HttpAnswer> {
  return send(`${relayUrl}/v1/drive${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A terminal's health report with nothing wrong at its one venue; `overrides` adds the trouble. */
export const healthReport = (
  venueId: string,
  overrides: Partial<TerminalHealth> = {},
): TerminalHealth => ({
  app_version: '0.1.0',
  name: 'Counter',
  stream: 'up',
  platform: 'ok',
  venues: [{ venue_id: venueId, online: true, paused_by_countertop_since: null }],
  actions_waiting: 0,
  oldest_action_age_seconds: null,
  orders_unanswered: 0,
  oldest_unanswered_age_seconds: null,
  printers: [{ name: 'Kitchen', state: 'ready' }],
  clock_offset_ms: 40,
  ...overrides,
});
