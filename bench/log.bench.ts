// Activity → Problems on a counter with two weeks of logs: 14 files of 5 MB (70 MB of info lines)
// holding a few warnings. How long `log.recent` takes to find the newest 50 warnings and errors,
// and the longest the main thread was blocked meanwhile (perf_hooks' event-loop delay, max),
// three runs. The read is bounded (RECENT_BYTE_BUDGET) and asynchronous in 64 KB chunks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLogger } from '../main/log/logger';
import { createRedactor } from '../main/log/redactor';

const FILES = 14;
const FILE_BYTES = 5 * 1024 * 1024;
const RUNS = 3;
const TARGET_BLOCK_MS = 50;

const dir = path.join(mkdtempSync(path.join(tmpdir(), 'countertop-log-bench-')), 'logs');
mkdirSync(dir, { recursive: true });
const info = (i: number) =>
  `{"level":30,"at":"2026-11-${String(10 + (i % 14)).padStart(2, '0')}T10:00:00.000Z","event":"order-stored","orderNumber":"${i % 900}","ms":${i % 97}}\n`;
for (let f = 0; f < FILES; f += 1) {
  const lines: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < FILE_BYTES; i += 1) {
    const line =
      i % 20_000 === 7
        ? `{"level":40,"at":"2026-11-${10 + f}T10:00:00.000Z","event":"link","state":"down"}\n`
        : info(i);
    lines.push(line);
    bytes += line.length;
  }
  const name = f === FILES - 1 ? 'countertop.log' : `202611${10 + f}-0000-01-countertop.log`;
  writeFileSync(path.join(dir, name), lines.join(''));
}

const log = createLogger({ dir, redactor: createRedactor() });
const results: Array<{ ms: number; blockMs: number; found: number }> = [];
for (let run = 0; run < RUNS; run += 1) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const found = await log.recent({ limit: 50, minLevel: 'warn' });
  const ms = performance.now() - started;
  delay.disable();
  results.push({ ms, blockMs: delay.max / 1e6, found: found.length });
}
await log.close();
rmSync(path.dirname(dir), { recursive: true, force: true });

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const range = (values: number[]) =>
  `${median(values).toFixed(1)} ms (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
const block = median(results.map((r) => r.blockMs));
console.log(
  `log files: ${FILES} × ${FILE_BYTES / 1024 / 1024} MB; warnings found: ${results[0]!.found}`,
);
console.log(`recent (newest 50 warnings): ${range(results.map((r) => r.ms))}`);
console.log(
  `main thread blocked at most: ${range(results.map((r) => r.blockMs))} (target ≤ ${TARGET_BLOCK_MS} ms: ${block <= TARGET_BLOCK_MS ? 'met' : 'MISSED'})`,
);
process.exitCode = block <= TARGET_BLOCK_MS ? 0 : 1;
