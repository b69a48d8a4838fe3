// The outbox worker over its context: it claims each subject's head row, sends it through its
// kind's sender and settles the try (done, retry with backoff, blocked, failed, or unknown for a
// `once` kind), one row in flight per subject and at most `concurrency` at a time.
import { RequestError } from '../http/http';
import { retryDelay } from '../lib/backoff';
import { commitLazily } from '../storage/database';
import { actionErrorText, unknownOutcomeText } from './action-error';
import type { ActionOutcome, OutboxContext, StoredAction } from './outbox-context';
import {
  ActionBlockedError,
  changed,
  logAttempt,
  notify,
  outcomeUnknown,
  record,
  specOf,
  toAction,
} from './outbox-context';

const schedule = (ctx: OutboxContext, delayMs: number): void => {
  if (!ctx.running) return;
  if (ctx.timer) clearTimeout(ctx.timer);
  ctx.timer = setTimeout(
    () => {
      ctx.timer = null;
      pump(ctx);
    },
    Math.max(0, Math.min(delayMs, 2_147_000_000)),
  );
  ctx.timer.unref?.();
};

// The error's own words, for the audit log only: the row and its tries keep a code
// (action-error.ts) that the screen words in its language.
const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** A try that threw (and whose outcome is known not to need `settleUnknown`): how it ends. */
const settleFailure = (ctx: OutboxContext, action: StoredAction, error: unknown): ActionOutcome => {
  const { db, now, options, sql } = ctx;
  const kept = actionErrorText(error, options.describe);
  if (options.blocked?.(error) || error instanceof ActionBlockedError) {
    // Not the action's fault: it waits, with every other action, and the try is not counted.
    const waitMs =
      error instanceof ActionBlockedError ? error.retryInMs : (options.blockedRetryMs ?? 30_000);
    commitLazily(db, () =>
      sql.markBlocked.run(kept, new Date(now().getTime() + waitMs).toISOString(), action.id),
    );
    record(ctx, action, 'retry', messageOf(error));
    return 'retry';
  }
  if (error instanceof RequestError && error.kind === 'permanent' && error.status !== 401) {
    commitLazily(db, () => {
      sql.markFailed.run(kept, action.id);
      logAttempt(ctx, action.id, 'failed', kept);
    });
    record(ctx, action, 'failed', error.message);
    return 'failed';
  }
  const retryAfter = error instanceof RequestError ? error.retryAfterMs : null;
  const delay = retryDelay(action.attempts, retryAfter, options.backoff);
  commitLazily(db, () => {
    sql.markRetry.run(kept, new Date(now().getTime() + delay).toISOString(), action.id);
    logAttempt(ctx, action.id, 'retrying', kept);
  });
  record(ctx, action, 'retry', messageOf(error));
  return 'retry';
};

const settle = async (ctx: OutboxContext, action: StoredAction): Promise<void> => {
  let outcome: ActionOutcome;
  try {
    await specOf(ctx, action.kind).send(action);
    // Lost in a power cut, the row is found `sending` at start and settled again (a `safe`
    // kind is sent again, a `once` kind asks staff): its outcome need not wait for the disk.
    commitLazily(ctx.db, () => {
      ctx.sql.markDone.run(ctx.now().toISOString(), action.id);
      logAttempt(ctx, action.id, 'done', null);
    });
    outcome = 'done';
    // What was done, as the row's facts (e.g. the order number and preparation time).
    record(
      ctx,
      action,
      outcome,
      Object.keys(action.facts).length ? JSON.stringify(action.facts) : null,
    );
  } catch (error) {
    const spec = specOf(ctx, action.kind);
    if (spec.resend === 'once' && outcomeUnknown(error)) {
      settleUnknown(ctx, action, error);
      return;
    }
    outcome = settleFailure(ctx, action, error);
  }
  notify(ctx, action, outcome);
};

/**
 * A `once` kind's try that may have taken effect: the row is finished (its tries say why) and
 * the slice records it in the same transaction, so a crash leaves both or neither.
 */
