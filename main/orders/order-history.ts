// Order history (the orders slice's, on its own tables): search beyond "Done today", an order's
// timeline, the end-of-day summary and its CSV, and retention of customers' personal data.
// A day is a calendar day in the venue's time zone, and an order belongs to the day it was placed.
import type { DeliveryType, Money, Order, OrderActionKind, OrderStatus } from '../../shared/domain';
import { DELIVERY_TYPES, ORDER_ACTION_KINDS, ORDER_STATUSES } from '../../shared/domain';
import type {
  DaySummary,
  Day,
  HistoryPage,
  HistoryQuery,
  HistorySettings,
  OrderHistory,
  TimelineEntry,
} from '../../shared/history';
import { DEFAULT_RETENTION_DAYS } from '../../shared/history';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { PrintJob } from '../../shared/printing';
import { channels } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import type { ActionHistory } from '../outbox/outbox';
import type { Database } from '../storage/database';
import { checkpointAndTruncate } from '../storage/database';
import type { Settings } from '../storage/settings';
import { ServiceError } from '../service-error';
import { toCsv } from './csv';
import { dayBounds, localDateTime, localParts } from './local-time';
import type { OrderStore } from './order-store';

/** The print jobs of an order with their printer's name, from the printing slice (core wires it). */
export type OrderPrintJobs = (orderId: string) => Array<PrintJob & { printerName: string }>;
/** The outbox's read projection: every row of these subjects with its tries. */
export type ActionHistories = (subjects: readonly string[]) => ActionHistory[];
/**
 * Another domain's own removal of personal data older than the cutoff (deliveries, outbox
 * payloads, print jobs): it returns how many of its records it changed, for the audit.
 */
export type RetentionHook = { name: string; forget: (cutoff: string) => number };

type HistoryChannels =
  | 'history:search'
  | 'history:order'
  | 'history:summary'
  | 'history:exportCsv'
  | 'history:settings'
  | 'history:configure';

export type OrderHistoryApi = {
  handlers: Pick<ServiceApi, HistoryChannels>;
  /** The day's summary (also what the printed day summary shows). */
  daySummary(day: Day): DaySummary;
  /** Removes personal data of orders older than the retention, then runs the hooks; audited. */
  runRetention(reason: 'start' | 'schedule' | 'setting'): Promise<void>;
  /** Runs retention now and every hour. */
  start(): void;
  /** Stops the schedule; resolves when a run under way has stopped. */
  close(): Promise<void>;
};

const RETENTION_KEY = 'history.retentionDays';
/** From this many matches on, a search walks the orders by time instead of sorting the matches. */
const MANY_MATCHES = 2000;
/** Orders anonymised per transaction. */
const RETENTION_BATCH = 200;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

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

const ms = (iso: string | null | undefined): number | null => {
  if (!iso) return null;
  const value = Date.parse(iso);
  return Number.isNaN(value) ? null : value;
};

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

/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: readonly number[], p: number): number | null =>
  sorted.length === 0 ? null : (sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? null);

const average = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

/** Minor units to a plain decimal in the currency's own digits (JPY 0, EUR 2, KWD 3). */
const currencyDigits = new Map<string, number>();
const major = (money: Money): string => {
  let digits = currencyDigits.get(money.currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', {
          style: 'currency',
          currency: money.currency,
        }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2; // Not an ISO currency code: two digits, the common case.
    }
    currencyDigits.set(money.currency, digits);
  }
  return (money.amount / 10 ** digits).toFixed(digits);
};

const minutes = (seconds: number | null): number | null =>
  seconds === null ? null : Math.round(seconds / 6) / 10;

/** Words of a search, each matched as the beginning of a word (FTS5 prefix queries). */
const matchQuery = (text: string): string | null => {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  // Only letters and digits remain, so each word quoted is a plain phrase, never query syntax.
  return words.length ? words.map((word) => `"${word}"*`).join(' ') : null;
};

