// The outbox's rows over its context: a kind's registration, enqueue (the row committed with the
// slice's local change), staff's retry and discard, and the read projections slices fold.
import { randomUUID } from 'node:crypto';
import type { OutboxActionKind, OutboxEntry } from '../../shared/domain';
import type {
  ActionAttempt,
  ActionHistory,
  ActionKind,
  ActionKindSpec,
  ActionRow,
  EnqueueRequest,
  OpenAction,
  OutboxContext,
  StoredAction,
} from './outbox-context';
import { logAttempt, notify, specOf, toAction, toEntry, toOpen } from './outbox-context';
import { pump, pumpSoon } from './outbox-worker';

export const register = <P>(
  ctx: OutboxContext,
  kind: OutboxActionKind,
  spec: ActionKindSpec<P>,
): ActionKind<P> => {
  if (ctx.kinds.has(kind)) throw new Error(`Outbox kind "${kind}" is registered twice.`);
  ctx.kinds.set(kind, spec as ActionKindSpec<unknown>);
  return { kind };
};

export const enqueue = <P>(
  ctx: OutboxContext,
  handle: ActionKind<P>,
  request: EnqueueRequest<P>,
): { actionId: string } => {
  specOf(ctx, handle.kind);
  const id = randomUUID();
  const createdAt = ctx.now().toISOString();
  const row = ctx.db
    .transaction((): ActionRow<P> => {
      const prepared = request.prepare(id);
      ctx.sql.insertRow.run(
        id,
        handle.kind,
        request.subject,
        JSON.stringify(prepared.facts ?? {}),
        JSON.stringify(prepared.payload),
        createdAt,
      );
      ctx.options.audit?.record({
        action: handle.kind,
        subject: request.auditSubject ?? request.subject,
        outcome: 'queued',
        detail: prepared.auditDetail ?? null,
      });
      return prepared;
    })
    .immediate();
  // Sent from the next turn of the loop, one pump for every action queued in this one.
  pumpSoon(ctx);
  notify(
    ctx,
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
};

export const openActions = (
  ctx: OutboxContext,
  filter: { kinds?: readonly OutboxActionKind[]; subject?: string } = {},
): OpenAction[] => {
  const rows = filter.subject ? ctx.sql.selectOpenOf.all(filter.subject) : ctx.sql.selectOpen.all();
  const wanted = filter.kinds;
  return (wanted ? rows.filter((row) => wanted.includes(row.kind)) : rows).map(toOpen);
};

export const history = (ctx: OutboxContext, subjects: readonly string[]): ActionHistory[] => {
  const list = JSON.stringify(subjects);
  const attempts = new Map<string, ActionAttempt[]>();
  for (const { action_id: id, ...attempt } of ctx.sql.selectAttemptsOf.all(list))
    attempts.set(id, [...(attempts.get(id) ?? []), attempt]);
  return ctx.sql.selectOfSubjects.all(list).map((row) => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    state: row.state,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    attempts: attempts.get(row.id) ?? [],
  }));
};

export const list = (ctx: OutboxContext): OutboxEntry[] =>
  [...ctx.sql.selectOpen.all(), ...ctx.sql.selectRecentDone.all()].map(toEntry);

export const entries = (ctx: OutboxContext, ids: readonly string[]): OutboxEntry[] =>
  ids.flatMap((id) => {
    const row = ctx.sql.selectById.get(id);
    return row ? [toEntry(row)] : [];
  });

export const retry = (ctx: OutboxContext, id: string): boolean => {
  const row = ctx.sql.selectById.get(id);
  if (!row) return false;
  const retried = ctx.db.transaction(() => {
    if (ctx.sql.retryRow.run(id).changes === 0) return false;
    logAttempt(ctx, id, 'retried', null);
    return true;
  })();
  if (!retried) return false;
  ctx.options.audit?.record({ action: 'retry', subject: id, outcome: 'queued', detail: null });
  notify(ctx, toAction(row), 'retried');
  pump(ctx);
  return true;
};

export const discard = (ctx: OutboxContext, id: string): StoredAction | null => {
  const row = ctx.sql.selectById.get(id);
  if (!row || (ctx.inFlight.has(row.subject) && row.state !== 'failed')) return null;
  const discarded = ctx.db.transaction(() => {
    if (ctx.sql.discardRow.run(ctx.now().toISOString(), id).changes === 0) return false;
    logAttempt(ctx, id, 'discarded', null);
    return true;
  })();
  if (!discarded) return null;
  const action = toAction(row);
  ctx.options.audit?.record({
    action: 'discard',
    subject: action.subject,
    outcome: 'discarded',
    detail: action.kind,
  });
  notify(ctx, action, 'discarded');
  pump(ctx);
  return action;
};
