import os from 'node:os';
import path from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';
import { ISOLATED_FILES } from './test/isolated-files';

/**
 * Most test files spend their time waiting on servers, child processes, Chromium or timers, not
 * on the CPU: vitest's default of one worker per core less one (a single worker on two cores) left
 * the machine half idle while every file ran in one line. Half again as many workers as cores
 * keeps the cores busy; COUNTERTOP_TEST_WORKERS overrides it (e.g. 1 to run files one at a time).
 */
const WORKERS =
  Number(process.env.COUNTERTOP_TEST_WORKERS) ||
  Math.max(2, Math.ceil(os.availableParallelism() * 1.5));

/**
 * Files far longer than the rest, roughly longest first: started first, so none of them is
 * left running alone at the end. Once vitest has cached the last run's durations, those order
 * every file instead.
 */
const LONG_FILES = [
  'test/core/crash.test.ts', // 200 SIGKILLs of a child process, two at a time
  'relay/ha.test.ts', // two relays, HAProxy, PostgreSQL restarted: three bursts of 5,000
  'test/core/terminals.test.ts', // two terminals' pause and unanswered windows, real time
  'test/core/missed-orders.test.ts', // a shift's rhythm: 10 orders, then 50
  'test/e2e/outage.test.ts', // the stream alarm's real 10 s, twice, and the venue's pause
  'relay/crash.test.ts', // 15 SIGKILLs per store
  'test/e2e/board-still.test.ts',
  'test/core/tokens.test.ts', // 1,000 refreshes through the keychain
  'relay/operations.test.ts', // the relay's CLI, a process per command
  'relay/prometheus.test.ts', // a real Prometheus' scrapes and evaluations
  'test/e2e/counter.test.ts',
  'test/core/stream-guard.test.ts',
  'test/e2e/board-layout.test.ts',
  'test/core/venue-menu.test.ts',
  'test/e2e/package.test.ts', // electron-builder packs the app
  'test/core/arrived-late.test.ts',
];

/**
 * Files of one project run back to back: vitest 4 keeps a worker that shares its modules between
 * files (isolate: false) for the next file only when the file at the head of the queue is of the
 * same project, and otherwise forks a new one, which imports the core, relay, React or
 * playwright-core and sets up its DOM again. With the projects interleaved, nearly every file
 * paid that. The projects come in the order of their longest file, longest first within each (the
 * longest-processing-time rule, which keeps the last worker from finishing long after the
 * others); with no durations known yet, the long files above come first, then each project's
 * other files in a run of their own.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const relative = (spec: TestSpecification) => path.relative(root, spec.moduleId);
    const duration = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(spec)}`)?.duration;
    if (sorted.every((spec) => duration(spec) !== undefined))
      return byProject([...sorted].sort((a, b) => duration(b)! - duration(a)!));
    const long = LONG_FILES.flatMap((file) => sorted.filter((spec) => relative(spec) === file));
    return [...long, ...byProject(sorted.filter((spec) => !long.includes(spec)))];
  }
}

/** Each project's files together, the projects in the order their first file comes, in order. */
const byProject = (files: TestSpecification[]): TestSpecification[] => {
  const runs = new Map<string, TestSpecification[]>();
  for (const spec of files)
    runs.set(spec.project.name, [...(runs.get(spec.project.name) ?? []), spec]);
  return [...runs.values()].flat();
};

export default defineConfig({
  test: {
    // Native modules (better-sqlite3, keytar) are safest in forked workers.
    pool: 'forks',
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        // Unit tests of the Node parts (servers on real sockets, SQLite, the keychain): quick.
        // Like the component tests, they share their worker's modules instead of a fresh fork and
        // import per file (46 of them run alone: 24.9 s of CPU isolated, 12.7 s shared); each test
        // makes its own servers, databases and folders. A file that mocks a module or changes
        // process.env runs in the isolated project below (test/isolation.test.ts checks).
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          include: ['{kit,main,preload,shared,sandbox}/**/*.test.ts', 'test/*.test.ts'],
          exclude: [...ISOLATED_FILES, ...configDefaults.exclude],
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: ISOLATED_FILES,
        },
      },
      {
        // The relay on both stores (a PostgreSQL cluster per worker, HA, crashes) and the core
        // against the sandbox and relay as real processes. Their files share their worker's
        // modules too: the core, relay and sandbox were imported again for every file, about
        // 1.4 s of CPU each (19 files run alone: 49.3 s of CPU isolated, 22.4 s shared).
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          isolate: false,
          include: ['relay/**/*.test.ts', 'test/core/**/*.test.ts'],
          // The relay bundled once for every file that starts it as a process; a PostgreSQL
          // cluster per worker for all its files, stopped at the end.
          globalSetup: ['test/relay-bundle.ts', 'test/pg-clusters.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          // happy-dom, not jsdom: the same tests pass unchanged on about a third less CPU (55 → 36
          // s). Most of jsdom's went into getComputedStyle, which matched its whole default
          // stylesheet against every element each time a role query computed a name or checked
          // hidden.
          environment: 'happy-dom',
          // Component tests share their worker's modules and DOM instead of a fresh fork, import
          // and DOM per file: the imports (React, the testing library, the slices) and the DOM were
          // most of this project's CPU (one run alone: 120 s of CPU isolated, 40 s shared). Each
          // test builds its own store and bridge, and setup.ts unmounts what it rendered.
          isolate: false,
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['renderer/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          // Each file starts its own demo (sandbox, relay, core on free ports) and opens contexts
          // of its own, so the files run beside each other and beside the other projects; what
          // they share (the renderer, the Electron bundles, the relay's bundle) is built once,
          // before any of them. A worker's files share its modules (playwright-core, the core,
          // relay and sandbox were imported again for every file: about 1.4 s of CPU each) and
          // its Chromium (test/e2e/support.ts, fileChromium).
          isolate: false,
          globalSetup: ['test/e2e/global-setup.ts', 'test/relay-bundle.ts'],
          testTimeout: 90_000,
        },
      },
    ],
  },
});
