// The delivery slice (courier delivery, docs/platform.md#delivery-service): the deliveries,
// their events and inbox (deliveries, delivery_events, delivery_inbox), the delivery-create and
// delivery-cancel actions, the delivery:* channels and the deliveries:changed event.
import type { Delivery } from '../../shared/domain';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import type { Outbox } from '../outbox/outbox';
import type { SecretStore } from '../secrets/secret-store';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import { createDeliveryClient } from './client';
import { createDeliveryInbox } from './delivery-inbox';
import type { DeliveryService } from './delivery-service';
import { createDeliveryService } from './delivery-service';
import { createDeliveryStore } from './delivery-store';

export type DeliverySlice = {
  handlers: DeliveryService['api'];
  /** Verifies and folds the delivery events waiting in the inbox, in the background. */
  drain(): void;
  /** Reads the merchant's webhook state from the relay, in the background. */
  maintainWebhook(): void;
  /** An older install's delivery credentials go to the relay and leave the keychain. */
  migrateKeychain(): Promise<void>;
  /**
   * The terminal moved to another relay: its set-up there is read again (that relay needs the
   * merchant's key once, from its operator or this set-up screen, if it holds none yet).
   */
  relayMoved(): void;
  /** The venue is disconnected: the set-up and its secrets go, deliveries stay as history. */
  forget(): Promise<void>;
  /** Retention: finished deliveries older than `cutoff` lose their recipient's data; how many. */
  forgetPersonalBefore(cutoff: string): number;
  /** The terminal is disconnected: every delivery, its events and the inbox go. */
  eraseAll(): void;
  /** One venue leaves: its deliveries and their events go. */
  eraseVenue(venueId: string): void;
  close(): void;
};

export const createDeliverySlice = (deps: {
  db: Database;
  now: () => Date;
  settings: Settings;
  secrets: SecretStore;
  outbox: Outbox;
  audit: AuditLog;
  hub: EventHub;
  relayUrl: () => string | null;
  /** How long after a booking's lost answer staff may book again or cancel (default 3 min). */
  bookingCheckMs?: number;
}): DeliverySlice => {
  const { db, now, secrets, outbox, audit, hub } = deps;
  // The service, made below, cancels a booking staff had given up on that turned out booked.
  let adopted: (deliveryId: string) => void = () => undefined;
  let stray: (deliveryId: string) => void = () => undefined;
  const store = createDeliveryStore(db, now, (subject) => outbox.open({ subject }), {
    onAdopted: (id) => adopted(id),
    onStray: (id) => stray(id),
    ...(deps.bookingCheckMs === undefined ? {} : { bookingCheckMs: deps.bookingCheckMs }),
  });
  const changed = hub.batched('deliveries:changed', (ids) => ({
    deliveries: ids
      .map((id) => store.get(id))
      .filter((delivery): delivery is Delivery => delivery !== null),
  }));
  // Every call goes to the relay with this terminal's key; the relay adds the merchant's key,
  // which no terminal holds (docs/security.md).
  const client = createDeliveryClient({
    account: () => {
      const current = service.config();
      const relay = deps.relayUrl();
      return current && relay
        ? { driveUrl: `${relay.replace(/\/+$/, '')}/v1/drive`, merchantId: current.merchantId }
        : null;
    },
    credential: () => secrets.get('terminal-key'),
  });
  const inbox = createDeliveryInbox({
    db,
    store,
    venueId: () => service.config()?.venueId ?? null,
    now,
    onChanged: (ids) => changed(...ids),
    onRejected: (reason, detail) =>
      audit.record({
        action: 'delivery-event',
        subject: detail,
        outcome: 'rejected',
        detail: reason,
      }),
  });
  const service = createDeliveryService({
    settings: deps.settings,
    secrets,
    outbox,
    audit,
    store,
    client,
    now,
    relayUrl: deps.relayUrl,
    changed: (ids) => changed(...ids),
    ...(deps.bookingCheckMs === undefined ? {} : { bookingCheckMs: deps.bookingCheckMs }),
  });
  adopted = service.adopted;
  stray = service.stray;

  let closed = false;
  return {
    handlers: service.api,
    drain: () => {
      if (!closed) void inbox.drain().catch(() => undefined);
    },
    maintainWebhook: () => {
      if (!closed) void service.maintainWebhook();
    },
    relayMoved: () => {
      if (!closed) void service.maintainWebhook();
    },
    forget: service.forget,
    migrateKeychain: () => service.migrateKeychain(),
    forgetPersonalBefore: (cutoff) => store.forgetPersonalBefore(cutoff),
    eraseAll: db.transaction((): void => {
      for (const table of [
        'delivery_inbox',
        'delivery_events',
        'delivery_replaced_bookings',
        'deliveries',
      ])
        db.prepare(`DELETE FROM ${table}`).run();
    }),
    eraseVenue: db.transaction((venueId: string): void => {
      db.prepare(
        'DELETE FROM delivery_events WHERE reference IN (SELECT reference FROM deliveries WHERE venue_id = ?)',
      ).run(venueId);
      db.prepare(
        'DELETE FROM delivery_replaced_bookings WHERE delivery_id IN (SELECT id FROM deliveries WHERE venue_id = ?)',
      ).run(venueId);
      db.prepare('DELETE FROM deliveries WHERE venue_id = ?').run(venueId);
    }),
    close: () => {
      closed = true;
    },
  };
};
