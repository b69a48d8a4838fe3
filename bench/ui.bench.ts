// UI benchmark in Debian's Chromium over the web host:
// 1. board updates with 300 active orders, as a shift makes them: one order changed (an
//    orders:changed event carrying 1 order of 300; the first changes after load apart), a new
//    order arriving, a printer working through a queue of 300 tickets (200 of them marked not
//    printed on their cards), the board's clock ticking (every 5 s), and the whole board replaced
//    (300 new orders in one event); each from
//    the event (or tick) reaching the page until the page's main thread is idle again, so work
//    that changes nothing on screen counts too (here each event is one message: the core tells
//    one at a time, so each batch holds one);
// 2. latency: an order placed in the sandbox (its notification goes straight to the relay)
//    until its card is on screen, through the real relay, core and web host.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Order } from '../shared/domain';
import type { EventName, ServiceApi, ServiceEvents } from '../shared/ipc/contract';
import type { PrintJob, PrintState } from '../shared/printing';
import { DEFAULT_PRINT_SETTINGS } from '../shared/printing';
import { startWebHost } from '../main/web-host/server';
import { createFakeBridge, makeOrder } from '../renderer/testing/fake-bridge';
import { ensureRendererBuilt, RENDERER_DIR } from '../scripts/start-web';
import { control, launchChromium, startTestDemo } from '../test/e2e/support';
import { BOARD_INSTRUMENT, percentile, printSlowSpans, summary } from './board-timing';

const ACTIVE_ORDERS = 300;
const RENDER_ROUNDS = 20;
// The first changes after the page loads run code the browser has not compiled yet and lay out
// columns for the first time (tens of ms, once per start); they are reported apart, and the
// steady state a shift lives in is measured over more rounds than the other cases, so that its
// p95 rests on several slow rounds rather than the second slowest of twenty.
const FIRST_CHANGES = 10;
const CHANGE_ROUNDS = 60;
const TICKS = 8;
const LATENCY_ORDERS = 20;
// The soak's day: 8 hours at five times a lunch rush finish 2,400 orders, all told to the page
// (the store keeps the newest of them and counts the rest; the board shows the newest 30).
const FINISHED_ORDERS = 2_400;
const TARGETS = { updateP95Ms: 16, replaceP95Ms: 250, latencyP95Ms: 1_000 };

// A folder: the board cases are traced by Chromium (ui-board-trace.json there, for chrome://tracing
// or the DevTools performance panel) and the slowest spans printed with what the page's main thread
// did in them. Tracing slows the page: its figures are not the benchmark's.
const TRACE_DIR = process.env.UI_BENCH_TRACE;
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
  'toplevel',
];

const instrument = async (page: Page) => {
  if (TRACE_DIR) await page.addInitScript({ content: 'window.__markSpans = true;' });
  await page.addInitScript({ content: BOARD_INSTRUMENT });
};

/** The page's measure of the last event (or tick): arrival → main thread idle, in ms. */
const lastSpan = async (page: Page, kind: 'event' | 'tick'): Promise<number> => {
  const handle = await page.waitForFunction(
    (k) => {
      const spans = (window as unknown as { __spans: Record<string, number[]> }).__spans[k]!;
      return spans.length > 0 ? { span: spans.splice(0).at(-1)! } : null;
    },
    kind,
    { polling: 5, timeout: 30_000 },
  );
  return ((await handle.jsonValue()) as { span: number }).span;
};

type BoardFigures = {
  printed: number[];
  firstChanges: number[];
  changed: number[];
  arrived: number[];
  ticks: number[];
  replaced: number[];
  handedOver: number[];
};

