// The outbox's types, its prepared statements and its worker state, passed explicitly to the
// module-level functions of outbox-worker.ts (claim, send, settle, recovery) and outbox-rows.ts
// (enqueue and the read projections); outbox.ts composes them.
import type { Refusal } from '../../shared/refusals';
import type { OutboxActionKind, OutboxEntry, OutboxFacts } from '../../shared/domain';
import { RECENT_DONE_ACTIONS } from '../../shared/domain';
import type { Database } from '../storage/database';
import type { AuditLog } from '../audit/audit-log';
import { RequestError } from '../http/http';

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
  /** The terminal is disconnected: every row and its tries go, sent or not. */
  eraseAll(): void;
  /** One venue leaves: the actions of its orders and of the venue (by subject) are erased. */
  eraseSubjects(subjects: readonly string[]): void;
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
  /** Why such an error holds the action, as a code staff read (main/outbox/action-error.ts). */
  describe?: (error: unknown) => Refusal | null;
  blockedRetryMs?: number;
  /** These rows changed (their entry, the counts). */
  onChange?: (actionIds: string[]) => void;
};

export type Row = {
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

export const toAction = (row: Row): StoredAction => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  payload: JSON.parse(row.payload) as unknown,
  facts: JSON.parse(row.facts) as OutboxFacts,
  attempts: row.attempts,
  createdAt: row.created_at,
});

const prepareStatements = (db: Database) => ({
  insertRow: db.prepare(
    `INSERT INTO outbox (id, kind, subject, facts, payload, state, created_at)
     VALUES (?, ?, ?, ?, ?, 'pending', ?)`,
  ),
  // The head of each subject's queue: its oldest row that is not finished.
  selectHeads: db.prepare<[], Row>(
    `SELECT o.* FROM outbox o
     WHERE o.state IN ('pending', 'sending')
       AND o.seq = (SELECT MIN(p.seq) FROM outbox p WHERE p.subject = o.subject AND p.state IN ('pending', 'sending', 'failed'))
     ORDER BY o.seq`,
  ),
  selectOpen: db.prepare<[], Row>(
    "SELECT * FROM outbox WHERE state IN ('pending', 'sending', 'failed') ORDER BY seq",
  ),
  selectOpenOf: db.prepare<[string], Row>(
    "SELECT * FROM outbox WHERE subject = ? AND state IN ('pending', 'sending', 'failed') ORDER BY seq",
  ),
  // Walked from the newest row back until enough are found (`+state`: by the state index SQLite
  // read and sorted every done row of the terminal's life, 1.2 ms at 7,200 rows and growing).
  selectRecentDone: db.prepare<[], Row>(
    `SELECT * FROM outbox WHERE +state = 'done' ORDER BY seq DESC LIMIT ${RECENT_DONE_ACTIONS}`,
  ),
  selectById: db.prepare<[string], Row>('SELECT * FROM outbox WHERE id = ?'),
  markSending: db.prepare(
    "UPDATE outbox SET state = 'sending', attempts = attempts + 1 WHERE id = ?",
  ),
  markDone: db.prepare(
    "UPDATE outbox SET state = 'done', error = NULL, finished_at = ?, next_attempt_at = NULL WHERE id = ?",
  ),
  markFailed: db.prepare(
    "UPDATE outbox SET state = 'failed', error = ?, next_attempt_at = NULL WHERE id = ?",
  ),
  // Finished, with what is known kept as its error: it may or may not have taken effect.
  markUnknown: db.prepare(
    "UPDATE outbox SET state = 'done', error = ?, finished_at = ?, next_attempt_at = NULL WHERE id = ?",
  ),
  markRetry: db.prepare(
    "UPDATE outbox SET state = 'pending', error = ?, next_attempt_at = ? WHERE id = ?",
  ),
  markBlocked: db.prepare(
    "UPDATE outbox SET state = 'pending', attempts = MAX(attempts - 1, 0), error = ?, next_attempt_at = ? WHERE id = ?",
  ),
  retryRow: db.prepare(
    "UPDATE outbox SET state = 'pending', error = NULL, next_attempt_at = NULL WHERE id = ? AND state = 'failed'",
  ),
  discardRow: db.prepare(
    "UPDATE outbox SET state = 'discarded', finished_at = ? WHERE id = ? AND state IN ('failed', 'pending')",
  ),
  clearBackoff: db.prepare(
    "UPDATE outbox SET next_attempt_at = NULL WHERE state = 'pending' AND next_attempt_at IS NOT NULL",
  ),
  insertAttempt: db.prepare(
    'INSERT INTO outbox_attempts (action_id, at, outcome, error) VALUES (?, ?, ?, ?)',
  ),
  // Subjects as one JSON array: one query for any number of them (a day's orders).
  selectOfSubjects: db.prepare<[string], Row & { finished_at: string | null }>(
    'SELECT * FROM outbox WHERE subject IN (SELECT value FROM json_each(?)) ORDER BY seq',
  ),
  selectAttemptsOf: db.prepare<[string], ActionAttempt & { action_id: string }>(
    `SELECT action_id, at, outcome, error FROM outbox_attempts
     WHERE action_id IN (SELECT id FROM outbox WHERE subject IN (SELECT value FROM json_each(?)))
     ORDER BY seq`,
  ),
  forgetPayloads: db.prepare(
    "UPDATE outbox SET payload = '{}' WHERE state IN ('done', 'discarded') AND finished_at < ? AND payload <> '{}'",
  ),
  countRows: db.prepare<[], { waiting: number; failed: number }>(
    `SELECT COALESCE(SUM(state IN ('pending', 'sending')), 0) AS waiting, COALESCE(SUM(state = 'failed'), 0) AS failed FROM outbox`,
  ),
});

