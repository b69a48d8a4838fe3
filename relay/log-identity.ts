// The identity of the relay's event log. A restored older backup keeps the log_id it was saved
// with while its seqs go back, so terminals would wait for seq to pass their cursors: giving the
// restored log a new identity makes them read it again from the start.
import { withStore, type StoreLocation } from './store/open-store';
import { openRelayDatabase } from './store/sqlite-database';
import { readLogIdIn, renewLogIdIn } from './store/sqlite-events';

export function readLogId(dbPath: string): string {
  const db = openRelayDatabase(dbPath);
  try {
    return readLogIdIn(db);
  } finally {
    db.close();
  }
}

/** Gives the log a new random identity and returns it. Run it while the relay is stopped: a running relay keeps the identity it read at start. */
export function renewLogId(dbPath: string): string {
  const db = openRelayDatabase(dbPath);
  try {
    return renewLogIdIn(db);
  } finally {
    db.close();
  }
}

export function renewLogIdAt(location: StoreLocation): Promise<string> {
  return withStore(location, (store) => store.renewLogId());
}
