// The documents as lines (`PrintDocument`): the one source of what a printer prints and what the
// preview shows. Every line is laid out here to fit the paper (wrapped to the columns, sizes
// counted), so the encoder never wraps and the preview and the paper cannot disagree.
import type { Money, Order } from '../../shared/domain';
import type { DaySummary } from '../../shared/history';
import type { OrderStatus } from '../../shared/order-status';
import type { TypeKey } from '../../shared/order-words';
import { ORDER_WORDS } from '../../shared/order-words';
import { NAME_CLAMP, shapeName } from '../../shared/platform-text';
import type {
  OrderDocumentKind,
  PaperWidthMm,
  PrintDocument,
  PrintDocumentKind,
  PrintLine,
} from '../../shared/printing';
import { formatDate, formatTime } from '../../shared/local-format';
import { formatMoney } from '../../shared/money';
import type { ReadyBy } from '../../shared/order-timing';
import { readyByOf } from '../../shared/order-timing';
import { fulfilmentOf } from '../../shared/order-actions';
import { printable } from './code-page';
import { mentionsAllergy } from '../../shared/allergy';
import { deliveryAddressLines } from '../../shared/delivery-address';
import type { Language } from '../../shared/i18n';
import type { TicketLanguage } from './ticket-words';
import { ticketLanguage } from './ticket-words';

/** Font A columns per paper width. */
export const COLUMNS: Record<PaperWidthMm, number> = { 58: 32, 80: 48 };

/**
 * A name from the platform as a ticket prints it: shaped like on screen (no characters that
 * reorder the line or are not text) and clamped, so a 3,000-character name cannot print a metre
 * of paper; the order's detail on screen shows it whole.
 */
const nameOf = (name: string): string => shapeName(name, NAME_CLAMP, '...');

/**
 * Words wrapped to `width` characters; a word longer than a line is cut. Leading spaces indent
 * every line of the text (an option under its item).
 */
