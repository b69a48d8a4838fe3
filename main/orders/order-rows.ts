// The orders table's prepared statements and its row mapping, passed explicitly to the
// module-level functions of order-writes.ts; order-store.ts composes them into the OrderStore.
import type { Order, OrderActionKind, OrderStatus, PendingAction } from '../../shared/domain';
import { ORDER_ACTIONS } from '../../shared/order-actions';
import type { Database } from '../storage/database';
import type { PlatformOrder } from '../marketplace/order-mapping';
import { laterStatus } from '../../shared/domain';
import type { OpenAction } from '../outbox/outbox';
import type { StreamDownSpan } from '../../shared/stream-guard';

export type OrderRow = {
  id: string;
  platform_status: OrderStatus;
  data: string;
  courier_pickup_eta: string | null;
  pickup_completed: number;
  preparation_minutes: number | null;
  auto_accepted: number;
  arrived_late: number;
  reject_reason: string | null;
  anonymised: number;
  updated_at: string;
};

/** An ISO time as stored for ranges and paging: UTC, milliseconds (the platform's may carry an offset). */
export const storedTime = (iso: string): string => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : new Date(at).toISOString();
};

/** The outbox's open rows of order actions, for one order or all. */
export type OpenOrderActions = (orderId?: string) => OpenAction[];

export type UpsertResult = { isNew: boolean; changed: boolean };

/** The terminal's own notes on an order (`OrderStore.setLocal`). */
export type LocalFields = {
  preparationMinutes?: number | null;
  autoAccepted?: boolean;
  rejectReason?: string | null;
  preorderStatus?: 'confirmed';
};

/** An action taken on this terminal, for the order's timeline. */
export type ActionTaken = {
  orderId: string;
  actionId: string;
  action: OrderActionKind;
  by: 'staff' | 'auto';
  preparationMinutes: number | null;
  reason: string | null;
};

const prepareStatements = (db: Database) => ({
  selectRow: db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?'),
  insert: db.prepare(
    `INSERT INTO orders (id, venue_id, order_number, platform_status, data, delivery_type, created_at, updated_at, arrived_late)
     VALUES (@id, @venueId, @orderNumber, @status, @data, @deliveryType, @createdAt, @now, @arrivedLate)`,
  ),
  update: db.prepare(
    `UPDATE orders SET platform_status = @status, data = @data, order_number = @orderNumber,
       delivery_type = @deliveryType, updated_at = @now WHERE id = @id`,
  ),
  // The timeline: what reached this terminal, what the platform confirmed, what was done here.
  insertEvent: db.prepare(
    `INSERT INTO order_events (order_id, at, kind, status, action_id, action, actor, terminal, preparation_minutes, reason)
     VALUES (@orderId, @at, @kind, @status, @actionId, @action, @actor, @terminal, @minutes, @reason)`,
  ),
  setStatus: db.prepare('UPDATE orders SET platform_status = ?, updated_at = ? WHERE id = ?'),
  courier: db.prepare('UPDATE orders SET courier_pickup_eta = ?, updated_at = ? WHERE id = ?'),
  pickup: db.prepare(
    'UPDATE orders SET pickup_completed = 1, updated_at = ? WHERE id = ? AND pickup_completed = 0',
  ),
  prep: db.prepare('UPDATE orders SET preparation_minutes = ?, updated_at = ? WHERE id = ?'),
  auto: db.prepare('UPDATE orders SET auto_accepted = ?, updated_at = ? WHERE id = ?'),
  reason: db.prepare('UPDATE orders SET reject_reason = ?, updated_at = ? WHERE id = ?'),
  dataOnly: db.prepare('UPDATE orders SET data = ?, updated_at = ? WHERE id = ?'),
  // Times are stored as UTC ISO with milliseconds (storedTime), so they compare as text.
  markLate: db.prepare<[string, string, string], { id: string }>(
    `UPDATE orders SET arrived_late = 1, updated_at = ?
     WHERE created_at >= ? AND created_at <= ? AND arrived_late = 0 RETURNING id`,
  ),
  // Every open order, however busy the day (a board of 300 open orders after 900 that day must
  // not lose the oldest), and the finished ones of the last day up to 500. `+created_at`: sorting
  // by the bare column lets SQLite walk the whole table down its created_at index (100 ms with
  // 100,000 orders); this way it searches the indexes of migration 010 and sorts the day's rows.
  listRows: db.prepare<[{ since: string }], OrderRow>(
    `SELECT * FROM orders WHERE platform_status IN ('CREATED', 'PRODUCTION', 'READY')
     UNION ALL
     SELECT * FROM (
       SELECT * FROM orders
       WHERE platform_status NOT IN ('CREATED', 'PRODUCTION', 'READY')
         AND (created_at >= @since OR updated_at >= @since)
       ORDER BY +created_at DESC LIMIT 500
     )
     ORDER BY created_at DESC`,
  ),
  placedRows: db.prepare<[string, string], OrderRow>(
    'SELECT * FROM orders WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id',
  ),
  selectOpen: db.prepare<[], { id: string; platform_status: OrderStatus }>(
    "SELECT id, platform_status FROM orders WHERE platform_status IN ('CREATED', 'PRODUCTION', 'READY')",
  ),
  selectLatest: db.prepare<[number], { platform_status: OrderStatus }>(
    'SELECT platform_status FROM orders ORDER BY created_at DESC LIMIT ?',
  ),
  selectLatestRows: db.prepare<
    [number],
    { id: string; platform_status: OrderStatus; created_at: string }
  >('SELECT id, platform_status, created_at FROM orders ORDER BY created_at DESC LIMIT ?'),
  // One venue's newest orders, for its own status's latest orders (a terminal of several venues).
  selectLatestOfVenue: db.prepare<[string, number], { platform_status: OrderStatus }>(
    'SELECT platform_status FROM orders WHERE venue_id = ? ORDER BY created_at DESC LIMIT ?',
  ),
  selectLatestRowsOfVenue: db.prepare<
    [string, number],
    { id: string; platform_status: OrderStatus; created_at: string }
  >(
    'SELECT id, platform_status, created_at FROM orders WHERE venue_id = ? ORDER BY created_at DESC LIMIT ?',
  ),
});

