// Printing as main and the renderer share it: the documents, the printers, the jobs. A document is
// a list of lines (`PrintDocument`): main encodes those lines to the printer's bytes and the
// renderer draws the same lines as the preview, so the two cannot disagree.

import type { Language } from './i18n';
/** Every document the terminal prints. */
export const PRINT_DOCUMENTS = [
  'kitchen-ticket',
  'pickup-label',
  'receipt',
  'day-summary',
  'test-page',
] as const;
export type PrintDocumentKind = (typeof PRINT_DOCUMENTS)[number];

/** The documents printed for one order (from its card, from history, or by the settings). */
export const ORDER_DOCUMENTS = ['kitchen-ticket', 'pickup-label', 'receipt'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENTS)[number];

export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidthMm = (typeof PAPER_WIDTHS)[number];

/** When the kitchen ticket prints by itself: on accept, as soon as the order arrives, or never. */
export const KITCHEN_TICKET_TRIGGERS = ['accept', 'new-order', 'manual'] as const;
export type KitchenTicketTrigger = (typeof KITCHEN_TICKET_TRIGGERS)[number];

/**
 * When a pre-order's kitchen ticket prints by itself (with the kitchen ticket on accept): when
 * staff confirm it, or when the platform moves it into preparation (docs/platform.md#pre-orders).
 */
export const PREORDER_TICKET_TRIGGERS = ['confirm', 'production'] as const;
export type PreorderTicketTrigger = (typeof PREORDER_TICKET_TRIGGERS)[number];

/** What prints by itself when an order is marked ready. */
export const READY_PRINTS = ['pickup-label', 'receipt', 'both', 'none'] as const;
export type ReadyPrint = (typeof READY_PRINTS)[number];

/** Raw TCP ESC/POS (port 9100 on most network printers), or the OS spooler (CUPS `lp`). */
export type PrinterConnection =
  { kind: 'network'; host: string; port: number } | { kind: 'system'; queue: string };

export type PrinterConfig = {
  id: string;
  name: string;
  connection: PrinterConnection;
  paperWidth: PaperWidthMm;
  /** The documents this printer prints; a document no printer takes is not printed. */
  documents: PrintDocumentKind[];
};

export type PrintSettings = {
  printers: PrinterConfig[];
  kitchenTicket: KitchenTicketTrigger;
  preorderTicket: PreorderTicketTrigger;
  onReady: ReadyPrint;
  /** The language kitchen tickets are written in: the kitchen's own, not the screen's. */
  kitchenLanguage: Language;
};

export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  printers: [],
  kitchenTicket: 'accept',
  preorderTicket: 'confirm',
  onReady: 'pickup-label',
  kitchenLanguage: 'en',
};

/**
 * A printer's state as last read back (ESC/POS real-time status). `unknown`: a spooler printer,
 * or not asked yet.
 */
export type PrinterState = 'ready' | 'offline' | 'cover-open' | 'paper-out' | 'error' | 'unknown';

export type PrinterStatus = {
  printerId: string;
  state: PrinterState;
  paperNearEnd: boolean;
  checkedAt: string | null;
  /** What went wrong, for staff (e.g. the connection error). */
  message: string | null;
};

/**
 * queued: not tried yet; printing: being sent; waiting: the printer could not take it (it stays
 * queued and goes when the printer returns); printed: done; canceled: staff dropped it.
 */
export type PrintJobState = 'queued' | 'printing' | 'waiting' | 'printed' | 'canceled';

export type PrintJob = {
  id: string;
  document: PrintDocumentKind;
  orderId: string | null;
  orderNumber: string | null;
  /** The day of a day summary (YYYY-MM-DD). */
  day: string | null;
  printerId: string;
  state: PrintJobState;
  /** auto: a setting printed it; staff: asked for (a reprint is a new job); test: a test page. */
  origin: 'auto' | 'staff' | 'test';
  attempts: number;
  error: string | null;
  /**
   * Waiting for staff, not for the printer: the printer stopped mid-ticket, so part of it may be
   * on paper, and only a retry prints it (whole) — never the printer's return by itself.
   */
  held: boolean;
  createdAt: string;
  printedAt: string | null;
};

/** One line of a document. `size` multiplies the character width and height (1–3). */
export type PrintLine =
  | {
      kind: 'text';
      text: string;
      align?: 'left' | 'center' | 'right';
      size?: 1 | 2 | 3;
      bold?: boolean;
      /** White on black: what must not be missed (allergy notes). */
      invert?: boolean;
      underline?: boolean;
    }
  | { kind: 'columns'; left: string; right: string; bold?: boolean }
  | { kind: 'rule' }
  | { kind: 'feed'; lines: number };

/** A document as lines, for a paper width in characters (font A: 32 on 58 mm, 48 on 80 mm). */
export type PrintDocument = {
  kind: PrintDocumentKind;
  paperWidth: PaperWidthMm;
  columns: number;
  /** The language it is written in (the kitchen's for its ticket): its preview says so. */
  language: Language;
  lines: PrintLine[];
};

/**
 * Everything the printing screens show. `print:get` answers it whole; a `print:changed` event
 * carries the settings and printers whole but only the jobs that changed since the event before,
 * and the ids of those that left the list: a printer working through a queue of hundreds tells one
 * ticket at a time, not the whole queue again for each (100 KB a ticket, which the page took
 * longer to read than to draw).
 */
export type PrintState = {
  settings: PrintSettings;
  printers: PrinterStatus[];
  /**
   * Every job not printed yet, and the latest printed or canceled ones (50 in all with them);
   * in an event, only those that changed or joined.
   */
  jobs: PrintJob[];
  /** null: `jobs` is the whole list. Otherwise the ids of jobs that left it since the event before. */
  gone: string[] | null;
};
