import type { Database } from 'better-sqlite3';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length <= 500 ? value : null;
const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * A notification is parsed once, when the relay client takes it: the fields the order sync acts on
 * become columns, so nothing parses the body again. Notifications still waiting get theirs from
 * their body (its exact bytes, which may start with a byte order mark).
 */
export const migration006NotificationFields = (db: Database): void => {
  db.exec(`
    ALTER TABLE notifications ADD COLUMN order_status TEXT;
    ALTER TABLE notifications ADD COLUMN order_venue_id TEXT;
    ALTER TABLE notifications ADD COLUMN courier_pickup_eta TEXT;
    ALTER TABLE notifications ADD COLUMN pickup_completed INTEGER NOT NULL DEFAULT 0;
  `);
  const waiting = db
    .prepare('SELECT id, body FROM notifications WHERE processed_at IS NULL')
    .all() as Array<{ id: string; body: string }>;
  const update = db.prepare(
    `UPDATE notifications SET order_status = ?, order_venue_id = ?, courier_pickup_eta = ?,
       pickup_completed = ? WHERE id = ?`,
  );
  for (const row of waiting) {
    let body: Record<string, unknown> = {};
    try {
      body = object(JSON.parse(row.body.replace(/^\uFEFF/, '')));
    } catch {
      // The relay client stored only bodies that parsed; nothing to read from one that does not.
    }
    const order = object(body.order);
    update.run(
      text(order.status),
      text(order.venue_id),
      text(object(body.courier_details).courier_pickup_eta),
      object(body.details).is_pickup_completed === true ? 1 : 0,
      row.id,
    );
  }
};
