// The outbox: staff actions are rows committed together with their local effect, then sent by a
// worker. FIFO per subject (an order, a venue, a menu): a subject's next action waits until the
// one before it is done or discarded, so "ready" never overtakes "accept". Subjects proceed in
// parallel. Rows left "sending" by a crash are simply sent again: the platform answers a repeated
// transition with a 409 that the sender counts as done.
import { randomUUID } from 'node:crypto';
import type { OutboxActionKind, OutboxEntry } from '../../shared/domain';
import type { Database } from '../storage/database';
import { HttpError } from '../http/http';
import type { ActionPayloads, OutboxAction } from './actions';
import { retryDelay } from './backoff';

export type StoredAction = OutboxAction & {
  id: string;
  subject: string;
  summary: string;
  attempts: number;
  createdAt: string;
};

/** Thrown by a sender when the action cannot go out now for a reason that is not its fault. */
export class ActionBlockedError extends Error {
  readonly retryInMs: number;
  constructor(message: string, retryInMs: number) {
    super(message);
    this.name = 'ActionBlockedError';
    this.retryInMs = retryInMs;
  }
}

export type OutboxSender = (action: StoredAction) => Promise<void>;

export type Outbox = {
  /** Inserts an action; call inside the transaction that makes its local change. */
  insert<K extends OutboxActionKind>(
    kind: K,
    subject: string,
    summary: string,
    payload: ActionPayloads[K],
  ): string;
  list(): OutboxEntry[];
  counts(): { waiting: number; failed: number };
  retry(id: string): boolean;
  discard(id: string): StoredAction | null;
  /** Wakes the worker after an insert. */
  kick(): void;
  /** Sends waiting rows now, ignoring their backoff: the reason for waiting is gone (network back, venue reconnected). */
  resetBackoff(): void;
  start(): void;
  stop(): Promise<void>;
  /** Resolves when nothing is due or in flight (tests and benchmarks). */
  idle(): Promise<void>;
};

export type OutboxOptions = {
  db: Database;
  now: () => Date;
  send: OutboxSender;
  concurrency?: number;
  backoff?: { baseMs?: number; capMs?: number; random?: () => number };
  onSettled?: (
    action: StoredAction,
    outcome: 'done' | 'failed' | 'retry',
    detail: string | null,
  ) => void;
  onChange?: () => void;
};

type Row = {
  seq: number;
  id: string;
  kind: OutboxActionKind;
  subject: string;
  summary: string;
  payload: string;
  state: 'pending' | 'sending' | 'failed' | 'done' | 'discarded';
  attempts: number;
  error: string | null;
  created_at: string;
  next_attempt_at: string | null;
};

const toAction = (row: Row): StoredAction =>
  ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    summary: row.summary,
    payload: JSON.parse(row.payload) as unknown,
    attempts: row.attempts,
    createdAt: row.created_at,
  }) as StoredAction;

