import type { AppendOutcome, EventStore, IncomingEvent } from './store/event-store';

type Pending = {
  event: IncomingEvent;
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
};

/**
 * Group commit: webhooks that arrive while a commit is being written share the next transaction,
 * so each one still waits for its own durable commit but the disk flush is paid once per batch.
 */
export function createGroupCommit(store: EventStore, maxBatch = 500) {
  let queue: Pending[] = [];
  let flushing: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const outcomes = await store.appendBatch(batch.map((pending) => pending.event));
        batch.forEach((pending, i) => pending.resolve(outcomes[i] as AppendOutcome));
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
  };

  const schedule = () => {
    if (flushing) return;
    flushing = new Promise<void>((resolve) => setImmediate(resolve)).then(flush).finally(() => {
      flushing = null;
      if (queue.length > 0) schedule();
    });
  };

  return {
    append(event: IncomingEvent): Promise<AppendOutcome> {
      return new Promise((resolve, reject) => {
        queue.push({ event, resolve, reject });
        schedule();
      });
    },
    /** Resolves when everything queued so far is committed (or failed). */
    async drain(): Promise<void> {
      while (flushing) await flushing;
    },
  };
}
