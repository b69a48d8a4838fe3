import type { AppendOutcome, EventStore, IncomingEvent } from './store/event-store';

type Pending = {
  event: IncomingEvent;
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
};

/**
 * Group commit: webhooks that arrive while a commit is being written share the next transaction,
 * so each one still waits for its own durable commit but the disk flush is paid once per batch.
 * The next batch starts once the previous one has committed, not once its listeners were told: on
 * PostgreSQL that can take a read of the log (an older transaction was still running at the
 * append), and a batch held behind it waited for that read as well as for its own commit.
 */
export function createGroupCommit(store: EventStore, maxBatch = 500) {
  let queue: Pending[] = [];
  let flushing: Promise<void> | null = null;
  /** Batches committed (or failing) whose listeners may not have been told yet. */
  const telling = new Set<Promise<void>>();

  const flush = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      let committed = (): void => undefined;
      const commit = new Promise<void>((resolve) => {
        committed = resolve;
      });
      const appended = store
        .appendBatch(
          batch.map((pending) => pending.event),
          committed,
        )
        .then(
          (outcomes) =>
            batch.forEach((pending, i) => pending.resolve(outcomes[i] as AppendOutcome)),
          (error: unknown) => {
            for (const pending of batch) pending.reject(error);
          },
        )
        .finally(() => telling.delete(appended));
      telling.add(appended);
      await Promise.race([commit, appended]);
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
    /** Resolves when everything queued so far is committed (or failed) and told. */
    async drain(): Promise<void> {
      while (flushing || telling.size > 0) await Promise.all([flushing, ...telling]);
    },
  };
}
