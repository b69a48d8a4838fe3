// Runs a CommonJS bundle (the crash test's child) with V8's code cache for it kept in a file beside
// it: `node code-cache-run.cjs BUNDLE`. Node 20 has no on-disk compile cache (NODE_COMPILE_CACHE is
// Node 22), so every one of the crash test's 202 starts compiled the 1 MB bundle again. The cache
// is written once its module code has run, before the child can answer and so before any SIGKILL
// (the main function is still awaiting its first request then), and again if V8 rejects it.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

const bundle = process.argv[2];
if (!bundle) throw new Error('usage: code-cache-run.cjs BUNDLE');
const cacheFile = `${bundle}.v8-cache`;
const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
// Node's own CommonJS wrapper, so the bundle sees the same five names as when node runs it.
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`,
  { filename: bundle, ...(cachedData ? { cachedData } : {}) },
);
const module = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void).call(
  module.exports,
  module.exports,
  createRequire(bundle),
  module,
  bundle,
  dirname(bundle),
);
if (!cachedData || script.cachedDataRejected) {
  // Whole or not at all: a reader never sees half a file. The crash test's lanes start children
  // at once, so each writes its own temporary file.
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(temporary, script.createCachedData());
  renameSync(temporary, cacheFile);
}
