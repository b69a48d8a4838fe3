// `npm run bench`'s summary: a benchmark that printed a missed target is reported with the lines
// that say which, even when it exited 0 (relay-scale did, and its summary read "ok"); and the relay
// benchmarks' verdict makes a miss exit non-zero.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { missedTargets, summarise } from '../bench/bench-summary';

const fleetMiss =
  "  p99 3.34× the bare server's, 2.35× bare PostgreSQL's — MISSES target ≤ 2× the bare server's, every delivery made";

it('names the targets a benchmark missed, even one that exited 0, and fails the run', () => {
  const { lines, failed } = summarise([
    {
      file: 'core.bench.ts',
      code: 0,
      seconds: 12,
      output: 'drain: p95 4 ms (target p95 ≤ 50 ms: pass)\n',
    },
    {
      file: 'relay-scale.bench.ts',
      code: 0,
      seconds: 300,
      output: `--- run 1 of 3 ---\n  ingest 0.9× — meets target ≥ 0.8× the bare server\n${fleetMiss}\n${fleetMiss}\n`,
    },
  ]);
  expect(failed).toBe(true);
  expect(lines).toEqual([
    'ok     core.bench.ts (12.0 s)',
    'MISSED relay-scale.bench.ts (300.0 s)',
    `         ${fleetMiss.trim()}`,
  ]);
});

it('says ok only when every benchmark met its targets, and FAILED for one that did not finish', () => {
  expect(
    summarise([
      { file: 'log.bench.ts', code: 0, seconds: 5, output: 'blocked 3 ms (target ≤ 50 ms: met)\n' },
    ]),
  ).toEqual({ lines: ['ok     log.bench.ts (5.0 s)'], failed: false });
  expect(
    summarise([{ file: 'ui.bench.ts', code: null, seconds: 1, output: 'launching\n' }]).lines,
  ).toEqual(['FAILED (exit signal) ui.bench.ts (1.0 s)']);
});

it("recognises each benchmark's words for a miss", () => {
  expect(
    missedTargets(
      [
        'main thread blocked at most: 90 ms (target ≤ 50 ms: MISSED)',
        'start → first interactive board: median 4100 ms (target < 3000 ms): FAIL',
        'target: zero silent misses — FAIL (2)',
        'target: zero silent misses — pass',
        'ingest — meets target ≥ 800/s',
      ].join('\n'),
    ),
  ).toEqual([
    'main thread blocked at most: 90 ms (target ≤ 50 ms: MISSED)',
    'start → first interactive board: median 4100 ms (target < 3000 ms): FAIL',
    'target: zero silent misses — FAIL (2)',
  ]);
});

it("a relay benchmark's missed verdict makes it exit non-zero", async () => {
  const script =
    "const { verdict } = await import('./bench/relay-bench-kit.ts'); console.log(verdict(true), '/', verdict(false));";
  const failed = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { timeout: 30_000 },
  ).then(
    () => null,
    (error: unknown) => error as { code: number; stdout: string },
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stdout.trim()).toBe('meets target / MISSES target');
});
