// The print_jobs table (migrations 009 and 017): the printing slice's own SQL.
import { randomUUID } from 'node:crypto';
import type { PrintDocumentKind, PrintJob, PrintJobState } from '../../shared/printing';
import type { Database } from '../storage/database';
import { commitLazily } from '../storage/database';

type Row = {
  id: string;
  request_key: string;
  document: PrintDocumentKind;
  order_id: string | null;
  order_number: string | null;
  day: string | null;
  printer_id: string;
  state: PrintJobState;
  origin: PrintJob['origin'];
  attempts: number;
  error: string | null;
  partial: number;
  created_at: string;
  printed_at: string | null;
};

/** A job as stored: `held` is the `partial` column (the printer stopped mid-ticket). */
export type StoredJob = PrintJob;

const toJob = (row: Row): StoredJob => ({
  id: row.id,
  document: row.document,
  orderId: row.order_id,
  orderNumber: row.order_number,
  day: row.day,
  printerId: row.printer_id,
  state: row.state,
  origin: row.origin,
  attempts: row.attempts,
  error: row.error,
  createdAt: row.created_at,
  printedAt: row.printed_at,
  held: row.partial === 1,
});

export type NewJob = {
  requestKey: string;
  document: PrintDocumentKind;
  orderId: string | null;
  orderNumber: string | null;
  day: string | null;
  /** A day summary of one venue (absent or null: every venue's). */
  venueId?: string | null;
  printerId: string;
  origin: PrintJob['origin'];
};

export type PrintStore = {
  /** Inserts a job unless its request already made one on that printer; returns the new id. */
  insert(job: NewJob, createdAt: string): string | null;
  get(id: string): StoredJob | null;
  /** The venue a job is of: a day summary of one venue (null: every venue's, or an order's). */
  venueOf(id: string): string | null;
  /** Queued and waiting jobs of a printer, oldest first. */
  due(printerId: string): StoredJob[];
  /** Jobs not printed (queued, printing, waiting), oldest first. */
  open(): StoredJob[];
  /** Every open job and the latest finished ones up to `limit` in all, oldest first. */
  recent(limit: number): StoredJob[];
  /** The ids `recent` would list, in its order, without reading the jobs. */
  recentIds(limit: number): string[];
  /**
   * The ids of the jobs this store changed since the last call. The store records them itself,
   * so no caller can forget to name a job it changed.
   */
  takeTouched(): string[];
  ofOrder(orderId: string): StoredJob[];
  /** Takes a queued or waiting job for printing; false when staff canceled it meanwhile. */
  markPrinting(id: string): boolean;
  markPrinted(id: string, at: string): void;
  markWaiting(id: string, error: string, partial: boolean): void;
  /** The printer's queued jobs wait too (the printer in front of them is down); returns them. */
  queuedToWaiting(printerId: string, error: string): StoredJob[];
  /** A waiting job goes again (staff's retry also clears the partial mark). */
  requeue(id: string): boolean;
  cancel(id: string): boolean;
  /** Rows left `printing` by a crash: the bytes may have gone out, so they wait for staff. */
  recoverInterrupted(): StoredJob[];
};

/** The ids `recent` lists, read without their rows. */
const idQueries = (db: Database, open: string) => ({
  openIds: db.prepare<[], string>(`SELECT id FROM print_jobs WHERE ${open} ORDER BY seq`).pluck(),
  finishedIds: db
    .prepare<[number], string>(
      "SELECT id FROM print_jobs WHERE state IN ('printed', 'canceled') ORDER BY seq DESC LIMIT ?",
    )
    .pluck(),
});

/** Inserts a job unless its request already made one on that printer: its new id, else null. */
const jobInserter = (db: Database) => {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO print_jobs (id, request_key, document, order_id, order_number, day, venue_id, printer_id, state, origin, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
  );
  return (job: NewJob, createdAt: string): string | null => {
    const id = randomUUID();
    const result = insert.run(
      id,
      job.requestKey,
      job.document,
      job.orderId,
      job.orderNumber,
      job.day,
      job.venueId ?? null,
      job.printerId,
      job.origin,
      createdAt,
    );
    return result.changes === 1 ? id : null;
  };
};

