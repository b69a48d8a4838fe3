// Delivery events from the relay: committed raw with the relay cursor (delivery_inbox), then read
// (the relay verified them with the merchant's secret, which no terminal holds), de-duplicated by
// event id and folded into the delivery. A token that is not a delivery event of this venue is
// kept with its reason and changes nothing.
import type { Database } from '../storage/database';
import type { DeliveryStore } from './delivery-store';
import { readDeliveryToken } from './event-token';
import { coalescedDrain } from '../lib/coalesced-drain';
import { createDeliveryEventInbox } from '../relay-client/inbox';

export type DeliveryInbox = {
  /** Processes every waiting event, oldest first. */
  drain(): Promise<void>;
};

export const createDeliveryInbox = (options: {
  db: Database;
  store: DeliveryStore;
  /** The venue courier delivery is set up for; null while it is not (events wait). */
  venueId: () => string | null;
  now: () => Date;
  /** These deliveries changed (their events folded in). */
  onChanged: (deliveryIds: string[]) => void;
  onRejected: (reason: string, detail: string) => void;
}): DeliveryInbox => {
  const { db, store, now } = options;
  const inbox = createDeliveryEventInbox(db);

  const drainOnce = async (): Promise<void> => {
    for (;;) {
      const rows = inbox.waiting();
      if (rows.length === 0) return;
      const venueId = options.venueId();
      if (!venueId) return;
      const changed = new Set<string>();
      for (const row of rows) {
        const check = readDeliveryToken(row.body, venueId);
        const at = now().toISOString();
        if (!check.ok) {
          inbox.processed(row.relaySeq, at, `rejected: ${check.reason}`);
          options.onRejected(check.reason, `relay event ${row.relaySeq}`);
          continue;
        }
        const added = db
          .transaction(() => {
            const fresh = store.recordEvent(check.event, row.receivedAt);
            inbox.processed(row.relaySeq, at, fresh ? check.event.type : 'duplicate');
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