export const wrap = (text: string, width: number): string[] => {
  const clean = printable(text);
  const indent = ' '.repeat(Math.min(clean.length - clean.trimStart().length, width - 1));
  const room = width - indent.length;
  const lines: string[] = [];
  let current = '';
  for (const word of clean.trim().split(' ')) {
    if (!word) continue;
    let rest = word;
    while (rest.length > room) {
      if (current) lines.push(current);
      current = '';
      lines.push(rest.slice(0, room));
      rest = rest.slice(room);
    }
    if (!current) current = rest;
    else if (current.length + 1 + rest.length <= room) current += ` ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines.map((line) => indent + line) : [''];
};

/** The counter's clock time (main runs on the counter's machine, as the board does). */
const clock = (iso: string, locale?: string): string => formatTime(iso, locale);
const dateTime = (iso: string, locale?: string): string =>
  `${formatDate(iso, locale)} ${clock(iso, locale)}`;

type Style = Omit<Extract<PrintLine, { kind: 'text' }>, 'kind' | 'text'>;

/** A text wrapped to the paper at its size: one line per printed row. */
const text = (columns: number, value: string, style: Style = {}): PrintLine[] => {
  const size = style.size ?? 1;
  const width = Math.floor(columns / size);
  const align = style.align ?? 'left';
  // Inverted text fills the width, so the black band cannot be missed.
  const fill = (line: string): string => {
    if (!style.invert) return line;
    const space = width - line.length;
    if (align === 'right') return line.padStart(width);
    if (align === 'center') return `${' '.repeat(Math.floor(space / 2))}${line}`.padEnd(width);
    return line.padEnd(width);
  };
  return wrap(value, width).map((line) => ({ kind: 'text', text: fill(line), ...style }));
};

/** Left and right on one row; a long left side wraps above, the right stays on the last row. */
const columnsLine = (columns: number, left: string, right: string, bold = false): PrintLine[] => {
  const r = printable(right);
  const lines = wrap(left, Math.max(1, columns - r.length - 1));
  const last = lines.pop() ?? '';
  return [
    ...lines.map((line): PrintLine => ({ kind: 'text', text: line, ...(bold ? { bold } : {}) })),
    { kind: 'columns', left: last, right: r, ...(bold ? { bold } : {}) },
  ];
};

const rule: PrintLine = { kind: 'rule' };

/**
 * The time the ticket gives the kitchen: a pre-order's time; an accepted order's time as staff
 * chose it, marked "(asked)" until the platform confirmed it (shared/order-timing.ts), then the
 * platform's; before an answer, the platform's estimate.
 */
const readyTime = (order: Order): ReadyBy | null => {
  if (order.type === 'preorder')
    return order.preorderTime ? { at: order.preorderTime, confirmed: true } : null;
  const chosen = readyByOf(order);
  if (chosen) return chosen;
  return order.pickupEta ? { at: order.pickupEta, confirmed: true } : null;
};

const header = (
  columns: number,
  order: Order,
  title: string,
  { words, locale }: TicketLanguage,
): PrintLine[] => {
  // The number is what staff call out: as large as the paper allows.
  const number = `#${printable(order.orderNumber)}`;
  const size = number.length * 3 <= columns ? 3 : number.length * 2 <= columns ? 2 : 1;
  const when = readyTime(order);
  return [
    ...text(columns, title, { align: 'center' }),
    // Which venue (brand) the order is for: a kitchen cooking for several must not mix them up.
    ...(order.venueName
      ? text(columns, order.venueName, { align: 'center', bold: true, invert: true })
      : []),
    ...text(columns, number, { align: 'center', size, bold: true }),
    ...text(columns, words.type[order.deliveryType], { align: 'center', size: 2, bold: true }),
    ...(order.type === 'preorder'
      ? text(columns, words.preorder, { align: 'center', bold: true, invert: true })
      : []),
    ...(order.consumerName
      ? text(columns, nameOf(order.consumerName), { bold: true, size: 2 })
      : []),
    ...(when
      ? text(
          columns,
          (order.deliveryType === 'homedelivery' ? words.courierAt : words.pickupAt)(
            when.confirmed ? clock(when.at, locale) : words.asked(clock(when.at, locale)),
          ),
          { bold: true, size: 2 },
        )
      : []),
    ...text(columns, words.received(dateTime(order.createdAt, locale))),
  ];
};

/**
 * What the venue's own courier needs (self-delivery orders only): when the customer expects it,
 * where, the phone and a doorstep drop-off. Personal data, printed because the courier carries
 * the label to the door; the screen hides the phone until tapped.
 */
const ownDelivery = (
  columns: number,
  order: Order,
  { words, locale }: TicketLanguage,
): PrintLine[] => {
  if (fulfilmentOf(order) !== 'self-delivery') return [];
  return [
    rule,
    ...text(columns, words.ownCourier, { align: 'center', bold: true, invert: true }),
    ...(order.deliveryTime
      ? text(columns, words.deliverBy(clock(order.deliveryTime, locale)), { bold: true, size: 2 })
      : []),
    ...deliveryAddressLines(order).flatMap((line) => text(columns, line, { bold: true })),
    ...(order.consumerPhone ? text(columns, words.phone(order.consumerPhone)) : []),
    ...(order.noContactDelivery ? text(columns, words.leaveAtDoor, { bold: true }) : []),
  ];
};

const note = (columns: number, comment: string | null, { words }: TicketLanguage): PrintLine[] => {
  if (!comment?.trim()) return [];
  if (mentionsAllergy(comment))
    return [
      ...text(columns, words.allergy, { align: 'center', size: 2, bold: true, invert: true }),
      ...text(columns, comment, { bold: true, invert: true }),
    ];
  return text(columns, words.note(comment), { bold: true });
};

const items = (columns: number, order: Order, prices: boolean): PrintLine[] =>
  order.items.flatMap((item) => [
    ...(prices
      ? columnsLine(columns, `${item.count} x ${nameOf(item.name)}`, formatMoney(item.total), true)
      : text(columns, `${item.count} x ${nameOf(item.name)}`, { bold: true, size: 2 })),
    ...item.options.flatMap((option) =>
      text(
        columns,
        `  + ${option.count > 1 ? `${option.count} x ` : ''}${nameOf(option.name)}: ${nameOf(option.value)}`,
        prices ? {} : { bold: true },
      ),
    ),
  ]);

const document = (
  kind: PrintDocumentKind,
  paperWidth: PaperWidthMm,
  language: Language,
  lines: PrintLine[],
): PrintDocument => ({ kind, paperWidth, columns: COLUMNS[paperWidth], language, lines });

/** The kitchen's ticket, in the language the kitchen reads (PrintSettings.kitchenLanguage). */
export const kitchenTicket = (
  order: Order,
  paperWidth: PaperWidthMm,
  language: Language = 'en',
): PrintDocument => {
  const c = COLUMNS[paperWidth];
  const lang = ticketLanguage(language);
  return document('kitchen-ticket', paperWidth, language, [
    ...header(c, order, lang.words.kitchen, lang),
    ...ownDelivery(c, order, lang),
    rule,
    ...note(c, order.consumerComment, lang),
    ...items(c, order, false),
    rule,
    ...text(c, lang.words.items(order.items.reduce((n, i) => n + i.count, 0)), {
      align: 'right',
    }),
  ]);
};

/** The bag's label, in the screen's language: the counter staff and the courier read it. */
export const pickupLabel = (
  order: Order,
  paperWidth: PaperWidthMm,
  language: Language = 'en',
): PrintDocument => {
  const c = COLUMNS[paperWidth];
  const lang = ticketLanguage(language);
  return document('pickup-label', paperWidth, language, [
    ...header(c, order, lang.words.pickup, lang),
    ...ownDelivery(c, order, lang),
    ...note(c, order.consumerComment, lang),
    rule,
    ...order.items.flatMap((item) => text(c, `${item.count} x ${nameOf(item.name)}`)),
  ]);
};

/** The receipt, in the screen's language, its money written the local way. */
export const receipt = (
  order: Order,
  paperWidth: PaperWidthMm,
  venueName: string | null,
  language: Language = 'en',
): PrintDocument => {
  const c = COLUMNS[paperWidth];
  const lang = ticketLanguage(language);
  const money = (value: Money): string => formatMoney(value, lang.locale);
  return document('receipt', paperWidth, language, [
    ...(venueName ? text(c, venueName, { align: 'center', bold: true, size: 2 }) : []),
    ...header(c, order, lang.words.receipt, lang),
    ...note(c, order.consumerComment, lang),
    rule,
    ...order.items.flatMap((item) => [
      ...columnsLine(c, `${item.count} x ${nameOf(item.name)}`, money(item.total)),
      ...item.options.flatMap((option) =>
        option.price.amount
          ? columnsLine(
              c,
              `  + ${nameOf(option.name)}: ${nameOf(option.value)}`,
              money(option.price),
            )
          : text(c, `  + ${nameOf(option.name)}: ${nameOf(option.value)}`),
      ),
    ]),
    rule,
    ...columnsLine(c, lang.words.total, money(order.total), true),
    { kind: 'feed', lines: 1 },
    ...text(c, lang.words.thanks, { align: 'center' }),
  ]);
};

/** Which language each paper is written in: the kitchen's for its ticket, the screen's for the rest. */
export type PaperLanguages = { kitchen: Language; screen: Language };

export const orderDocument = (
  kind: OrderDocumentKind,
  order: Order,
  paperWidth: PaperWidthMm,
  venueName: string | null,
  languages: PaperLanguages = { kitchen: 'en', screen: 'en' },
): PrintDocument =>
  kind === 'kitchen-ticket'
    ? kitchenTicket(order, paperWidth, languages.kitchen)
    : kind === 'pickup-label'
      ? pickupLabel(order, paperWidth, languages.screen)
      : receipt(order, paperWidth, venueName, languages.screen);

/**
 * Whose day a summary is, under its title: the one venue asked for by its name; every venue's on
 * a terminal of several ('All venues', then each venue's orders and sales handed over); nothing
 * on a terminal of one venue. Never a venue's id: one no order named yet is 'Venue 2'.
 */
const summaryVenues = (
  c: number,
  summary: DaySummary,
  words: TicketLanguage['words']['summary'],
  money: (value: Money) => string,
  venueId: string | undefined,
): PrintLine[] => {
  const named = (name: string | null, index: number): string =>
    name ? nameOf(name) : words.venue(index + 1);
  if (venueId !== undefined) {
    const row = summary.venues.find((v) => v.venueId === venueId);
    return row?.name ? text(c, nameOf(row.name), { align: 'center', bold: true }) : [];
  }
  if (summary.venues.length < 2) return [];
  return [
    ...text(c, words.allVenues, { align: 'center', bold: true }),
    rule,
    ...text(c, words.perVenue, { bold: true }),
    ...summary.venues.flatMap((venue, index) => [
      ...columnsLine(c, `  ${named(venue.name, index)}`, String(venue.orders)),
      ...venue.sales.flatMap((sale) =>
        columnsLine(c, `    ${words.sales(sale.currency, sale.orders)}`, money(sale.total)),
      ),
    ]),
  ];
};

/**
 * The day's summary, in the screen's language: the counter staff read it at closing. Of one venue
 * (`venueId`, named under the title), or of every venue: on a terminal of several, 'All venues'
 * under the title and each venue's orders and sales (as the screen's 'Per venue').
 */
export const daySummaryDocument = (
  summary: DaySummary,
  paperWidth: PaperWidthMm,
  language: Language = 'en',
  venueId?: string,
): PrintDocument => {
  const c = COLUMNS[paperWidth];
  const { locale, words: all } = ticketLanguage(language);
  const words = all.summary;
  const order = ORDER_WORDS[language];
  const money = (value: Money): string => formatMoney(value, locale);
  const seconds = (value: number | null): string =>
    value === null ? '-' : words.duration(Math.floor(value / 60), Math.round(value % 60));
  const counts = (record: Record<string, number>, name: (key: string) => string): PrintLine[] =>
    Object.entries(record)
      .filter(([, n]) => n > 0)
      .flatMap(([key, n]) => columnsLine(c, `  ${name(key)}`, String(n)));
  return document('day-summary', paperWidth, language, [
    ...text(c, words.title, { align: 'center', bold: true, size: 2 }),
    ...text(c, `${summary.day} (${summary.timeZone})`, { align: 'center' }),
    ...summaryVenues(c, summary, words, money, venueId),
    rule,
    ...columnsLine(c, words.orders, String(summary.orders), true),
    ...counts(summary.byStatus, (status) => order.status[status as OrderStatus] ?? status),
    ...columnsLine(c, words.byType, ''),
    ...counts(summary.byType, (type) =>
      type === 'homedelivery' ? order.type.delivery : (order.type[type as TypeKey] ?? type),
    ),
    rule,
    ...summary.sales.flatMap((sale) => [
      ...columnsLine(c, words.sales(sale.currency, sale.orders), money(sale.total), true),
      ...columnsLine(c, `  ${words.averageBasket}`, money(sale.averageBasket)),
    ]),
    ...columnsLine(c, words.acceptToReady, seconds(summary.acceptToReady.averageSeconds)),
    ...columnsLine(c, `  ${words.promised}`, seconds(summary.acceptToReady.promisedAverageSeconds)),
    ...columnsLine(c, `  ${words.within90}`, seconds(summary.acceptToReady.p90Seconds)),
    ...columnsLine(c, words.late, String(summary.late.length)),
    ...summary.late.flatMap((late) =>
      columnsLine(c, `  #${late.orderNumber}`, seconds(late.lateBySeconds)),
    ),
    ...(summary.rejections.length ? [rule, ...text(c, words.rejections, { bold: true })] : []),
    ...summary.rejections.flatMap((r) =>
      columnsLine(c, `  ${r.reason || words.rejectedNoReason}`, String(r.count)),
    ),
    ...(summary.items.length ? [rule, ...text(c, words.items, { bold: true })] : []),
    ...summary.items.flatMap((item) =>
      columnsLine(c, `  ${nameOf(item.name)}`, String(item.count)),
    ),
  ]);
};

/**
 * A made-up order for previews when none is chosen (setting printers up before the first order):
 * options, a note with an allergy and a total, so every part of each document shows.
 */
export const sampleOrder = (at: Date): Order => {
  const eur = (amount: number): Money => ({ amount, currency: 'EUR' });
  const createdAt = at.toISOString();
  return {
    id: 'sample',
    orderNumber: '123',
    venueId: 'sample',
    status: 'PRODUCTION',
    platformStatus: 'PRODUCTION',
    type: 'instant',
    preorderTime: null,
    preorderStatus: null,
    deliveryType: 'takeaway',
    selfDelivery: false,
    items: [
      {
        id: 'i1',
        name: 'Margherita',
        count: 2,
        options: [{ name: 'Size', value: 'Large', count: 1, price: eur(200) }],
        total: eur(2400),
        posId: null,
      },
      { id: 'i2', name: 'Lemonade', count: 1, options: [], total: eur(450), posId: null },
    ],
    total: eur(2850),
    consumerName: 'Sample Customer',
    consumerPhone: null,
    consumerComment: 'Nut allergy, please',
    deliveryAddress: null,
    pickupEta: new Date(at.getTime() + 20 * 60_000).toISOString(),
    deliveryTime: null,
    noContactDelivery: false,
    courierPickupEta: null,
    pickupCompleted: false,
    preparationMinutes: 20,
    venuePreparationSeconds: null,
    autoAccepted: false,
    arrivedLate: false,
    rejectReason: null,
    createdAt,
    updatedAt: createdAt,
    pending: null,
  };
};

/**
 * A printer's test page, in the tickets' language (the kitchen's, PrintSettings.kitchenLanguage):
 * what the page shows is how that language's tickets come out, its special characters too.
 */
export const testPage = (
  printerName: string,
  paperWidth: PaperWidthMm,
  at: Date,
  language: Language = 'en',
): PrintDocument => {
  const c = COLUMNS[paperWidth];
  const { words, locale } = ticketLanguage(language);
  const page = words.testPage;
  return document('test-page', paperWidth, language, [
    ...text(c, page.title, { align: 'center', bold: true, size: 2 }),
    ...text(c, printerName, { align: 'center' }),
    ...text(c, dateTime(at.toISOString(), locale), { align: 'center' }),
    rule,
    ...text(c, '#42', { align: 'center', size: 3, bold: true }),
    ...text(c, page.bold, { bold: true }),
    ...text(c, page.underlined, { underline: true }),
    ...text(c, page.inverted, { invert: true }),
    ...text(c, page.right, { align: 'right' }),
    ...text(c, `${page.characters}: € ä ö å Ä Ö Å ü ß é`),
    ...columnsLine(c, page.columns, page.width(c, paperWidth)),
    ...text(c, '1234567890'.repeat(5).slice(0, c)),
  ]);
};
