import type Database from 'better-sqlite3';

// Every secret a venue's webhook had within the overlap window, not only the last one replaced: a
// second rotation within the window (two set-ups in a row, two terminals of one venue at once)
// would otherwise cut the first secret while the service may still sign or resend with it.
export function migration006(db: Database.Database): void {
  db.exec(`
    CREATE TABLE delivery_secret_history (
      venue_id TEXT NOT NULL,
      secret TEXT NOT NULL,
      valid_until INTEGER NOT NULL,
      PRIMARY KEY (venue_id, secret)
    );
    INSERT INTO delivery_secret_history (venue_id, secret, valid_until)
      SELECT venue_id, previous_secret, previous_until FROM delivery_secrets
      WHERE previous_secret IS NOT NULL AND previous_until IS NOT NULL;
  `);
}
