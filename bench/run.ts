// Runs every bench/*.bench.ts in turn, each in its own process so one benchmark's memory and
// open sockets cannot skew the next, and prints their figures followed by a summary.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort();

const results: { file: string; code: number | null; seconds: number }[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, file)], {
      cwd: join(here, '..'),
      stdio: 'inherit',
    });
    child.on('close', resolve);
  });
  results.push({ file, code, seconds: (performance.now() - started) / 1000 });
}

console.log('\n=== summary ===');
for (const { file, code, seconds } of results) {
  console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${file} (${seconds.toFixed(1)} s)`);
}
if (files.length === 0) console.log('no bench/*.bench.ts files found');
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
