// What the UI and soak benchmarks measure in the page, and how they summarise it.

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
 * - `__cardSeenAt[label]`: when each card (an article) first entered the DOM.
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
