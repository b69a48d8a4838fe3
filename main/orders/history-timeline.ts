// An order's timeline (events, the outbox's tries, print jobs) and when it was accepted, ready
// and handed over: the moments the day summary and the CSV count from.
import type { Order, OrderActionKind, OrderStatus } from '../../shared/domain';
import { ORDER_ACTION_KINDS } from '../../shared/domain';
import type { Day, OrderHistory, TimelineEntry } from '../../shared/history';
import type { ActionHistory } from '../outbox/outbox';
import type { Database } from '../storage/database';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import type { OrderHistoryDeps } from './history-context';
import { ms } from './history-context';
import { dayBounds } from './local-time';

type EventRow = {
  at: string;
  kind: 'received' | 'status' | 'action';
  status: OrderStatus | null;
  action_id: string | null;
  action: OrderActionKind | null;
  actor: 'staff' | 'auto' | null;
  terminal: string | null;
  preparation_minutes: number | null;
  reason: string | null;
};

/** When an order was accepted, ready and handed over, and what was promised, as far as known. */
export type OrderTimes = {
  acceptedAt: number | null;
  readyAt: number | null;
  handedOverAt: number | null;
  /** The ready-by time the board counted down to: the platform's pickup time after the accept. */
  promisedReadyAt: number | null;
  promisedSeconds: number | null;
  acceptToReadySeconds: number | null;
  lateBySeconds: number | null;
};

export type DayOrder = { order: Order; times: OrderTimes };

const prepareStatements = (db: Database) => ({
  selectEvents: db.prepare<[string], EventRow>(
    'SELECT at, kind, status, action_id, action, actor, terminal, preparation_minutes, reason FROM order_events WHERE order_id = ? ORDER BY seq',
  ),
  selectDayEvents: db.prepare<[string, string], EventRow & { order_id: string }>(
    `SELECT order_id, at, kind, status, action_id, action, actor, terminal, preparation_minutes, reason
     FROM order_events WHERE order_id IN (SELECT id FROM orders WHERE created_at >= ? AND created_at < ?)
     ORDER BY seq`,
  ),
});

export type TimelineContext = { deps: OrderHistoryDeps } & ReturnType<typeof prepareStatements>;

export const createTimelineContext = (deps: OrderHistoryDeps): TimelineContext => ({
  deps,
  ...prepareStatements(deps.db),
});

/**
 * An action's moment is when staff took it (the tap), once the platform took it; without one
 * done here, the moment this terminal saw the platform's status.
 */
export const orderTimes = (
  order: Order,
  events: readonly EventRow[],
  actions: readonly ActionHistory[],
): OrderTimes => {
  const done = new Set(actions.filter((a) => a.state === 'done').map((a) => a.id));
  const moment = (kinds: OrderActionKind[], statuses: OrderStatus[]): number | null => {
    const action = events.find(
      (e) =>
        e.kind === 'action' &&
        e.action !== null &&
        kinds.includes(e.action) &&
        e.action_id !== null &&
        done.has(e.action_id),
    );
    if (action) return ms(action.at);
    const status = events.find(
      (e) => e.kind === 'status' && e.status !== null && statuses.includes(e.status),
    );
    return status ? ms(status.at) : null;
  };
  const acceptedAt = moment(['accept'], ['PRODUCTION']);
  const readyAt = moment(['ready'], ['READY']);
  const handedOverAt = moment(['delivered'], ['DELIVERED']);
  const promisedReadyAt = acceptedAt === null ? null : ms(order.pickupEta);
  const promisedSeconds =
    acceptedAt !== null && promisedReadyAt !== null
      ? Math.max(0, Math.round((promisedReadyAt - acceptedAt) / 1000))
      : order.preparationMinutes !== null
        ? order.preparationMinutes * 60
        : null;
  const acceptToReadySeconds =
    acceptedAt !== null && readyAt !== null && readyAt >= acceptedAt
      ? Math.round((readyAt - acceptedAt) / 1000)
      : null;
  const lateBySeconds =
    readyAt !== null && promisedReadyAt !== null && readyAt > promisedReadyAt
      ? Math.round((readyAt - promisedReadyAt) / 1000)
      : null;
  return {
    acceptedAt,
    readyAt,
    handedOverAt,
    promisedReadyAt,
    promisedSeconds,
    acceptToReadySeconds,
    lateBySeconds,
  };
};

