// UI benchmark in Debian's Chromium over the web host:
// 1. board render: 300 active orders replaced by an orders:changed event, from the event
//    reaching the page to the last DOM change of the board (the whole board re-rendered);
// 2. latency: an order placed in the sandbox (its notification goes straight to the relay)
//    until its card is on screen, through the real relay, core and web host.
import type { Page } from 'playwright-core';
import type { Order } from '../shared/domain';
import type { EventName, ServiceApi, ServiceEvents } from '../shared/ipc/contract';
import { startWebHost } from '../main/web-host/server';
import { createFakeBridge, makeOrder } from '../renderer/testing/fake-bridge';
import { ensureRendererBuilt, RENDERER_DIR } from '../scripts/start-web';
import { control, launchChromium, startTestDemo } from '../test/e2e/support';

const ACTIVE_ORDERS = 300;
const RENDER_ROUNDS = 20;
const LATENCY_ORDERS = 20;
const TARGETS = { renderP95Ms: 250, latencyP95Ms: 1_000 };

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const summary = (values: number[]): string =>
  `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

/**
 * In the page: when each SSE event arrived, and when the board and each card last changed.
 * A string, not a function: tsx's transform would add helpers the page does not have.
 */
const INSTRUMENT = `
  (() => {
    const epoch = () => performance.timeOrigin + performance.now();
    window.__eventAt = 0;
    window.__boardChangedAt = 0;
    window.__cardSeenAt = {};
    const add = EventSource.prototype.addEventListener;
    EventSource.prototype.addEventListener = function (type, listener) {
      return add.call(this, type, (event) => {
        window.__eventAt = epoch();
        listener(event);
      });
    };
    new MutationObserver((records) => {
      const at = epoch();
      window.__boardChangedAt = at;
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.tagName === 'ARTICLE') {
            const label = node.getAttribute('aria-label') || '';
            if (!(label in window.__cardSeenAt)) window.__cardSeenAt[label] = at;
          }
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  })();
`;
const instrument = (page: Page) => page.addInitScript({ content: INSTRUMENT });

const benchRender = async (): Promise<number[]> => {
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
  const core = {
    api,
    on<E extends EventName>(event: E, listener: (payload: ServiceEvents[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
  const host = await startWebHost({ core, rendererDir: RENDERER_DIR });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await instrument(page);
    const loadStart = Date.now();
    await page.goto(host.url);
    await page.waitForFunction(
      (n) => document.querySelectorAll('article').length === n,
      ACTIVE_ORDERS,
    );
    console.log(
      `first load with ${ACTIVE_ORDERS} orders (navigation to all cards in the DOM): ${Date.now() - loadStart} ms`,
    );
    const times: number[] = [];
    for (let round = 1; round <= RENDER_ROUNDS; round += 1) {
      current = orders(round);
      for (const listener of listeners.get('orders:changed') ?? [])
        (listener as (p: unknown) => void)({ orders: current });
      await page.waitForFunction(
        (label) => document.querySelector(`article[aria-label="${label}"]`) !== null,
        `Order #${round}-${ACTIVE_ORDERS - 1}`,
      );
      // Let any trailing commit land before reading the last change.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
      );
      times.push(
        await page.evaluate(() => {
          const scope = window as unknown as { __eventAt: number; __boardChangedAt: number };
          return scope.__boardChangedAt - scope.__eventAt;
        }),
      );
    }
    return times;
  } finally {
    await browser.close();
    await host.close();
  }
};

const benchLatency = async (): Promise<number[]> => {
  const demo = await startTestDemo();
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
const render = await benchRender();
console.log(
  `board re-render, ${ACTIVE_ORDERS} active orders, event in page → board updated (${RENDER_ROUNDS} rounds): ${summary(render)} (target p95 < ${TARGETS.renderP95Ms} ms)`,
);
const latency = await benchLatency();
console.log(
  `notification at relay → card on screen (${LATENCY_ORDERS} orders, sandbox → relay → core → web host → Chromium): ${summary(latency)} (target p95 < ${TARGETS.latencyP95Ms} ms)`,
);
const ok =
  percentile(render, 95) < TARGETS.renderP95Ms && percentile(latency, 95) < TARGETS.latencyP95Ms;
console.log(ok ? 'ui: within targets' : 'ui: OUTSIDE TARGETS');
process.exitCode = ok ? 0 : 1;
