// The orders table: what the platform said about each order, and the terminal's own notes on it
// (preparation time, reject reason). What staff see folds in the order's open outbox actions,
// read through the outbox's projection, never its table.
import type { Order, OrderActionKind, OrderStatus, PendingAction } from '../../shared/domain';
import { ORDER_ACTIONS } from '../../shared/order-actions';
import type { Database } from '../storage/database';
import type { PlatformOrder } from '../marketplace/order-mapping';
import { isFinalStatus, laterStatus } from '../../shared/domain';
import type { OpenAction } from '../outbox/outbox';

type OrderRow = {
  id: string;
  platform_status: OrderStatus;
  data: string;
  courier_pickup_eta: string | null;
  pickup_completed: number;
  preparation_minutes: number | null;
  auto_accepted: number;
  reject_reason: string | null;
  anonymised: number;
  updated_at: string;
};

/** An ISO time as stored for ranges and paging: UTC, milliseconds (the platform's may carry an offset). */
const storedTime = (iso: string): string => {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : new Date(at).toISOString();
};

/** The outbox's open rows of order actions, for one order or all. */
export type OpenOrderActions = (orderId?: string) => OpenAction[];

export type UpsertResult = { isNew: boolean; changed: boolean };

/** An action taken on this terminal, for the order's timeline. */
export type ActionTaken = {
  orderId: string;
  actionId: string;
  action: OrderActionKind;
  by: 'staff' | 'auto';
  preparationMinutes: number | null;
  reason: string | null;
};

export type OrderStore = {
  /** Stores what the platform said; the status only ever moves forward. */
  upsert(order: PlatformOrder, hint?: OrderStatus | null): UpsertResult;
  /** Moves the platform status forward (a confirmed action or a notification); false if unknown. */
  advance(orderId: string, status: OrderStatus): boolean;
  setCourierEta(orderId: string, eta: string): boolean;
  setPickupCompleted(orderId: string): boolean;
  setLocal(
    orderId: string,
    fields: {
      preparationMinutes?: number | null;
      autoAccepted?: boolean;
      rejectReason?: string | null;
      preorderStatus?: 'confirmed';
    },
  ): void;
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
  latestStatuses(count: number): OrderStatus[];
  /** The newest `count` orders' ids, statuses and placing times, newest first. */
  latest(count: number): { id: string; status: OrderStatus; createdAt: string }[];
};

