// A day's orders as CSV (one row per order, times in the venue's time zone).
import type { Money } from '../../shared/domain';
import type { Day } from '../../shared/history';
import { toCsv } from './csv';
import { ms } from './history-context';
import type { TimelineContext } from './history-timeline';
import { dayOrders } from './history-timeline';
import { localDateTime } from './local-time';

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

export const exportCsv = (ctx: TimelineContext, day: Day): { filename: string; csv: string } => {
  const timeZone = ctx.deps.timeZone();
  const time = (at: number | null): string | null =>
    at === null ? null : localDateTime(at, timeZone);
  const rows = dayOrders(ctx, day).map(({ order, times }) => [
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
