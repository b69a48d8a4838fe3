// Relay at a partner's scale (issue 33): open polls held by one instance with their memory,
// 20,000 terminals over 10,000 venues on two PostgreSQL instances (webhook → terminal against a
// bare server with the same terminals in the same run, and against bare PostgreSQL: the bare
// server plus one INSERT committed per webhook to the same cluster, the least a durable relay
// does), and durable ingest on SQLite against a bare server (in memory) and a bare SQLite server
// (one commit per webhook) in the same run.
//
// Everything is its own process over loopback: the relays (the real CLI), the bare servers
// (relay-floor-server.ts), the polling terminals (relay-poll-clients.ts, as many processes as the
// open-file limit needs). A process here may hold at most `ulimit -n` files (this machine: 20,000,
// not raisable), so the open-poll case tries 50,000 only where the limit allows and otherwise
// the most one process can hold (the limit less 1,000 for the relay's own files), and says so; the
// bare server of the 20,000-terminal case runs as two processes (half the venues each), like the
// two relay instances. RELAY_SCALE_RUNS (3), RELAY_SCALE_TERMINALS (20,000; two per venue) and
// RELAY_SCALE_POLLS (50,000), RELAY_SCALE_INGEST (10,000 webhooks per server) and
// RELAY_SCALE_CASES (ingest,polls,fleet: which cases run) change the run; the summary gives every figure as the median of the
// runs with min–max, and each ratio as the median of the per-run ratios.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startPgCluster } from '../relay/testing/pg-cluster';
import { createTerminals, createTerminalsAt } from '../relay/terminals';
import {
  CLI_PATH,
  MARKETPLACE_SECRET,
  openPolls,
  orderNotification,
  spawnRelay,
  tempDir,
  type RelayProcess,
} from '../relay/testing/test-support';
import {
  forkPollClients,
  now,
  percentile,
  post,
  sleep,
  spreadOf,
  verdict,
} from './relay-bench-kit';

const TARGETS = { polls: 50_000, bytesPerPoll: 8 * 1024, p99Ratio: 2, ingestRatio: 0.8 };
const RUNS = Number(process.env.RELAY_SCALE_RUNS ?? 3);
const TERMINALS = Number(process.env.RELAY_SCALE_TERMINALS ?? 20_000);
const VENUES = TERMINALS / 2;
const POLLS_WANTED = Number(process.env.RELAY_SCALE_POLLS ?? TARGETS.polls);
const WEBHOOKS = 1_000;
/**
 * ~100 webhooks a second, but no venue more than 2 a second: each wakes its venue's terminals,
 * which re-poll at once, and a key may poll 5 times a second (a burst of 20). With few venues
 * (a small run) 100/s would exceed that, and the refused polls' 500 ms retries would be measured
 * instead of the fan-out.
 */
const WEBHOOK_INTERVAL_MS = Math.max(10, Math.ceil(1_000 / (2 * VENUES)));
/** Which cases run (RELAY_SCALE_CASES, comma-separated; all by default). */
const CASES = new Set(
  (process.env.RELAY_SCALE_CASES ?? 'ingest,polls,fleet').split(',').map((c) => c.trim()),
);
/** The webhooks right after the terminals connect, also left out of a second p99. */
const FIRST_WEBHOOKS = 3;
const INGEST_COUNT = Number(process.env.RELAY_SCALE_INGEST ?? 10_000);
const INGEST_CONCURRENCY = 64;

const FD_LIMIT = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim()) || 1024;
/** Sockets one process may hold, leaving room for its own files. */
const PER_PROCESS = FD_LIMIT - 1_000;
const POLLS_TRIED = Math.min(POLLS_WANTED, PER_PROCESS);

const FLOOR_SERVER = fileURLToPath(new URL('./relay-floor-server.ts', import.meta.url));
/** Runs a server and prints its memory on SIGUSR2 (relay-memory-host.ts). */
const MEMORY_HOST = fileURLToPath(new URL('./relay-memory-host.ts', import.meta.url));
const env: Record<string, string> = { RELAY_MARKETPLACE_SECRETS: MARKETPLACE_SECRET };
/**
 * RELAY_SCALE_PROFILE=DIR: the fleet case's relays write V8 CPU profiles there (`--cpu-prof`, one
 * per instance and run), and the run's PostgreSQL statements slower than RELAY_SCALE_SLOW_MS (20)
 * are copied there from the server's log (`log_min_duration_statement`), to see where the time goes;
 * so are each fleet's deliveries (`deliveries-LABEL.json`: webhook, sent, received) and the ingest
 * case's relay CPU profile (`ingest/`).
 */
