// Order history and the day as main and the renderer share them: the search, an order's
// timeline, the end-of-day summary, the retention setting.
import type { DeliveryType, Money, Order, OrderActionKind, OrderStatus } from './domain';
import type { PrintDocumentKind, PrintJobState } from './printing';

/** A calendar day in the venue's time zone (VenueState.timeZone). */
export type Day = string; // YYYY-MM-DD

export type HistoryQuery = {
  /** Matches the order number, the customer's name or an item's name. */
  text?: string;
  day?: Day;
  statuses?: OrderStatus[];
  types?: DeliveryType[];
  limit: number;
  /** The `nextCursor` of the page before. */
  cursor?: string;
  /** One venue's orders only; every venue's when absent. */
  venueId?: string;
};

export type HistoryPage = { orders: Order[]; nextCursor: string | null };

/** Who did something to an order: staff at a terminal, Countertop by itself, or the platform. */
export type TimelineActor = 'staff' | 'auto' | 'platform';

export type TimelineEntry =
  /** The order reached this terminal. */
  | { at: string; kind: 'received' }
  /** The platform confirmed a status (read from its order, whoever caused it). */
  | { at: string; kind: 'status'; status: OrderStatus }
  /** An action taken here: by whom, on which terminal, with what (prep time, reason). */
  | {
      at: string;
      kind: 'action';
      actionId: string;
      action: OrderActionKind;
      by: Exclude<TimelineActor, 'platform'>;
      terminal: string;
      preparationMinutes: number | null;
      reason: string | null;
    }
  /**
   * An action the platform took from another terminal of the venue, as that terminal told the
   * relay (`terminal`: the name the venue knows it by, null when it has none).
   */
  | { at: string; kind: 'elsewhere'; action: OrderActionKind; terminal: string | null }
  /** One try of that action's outbox row. */
  | {
      at: string;
      kind: 'attempt';
      actionId: string;
      action: OrderActionKind;
      outcome: 'done' | 'retrying' | 'failed' | 'discarded' | 'retried';
      error: string | null;
    }
  /** A print job for the order and where it is. */
  | {
      at: string;
      kind: 'print';
      jobId: string;
      document: PrintDocumentKind;
      state: PrintJobState;
      /** null: a printer taken out of the settings since (the screen words it, never its id). */
      printerName: string | null;
      /**
       * The printer stopped in the middle of it (part may be on paper): the screen says so; why
       * it did not print (a spooler's or an address's words) stays in the audit log.
       */
      held: boolean;
    };

export type OrderHistory = { order: Order; timeline: TimelineEntry[] };

export type DaySummary = {
  day: Day;
  timeZone: string;
  orders: number;
  byStatus: Record<OrderStatus, number>;
  byType: Record<DeliveryType, number>;
  /** By the reason given on this terminal; '' when it was rejected elsewhere (no reason known). */
  rejections: { reason: string; count: number }[];
  /** Delivered (handed over) orders' totals, one row per currency. */
  sales: { currency: string; total: Money; orders: number; averageBasket: Money }[];
  /** Accept to ready, in seconds, against the time promised at accept. */
  acceptToReady: {
    count: number;
    averageSeconds: number | null;
    p90Seconds: number | null;
    promisedAverageSeconds: number | null;
  };
  /** Orders ready after the time promised. */
  late: { orderId: string; orderNumber: string; lateBySeconds: number }[];
  items: { name: string; count: number }[];
  /** One row per hour of the day (0–23): orders received, and sales in the first currency. */
  hours: { hour: number; orders: number; sales: number }[];
  /**
   * Each venue's orders and sales (the venue set up first first); the fields above are all of
   * them together, or the one venue asked for.
   */
  venues: {
    venueId: string;
    /** As the platform's orders name it; null when none did. */
    name: string | null;
    orders: number;
    sales: { currency: string; total: Money; orders: number }[];
  }[];
};

export const RETENTION_MIN_DAYS = 1;
export const RETENTION_MAX_DAYS = 3650;
export const DEFAULT_RETENTION_DAYS = 90;

/** History is kept this many days; older orders lose their customers' personal data. */
export type HistorySettings = { retentionDays: number };