const settleUnknown = (ctx: OutboxContext, action: StoredAction, failure: unknown): void => {
  const reason =
    failure === 'stopped' ? 'the terminal stopped while it was being sent' : messageOf(failure);
  const kept = unknownOutcomeText(failure);
  const spec = specOf(ctx, action.kind);
  ctx.db.transaction(() => {
    ctx.sql.markUnknown.run(kept, ctx.now().toISOString(), action.id);
    logAttempt(ctx, action.id, 'done', kept);
    spec.unknown?.(action, reason);
  })();
  ctx.options.audit?.record({
    action: action.kind,
    subject: action.subject,
    outcome: 'unknown',
    detail: `Sent, but no answer came back (${reason}); it is not sent again.`,
  });
  notify(ctx, action, 'unknown');
};

/**
 * One pump for all the tries that settled, and all the actions queued, in this turn of the loop:
 * each pump reads every subject's head row, and a rush settles tens of tries at once (one read
 * each was the largest share of main's longest stalls in the soak) and queues as many (a pump per
 * enqueue made a burst of n actions read n × n rows: 300 accepts held main's loop for 0.7 s).
 */
export const pumpSoon = (ctx: OutboxContext): void => {
  if (ctx.pumpQueued) return;
  ctx.pumpQueued = true;
  setImmediate(() => {
    ctx.pumpQueued = false;
    pump(ctx);
  });
};

/** Starts every due head row it may, schedules the next due one, and wakes idle waiters. */
export const pump = (ctx: OutboxContext): void => {
  if (!ctx.running) return;
  const { inFlight } = ctx;
  // Nothing may start: every slot is taken, and each try that settles pumps again (pumpSoon).
  // Reading every head row now would find nothing to do.
  if (inFlight.size >= ctx.concurrency) return;
  const at = ctx.now().getTime();
  let nextDue = Number.POSITIVE_INFINITY;
  const started: string[] = [];
  for (const row of ctx.sql.selectHeads.all()) {
    if (inFlight.has(row.subject)) continue;
    // Left "sending" by a stop or crash mid-try: a `once` kind is not sent again.
    if (row.state === 'sending' && ctx.kinds.get(row.kind)?.resend === 'once') {
      settleUnknown(ctx, toAction(row), 'stopped');
      continue;
    }
    const due = row.next_attempt_at ? Date.parse(row.next_attempt_at) : 0;
    if (due > at) {
      nextDue = Math.min(nextDue, due);
      continue;
    }
    if (inFlight.size >= ctx.concurrency) break;
    // A `once` kind is marked sending on disk before it leaves (found so after a crash, it is
    // not sent again); a `safe` one may be sent again anyway, so its mark need not wait.
    if (ctx.kinds.get(row.kind)?.resend === 'once') ctx.sql.markSending.run(row.id);
    else commitLazily(ctx.db, () => ctx.sql.markSending.run(row.id));
    const action = toAction({ ...row, attempts: row.attempts + 1 });
    const task = settle(ctx, action).finally(() => {
      inFlight.delete(row.subject);
      pumpSoon(ctx);
    });
    inFlight.set(row.subject, task);
    started.push(row.id);
  }
  if (started.length > 0) changed(ctx, ...started);
  if (Number.isFinite(nextDue)) schedule(ctx, nextDue - at);
  if (inFlight.size === 0 && !Number.isFinite(nextDue)) {
    const waiters = ctx.idleWaiters;
    ctx.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
};

export const start = (ctx: OutboxContext): void => {
  ctx.running = true;
  pump(ctx);
};

export const stop = async (ctx: OutboxContext): Promise<void> => {
  ctx.running = false;
  if (ctx.timer) clearTimeout(ctx.timer);
  ctx.timer = null;
  await Promise.allSettled([...ctx.inFlight.values()]);
};

export const idle = (ctx: OutboxContext): Promise<void> =>
  new Promise<void>((resolve) => {
    ctx.idleWaiters.push(resolve);
    pump(ctx);
  });

export const resetBackoff = (ctx: OutboxContext): void => {
  if (ctx.sql.clearBackoff.run().changes > 0) pump(ctx);
};