const PROFILE_DIR = process.env.RELAY_SCALE_PROFILE;
/** Node's options for a relay writing its CPU profile into PROFILE_DIR/`sub` (none unprofiled). */
const cpuProfiledIn = (sub: string): string[] =>
  PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, sub)}`] : [];
const SLOW_MS = Number(process.env.RELAY_SCALE_SLOW_MS ?? 20);

/** A process's resident memory, read by the kernel (no request to the relay while it is busy). */
const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
const openFiles = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/**
 * How long the fleet's terminals may make no progress before the webhooks start anyway. While
 * thousands connect at once a relay on a loaded machine refuses or cuts thousands of first polls
 * (resets from the kernel when its accept queue overflows, a 408 past its 10 s request timeout,
 * a 503 past its pool's 5 s wait), each retried 500 ms later, and one attempt can hang 15 s. With
 * 5 s, as for the open polls, the wait ended with terminals not in yet (145 of 20,000 at load 24),
 * whose attempts then failed while the webhooks were measured and were counted as polls refused
 * or cut in the fan-out.
 */
const STRAGGLER_MS = 30_000;

/**
 * Waits until `target` polls are in flight (sent, not yet answered: with 25 s long polls, held by
 * the server), or the count stops rising for 5 s (STRAGGLER_MS with `answered`); returns the most
 * seen. Counted by the terminals' processes: asking the relay (its /metrics renders every venue
 * and terminal) would itself load it.
 * With `answered`, also until that many terminals had their first poll (wait=0) answered: a poll
 * sent is not yet one the server holds, and a webhook sent while a relay is still taking in
 * thousands of new polls (a key lookup and a log read each) waits behind them, in the bare
 * server's run as in the relay's, but only the relay's intake is slow enough to show it.
 */
async function waitForPolls(
  clients: ClientProcess,
  target: number,
  timeoutMs: number,
  answered = 0,
) {
  const deadline = Date.now() + timeoutMs;
  const stall = answered > 0 ? STRAGGLER_MS : 5_000;
  let best = 0;
  let progress = 0;
  let stableSince = Date.now();
  let answeredOnce = 0;
  while (Date.now() < deadline && Date.now() - stableSince <= stall) {
    const counts = await clients.counts();
    answeredOnce = counts.answeredOnce;
    best = Math.max(best, counts.inFlight);
    if (counts.inFlight + answeredOnce > progress) {
      progress = counts.inFlight + answeredOnce;
      stableSince = Date.now();
    }
    if (counts.inFlight >= target && answeredOnce >= answered) break;
    await sleep(250);
  }
  // Said, since the terminals not in yet keep trying (and failing) in what is measured next.
  if (answeredOnce < answered)
    console.log(
      `  the webhooks start with ${answered - answeredOnce} of ${answered} terminals not answered yet ` +
        (Date.now() < deadline
          ? `(none more in ${stall / 1000} s)`
          : `(${timeoutMs / 1000} s after they started)`),
    );
  return best;
}

/** Failed polls by what they were (relay-poll-clients.ts: "long poll HTTP 503: …", "first poll cut (ECONNRESET)"). */
type Failures = Map<string, number>;

const addFailures = (into: Failures, from: Failures, sign = 1): Failures => {
  for (const [what, n] of from) into.set(what, (into.get(what) ?? 0) + sign * n);
  return into;
};
const totalOf = (failures: Failures): number => [...failures.values()].reduce((a, b) => a + b, 0);
/** "12 long poll HTTP 503: …; 3 first poll cut (ECONNRESET)", most first. */
const describeFailures = (failures: Failures): string =>
  [...failures]
    .filter(([, n]) => n !== 0)
    .sort((a, b) => b[1] - a[1])
    .map(([what, n]) => `${n} ${what}`)
    .join('; ');

type ClientProcess = {
  collect(): Promise<[string, number][]>;
  counts(): Promise<{ inFlight: number; answeredOnce: number }>;
  /** Polls answered with anything but 200 (a 429 from the relay's poll rate limit) or cut, by what they were. */
  failed(): Promise<Failures>;
  inFlight(): Promise<number>;
  stop(): Promise<void>;
};

/** One process of polling terminals: terminal i polls urls[i] with keys[i] (25 s long polls). */
async function pollers(
  urls: string[],
  keys: string[],
  answerFirst = false,
): Promise<ClientProcess> {
  const child = forkPollClients();
  const { next } = child;
  const opened = next('opened');
  child.send({ cmd: 'open', urls, keys, wait: 25, rampBatch: 200, retryMs: 500, answerFirst });
  await opened;
  return {
    async inFlight() {
      const counted = next('counted');
      child.send({ cmd: 'count' });
      return Number((await counted).inFlight);
    },
    async counts() {
      const counted = next('counted');
      child.send({ cmd: 'count' });
      const message = await counted;
      return { inFlight: Number(message.inFlight), answeredOnce: Number(message.answeredOnce) };
    },
    async collect() {
      const collected = next('collected');
      child.send({ cmd: 'collect' });
      return ((await collected) as { receipts: [string, number][] }).receipts;
    },
    async failed() {
      const counted = next('counted');
      child.send({ cmd: 'count' });
      return new Map(Object.entries((await counted).errorsBy as Record<string, number>));
    },
    stop: child.stop,
  };
}

/** Terminals split over as many client processes as the open-file limit needs. */
async function manyPollers(
  urls: string[],
  keys: string[],
  answerFirst = false,
): Promise<ClientProcess> {
  const processes: ClientProcess[] = [];
  const share = Math.ceil(keys.length / Math.ceil(keys.length / PER_PROCESS));
  for (let from = 0; from < keys.length; from += share) {
    processes.push(
      await pollers(urls.slice(from, from + share), keys.slice(from, from + share), answerFirst),
    );
  }
  return {
    collect: async () => (await Promise.all(processes.map((p) => p.collect()))).flat(),
    failed: async () =>
      (await Promise.all(processes.map((p) => p.failed()))).reduce(
        (a, b) => addFailures(a, b),
        new Map(),
      ),
    inFlight: async () =>
      (await Promise.all(processes.map((p) => p.inFlight()))).reduce((a, b) => a + b, 0),
    counts: async () =>
      (await Promise.all(processes.map((p) => p.counts()))).reduce(
        (a, b) => ({
          inFlight: a.inFlight + b.inFlight,
          answeredOnce: a.answeredOnce + b.answeredOnce,
        }),
        { inFlight: 0, answeredOnce: 0 },
      ),
    stop: async () => {
      await Promise.all(processes.map((p) => p.stop()));
    },
  };
}

type Fleet = {
  /** Where each terminal polls, and with which key. */
  terminalUrls: string[];
  keys: string[];
  /** Where the webhook of venue `venue`, the `n`th sent, goes. */
  webhookUrl(venue: number, n: number): string;
};

/**
 * TERMINALS terminals, two per venue, long-poll; WEBHOOKS webhooks ~100/s, each for another venue,
 * each wakes its venue's two terminals. Latency: webhook sent → a terminal has the whole answer;
 * also webhook sent → its 200 (the durable commit, for the relay).
 */
async function fanOut(fleet: Fleet, label: string) {
  const clients = await manyPollers(fleet.terminalUrls, fleet.keys, true);
  try {
    const open = await waitForPolls(clients, fleet.keys.length, 120_000, fleet.keys.length);
    const failedBefore = await clients.failed();
    const sentAt = new Map<string, number>();
    const sends: Promise<number>[] = [];
    const answeredMs: number[] = [];
    for (let n = 0; n < WEBHOOKS; n += 1) {
      // Spread over the venues: 7,919 is prime, so n → venue visits them all before repeating.
      const venue = (n * 7_919) % VENUES;
      const id = `${label}-event-${n}`;
      const sent = now();
      sentAt.set(id, sent);
      // A webhook the server cut (ECONNRESET under load) is counted as refused, not a crash.
      sends.push(
        post(fleet.webhookUrl(venue, n), orderNotification(id, `${label}-venue-${venue}`), false)
          .then((status) => {
            answeredMs.push(now() - sent);
            return status;
          })
          .catch(() => 0),
      );
      await sleep(WEBHOOK_INTERVAL_MS);
    }
    const statuses = await Promise.all(sends);
    const expected = WEBHOOKS * (fleet.keys.length / VENUES);
    const receipts: [string, number][] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      receipts.push(...(await clients.collect()).filter(([id]) => sentAt.has(id)));
      if (receipts.length >= expected) break;
      await sleep(250);
    }
    const refusedBy = addFailures(await clients.failed(), failedBefore, -1);
    const measured = receipts.map(([id, at]) => ({
      n: Number(id.slice(id.lastIndexOf('-') + 1)),
      ms: at - (sentAt.get(id) as number),
    }));
    const sorted = (list: typeof measured) => list.map((m) => m.ms).sort((a, b) => a - b);
    const all = sorted(measured);
    // Each delivery's webhook and when it was sent and received (epoch ms), to set the slowest
    // beside the servers' own records of the same moments.
    if (PROFILE_DIR) {
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(
        join(PROFILE_DIR, `deliveries-${label}.json`),
        JSON.stringify(receipts.map(([id, at]) => ({ id, sent: sentAt.get(id), received: at }))),
      );
    }
    return {
      open,
      // A re-poll refused (the relay's per-key poll rate limit: 5/s, a burst of 20) is retried
      // 500 ms later: a venue sent more webhooks a second than that delays its terminals by it.
      pollsRefused: totalOf(refusedBy),
      refusedBy,
      /** The same before the webhooks, while the terminals got in (not counted above). */
      refusedGettingIn: failedBefore,
      expected,
      delivered: all.length,
      rejected: statuses.filter((status) => status !== 200).length,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      p99Settled: percentile(sorted(measured.filter((m) => m.n >= FIRST_WEBHOOKS)), 99),
      answeredP99: percentile(
        answeredMs.sort((a, b) => a - b),
        99,
      ),
    };
  } finally {
    await clients.stop();
  }
}

/** INGEST_COUNT signed webhooks, INGEST_CONCURRENCY at a time (after 500 to warm up). */
async function ingest(url: string, label: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: INGEST_CONCURRENCY });
  await Promise.all(
    Array.from({ length: 500 }, (_, i) =>
      post(url, orderNotification(`${label}-warm-${i}`, 'ingest-warm'), agent),
    ),
  );
  const bodies = Array.from({ length: INGEST_COUNT }, (_, i) =>
    orderNotification(`${label}-ingest-${i}`, `ingest-venue-${i % 50}`),
  );
  let index = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (index < bodies.length) {
        if ((await post(url, bodies[index++] as string, agent)) !== 200) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { perSecond: INGEST_COUNT / seconds, failures };
}

async function stopAll(processes: RelayProcess[]) {
  for (const p of processes) {
    p.child.kill('SIGTERM');
    await p.exited;
  }
}

type Figures = Map<string, number>;

async function ingestCase(figures: Figures) {
  const dir = tempDir();
  try {
    const floor = await spawnRelay([], {}, FLOOR_SERVER);
    const floorIngest = await ingest(floor.url, 'floor').finally(() => stopAll([floor]));
    const bare = await spawnRelay(['--db', join(dir.dir, 'bare.db')], {}, FLOOR_SERVER);
    const bareIngest = await ingest(bare.url, 'bare').finally(() => stopAll([bare]));
    const relay = await spawnRelay(
      ['--db', dir.dbPath, '--port', '0'],
      env,
      undefined,
      cpuProfiledIn('ingest'),
    );
    const relayIngest = await ingest(relay.url, 'relay').finally(() => stopAll([relay]));
    console.log(
      `ingest, ${INGEST_COUNT} signed webhooks ${INGEST_CONCURRENCY} at a time: bare server (in memory) ${floorIngest.perSecond.toFixed(0)}/s, ` +
        `bare SQLite (a commit per webhook) ${bareIngest.perSecond.toFixed(0)}/s, relay on SQLite ${relayIngest.perSecond.toFixed(0)}/s ` +
        `(${relayIngest.failures} non-200): ${(relayIngest.perSecond / floorIngest.perSecond).toFixed(2)}× the bare server, ` +
        `${(relayIngest.perSecond / bareIngest.perSecond).toFixed(2)}× bare SQLite — ` +
        `${verdict(relayIngest.perSecond >= TARGETS.ingestRatio * floorIngest.perSecond && relayIngest.failures === 0)} ≥ ${TARGETS.ingestRatio}× the bare server`,
    );
    figures.set('ingest, bare server (in memory) /s', floorIngest.perSecond);
    figures.set('ingest, bare SQLite /s', bareIngest.perSecond);
    figures.set('ingest, relay on SQLite /s', relayIngest.perSecond);
    figures.set('ingest ratio, relay ÷ bare server', relayIngest.perSecond / floorIngest.perSecond);
    figures.set('ingest ratio, relay ÷ bare SQLite', relayIngest.perSecond / bareIngest.perSecond);
  } finally {
    dir.remove();
  }
}

type Memory = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
};

/** The process's memory after two full collections, as relay-memory-host.ts prints it on SIGUSR2. */
function memoryOf(server: RelayProcess): Promise<Memory> {
  const read = new Promise<Memory>((resolve) => {
    let text = '';
    const onData = (data: Buffer) => {
      text += data.toString();
      const match = /memory: (\{.*\})\n/.exec(text);
      if (!match) return;
      server.child.stdout?.off('data', onData);
      resolve(JSON.parse(match[1] as string) as Memory);
    };
    server.child.stdout?.on('data', onData);
  });
  server.child.kill('SIGUSR2');
  return read;
}

type Held = {
  held: number;
  /** Bytes per open poll: RSS from the kernel as the polls stand, then after full collections. */
  rss: number;
  rssCollected: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  /** RSS after the collections, less V8's heap and external memory: sockets' native objects, libuv, the allocator. */
  native: number;
  files: number;
  before: number;
  after: number;
};

/**
 * Waits until the server holds `target` polls, or its count stops rising for 20 s; returns the
 * count it holds. A poll the terminals sent is not yet one the server holds: on a loaded machine
 * a server took 50 s to take in 12,000 new terminals, long after the terminals had sent them. Its
 * accepted sockets are counted by the kernel (its open files) while they arrive, so nothing asks
 * the busy server; its own count of open polls (`relay_polls_open`) is read once they are all in.
 */
async function heldBy(server: RelayProcess, target: number, baseFiles: number): Promise<number> {
  const pid = server.child.pid as number;
  const deadline = Date.now() + 180_000;
  let progress = -1;
  let since = Date.now();
  let open = 0;
  while (Date.now() < deadline) {
    const accepted = openFiles(pid) - baseFiles;
    if (accepted >= target) open = await openPolls(server.url);
    if (open >= target) break;
    if (accepted + open > progress) {
      progress = accepted + open;
      since = Date.now();
    } else if (Date.now() - since > 20_000) break;
    await sleep(500);
  }
  return Math.min(await openPolls(server.url), target);
}

/** `keys` polls (25 s) held by `server`: memory before and after, per poll. */
async function holdPolls(server: RelayProcess, keys: string[]): Promise<Held> {
  const pid = server.child.pid as number;
  await sleep(1_000);
  const baseFiles = openFiles(pid);
  const before = rssOf(pid);
  const collectedBefore = await memoryOf(server);
  const clients = await manyPollers(
    keys.map(() => server.url),
    keys,
  );
  try {
    await waitForPolls(clients, keys.length, 120_000);
    const held = await heldBy(server, keys.length, baseFiles);
    await sleep(1_000);
    const after = rssOf(pid);
    const files = openFiles(pid);
    const collected = await memoryOf(server);
    const per = (field: keyof Memory) => (collected[field] - collectedBefore[field]) / held;
    return {
      held,
      rss: (after - before) / held,
      rssCollected: per('rss'),
      heapUsed: per('heapUsed'),
      heapTotal: per('heapTotal'),
      external: per('external'),
      native: per('rss') - per('heapTotal') - per('external'),
      files,
      before,
      after,
    };
  } finally {
    await clients.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const split = (h: Held) =>
  `${kb(h.rss)} RSS each (${kb(h.rssCollected)} after full collections: JS heap ${kb(h.heapUsed)} used of ${kb(h.heapTotal)} committed, ` +
  `external ${kb(h.external)}, native ${kb(h.native)})`;

async function openPollsCase(figures: Figures) {
  const dir = tempDir();
  const config = join(dir.dir, 'relay.json');
  // The connection cap (20,000 by default) is a setting: raised here so the figure is the
  // process's, not the cap's.
  writeFileSync(
    config,
    JSON.stringify({ marketplaceSecrets: [MARKETPLACE_SECRET], maxConnections: 120_000 }),
  );
  const venueOf = (i: number) => `hold-venue-${i % 5_000}`;
  const terminals = createTerminals(
    dir.dbPath,
    Array.from({ length: POLLS_TRIED }, (_, i) => ({ venueIds: [venueOf(i)] })),
  );
  try {
    // The floor: a bare node:http server holding the same number of idle polls in this run (its
    // keys are the venues' ids). Node's own cost per open request (socket, parser, request and
    // response objects) is most of a relay's, and it is what this machine gives any Node server.
    const floorServer = await spawnRelay([FLOOR_SERVER], {}, MEMORY_HOST);
    let floor: Held;
    try {
      floor = await holdPolls(
        floorServer,
        terminals.map((_, i) => venueOf(i)),
      );
    } finally {
      await stopAll([floorServer]);
    }
    const relay = await spawnRelay(
      [CLI_PATH, '--db', dir.dbPath, '--port', '0', '--config', config],
      {},
      MEMORY_HOST,
    );
    let held: Held;
    try {
      held = await holdPolls(
        relay,
        terminals.map((t) => t.key),
      );
    } finally {
      await stopAll([relay]);
    }
    const ratio = held.rss / floor.rss;
    console.log(
      `open polls on one SQLite instance: ${held.held} held of ${POLLS_TRIED} tried` +
        (POLLS_TRIED < POLLS_WANTED
          ? ` (${POLLS_WANTED} wanted: one process may hold ${FD_LIMIT} files here)`
          : '') +
        ` (the relay's open files ${held.files}), ${split(held)}; relay RSS ${(held.after / 1048576).toFixed(0)} MB, ${(held.before / 1048576).toFixed(0)} MB before — ` +
        `${verdict(held.rss < TARGETS.bytesPerPoll && held.held >= POLLS_TRIED)} < 8 KB each, every poll tried held`,
    );
    console.log(
      `  bare node:http server, ${floor.held} idle polls held in the same run: ${split(floor)}; ` +
        `the relay ${ratio.toFixed(2)}× the bare server (RSS per poll), ${kb(held.rss - floor.rss)} more each`,
    );
    figures.set('open polls held', held.held);
    figures.set('KB RSS per open poll', held.rss / 1024);
    figures.set('KB RSS per open poll, bare server', floor.rss / 1024);
    figures.set('open poll RSS ratio, relay ÷ bare server', ratio);
    figures.set('KB JS heap used per open poll (after collections)', held.heapUsed / 1024);
    figures.set('KB JS heap used per open poll, bare server', floor.heapUsed / 1024);
    figures.set('KB native per open poll (after collections)', held.native / 1024);
    figures.set('KB native per open poll, bare server', floor.native / 1024);
  } finally {
    dir.remove();
  }
}

