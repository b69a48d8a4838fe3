// Eight hours at the counter, compressed: a shift of SOAK_HOURS simulated hours (default 8) at
// five times a lunch rush (300 orders an hour, ≥ 2,400 in all) through the real sandbox and relay
// (each its own process), core, web host and Chromium. Every hour: 300 orders placed in the sandbox
// (1 % pre-orders), each accepted with a preparation time (5 % rejected instead), made ready,
// and the previous hour's handed over (so about 300 orders stay active on the board); pre-orders
// confirmed; the venue switched offline and back online; an item sold out and back; and a
// network cut: the relay stopped and started again, and the platform refusing every call for a
// moment. One action in 20 is a click on the card's button in Chromium, the rest go through the
// core's API (the same handlers the web host serves).
// Figures: the page's JS heap (after a forced GC over CDP) and this process's RSS and JS heap (the
// core, the web host and the demo printer; after global.gc) at the end of every hour, growth taken
// from their trend; the board's update time (bench/board-timing.ts) in two settings: at the end
// of each hour, PROBES single changes made one at a time as staff make them (one order handed over, the board otherwise still: what a change
// costs on a board aged by the shift), and every message of events during the shift's bursts,
// where the soak makes actions far faster than staff can and messages queue in the page (a message
// is a batch: the events the core told within EVENT_BATCH_MS); main's event-loop lag over the
// shift (the core's own monitor, main/log/loop-lag.ts: p99 target 50 ms); and the database's size
// per 1,000 orders. Beside it, the floor: an idle Node process's loop lag over the same shift
// (bench/idle-loop.ts), what the machine alone adds; main's lag is also given as a multiple of it,
// with the machine's load average over the shift.
import { fork } from 'node:child_process';
import { statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Page } from 'playwright-core';
import type { LoopLagFigures } from '../main/log/loop-lag';
import type { Order } from '../shared/domain';
import { en } from '../renderer/i18n/en';
import { createMemorySecretStore } from '../main/secrets/secret-store';
import { ensureRendererBuilt } from '../scripts/start-web';
import { startDemo } from '../scripts/start';
import { control, controlCall, eventually, launchChromium } from '../test/e2e/support';
import { BOARD_INSTRUMENT, percentile, summary } from './board-timing';
import { perThousand, tableBytes } from './db-tables';

const HOURS = Number(process.env.SOAK_HOURS ?? 8);
const ORDERS_PER_HOUR = Number(process.env.SOAK_ORDERS_PER_HOUR ?? 300);
const CLICK_EVERY = 20;
const PROBES = 10;
const TARGETS = { growthMb: 30, updateP95Ms: 16, loopLagP99Ms: 50 };
const MB = 2 ** 20;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

type MainMemory = { rss: number; heap: number; heapTotal: number; external: number };

/**
 * This process's memory after collections, in MB. The RSS is the median of five readings 100 ms
 * apart: two single readings seconds apart differed by 30 MB (the allocator returns and takes
 * pages as the web host and SQLite work), more than the growth being judged.
 */
const mainMemory = async (): Promise<MainMemory> => {
  gc();
  gc();
  const readings: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    readings.push(process.memoryUsage().rss / MB);
  }
  const { heapUsed, heapTotal, external } = process.memoryUsage();
  return {
    rss: percentile(readings, 50),
    heap: heapUsed / MB,
    heapTotal: heapTotal / MB,
    external: external / MB,
  };
};

/**
 * Growth over the shift judged from every hour's reading, not from two: the least-squares slope
 * of the readings from the end of hour 1 to the end of the shift, times that span. A leak grows
 * steadily and shows in the slope; one high or low reading at either end no longer decides.
 */
const trendGrowth = (points: Array<[number, number]>): number => {
  const n = points.length;
  const meanT = points.reduce((sum, [t]) => sum + t, 0) / n;
  const meanV = points.reduce((sum, [, v]) => sum + v, 0) / n;
  let cov = 0;
  let varT = 0;
  for (const [t, v] of points) {
    cov += (t - meanT) * (v - meanV);
    varT += (t - meanT) ** 2;
  }
  const span = (points.at(-1)?.[0] ?? 0) - (points[0]?.[0] ?? 0);
  return varT === 0 ? 0 : (cov / varT) * span;
};

