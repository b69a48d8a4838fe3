// How long main's event loop was held up: the counter's work (a new order's ring, a tap's answer)
// waits behind whatever runs on it. Node's event-loop delay histogram samples with a timer every
// RESOLUTION_MS; a sample is how late that timer fired, so its lag is the sample less the
// resolution. Every report interval the interval's figures go to the log (a warning when its p99
// passes the target), and the shift's figures since start are kept for the diagnostics bundle
// and the soak benchmark.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { IntervalHistogram } from 'node:perf_hooks';
import type { Logger } from './logger';

const RESOLUTION_MS = 10;
export const LOOP_LAG_REPORT_MS = 10 * 60_000;
/** Lag past this at the 99th percentile is one staff notice: a tap answered a frame late and more. */
export const LOOP_LAG_P99_TARGET_MS = 50;

export type LoopLagFigures = {
  /** Since when (ISO). */
  since: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

export type LoopLag = {
  /** The figures since start (the shift's). */
  shift(): LoopLagFigures;
  close(): void;
};

const lag = (ns: number): number => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);

const figures = (histogram: IntervalHistogram, since: string): LoopLagFigures => ({
  since,
  samples: histogram.count,
  p50Ms: histogram.count ? lag(histogram.percentile(50)) : 0,
  p99Ms: histogram.count ? lag(histogram.percentile(99)) : 0,
  maxMs: histogram.count ? lag(histogram.max) : 0,
});

export const watchLoopLag = (deps: {
  log: Pick<Logger, 'info' | 'warn'>;
  now: () => Date;
  reportMs?: number;
}): LoopLag => {
  const started = deps.now().toISOString();
  // Two samplers (native timers, cheap): one reset at each report, one for the whole shift.
  const interval = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const shift = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let intervalSince = started;
  interval.enable();
  shift.enable();
  const report = (): void => {
    const now = figures(interval, intervalSince);
    interval.reset();
    intervalSince = deps.now().toISOString();
    if (now.samples === 0) return;
    const fields = { p50Ms: now.p50Ms, p99Ms: now.p99Ms, maxMs: now.maxMs, samples: now.samples };
    if (now.p99Ms > LOOP_LAG_P99_TARGET_MS) deps.log.warn('event-loop-lag', fields);
    else deps.log.info('event-loop-lag', fields);
  };
  const timer = setInterval(report, deps.reportMs ?? LOOP_LAG_REPORT_MS);
  timer.unref();
  return {
    shift: () => figures(shift, started),
    close: () => {
      clearInterval(timer);
      report();
      interval.disable();
      shift.disable();
    },
  };
};
