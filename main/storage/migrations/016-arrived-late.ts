import type { Database } from 'better-sqlite3';

/**
 * Orders that reached this terminal late: placed while the order stream was down (inside a gap,
 * shared/stream-guard.ts placedDuringGap). Main decides it and keeps it on the order, so the mark
 * outlives a restart and staff acknowledging the gap notice. Orders already stored inside a gap
 * the stream guard still shows are marked now, as the board showed them until this version.
 */
export const migration016ArrivedLate = (db: Database): void => {
  db.exec('ALTER TABLE orders ADD COLUMN arrived_late INTEGER NOT NULL DEFAULT 0');
  db.exec(`
    UPDATE orders SET arrived_late = 1
    WHERE EXISTS (
      SELECT 1 FROM settings, json_each(settings.value, '$.gaps') AS gap
      WHERE settings.key = 'stream-guard.state' AND json_valid(settings.value)
        AND orders.created_at >= json_extract(gap.value, '$.from')
        AND orders.created_at <= json_extract(gap.value, '$.to')
    )
  `);
};