const benchBoard = async (): Promise<BoardFigures> => {
  // A service stand-in with 300 active orders; the web host, SSE, browser and React are real.
  const fake = createFakeBridge();
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  const orders = (round: number): Order[] =>
    Array.from({ length: ACTIVE_ORDERS }, (_, i) =>
      makeOrder({
        id: `bench-${i}`,
        orderNumber: `${round}-${i}`,
        status: (['CREATED', 'PRODUCTION', 'READY'] as const)[i % 3]!,
        consumerComment: i % 5 === 0 ? 'Extra napkins, no cutlery' : null,
      }),
    );
  let current = orders(0);
  const api = Object.fromEntries(
    Object.keys(fake)
      .filter((k) => k.includes(':'))
      .map((k) => [
        k,
        (request: unknown) =>
          (fake as unknown as Record<string, (r: unknown) => Promise<unknown>>)[k]!(request),
      ]),
  ) as unknown as ServiceApi;
  api['orders:list'] = async () => current;
  // A printer that fell behind (a rush of labels, or paper out a while): a ticket queued for
  // every order, the first 200 late enough to show "not printed" on their cards.
  const queuedAt = new Date(Date.now() - 60_000).toISOString();
  let jobs: PrintJob[] = current.map((order, i) => ({
    id: `job-${i}`,
    document: 'kitchen-ticket',
    orderId: order.id,
    orderNumber: order.orderNumber,
    day: null,
    printerId: 'kitchen',
    state: i < 200 ? 'waiting' : 'printed',
    origin: 'auto',
    attempts: i < 200 ? 1 : 0,
    error: i < 200 ? 'Connection refused' : null,
    held: false,
    createdAt: queuedAt,
    printedAt: i < 200 ? null : queuedAt,
  }));
  const printState = (): PrintState => ({
    settings: {
      ...DEFAULT_PRINT_SETTINGS,
      printers: [
        {
          id: 'kitchen',
          name: 'Kitchen',
          connection: { kind: 'network', host: '192.0.2.10', port: 9100 },
          paperWidth: 80,
          documents: ['kitchen-ticket'],
        },
      ],
    },
    printers: [
      {
        printerId: 'kitchen',
        state: 'ready',
        paperNearEnd: false,
        checkedAt: queuedAt,
        message: null,
      },
    ],
    jobs,
    gone: null,
  });
  // The printer is configured from the start; its queue is told only for the rounds about it, so
  // every other case runs on cards without print marks.
  let queueTold = false;
  api['print:get'] = async () => (queueTold ? printState() : { ...printState(), jobs: [] });
  const core = {
    api,
    on<E extends EventName>(event: E, listener: (payload: ServiceEvents[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
  const emit = (changed: Order[]): void => {
    for (const listener of listeners.get('orders:changed') ?? [])
      (listener as (p: unknown) => void)({ orders: changed });
  };
  const host = await startWebHost({ core, rendererDir: RENDERER_DIR });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await instrument(page);
    if (TRACE_DIR) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const loadStart = Date.now();
    await page.goto(host.url);
    await page.waitForFunction(
      (n) => document.querySelectorAll('article').length === n,
      ACTIVE_ORDERS,
    );
    console.log(
      `first load with ${ACTIVE_ORDERS} orders (navigation to all cards in the DOM): ${Date.now() - loadStart} ms`,
    );
    const cardStatus = (id: string, status: string) =>
      page.waitForFunction(
        ([orderId, s]) =>
          document
            .querySelector(`article[data-order-id="${orderId}"]`)
            ?.getAttribute('data-status') === s,
        [id, status] as const,
      );

    // One order of 300 moves on: accepted, made ready, handed over, as staff do all shift.
    const changes: number[] = [];
    for (let round = 0; round < FIRST_CHANGES + CHANGE_ROUNDS; round += 1) {
      const target = current[round * 3]!;
      const next: Order = {
        ...target,
        status: 'PRODUCTION',
        platformStatus: 'PRODUCTION',
        preparationMinutes: 15,
        updatedAt: new Date().toISOString(),
      };
      current = current.map((o) => (o.id === next.id ? next : o));
      emit([next]);
      await cardStatus(next.id, 'PRODUCTION');
      changes.push(await lastSpan(page, 'event'));
    }
    const firstChanges = changes.slice(0, FIRST_CHANGES);

    // The printer is back and works through its queue: one ticket printed per message, as main
    // tells it (the settings and printers whole, and the job that changed).
    const printed: number[] = [];
    queueTold = true;
    for (const listener of listeners.get('print:changed') ?? [])
      (listener as (p: unknown) => void)(printState());
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="not-printed"]').length === 200,
    );
    for (let round = 0; round < RENDER_ROUNDS * 2; round += 1) {
      const done: PrintJob = {
        ...jobs[round]!,
        state: 'printed',
        error: null,
        printedAt: new Date().toISOString(),
      };
      jobs = jobs.map((job) => (job.id === done.id ? done : job));
      for (const listener of listeners.get('print:changed') ?? [])
        (listener as (p: unknown) => void)({ ...printState(), jobs: [done], gone: [] });
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="not-printed"]').length === n,
        199 - round,
      );
      printed.push(await lastSpan(page, 'event'));
    }
    // The rest of the queue is dropped: the cases below run on cards without print marks again.
    queueTold = false;
    for (const listener of listeners.get('print:changed') ?? [])
      (listener as (p: unknown) => void)({ ...printState(), jobs: [] });
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="not-printed"]').length === 0,
    );
    await lastSpan(page, 'event');
    const changed = changes.slice(FIRST_CHANGES);

    // A new order arrives on a board of 300.
    const arrived: number[] = [];
    for (let round = 0; round < RENDER_ROUNDS; round += 1) {
      const fresh = makeOrder({ id: `arrived-${round}`, orderNumber: `A${round}` });
      current = [...current, fresh];
      emit([fresh]);
      await cardStatus(fresh.id, 'CREATED');
      arrived.push(await lastSpan(page, 'event'));
    }

    // The board's clock: it ticks every 5 s on its own.
    await page.evaluate(() => {
      (window as unknown as { __spans: Record<string, number[]> }).__spans.tick = [];
    });
    const ticks: number[] = [];
    for (let tick = 0; tick < TICKS; tick += 1) ticks.push(await lastSpan(page, 'tick'));

    // The whole board replaced: 300 new orders in one event.
    const replaced: number[] = [];
    for (let round = 1; round <= RENDER_ROUNDS; round += 1) {
      current = orders(round);
      emit(current);
      await page.waitForFunction(
        (label) => document.querySelector(`article[aria-label="${label}"]`) !== null,
        `Order #${round}-${ACTIVE_ORDERS - 1}`,
      );
      replaced.push(await lastSpan(page, 'event'));
    }

    // Late in a long day: the day's finished orders are in the store too, and one ready order
    // after another is handed over.
    const finishedAt = Date.now() - 60_000;
    const finished = Array.from({ length: FINISHED_ORDERS }, (_, i) =>
      makeOrder({
        id: `finished-${i}`,
        orderNumber: `F${i}`,
        status: 'DELIVERED',
        platformStatus: 'DELIVERED',
        updatedAt: new Date(finishedAt - i * 10).toISOString(),
      }),
    );
    current = [...current, ...finished];
    emit(finished);
    await page.waitForFunction(
      (n) => document.querySelector('.column-done .column-count')?.textContent === String(n),
      FINISHED_ORDERS,
    );
    await lastSpan(page, 'event');
    const handedOver: number[] = [];
    const ready = current.filter((o) => o.status === 'READY');
    for (let round = 0; round < RENDER_ROUNDS * 2; round += 1) {
      const next: Order = {
        ...ready[round]!,
        status: 'DELIVERED',
        platformStatus: 'DELIVERED',
        updatedAt: new Date().toISOString(),
      };
      current = current.map((o) => (o.id === next.id ? next : o));
      emit([next]);
      await cardStatus(next.id, 'DELIVERED');
      handedOver.push(await lastSpan(page, 'event'));
    }
    if (TRACE_DIR) {
      const file = path.join(TRACE_DIR, 'ui-board-trace.json');
      writeFileSync(file, await browser.stopTracing());
      console.log(`trace: ${file}`);
      printSlowSpans(file, TARGETS.updateP95Ms);
    }
    return { printed, firstChanges, changed, arrived, ticks, replaced, handedOver };
  } finally {
    await browser.close();
    await host.close();
  }
};

