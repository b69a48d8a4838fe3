// What the UI and soak benchmarks measure in the page, and how they summarise it.
import { readFileSync } from 'node:fs';

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export const summary = (values: number[]): string =>
  `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

/** Median with min–max, for figures taken over several runs. */
export const medianOf = (values: number[], digits = 1): string =>
  `${percentile(values, 50).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/**
 * In the page, before the app loads:
 * - `__spans.event`: for each message of the event stream (one batch: every event the core told
 *   within EVENT_BATCH_MS), from its arrival until the page's main thread is idle again with the
 *   DOM laid out (a message posted after the listener runs after React's render and commit;
 *   reading offsetHeight then forces style and layout);
 * - `__spans.tick`: the same for each tick of the board's 5-second clock;
 * - `__cardSeenAt[label]`: when each card (an article) first entered the DOM;
 * - with `__markSpans` set, each span also as a user-timing measure, for a Chromium trace.
 * A string, not a function: tsx's transform would add helpers the page does not have.
 */
export const BOARD_INSTRUMENT = `
  (() => {
    const epoch = () => performance.timeOrigin + performance.now();
    window.__spans = { event: [], tick: [] };
    window.__cardSeenAt = {};
    const channel = new MessageChannel();
    const waiting = [];
    channel.port1.onmessage = () => {
      const done = waiting.shift();
      void document.body.offsetHeight;
      const spans = window.__spans[done.kind];
      spans.push(performance.now() - done.at);
      if (spans.length > 1000) spans.shift();
      // A Chromium trace (UI_BENCH_TRACE) shows each measured span beside what ran in it.
      if (window.__markSpans) performance.measure('span:' + done.kind, { start: done.at });
    };
    const measure = (kind, run) => {
      const at = performance.now();
      run();
      waiting.push({ kind, at });
      channel.port2.postMessage(null);
    };
    const add = EventSource.prototype.addEventListener;
    EventSource.prototype.addEventListener = function (type, listener) {
      if (type !== 'message') return add.call(this, type, listener);
      return add.call(this, type, (event) => measure('event', () => listener(event)));
    };
    const every = window.setInterval;
    window.setInterval = (handler, delay, ...rest) =>
      delay === 5000 && typeof handler === 'function'
        ? every(() => measure('tick', () => handler(...rest)), delay)
        : every(handler, delay, ...rest);
    new MutationObserver((records) => {
      const at = epoch();
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          // A card arrives inside its slot: the added node is the slot, the card its child.
          const cards = node.tagName === 'ARTICLE' ? [node] : node.querySelectorAll('article');
          for (const card of cards) {
            const label = card.getAttribute('aria-label') || '';
            if (!(label in window.__cardSeenAt)) window.__cardSeenAt[label] = at;
          }
        }
      }
    }).observe(document, { subtree: true, childList: true });
  })();
`;

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  cat?: string;
  id?: string;
  id2?: { local?: string };
};

/**
 * Each measured span slower than `overMs` in a Chromium trace of the page, with its wall time, the
 * main thread's CPU time in it (far less than the wall time: the thread waited for a core) and the
 * work that took it (script, style, layout, paint, Layerize, garbage collection).
 */
export const printSlowSpans = (traceFile: string, overMs: number): void => {
  const { traceEvents } = JSON.parse(readFileSync(traceFile, 'utf8')) as {
    traceEvents: TraceEvent[];
  };
  const opened = new Map<string, TraceEvent>();
  const spans: Array<{ name: string; from: number; to: number; pid: number; tid: number }> = [];
  for (const e of traceEvents) {
    if (e.cat !== 'blink.user_timing' || !e.name.startsWith('span:')) continue;
    const key = `${e.name}/${e.id ?? e.id2?.local}`;
    if (e.ph === 'b') opened.set(key, e);
    const begin = opened.get(key);
    if (e.ph === 'e' && begin) {
      spans.push({ name: e.name, from: begin.ts, to: e.ts, pid: begin.pid, tid: begin.tid });
      opened.delete(key);
    }
  }
  const work = [
    'FunctionCall',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'MinorGC',
    'MajorGC',
  ];
  for (const span of spans) {
    const wallMs = (span.to - span.from) / 1000;
    if (wallMs <= overMs) continue;
    const on = traceEvents.filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === span.pid &&
        e.tid === span.tid &&
        e.ts < span.to &&
        e.ts + (e.dur ?? 0) > span.from,
    );
    const cpu = on
      .filter((e) => e.name === 'ThreadControllerImpl::RunTask')
      .reduce((sum, e) => sum + (e.tdur ?? 0), 0);
    const parts = work
      .map((name) => [name, on.filter((e) => e.name === name)] as const)
      .map(([name, found]) => [name, found.reduce((sum, e) => sum + (e.tdur ?? 0), 0)] as const)
      .filter(([, us]) => us >= 500)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`);
    console.log(
      `  ${span.name} ${wallMs.toFixed(1)} ms, main thread CPU ${(cpu / 1000).toFixed(1)} ms: ${parts.join(', ')}`,
    );
  }
};