const heapMb = async (page: Page): Promise<number> => {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / MB;
  } finally {
    await cdp.detach();
  }
};

/** The idle loop beside the shift (bench/idle-loop.ts); `report` ends it with its figures. */
const startFloor = async (): Promise<{ report(): Promise<LoopLagFigures>; stop(): void }> => {
  const child = fork(path.join(import.meta.dirname, 'idle-loop.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the idle loop exited (${code})`)));
  });
  return {
    report: () =>
      new Promise((resolve) => {
        child.once('message', (figures) => resolve(figures as LoopLagFigures));
        child.send('report');
      }),
    stop: () => {
      if (child.exitCode === null) child.kill();
    },
  };
};

/**
 * The core's API as the app's window reaches it: each call arrives in a turn of the loop of its
 * own (an IPC message, or a request to the web host), not all in one. Called directly, the core's
 * handlers answer in microtasks, so an hour's 300 accepts (batches of 10 with Promise.all, awaited
 * in a loop) ran in a single turn of main's loop, a stall of seconds that was this driver's doing,
 * not a terminal's.
 */
const eachInItsOwnTurn = <Api extends object>(api: Api): Api =>
  new Proxy(api, {
    get: (target, key, receiver) => {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setImmediate(resolve));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });

const inBatches = async <T>(items: T[], size: number, run: (item: T) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
};