export const createPrintStore = (db: Database): PrintStore => {
  const insertJob = jobInserter(db);
  const byId = db.prepare<[string], Row>('SELECT * FROM print_jobs WHERE id = ?');
  const venueOf = db
    .prepare<[string], string | null>('SELECT venue_id FROM print_jobs WHERE id = ?')
    .pluck();
  // Every read and write by an open state also names the open states as the partial index
  // print_jobs_open does: only then does SQLite use that index, instead of reading every job of
  // the terminal's life (a scan per job printed, 0.6 ms at 6,000 jobs and growing).
  const OPEN = "state IN ('queued', 'printing', 'waiting')";
  const due = db.prepare<[string], Row>(
    `SELECT * FROM print_jobs WHERE ${OPEN} AND printer_id = ? AND (state = 'queued' OR (state = 'waiting' AND partial = 0)) ORDER BY seq`,
  );
  const open = db.prepare<[], Row>(`SELECT * FROM print_jobs WHERE ${OPEN} ORDER BY seq`);
  const finished = db.prepare<[number], Row>(
    "SELECT * FROM print_jobs WHERE state IN ('printed', 'canceled') ORDER BY seq DESC LIMIT ?",
  );
  const { openIds, finishedIds } = idQueries(db, OPEN);
  const ofOrder = db.prepare<[string], Row>(
    'SELECT * FROM print_jobs WHERE order_id = ? ORDER BY seq',
  );
  const printing = db.prepare(
    "UPDATE print_jobs SET state = 'printing', attempts = attempts + 1 WHERE id = ? AND state IN ('queued', 'waiting')",
  );
  const printed = db.prepare(
    "UPDATE print_jobs SET state = 'printed', error = NULL, partial = 0, printed_at = ? WHERE id = ? AND state = 'printing'",
  );
  const waiting = db.prepare(
    "UPDATE print_jobs SET state = 'waiting', error = ?, partial = ? WHERE id = ? AND state = 'printing'",
  );
  const queuedOf = db.prepare<[string], Row>(
    `SELECT * FROM print_jobs WHERE ${OPEN} AND printer_id = ? AND state = 'queued' ORDER BY seq`,
  );
  const queuedWait = db.prepare(
    `UPDATE print_jobs SET state = 'waiting', error = ? WHERE ${OPEN} AND printer_id = ? AND state = 'queued'`,
  );
  const requeue = db.prepare(
    "UPDATE print_jobs SET state = 'queued', partial = 0 WHERE id = ? AND state = 'waiting'",
  );
  const cancel = db.prepare(
    "UPDATE print_jobs SET state = 'canceled' WHERE id = ? AND state IN ('queued', 'waiting')",
  );
  const interrupted = db.prepare<[], Row>(
    `SELECT * FROM print_jobs WHERE ${OPEN} AND state = 'printing'`,
  );
  const interruptedToWaiting = db.prepare(
    `UPDATE print_jobs SET state = 'waiting', partial = 1, error = ? WHERE ${OPEN} AND state = 'printing'`,
  );
  let touched = new Set<string>();
  const touch = (id: string, changed: boolean): boolean => {
    if (changed) touched.add(id);
    return changed;
  };
  return {
    insert: (job, createdAt) => {
      const id = insertJob(job, createdAt);
      return id !== null && touch(id, true) ? id : null;
    },
    get: (id) => {
      const row = byId.get(id);
      return row ? toJob(row) : null;
    },
    venueOf: (id) => venueOf.get(id) ?? null,
    due: (printerId) => due.all(printerId).map(toJob),
    open: () => open.all().map(toJob),
    recent: (limit) => {
      const openJobs = open.all();
      const rest = Math.max(0, limit - openJobs.length);
      const done = rest ? finished.all(rest).reverse() : [];
      // Every open job is shown however many there are: a job that did not print is never hidden.
      return [...done, ...openJobs].map(toJob);
    },
    recentIds: (limit) => {
      const ids = openIds.all();
      const rest = Math.max(0, limit - ids.length);
      return rest ? [...finishedIds.all(rest).reverse(), ...ids] : ids;
    },
    takeTouched: () => {
      const ids = [...touched];
      touched = new Set();
      return ids;
    },
    ofOrder: (orderId) => ofOrder.all(orderId).map(toJob),
    markPrinting: (id) => touch(id, printing.run(id).changes === 1),
    // Lost in a power cut, the job is found `printing` at start and waits for staff.
    markPrinted: (id, at) => {
      touch(id, commitLazily(db, () => printed.run(at, id)).changes === 1);
    },
    markWaiting: (id, error, partial) => {
      touch(id, waiting.run(error, partial ? 1 : 0, id).changes === 1);
    },
    queuedToWaiting: (printerId, error) =>
      db
        .transaction(() => {
          const rows = queuedOf.all(printerId).map(toJob);
          queuedWait.run(error, printerId);
          for (const row of rows) touch(row.id, true);
          return rows;
        })
        .immediate(),
    requeue: (id) => touch(id, requeue.run(id).changes === 1),
    cancel: (id) => touch(id, cancel.run(id).changes === 1),
    recoverInterrupted: () =>
      db
        .transaction(() => {
          const rows = interrupted.all().map(toJob);
          for (const row of rows) touch(row.id, true);
          interruptedToWaiting.run(
            'Countertop stopped while this was printing: it may have printed. Check the printer and print it again if it did not.',
          );
          return rows;
        })
        .immediate(),
  };
};
