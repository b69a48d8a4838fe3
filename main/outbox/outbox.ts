// The outbox: staff actions are rows committed together with their local effect, then sent by a
// worker. Slices register their kinds (a sender each) and enqueue through one call; they read
// their open rows through one projection (`open`), never the table. FIFO per subject (an order, a venue, a menu): a subject's next action waits until the
// one before it is done or discarded, so "ready" never overtakes "accept". Subjects proceed in
// parallel. Each kind declares whether a try whose outcome is unknown may be sent again
// (docs/architecture.md#resending-actions): a `safe` kind's row left "sending" by a crash, or
// unanswered, is simply sent again (the platform answers a repeated transition with a 409 that
// the sender counts as done); a `once` kind's row is never sent a second time by the worker.
import { randomUUID } from 'node:crypto';
import type { OutboxActionKind, OutboxEntry, OutboxFacts } from '../../shared/domain';
import { RECENT_DONE_ACTIONS } from '../../shared/domain';
import type { Database } from '../storage/database';
import type { AuditLog } from '../audit/audit-log';
import { RequestError } from '../http/http';
import { retryDelay } from '../lib/backoff';
import type { ServiceApi } from '../../shared/ipc/contract';
import { ServiceError } from '../service-error';

/** One row as its sender sees it; `payload` is what the kind's slice stored. */
export type StoredAction<P = unknown> = {
  id: string;
  kind: OutboxActionKind;
  subject: string;
  payload: P;
  facts: OutboxFacts;
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

export type ActionOutcome =
  | 'queued'
  | 'done'
  | 'failed'
  | 'retry'
  | 'retried'
  | 'discarded'
  /** A `once` kind's try that may or may not have taken effect; the row is finished. */
  | 'unknown';

/**
 * A try may have reached the server although no answer says so: no answer in time, the
 * connection reset after the request left, or a 5xx (the server may have acted before failing).
 * A request that provably never left (connection refused, no such host) is not one.
 */
export const outcomeUnknown = (error: unknown): boolean =>
  error instanceof RequestError &&
  (error.outcomeUnknown || (error.status !== null && error.status >= 500));

/**
 * What a slice declares for each of its kinds: how to send it, and what to tell when a row of it
 * changed (enqueued, settled, retried, discarded), e.g. an event carrying the one order it is about.
 */
export type ActionKindSpec<P> = {
  send(action: StoredAction<P>): Promise<void>;
  /**
   * `safe`: sending the action twice has the effect of sending it once, so a try without an
   * answer is sent again. `once`: a second send could do it twice (a booking): a try whose
   * outcome is unknown finishes the row and calls `unknown` in the same transaction, and the
   * slice finds out what happened (and lets staff decide); the worker never sends it again.
   */
  resend: 'safe' | 'once';
  /** `once` kinds: the try may have taken effect; record that with the slice's own state. */
  unknown?(action: StoredAction<P>, reason: string): void;
  changed?(action: StoredAction<P>, outcome: ActionOutcome): void;
};

/** A registered kind: the typed handle a slice enqueues with. */
export type ActionKind<P> = { readonly kind: OutboxActionKind; readonly _payload?: P };

/** A waiting, sending or failed row: the projection slices fold into their own views. */
export type OpenAction = {
  id: string;
  kind: OutboxActionKind;
  subject: string;
  payload: unknown;
  state: 'pending' | 'sending' | 'failed';
  error: string | null;
  attempts: number;
  createdAt: string;
};

/** What an action row says, decided inside its transaction. */
export type ActionRow<P> = {
  payload: P;
  facts?: OutboxFacts;
  /** The audit entry's detail (the entry's subject is the request's). */
  auditDetail?: string | null;
};

export type EnqueueRequest<P> = {
  subject: string;
  /** The audit entry's subject when it is not the row's (e.g. the venue id for `venue:<id>`). */
  auditSubject?: string;
  /**
   * Runs inside the IMMEDIATE transaction that inserts the row: checks (refuse by throwing, and
   * nothing is stored), makes the local change, and says what the row carries. `actionId` is the
   * row's id, for the slice's own records of the action.
   */
  prepare: (actionId: string) => ActionRow<P>;
};

/** How one try of a row ended, or what staff did with it (retried after a failure, discarded). */
export type AttemptOutcome = 'done' | 'retrying' | 'failed' | 'discarded' | 'retried';
export type ActionAttempt = { at: string; outcome: AttemptOutcome; error: string | null };

/** A row with its log of tries: the read projection slices build their histories from. */
export type ActionHistory = {
  id: string;
  kind: OutboxActionKind;
  subject: string;
  state: 'pending' | 'sending' | 'failed' | 'done' | 'discarded';
  createdAt: string;
  finishedAt: string | null;
  attempts: ActionAttempt[];
};

export type Outbox = {
  /** Declares a kind and its sender; each kind is registered once, by the slice that owns it. */
  register<P>(kind: OutboxActionKind, spec: ActionKindSpec<P>): ActionKind<P>;
  /** Transaction (local change + row), audit, kick, then the kind's change notice. */
  enqueue<P>(kind: ActionKind<P>, request: EnqueueRequest<P>): { actionId: string };
  /** Waiting, sending and failed rows, FIFO, optionally only of some kinds or one subject. */
  open(filter?: { kinds?: readonly OutboxActionKind[]; subject?: string }): OpenAction[];
  /** Every row of these subjects, oldest first, each with its tries (two queries however many). */
  history(subjects: readonly string[]): ActionHistory[];
  /**
   * Finished rows older than `cutoff` lose their payloads (a booking's recipient, a reason): they
   * are never sent again, and personal data is kept no longer than history is. Returns how many.
   */
  forgetPayloadsBefore(cutoff: string): number;
  /** Open rows and the 20 latest finished ones, oldest first. */
  list(): OutboxEntry[];
  /** The entries of these rows (the ones an event tells about). */
  entries(ids: readonly string[]): OutboxEntry[];
  counts(): { waiting: number; failed: number };
  retry(id: string): boolean;
  discard(id: string): StoredAction | null;
  /** Wakes the worker (a reason for waiting is gone). */
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
  audit?: AuditLog;
  concurrency?: number;
  backoff?: { baseMs?: number; capMs?: number; random?: () => number };
  /** Errors that say "not now, not the action's fault" (e.g. the venue must be reconnected). */
  blocked?: (error: unknown) => boolean;
  blockedRetryMs?: number;
  /** These rows changed (their entry, the counts). */
  onChange?: (actionIds: string[]) => void;
};

type Row = {
  seq: number;
  id: string;
  kind: OutboxActionKind;
  subject: string;
  facts: string;
  payload: string;
  state: 'pending' | 'sending' | 'failed' | 'done' | 'discarded';
  attempts: number;
  error: string | null;
  created_at: string;
  next_attempt_at: string | null;
};

const toAction = (row: Row): StoredAction => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  payload: JSON.parse(row.payload) as unknown,
  facts: JSON.parse(row.facts) as OutboxFacts,
  attempts: row.attempts,
  createdAt: row.created_at,
});

