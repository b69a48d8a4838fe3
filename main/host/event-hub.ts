// The core's events: listeners by name, and notices batched per tick. A burst (a relay batch, a
// reconcile, a settled outbox run) becomes one event per name per tick, carrying only what changed:
// the keys noticed in that tick (order ids, delivery ids) are built into one payload.
import type { EventName, ServiceEvents } from '../../shared/ipc/contract';

export type EventHub = {
  emit<E extends EventName>(event: E, payload: ServiceEvents[E]): void;
  on<E extends EventName>(event: E, listener: (payload: ServiceEvents[E]) => void): () => void;
  /**
   * Declares a batched event: the returned notice collects keys during a tick, then `build` turns
   * them into the payload (null: nothing to tell). A notice without a key still schedules it.
   */
  batched<E extends EventName>(
    event: E,
    build: (keys: string[]) => ServiceEvents[E] | null,
  ): (...keys: string[]) => void;
  /** No event leaves after this. */
  close(): void;
};

export const createEventHub = (): EventHub => {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let closed = false;

  const emit = <E extends EventName>(event: E, payload: ServiceEvents[E]): void => {
    if (closed) return;
    for (const listener of listeners.get(event) ?? []) {
      try {
        (listener as (p: ServiceEvents[E]) => void)(payload);
      } catch {
        // A listener's failure must not stop the core.
      }
    }
  };

  return {
    emit,
    on: (event, listener) => {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (payload: never) => void);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
    batched: (event, build) => {
      let keys: Set<string> | null = null;
      return (...noticed) => {
        if (keys) {
          for (const key of noticed) keys.add(key);
          return;
        }
        keys = new Set(noticed);
        setImmediate(() => {
          const batch = [...(keys ?? [])];
          keys = null;
          if (closed) return;
          const payload = build(batch);
          if (payload !== null) emit(event, payload);
        });
      };
    },
    close: () => {
      closed = true;
    },
  };
};