await ensureRendererBuilt();
const demo = await startDemo({
  ordersPerMinute: 0,
  seed: 7,
  webPort: 0,
  secretStore: createMemorySecretStore(),
  notificationRetry: { retries: 4, intervalMs: 1_000 },
  // This process is then the app's (core, web host) and the demo printer's: the sandbox, which
  // keeps every order of the shift as the platform does, is measured apart.
  sandboxProcess: true,
  core: { backoff: { baseMs: 200, capMs: 2_000 }, reconcileIntervalMs: 10_000 },
  log: () => undefined,
});
const browser = await launchChromium();
const floor = await startFloor();
const started = performance.now();
try {
  const api = eachInItsOwnTurn(demo.core.api);
  const sandbox = control(demo);
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.addInitScript({ content: BOARD_INSTRUMENT });
  await page.goto(demo.webHost!.url);
  await page.getByRole('region', { name: 'New', exact: true }).waitFor();
  // The machine's load (1-minute average) at the start and at the end of every hour: the lag
  // figures, main's and the floor's, depend on it.
  const loads: number[] = [loadavg()[0] ?? 0];
  const heapCold = await heapMb(page);
  const mainCold = await mainMemory();
  // Judged from the end of the first hour: by then code is compiled and caches are filled.
  // Readings at the end of every hour from then on, and at the end: [seconds, MB].
  const pageHeaps: Array<[number, number]> = [];
  const mains: Array<[number, MainMemory]> = [];
  const elapsed = () => (performance.now() - started) / 1000;
  const item = (await api['menu:get']({})).items[0];

  const known = new Set<string>();
  const waitForOrders = (count: number): Promise<Order[]> =>
    eventually(
      async () => (await api['orders:list']({})).filter((o) => !known.has(o.id)),
      (fresh) => fresh.length >= count,
      120_000,
    );
  // The hourly network cut can hold an order back long enough for main's missed-order check to
  // raise its alarm (or leave a gap notice); staff read and confirm it, and so does the soak
  // before each click: the alarm covers the board until confirmed.
  const confirmed = { missed: 0, gaps: 0 };
  const confirmAlarms = async (): Promise<void> => {
    const guard = await api['stream:get']({});
    for (const missed of guard.missed) {
      await api['stream:acknowledgeMissed']({ missedId: missed.id });
      confirmed.missed += 1;
    }
    for (const gap of guard.gaps) {
      await api['stream:acknowledgeGap']({ gapId: gap.id });
      confirmed.gaps += 1;
    }
  };
  const click = async (order: Order, kind: 'ready' | 'delivered'): Promise<void> => {
    await confirmAlarms();
    const label = en.actions.kinds[kind];
    await page
      .locator(`article[data-order-id="${order.id}"] .card-actions button`, { hasText: label })
      .click({ timeout: 30_000 });
  };

  // A few minutes over the platform's own estimate, as a busy kitchen asks.
  const preparation = (order: Order): number | null =>
    order.pickupEta
      ? Math.max(1, Math.ceil((Date.parse(order.pickupEta) - Date.now()) / 60_000)) +
        (Number(order.orderNumber) % 8)
      : null;

  let placed = 0;
  let clicks = 0;
  let previousHour: Order[] = [];
  const spans: number[] = [];
  const probeSpans: number[] = [];
  const takeSpans = (): Promise<number[]> =>
    page.evaluate(() =>
      (window as unknown as { __spans: { event: number[] } }).__spans.event.splice(0),
    );
  const allSent = () =>
    eventually(
      () => api['outbox:list']({}),
      (entries) => entries.every((e) => e.state === 'done'),
      300_000,
    );
  /**
   * The page has taken in every event sent to it: none arrived for a quarter of a second. The
   * outbox being sent is not enough: after a burst the page is still working through the events
   * queued for it (that wait is in the burst figures).
   */
  const pageCaughtUp = async (): Promise<void> => {
    spans.push(...(await takeSpans()));
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const fresh = await takeSpans();
      if (fresh.length === 0) return;
      spans.push(...fresh);
    }
  };
  /**
   * Orders leave the counter: the collected ones handed over (1 in CLICK_EVERY by a click in
   * the page when `clicking`), the delivery ones taken by the platform's couriers (arriving,
   * picked up, delivered).
   */
  const leaveCounter = async (orders: Order[], clicking: boolean): Promise<void> => {
    const collected = orders.filter((o) => o.deliveryType !== 'homedelivery');
    const clicked = clicking ? collected.filter((_, i) => i % CLICK_EVERY === 1) : [];
    for (const order of clicked) {
      await click(order, 'delivered');
      clicks += 1;
    }
    for (const order of collected)
      if (!clicked.includes(order)) await api['orders:delivered']({ orderId: order.id });
    for (const order of orders.filter((o) => o.deliveryType === 'homedelivery'))
      for (const event of ['arriving', 'picked_up', 'delivered'])
        await controlCall(demo.sandbox.controlUrl, 'POST', `/orders/${order.id}/courier`, {
          event,
        });
  };
  /**
   * One order handed over while nothing else happens, as staff do between rushes: every message
   * of events it brings (the pending hand-over, then the platform's confirmation, each a batch of
   * several events) is timed in the page.
   */
  const probe = async (order: Order): Promise<void> => {
    await pageCaughtUp();
    await api['orders:delivered']({ orderId: order.id });
    await page.waitForFunction(
      (id) =>
        document.querySelector(
          `article[data-order-id="${id}"][data-status="DELIVERED"]:not(.card-pending)`,
        ) !== null,
      order.id,
      { timeout: 60_000 },
    );
    await allSent();
    // A message posted now runs after the instrument's own for the last event (same queue).
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(null);
          channel.port2.postMessage(null);
        }),
    );
    probeSpans.push(...(await takeSpans()));
  };
  for (let hour = 1; hour <= HOURS; hour += 1) {
    // The network cut of the hour: the relay goes away, then the platform refuses for a moment.
    await demo.restartRelay();
    await sandbox.faults({ error_rate: 1 });

    const preorders = Math.max(1, Math.round(ORDERS_PER_HOUR / 100));
    const kinds = Array.from({ length: ORDERS_PER_HOUR }, (_, i) => i);
    await inBatches(kinds, 10, async (i) => {
      if (i < preorders)
        await controlCall(demo.sandbox.controlUrl, 'POST', '/orders', {
          venue_id: demo.sandbox.demo.venueId,
          type: 'takeaway',
          preorder_time: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        });
      else await sandbox.placeOrder(i % 3 === 0 ? 'homedelivery' : 'takeaway');
    });
    placed += ORDERS_PER_HOUR;
    await sandbox.faults({ error_rate: 0 });
    const orders = await waitForOrders(ORDERS_PER_HOUR);
    for (const order of orders) known.add(order.id);

    await api['venue:setOnline']({ online: false, until: null });
    if (item)
      await api['menu:setItemAvailability']({
        externalData: item.externalData,
        enabled: false,
        disabledUntil: null,
      });

    const rejected = orders.filter((_, i) => i % 20 === 7 && _.type === 'instant');
    const kept = orders.filter((o) => !rejected.includes(o));
    await inBatches(rejected, 10, (o) =>
      api['orders:reject']({ orderId: o.id, reason: 'Kitchen busy' }),
    );
    await inBatches(kept, 10, (o) =>
      o.type === 'preorder'
        ? api['orders:confirmPreorder']({ orderId: o.id })
        : api['orders:accept']({
            orderId: o.id,
            preparationMinutes: preparation(o),
          }),
    );
    const instant = kept.filter((o) => o.type === 'instant');
    // The clicks come first, on a board that has taken in the hour's accepts: a button on a card
    // that moves on every frame (the page taking in a burst faster than staff ever act, a card
    // above it leaving each frame) is one no finger, and no Playwright click, can hit.
    await allSent();
    for (const order of instant.filter((_, i) => i % CLICK_EVERY === 0)) {
      await click(order, 'ready');
      clicks += 1;
    }
    const byApi = instant.filter((_, i) => i % CLICK_EVERY !== 0);
    await inBatches(byApi, 10, (o) => api['orders:ready']({ orderId: o.id }));
    // Last hour's orders leave the counter: about 300 stay active on the board meanwhile.
    await leaveCounter(previousHour, true);
    // The hour is over when every action reached the platform; then a few single changes.
    await allSent();
    const probed = instant.filter((o) => o.deliveryType !== 'homedelivery').slice(0, PROBES);
    for (const order of probed) await probe(order);
    previousHour = instant.filter((o) => !probed.includes(o));

    await api['venue:setOnline']({ online: true });
    if (item)
      await api['menu:setItemAvailability']({ externalData: item.externalData, enabled: true });
    await allSent();
    spans.push(...(await takeSpans()));
    const active = (await api['orders:list']({})).filter((o) =>
      ['CREATED', 'PRODUCTION', 'READY'].includes(o.status),
    ).length;
    const pageHeap = await heapMb(page);
    const memory = await mainMemory();
    pageHeaps.push([elapsed(), pageHeap]);
    mains.push([elapsed(), memory]);
    loads.push(loadavg()[0] ?? 0);
    console.log(
      `hour ${hour}: ${placed} orders placed, ${active} active, ${clicks} clicks so far, ${elapsed().toFixed(0)} s; page JS heap ${pageHeap.toFixed(1)} MB; this process: RSS ${memory.rss.toFixed(1)} MB, JS heap ${memory.heap.toFixed(1)} of ${memory.heapTotal.toFixed(1)} MB, external ${memory.external.toFixed(1)} MB`,
    );
  }
  await leaveCounter(previousHour, false);
  await allSent();

  const heapEnd = await heapMb(page);
  const mainEnd = await mainMemory();
  pageHeaps.push([elapsed(), heapEnd]);
  mains.push([elapsed(), mainEnd]);
  const heapStart = (pageHeaps[0] as [number, number])[1];
  const mainStart = (mains[0] as [number, MainMemory])[1];
  // Main's event-loop lag over the whole shift, as the core's own monitor measured it (the web host
  // and the demo printer run on the same loop here, as the window's host does in the app).
  const loopLag = demo.core.loopLag();
  const floorLag = await floor.report();
  // Closing the core checkpoints the WAL into the database file.
  await demo.releaseCore();
  const dbPath = path.join(demo.dataDir, 'countertop.db');
  const dbBytes = statSync(dbPath).size;
  const heapGrowth = trendGrowth(pageHeaps);
  const rssGrowth = trendGrowth(mains.map(([t, m]) => [t, m.rss]));
  const mainHeapGrowth = trendGrowth(mains.map(([t, m]) => [t, m.heap]));
  const hourly = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  console.log(
    `shift: ${HOURS} h, ${placed} orders, ${clicks} actions clicked in Chromium, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(
    `renderer JS heap: ${heapCold.toFixed(1)} MB at start, ${heapStart.toFixed(1)} MB after hour 1 → ${heapEnd.toFixed(1)} MB at the end (hourly: ${hourly(pageHeaps.map(([, v]) => v))}), growth ${heapGrowth.toFixed(1)} MB since hour 1 by the hourly trend, ${(heapEnd - heapStart).toFixed(1)} MB end to end (target < ${TARGETS.growthMb} MB: ${verdict(heapGrowth < TARGETS.growthMb)})`,
  );
  console.log(
    `main RSS (core + web host + demo printer in this process): ${mainCold.rss.toFixed(1)} MB at start, ${mainStart.rss.toFixed(1)} MB after hour 1 → ${mainEnd.rss.toFixed(1)} MB at the end (hourly: ${hourly(mains.map(([, m]) => m.rss))}), growth ${rssGrowth.toFixed(1)} MB since hour 1 by the hourly trend, ${(mainEnd.rss - mainStart.rss).toFixed(1)} MB end to end (target < ${TARGETS.growthMb} MB: ${verdict(rssGrowth < TARGETS.growthMb)})`,
  );
  // Beside the RSS: growth in this process's JS heap is a leak in its code; RSS growth without it
  // is native memory (SQLite's caches, the allocator's arenas).
  console.log(
    `main JS heap: ${mainCold.heap.toFixed(1)} MB at start, ${mainStart.heap.toFixed(1)} MB after hour 1 → ${mainEnd.heap.toFixed(1)} MB at the end (hourly: ${hourly(mains.map(([, m]) => m.heap))}), growth ${mainHeapGrowth.toFixed(1)} MB since hour 1 by the hourly trend`,
  );
  const p95 = percentile(probeSpans, 95);
  console.log(
    `board update, one order handed over at the end of each hour (${probeSpans.length} event messages of ${HOURS * PROBES} hand-overs, about 300 active orders and the newest finished ones), event in page → idle: ${summary(probeSpans)} (target p95 ≤ ${TARGETS.updateP95Ms} ms: ${verdict(p95 <= TARGETS.updateP95Ms)})`,
  );
  console.log(
    `board update during the shift's bursts (${spans.length} event messages queued in the page: each includes its wait behind the events before it), event in page → idle: ${summary(spans)}`,
  );
  console.log(
    `alarms confirmed before clicks: ${confirmed.missed} missed-order, ${confirmed.gaps} gap notices`,
  );
  console.log(
    `database: ${(dbBytes / MB).toFixed(1)} MB for ${placed} orders, ${(dbBytes / 1024 / (placed / 1000)).toFixed(0)} KB per 1,000 orders (with their actions, notifications and audit)`,
  );
  console.log(`database by table: ${perThousand(tableBytes(dbPath), placed)}`);
  console.log(
    `main event-loop lag over the shift (${loopLag.samples} samples every 10 ms): p50 ${loopLag.p50Ms} ms, p99 ${loopLag.p99Ms} ms, max ${loopLag.maxMs} ms (target p99 ≤ ${TARGETS.loopLagP99Ms} ms: ${verdict(loopLag.p99Ms <= TARGETS.loopLagP99Ms)})`,
  );
  // The ratio's floor is at least one resolution step, so an idle loop at 0 ms gives no infinity.
  const ratio = loopLag.p99Ms / Math.max(floorLag.p99Ms, 0.1);
  console.log(
    `floor: an idle Node process's loop lag beside the shift (${floorLag.samples} samples): p50 ${floorLag.p50Ms} ms, p99 ${floorLag.p99Ms} ms, max ${floorLag.maxMs} ms; main's p99 is ${ratio.toFixed(1)}× the floor's`,
  );
  console.log(
    `machine load during the shift (1-minute load average at the start and every hour's end, ${availableParallelism()} cores): median ${percentile(loads, 50).toFixed(1)} (${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`,
  );
  console.log(
    `main's loop lag p99 ${loopLag.p99Ms} ms, floor ${floorLag.p99Ms} ms in the same run (${ratio.toFixed(1)}×), at load ${percentile(loads, 50).toFixed(1)}`,
  );
  process.exitCode =
    heapGrowth < TARGETS.growthMb &&
    rssGrowth < TARGETS.growthMb &&
    p95 <= TARGETS.updateP95Ms &&
    loopLag.p99Ms <= TARGETS.loopLagP99Ms
      ? 0
      : 1;
} finally {
  floor.stop();
  await browser.close();
  await demo.close();
}
