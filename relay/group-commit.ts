import type { AppendOutcome, EventStore, IncomingEvent } from './store/event-store';

type Pending = {
  event: IncomingEvent;
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
};

export type GroupCommitOptions = {
  /** Most events in one transaction (default 500). */
  maxBatch?: number;
  /**
   * Transactions in flight at once (default 1). With PostgreSQL, 2: while one batch waits for its
   * WAL flush, the next is already at the server, queued on the append lock, and takes it the
   * moment the first commits, instead of a round trip later. Commit order is unaffected: the lock
   * (or SQLite's single writer) still serialises seq allocation until commit.
   */
  maxInFlight?: number;
};

/**
 * Group commit: webhooks that arrive while a commit is being written share the next transaction,
 * so each one still waits for its own durable commit but the disk flush is paid once per batch.
 */
export function createGroupCommit(store: EventStore, options: GroupCommitOptions = {}) {
  const maxBatch = options.maxBatch ?? 500;
  const maxInFlight = options.maxInFlight ?? 1;
  let queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;
  let idle: (() => void)[] = [];

  const commit = async (batch: Pending[]): Promise<void> => {
    try {
      const outcomes = await store.appendBatch(batch.map((pending) => pending.event));
      batch.forEach((pending, i) => pending.resolve(outcomes[i] as AppendOutcome));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      inFlight -= 1;
      schedule();
      if (inFlight === 0 && queue.length === 0) {
        for (const done of idle) done();
        idle = [];
      }
    }
  };

  // One turn of the event loop gathers every webhook that arrived together into one batch.
  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      while (queue.length > 0 && inFlight < maxInFlight) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        inFlight += 1;
        void commit(batch);
      }
    });
  }

  return {
    append(event: IncomingEvent): Promise<AppendOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ event, resolve, reject });
        schedule();
      });
    },
    /** Resolves when everything queued so far is committed (or failed). */
    drain(): Promise<void> {
      if (inFlight === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
