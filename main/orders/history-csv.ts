// A day's orders as CSV (one row per order, times in the venue's time zone).
import { moneyDecimal } from '../../shared/money';
import type { Day } from '../../shared/history';
import type { Language } from '../../shared/i18n';
import { ORDER_WORDS, typeWord } from '../../shared/order-words';
import { toCsv } from './csv';
import { ms } from './history-context';
import type { TimelineContext } from './history-timeline';
import { dayOrders } from './history-timeline';
import { localDateTime } from './local-time';

type Header = {
  order: string;
  venue: string;
  /** Followed by the venue's time zone in brackets. */
  placed: string;
  accepted: string;
  ready: string;
  handedOver: string;
  status: string;
  type: string;
  items: string;
  total: string;
  currency: string;
  promised: string;
  acceptToReady: string;
  late: string;
  lateBy: string;
  statusCode: string;
  typeCode: string;
  yes: string;
  no: string;
};

// The CSV's column headers in the screen's language (staff open it in their spreadsheet). Reviewed
// by a native speaker who has worked a counter before shipping (Finnish, Swedish, German).
const HEADERS: Record<Language, Header> = {
  en: {
    order: 'Order',
    venue: 'Venue',
    placed: 'Placed',
    accepted: 'Accepted',
    ready: 'Ready',
    handedOver: 'Handed over',
    status: 'Status',
    type: 'Type',
    items: 'Items',
    total: 'Total',
    currency: 'Currency',
    promised: 'Prep promised (min)',
    acceptToReady: 'Accept to ready (min)',
    late: 'Late',
    lateBy: 'Late by (min)',
    statusCode: 'Status code',
    typeCode: 'Type code',
    yes: 'yes',
    no: 'no',
  },
  fi: {
    order: 'Tilaus',
    venue: 'Ravintola',
    placed: 'Tilattu',
    accepted: 'Hyväksytty',
    ready: 'Valmis',
    handedOver: 'Luovutettu',
    status: 'Tila',
    type: 'Tyyppi',
    items: 'Tuotteita',
    total: 'Yhteensä',
    currency: 'Valuutta',
    promised: 'Luvattu valmistusaika (min)',
    acceptToReady: 'Hyväksynnästä valmiiksi (min)',
    late: 'Myöhässä',
    lateBy: 'Myöhässä (min)',
    statusCode: 'Tilakoodi',
    typeCode: 'Tyyppikoodi',
    yes: 'kyllä',
    no: 'ei',
  },
  sv: {
    order: 'Beställning',
    venue: 'Restaurang',
    placed: 'Beställd',
    accepted: 'Accepterad',
    ready: 'Klar',
    handedOver: 'Utlämnad',
    status: 'Status',
    type: 'Typ',
    items: 'Artiklar',
    total: 'Totalt',
    currency: 'Valuta',
    promised: 'Utlovad tillagningstid (min)',
    acceptToReady: 'Accepterad till klar (min)',
    late: 'Sen',
    lateBy: 'Sen med (min)',
    statusCode: 'Statuskod',
    typeCode: 'Typkod',
    yes: 'ja',
    no: 'nej',
  },
  de: {
    order: 'Bestellung',
    venue: 'Restaurant',
    placed: 'Eingegangen',
    accepted: 'Angenommen',
    ready: 'Fertig',
    handedOver: 'Übergeben',
    status: 'Status',
    type: 'Art',
    items: 'Artikel',
    total: 'Summe',
    currency: 'Währung',
    promised: 'Zugesagte Zubereitung (min)',
    acceptToReady: 'Annahme bis fertig (min)',
    late: 'Verspätet',
    lateBy: 'Verspätet um (min)',
    statusCode: 'Statuscode',
    typeCode: 'Artcode',
    yes: 'ja',
    no: 'nein',
  },
};

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
  const language = ctx.deps.language?.() ?? 'en';
  const words = HEADERS[language];
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
    ORDER_WORDS[language].status[order.platformStatus],
    typeWord(order, language),
    order.items.reduce((sum, item) => sum + item.count, 0),
    moneyDecimal(order.total),
    order.total.currency,
    minutes(times.promisedSeconds),
    minutes(times.acceptToReadySeconds),
    times.lateBySeconds === null ? words.no : words.yes,
    minutes(times.lateBySeconds),
    // The platform's own codes, for whoever matches rows with the platform's reports.
    order.platformStatus,
    order.deliveryType,
  ]);
  const header = [
    words.order,
    words.venue,
    `${words.placed} (${timeZone})`,
    words.accepted,
    words.ready,
    words.handedOver,
    words.status,
    words.type,
    words.items,
    words.total,
    words.currency,
    words.promised,
    words.acceptToReady,
    words.late,
    words.lateBy,
    words.statusCode,
    words.typeCode,
  ];
  const part = venueId ? `-${fileWord(nameOf(venueId, null))}` : '';
  return { filename: `countertop-orders-${day}${part}.csv`, csv: toCsv([header, ...rows]) };
};
