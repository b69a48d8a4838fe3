// Delivery events from the relay: committed raw with the relay cursor (delivery_inbox), then
// verified here with the webhook's client_secret, de-duplicated by event id and folded into the
// delivery. A token that fails verification is kept with its reason and changes nothing.
import type { Database } from '../storage/database';
import type { DeliveryStore } from './delivery-store';
import { verifyDeliveryToken } from './event-token';
import { coalescedDrain } from '../lib/coalesced-drain';

type InboxRow = { relay_seq: number; body: string; received_at: string };

export type DeliveryInbox = {
  /** Processes every waiting event, oldest first. */
  drain(): Promise<void>;
};

export const createDeliveryInbox = (options: {
  db: Database;
  store: DeliveryStore;
  /** The webhook's client_secret; null while delivery is not set up (events wait). */
  secret: () => Promise<string | null>;
  now: () => Date;
  /** These deliveries changed (their events folded in). */
  onChanged: (deliveryIds: string[]) => void;
  onRejected: (reason: string, detail: string) => void;
}): DeliveryInbox => {
  const { db, store, now } = options;
  const selectDue = db.prepare<[], InboxRow>(
    'SELECT relay_seq, body, received_at FROM delivery_inbox WHERE processed_at IS NULL ORDER BY relay_seq LIMIT 100',
  );
  const markProcessed = db.prepare(
    'UPDATE delivery_inbox SET processed_at = ?, outcome = ? WHERE relay_seq = ?',
  );

  const drainOnce = async (): Promise<void> => {
    for (;;) {
      const rows = selectDue.all();
      if (rows.length === 0) return;
      const secret = await options.secret();
      if (!secret) return;
      const changed = new Set<string>();
      for (const row of rows) {
        const check = await verifyDeliveryToken(row.body, secret, now());
        const at = now().toISOString();
        if (!check.ok) {
          markProcessed.run(at, `rejected: ${check.reason}`, row.relay_seq);
          options.onRejected(check.reason, `relay event ${row.relay_seq}`);
          continue;
        }
        const added = db
          .transaction(() => {
            const fresh = store.recordEvent(check.event, row.received_at);
            markProcessed.run(at, fresh ? check.event.type : 'duplicate', row.relay_seq);
            return fresh;
          })
          .immediate();
        const reference = check.event.details.platform_order_reference_id;
        const delivery = added && reference ? store.findByReference(reference) : null;
        if (delivery) changed.add(delivery.id);
      }
      if (changed.size > 0) options.onChanged([...changed]);
    }
  };

  return { drain: coalescedDrain(drainOnce) };
};