/**
 * Profiling (RELAY_SCALE_PROFILE): before the relays start (`into` null), has the database log
 * statements slower than SLOW_MS; after they stop, copies the log's lines of those statements
 * into `into`/postgres-slow.log.
 */
async function slowStatements(
  cluster: Awaited<ReturnType<typeof startPgCluster>>,
  storeUrl: string,
  into: string | null,
) {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    const database = new URL(storeUrl).pathname.slice(1);
    if (into === null) {
      await client.query(
        `ALTER DATABASE ${pg.escapeIdentifier(database)} SET log_min_duration_statement = ${SLOW_MS}`,
      );
      return;
    }
    // pg_ctl's -l log sits beside the data directory (pg-cluster.ts).
    const { rows } = await client.query<{ log: string }>(
      "SELECT pg_read_file(regexp_replace(current_setting('data_directory'), '/data$', '/server.log')) AS log",
    );
    const lines = (rows[0]?.log ?? '').split('\n').filter((l) => l.includes('duration:'));
    mkdirSync(into, { recursive: true });
    writeFileSync(join(into, 'postgres-slow.log'), lines.join('\n'));
    console.log(`  ${lines.length} statements over ${SLOW_MS} ms logged in ${into}`);
  } finally {
    await client.end();
  }
}

/**
 * A floor of the fleet case: two bare servers (one process may hold 20,000 sockets here), venue v
 * on number v % 2, each run with `args` (relay-floor-server.ts), holding the same terminals and
 * sent the same webhooks at the same rate as the relays.
 */
