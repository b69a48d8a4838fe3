// SIGKILL the core's outbox at random moments while staff actions are being queued and sent.
// After every restart nothing acknowledged is lost, and nothing reaches the platform twice.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sandbox } from '../../sandbox/server';
import { startSandbox } from '../../sandbox/server';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 200);
// The cycles run in lanes, each its own terminal (folder, database, child) against the one
// sandbox: a cycle spends most of its time starting a child, and one lane at a time left the second
// core idle. Lanes share nothing a crash could mix up: their orders are their own.
const LANES = 2;
const STEPS = ['accept', 'ready', 'delivered'] as const;
const TARGET = { accept: 'PRODUCTION', ready: 'READY', delivered: 'DELIVERED' } as const;

let sandbox: Sandbox;
let dir: string;
let bundle: string;
let runner: string;

beforeAll(async () => {
  sandbox = await startSandbox({ webhookUrl: null, seed: 7 });
  dir = mkdtempSync(join(tmpdir(), 'countertop-crash-'));
  // One bundled file starts in a fraction of tsx's time, which is what makes 200 cycles cheap; the
  // runner keeps V8's code cache for it, so the starts after the first do not compile it again.
  bundle = join(dir, 'crash-child.cjs');
  runner = join(dir, 'code-cache-run.cjs');
  await build({
    entryPoints: [
      resolve(import.meta.dirname, 'crash-child.ts'),
      resolve(import.meta.dirname, 'code-cache-run.ts'),
    ],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    outdir: dir,
    outExtension: { '.js': '.cjs' },
    external: ['better-sqlite3', 'keytar'],
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${sandbox.controlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
};

type Child = {
  process: ChildProcessWithoutNullStreams;
  lines: string[];
  waitFor(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
};

const startChild = async (dataDir: string): Promise<Child> => {
  const { code } = await control<{ code: string }>('POST', '/authorization-codes', {
    client_id: sandbox.demo.clientId,
    venue_id: sandbox.demo.venueId,
    redirect_uri: sandbox.demo.redirectUri,
  });
  const child = spawn(process.execPath, [runner, bundle], {
    env: {
      ...process.env,
      // Node 20 loads the whole CA store at start when NODE_EXTRA_CA_CERTS is set (a machine
      // behind a proxy sets it): about 50 ms of CPU in each of the 202 starts, for a child that
      // only speaks plain HTTP to 127.0.0.1. Node 22 loads it only for its first TLS context.
      NODE_EXTRA_CA_CERTS: undefined,
      NODE_PATH: resolve(import.meta.dirname, '../../node_modules'),
      CRASH_DATA_DIR: dataDir,
      CRASH_AUTH_URL: sandbox.authUrl,
      CRASH_POS_URL: sandbox.posUrl,
      CRASH_CLIENT_ID: sandbox.demo.clientId,
      CRASH_CLIENT_SECRET: sandbox.demo.clientSecret,
      CRASH_REDIRECT_URI: sandbox.demo.redirectUri,
      CRASH_VENUE_ID: sandbox.demo.venueId,
      CRASH_CODE: code,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let stdoutEnded = false;
  createInterface({ input: child.stdout })
    .on('line', (line) => {
      lines.push(line);
      for (const wake of waiters) wake();
    })
    // Every line the child wrote has been read: a waiter still waiting will wait for nothing.
    .on('close', () => {
      stdoutEnded = true;
      for (const wake of waiters) wake();
    });
  // A wait for the child's line, not a speed check: a loaded machine may take long to start it.
  const waitFor = (match: (line: string) => boolean, timeoutMs = 30_000): Promise<string> =>
    new Promise((resolveLine, reject) => {
      const check = (): boolean => {
        const found = lines.find(match);
        if (found === undefined) return false;
        waiters.delete(wake);
        clearTimeout(timer);
        resolveLine(found);
        return true;
      };
      const wake = (): void => {
        if (check() || !stdoutEnded) return;
        waiters.delete(wake);
        clearTimeout(timer);
        reject(new Error(`child exited; stderr: ${stderr}`));
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`child did not answer in time; stderr: ${stderr}`));
      }, timeoutMs);
      if (!check()) {
        waiters.add(wake);
        wake();
      }
    });
  const result: Child = { process: child, lines, waitFor };
  await waitFor((l) => l === 'ready');
  return result;
};

const kill = (child: Child): Promise<void> =>
  new Promise((done) => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return done();
    child.process.once('exit', () => done());
    child.process.kill('SIGKILL');
  });

type Outbox = Array<{
  id: string;
  kind: string;
  subject: string;
  state: string;
  attempts: number;
  error: string | null;
}>;

type Lane = {
  acked: Map<string, { orderId: string; step: (typeof STEPS)[number] }>;
  touched: Set<string>;
  rows: Outbox;
};

// One terminal's share of the cycles: start, queue, kill at a random moment, again; then a last
// start that drains its outbox, and the outbox as the database holds it.
const runLane = async (lane: number, cycles: number): Promise<Lane> => {
  const dataDir = join(dir, `lane-${lane}`);
  mkdirSync(dataDir);
  // Each order walks accept → ready → delivered; `next` is the step to ask for.
  const pool = new Map<string, number>();
  const acked = new Map<string, { orderId: string; step: (typeof STEPS)[number] }>();
  const touched = new Set<string>();
  const random = (() => {
    let seed = 12345 + lane;
    return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  })();

  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const child = await startChild(dataDir);
    while (pool.size < 6) {
      const order = await control<{ id: string }>('POST', '/orders', {
        venue_id: sandbox.demo.venueId,
        type: 'takeaway',
      });
      child.process.stdin.write(`order ${order.id}\n`);
      await child.waitFor((l) => l === `known ${order.id}`);
      pool.set(order.id, 0);
      touched.add(order.id);
    }
    // Ask for 1–3 next steps, then kill at a random moment: before, during or after they commit and send.
    const picks = [...pool.keys()]
      .sort(() => random() - 0.5)
      .slice(0, 1 + Math.floor(random() * 3));
    for (const orderId of picks)
      child.process.stdin.write(`${STEPS[pool.get(orderId) ?? 0]} ${orderId}\n`);
    // Every other cycle kills only after the first answer, so acknowledged actions exist however
    // slow the machine is; the others may kill before anything committed. The random pause is the
    // kill moment under test, not a wait for a condition.
    if (cycle % 2 === 0)
      await child.waitFor((l) => l.startsWith('ack ') || l.startsWith('conflict '));
    await new Promise((r) => setTimeout(r, Math.floor(random() * 40)));
    await kill(child);
    for (const line of child.lines) {
      const [word, step, orderId, actionId] = line.split(' ');
      if ((word !== 'ack' && word !== 'conflict') || !orderId || !step) continue;
      const index = STEPS.indexOf(step as (typeof STEPS)[number]);
      // "conflict": a previous life committed it but died before saying so; it is queued.
      if (word === 'ack' && actionId)
        acked.set(actionId, { orderId, step: step as (typeof STEPS)[number] });
      if ((pool.get(orderId) ?? -1) === index) {
        if (index === STEPS.length - 1) pool.delete(orderId);
        else pool.set(orderId, index + 1);
      }
    }
  }

  const last = await startChild(dataDir);
  last.process.stdin.write('drain\n');
  await last.waitFor((l) => l === 'drained', 30_000);
  await kill(last);

  const db = new BetterSqlite3(join(dataDir, 'countertop.db'), { readonly: true });
  const rows = db
    .prepare('SELECT id, kind, subject, state, attempts, error FROM outbox')
    .all() as Outbox;
  db.close();
  return { acked, touched, rows };
};

it(`survives ${CYCLES} SIGKILLs while actions are queued and sent`, async () => {
  const lanes = await Promise.all(
    Array.from({ length: LANES }, (_, lane) => runLane(lane, Math.ceil((CYCLES - lane) / LANES))),
  );
  const acked = new Map(lanes.flatMap((lane) => [...lane.acked]));
  const touched = new Set(lanes.flatMap((lane) => [...lane.touched]));
  const rows = lanes.flatMap((lane) => lane.rows);

  // Nothing acknowledged is lost: every acknowledged action is in the outbox and done. (Half the
  // cycles wait for an answer, nearly always an ack: the check below is never vacuous.)
  expect(acked.size).toBeGreaterThan(CYCLES / 4);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of acked.keys()) expect(byId.get(id)?.state, `action ${id}`).toBe('done');
  expect(rows.filter((r) => r.state !== 'done')).toEqual([]);
  // Nothing is queued twice.
  const keys = rows.map((r) => `${r.subject}/${r.kind}`);
  expect(new Set(keys).size).toBe(keys.length);
  // The platform saw each transition exactly once, and every order is where its last action leads.
  const sent = await control<
    Array<{ type: string; body: { order?: { id?: string; status?: string } } }>
  >('GET', '/notifications');
  for (const orderId of touched) {
    const statuses = sent
      .filter((n) => n.type === 'order.notification' && n.body.order?.id === orderId)
      .map((n) => n.body.order?.status);
    expect(new Set(statuses).size, `order ${orderId}: ${statuses.join(',')}`).toBe(statuses.length);
    const done = rows
      .filter((r) => r.subject === orderId)
      .map((r) => STEPS.indexOf(r.kind as (typeof STEPS)[number]));
    const lastStep = STEPS[Math.max(-1, ...done)];
    const expected = lastStep ? TARGET[lastStep] : 'CREATED';
    expect(
      (await control<{ status: string }>('GET', `/orders/${orderId}`)).status,
      `order ${orderId}`,
    ).toBe(expected);
  }
  // The kills did land mid-send: some actions were sent again after a restart.
  expect(rows.some((r) => r.attempts > 1)).toBe(true);
}, 600_000);