export const createOutbox = (options: OutboxOptions): Outbox => {
  const { db, now } = options;
  const concurrency = options.concurrency ?? 8;
  const insertRow = db.prepare(
    `INSERT INTO outbox (id, kind, subject, summary, payload, state, created_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
  );
  // The head of each subject's queue: its oldest row that is not finished.
  const selectHeads = db.prepare<[], Row>(
    `SELECT o.* FROM outbox o
     WHERE o.state IN ('pending', 'sending')
       AND o.seq = (SELECT MIN(p.seq) FROM outbox p WHERE p.subject = o.subject AND p.state IN ('pending', 'sending', 'failed'))
     ORDER BY o.seq`,
  );
  const selectOpen = db.prepare<[], Row>(
    "SELECT * FROM outbox WHERE state IN ('pending', 'sending', 'failed') ORDER BY seq",
  );
  const selectRecentDone = db.prepare<[], Row>(
    "SELECT * FROM outbox WHERE state = 'done' ORDER BY seq DESC LIMIT 20",
  );
  const selectById = db.prepare<[string], Row>('SELECT * FROM outbox WHERE id = ?');
  const markSending = db.prepare(
    "UPDATE outbox SET state = 'sending', attempts = attempts + 1 WHERE id = ?",
  );
  const markDone = db.prepare(
    "UPDATE outbox SET state = 'done', error = NULL, finished_at = ?, next_attempt_at = NULL WHERE id = ?",
  );
  const markFailed = db.prepare(
    "UPDATE outbox SET state = 'failed', error = ?, next_attempt_at = NULL WHERE id = ?",
  );
  const markRetry = db.prepare(
    "UPDATE outbox SET state = 'pending', error = ?, next_attempt_at = ? WHERE id = ?",
  );
  const markBlocked = db.prepare(
    "UPDATE outbox SET state = 'pending', attempts = MAX(attempts - 1, 0), error = ?, next_attempt_at = ? WHERE id = ?",
  );
  const retryRow = db.prepare(
    "UPDATE outbox SET state = 'pending', error = NULL, next_attempt_at = NULL WHERE id = ? AND state = 'failed'",
  );
  const discardRow = db.prepare(
    "UPDATE outbox SET state = 'discarded', finished_at = ? WHERE id = ? AND state IN ('failed', 'pending')",
  );
  const clearBackoff = db.prepare(
    "UPDATE outbox SET next_attempt_at = NULL WHERE state = 'pending' AND next_attempt_at IS NOT NULL",
  );
  const countRows = db.prepare<[], { waiting: number; failed: number }>(
    `SELECT COALESCE(SUM(state IN ('pending', 'sending')), 0) AS waiting, COALESCE(SUM(state = 'failed'), 0) AS failed FROM outbox`,
  );

  const inFlight = new Map<string, Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let idleWaiters: Array<() => void> = [];

  const changed = (): void => options.onChange?.();

  const schedule = (delayMs: number): void => {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        pump();
      },
      Math.max(0, Math.min(delayMs, 2_147_000_000)),
    );
    timer.unref?.();
  };

  const settle = async (action: StoredAction): Promise<void> => {
    try {
      await options.send(action);
      markDone.run(now().toISOString(), action.id);
      options.onSettled?.(action, 'done', null);
    } catch (error) {
      if (error instanceof ActionBlockedError) {
        markBlocked.run(
          error.message,
          new Date(now().getTime() + error.retryInMs).toISOString(),
          action.id,
        );
        options.onSettled?.(action, 'retry', error.message);
      } else if (error instanceof HttpError && error.kind === 'permanent' && error.status !== 401) {
        markFailed.run(error.message, action.id);
        options.onSettled?.(action, 'failed', error.message);
      } else {
        const message = error instanceof Error ? error.message : String(error);
        const retryAfter = error instanceof HttpError ? error.retryAfterMs : null;
        const delay = retryDelay(action.attempts, retryAfter, options.backoff);
        markRetry.run(message, new Date(now().getTime() + delay).toISOString(), action.id);
        options.onSettled?.(action, 'retry', message);
      }
    }
    changed();
  };

  const pump = (): void => {
    if (!running) return;
    const at = now().getTime();
    let nextDue = Number.POSITIVE_INFINITY;
    let started = false;
    for (const row of selectHeads.all()) {
      if (inFlight.has(row.subject)) continue;
      const due = row.next_attempt_at ? Date.parse(row.next_attempt_at) : 0;
      if (due > at) {
        nextDue = Math.min(nextDue, due);
        continue;
      }
      if (inFlight.size >= concurrency) break;
      markSending.run(row.id);
      const action = toAction({ ...row, attempts: row.attempts + 1 });
      const task = settle(action).finally(() => {
        inFlight.delete(row.subject);
        pump();
      });
      inFlight.set(row.subject, task);
      started = true;
    }
    if (started) changed();
    if (Number.isFinite(nextDue)) schedule(nextDue - at);
    if (inFlight.size === 0 && !Number.isFinite(nextDue)) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  };

  const toEntry = (row: Row): OutboxEntry => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    summary: row.summary,
    state: row.state === 'discarded' ? 'done' : row.state,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
  });

  return {
    insert: (kind, subject, summary, payload) => {
      const id = randomUUID();
      insertRow.run(id, kind, subject, summary, JSON.stringify(payload), now().toISOString(), null);
      return id;
    },
    list: () => [...selectOpen.all(), ...selectRecentDone.all()].map(toEntry),
    counts: () => countRows.get() ?? { waiting: 0, failed: 0 },
    retry: (id) => {
      const ok = retryRow.run(id).changes > 0;
      if (ok) {
        changed();
        pump();
      }
      return ok;
    },
    discard: (id) => {
      const row = selectById.get(id);
      if (!row || (inFlight.has(row.subject) && row.state !== 'failed')) return null;
      if (discardRow.run(now().toISOString(), id).changes === 0) return null;
      changed();
      pump();
      return toAction(row);
    },
    kick: () => pump(),
    resetBackoff: () => {
      if (clearBackoff.run().changes > 0) pump();
    },
    start: () => {
      running = true;
      pump();
    },
    stop: async () => {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...inFlight.values()]);
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        pump();
      }),
  };
};
