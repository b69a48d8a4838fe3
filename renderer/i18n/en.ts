// Every string staff see, in one place so the UI can be translated without touching components.
import type { OutboxActionKind, OutboxFacts } from '../../shared/domain';
import type { TimelineEntry } from '../../shared/history';
import type { PrintDocumentKind, PrintJobState } from '../../shared/printing';
import { PAUSE_REASON } from '../../shared/stream-guard';

const number = (facts: OutboxFacts): string => (facts.orderNumber ? ` #${facts.orderNumber}` : '');

export const en = {
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

  columns: {
    new: 'New',
    preparation: 'In preparation',
    ready: 'Ready',
    scheduled: 'Scheduled',
    done: 'Done today',
  },
  emptyColumn: {
    new: 'No new orders',
    preparation: 'Nothing cooking',
    ready: 'Nothing waiting',
    scheduled: 'No pre-orders',
    done: 'Nothing yet today',
  },
  board: {
    doneShown: (shown: number, total: number) => `The newest ${shown} of ${total} shown.`,
  },

  order: {
    number: (n: string) => `#${n}`,
    takeaway: 'Takeaway',
    delivery: 'Delivery',
    selfDelivery: 'Own delivery',
    eatin: 'Eat in',
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
    statuses: {
      CREATED: 'New',
      PRODUCTION: 'In preparation',
      READY: 'Ready',
      DELIVERED: 'Handed over',
      REJECTED: 'Rejected',
      CANCELED: 'Cancelled by platform',
    },
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
    },
    pending: (kind: string) => `${kind}: waiting for the platform…`,
    sending: 'Sending…',
    failed: (kind: string) => `${kind} failed`,
    refused: 'Not sent',
  },

  accept: {
    title: (n: string) => `Accept order #${n}`,
    prepTime: 'Ready by',
    minutes: (m: number) => `${m} min`,
    /** A later time: minutes from now and the clock time it means. */
    later: (m: number, time: string) => `${m} min · ${time}`,
    /** The platform's own estimate, the first choice. */
    estimate: (time: string, m: number) =>
      m > 0 ? `Platform time · ${time} (${m} min)` : `Platform time · ${time} (now)`,
    estimateLabel: (time: string) => `ready ${time}`,
    /** What the platform allows, said before staff choose, so nothing is clamped behind their back. */
    rule: (from: string, to: string) =>
      `The platform takes its pickup time (${from}) or up to 25 min later (${to} at the latest). Need longer? Reject or call the customer.`,
    ruleClosed: (estimate: string) =>
      `The platform's pickup time ${estimate} is more than 25 min past: it takes no later time. Accept to keep it.`,
    noTime: "The platform sets this order's times (your own courier or no pickup estimate).",
    confirm: (label: string) => `Accept · ${label}`,
    confirmPlain: "Accept · platform's times",
  },

  reject: {
    title: (n: string) => `Reject order #${n}`,
    reasonLabel: 'Reason (the customer sees this)',
    presets: {
      ITEMS_UNAVAILABLE: 'Items unavailable',
      VENUE_CLOSING_SOON: 'Closing soon',
      GENERIC: 'Too busy right now',
    },
    confirm: 'Reject order',
    reasonRequired: 'Give a reason before rejecting.',
  },

  ring: {
    newOrder: (n: number) => (n === 1 ? 'New order!' : `${n} new orders!`),
    mute: 'Mute 2 min',
    muted: (left: string) => `Muted · ${left}`,
    unmute: 'Unmute',
    soundBlocked: 'Tap anywhere to enable the order sound',
    soundBlockedTitle: 'Order sound is off.',
    soundOn: 'Turn sound on',
  },

  status: {
    relay: 'Order stream',
    relayStates: {
      unconfigured: 'not set up',
      connecting: 'connecting…',
      connected: 'connected',
      disconnected: 'disconnected',
    },
    platform: 'Platform',
    platformStates: {
      unknown: 'checking…',
      reachable: 'reachable',
      unreachable: 'unreachable',
    },
    outbox: (n: number) => (n === 0 ? 'All actions sent' : `${n} waiting to send`),
    outboxFailed: (n: number) => `${n} failed`,
    outboxOnlyFailed: (n: number) => (n === 1 ? '1 action failed' : `${n} actions failed`),
    reconnect: 'This venue must be reconnected: the platform no longer accepts its sign-in.',
    reconnectButton: 'Reconnect venue',
    offline: 'Venue offline',
    ordersDown: (since: string) =>
      `Orders cannot reach this terminal: the order stream has been down since ${since}. New orders may be lost; check the network or call support.`,
    actionsDown: (since: string) =>
      `The platform has not answered since ${since}: accepts and other actions are waiting and customers do not see them yet.`,
  },

  stream: {
    paused: PAUSE_REASON,
    pausedReturn: 'It goes back online by itself when the order stream returns.',
    gap: (from: string, to: string) =>
      `Orders placed ${from}–${to} may not have reached this terminal.`,
    unknownOrders: (n: number) =>
      n === 1
        ? 'The platform lists 1 recent order this terminal never received: look it up in the platform’s merchant portal.'
        : `The platform lists ${n} recent orders this terminal never received: look them up in the platform’s merchant portal.`,
    gapOk: 'OK, checked',
    /** When a missed order was placed, as our own orders around it bound it. */
    placedAbout: (at: string) => `placed about ${at}`,
    placedBetween: (from: string, to: string) => `placed between ${from} and ${to}`,
    placedBefore: (at: string) => `placed before ${at}`,
    missed: (placed: string) => `An order may not have reached this terminal (${placed}).`,
    missedStatus: {
      CREATED: 'The platform shows it as new, waiting to be accepted.',
      PRODUCTION: 'The platform shows it as accepted.',
      READY: 'The platform shows it as ready.',
      DELIVERED: 'The platform shows it as delivered.',
      REJECTED: 'The platform shows it as rejected.',
      other: 'The platform shows it as cancelled or closed.',
    },
    missedStep:
      'Find it in the platform’s merchant portal or call partner support: the customer may be waiting.',
    missedMore: (until: string) =>
      `Orders placed after it, until ${until}, may be missing too: the platform shows only its latest three.`,
    missedNamed: (orderNumber: string, placed: string) =>
      `Order #${orderNumber} (${placed}) reached this terminal late: it is on the board now.`,
    missedOk: 'OK, checked',
    noOrdersArriving: (minutes: number, usual: number) =>
      `No orders arriving: nothing has come from the platform for ${minutes} min while the venue is open (usually within ${usual} min). Orders may be getting lost: check the platform’s merchant portal and call your manager.`,
    alarmTest: 'Alarm test: this is what you see and hear when orders cannot reach this terminal.',
    settingsTitle: 'Order stream alarm',
    settingsIntro:
      'When the order stream is down for 10 seconds while the venue is online, a red banner and a siren warn you. Orders placed while it is down can be lost.',
    autoPause: 'Take the venue offline when orders cannot arrive',
    pauseAfter: 'Seconds without the order stream before going offline',
    pauseAfterError: (min: number, max: number) =>
      `Enter a number of seconds from ${min} to ${max}.`,
    save: 'Save alarm settings',
    saved: 'Saved.',
    testAlarm: 'Test alarm',
  },

  print: {
    documents: {
      'kitchen-ticket': 'Kitchen ticket',
      'pickup-label': 'Pickup label',
      receipt: 'Receipt',
      'day-summary': 'Day summary',
      'test-page': 'Test page',
    } satisfies Record<PrintDocumentKind, string>,
    printerStates: {
      ready: 'ready',
      offline: 'offline',
      'cover-open': 'cover open',
      'paper-out': 'out of paper',
      error: 'printer error',
      unknown: 'status not known',
      'not-answering': 'not answering',
    },
    paperLow: 'paper running low',
    /** Status bar. */
    printers: 'Printers',
    allReady: 'ready',
    /** The alarm: a printer, why, and what did not print. */
    alarm: (printer: string, reason: string, what: string, held: boolean) =>
      held
        ? `Not printed on ${printer} (${reason}): ${what}. Part of it may be on paper: Reprint on its card prints it whole.`
        : `Not printed on ${printer} (${reason}): ${what}. It prints by itself once the printer is fixed.`,
    /** A ticket the printer stopped in the middle of (PrintJob.held). */
    cutOff: 'stopped mid-ticket, Reprint prints it whole',
    jobName: (document: string, orderNumber: string | null) =>
      orderNumber ? `#${orderNumber} ${document.toLowerCase()}` : document.toLowerCase(),
    silence: 'Silence',
    silenced: 'Silenced until the next ticket that does not print',
    /** The card's mark. */
    notPrinted: (document: string) => `${document} not printed`,
    notPrintedWhy: (printer: string, reason: string) => `${printer}: ${reason}`,
    reprint: 'Reprint',
    dontPrint: 'Don’t print',
    retrying: 'Trying again…',
    /** The card's print control. */
    print: 'Print',
    printWhat: 'Print for this order',
    printing: (document: string) => `Printing ${document.toLowerCase()}…`,
    noPrinter: 'No printer is set up.',
    noPrinterTakes: (document: string) => `No printer prints the ${document.toLowerCase()}.`,
    setUp: 'Set up printers',
    sent: (document: string, n: number) =>
      n === 1 ? `${document} sent to the printer.` : `${document} sent to ${n} printers.`,
    /** Settings. */
    title: 'Printers',
    intro:
      'Kitchen tickets, pickup labels and receipts print on receipt printers (ESC/POS) on the network or set up in the system. A ticket that does not print sounds an alarm and is marked on its order.',
    unavailable: (why: string) => `Printing is not available: ${why}`,
    none: 'No printer set up yet.',
    add: 'Add printer',
    edit: 'Edit',
    remove: 'Remove',
    removeConfirm: (name: string) => `Remove ${name}? Tickets for it stop printing.`,
    removeYes: 'Yes, remove',
    keep: 'Keep',
    test: 'Test print',
    testSent: 'Test page sent.',
    testState: {
      queued: 'Test page: sending…',
      printing: 'Test page: printing…',
      waiting: 'Test page not printed',
      printed: 'Test page printed',
      canceled: 'Test page dropped',
    },
    name: 'Name',
    namePlaceholder: 'Kitchen',
    connection: 'Connection',
    connections: { network: 'Network (IP address)', system: 'System printer' },
    host: 'Printer address (host name or IP)',
    port: 'Port',
    queue: 'System printer queue',
    paperWidth: 'Paper width',
    paperWidths: { 58: '58 mm', 80: '80 mm' },
    documentsLabel: 'Prints',
    fixFields: 'Check the fields marked in red.',
    nameRequired: 'Enter a name for the printer.',
    portNumber: 'Enter a port from 1 to 65535.',
    save: 'Save printer',
    cancel: 'Cancel',
    saved: 'Saved.',
    removed: 'Removed.',
    connectionText: (host: string, port: number) => `${host}:${port}`,
    queueText: (queue: string) => `system queue ${queue}`,
    paperText: (mm: number) => `${mm} mm paper`,
    printsNothing: 'prints nothing yet',
    checkedAt: (time: string) => `checked ${time}`,
    triggersTitle: 'When to print',
    kitchenTicket: 'Kitchen ticket',
    kitchenTriggers: {
      accept: 'When the order is accepted',
      'new-order': 'As soon as the order arrives',
      manual: 'Only when asked for',
    },
    onReady: 'When an order is ready',
    readyPrints: {
      'pickup-label': 'Pickup label',
      receipt: 'Receipt',
      both: 'Pickup label and receipt',
      none: 'Nothing',
    },
    saveTriggers: 'Save when to print',
    draftKept: 'Not saved yet.',
    previewTitle: 'Preview',
    previewDocument: 'Document',
    previewOf: (document: string) => `Preview: ${document}`,
    previewLoading: 'Loading preview…',
  },

  theme: {
    toDark: 'Dark',
    toLight: 'Light',
  },

  setup: {
    title: 'Connect this terminal to your venue',
    intro:
      'Enter the details you received from the platform when your venue was onboarded. Secrets are stored in this computer’s keychain, never in a file.',
    platformSection: 'Platform',
    authUrl: 'Auth URL',
    posUrl: 'Order API URL',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    code: 'Authorization code',
    redirectUri: 'Redirect URI',
    relaySection: 'Order stream (relay)',
    relayUrl: 'Relay URL',
    terminalKey: 'Terminal key',
    connect: 'Connect venue',
    connecting: 'Connecting…',
    connected: (venue: string) => `Connected to ${venue}`,
    failed: 'Could not connect',
    fixFields: 'Check the highlighted fields.',
    cancel: 'Back to orders',
  },

  venue: {
    title: 'Venue',
    online: 'Online',
    offline: 'Offline',
    open: 'Open now',
    closed: 'Closed now',
    offlineUntil: (time: string) => `Offline until ${time}`,
    offlineIndefinitely: 'Offline until switched back',
    fetchedAt: (time: string) => `Platform status read at ${time}`,
    neverFetched: 'Platform status not read yet',
    refresh: 'Refresh',
    goOffline: 'Go offline',
    goOnline: 'Go online',
    offlineFor: 'Go offline for',
    durations: {
      m30: '30 min',
      h1: '1 h',
      restOfDay: 'Rest of the day',
      indefinitely: 'Until switched back',
    },
    pending: 'Change waiting for the platform…',
    /** Shown instead of a state staff asked for until the platform confirmed it. */
    changing: 'changing… (waiting for the platform)',
    changingShort: 'changing…',
    goingOffline: (until: string | null) =>
      until ? `Going offline until ${until}` : 'Going offline until switched back',
    goingOnline: 'Going online',
    openingTimesChanging: 'New opening times: changing… (waiting for the platform)',
    unknown: 'The venue status is not known yet.',
    timeZone: (zone: string) => `Times are the venue’s local time (${zone}).`,
    draftKept: 'Your changes are kept until you save or discard them.',
    discard: 'Discard changes',
    edit: 'Change opening times',
    noOpeningTimes: 'No opening times: the venue is closed all week.',
    timeFormat: 'Use HH:MM, e.g. 09:30 (24:00 for midnight)',
    closesBeforeOpening:
      'Closes before it opens on the same day: pick the next day as the closing day',
    closesWhenOpening: 'Opens and closes at the same time',
    overlaps: (n: number) => `Overlaps opening time ${n}`,
    openingTimes: 'Opening times',
    openingDay: 'Opening day',
    openingTime: 'Opening time',
    closingDay: 'Closing day',
    closingTime: 'Closing time',
    addRow: 'Add opening time',
    removeRow: 'Remove',
    saveOpeningTimes: 'Save opening times',
    saved: 'Sent to the platform.',
    days: {
      MONDAY: 'Monday',
      TUESDAY: 'Tuesday',
      WEDNESDAY: 'Wednesday',
      THURSDAY: 'Thursday',
      FRIDAY: 'Friday',
      SATURDAY: 'Saturday',
      SUNDAY: 'Sunday',
    },
  },

  menu: {
    title: 'Menu',
    importTitle: 'Replace the menu',
    importFile: 'Import menu JSON file',
    checking: 'Checking…',
    issuesTitle: (n: number) => (n === 1 ? '1 problem in this menu' : `${n} problems in this menu`),
    okTitle: (n: number) => `This menu is valid: ${n} items`,
    diffAdded: 'Added',
    diffRemoved: 'Removed',
    diffChanged: 'Changed',
    diffCounts: (before: number, after: number) => `Items: ${before} → ${after}`,
    diffCategories: (before: number, after: number) => `Categories: ${before} → ${after}`,
    none: 'none',
    warning:
      'Pushing replaces the WHOLE menu on the platform. Items missing from this file disappear for customers.',
    confirmReplace: 'I understand this replaces the whole menu',
    push: 'Push menu',
    pushed: 'Menu sent. It will show for customers once the platform has processed it.',
    itemsTitle: 'Item availability',
    itemsEmpty: 'The platform’s menu has no items.',
    notRead: 'Reading the platform’s menu…',
    readAt: (time: string) => `Platform menu read at ${time}`,
    readFailed: (reason: string) => `The platform’s menu could not be read: ${reason}`,
    refresh: 'Read again',
    available: 'Available',
    unavailable: 'Unavailable',
    soldOut: 'Sold out',
    soldOutUntil: (time: string) => `Sold out until ${time}`,
    off: 'Off',
    offUntil: (time: string) => `Off until ${time}`,
    makeUnavailable: 'Sold out…',
    makeAvailable: 'Available again',
    turnOff: 'Off…',
    turnOn: 'On again',
    changing: 'changing… (waiting for the platform)',
    soldOutFor: (name: string) => `${name} sold out for`,
    offFor: (name: string) => `${name} off for`,
    durations: {
      h1: '1 hour',
      restOfDay: 'Rest of the day',
      indefinitely: 'Until switched back',
    },
    disabledUntil: (time: string) => `until ${time}`,
    optionsTitle: 'Options',
    optionsSummary: (n: number) => `Options (${n})`,
    optionsHelp: 'Turning an option off hides it on every item that offers it.',
    restoreAt: (time: string) => `this terminal turns it on at ${time}`,
    lineSoldOut: 'Sold out',
    lineSoldOutLabel: (name: string) => `Mark ${name} sold out`,
    lineNotOnMenu: 'Not on the platform’s menu',
    pushChanging: (n: number) => `Menu push (${n} items): changing… (waiting for the platform)`,
    pushProblem: (text: string) => text,
    liveUnknown: (reason: string) =>
      `The platform’s current menu could not be read (${reason}). Nothing can be pushed until it can: a push replaces whatever the platform has.`,
    removesTitle: (n: number) =>
      n === 1
        ? 'This push removes 1 item from the platform’s menu'
        : `This push removes ${n} items from the platform’s menu`,
    removesHelp: 'Customers can no longer order these. Push only if that is what you want.',
    confirmRemove: (n: number) =>
      n === 1 ? 'Remove 1 item and push' : `Remove ${n} items and push`,
    back: 'Back',
    search: 'Find item',
    file: (name: string) => `File: ${name}`,
  },

  shift: {
    title: 'This shift',
    unclaimed: (n: number, after: number) =>
      n === 0
        ? `No takeaway order left ready and not handed over (checked ${after} min past pickup).`
        : `${n} takeaway ${n === 1 ? 'order' : 'orders'} ready but never handed over: mark each handed over once collected, or the platform collects no payment.`,
  },

  orderSettings: {
    title: 'Orders',
    autoAccept: 'Accept new orders automatically',
    autoAcceptHelp:
      "Accepted at once with the venue's preparation time, and still heard once. Pre-orders, large orders and orders while the platform or the order stream has trouble wait for a person.",
    maxItems: 'Accept automatically up to this many items',
    unclaimedAfter: 'Flag a ready takeaway order this many minutes past its pickup',
  },

  history: {
    orders: 'Past orders',
    endOfDay: 'End of day',
    allOrders: 'All past orders',
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

  activity: {
    title: 'Actions sent to the platform',
    empty: 'No actions yet.',
    states: { pending: 'Waiting', sending: 'Sending', failed: 'Failed', done: 'Done' },
    attempts: (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`),
    nextAttempt: (time: string) => `next try ${time}`,
    /** What an outbox row asks for, worded from its kind and facts (rows hold data, not text). */
    describe: {
      accept: (f: OutboxFacts) =>
        `${f.auto ? 'Auto-accept' : 'Accept'}${number(f)}${f.minutes ? ` (${f.minutes} min)` : ''}`,
      reject: (f: OutboxFacts) => `Reject${number(f)}`,
      ready: (f: OutboxFacts) => `Ready${number(f)}`,
      delivered: (f: OutboxFacts) => `Handed over${number(f)}`,
      'confirm-preorder': (f: OutboxFacts) => `Confirm pre-order${number(f)}`,
      'venue-online': (f: OutboxFacts) =>
        f.online ? 'Venue online' : `Venue offline${f.until ? ` until ${f.until}` : ''}`,
      'venue-opening-times': (f: OutboxFacts) =>
        f.count === undefined ? 'Opening times' : `Opening times (${f.count} windows)`,
      'menu-push': (f: OutboxFacts) =>
        `${f.count === undefined ? 'Menu' : `Menu (${f.count} items)`}${f.removed ? `, removing ${f.removed}` : ''}`,
      'item-availability': (f: OutboxFacts) =>
        `${f.enabled ? 'Available again' : 'Sold out'}: ${f.item ?? 'item'}${!f.enabled && f.until ? ` until ${f.until}` : ''}`,
      'option-availability': (f: OutboxFacts) =>
        `${f.enabled ? 'Option on' : 'Option off'}: ${f.item ?? 'option'}${!f.enabled && f.until ? ` until ${f.until}` : ''}`,
      'delivery-create': (f: OutboxFacts) => `Book courier${number(f)}`,
      'delivery-cancel': (f: OutboxFacts) => `Cancel courier${number(f)}`,
    } satisfies Record<OutboxActionKind, (facts: OutboxFacts) => string>,
  },

  courier: {
    book: 'Book courier',
    title: 'Couriers',
    empty: 'No courier deliveries yet.',
    setupTitle: 'Courier delivery',
    setupIntro:
      'Optional: book the platform’s couriers for phone and walk-in orders. The merchant key is kept in the system keychain.',
    driveUrl: 'Delivery service address',
    merchantId: 'Merchant ID',
    merchantKey: 'Merchant key',
    venueId: 'Delivery venue ID',
    saveSetup: 'Set up courier delivery',
    saving: 'Setting up…',
    setupFailed: 'Courier delivery could not be set up',
    changeSetup: 'Change courier set-up',
    webhookOk: 'Courier updates: connected',
    webhookProblem: (reason: string) => `Courier updates: ${reason}`,
    address: 'Delivery address',
    street: 'Street and number',
    postCode: 'Post code',
    city: 'City',
    addressHelp:
      'Street with house number, and the post code or city. The delivery service finds the place from the address.',
    draftKept: 'Your unfinished booking was kept.',
    clearForm: 'Start over',
    getPromise: 'Get price and time',
    gettingPromise: 'Asking the platform…',
    binding: 'Binding offer',
    notBinding: 'Not binding',
    notBindingHelp:
      'A courier can only be booked from a binding offer. Add the street with the post code or city.',
    mixUpRisk: 'Give both post code and city to avoid an address mix-up.',
    price: (text: string) => `Price ${text}`,
    eta: (time: string) => `Delivered around ${time}`,
    minutes: (m: number) => `about ${m} min`,
    recipient: 'Recipient',
    recipientName: 'Name',
    recipientPhone: 'Phone',
    parcel: 'Parcel',
    parcelDescription: 'What is in it',
    parcelCount: 'How many',
    orderNumber: 'Order number',
    cash: 'Cash to collect (optional)',
    handshake: 'Ask the customer for a PIN on delivery',
    confirm: 'Book courier now',
    booking: 'Booking…',
    changeAddress: 'Change address',
    fixFields: 'Check the highlighted fields.',
    bookFailed: 'The courier could not be booked',
    delivery: (n: string) => `Delivery #${n}`,
    to: (name: string, address: string) => `${name} · ${address}`,
    statuses: {
      booking: 'Booking…',
      received: 'Waiting for a courier',
      pickup_started: 'Courier on the way here',
      pickup_arrival: 'Courier arriving here',
      picked_up: 'Picked up',
      dropoff_started: 'On the way to the customer',
      dropoff_arrival: 'Arriving at the customer',
      dropoff_completed: 'Dropped off',
      delivered: 'Delivered',
      customer_no_show: 'Customer not reached',
      rejected: 'Cancelled',
    },
    pickupEta: (time: string) => `Courier here ${time}`,
    dropoffEta: (from: string, to: string) =>
      from === to ? `At the customer ${to}` : `At the customer ${from}–${to}`,
    deliveredAt: (time: string) => `Delivered ${time}`,
    track: 'Tracking page',
    pin: (pin: string) => `Handshake PIN ${pin}`,
    showPin: 'Show handshake PIN',
    collectCash: (text: string) => `Collect ${text} in cash`,
    cancel: 'Cancel delivery',
    cancelReason: 'Reason',
    cancelDefault: 'Customer cancelled',
    confirmCancel: 'Cancel the courier',
    keep: 'Keep',
    cancelling: 'Cancelling…',
    cancelRefused: 'The platform refused to cancel',
    bookRefused: 'The platform refused the booking',
    dismiss: 'Dismiss',
    checking: 'Checking whether the courier was booked…',
    noWord: 'No word from the delivery service whether the courier was booked.',
    bookAgain: 'Book again',
    rejectedReason: (reason: string) => `Reason: ${reason}`,
  },

  shortcuts: {
    title: 'Keyboard shortcuts',
    open: 'Shortcuts',
    /** The button's face: the key that opens the help, so the top bar keeps to one row at 1600 px. */
    openKey: '?',
    // The order actions' keys come between these, from their declarations.
    navigate: [
      ['1 – 6', 'Orders, Venue, Menu, Activity, Couriers, History'],
      ['← → ↑ ↓', 'Select an order'],
    ] as ReadonlyArray<readonly [string, string]>,
    other: [
      ['M', 'Mute the ring for 2 minutes'],
      ['T', 'Switch light / dark'],
      ['Esc', 'Close a dialog'],
      ['?', 'This help'],
    ] as ReadonlyArray<readonly [string, string]>,
  },

  machine: {
    title: 'This counter machine',
    kiosk: 'Kiosk mode (full screen, no way out without the staff PIN)',
    startOnLogin: 'Start Countertop when the computer starts',
    pin: 'New staff PIN (4–8 digits)',
    currentPin: 'Current staff PIN',
    save: 'Save',
    saved: 'Saved.',
    pinNeeded: 'Kiosk mode needs a staff PIN: set one here first.',
    unlockTitle: 'Leave kiosk mode',
    unlock: 'Leave kiosk mode',
    unlocked: 'Kiosk mode is off until the app restarts.',
    desktopOnly: 'These settings take effect in the desktop app.',
  },
  clockSkew: (minutes: number, direction: 'behind' | 'ahead') =>
    `This computer’s clock is ${minutes} min ${direction} the platform’s. Countdowns here follow the platform’s clock; set the computer’s date and time right (automatic time) so nothing else goes wrong.`,
  diagnostics: {
    title: 'Problems and support',
    intro: 'Warnings and errors from the terminal’s log, newest first.',
    none: 'No warnings or errors logged.',
    refresh: 'Refresh',
    export: 'Export diagnostics for support',
    exporting: 'Exporting…',
    exported: (file: string) => `Saved ${file}. It holds no passwords, keys or customer details.`,
  },
  recovery: {
    title: 'Countertop keeps stopping',
    body: 'The screen stopped 3 times in 10 minutes. Orders and pending actions are safe: they are kept by the terminal’s service, which kept running. Restart the app; if this happens again, call support.',
    restart: 'Restart Countertop',
  },

  duration: {
    seconds: 'just now',
    minutes: (m: number) => `${m} min`,
    hours: (h: number, m: number) => (m === 0 ? `${h} h` : `${h} h ${m} min`),
  },
  errors: {
    generic: 'Something went wrong.',
  },
} as const;

export type Strings = typeof en;