// eslint-disable-next-line max-lines-per-function -- the orders slice's prepared statements and their row mapping, one per query; being edited on the silentmiss branch today, not split here (issue 37)
export const createOrderStore = (
  db: Database,
  now: () => Date,
  openActions: OpenOrderActions,
  /** This terminal's name, for the actions its timeline records. */
  terminal = '',
): OrderStore => {
  const selectRow = db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO orders (id, venue_id, order_number, platform_status, data, delivery_type, created_at, updated_at)
     VALUES (@id, @venueId, @orderNumber, @status, @data, @deliveryType, @createdAt, @now)`,
  );
  const update = db.prepare(
    `UPDATE orders SET platform_status = @status, data = @data, order_number = @orderNumber,
       delivery_type = @deliveryType, updated_at = @now WHERE id = @id`,
  );
  // The timeline: what reached this terminal, what the platform confirmed, what was done here.
  const insertEvent = db.prepare(
    `INSERT INTO order_events (order_id, at, kind, status, action_id, action, actor, terminal, preparation_minutes, reason)
     VALUES (@orderId, @at, @kind, @status, @actionId, @action, @actor, @terminal, @minutes, @reason)`,
  );
  const event = (
    orderId: string,
    at: string,
    fields: { kind: 'received' } | { kind: 'status'; status: OrderStatus },
  ): void => {
    insertEvent.run({
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
  const setStatus = db.prepare(
    'UPDATE orders SET platform_status = ?, updated_at = ? WHERE id = ?',
  );

  const toOrder = (row: OrderRow, open?: Map<string, OpenAction[]>): Order => {
    const platform = JSON.parse(row.data) as PlatformOrder;
    const actions = open ? (open.get(row.id) ?? []) : openActions(row.id);
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
      autoAccepted: row.auto_accepted === 1,
      rejectReason: row.reject_reason,
      updatedAt: row.updated_at,
      pending,
    };
  };

  const touch = (sql: string) => db.prepare(sql);
  const courier = touch('UPDATE orders SET courier_pickup_eta = ?, updated_at = ? WHERE id = ?');
  const pickup = touch(
    'UPDATE orders SET pickup_completed = 1, updated_at = ? WHERE id = ? AND pickup_completed = 0',
  );
  const prep = touch('UPDATE orders SET preparation_minutes = ?, updated_at = ? WHERE id = ?');
  const auto = touch('UPDATE orders SET auto_accepted = ?, updated_at = ? WHERE id = ?');
  const reason = touch('UPDATE orders SET reject_reason = ?, updated_at = ? WHERE id = ?');
  const dataOnly = touch('UPDATE orders SET data = ?, updated_at = ? WHERE id = ?');

  // Every open order, however busy the day (a board of 300 open orders after 900 that day must
  // not lose the oldest), and the finished ones of the last day up to 500. `+created_at`: sorting
  // by the bare column lets SQLite walk the whole table down its created_at index (100 ms with
  // 100,000 orders); this way it searches the indexes of migration 010 and sorts the day's rows.
  const listRows = db.prepare<[{ since: string }], OrderRow>(
    `SELECT * FROM orders WHERE platform_status IN ('CREATED', 'PRODUCTION', 'READY')
     UNION ALL
     SELECT * FROM (
       SELECT * FROM orders
       WHERE platform_status NOT IN ('CREATED', 'PRODUCTION', 'READY')
         AND (created_at >= @since OR updated_at >= @since)
       ORDER BY +created_at DESC LIMIT 500
     )
     ORDER BY created_at DESC`,
  );

  const placedRows = db.prepare<[string, string], OrderRow>(
    'SELECT * FROM orders WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id',
  );
  /** Every open action by order, in one query instead of one per order. */
  const openByOrder = (): Map<string, OpenAction[]> => {
    const open = new Map<string, OpenAction[]>();
    for (const action of openActions()) {
      const list = open.get(action.subject) ?? [];
      list.push(action);
      open.set(action.subject, list);
    }
    return open;
  };

  const selectOpen = db.prepare<[], { id: string; platform_status: OrderStatus }>(
    "SELECT id, platform_status FROM orders WHERE platform_status IN ('CREATED', 'PRODUCTION', 'READY')",
  );
  const selectLatest = db.prepare<[number], { platform_status: OrderStatus }>(
    'SELECT platform_status FROM orders ORDER BY created_at DESC LIMIT ?',
  );
  const selectLatestRows = db.prepare<
    [number],
    { id: string; platform_status: OrderStatus; created_at: string }
  >('SELECT id, platform_status, created_at FROM orders ORDER BY created_at DESC LIMIT ?');

  return {
    upsert: db.transaction((order: PlatformOrder, hint: OrderStatus | null = null) => {
      const at = now().toISOString();
      const existing = selectRow.get(order.id);
      const incoming = hint ? laterStatus(order.platformStatus, hint) : order.platformStatus;
      if (!existing) {
        insert.run({
          id: order.id,
          venueId: order.venueId,
          orderNumber: order.orderNumber,
          status: incoming,
          data: JSON.stringify(order),
          deliveryType: order.deliveryType,
          createdAt: storedTime(order.createdAt),
          now: at,
        });
        event(order.id, at, { kind: 'received' });
        if (incoming !== 'CREATED') event(order.id, at, { kind: 'status', status: incoming });
        return { isNew: true, changed: true };
      }
      const status = laterStatus(existing.platform_status, incoming);
      const previous = JSON.parse(existing.data) as PlatformOrder;
      // A terminal-side confirmation of a pre-order is kept until the platform reports it.
      const merged: PlatformOrder = {
        ...order,
        // Past the retention, the customer's data stays removed whatever the platform still says.
        ...(existing.anonymised === 1
          ? {
              consumerName: null,
              consumerPhone: null,
              consumerComment: null,
              deliveryAddress: null,
            }
          : {}),
        platformStatus: status,
        preorderStatus:
          previous.preorderStatus === 'confirmed' ? 'confirmed' : order.preorderStatus,
      };
      const data = JSON.stringify(merged);
      // `advance` moves the status column, not the stored copy: compared as the order reads, the
      // platform repeating what an action's answer already told (its notification, right after)
      // is no change, and must not touch updated_at or tell the window again.
      const stored = JSON.stringify({ ...previous, platformStatus: existing.platform_status });
      if (status === existing.platform_status && data === stored)
        return { isNew: false, changed: false };
      update.run({
        id: order.id,
        status,
        data,
        orderNumber: order.orderNumber,
        deliveryType: order.deliveryType,
        now: at,
      });
      if (status !== existing.platform_status) event(order.id, at, { kind: 'status', status });
      return { isNew: false, changed: true };
    }),
    advance: db.transaction((orderId: string, status: OrderStatus) => {
      const existing = selectRow.get(orderId);
      if (!existing) return false;
      const next = laterStatus(existing.platform_status, status);
      if (next === existing.platform_status) return false;
      const at = now().toISOString();
      setStatus.run(next, at, orderId);
      event(orderId, at, { kind: 'status', status: next });
      return true;
    }),
    recordAction: (action) => {
      insertEvent.run({
        orderId: action.orderId,
        at: now().toISOString(),
        kind: 'action',
        status: null,
        actionId: action.actionId,
        action: action.action,
        actor: action.by,
        terminal,
        minutes: action.preparationMinutes,
        reason: action.reason,
      });
    },
    setCourierEta: (orderId, eta) => courier.run(eta, now().toISOString(), orderId).changes > 0,
    setPickupCompleted: (orderId) => pickup.run(now().toISOString(), orderId).changes > 0,
    setLocal: (orderId, fields) => {
      const at = now().toISOString();
      if (fields.preparationMinutes !== undefined) prep.run(fields.preparationMinutes, at, orderId);
      if (fields.autoAccepted !== undefined) auto.run(fields.autoAccepted ? 1 : 0, at, orderId);
      if (fields.rejectReason !== undefined) reason.run(fields.rejectReason, at, orderId);
      if (fields.preorderStatus) {
        const existing = selectRow.get(orderId);
        if (existing) {
          const data = {
            ...(JSON.parse(existing.data) as PlatformOrder),
            preorderStatus: fields.preorderStatus,
          };
          dataOnly.run(JSON.stringify(data), at, orderId);
        }
      }
    },
    get: (orderId) => {
      const row = selectRow.get(orderId);
      return row ? toOrder(row) : null;
    },
    has: (orderId) => selectRow.get(orderId) !== undefined,
    list: () => {
      const open = openByOrder();
      return listRows
        .all({ since: new Date(now().getTime() - 24 * 3600_000).toISOString() })
        .map((row) => toOrder(row, open));
    },
    placedBetween: (from, to) => {
      const open = openByOrder();
      return placedRows.all(from, to).map((row) => toOrder(row, open));
    },
    openOrderIds: () =>
      selectOpen
        .all()
        .filter((row) => !isFinalStatus(row.platform_status))
        .map((row) => row.id),
    latestStatuses: (count) => selectLatest.all(count).map((row) => row.platform_status),
    latest: (count) =>
      selectLatestRows
        .all(count)
        .map((row) => ({ id: row.id, status: row.platform_status, createdAt: row.created_at })),
  };
};
