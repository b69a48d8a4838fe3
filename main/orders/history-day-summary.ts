// The end-of-day summary (also what the printed day summary shows): counts, sales, timings,
// items and hours of the orders placed on a day in the venue's time zone.
import type { DeliveryType, OrderStatus } from '../../shared/domain';
import { DELIVERY_TYPES, ORDER_STATUSES } from '../../shared/domain';
import type { Day, DaySummary } from '../../shared/history';
import { ms } from './history-context';
import type { DayOrder, TimelineContext } from './history-timeline';
import { dayOrders } from './history-timeline';
import { localParts } from './local-time';

/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: readonly number[], p: number): number | null =>
  sorted.length === 0 ? null : (sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? null);

const average = (values: readonly number[]): number | null =>
  values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);

type Tally = {
  byStatus: Record<OrderStatus, number>;
  byType: Record<DeliveryType, number>;
  rejections: Map<string, number>;
  sales: Map<string, { amount: number; orders: number }>;
  items: Map<string, number>;
  durations: number[];
  promised: number[];
  late: DaySummary['late'];
};

const tally = (orders: readonly DayOrder[]): Tally => {
  const t: Tally = {
    byStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>,
    byType: Object.fromEntries(DELIVERY_TYPES.map((x) => [x, 0])) as Record<DeliveryType, number>,
    rejections: new Map(),
    sales: new Map(),
    items: new Map(),
    durations: [],
    promised: [],
    late: [],
  };
  for (const { order, times } of orders) {
    t.byStatus[order.platformStatus] += 1;
    t.byType[order.deliveryType] += 1;
    if (order.platformStatus === 'REJECTED') {
      const reason = order.rejectReason ?? '';
      t.rejections.set(reason, (t.rejections.get(reason) ?? 0) + 1);
    }
    if (order.platformStatus === 'DELIVERED') {
      const row = t.sales.get(order.total.currency) ?? { amount: 0, orders: 0 };
      row.amount += order.total.amount;
      row.orders += 1;
      t.sales.set(order.total.currency, row);
      for (const item of order.items)
        t.items.set(item.name, (t.items.get(item.name) ?? 0) + item.count);
    }
    if (times.acceptToReadySeconds !== null) {
      t.durations.push(times.acceptToReadySeconds);
      if (times.promisedSeconds !== null) t.promised.push(times.promisedSeconds);
    }
    if (times.lateBySeconds !== null)
      t.late.push({
        orderId: order.id,
        orderNumber: order.orderNumber,
        lateBySeconds: times.lateBySeconds,
      });
  }
  return t;
};

/** Orders per local hour, and sales in the day's main currency. */
const byHour = (
  orders: readonly DayOrder[],
  timeZone: string,
  currency: string | null,
): DaySummary['hours'] => {
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, sales: 0 }));
  for (const { order } of orders) {
    const at = ms(order.createdAt);
    if (at === null) continue;
    const row = hours[localParts(at, timeZone).hour];
    if (!row) continue;
    row.orders += 1;
    if (order.platformStatus === 'DELIVERED' && order.total.currency === currency)
      row.sales += order.total.amount;
  }
  return hours;
};

/** The venues of a day's orders: the terminal's venues in their order, then any other. */
const venueRows = (
  ctx: TimelineContext,
  orders: readonly DayOrder[],
  venueId: string | undefined,
): DaySummary['venues'] => {
  const rows = new Map<string, DaySummary['venues'][number]>();
  const known = ctx.deps.venues?.() ?? [];
  for (const venue of known)
    if (!venueId || venue.venueId === venueId)
      rows.set(venue.venueId, { venueId: venue.venueId, name: venue.name, orders: 0, sales: [] });
  for (const { order } of orders) {
    let row = rows.get(order.venueId);
    if (!row) {
      row = { venueId: order.venueId, name: null, orders: 0, sales: [] };
      rows.set(order.venueId, row);
    }
    row.name ??= order.venueName ?? null;
    row.orders += 1;
    if (order.platformStatus !== 'DELIVERED') continue;
    let sale = row.sales.find((s) => s.currency === order.total.currency);
    if (!sale) {
      sale = { currency: order.total.currency, total: { ...order.total, amount: 0 }, orders: 0 };
      row.sales.push(sale);
    }
    sale.total.amount += order.total.amount;
    sale.orders += 1;
  }
  return [...rows.values()];
};

export const daySummary = (ctx: TimelineContext, day: Day, venueId?: string): DaySummary => {
  const timeZone = ctx.deps.timeZone();
  const orders = dayOrders(ctx, day, venueId);
  const t = tally(orders);
  const salesRows = [...t.sales.entries()]
    .map(([currency, row]) => ({
      currency,
      total: { amount: row.amount, currency },
      orders: row.orders,
      averageBasket: { amount: Math.round(row.amount / row.orders), currency },
    }))
    .sort((a, b) => b.orders - a.orders || a.currency.localeCompare(b.currency));
  const sorted = [...t.durations].sort((a, b) => a - b);
  return {
    day,
    timeZone,
    orders: orders.length,
    byStatus: t.byStatus,
    byType: t.byType,
    rejections: [...t.rejections.entries()]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    sales: salesRows,
    acceptToReady: {
      count: t.durations.length,
      averageSeconds: average(t.durations),
      p90Seconds: percentile(sorted, 90),
      promisedAverageSeconds: average(t.promised),
    },
    late: t.late.sort((a, b) => b.lateBySeconds - a.lateBySeconds),
    items: [...t.items.entries()]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    hours: byHour(orders, timeZone, salesRows[0]?.currency ?? null),
    venues: venueRows(ctx, orders, venueId),
  };
};
