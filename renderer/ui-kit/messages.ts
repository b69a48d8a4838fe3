// The words every slice shares: navigation, an order's vocabulary, the actions' labels, durations,
// errors, the names of printed documents and the few words one slice shows of another's. Each
// slice's messages.ts adds its own sections to these; renderer/i18n/en.ts composes them all into
// the one typed lookup. A translation is the same shape, slice by slice.
import type { PrintDocumentKind } from '../../shared/printing';
import { STATUS_WORDS, TYPE_WORDS } from '../../shared/order-words';

export const kitMessages = {
  appName: 'Countertop',
  loading: 'Connecting to the terminal service…',
  loadFailed: 'The terminal service did not answer',
  noBridge: 'The terminal service is not available in this window.',
  tryAgain: 'Try again',
  nav: {
    orders: 'Orders',
    venue: 'Venue',
    menu: 'Menu',
    activity: 'Activity',
    couriers: 'Couriers',
    history: 'History',
  },
  order: {
    number: (n: string) => `#${n}`,
    ...TYPE_WORDS,
    preorder: 'Pre-order',
    preorderFor: (time: string) => `For ${time}`,
    preorderConfirmed: 'Confirmed',
    age: (text: string) => `${text} ago`,
    courierEta: (time: string) => `Courier ${time}`,
    /** How far off the courier is, next to the clock time: counter staff plan by minutes. */
    courierIn: (duration: string) => `in ${duration}`,
    courierDue: 'due now',
    courierLate: (duration: string) => `${duration} late`,
    courierPickedUp: 'Courier picked up',
    readyBy: (time: string) => `Ready by ${time}`,
    /** The countdown next to the ready-by time. */
    dueIn: (duration: string) => `in ${duration}`,
    dueNow: 'due now',
    overdue: (duration: string) => `${duration} overdue`,
    /** The accept is not confirmed by the platform yet: the time is what was asked for. */
    readyByAsked: 'asked, waiting for the platform',
    waiting: (duration: string) => `Waiting ${duration} for an answer`,
    autoAccepted: 'Auto-accepted',
    pickedUpDone: 'Picked up by courier',
    unclaimed: (time: string, duration: string) =>
      `Not handed over · pickup was ${time} (${duration} ago). Mark it handed over once collected: the platform collects payment only then.`,
    startCooking: (n: string) => `Start cooking #${n}`,
    startCookingDetail: 'The platform moved this pre-order into preparation.',
    startCookingOk: 'OK, cooking',
    pickupEta: (time: string) => `Pickup ${time}`,
    total: 'Total',
    comment: 'Note',
    noName: 'Guest',
    items: (n: number) => (n === 1 ? '1 item' : `${n} items`),
    statuses: STATUS_WORDS,
    rejectReason: (reason: string) => `Reason: ${reason}`,
    cancelledByPlatform: (n: string) =>
      `Order #${n} was cancelled by the platform. Stop preparing it.`,
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
    kinds: {
      accept: 'Accept',
      reject: 'Reject',
      ready: 'Mark ready',
      delivered: 'Handed over',
      'confirm-preorder': 'Confirm pre-order',
      'picked-up': 'Out for delivery',
    },
    pending: (kind: string) => `${kind}: waiting for the platform…`,
    sending: 'Sending…',
    failed: (kind: string) => `${kind} failed`,
    refused: 'Not sent',
  },
  duration: {
    seconds: 'just now',
    minutes: (m: number) => `${m} min`,
    hours: (h: number, m: number) => (m === 0 ? `${h} h` : `${h} h ${m} min`),
  },
  errors: {
    generic: 'Something went wrong.',
  },
  print: {
    documents: {
      'kitchen-ticket': 'Kitchen ticket',
      'pickup-label': 'Pickup label',
      receipt: 'Receipt',
      'day-summary': 'Day summary',
      'test-page': 'Test page',
    } satisfies Record<PrintDocumentKind, string>,
    previewOf: (document: string) => `Preview: ${document}`,
  },
  history: {
    allOrders: 'All past orders',
  },
  venue: {
    offlineUntil: (time: string) => `Offline until ${time}`,
    offlineIndefinitely: 'Offline until switched back',
    goOnline: 'Go online',
  },
  diagnostics: {
    export: 'Export diagnostics for support',
    exported: (file: string) => `Saved ${file}. It holds no passwords, keys or customer details.`,
  },
  courier: {
    book: 'Book courier',
    orderParcel: (orderNumber: string) => `Order ${orderNumber}`,
  },
};

export const en = kitMessages;