export type OrderStoreContext = {
  db: Database;
  now: () => Date;
  openActions: OpenOrderActions;
  /** This terminal's name as it is now, for the actions its timeline records. */
  terminal: () => string;
  /** When the order stream was down, as the stream guard knows it: an order placed then arrived late. */
  downSpans: () => readonly StreamDownSpan[];
  sql: ReturnType<typeof prepareStatements>;
};

export const createOrderStoreContext = (
  db: Database,
  now: () => Date,
  openActions: OpenOrderActions,
  terminal: () => string,
  downSpans: () => readonly StreamDownSpan[] = () => [],
): OrderStoreContext => ({ db, now, openActions, terminal, downSpans, sql: prepareStatements(db) });

/** A timeline entry of what reached this terminal or what the platform confirmed. */
export const event = (
  ctx: OrderStoreContext,
  orderId: string,
  at: string,
  fields: { kind: 'received' } | { kind: 'status'; status: OrderStatus },
): void => {
  ctx.sql.insertEvent.run({
    orderId,
    at,
    kind: fields.kind,
    status: fields.kind === 'status' ? fields.status : null,
    actionId: null,
    action: null,
    actor: null,
    terminal: null,
    minutes: null,
    reason: null,
  });
};

export const toOrder = (
  ctx: OrderStoreContext,
  row: OrderRow,
  open?: Map<string, OpenAction[]>,
): Order => {
  const platform = JSON.parse(row.data) as PlatformOrder;
  const actions = open ? (open.get(row.id) ?? []) : ctx.openActions(row.id);
  const first = actions[0];
  const pending: PendingAction | null = first
    ? {
        actionId: first.id,
        kind: first.kind as OrderActionKind,
        state: first.state === 'failed' ? 'failed' : 'pending',
        error: first.error,
        attempts: first.attempts,
        createdAt: first.createdAt,
      }
    : null;
  // What staff see: the confirmed status, moved on by actions still on their way (not by failed ones).
  let status = row.platform_status;
  if (first?.state !== 'failed') {
    for (const action of actions) {
      if (action.state === 'failed') break;
      status = laterStatus(status, ORDER_ACTIONS[action.kind as OrderActionKind].leadsTo);
    }
  }
  return {
    ...platform,
    platformStatus: row.platform_status,
    status,
    courierPickupEta: row.courier_pickup_eta,
    pickupCompleted: row.pickup_completed === 1,
    preparationMinutes: row.preparation_minutes,
    venuePreparationSeconds: platform.venuePreparationSeconds ?? null,
    // Orders stored before the address was kept have none.
    deliveryAddress: platform.deliveryAddress ?? null,
    deliveryTime: platform.deliveryTime ?? null,
    noContactDelivery: platform.noContactDelivery ?? false,
    autoAccepted: row.auto_accepted === 1,
    arrivedLate: row.arrived_late === 1,
    rejectReason: row.reject_reason,
    updatedAt: row.updated_at,
    pending,
  };
};

/** Every open action by order, in one query instead of one per order. */
export const openByOrder = (ctx: OrderStoreContext): Map<string, OpenAction[]> => {
  const open = new Map<string, OpenAction[]>();
  for (const action of ctx.openActions()) {
    const list = open.get(action.subject) ?? [];
    list.push(action);
    open.set(action.subject, list);
  }
  return open;
};
