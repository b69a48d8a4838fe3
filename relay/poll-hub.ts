import type { StoredEvent } from './store/event-store';

export type Waiter = {
  terminalId: string;
  venueIds: readonly string[];
  after: number;
  limit: number;
  /** Called at most once by the hub: with events, with 'revoked', or with 'closing'. */
  settle(outcome: StoredEvent[] | 'revoked' | 'closing'): void;
};

/**
 * Open long-polls indexed by venue and by terminal, so a committed event wakes exactly the polls
 * of its venue and a revocation ends exactly the polls of its terminal: no per-request timers
 * reading the database.
 */
export function createPollHub() {
  const byVenue = new Map<string, Set<Waiter>>();
  const byTerminal = new Map<string, Set<Waiter>>();
  let count = 0;

  const addTo = (map: Map<string, Set<Waiter>>, key: string, waiter: Waiter) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(waiter);
  };
  const removeFrom = (map: Map<string, Set<Waiter>>, key: string, waiter: Waiter) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(waiter);
    if (set.size === 0) map.delete(key);
  };

  const remove = (waiter: Waiter): boolean => {
    const set = byTerminal.get(waiter.terminalId);
    if (!set?.has(waiter)) return false;
    removeFrom(byTerminal, waiter.terminalId, waiter);
    for (const venue of waiter.venueIds) removeFrom(byVenue, venue, waiter);
    count -= 1;
    return true;
  };

  return {
    get size() {
      return count;
    },
    openFor(terminalId: string): number {
      return byTerminal.get(terminalId)?.size ?? 0;
    },
    add(waiter: Waiter): void {
      addTo(byTerminal, waiter.terminalId, waiter);
      for (const venue of waiter.venueIds) addTo(byVenue, venue, waiter);
      count += 1;
    },
    /** Removes a waiter that ended on its own (timeout, client gone, answered from the store). */
    remove,
    /** Events are in seq order. */
    publish(events: readonly StoredEvent[]): void {
      const touched = new Set<Waiter>();
      for (const event of events) {
        for (const waiter of byVenue.get(event.venueId) ?? []) touched.add(waiter);
      }
      for (const waiter of touched) {
        const venues = new Set(waiter.venueIds);
        const mine = events.filter((event) => event.seq > waiter.after && venues.has(event.venueId)).slice(0, waiter.limit);
        if (mine.length > 0 && remove(waiter)) waiter.settle(mine);
      }
    },
    revoke(terminalId: string): void {
      for (const waiter of [...(byTerminal.get(terminalId) ?? [])]) {
        if (remove(waiter)) waiter.settle('revoked');
      }
    },
    closeAll(): void {
      for (const set of [...byTerminal.values()]) {
        for (const waiter of [...set]) {
          if (remove(waiter)) waiter.settle('closing');
        }
      }
    },
  };
}