type Cursor = { createdAt: string; id: string };
const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
const decodeCursor = (text: string): Cursor => {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    )
      return { createdAt: value[0], id: value[1] };
  } catch {
    // Falls through to the refusal below.
  }
  throw new ServiceError(
    'invalid-request',
    'This page of history is no longer valid; search again.',
  );
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes a customer's name (and each word of it), phone and comment where free text quotes them. */
const scrubText = (text: string, personal: readonly string[]): string => {
  let result = text;
  for (const value of personal) {
    if (value.trim().length < 3) continue;
    result = result.replace(new RegExp(escapeRegExp(value.trim()), 'giu'), '…');
  }
  return result;
};

export const createOrderHistory = (deps: {
  db: Database;
  now: () => Date;
  store: OrderStore;
  settings: Settings;
  audit: AuditLog;
  actions: ActionHistories;
  printJobs: OrderPrintJobs;
  /** The venue's time zone (the terminal's). */
  timeZone: () => string;
  /** Other domains' removals of personal data, run after the orders'. */
  retention: readonly RetentionHook[];
}): OrderHistoryApi => {
  const { db, now, store } = deps;
  const selectEvents = db.prepare<[string], EventRow>(
    'SELECT at, kind, status, action_id, action, actor, terminal, preparation_minutes, reason FROM order_events WHERE order_id = ? ORDER BY seq',
  );
  const selectDayEvents = db.prepare<[string, string], EventRow & { order_id: string }>(
    `SELECT order_id, at, kind, status, action_id, action, actor, terminal, preparation_minutes, reason
     FROM order_events WHERE order_id IN (SELECT id FROM orders WHERE created_at >= ? AND created_at < ?)
     ORDER BY seq`,
  );
  const searches = new Map<string, ReturnType<Database['prepare']>>();
  const countMatches = db.prepare<[string], { n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT rowid FROM order_search WHERE order_search MATCH ? LIMIT ${MANY_MATCHES})`,
  );

  const search = (query: HistoryQuery): HistoryPage => {
    const where: string[] = [];
    const params: Record<string, string | number> = { limit: query.limit + 1 };
    const match = query.text ? matchQuery(query.text) : null;
    if (match) {
      // Few matches: read them from the index and sort them. Many (a common item, one letter):
      // walk the orders newest first and stop at the page's end ("+" keeps SQLite from driving
      // the query from the index, which would sort tens of thousands of rows).
      const many = (countMatches.get(match)?.n ?? 0) >= MANY_MATCHES;
      where.push(
        `${many ? '+' : ''}search_id IN (SELECT rowid FROM order_search WHERE order_search MATCH @match)`,
      );
      params.match = match;
    }
    if (query.day) {
      const { from, to } = dayBounds(query.day, deps.timeZone());
      where.push('created_at >= @from AND created_at < @to');
      Object.assign(params, { from, to });
    }
    // Filters read the confirmed status: history shows what the platform said.
    const list = (column: string, name: string, values: readonly string[] | undefined): void => {
      if (!values?.length) return;
      where.push(`${column} IN (${values.map((_, i) => `@${name}${i}`).join(', ')})`);
      values.forEach((value, i) => (params[`${name}${i}`] = value));
    };
    list('platform_status', 'status', query.statuses);
    list('delivery_type', 'type', query.types);
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor);
      where.push('(created_at, id) < (@cursorAt, @cursorId)');
      Object.assign(params, { cursorAt: cursor.createdAt, cursorId: cursor.id });
    }
    const sql = `SELECT id, created_at FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT @limit`;
    let statement = searches.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      searches.set(sql, statement);
    }
    const rows = statement.all(params) as Array<{ id: string; created_at: string }>;
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      orders: page.map((row) => store.get(row.id)).filter((o): o is Order => o !== null),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({ createdAt: last.created_at, id: last.id })
          : null,
    };
  };

  const orderActions = (orderIds: readonly string[]): ActionHistory[] =>
    deps
      .actions(orderIds)
      .filter((action) => (ORDER_ACTION_KINDS as readonly string[]).includes(action.kind));

  const timeline = (orderId: string): OrderHistory => {
    const order = store.get(orderId);
    if (!order) throw new ServiceError('not-found', 'There is no order with this id in history.');
    const entries: TimelineEntry[] = [];
    for (const event of selectEvents.all(orderId)) {
      if (event.kind === 'received') entries.push({ at: event.at, kind: 'received' });
      else if (event.kind === 'status' && event.status)
        entries.push({ at: event.at, kind: 'status', status: event.status });
      else if (event.kind === 'action' && event.action && event.action_id)
        entries.push({
          at: event.at,
          kind: 'action',
          actionId: event.action_id,
          action: event.action,
          by: event.actor ?? 'staff',
          terminal: event.terminal ?? '',
          preparationMinutes: event.preparation_minutes,
          reason: event.reason,
        });
    }
    for (const action of orderActions([orderId]))
      for (const attempt of action.attempts)
        entries.push({
          at: attempt.at,
          kind: 'attempt',
          actionId: action.id,
          action: action.kind as OrderActionKind,
          outcome: attempt.outcome,
          error: attempt.error,
        });
    for (const job of deps.printJobs(orderId))
      entries.push({
        // A job stands where it printed, or, not printed, where it was asked for.
        at: job.printedAt ?? job.createdAt,
        kind: 'print',
        jobId: job.id,
        document: job.document,
        state: job.state,
        printerName: job.printerName,
        error: job.error,
      });
    // Stable: entries of the same moment keep the order they were recorded in.
    const sorted = entries
      .map((entry, index) => ({ entry, index, at: ms(entry.at) ?? 0 }))
      .sort((a, b) => a.at - b.at || a.index - b.index)
      .map(({ entry }) => entry);
    return { order, timeline: sorted };
  };

  type DayOrder = { order: Order; times: OrderTimes };
  const dayOrders = (day: Day): DayOrder[] => {
    const { from, to } = dayBounds(day, deps.timeZone());
    const orders = store.placedBetween(from, to);
    const group = <T>(items: T[], key: (item: T) => string): Map<string, T[]> => {
      const groups = new Map<string, T[]>();
      for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
      return groups;
    };
    const events = group(selectDayEvents.all(from, to), (e) => e.order_id);
    const actions = group(orderActions(orders.map((o) => o.id)), (a) => a.subject);
    return orders.map((order) => ({
      order,
      times: orderTimes(order, events.get(order.id) ?? [], actions.get(order.id) ?? []),
    }));
  };

  const daySummary = (day: Day): DaySummary => {
    const timeZone = deps.timeZone();
    const orders = dayOrders(day);
    const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
      OrderStatus,
      number
    >;
    const byType = Object.fromEntries(DELIVERY_TYPES.map((t) => [t, 0])) as Record<
      DeliveryType,
      number
    >;
    const rejections = new Map<string, number>();
    const sales = new Map<string, { amount: number; orders: number }>();
    const items = new Map<string, number>();
    const durations: number[] = [];
    const promised: number[] = [];
    const late: DaySummary['late'] = [];
    for (const { order, times } of orders) {
      byStatus[order.platformStatus] += 1;
      byType[order.deliveryType] += 1;
      if (order.platformStatus === 'REJECTED') {
        const reason = order.rejectReason ?? '';
        rejections.set(reason, (rejections.get(reason) ?? 0) + 1);
      }
      if (order.platformStatus === 'DELIVERED') {
        const row = sales.get(order.total.currency) ?? { amount: 0, orders: 0 };
        row.amount += order.total.amount;
        row.orders += 1;
        sales.set(order.total.currency, row);
        for (const item of order.items)
          items.set(item.name, (items.get(item.name) ?? 0) + item.count);
      }
      if (times.acceptToReadySeconds !== null) {
        durations.push(times.acceptToReadySeconds);
        if (times.promisedSeconds !== null) promised.push(times.promisedSeconds);
      }
      if (times.lateBySeconds !== null)
        late.push({
          orderId: order.id,
          orderNumber: order.orderNumber,
          lateBySeconds: times.lateBySeconds,
        });
    }
    const salesRows = [...sales.entries()]
      .map(([currency, row]) => ({
        currency,
        total: { amount: row.amount, currency },
        orders: row.orders,
        averageBasket: { amount: Math.round(row.amount / row.orders), currency },
      }))
      .sort((a, b) => b.orders - a.orders || a.currency.localeCompare(b.currency));
    const first = salesRows[0]?.currency ?? null;
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, sales: 0 }));
    for (const { order } of orders) {
      const at = ms(order.createdAt);
      if (at === null) continue;
      const row = hours[localParts(at, timeZone).hour];
      if (!row) continue;
      row.orders += 1;
      if (order.platformStatus === 'DELIVERED' && order.total.currency === first)
        row.sales += order.total.amount;
    }
    const sorted = [...durations].sort((a, b) => a - b);
    return {
      day,
      timeZone,
      orders: orders.length,
      byStatus,
      byType,
      rejections: [...rejections.entries()]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      sales: salesRows,
      acceptToReady: {
        count: durations.length,
        averageSeconds: average(durations),
        p90Seconds: percentile(sorted, 90),
        promisedAverageSeconds: average(promised),
      },
      late: late.sort((a, b) => b.lateBySeconds - a.lateBySeconds),
      items: [...items.entries()]
        .map(([name, count]) => ({ name, count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      hours,
    };
  };

  const exportCsv = (day: Day): { filename: string; csv: string } => {
    const timeZone = deps.timeZone();
    const time = (at: number | null): string | null =>
      at === null ? null : localDateTime(at, timeZone);
    const rows = dayOrders(day).map(({ order, times }) => [
      order.orderNumber,
      time(ms(order.createdAt)),
      time(times.acceptedAt),
      time(times.readyAt),
      time(times.handedOverAt),
      order.platformStatus,
      order.deliveryType,
      order.items.reduce((sum, item) => sum + item.count, 0),
      major(order.total),
      order.total.currency,
      minutes(times.promisedSeconds),
      minutes(times.acceptToReadySeconds),
      times.lateBySeconds === null ? 'no' : 'yes',
      minutes(times.lateBySeconds),
    ]);
    const header = [
      'Order',
      `Placed (${timeZone})`,
      'Accepted',
      'Ready',
      'Handed over',
      'Status',
      'Type',
      'Items',
      'Total',
      'Currency',
      'Prep promised (min)',
      'Accept to ready (min)',
      'Late',
      'Late by (min)',
    ];
    return { filename: `countertop-orders-${day}.csv`, csv: toCsv([header, ...rows]) };
  };

  const readSettings = (): HistorySettings => ({
    retentionDays: deps.settings.get<number>(RETENTION_KEY) ?? DEFAULT_RETENTION_DAYS,
  });

  // Personal data of orders past the retention, whatever their state: an order stuck unfinished
  // (the platform never told its end) would otherwise keep its customer forever. A pre-order waits
  // until its own time is past the retention too. Orders are anonymised, not deleted: a past day's
  // summary (counts, sales, items, timings) stays useful and holds nobody's name.
  const selectExpired = db.prepare<
    [{ cutoff: string }],
    { id: string; data: string; reject_reason: string | null }
  >(
    `SELECT id, data, reject_reason FROM orders INDEXED BY orders_named
     WHERE anonymised = 0 AND created_at < @cutoff
       AND (json_extract(data, '$.preorderTime') IS NULL
         OR julianday(json_extract(data, '$.preorderTime')) < julianday(@cutoff))
     ORDER BY created_at LIMIT ${RETENTION_BATCH}`,
  );
  const anonymise = db.prepare(
    'UPDATE orders SET data = ?, reject_reason = ?, anonymised = 1 WHERE id = ?',
  );
  const selectReasons = db.prepare<[string], { seq: number; reason: string }>(
    'SELECT seq, reason FROM order_events WHERE order_id = ? AND reason IS NOT NULL',
  );
  const updateReason = db.prepare('UPDATE order_events SET reason = ? WHERE seq = ?');
  const forgetBatch = db.transaction((cutoff: string): number => {
    const rows = selectExpired.all({ cutoff });
    for (const row of rows) {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const name = typeof data.consumerName === 'string' ? data.consumerName : '';
      const address = (data.deliveryAddress ?? null) as Record<string, unknown> | null;
      const personal = [
        data.consumerPhone,
        data.consumerComment,
        address?.street,
        address?.formatted,
        name,
        ...name.split(/\s+/),
      ].filter((v): v is string => typeof v === 'string');
      const scrubbed = {
        ...data,
        consumerName: null,
        consumerPhone: null,
        consumerComment: null,
        deliveryAddress: null,
      };
      anonymise.run(
        JSON.stringify(scrubbed),
        row.reject_reason === null ? null : scrubText(row.reject_reason, personal),
        row.id,
      );
      for (const event of selectReasons.all(row.id)) {
        const reason = scrubText(event.reason, personal);
        if (reason !== event.reason) updateReason.run(reason, event.seq);
      }
    }
    return rows.length;
  });

  // In batches, giving the event loop back between them: the first run after an upgrade may find
  // a hundred thousand orders, and the counter must keep working meanwhile.
  const forgetOrders = async (cutoff: string): Promise<number> => {
    let total = 0;
    for (;;) {
      if (closed) return total;
      const count = forgetBatch(cutoff);
      total += count;
      if (count < RETENTION_BATCH) return total;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  let closed = false;
  let running: Promise<void> = Promise.resolve();
  const run = async (reason: 'start' | 'schedule' | 'setting'): Promise<void> => {
    if (closed) return;
    const { retentionDays } = readSettings();
    const cutoff = new Date(now().getTime() - retentionDays * DAY_MS).toISOString();
    const counts: string[] = [];
    let changed = 0;
    const step = async (
      name: string,
      forget: (cutoff: string) => number | Promise<number>,
    ): Promise<void> => {
      try {
        const count = await forget(cutoff);
        changed += count;
        counts.push(`${name} ${count}`);
      } catch (error) {
        counts.push(`${name} failed (${error instanceof Error ? error.name : 'error'})`);
        changed += 1;
      }
    };
    await step('orders', forgetOrders);
    for (const hook of deps.retention) if (!closed) await step(hook.name, hook.forget);
    if (closed) return;
    // What was removed is zeroed (secure_delete) in the WAL's pages; only a checkpoint puts them
    // in the database file, and the WAL's older copies of those pages go with its truncation.
    if (changed > 0) checkpointAndTruncate(db);
    // Counts only, never what was removed. A quiet hourly run is not worth an entry.
    if (changed > 0 || reason !== 'schedule')
      deps.audit.record({
        action: 'retention',
        subject: 'history',
        outcome: 'ran',
        detail: `Personal data older than ${retentionDays} days (before ${cutoff}) removed: ${counts.join(', ')}.`,
      });
  };

  /** One run at a time: a run asked for during another starts after it. */
  const runRetention = (reason: 'start' | 'schedule' | 'setting'): Promise<void> => {
    // Each step's failure is in the run's audit entry; a failed run never stops the next one.
    running = running.then(() => run(reason)).catch(() => undefined);
    return running;
  };

  let timer: NodeJS.Timeout | null = null;
  return {
    handlers: {
      'history:search': async (query) => search(query),
      'history:order': async ({ orderId }) => timeline(orderId),
      'history:summary': async ({ day }) => daySummary(day),
      'history:exportCsv': async ({ day }) => exportCsv(day),
      'history:settings': async () => readSettings(),
      'history:configure': async (request) => {
        // The host validated it; checked again here because this is where the setting is kept.
        const parsed = channels['history:configure'].request.safeParse(request);
        if (!parsed.success)
          throw new ServiceError(
            'invalid-request',
            parsed.error.issues[0]?.message ?? 'Invalid retention.',
          );
        deps.settings.set(RETENTION_KEY, parsed.data.retentionDays);
        deps.audit.record({
          action: 'history-settings',
          subject: 'history',
          outcome: 'changed',
          detail: `Retention ${parsed.data.retentionDays} days`,
        });
        await runRetention('setting');
        return readSettings();
      },
    },
    daySummary,
    runRetention,
    start: () => {
      void runRetention('start');
      timer = setInterval(() => void runRetention('schedule'), HOUR_MS);
      timer.unref();
    },
    close: async () => {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
};