const benchLatency = async (): Promise<number[]> => {
  // The reconcile every 2 s this figure was always measured with (the tests' demo now keeps the
  // production minute).
  const demo = await startTestDemo({ reconcileIntervalMs: 2_000 });
  const sandbox = control(demo);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await instrument(page);
    await page.goto(demo.webHost!.url);
    await page.getByRole('region', { name: 'New', exact: true }).waitFor();
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_ORDERS; i += 1) {
      const placedAt = performance.timeOrigin + performance.now();
      const placed = await sandbox.placeOrder(i % 2 === 0 ? 'takeaway' : 'homedelivery');
      const label = `Order #${placed.order_number}`;
      await page.waitForFunction(
        (l) =>
          (window as unknown as { __cardSeenAt: Record<string, number> }).__cardSeenAt[l] !==
          undefined,
        label,
      );
      const seenAt = await page.evaluate(
        (l) => (window as unknown as { __cardSeenAt: Record<string, number> }).__cardSeenAt[l]!,
        label,
      );
      latencies.push(seenAt - placedAt);
    }
    return latencies;
  } finally {
    await browser.close();
    await demo.close();
  }
};

await ensureRendererBuilt();
const board = await benchBoard();
const line = (label: string, values: number[], target?: number): string =>
  `${label}: ${summary(values)}${target === undefined ? '' : ` (target p95 ≤ ${target} ms: ${percentile(values, 95) <= target ? 'pass' : 'FAIL'})`}`;
