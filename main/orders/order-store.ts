// The orders table: what the platform said about each order, and the terminal's own notes on it
// (preparation time, reject reason). What staff see folds in the order's open outbox actions,
// read through the outbox's projection, never its table.
//
// The statements and row mapping are in order-rows.ts, the writes in order-writes.ts; this file
// composes them.
import type { Order, OrderStatus } from '../../shared/domain';
import { isFinalStatus } from '../../shared/domain';
import type { StreamDownSpan } from '../../shared/stream-guard';
import type { Database } from '../storage/database';
import { commitLazily } from '../storage/database';
import type { PlatformOrder } from '../marketplace/order-mapping';
import type { ActionTaken, LocalFields, OpenOrderActions, UpsertResult } from './order-rows';
import { createOrderStoreContext, openByOrder, storedTime, toOrder } from './order-rows';
import { advance, recordAction, setLocal, upsert } from './order-writes';

export type { ActionTaken, LocalFields, OpenOrderActions, UpsertResult } from './order-rows';

export type OrderStore = {
  /** Stores what the platform said; the status only ever moves forward. */
  upsert(order: PlatformOrder, hint?: OrderStatus | null): UpsertResult;
  /** Moves the platform status forward (a confirmed action or a notification); false if unknown. */
  advance(orderId: string, status: OrderStatus): boolean;
  setCourierEta(orderId: string, eta: string): boolean;
  setPickupCompleted(orderId: string): boolean;
  setLocal(orderId: string, fields: LocalFields): void;
  /**
   * The order stream was down over this span: the orders stored since that were placed in it
   * arrived late. Marks them; returns the ids it marked now.
   */
  markArrivedLate(span: StreamDownSpan): string[];
  /** Writes an action taken here into the order's timeline (inside the action's transaction). */
  recordAction(action: ActionTaken): void;
  get(orderId: string): Order | null;
  has(orderId: string): boolean;
  /** Every open order and the newest 500 finished in the last 24 hours, newest first. */
  list(): Order[];
  /** Orders placed in [from, to) (ISO times), oldest first. */
  placedBetween(from: string, to: string): Order[];
  openOrderIds(): string[];
  /** The platform statuses of the newest `count` orders, newest first. */
  latestStatuses(count: number, venueId?: string): OrderStatus[];
  /** The newest `count` orders' ids, statuses and placing times, newest first. */
  latest(count: number, venueId?: string): { id: string; status: OrderStatus; createdAt: string }[];
};

export const createOrderStore = (
  db: Database,
  now: () => Date,
  openActions: OpenOrderActions,
  /** This terminal's name (as staff named it now), for the actions its timeline records. */
  terminal: string | (() => string) = '',
  /** When the order stream was down, as the stream guard knows it (arrivals placed then are late). */
  downSpans?: () => readonly StreamDownSpan[],
): OrderStore => {
  const ctx = createOrderStoreContext(
    db,
    now,
    openActions,
    typeof terminal === 'string' ? () => terminal : terminal,
    downSpans,
  );
  const { sql } = ctx;
  return {
    // The platform's order is the record: a write lost in a power cut is read again at start.
    upsert: (order: PlatformOrder, hint: OrderStatus | null = null) =>
      commitLazily(db, () => upsert(ctx, order, hint)),
    advance: (orderId: string, status: OrderStatus) =>
      commitLazily(db, () => advance(ctx, orderId, status)),
    recordAction: (action) => recordAction(ctx, action),
    setCourierEta: (orderId, eta) => sql.courier.run(eta, now().toISOString(), orderId).changes > 0,
    setPickupCompleted: (orderId) => sql.pickup.run(now().toISOString(), orderId).changes > 0,
    setLocal: (orderId, fields) => setLocal(ctx, orderId, fields),
    markArrivedLate: (span) =>
      commitLazily(db, () =>
        sql.markLate
          .all(now().toISOString(), storedTime(span.from), storedTime(span.to))
          .map((row) => row.id),
      ),
    get: (orderId) => {
      const row = sql.selectRow.get(orderId);
      return row ? toOrder(ctx, row) : null;
    },
    has: (orderId) => sql.selectRow.get(orderId) !== undefined,
    list: () => {
      const open = openByOrder(ctx);
      return sql.listRows
        .all({ since: new Date(now().getTime() - 24 * 3600_000).toISOString() })
        .map((row) => toOrder(ctx, row, open));
    },
    placedBetween: (from, to) => {
      const open = openByOrder(ctx);
      return sql.placedRows.all(from, to).map((row) => toOrder(ctx, row, open));
    },
    openOrderIds: () =>
      sql.selectOpen
        .all()
        .filter((row) => !isFinalStatus(row.platform_status))
        .map((row) => row.id),
    latestStatuses: (count, venueId) =>
      (venueId === undefined
        ? sql.selectLatest.all(count)
        : sql.selectLatestOfVenue.all(venueId, count)
      ).map((row) => row.platform_status),
    latest: (count, venueId) =>
      (venueId === undefined
        ? sql.selectLatestRows.all(count)
        : sql.selectLatestRowsOfVenue.all(venueId, count)
      ).map((row) => ({ id: row.id, status: row.platform_status, createdAt: row.created_at })),
  };
};