export type OutboxStatements = ReturnType<typeof prepareStatements>;

export type OutboxContext = {
  options: OutboxOptions;
  db: Database;
  now: () => Date;
  concurrency: number;
  sql: OutboxStatements;
  kinds: Map<OutboxActionKind, ActionKindSpec<unknown>>;
  /** The try under way per subject: a subject's rows go one at a time. */
  inFlight: Map<string, Promise<void>>;
  running: boolean;
  timer: NodeJS.Timeout | null;
  /** A pump is scheduled for this turn of the loop (outbox-worker.ts, pumpSoon). */
  pumpQueued: boolean;
  idleWaiters: Array<() => void>;
};

export const createOutboxContext = (options: OutboxOptions): OutboxContext => ({
  options,
  db: options.db,
  now: options.now,
  concurrency: options.concurrency ?? 8,
  sql: prepareStatements(options.db),
  kinds: new Map(),
  inFlight: new Map(),
  running: false,
  timer: null,
  pumpQueued: false,
  idleWaiters: [],
});

export const logAttempt = (
  ctx: OutboxContext,
  id: string,
  outcome: AttemptOutcome,
  error: string | null,
): void => {
  ctx.sql.insertAttempt.run(id, ctx.now().toISOString(), outcome, error);
};

export const changed = (ctx: OutboxContext, ...ids: string[]): void => ctx.options.onChange?.(ids);

export const specOf = (ctx: OutboxContext, kind: OutboxActionKind): ActionKindSpec<unknown> => {
  const spec = ctx.kinds.get(kind);
  if (!spec) throw new Error(`No sender is registered for outbox kind "${kind}".`);
  return spec;
};

export const record = (
  ctx: OutboxContext,
  action: StoredAction,
  outcome: ActionOutcome,
  detail: string | null,
): void => {
  // A temporary failure is audited once (its first), not at every backoff step.
  if (outcome === 'retry' && action.attempts !== 1) return;
  ctx.options.audit?.record({
    action: action.kind,
    subject: action.subject,
    outcome: outcome === 'retry' ? 'retrying' : outcome,
    detail,
  });
};

export const notify = (ctx: OutboxContext, action: StoredAction, outcome: ActionOutcome): void => {
  try {
    ctx.kinds.get(action.kind)?.changed?.(action, outcome);
  } finally {
    changed(ctx, action.id);
  }
};

export const toEntry = (row: Row): OutboxEntry => ({
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

export const toOpen = (row: Row): OpenAction => ({
  id: row.id,
  kind: row.kind,
  subject: row.subject,
  payload: JSON.parse(row.payload) as unknown,
  state: row.state === 'failed' ? 'failed' : row.state === 'sending' ? 'sending' : 'pending',
  error: row.error,
  attempts: row.attempts,
  createdAt: row.created_at,
});