const orderActions = (ctx: TimelineContext, orderIds: readonly string[]): ActionHistory[] =>
  ctx.deps
    .actions(orderIds)
    .filter((action) => (ORDER_ACTION_KINDS as readonly string[]).includes(action.kind));

const eventEntry = (event: EventRow): TimelineEntry | null => {
  if (event.kind === 'received') return { at: event.at, kind: 'received' };
  if (event.kind === 'status' && event.status)
    return { at: event.at, kind: 'status', status: event.status };
  if (event.kind === 'action' && event.action && event.action_id)
    return {
      at: event.at,
      kind: 'action',
      actionId: event.action_id,
      action: event.action,
      by: event.actor ?? 'staff',
      terminal: event.terminal ?? '',
      preparationMinutes: event.preparation_minutes,
      reason: event.reason,
    };
  return null;
};

/** The timeline with what other terminals of the venue did to the order, in time order. */
export const timelineWithElsewhere = async (
  ctx: TimelineContext,
  orderId: string,
): Promise<OrderHistory> => {
  const history = timeline(ctx, orderId);
  const elsewhere = (await ctx.deps.elsewhere?.(orderId).catch(() => [])) ?? [];
  if (!elsewhere.length) return history;
  return { ...history, timeline: inTimeOrder([...history.timeline, ...elsewhere]) };
};

// Stable: entries of the same moment keep the order they were recorded in.
const inTimeOrder = (entries: TimelineEntry[]): TimelineEntry[] =>
  entries
    .map((entry, index) => ({ entry, index, at: ms(entry.at) ?? 0 }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ entry }) => entry);

export const timeline = (ctx: TimelineContext, orderId: string): OrderHistory => {
  const order = ctx.deps.store.get(orderId);
  if (!order) throw new ServiceError('not-found', refusal('history-order-gone'));
  const entries: TimelineEntry[] = [];
  for (const event of ctx.selectEvents.all(orderId)) {
    const entry = eventEntry(event);
    if (entry) entries.push(entry);
  }
  for (const action of orderActions(ctx, [orderId]))
    for (const attempt of action.attempts)
      entries.push({
        at: attempt.at,
        kind: 'attempt',
        actionId: action.id,
        action: action.kind as OrderActionKind,
        outcome: attempt.outcome,
        error: attempt.error,
      });
  for (const job of ctx.deps.printJobs(orderId))
    entries.push({
      // A job stands where it printed, or, not printed, where it was asked for.
      at: job.printedAt ?? job.createdAt,
      kind: 'print',
      jobId: job.id,
      document: job.document,
      state: job.state,
      printerName: job.printerName,
      held: job.held,
    });
  return { order, timeline: inTimeOrder(entries) };
};

const group = <T>(items: T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

/** The orders placed on a day (of one venue, when named), with their moments. */
export const dayOrders = (ctx: TimelineContext, day: Day, venueId?: string): DayOrder[] => {
  const { from, to } = dayBounds(day, ctx.deps.timeZone());
  const placed = ctx.deps.store.placedBetween(from, to);
  const orders = venueId ? placed.filter((order) => order.venueId === venueId) : placed;
  const events = group(ctx.selectDayEvents.all(from, to), (e) => e.order_id);
  const actions = group(
    orderActions(
      ctx,
      orders.map((o) => o.id),
    ),
    (a) => a.subject,
  );
  return orders.map((order) => ({
    order,
    times: orderTimes(order, events.get(order.id) ?? [], actions.get(order.id) ?? []),
  }));
};
