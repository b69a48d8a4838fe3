// Relay benchmark: durable ingest throughput, webhook-to-terminal latency with 1,000 terminals
// long-polling, and the most concurrent open polls with their memory. The relay runs as its own
// process (the real CLI); the polling terminals run in another (relay-poll-clients.ts).
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startRelay } from '../relay/server';
import { createTerminals } from '../relay/terminals';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  sign,
  spawnRelay,
  tempDir,
  type RelayProcess,
} from '../relay/test-support';

const TARGETS = { ingestPerSecond: 2_000, p99Ms: 50, polls: 10_000, bytesPerPoll: 64 * 1024 };
const INGEST_COUNT = 20_000;
const INGEST_CONCURRENCY = 64;
const MAX_POLLS_ATTEMPT = 15_000;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const env = { RELAY_MARKETPLACE_SECRETS: MARKETPLACE_SECRET };

function post(url: string, body: string, agent: Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/hooks/marketplace`,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'PLATFORM-SIGNATURE': sign(body, MARKETPLACE_SECRET),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function metrics(url: string): Promise<Map<string, number>> {
  const text = await new Promise<string>((resolve, reject) => {
    request(`${url}/metrics`, { agent: false }, (res) => {
      let data = '';
      res.on('data', (chunk: Buffer) => (data += chunk.toString()));
      res.on('end', () => resolve(data));
    })
      .on('error', reject)
      .end();
  });
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (match) values.set(match[1] as string, Number(match[2]));
  }
  return values;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

type Clients = {
  send(message: object): void;
  next(type: string): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
};

function startClients(): Clients {
  const child = fork(fileURLToPath(new URL('./relay-poll-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (message: Record<string, unknown>) => void>();
  child.on('message', (message: Record<string, unknown>) =>
    waiting.get(String(message.type))?.(message),
  );
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve) => waiting.set(type, resolve));
  return {
    send: (message) => child.send(message),
    next,
    async stop() {
      const stopped = new Promise((resolve) => child.on('exit', resolve));
      child.send({ cmd: 'stop' });
      await stopped;
    },
  };
}

/** Forks the poll clients and has them open a 25 s long poll per key, 200 at a time. */
async function openClients(url: string, keys: string[]): Promise<Clients> {
  const clients = startClients();
  clients.send({ cmd: 'open', url, keys, wait: 25, rampBatch: 200 });
  await clients.next('opened');
  return clients;
}

async function waitForPolls(url: string, target: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let best = 0;
  let stableSince = Date.now();
  while (Date.now() < deadline) {
    const open = (await metrics(url)).get('relay_polls_open') ?? 0;
    if (open > best) {
      best = open;
      stableSince = Date.now();
    }
    if (open >= target || Date.now() - stableSince > 3_000) break;
    await sleep(100);
  }
  return best;
}

async function ingest(relay: RelayProcess, dbPath: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: INGEST_CONCURRENCY });
  const bodies = Array.from({ length: INGEST_COUNT }, (_, i) =>
    orderNotification(`ingest-${i}`, `ingest-venue-${i % 50}`),
  );
  const warmup = Array.from({ length: 500 }, (_, i) =>
    orderNotification(`warm-${i}`, 'ingest-warm'),
  );
  await Promise.all(warmup.map((body) => post(relay.url, body, agent)));
  let index = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: INGEST_CONCURRENCY }, async () => {
      while (index < bodies.length) {
        const body = bodies[index++] as string;
        if ((await post(relay.url, body, agent)) !== 200) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const db = new Database(dbPath, { readonly: true });
  const stored = db
    .prepare("SELECT count(*) FROM events WHERE event_id LIKE 'ingest-%'")
    .pluck()
    .get() as number;
  db.close();
  return { perSecond: INGEST_COUNT / seconds, seconds, failures, stored };
}

/** Upper bound of the histogram bucket holding the given percentile, from the relay's /metrics. */
function bucketPercentile(values: Map<string, number>, name: string, p: number): number {
  const buckets = [...values]
    .filter(([key]) => key.startsWith(`${name}_bucket{le="`) && !key.includes('+Inf'))
    .map(([key, count]) => [Number(/le="([^"]+)"/.exec(key)?.[1]), count] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = values.get(`${name}_count`) ?? 0;
  return (buckets.find(([, count]) => count >= (p / 100) * total)?.[0] ?? Infinity) * 1000;
}

async function latency(
  relay: RelayProcess,
  dbPath: string,
  venues: number,
  webhooks: number,
  intervalMs: number,
) {
  const label = `lat${venues}`;
  const relayBefore = await metrics(relay.url);
  const terminals = createTerminals(
    dbPath,
    Array.from({ length: 1_000 }, (_, i) => ({ venueIds: [`${label}-venue-${i % venues}`] })),
  );
  const clients = await openClients(
    relay.url,
    terminals.map((t) => t.key),
  );
  const open = await waitForPolls(relay.url, 1_000, 20_000);
  const sentAt = new Map<string, number>();
  const sends: Promise<number>[] = [];
  for (let i = 0; i < webhooks; i += 1) {
    const id = `${label}-event-${i}`;
    const body = orderNotification(id, `${label}-venue-${i % venues}`);
    sentAt.set(id, now());
    sends.push(post(relay.url, body, false));
    await sleep(intervalMs);
  }
  const statuses = await Promise.all(sends);
  await sleep(1_500);
  clients.send({ cmd: 'collect' });
  const { receipts } = (await clients.next('collected')) as { receipts: [string, number][] };
  await clients.stop();
  const relayAfter = await metrics(relay.url);
  const relaySide = new Map<string, number>();
  for (const [key, value] of relayAfter) {
    if (key.startsWith('relay_event_to_poll_seconds'))
      relaySide.set(key, value - (relayBefore.get(key) ?? 0));
  }
  const latencies = receipts
    .filter(([id]) => sentAt.has(id))
    .map(([id, at]) => at - (sentAt.get(id) as number))
    .sort((a, b) => a - b);
  return {
    open,
    webhooks,
    expected: webhooks * (1_000 / venues),
    delivered: latencies.length,
    rejected: statuses.filter((status) => status !== 200).length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    relayP99: bucketPercentile(relaySide, 'relay_event_to_poll_seconds', 99),
  };
}

async function maxPolls(relay: RelayProcess, dbPath: string) {
  const terminals = createTerminals(
    dbPath,
    Array.from({ length: MAX_POLLS_ATTEMPT }, (_, i) => ({
      venueIds: [`hold-venue-${i % 1_500}`],
    })),
  );
  await sleep(1_000);
  const before = await metrics(relay.url);
  const clients = await openClients(
    relay.url,
    terminals.map((t) => t.key),
  );
  const held = await waitForPolls(relay.url, MAX_POLLS_ATTEMPT, 20_000);
  await sleep(1_000);
  const after = await metrics(relay.url);
  const open = after.get('relay_polls_open') ?? 0;
  await clients.stop();
  const rss =
    (after.get('process_resident_memory_bytes') ?? 0) -
    (before.get('process_resident_memory_bytes') ?? 0);
  const heap =
    (after.get('nodejs_heap_size_used_bytes') ?? 0) -
    (before.get('nodejs_heap_size_used_bytes') ?? 0);
  return {
    attempted: MAX_POLLS_ATTEMPT,
    held: Math.max(held, open),
    rssPerPoll: rss / open,
    heapPerPoll: heap / open,
    rss: after.get('process_resident_memory_bytes') ?? 0,
  };
}

const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');
const dir = tempDir();
const started = performance.now();
const relay = await spawnRelay(['--db', dir.dbPath, '--port', '0'], env);
const startup = performance.now() - started;
try {
  console.log(
    `relay process started and listening in ${startup.toFixed(0)} ms (node --import tsx, includes TypeScript loading)`,
  );

  const ing = await ingest(relay, dir.dbPath);
  console.log(
    `ingest: ${ing.perSecond.toFixed(0)} signed webhooks/s with durable commit (${INGEST_COUNT} in ${ing.seconds.toFixed(2)} s, ` +
      `${INGEST_CONCURRENCY} concurrent loopback clients, ${ing.failures} non-200, ${ing.stored} stored) — ` +
      `${verdict(ing.perSecond >= TARGETS.ingestPerSecond && ing.failures === 0 && ing.stored === INGEST_COUNT)} ≥ ${TARGETS.ingestPerSecond}/s`,
  );

  const spread = await latency(relay, dir.dbPath, 100, 1_000, 10);
  console.log(
    `latency, 1,000 terminals on 100 venues (10 each), 1,000 webhooks at ~100/s: p50 ${spread.p50.toFixed(1)} ms, ` +
      `p99 ${spread.p99.toFixed(1)} ms, max ${spread.max.toFixed(1)} ms (${spread.delivered}/${spread.expected} deliveries, ` +
      `${spread.open} polls open; relay-side receipt→answer p99 ≤ ${spread.relayP99} ms) — ${verdict(spread.p99 <= TARGETS.p99Ms && spread.delivered === spread.expected)} p99 ≤ ${TARGETS.p99Ms} ms`,
  );

  const fanout = await latency(relay, dir.dbPath, 1, 20, 250);
  console.log(
    `latency, 1,000 terminals on one venue (every webhook wakes all 1,000), 20 webhooks 250 ms apart: p50 ${fanout.p50.toFixed(1)} ms, ` +
      `p99 ${fanout.p99.toFixed(1)} ms, max ${fanout.max.toFixed(1)} ms (${fanout.delivered}/${fanout.expected} deliveries; relay-side receipt→answer p99 ≤ ${fanout.relayP99} ms) — ` +
      `${verdict(fanout.p99 <= TARGETS.p99Ms && fanout.delivered === fanout.expected)} p99 ≤ ${TARGETS.p99Ms} ms`,
  );

  const hold = await maxPolls(relay, dir.dbPath);
  console.log(
    `open polls: ${hold.held} held concurrently (of ${hold.attempted} attempted); memory per poll ${(hold.rssPerPoll / 1024).toFixed(1)} KB RSS, ` +
      `${(hold.heapPerPoll / 1024).toFixed(1)} KB heap (relay RSS ${(hold.rss / 1048576).toFixed(0)} MB) — ` +
      `${verdict(hold.held >= TARGETS.polls && hold.rssPerPoll < TARGETS.bytesPerPoll)} ≥ ${TARGETS.polls} polls < 64 KB each`,
  );

  relay.child.kill('SIGTERM');
  await relay.exited;
  // A restart on the database the run filled: what a crash costs before webhooks are accepted again.
  const restartAt = performance.now();
  const restarted = await startRelay({
    dbPath: dir.dbPath,
    marketplaceSecrets: [MARKETPLACE_SECRET],
    deliverySecrets: [],
  });
  const restartMs = performance.now() - restartAt;
  const db = new Database(dir.dbPath, { readonly: true });
  const events = db.prepare('SELECT count(*) FROM events').pluck().get() as number;
  const terminalCount = db.prepare('SELECT count(*) FROM terminals').pluck().get() as number;
  db.close();
  await restarted.close();
  console.log(
    `restart: startRelay() listening in ${restartMs.toFixed(0)} ms on a database of ${events} events and ${terminalCount} terminals`,
  );
} finally {
  relay.child.kill('SIGTERM');
  await relay.exited;
  dir.remove();
}
