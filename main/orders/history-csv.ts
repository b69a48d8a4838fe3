// A day's orders as CSV (one row per order, times in the venue's time zone).
import { moneyDecimal } from '../../shared/money';
import type { Day } from '../../shared/history';
import { STATUS_WORDS, typeWord } from '../../shared/order-words';
import { toCsv } from './csv';
import { ms } from './history-context';
import type { TimelineContext } from './history-timeline';
import { dayOrders } from './history-timeline';
import { localDateTime } from './local-time';

const minutes = (seconds: number | null): number | null =>
  seconds === null ? null : Math.round(seconds / 6) / 10;

/** A venue's name as a file name's part (letters and digits, dashes between). */
const fileWord = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40) || 'venue';

export const exportCsv = (
  ctx: TimelineContext,
  day: Day,
  venueId?: string,
): { filename: string; csv: string } => {
  const timeZone = ctx.deps.timeZone();
  const time = (at: number | null): string | null =>
    at === null ? null : localDateTime(at, timeZone);
  const names = new Map((ctx.deps.venues?.() ?? []).map((v) => [v.venueId, v.name]));
  const nameOf = (id: string, fromOrder: string | null | undefined): string =>
    fromOrder ?? names.get(id) ?? '';
  const rows = dayOrders(ctx, day, venueId).map(({ order, times }) => [
    order.orderNumber,
    // Which venue (brand) the order was for: the name staff and the platform's reports use.
    nameOf(order.venueId, order.venueName),
    time(ms(order.createdAt)),
    time(times.acceptedAt),
    time(times.readyAt),
    time(times.handedOverAt),
    STATUS_WORDS[order.platformStatus],
    typeWord(order),
    order.items.reduce((sum, item) => sum + item.count, 0),
    moneyDecimal(order.total),
    order.total.currency,
    minutes(times.promisedSeconds),
    minutes(times.acceptToReadySeconds),
    times.lateBySeconds === null ? 'no' : 'yes',
    minutes(times.lateBySeconds),
    // The platform's own codes, for whoever matches rows with the platform's reports.
    order.platformStatus,
    order.deliveryType,
  ]);
  const header = [
    'Order',
    'Venue',
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
    'Status code',
    'Type code',
  ];
  const part = venueId ? `-${fileWord(nameOf(venueId, null))}` : '';
  return { filename: `countertop-orders-${day}${part}.csv`, csv: toCsv([header, ...rows]) };
};
