// Runs a server script (the relay's CLI, or the bare floor server) in this process and, on
// SIGUSR2, prints where its memory is, after two full collections: one line
// `memory: {"rss", "heapUsed", "heapTotal", "external", "arrayBuffers"}` on stdout. The scale
// benchmark reads it before and after the terminals' polls are held, to split the memory per
// open poll into the JS heap, memory V8 tracks outside it (Buffers) and the rest (native objects:
// sockets, libuv handles, HTTP parsers, the allocator's slack). RSS is the kernel's, as the
// benchmark's other figures.
//   node --import tsx bench/relay-memory-host.ts SCRIPT [ARGS...]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const rss = (): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN) * 1024;

process.on('SIGUSR2', () => {
  gc();
  gc();
  // V8 hands freed pages back to the system from a thread of its own: read once it has had time.
  setTimeout(report, 1_000);
});

function report(): void {
  gc();
  const usage = process.memoryUsage();
  process.stdout.write(
    `memory: ${JSON.stringify({
      rss: rss(),
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
    })}\n`,
  );
}

const [script, ...args] = process.argv.slice(2);
if (script === undefined) {
  console.error('usage: relay-memory-host.ts SCRIPT [ARGS...]');
  process.exit(2);
}
process.argv = [process.argv[0] as string, resolve(script), ...args];
await import(pathToFileURL(resolve(script)).href);
