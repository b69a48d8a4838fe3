import type { Database } from 'better-sqlite3';

/**
 * Retention that forgets (issue: names were still in the file after anonymising).
 * - The search index deletes for real: FTS5 otherwise only marks a row deleted in a newer
 *   segment and keeps the old terms (a customer's name and its prefixes) until segments merge.
 *   `secure-delete` removes them at the delete; one `optimize` now drops what earlier deletes left.
 * - Retention finds the orders not yet anonymised by a small index instead of walking every
 *   anonymised order each hour, and the audit details it prunes the same way.
 */
export const migration012RetentionForgets = (db: Database): void => {
  db.exec(`
    INSERT INTO order_search (order_search, rank) VALUES ('secure-delete', 1);
    INSERT INTO order_search (order_search) VALUES ('optimize');
    CREATE INDEX orders_named ON orders (created_at) WHERE anonymised = 0;
    CREATE INDEX audit_log_details ON audit_log (at) WHERE detail IS NOT NULL;
  `);
};
