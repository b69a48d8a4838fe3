import type { AuditEntry } from '../../shared/domain';
import type { Database } from '../storage/database';

export type AuditLog = {
  record(entry: { action: string; subject: string; outcome: string; detail?: string | null }): void;
  list(limit: number): AuditEntry[];
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
  return {
    record: ({ action, subject, outcome, detail = null }) => {
      insert.run(now().toISOString(), action, subject, outcome, detail);
      onRecord?.({ action, subject, outcome, detail });
    },
    list: (limit) => select.all(limit),
  };
};