console.log(
  line(
    `board update, one order of ${ACTIVE_ORDERS} changed, the first ${FIRST_CHANGES} after the page loaded, event in page → idle`,
    board.firstChanges,
  ),
);
console.log(
  line(
    `board update, one order of ${ACTIVE_ORDERS} changed, the ${CHANGE_ROUNDS} after those, event in page → idle`,
    board.changed,
    TARGETS.updateP95Ms,
  ),
);
console.log(
  line(
    `board update, a new order arrives among ${ACTIVE_ORDERS}, event in page → idle (${RENDER_ROUNDS} rounds)`,
    board.arrived,
    TARGETS.updateP95Ms,
  ),
);
console.log(
  line(
    `board update, a printer working through its queue (${ACTIVE_ORDERS} tickets, 200 shown not printed), one printed per message, event in page → idle (${RENDER_ROUNDS * 2} rounds)`,
    board.printed,
    TARGETS.updateP95Ms,
  ),
);
console.log(
  line(
    `board clock tick with ${ACTIVE_ORDERS} orders, tick → idle (${TICKS} ticks)`,
    board.ticks,
    TARGETS.updateP95Ms,
  ),
);
console.log(
  line(
    `board replaced, ${ACTIVE_ORDERS} new orders in one event, event in page → idle (${RENDER_ROUNDS} rounds)`,
    board.replaced,
    TARGETS.replaceP95Ms,
  ),
);
console.log(
  line(
    `board update, one order of ${ACTIVE_ORDERS} handed over with the day's ${FINISHED_ORDERS} finished orders in the store, event in page → idle (${RENDER_ROUNDS * 2} rounds)`,
    board.handedOver,
    TARGETS.updateP95Ms,
  ),
);
const latency = await benchLatency();
console.log(
  line(
    `notification at relay → card on screen (${LATENCY_ORDERS} orders, sandbox → relay → core → web host → Chromium)`,
    latency,
    TARGETS.latencyP95Ms,
  ),
);
const ok =
  percentile(board.changed, 95) <= TARGETS.updateP95Ms &&
  percentile(board.arrived, 95) <= TARGETS.updateP95Ms &&
  percentile(board.printed, 95) <= TARGETS.updateP95Ms &&
  percentile(board.ticks, 95) <= TARGETS.updateP95Ms &&
  percentile(board.replaced, 95) <= TARGETS.replaceP95Ms &&
  percentile(board.handedOver, 95) <= TARGETS.updateP95Ms &&
  percentile(latency, 95) <= TARGETS.latencyP95Ms;
console.log(ok ? 'ui: within targets' : 'ui: OUTSIDE TARGETS');
process.exitCode = ok ? 0 : 1;