// eslint-disable-next-line max-lines-per-function -- the outbox worker's claim, send, retry and recovery share one lock-step state; to be cut like printing/ in a later pass (issue 37)
export const createOutbox = (options: OutboxOptions): Outbox => {
  const { db, now } = options;
  const concurrency = options.concurrency ?? 8;
  const insertRow = db.prepare(
    `INSERT INTO outbox (id, kind, subject, facts, payload, state, created_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
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
  const selectOpenOf = db.prepare<[string], Row>(
    "SELECT * FROM outbox WHERE subject = ? AND state IN ('pending', 'sending', 'failed') ORDER BY seq",
  );
  const selectRecentDone = db.prepare<[], Row>(
    `SELECT * FROM outbox WHERE state = 'done' ORDER BY seq DESC LIMIT ${RECENT_DONE_ACTIONS}`,
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
  // Finished, with what is known kept as its error: it may or may not have taken effect.
  const markUnknown = db.prepare(
    "UPDATE outbox SET state = 'done', error = ?, finished_at = ?, next_attempt_at = NULL WHERE id = ?",
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
  const insertAttempt = db.prepare(
    'INSERT INTO outbox_attempts (action_id, at, outcome, error) VALUES (?, ?, ?, ?)',
  );
  // Subjects as one JSON array: one query for any number of them (a day's orders).
  const selectOfSubjects = db.prepare<[string], Row & { finished_at: string | null }>(
    'SELECT * FROM outbox WHERE subject IN (SELECT value FROM json_each(?)) ORDER BY seq',
  );
  const selectAttemptsOf = db.prepare<[string], ActionAttempt & { action_id: string }>(
    `SELECT action_id, at, outcome, error FROM outbox_attempts
     WHERE action_id IN (SELECT id FROM outbox WHERE subject IN (SELECT value FROM json_each(?)))
     ORDER BY seq`,
  );
  const forgetPayloads = db.prepare(
    "UPDATE outbox SET payload = '{}' WHERE state IN ('done', 'discarded') AND finished_at < ? AND payload <> '{}'",
  );
  const logAttempt = (id: string, outcome: AttemptOutcome, error: string | null): void => {
    insertAttempt.run(id, now().toISOString(), outcome, error);
  };
  const countRows = db.prepare<[], { waiting: number; failed: number }>(
    `SELECT COALESCE(SUM(state IN ('pending', 'sending')), 0) AS waiting, COALESCE(SUM(state = 'failed'), 0) AS failed FROM outbox`,
  );

  const inFlight = new Map<string, Promise<void>>();
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let idleWaiters: Array<() => void> = [];

  const changed = (...ids: string[]): void => options.onChange?.(ids);

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

  const kinds = new Map<OutboxActionKind, ActionKindSpec<unknown>>();
  const specOf = (kind: OutboxActionKind): ActionKindSpec<unknown> => {
    const spec = kinds.get(kind);
    if (!spec) throw new Error(`No sender is registered for outbox kind "${kind}".`);
    return spec;
  };
  const record = (action: StoredAction, outcome: ActionOutcome, detail: string | null): void => {
    // A temporary failure is audited once (its first), not at every backoff step.
    if (outcome === 'retry' && action.attempts !== 1) return;
    options.audit?.record({
      action: action.kind,
      subject: action.subject,
      outcome: outcome === 'retry' ? 'retrying' : outcome,
      detail,
    });
  };
  const notify = (action: StoredAction, outcome: ActionOutcome): void => {
    try {
      kinds.get(action.kind)?.changed?.(action, outcome);
    } finally {
      changed(action.id);
    }
  };

  const settle = async (action: StoredAction): Promise<void> => {
    let outcome: ActionOutcome;
    try {
      await specOf(action.kind).send(action);
      db.transaction(() => {
        markDone.run(now().toISOString(), action.id);
        logAttempt(action.id, 'done', null);
      })();
      outcome = 'done';
      // What was done, as the row's facts (e.g. the order number and preparation time).
      record(
        action,
        outcome,
        Object.keys(action.facts).length ? JSON.stringify(action.facts) : null,
      );
    } catch (error) {
      const spec = specOf(action.kind);
      if (spec.resend === 'once' && outcomeUnknown(error)) {
        settleUnknown(action, error instanceof Error ? error.message : String(error));
        return;
      }
      if (options.blocked?.(error) || error instanceof ActionBlockedError) {
        // Not the action's fault: it waits, with every other action, and the try is not counted.
        const message = error instanceof Error ? error.message : String(error);
        const waitMs =
          error instanceof ActionBlockedError
            ? error.retryInMs
            : (options.blockedRetryMs ?? 30_000);
        markBlocked.run(message, new Date(now().getTime() + waitMs).toISOString(), action.id);
        outcome = 'retry';
        record(action, outcome, message);
      } else if (
        error instanceof RequestError &&
        error.kind === 'permanent' &&
        error.status !== 401
      ) {
        db.transaction(() => {
          markFailed.run(error.message, action.id);
          logAttempt(action.id, 'failed', error.message);
        })();
        outcome = 'failed';
        record(action, outcome, error.message);
      } else {
        const message = error instanceof Error ? error.message : String(error);
        const retryAfter = error instanceof RequestError ? error.retryAfterMs : null;
        const delay = retryDelay(action.attempts, retryAfter, options.backoff);
        db.transaction(() => {
          markRetry.run(message, new Date(now().getTime() + delay).toISOString(), action.id);
          logAttempt(action.id, 'retrying', message);
        })();
        outcome = 'retry';
        record(action, outcome, message);
      }
    }
    notify(action, outcome);
  };

  /**
   * A `once` kind's try that may have taken effect: the row is finished (its tries say why) and
   * the slice records it in the same transaction, so a crash leaves both or neither.
   */
  const settleUnknown = (action: StoredAction, reason: string): void => {
    const message = `Sent, but no answer came back (${reason}); it is not sent again.`;
    const spec = specOf(action.kind);
    db.transaction(() => {
      markUnknown.run(message, now().toISOString(), action.id);
      logAttempt(action.id, 'done', message);
      spec.unknown?.(action, reason);
    })();
    options.audit?.record({
      action: action.kind,
      subject: action.subject,
      outcome: 'unknown',
      detail: message,
    });
    notify(action, 'unknown');
  };

  const pump = (): void => {
    if (!running) return;
    const at = now().getTime();
    let nextDue = Number.POSITIVE_INFINITY;
    const started: string[] = [];
    for (const row of selectHeads.all()) {
      if (inFlight.has(row.subject)) continue;
      // Left "sending" by a stop or crash mid-try: a `once` kind is not sent again.
      if (row.state === 'sending' && kinds.get(row.kind)?.resend === 'once') {
        settleUnknown(toAction(row), 'the terminal stopped while it was being sent');
        continue;
      }
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
      started.push(row.id);
    }
    if (started.length > 0) changed(...started);
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
    facts: JSON.parse(row.facts) as OutboxFacts,
    state: row.state === 'discarded' ? 'done' : row.state,
    attempts: row.attempts,
    error: row.error,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
  });

  const toOpen = (row: Row): OpenAction => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    payload: JSON.parse(row.payload) as unknown,
    state: row.state === 'failed' ? 'failed' : row.state === 'sending' ? 'sending' : 'pending',
    error: row.error,
    attempts: row.attempts,
    createdAt: row.created_at,
  });

  return {
    register: <P>(kind: OutboxActionKind, spec: ActionKindSpec<P>): ActionKind<P> => {
      if (kinds.has(kind)) throw new Error(`Outbox kind "${kind}" is registered twice.`);
      kinds.set(kind, spec as ActionKindSpec<unknown>);
      return { kind };
    },
    enqueue: <P>(handle: ActionKind<P>, request: EnqueueRequest<P>) => {
      specOf(handle.kind);
      const id = randomUUID();
      const createdAt = now().toISOString();
      const row = db
        .transaction((): ActionRow<P> => {
          const prepared = request.prepare(id);
          insertRow.run(
            id,
            handle.kind,
            request.subject,
            JSON.stringify(prepared.facts ?? {}),
            JSON.stringify(prepared.payload),
            createdAt,
          );
          options.audit?.record({
            action: handle.kind,
            subject: request.auditSubject ?? request.subject,
            outcome: 'queued',
            detail: prepared.auditDetail ?? null,
          });
          return prepared;
        })
        .immediate();
      pump();
      notify(
        {
          id,
          kind: handle.kind,
          subject: request.subject,
          payload: row.payload,
          facts: row.facts ?? {},
          attempts: 0,
          createdAt,
        },
        'queued',
      );
      return { actionId: id };
    },
    open: (filter = {}) => {
      const rows = filter.subject ? selectOpenOf.all(filter.subject) : selectOpen.all();
      const wanted = filter.kinds;
      return (wanted ? rows.filter((row) => wanted.includes(row.kind)) : rows).map(toOpen);
    },
    history: (subjects) => {
      const list = JSON.stringify(subjects);
      const attempts = new Map<string, ActionAttempt[]>();
      for (const { action_id: id, ...attempt } of selectAttemptsOf.all(list))
        attempts.set(id, [...(attempts.get(id) ?? []), attempt]);
      return selectOfSubjects.all(list).map((row) => ({
        id: row.id,
        kind: row.kind,
        subject: row.subject,
        state: row.state,
        createdAt: row.created_at,
        finishedAt: row.finished_at,
        attempts: attempts.get(row.id) ?? [],
      }));
    },
    forgetPayloadsBefore: (cutoff) => forgetPayloads.run(cutoff).changes,
    list: () => [...selectOpen.all(), ...selectRecentDone.all()].map(toEntry),
    entries: (ids) =>
      ids.flatMap((id) => {
        const row = selectById.get(id);
        return row ? [toEntry(row)] : [];
      }),
    counts: () => countRows.get() ?? { waiting: 0, failed: 0 },
    retry: (id) => {
      const row = selectById.get(id);
      if (!row) return false;
      const retried = db.transaction(() => {
        if (retryRow.run(id).changes === 0) return false;
        logAttempt(id, 'retried', null);
        return true;
      })();
      if (!retried) return false;
      options.audit?.record({ action: 'retry', subject: id, outcome: 'queued', detail: null });
      notify(toAction(row), 'retried');
      pump();
      return true;
    },
    discard: (id) => {
      const row = selectById.get(id);
      if (!row || (inFlight.has(row.subject) && row.state !== 'failed')) return null;
      const discarded = db.transaction(() => {
        if (discardRow.run(now().toISOString(), id).changes === 0) return false;
        logAttempt(id, 'discarded', null);
        return true;
      })();
      if (!discarded) return null;
      const action = toAction(row);
      options.audit?.record({
        action: 'discard',
        subject: action.subject,
        outcome: 'discarded',
        detail: action.kind,
      });
      notify(action, 'discarded');
      pump();
      return action;
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

/** The outbox:* channels: the activity list, and staff's retry or discard of a failed action. */
export const outboxHandlers = (
  outbox: Outbox,
): Pick<ServiceApi, 'outbox:list' | 'outbox:retry' | 'outbox:discard'> => ({
  'outbox:list': async () => outbox.list(),
  'outbox:retry': async ({ actionId }) => {
    if (!outbox.retry(actionId))
      throw new ServiceError('not-found', 'There is no failed action with this id.');
  },
  'outbox:discard': async ({ actionId }) => {
    if (!outbox.discard(actionId))
      throw new ServiceError(
        'not-found',
        'There is no waiting or failed action with this id that can be discarded.',
      );
  },
});
