// The outbox: staff actions are rows committed together with their local effect, then sent by a
// worker. Slices register their kinds (a sender each) and enqueue through one call; they read
// their open rows through one projection (`open`), never the table. FIFO per subject (an order, a venue, a menu): a subject's next action waits until the
// one before it is done or discarded, so "ready" never overtakes "accept". Subjects proceed in
// parallel. Each kind declares whether a try whose outcome is unknown may be sent again
// (docs/architecture.md#resending-actions): a `safe` kind's row left "sending" by a crash, or
// unanswered, is simply sent again (the platform answers a repeated transition with a 409 that
// the sender counts as done); a `once` kind's row is never sent a second time by the worker.
import type { ServiceApi } from '../../shared/ipc/contract';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import type { Outbox, OutboxContext, OutboxOptions } from './outbox-context';
import { createOutboxContext } from './outbox-context';
import {
  discard,
  enqueue,
  entries,
  history,
  list,
  openActions,
  register,
  retry,
} from './outbox-rows';
import { idle, pump, resetBackoff, start, stop } from './outbox-worker';

export type {
  ActionAttempt,
  ActionHistory,
  ActionKind,
  ActionKindSpec,
  ActionOutcome,
  ActionRow,
  AttemptOutcome,
  EnqueueRequest,
  OpenAction,
  Outbox,
  OutboxOptions,
  StoredAction,
} from './outbox-context';
export { ActionBlockedError, outcomeUnknown } from './outbox-context';

const eraseAll = (ctx: OutboxContext): void => {
  ctx.db.transaction(() => {
    ctx.db.prepare('DELETE FROM outbox_attempts').run();
    ctx.db.prepare('DELETE FROM outbox').run();
  })();
};

/** The actions of these subjects (one venue's orders and the venue itself) and their attempts. */
const eraseSubjects = (ctx: OutboxContext, subjects: readonly string[]): void => {
  ctx.db.transaction(() => {
    for (const subject of subjects) {
      ctx.db
        .prepare(
          'DELETE FROM outbox_attempts WHERE action_id IN (SELECT id FROM outbox WHERE subject = ?)',
        )
        .run(subject);
      ctx.db.prepare('DELETE FROM outbox WHERE subject = ?').run(subject);
    }
  })();
};

export const createOutbox = (options: OutboxOptions): Outbox => {
  const ctx = createOutboxContext(options);
  return {
    register: (kind, spec) => register(ctx, kind, spec),
    enqueue: (handle, request) => enqueue(ctx, handle, request),
    open: (filter) => openActions(ctx, filter),
    history: (subjects) => history(ctx, subjects),
    forgetPayloadsBefore: (cutoff) => ctx.sql.forgetPayloads.run(cutoff).changes,
    eraseAll: () => eraseAll(ctx),
    eraseSubjects: (subjects) => eraseSubjects(ctx, subjects),
    list: () => list(ctx),
    entries: (ids) => entries(ctx, ids),
    counts: () => ctx.sql.countRows.get() ?? { waiting: 0, failed: 0 },
    retry: (id) => retry(ctx, id),
    discard: (id) => discard(ctx, id),
    kick: () => pump(ctx),
    resetBackoff: () => resetBackoff(ctx),
    start: () => start(ctx),
    stop: () => stop(ctx),
    idle: () => idle(ctx),
  };
};

/** The outbox:* channels: the activity list, and staff's retry or discard of a failed action. */
export const outboxHandlers = (
  outbox: Outbox,
): Pick<ServiceApi, 'outbox:list' | 'outbox:retry' | 'outbox:discard'> => ({
  'outbox:list': async () => outbox.list(),
  'outbox:retry': async ({ actionId }) => {
    if (!outbox.retry(actionId)) throw new ServiceError('not-found', refusal('action-gone'));
  },
  'outbox:discard': async ({ actionId }) => {
    if (!outbox.discard(actionId))
      throw new ServiceError('not-found', refusal('action-not-discardable'));
  },
});
