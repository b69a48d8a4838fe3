// The identity of the relay's event log on its database file. A restored older backup keeps the
// log_id it was saved with while its seqs go back, so terminals would wait for seq to pass their
// cursors: giving the restored log a new identity makes them read it again from the start.
import { randomUUID } from 'node:crypto';
import { openRelayDatabase } from './store/sqlite-database';

export function readLogId(dbPath: string): string {
  const db = openRelayDatabase(dbPath);
  try {
    return db.prepare("SELECT value FROM meta WHERE key = 'log_id'").pluck().get() as string;
  } finally {
    db.close();
  }
}

/** Gives the log a new random identity and returns it. Run it while the relay is stopped: a running relay keeps the identity it read at start. */
export function renewLogId(dbPath: string): string {
  const db = openRelayDatabase(dbPath);
  try {
    const logId = randomUUID();
    db.prepare("UPDATE meta SET value = ? WHERE key = 'log_id'").run(logId);
    return logId;
  } finally {
    db.close();
  }
}
