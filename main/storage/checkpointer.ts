// Checkpoints of the terminal's WAL, made on a thread of their own. A checkpoint copies the WAL's
// pages into the database file and fsyncs it: megabytes written and the slowest fsync of all. Left
// to SQLite, it runs inside whichever commit took the WAL past 1,000 pages, on main's event loop.
// Here a worker thread holds a second connection to the file and checkpoints PASSIVE (never
// waiting for, nor blocking, main's readers and writers) whenever main has committed since the
// last one; main's connection checkpoints no more on its own while the worker runs.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from './database';

/** How often the worker is asked to checkpoint, when anything was committed since the last. */
export const CHECKPOINT_EVERY_MS = 2_000;
/** SQLite's own default, put back when the worker cannot run. */
const AUTOCHECKPOINT_PAGES = 1_000;

export type Checkpointer = {
  /** Checkpoints now (resolves when done); after a failure of the worker, on main as SQLite does. */
  checkpoint(): Promise<void>;
  /** Ends the worker; main's connection checkpoints on its own again (and at its close). */
  close(): Promise<void>;
};

// Plain CommonJS run by the worker: `eval` keeps it one file in the bundled app as in the sources.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error && error.message) });
  }
});
`;

export const startCheckpointer = (
  db: Database,
  options: { everyMs?: number; onProblem?: (message: string) => void } = {},
): Checkpointer => {
  const total = db.prepare<[], number>('SELECT total_changes()').pluck();
  const changes = (): number => total.get() ?? 0;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path: db.name, driver } });
  worker.unref();
  db.pragma('wal_autocheckpoint = 0');
  let failed = false;
  let closed = false;
  let checkpointed = changes();
  let waiting: Array<() => void> = [];
  let inFlight = false;
  const fallBack = (message: string): void => {
    if (failed) return;
    failed = true;
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    options.onProblem?.(message);
    for (const done of waiting.splice(0)) done();
  };
  worker.on('error', (error) => fallBack(error.message));
  worker.on('exit', () => {
    if (!closed) fallBack('the checkpoint thread stopped');
  });
  worker.on('message', (answer: { ok: boolean; message?: string }) => {
    inFlight = false;
    if (!answer.ok) options.onProblem?.(answer.message ?? 'checkpoint failed');
    for (const done of waiting.splice(0)) done();
  });
  const checkpoint = (): Promise<void> => {
    if (failed || closed || !db.open) return Promise.resolve();
    checkpointed = changes();
    return new Promise((resolve) => {
      waiting.push(resolve);
      if (inFlight) return;
      inFlight = true;
      worker.postMessage('checkpoint');
    });
  };
  const timer = setInterval(() => {
    if (!inFlight && db.open && changes() !== checkpointed) void checkpoint();
  }, options.everyMs ?? CHECKPOINT_EVERY_MS);
  timer.unref();
  return {
    checkpoint,
    close: async () => {
      if (closed) return;
      clearInterval(timer);
      if (inFlight) await new Promise<void>((resolve) => waiting.push(resolve));
      closed = true;
      waiting = [];
      if (!failed) {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        worker.postMessage('close');
        await exited;
        if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
      }
    },
  };
};
