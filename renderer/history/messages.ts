// The history slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import type { TimelineEntry } from '../../shared/history';
import type { PrintJobState } from '../../shared/printing';
import { kitMessages } from '../ui-kit/messages';

export const historyMessages = {
  history: {
    ...kitMessages.history,
    orders: 'Past orders',
    endOfDay: 'End of day',
    searchTitle: 'Find an order',
    search: 'Order number, customer or item',
    find: 'Find',
    day: 'Day',
    anyDay: 'Any day',
    status: 'Status',
    type: 'Type',
    clearFilters: 'Clear filters',
    loading: 'Loading…',
    more: 'Show more',
    noMatch: 'No orders match. Try fewer words or clear the filters.',
    noOrdersOnDay: 'No orders on this day',
    noOrdersYet: 'No orders yet.',
    results: 'Orders, newest first',
    row: (n: string) => `Open order #${n}`,
    /** An action sent but not confirmed by the platform yet: the pill shows the confirmed state. */
    changing: 'changing…',
    order: (n: string) => `Order #${n}`,
    received: (when: string) => `Received ${when}`,
    customer: 'Customer',
    items: 'Items',
    timeline: 'What happened',
    timelineEmpty: 'Nothing recorded for this order.',
    reprint: 'Print again',
    printSent: (n: number) => (n === 1 ? 'Sent to the printer.' : `Sent to ${n} printers.`),
    noPrinter: (document: string) =>
      `No printer is set up to print the ${document.toLowerCase()}: set one up under Venue → Printers.`,
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
      status: (status: string) => `Platform confirmed: ${status}`,
      action: (action: string, by: string, terminal: string) =>
        `${action} by ${by} on terminal ${terminal}`,
      prep: (m: number) => `${m} min preparation`,
      reason: (reason: string) => `Reason: ${reason}`,
      attempt: (action: string, outcome: string) => `${action}: ${outcome}`,
      print: (document: string, printer: string, state: string) =>
        `${document} on ${printer}: ${state}`,
    },
    summaryTitle: (day: string) => `End of day · ${day}`,
    previousDay: 'Previous day',
    nextDay: 'Next day',
    today: 'Today',
    timeZone: (zone: string) => `Days run midnight to midnight, ${zone} time.`,
    ordersCount: (n: number) => (n === 1 ? '1 order' : `${n} orders`),
    byStatus: 'By status',
    byType: 'By type',
    sales: 'Orders and sales',
    noSales: 'No sales: no order was handed over.',
    /** Sales count handed-over orders only: what the platform collects payment for. */
    salesRow: (orders: number, average: string) =>
      `from ${orders} handed over · average basket ${average}`,
    rejections: 'Rejections',
    noRejections: 'No rejections.',
    timing: 'Accept to ready',
    noTiming: 'No accepted order was marked ready.',
    average: 'Average',
    p90: '9 in 10 within',
    promised: 'Promised on average',
    timingCount: (n: number) => (n === 1 ? 'From 1 order' : `From ${n} orders`),
    minutes: (m: number) => `${m} min`,
    late: 'Ready later than promised',
    noLate: 'No order was ready late.',
    lateBy: (duration: string) => `${duration} late`,
    itemsSold: 'Items sold',
    noItems: 'No items.',
    perHour: 'Orders per hour',
    hour: (hour: number) => String(hour).padStart(2, '0'),
    hourDetail: (hour: number, orders: number, sales: string | null) =>
      `${String(hour).padStart(2, '0')}:00–${String(hour + 1).padStart(2, '0')}:00: ${orders === 1 ? '1 order' : `${orders} orders`}${sales ? `, ${sales}` : ''}`,
    exportCsv: 'Export CSV',
    exporting: 'Exporting…',
    exported: (file: string) => `Saved ${file} to the Downloads folder.`,
    printSummary: 'Print summary',
    preview: 'Preview',
    hidePreview: 'Hide preview',
    previewTitle: 'Day summary as it prints',
    retentionTitle: 'Order history',
    retentionDays: 'Keep order history for (days)',
    retentionNow: (days: number) =>
      `Orders are kept ${days === 1 ? '1 day' : `${days} days`}. Older orders lose the customer’s name, phone and note; numbers and totals stay for the day summaries.`,
    retentionRange: (min: number, max: number) =>
      `Enter a whole number of days from ${min} to ${max}.`,
    save: 'Save',
    saved: 'Saved.',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = { ...kitMessages, ...historyMessages };