async function floorFleet(label: string, args: string[]) {
  const floors = [
    await spawnRelay(args, {}, FLOOR_SERVER),
    await spawnRelay(args, {}, FLOOR_SERVER),
  ] as const;
  try {
    const venueOf = (i: number) => i % VENUES;
    return await fanOut(
      {
        terminalUrls: Array.from(
          { length: TERMINALS },
          (_, i) => (venueOf(i) % 2 === 0 ? floors[0] : floors[1]).url,
        ),
        keys: Array.from({ length: TERMINALS }, (_, i) => `${label}-venue-${venueOf(i)}`),
        webhookUrl: (venue) => (venue % 2 === 0 ? floors[0] : floors[1]).url,
      },
      label,
    );
  } finally {
    await stopAll([...floors]);
  }
}

/** "every delivery made", or how many were missing (and webhooks refused) of how many. */
const deliveries = (r: Awaited<ReturnType<typeof fanOut>>) =>
  r.delivered === r.expected
    ? 'every delivery made'
    : `${(r.expected - r.delivered).toLocaleString('en')} of ${r.expected.toLocaleString('en')} deliveries missing` +
      (r.rejected > 0 ? ` (${r.rejected} webhooks refused)` : '');

async function fleetCase(
  cluster: Awaited<ReturnType<typeof startPgCluster>>,
  run: number,
  figures: Figures,
) {
  const half = TERMINALS / 2;
  const floor = await floorFleet(`floor${run}`, []);
  // The second floor, bare PostgreSQL: a commit per webhook to this cluster before its answer.
  const floorPg = await floorFleet(`floorpg${run}`, [
    '--pg',
    await cluster.createDatabase(`relay_scale_floor_${run}`),
  ]);

  const storeUrl = await cluster.createDatabase(`relay_scale_${run}`);
  const label = `pg${run}`;
  const created = performance.now();
  const terminals = await createTerminalsAt(
    storeUrl,
    Array.from({ length: TERMINALS }, (_, i) => ({ venueIds: [`${label}-venue-${i % VENUES}`] })),
  );
  const createdMs = performance.now() - created;
  const profiled = cpuProfiledIn(`run-${run}`);
  if (PROFILE_DIR) await slowStatements(cluster, storeUrl, null);
  const instances = [
    await spawnRelay(
      ['--store', storeUrl, '--port', String(await freePort())],
      env,
      undefined,
      profiled,
    ),
    await spawnRelay(
      ['--store', storeUrl, '--port', String(await freePort())],
      env,
      undefined,
      profiled,
    ),
  ] as const;
  let relay: Awaited<ReturnType<typeof fanOut>>;
  try {
    // Terminal i and i + 10,000 share venue i: one on each instance, so every webhook wakes a
    // poll on the instance that did not take it. Webhooks alternate between the instances.
    relay = await fanOut(
      {
        terminalUrls: terminals.map((_, i) => instances[i < half ? 0 : 1].url),
        keys: terminals.map((t) => t.key),
        webhookUrl: (_venue, n) => (n % 2 === 0 ? instances[0] : instances[1]).url,
      },
      label,
    );
  } finally {
    await stopAll([...instances]);
    if (PROFILE_DIR) await slowStatements(cluster, storeUrl, join(PROFILE_DIR, `run-${run}`));
    // What the relays complained of (storage trouble, a stalled log read), shortened.
    for (const [i, p] of instances.entries()) {
      const lines = p.stderr().trim().split('\n').filter(Boolean);
      if (lines.length > 0)
        console.log(
          `  relay ${i + 1} stderr (${lines.length} lines): ${lines.slice(-8).join(' | ')}`,
        );
    }
  }
  const shape = `${TERMINALS} terminals on ${VENUES} venues (2 each), ${WEBHOOKS} webhooks at ~${Math.round(1_000 / WEBHOOK_INTERVAL_MS)}/s`;
  const line = (where: string, r: typeof relay) =>
    `${where}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, p99 after the first ${FIRST_WEBHOOKS} ${r.p99Settled.toFixed(1)} ms ` +
    `(${r.delivered}/${r.expected} deliveries, ${r.open} polls open, ${r.rejected} webhooks refused, ${r.pollsRefused} polls refused or cut; ` +
    `webhooks answered p99 ${r.answeredP99.toFixed(1)} ms)` +
    (r.pollsRefused > 0 ? `\n    polls refused or cut: ${describeFailures(r.refusedBy)}` : '') +
    (totalOf(r.refusedGettingIn) > 0
      ? `\n    before the webhooks, while the terminals got in (not counted): ${describeFailures(r.refusedGettingIn)}`
      : '');
  console.log(`${shape} (terminals created in ${createdMs.toFixed(0)} ms)`);
  console.log(line('  bare server (2 processes)', floor));
  console.log(line('  bare PostgreSQL (2 processes, a commit per webhook)', floorPg));
  console.log(line('  relay, PostgreSQL, 2 instances', relay));
  const ratio = relay.p99 / floor.p99;
  const ratioPg = relay.p99 / floorPg.p99;
  const floorsMissing = [
    floor.delivered < floor.expected ? `bare server: ${deliveries(floor)}` : '',
    floorPg.delivered < floorPg.expected ? `bare PostgreSQL: ${deliveries(floorPg)}` : '',
  ].filter(Boolean);
  console.log(
    `  p99 ${ratio.toFixed(2)}× the bare server's, ${ratioPg.toFixed(2)}× bare PostgreSQL's — ` +
      `${verdict(ratio <= TARGETS.p99Ratio && relay.delivered === relay.expected)} ≤ ${TARGETS.p99Ratio}× the bare server's` +
      (relay.delivered === relay.expected
        ? ', every delivery made'
        : ` with every delivery made: ${deliveries(relay)}`) +
      (floorsMissing.length > 0 ? ` (${floorsMissing.join('; ')})` : ''),
  );
  figures.set('fleet, bare server p50 ms', floor.p50);
  figures.set('fleet, bare server p99 ms', floor.p99);
  figures.set('fleet, bare PostgreSQL p50 ms', floorPg.p50);
  figures.set('fleet, bare PostgreSQL p99 ms', floorPg.p99);
  figures.set('fleet, bare PostgreSQL webhooks answered p99 ms', floorPg.answeredP99);
  figures.set('fleet, relay PostgreSQL p50 ms', relay.p50);
  figures.set('fleet, relay PostgreSQL p99 ms', relay.p99);
  figures.set('fleet, relay PostgreSQL p99 after the first webhooks ms', relay.p99Settled);
  figures.set('fleet, relay PostgreSQL webhooks answered p99 ms', relay.answeredP99);
  figures.set('fleet, relay undelivered', relay.expected - relay.delivered);
  figures.set('fleet, polls open (relay)', relay.open);
  figures.set('fleet, polls refused or cut (relay)', relay.pollsRefused);
  figures.set('fleet p99 ratio, relay ÷ bare server', ratio);
  figures.set('fleet p99 ratio, relay ÷ bare PostgreSQL', ratioPg);
  figures.set('fleet, bare server undelivered', floor.expected - floor.delivered);
  figures.set('fleet, bare PostgreSQL undelivered', floorPg.expected - floorPg.delivered);
}

const cluster = await startPgCluster();
const runs: Figures[] = [];
try {
  for (let run = 1; run <= RUNS; run += 1) {
    const figures: Figures = new Map();
    figures.set('load average (1 min) at start', loadavg()[0] as number);
    console.log(`\n--- run ${run} of ${RUNS} (load average ${loadavg()[0]?.toFixed(1)}) ---`);
    if (CASES.has('ingest')) await ingestCase(figures);
    if (CASES.has('polls')) await openPollsCase(figures);
    if (CASES.has('fleet')) await fleetCase(cluster, run, figures);
    figures.set('load average (1 min) at end', loadavg()[0] as number);
    runs.push(figures);
  }
} finally {
  await cluster.stop();
}
console.log(`\n=== relay scale summary: median of ${runs.length} run(s) (min–max) ===`);
for (const name of runs[0]?.keys() ?? []) {
  console.log(`${name}: ${spreadOf(runs.map((r) => r.get(name) ?? NaN))}`);
}
