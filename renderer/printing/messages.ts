// The printing slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { m } from '../../shared/i18n';
import { kitMessages, sliceLookup } from '../ui-kit/messages';
import { printingFi } from './messages.fi';
import { printingSv } from './messages.sv';
import { printingDe } from './messages.de';

export const printingMessages = {
  print: {
    ...kitMessages.print,
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
    alarm: m(
      '{held, select, true {Not printed on {printer} ({reason}): {what}. Part of it may be on paper: Reprint on its card prints it whole.} other {Not printed on {printer} ({reason}): {what}. It prints by itself once the printer is fixed.}}',
      'printer',
      'reason',
      'what',
      'held',
    ),
    /** A ticket the printer stopped in the middle of (PrintJob.held). */
    cutOff: 'stopped mid-ticket, Reprint prints it whole',
    jobName: m(
      '{orderNumber, select, none {{document}} other {#{orderNumber} {document}}}',
      'document',
      'orderNumber',
    ),
    silence: 'Silence',
    silenced: 'Silenced until the next ticket that does not print',
    /** The card's mark. */
    notPrinted: m('{document} not printed', 'document'),
    /** On a board tile, where the detail says which ticket and why. */
    notPrintedShort: 'Not printed',
    notPrintedWhy: m('{printer}: {reason}', 'printer', 'reason'),
    reprint: 'Reprint',
    dontPrint: 'Don’t print',
    retrying: 'Trying again…',
    /** The card's print control. */
    print: 'Print',
    printWhat: 'Print for this order',
    printing: m('Printing {document}…', 'document'),
    noPrinter: 'No printer is set up.',
    noPrinterTakes: m('No printer prints the {document}.', 'document'),
    setUp: 'Set up printers',
    sent: m(
      '{n, plural, one {{document} sent to the printer.} other {{document} sent to # printers.}}',
      'document',
      'n',
    ),
    /** Settings. */
    title: 'Printers',
    intro:
      'Kitchen tickets, pickup labels and receipts print on receipt printers (ESC/POS) on the network or set up in the system. A ticket that does not print sounds an alarm and is marked on its order.',
    unavailable: m('Printing is not available: {why}', 'why'),
    none: 'No printer set up yet.',
    add: 'Add printer',
    edit: 'Edit',
    remove: 'Remove',
    removeConfirm: m('Remove {name}? Tickets for it stop printing.', 'name'),
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
    connectionText: m('{host}:{port}', 'host', 'port'),
    queueText: m('system queue {queue}', 'queue'),
    paperText: m('{mm} mm paper', 'mm'),
    printsNothing: 'prints nothing yet',
    checkedAt: m('checked {time}', 'time'),
    triggersTitle: 'When to print',
    kitchenTicket: 'Kitchen ticket',
    kitchenTriggers: {
      accept: 'When the order is accepted',
      'new-order': 'As soon as the order arrives',
      manual: 'Only when asked for',
    },
    preorderTicket: 'Pre-order kitchen ticket',
    preorderTriggers: {
      confirm: 'When the pre-order is confirmed',
      production: 'When the platform starts its preparation',
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
    previewLoading: 'Loading preview…',
    /** The kitchen tickets' own language: a Finnish counter may have a kitchen that reads English. */
    kitchenLanguageTitle: 'Kitchen ticket language',
    kitchenLanguageIntro: 'Kitchen tickets print in this language, whatever this screen shows.',
    kitchenLanguageChanging: m('Changing to {language}…', 'language'),
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(printingMessages, { fi: printingFi, sv: printingSv, de: printingDe });
