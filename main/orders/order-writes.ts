// Writes to the orders table over its context: what the platform said (the status only ever
// moves forward), the terminal's own notes, and the actions taken here for the timeline.
import type { OrderStatus } from '../../shared/domain';
import { laterStatus } from '../../shared/domain';
import { placedDuringGap } from '../../shared/stream-guard';
import type { PlatformOrder } from '../marketplace/order-mapping';
import type { ActionTaken, LocalFields, OrderStoreContext, UpsertResult } from './order-rows';
import { event, storedTime } from './order-rows';

/** Runs inside the store's transaction. */
export const upsert = (
  ctx: OrderStoreContext,
  order: PlatformOrder,
  hint: OrderStatus | null,
): UpsertResult => {
  const { sql } = ctx;
  const at = ctx.now().toISOString();
  const existing = sql.selectRow.get(order.id);
  const incoming = hint ? laterStatus(order.platformStatus, hint) : order.platformStatus;
  if (!existing) {
    sql.insert.run({
      id: order.id,
      venueId: order.venueId,
      orderNumber: order.orderNumber,
      status: incoming,
      data: JSON.stringify(order),
      deliveryType: order.deliveryType,
      createdAt: storedTime(order.createdAt),
      now: at,
      arrivedLate: placedDuringGap(order.createdAt, ctx.downSpans()) ? 1 : 0,
    });
    event(ctx, order.id, at, { kind: 'received' });
    if (incoming !== 'CREATED') event(ctx, order.id, at, { kind: 'status', status: incoming });
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
    preorderStatus: previous.preorderStatus === 'confirmed' ? 'confirmed' : order.preorderStatus,
  };
  const data = JSON.stringify(merged);
  // `advance` moves the status column, not the stored copy: compared as the order reads, the
  // platform repeating what an action's answer already told (its notification, right after)
  // is no change, and must not touch updated_at or tell the window again.
  const stored = JSON.stringify({ ...previous, platformStatus: existing.platform_status });
  if (status === existing.platform_status && data === stored)
    return { isNew: false, changed: false };
  sql.update.run({
    id: order.id,
    status,
    data,
    orderNumber: order.orderNumber,
    deliveryType: order.deliveryType,
    now: at,
  });
  if (status !== existing.platform_status) event(ctx, order.id, at, { kind: 'status', status });
  return { isNew: false, changed: true };
};

/** Runs inside the store's transaction. */
export const advance = (ctx: OrderStoreContext, orderId: string, status: OrderStatus): boolean => {
  const existing = ctx.sql.selectRow.get(orderId);
  if (!existing) return false;
  const next = laterStatus(existing.platform_status, status);
  if (next === existing.platform_status) return false;
  const at = ctx.now().toISOString();
  ctx.sql.setStatus.run(next, at, orderId);
  event(ctx, orderId, at, { kind: 'status', status: next });
  return true;
};

export const recordAction = (ctx: OrderStoreContext, action: ActionTaken): void => {
  ctx.sql.insertEvent.run({
    orderId: action.orderId,
    at: ctx.now().toISOString(),
    kind: 'action',
    status: null,
    actionId: action.actionId,
    action: action.action,
    actor: action.by,
    terminal: ctx.terminal(),
    minutes: action.preparationMinutes,
    reason: action.reason,
  });
};

export const setLocal = (ctx: OrderStoreContext, orderId: string, fields: LocalFields): void => {
  const { sql } = ctx;
  const at = ctx.now().toISOString();
  if (fields.preparationMinutes !== undefined) sql.prep.run(fields.preparationMinutes, at, orderId);
  if (fields.autoAccepted !== undefined) sql.auto.run(fields.autoAccepted ? 1 : 0, at, orderId);
  if (fields.rejectReason !== undefined) sql.reason.run(fields.rejectReason, at, orderId);
  if (fields.preorderStatus) {
    const existing = sql.selectRow.get(orderId);
    if (existing) {
      const data = {
        ...(JSON.parse(existing.data) as PlatformOrder),
        preorderStatus: fields.preorderStatus,
      };
      sql.dataOnly.run(JSON.stringify(data), at, orderId);
    }
  }
};
