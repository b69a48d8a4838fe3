// The words every slice shares: navigation, an order's vocabulary, the actions' labels, durations,
// errors, the names of printed documents and the few words one slice shows of another's. Each
// slice's messages.ts adds its own sections to these; renderer/i18n/en.ts composes them all into
// the one typed lookup. A translation is the same shape, slice by slice.
import type { Weekday } from '../../shared/domain';
import type { PrintDocumentKind } from '../../shared/printing';
import { STATUS_WORDS, TYPE_WORDS } from '../../shared/order-words';
import { localized, m } from '../../shared/i18n';
import type { Translations } from '../../shared/i18n';
import { currentLanguage, pseudoLocale } from './language';
import { kitFi } from './messages.fi';
import { kitSv } from './messages.sv';
import { kitDe } from './messages.de';

export const kitMessages = {
  appName: 'Countertop',
  loading: 'Connecting to the terminal service…',
  loadFailed: 'The terminal service did not answer',
  noBridge: 'The terminal service is not available in this window.',
  tryAgain: 'Try again',
  venues: {
    /** The board's filter showing every venue's orders. */
    all: 'All venues',
    /** A venue whose orders carry no name yet: never its id. */
    unnamed: m('Venue {n}', 'n'),
    /** The settings page's venue picker, on a terminal of several venues. */
    settingsFor: 'Settings of',
    settingsHint:
      'The automatic pause, auto-accept, the reminder and who prints what are set for each venue.',
  },
  nav: {
    orders: 'Orders',
    venue: 'Venue',
    menu: 'Menu',
    activity: 'Activity',
    couriers: 'Couriers',
    history: 'History',
  },
  order: {
    number: m('#{n}', 'n'),
    /** An order's card or tile as assistive technology names it. */
    label: m('Order #{n}', 'n'),
    ...TYPE_WORDS,
    preorder: 'Pre-order',
    preorderFor: m('For {time}', 'time'),
    preorderConfirmed: 'Confirmed',
    age: m('{text} ago', 'text'),
    courierEta: m('Courier {time}', 'time'),
    /** How far off the courier is, next to the clock time: counter staff plan by minutes. */
    courierIn: m('in {duration}', 'duration'),
    courierDue: 'due now',
    courierLate: m('{duration} late', 'duration'),
    courierPickedUp: 'Courier picked up',
    readyBy: m('Ready by {time}', 'time'),
    /** The countdown next to the ready-by time. */
    dueIn: m('in {duration}', 'duration'),
    dueNow: 'due now',
    overdue: m('{duration} overdue', 'duration'),
    /** The accept is not confirmed by the platform yet: the time is what was asked for. */
    readyByAsked: 'asked, waiting for the platform',
    waiting: m('Waiting {duration} for an answer', 'duration'),
    autoAccepted: 'Auto-accepted',
    pickedUpDone: 'Picked up by courier',
    unclaimed: m(
      'Not handed over · pickup was {time} ({duration} ago). Mark it handed over once collected: the platform collects payment only then.',
      'time',
      'duration',
    ),
    startCooking: m('Start cooking #{n}', 'n'),
    startCookingDetail: 'The platform moved this pre-order into preparation.',
    startCookingOk: 'OK, cooking',
    pickupEta: m('Pickup {time}', 'time'),
    total: 'Total',
    comment: 'Note',
    noName: 'Guest',
    items: m('{n, plural, one {# item} other {# items}}', 'n'),
    statuses: STATUS_WORDS,
    rejectReason: m('Reason: {reason}', 'reason'),
    cancelledByPlatform: m('Order #{n} was cancelled by the platform. Stop preparing it.', 'n'),
    cancelledOk: 'OK, stopped',
  },
  actions: {
    retry: 'Retry',
    discard: 'Discard',
    /** A failed action on an order the platform already closed: nothing to retry, only to clear. */
    dismiss: 'OK, dismiss',
    cancel: 'Cancel',
    close: 'Close',
    /** Button labels by order-action name (shared/order-actions.ts). */
    /** 'delivered' on an order the venue's own courier takes to the customer. */
    deliveredByOwnCourier: 'Delivered',
    kinds: {
      accept: 'Accept',
      reject: 'Reject',
      ready: 'Mark ready',
      delivered: 'Handed over',
      'confirm-preorder': 'Confirm pre-order',
      'picked-up': 'Out for delivery',
    },
    pending: m('{kind}: waiting for the platform…', 'kind'),
    sending: 'Sending…',
    failed: m('{kind} failed', 'kind'),
    /** The platform's own words about a failure (or an older row's), under the staff sentence. */
    refused: 'Not sent',
  },
  duration: {
    seconds: 'just now',
    minutes: m('{m} min', 'm'),
    hours: m('{m, plural, =0 {{h} h} other {{h} h {m} min}}', 'h', 'm'),
  },
  weekdays: {
    MONDAY: 'Monday',
    TUESDAY: 'Tuesday',
    WEDNESDAY: 'Wednesday',
    THURSDAY: 'Thursday',
    FRIDAY: 'Friday',
    SATURDAY: 'Saturday',
    SUNDAY: 'Sunday',
  } satisfies Record<Weekday, string>,
  /** A form field a schema refused with no message of its own (zod's checks), ui-kit/form.ts. */
  fieldIssues: {
    required: 'Fill this in',
    tooLong: m('At most {n} characters', 'n'),
    atLeast: m('At least {n}', 'n'),
    atMost: m('At most {n}', 'n'),
    number: 'Enter a number',
    check: 'Check this',
  },
  print: {
    /** A printer named by jobs made before it was taken out of the settings. */
    printerGone: 'a printer no longer set up',
    documents: {
      'kitchen-ticket': 'Kitchen ticket',
      'pickup-label': 'Pickup label',
      receipt: 'Receipt',
      'day-summary': 'Day summary',
      'test-page': 'Test page',
    } satisfies Record<PrintDocumentKind, string>,
    /** The same names inside a sentence ("No printer prints the kitchen ticket."). */
    documentsInSentence: {
      'kitchen-ticket': 'kitchen ticket',
      'pickup-label': 'pickup label',
      receipt: 'receipt',
      'day-summary': 'day summary',
      'test-page': 'test page',
    } satisfies Record<PrintDocumentKind, string>,
    previewOf: m('Preview: {document}', 'document'),
  },
  history: {
    allOrders: 'All past orders',
  },
  venue: {
    offlineUntil: m('Offline until {time}', 'time'),
    offlineIndefinitely: 'Offline until switched back',
    goOnline: 'Go online',
  },
  diagnostics: {
    export: 'Export diagnostics for support',
    exported: m('Saved {file}. It holds no passwords, keys or customer details.', 'file'),
  },
  courier: {
    book: 'Book courier',
    orderParcel: m('Order {orderNumber}', 'orderNumber'),
  },
};

export const kitTranslations: Translations<typeof kitMessages> = {
  fi: kitFi,
  sv: kitSv,
  de: kitDe,
};

export const en = localized(kitMessages, kitTranslations, currentLanguage, pseudoLocale);

/** A slice's lookup: the kit's words and the slice's own, in the terminal's language. */
export const sliceLookup = <T extends object>(source: T, translations: Translations<T>) =>
  localized(
    { ...kitMessages, ...source },
    {
      fi: { ...kitFi, ...(translations.fi as object) },
      sv: { ...kitSv, ...(translations.sv as object) },
      de: { ...kitDe, ...(translations.de as object) },
    } as Translations<typeof kitMessages & T>,
    currentLanguage,
    pseudoLocale,
  );
