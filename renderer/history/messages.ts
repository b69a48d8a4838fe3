// The history slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import type { TimelineEntry } from '../../shared/history';
import type { PrintJobState } from '../../shared/printing';
import { m } from '../../shared/i18n';
import { kitMessages, sliceLookup } from '../ui-kit/messages';
import { historyFi } from './messages.fi';
import { historySv } from './messages.sv';
import { historyDe } from './messages.de';

export const historyMessages = {
  history: {
    ...kitMessages.history,
    orders: 'Past orders',
    endOfDay: 'End of day',
    searchTitle: 'Find an order',
    search: 'Order number, customer or item',
    find: 'Find',
    day: 'Day',
    status: 'Status',
    type: 'Type',
    clearFilters: 'Clear filters',
    loading: 'Loading…',
    more: 'Show more',
    noMatch: 'No orders match. Try fewer words or clear the filters.',
    noOrdersOnDay: 'No orders on this day',
    noOrdersYet: 'No orders yet.',
    results: 'Orders, newest first',
    row: m('Open order #{n}', 'n'),
    /** An action sent but not confirmed by the platform yet: the pill shows the confirmed state. */
    changing: 'changing…',
    order: m('Order #{n}', 'n'),
    received: m('Received {when}', 'when'),
    items: 'Items',
    timeline: 'What happened',
    timelineEmpty: 'Nothing recorded for this order.',
    reprint: 'Print again',
    printSent: m('{n, plural, one {Sent to the printer.} other {Sent to # printers.}}', 'n'),
    noPrinter: m(
      'No printer is set up to print the {document}: set one up under Venue → Printers.',
      'document',
    ),
    /** A ticket the printer stopped in the middle of: part of it may be on paper. */
    printHeld: 'stopped mid-ticket, Print again prints it whole',
    printStates: {
      queued: 'waiting to print',
      printing: 'printing…',
      waiting: 'waiting for the printer',
      printed: 'printed',
      canceled: 'cancelled',
    } satisfies Record<PrintJobState, string>,
    actors: { staff: 'staff', auto: 'Countertop (automatic)' },
    outcomes: {
      done: 'sent, the platform took it',
      retrying: 'not sent yet, trying again',
      failed: 'failed',
      discarded: 'discarded by staff',
      retried: 'sent again by staff',
    } satisfies Record<Extract<TimelineEntry, { kind: 'attempt' }>['outcome'], string>,
    entry: {
      received: 'Reached this terminal',
      status: m('Platform confirmed: {status}', 'status'),
      action: m('{action} by {by} on terminal {terminal}', 'action', 'by', 'terminal'),
      elsewhere: m('{action} on terminal {terminal}', 'action', 'terminal'),
      elsewhereUnnamed: m('{action} on another terminal', 'action'),
      prep: m('{m} min preparation', 'm'),
      reason: m('Reason: {reason}', 'reason'),
      attempt: m('{action}: {outcome}', 'action', 'outcome'),
      print: m('{document} on {printer}: {state}', 'document', 'printer', 'state'),
    },
    summaryTitle: m('End of day · {day}', 'day'),
    previousDay: 'Previous day',
    nextDay: 'Next day',
    today: 'Today',
    timeZone: m('Days run midnight to midnight ({zone}).', 'zone'),
    ordersCount: m('{n, plural, one {# order} other {# orders}}', 'n'),
    byStatus: 'By status',
    byType: 'By type',
    sales: 'Orders and sales',
    noSales: 'No sales: no order was handed over.',
    /** Sales count handed-over orders only: what the platform collects payment for. */
    salesRow: m('from {orders} handed over · average basket {average}', 'orders', 'average'),
    rejections: 'Rejections',
    noRejections: 'No rejections.',
    /** An order rejected where no reason reached this terminal (on another device). */
    rejectedNoReason: 'No reason given here',
    timing: 'Accept to ready',
    noTiming: 'No accepted order was marked ready.',
    average: 'Average',
    p90: '9 in 10 within',
    promised: 'Promised on average',
    timingCount: m('{n, plural, one {From # order} other {From # orders}}', 'n'),
    minutes: m('{m} min', 'm'),
    late: 'Ready later than promised',
    noLate: 'No order was ready late.',
    lateBy: m('{duration} late', 'duration'),
    itemsSold: 'Items sold',
    noItems: 'No items.',
    perHour: 'Orders per hour',
    /** The day summary of a terminal of several venues: each venue's orders and sales. */
    venuePicker: 'Venue',
    perVenue: 'Per venue',
    venueTotals: m(
      '{orders, plural, one {# order} other {# orders}} · {sales} handed over',
      'orders',
      'sales',
    ),
    hour: m('{hour, number, ::integer-width/*00}', 'hour'),
    hourDetail: m(
      '{hour, number, ::integer-width/*00}:00–{next, number, ::integer-width/*00}:00: {orders, plural, one {# order} other {# orders}}{sales, select, none {} other {, {sales}}}',
      'hour',
      'orders',
      'sales',
      'next',
    ),
    exportCsv: 'Export CSV',
    exporting: 'Exporting…',
    exported: m('Saved {file} to the Downloads folder.', 'file'),
    printSummary: 'Print summary',
    preview: 'Preview',
    hidePreview: 'Hide preview',
    previewTitle: 'Day summary as it prints',
    retentionTitle: 'Order history',
    retentionDays: 'Keep order history for (days)',
    retentionNow: m(
      'Orders are kept {days, plural, one {# day} other {# days}}. Older orders lose the customer’s name, phone and note; numbers and totals stay for the day summaries.',
      'days',
    ),
    retentionRange: m('Enter a whole number of days from {min} to {max}.', 'min', 'max'),
    save: 'Save',
    saved: 'Saved.',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(historyMessages, { fi: historyFi, sv: historySv, de: historyDe });
