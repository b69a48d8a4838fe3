import type { StoredEvent } from './store/event-store';

export type Waiter = {
  terminalId: string;
  venueIds: readonly string[];
  after: number;
  limit: number;
  /**
   * Called at most once by the hub: with events (and their answer, rendered once for every
   * waiter at the same cursor on the same venues), with 'revoked', or with 'closing'.
   */
  settle(outcome: StoredEvent[] | 'revoked' | 'closing', answer?: Buffer): void;
  /** Events of its venues were published, but its cursor is older than what the batch covers. */
  recheck(): void;
};

/** Renders the answer to a poll woken with these events. */
export type RenderAnswer = (events: StoredEvent[]) => Buffer;

/**
 * Open long-polls indexed by venue and by terminal, so a committed event wakes exactly the polls
 * of its venue and a revocation ends exactly the polls of its terminal: no per-request timers
 * reading the database.
 */
export function createPollHub(render: RenderAnswer) {
  // The venues of a waiter as one string, so waiters at one cursor on the same venues share an answer.
  const venueKeys = new WeakMap<Waiter, string>();
  const byVenue = new Map<string, Set<Waiter>>();
  const byTerminal = new Map<string, Set<Waiter>>();
  // Per venue, a seq no event of the venue exceeds (learnt from commits and complete listings):
  // a terminal re-polling with an up-to-date cursor then needs no database read at all.
  const newest = new Map<string, number>();
  const raise = (venue: string, seq: number) =>
    newest.set(venue, Math.max(newest.get(venue) ?? seq, seq));
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
      venueKeys.set(
        waiter,
        waiter.venueIds.length === 1
          ? (waiter.venueIds[0] as string)
          : JSON.stringify([...waiter.venueIds].sort()),
      );
      addTo(byTerminal, waiter.terminalId, waiter);
      for (const venue of waiter.venueIds) addTo(byVenue, venue, waiter);
      count += 1;
    },
    /** Removes a waiter that ended on its own (timeout, client gone, answered from the store). */
    remove,
    /** True when it is known that none of these venues has an event after `after`. */
    nothingAfter(venueIds: readonly string[], after: number): boolean {
      return venueIds.every((venue) => {
        const seq = newest.get(venue);
        return seq !== undefined && seq <= after;
      });
    },
    /** Learns from a store listing; only a complete one (fewer than `limit`) proves an upper bound. */
    listed(
      venueIds: readonly string[],
      after: number,
      events: readonly StoredEvent[],
      limit: number,
    ): void {
      if (events.length >= limit) return;
      for (const venue of venueIds) raise(venue, after);
      for (const event of events) raise(event.venueId, event.seq);
    },
    /**
     * Events in seq order, holding every event with a seq in (after, last]. A waiter is answered
     * from the batch only when the hub knows none of its venues has an event between its cursor
     * and the batch (events published before, or older than the hub); otherwise it reads the store
     * again, or it would skip them. (`after` documents the contract; the per-venue knowledge of
     * `newest` is what decides.)
     */
    publish(events: readonly StoredEvent[], _after: number): void {
      const touched = new Set<Waiter>();
      for (const event of events) {
        for (const waiter of byVenue.get(event.venueId) ?? []) touched.add(waiter);
      }
      // Judged on what was known before this batch.
      const stale = new Set<Waiter>();
      for (const waiter of touched) {
        const known = waiter.venueIds.every((venue) => {
          const seq = newest.get(venue);
          return seq !== undefined && seq <= waiter.after;
        });
        if (!known) stale.add(waiter);
      }
      for (const event of events) raise(event.venueId, event.seq);
      // A thousand terminals of one venue at one cursor get one filtered list and one rendered
      // answer, written to their sockets in one synchronous pass.
      const answers = new Map<string, { events: StoredEvent[]; body: Buffer | null }>();
      for (const waiter of touched) {
        if (stale.has(waiter)) {
          waiter.recheck();
          continue;
        }
        const key = `${waiter.after}\u0000${waiter.limit}\u0000${venueKeys.get(waiter)}`;
        let answer = answers.get(key);
        if (!answer) {
          const venues = new Set(waiter.venueIds);
          const mine = events
            .filter((event) => event.seq > waiter.after && venues.has(event.venueId))
            .slice(0, waiter.limit);
          answer = { events: mine, body: mine.length > 0 ? render(mine) : null };
          answers.set(key, answer);
        }
        if (answer.body !== null && remove(waiter)) waiter.settle(answer.events, answer.body);
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
