// The inboxes the relay client fills (notifications, delivery_inbox; docs/platform.md#notification-retries):
// what the relay handed over is committed with the cursor, then processed by the slices through
// these calls. This module owns the inbox tables; the orders and delivery slices never query them.
import type { Notification } from '../../shared/notification';
import type { Database } from '../storage/database';
import { commitLazily } from '../storage/database';

/** A notification as the relay client parsed it (once), with what the order sync acts on. */
export type InboxNotification = {
  id: string;
  type: string;
  orderId: string | null;
  orderStatus: string | null;
  orderVenueId: string | null;
  courierPickupEta: string | null;
  pickupCompleted: boolean;
  attempts: number;
};

export type NotificationInbox = {
  /**
   * Takes a parsed notification (with its exact body, kept for support); false when its id was
   * taken before (a replay). Call inside the transaction that moves the relay cursor.
   */
  receive(
    notification: Notification,
    raw: { relaySeq: number; body: string; receivedAt: string },
  ): boolean;
  /** Unprocessed notifications due by `at`, in relay order. */
  due(at: string, limit?: number): InboxNotification[];
  /** Done with it; `error` says why nothing came of it (kept for support). */
  processed(id: string, at: string, error: string | null): void;
  /** Try again at `next`. */
  retryAt(id: string, next: string, error: string): void;
  /** Makes every waiting notification due now (the platform is reachable again). */
  clearBackoff(): void;
  /** When the relay received it: the start of notification-to-stored latency. */
  receivedAt(id: string): string | null;
};

export const createNotificationInbox = (db: Database): NotificationInbox => {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO notifications (id, relay_seq, type, order_id, order_status,
       order_venue_id, courier_pickup_eta, pickup_completed, body, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectDue = db.prepare<
    [string, number],
    {
      id: string;
      type: string;
      order_id: string | null;
      order_status: string | null;
      order_venue_id: string | null;
      courier_pickup_eta: string | null;
      pickup_completed: number;
      attempts: number;
    }
  >(
    `SELECT id, type, order_id, order_status, order_venue_id, courier_pickup_eta, pickup_completed,
       attempts FROM notifications
     WHERE processed_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
     ORDER BY relay_seq, received_at LIMIT ?`,
  );
  const markProcessed = db.prepare(
    'UPDATE notifications SET processed_at = ?, error = ? WHERE id = ?',
  );
  const markRetry = db.prepare(
    'UPDATE notifications SET attempts = attempts + 1, next_attempt_at = ?, error = ? WHERE id = ?',
  );
  const clearBackoff = db.prepare(
    'UPDATE notifications SET next_attempt_at = NULL WHERE processed_at IS NULL AND next_attempt_at IS NOT NULL',
  );
  const selectReceived = db.prepare<[string], { received_at: string }>(
    'SELECT received_at FROM notifications WHERE id = ?',
  );
  return {
    receive: (notification, raw) =>
      insert.run(
        notification.id,
        raw.relaySeq,
        notification.type,
        notification.order?.id ?? null,
        notification.order?.status ?? null,
        notification.order?.venue_id ?? null,
        notification.courier_details?.courier_pickup_eta ?? null,
        notification.details?.is_pickup_completed === true ? 1 : 0,
        raw.body,
        raw.receivedAt,
      ).changes > 0,
    due: (at, limit = 100) =>
      selectDue.all(at, limit).map((row) => ({
        id: row.id,
        type: row.type,
        orderId: row.order_id,
        orderStatus: row.order_status,
        orderVenueId: row.order_venue_id,
        courierPickupEta: row.courier_pickup_eta,
        pickupCompleted: row.pickup_completed === 1,
        attempts: row.attempts,
      })),
    // Lost in a power cut, the notification is processed again: it is a hint to read the
    // order from the platform, which is the same read twice.
    processed: (id, at, error) => {
      commitLazily(db, () => markProcessed.run(at, error, id));
    },
    retryAt: (id, next, error) => {
      commitLazily(db, () => markRetry.run(next, error, id));
    },
    clearBackoff: () => {
      clearBackoff.run();
    },
    receivedAt: (id) => selectReceived.get(id)?.received_at ?? null,
  };
};

export type InboxDeliveryEvent = { relaySeq: number; body: string; receivedAt: string };

export type DeliveryEventInbox = {
  /** Unprocessed delivery event bodies, in relay order. */
  waiting(limit?: number): InboxDeliveryEvent[];
  /** Done with it; `outcome` is the event type, "duplicate" or "rejected: <why>". */
  processed(relaySeq: number, at: string, outcome: string): void;
};

export const createDeliveryEventInbox = (db: Database): DeliveryEventInbox => {
  const selectWaiting = db.prepare<
    [number],
    { relay_seq: number; body: string; received_at: string }
  >(
    'SELECT relay_seq, body, received_at FROM delivery_inbox WHERE processed_at IS NULL ORDER BY relay_seq LIMIT ?',
  );
  const markProcessed = db.prepare(
    'UPDATE delivery_inbox SET processed_at = ?, outcome = ? WHERE relay_seq = ?',
  );
  return {
    waiting: (limit = 100) =>
      selectWaiting
        .all(limit)
        .map((row) => ({ relaySeq: row.relay_seq, body: row.body, receivedAt: row.received_at })),
    processed: (relaySeq, at, outcome) => {
      markProcessed.run(at, outcome, relaySeq);
    },
  };
};
