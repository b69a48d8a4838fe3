// Core benchmark against a real sandbox and relay on 127.0.0.1:
// 1. enqueue: the time an action call takes to commit its local change and outbox row (p50/p99);
// 2. drain: how many actions per second the outbox delivers once the platform is back;
// 3. latency: an order placed on the platform until the core has fetched and stored it
//    (webhook → relay commit → long-poll → signature check → GET v2 order → SQLite).
import type { World } from '../test/core/harness';
import { startWorld, waitFor } from '../test/core/harness';

const ORDERS = 300;
const LATENCY_ORDERS = 100;
const ORDER_GAP_MS = 250;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    NaN
  );
};
const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;

const run = async (world: World): Promise<void> => {
  const core = await world.startCore({ backoff: { baseMs: 20, capMs: 200 } });
  await world.connect(core);
  await waitFor('relay', async () => (await core.api['status:get']({})).relay === 'connected');

  // 3. latency first, while the core is otherwise idle.
  const latencies: number[] = [];
  const arrivedAt = new Map<string, number>();
  core.on('orders:arrived', ({ orderId }) => arrivedAt.set(orderId, performance.now()));
  for (let i = 0; i < LATENCY_ORDERS; i += 1) {
    const started = performance.now();
    const placed = await world.placeOrder();
    const at = await waitFor('arrival', () => arrivedAt.get(placed.id), 10_000);
    latencies.push(at - started);
    // A busy venue's pace, below the relay's 5 polls/s per terminal (a faster stream is batched).
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + ORDER_GAP_MS - performance.now())),
    );
  }

  // Orders for the outbox part; the platform then goes away so actions pile up.
  const placed = await Promise.all(Array.from({ length: ORDERS }, () => world.placeOrder()));
  await waitFor(
    'stored',
    async () => {
      const ids = new Set((await core.api['orders:list']({})).map((o) => o.id));
      return placed.every((p) => ids.has(p.id));
    },
    60_000,
  );
  await world.faults({ error_rate: 1 });

  // 1. enqueue time, one call at a time, as staff would press.
  const enqueue: number[] = [];
  for (const order of placed) {
    const started = performance.now();
    await core.api['orders:accept']({ orderId: order.id, preparationMinutes: null });
    enqueue.push(performance.now() - started);
  }
  for (const order of placed) {
    const started = performance.now();
    await core.api['orders:ready']({ orderId: order.id });
    enqueue.push(performance.now() - started);
  }

  // 2. drain: from the platform coming back until every action is delivered.
  const started = performance.now();
  await world.faults({ error_rate: 0 });
  await waitFor(
    'drained',
    async () => (await core.api['status:get']({})).outboxWaiting === 0,
    120_000,
  );
  const drainSeconds = (performance.now() - started) / 1000;
  const delivered = (await core.api['audit:list']({ limit: 1000 })).filter(
    (a) => a.outcome === 'done' && (a.action === 'accept' || a.action === 'ready'),
  ).length;

  console.log(
    `enqueue an action (commit + outbox row at synchronous=NORMAL; the fsync is the WAL flush’s, off the loop): p50 ${fmt(percentile(enqueue, 50))}, p99 ${fmt(percentile(enqueue, 99))} over ${enqueue.length} calls`,
  );
  console.log(
    `outbox drain against the sandbox: ${(delivered / drainSeconds).toFixed(0)} actions/s (${delivered} actions in ${drainSeconds.toFixed(2)} s, incl. the first retry's backoff)`,
  );
  console.log(
    `notification to stored order: p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}, max ${fmt(Math.max(...latencies))} over ${LATENCY_ORDERS} orders placed ${ORDER_GAP_MS} ms apart`,
  );
};

const world = await startWorld();
try {
  await run(world);
} finally {
  await world.close();
}
