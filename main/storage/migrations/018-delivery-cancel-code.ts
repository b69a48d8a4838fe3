import type { Database } from 'better-sqlite3';

/**
 * Why the terminal cancelled a courier, as its code (shared/domain.ts DELIVERY_CANCEL_CODES): the
 * screen words it in its language. Null: a reason in words (staff's own, the platform's), or
 * none; the cancellations before this version kept only words.
 */
export const migration018DeliveryCancelCode = (db: Database): void => {
  db.exec('ALTER TABLE deliveries ADD COLUMN cancel_code TEXT');
};
