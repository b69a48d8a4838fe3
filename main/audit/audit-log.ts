import type { AuditEntry } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { Database } from '../storage/database';
import { commitLazily } from '../storage/database';

export type AuditLog = {
  record(entry: { action: string; subject: string; outcome: string; detail?: string | null }): void;
  list(limit: number): AuditEntry[];
  /**
   * Removes the details of entries older than `cutoff` (an ISO time), keeping what, on what and
   * how it ended: details may quote a customer (a cancel reason, an error). Returns how many.
   */
  forgetDetailsBefore(cutoff: string): number;
};

export const createAuditLog = (
  db: Database,
  now: () => Date,
  /** Each entry also goes to the log, so support reads one timeline. */
  onRecord?: (entry: {
    action: string;
    subject: string;
    outcome: string;
    detail: string | null;
  }) => void,
): AuditLog => {
  const insert = db.prepare(
    'INSERT INTO audit_log (at, action, subject, outcome, detail) VALUES (?, ?, ?, ?, ?)',
  );
  const select = db.prepare<[number], AuditEntry>(
    'SELECT id, at, action, subject, outcome, detail FROM audit_log ORDER BY id DESC LIMIT ?',
  );
  const forget = db.prepare(
    'UPDATE audit_log SET detail = NULL WHERE at < ? AND detail IS NOT NULL',
  );
  return {
    record: ({ action, subject, outcome, detail = null }) => {
      // What it records is durable elsewhere (the action's row, the order): the line need not
      // hold the loop for a disk flush of its own.
      commitLazily(db, () => insert.run(now().toISOString(), action, subject, outcome, detail));
      onRecord?.({ action, subject, outcome, detail });
    },
    list: (limit) => select.all(limit),
    forgetDetailsBefore: (cutoff) => forget.run(cutoff).changes,
  };
};

/** The audit log's one channel: the newest entries, for the Activity view and diagnostics. */
export const auditHandlers = (audit: AuditLog): Pick<ServiceApi, 'audit:list'> => ({
  'audit:list': async ({ limit }) => audit.list(limit),
});
