import type { StoredEvent } from './store/event-store';

export type Waiter<Answer = Buffer> = {
  terminalId: string;
  venueIds: readonly string[];
  after: number;
  limit: number;
  /**
   * Called at most once by the hub: with events (and their answer, rendered once for every
   * waiter at the same cursor on the same venues), with 'revoked', or with 'closing'.
   */
  settle(outcome: StoredEvent[] | 'revoked' | 'closing', answer?: Answer): void;
  /** Events of its venues were published, but its cursor is older than what the batch covers. */
  recheck(): void;
};

/** Renders the answer to a poll woken with these events (once per cursor and venues). */
export type RenderAnswer<Answer> = (events: StoredEvent[]) => Answer;

export type PollHubOptions = {
  /**
   * Longest stretch of waking polls in one turn of the event loop (default 8 ms). A webhook that
   * wakes thousands of polls answers them in slices, each followed by a turn of the loop, so
   * webhooks, re-polls and timers that arrive meanwhile wait at most one slice, not the whole fan-out.
   */
  sliceMs?: number;
};

type Delivery<Answer> = { waiter: Waiter<Answer>; events: StoredEvent[]; answer: Answer };

/**
 * Open long-polls indexed by venue and by terminal, so a committed event wakes exactly the polls
 * of its venue and a revocation ends exactly the polls of its terminal: no per-request timers
 * reading the database.
 */
export function createPollHub<Answer>(render: RenderAnswer<Answer>, options: PollHubOptions = {}) {
  type W = Waiter<Answer>;
  const sliceMs = options.sliceMs ?? 8;
  // The venues of a waiter as one string, so waiters at one cursor on the same venues share an answer.
  const venueKeys = new WeakMap<W, string>();
  const byVenue = new Map<string, Set<W>>();
  const byTerminal = new Map<string, Set<W>>();
  // Per venue, a seq no event of the venue exceeds (learnt from commits and complete listings):
  // a terminal re-polling with an up-to-date cursor then needs no database read at all.
  const newest = new Map<string, number>();
  const raise = (venue: string, seq: number) =>
    newest.set(venue, Math.max(newest.get(venue) ?? seq, seq));
  let count = 0;

  // Woken polls not answered yet, oldest first: out of the indexes already (so a timeout, a
  // close or a later batch cannot answer them twice), answered slice by slice.
  let queue: Delivery<Answer>[] = [];
  let next = 0;
  // True while a slice runs or is scheduled: the queue has an owner, a new batch only appends.
  let delivering = false;
  const deliver = (): void => {
    delivering = true;
    const deadline = performance.now() + sliceMs;
    try {
      while (next < queue.length) {
        const item = queue[next] as Delivery<Answer>;
        next += 1;
        item.waiter.settle(item.events, item.answer);
        // The clock is read every 16 answers: an answer costs tens of microseconds.
        if ((next & 15) === 0 && performance.now() >= deadline) break;
      }
    } finally {
      if (next < queue.length) {
        setImmediate(deliver);
      } else {
        queue = [];
        next = 0;
        delivering = false;
      }
    }
  };

  const addTo = (map: Map<string, Set<W>>, key: string, waiter: W) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(waiter);
  };
  const removeFrom = (map: Map<string, Set<W>>, key: string, waiter: W) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(waiter);
    if (set.size === 0) map.delete(key);
  };

  const remove = (waiter: W): boolean => {
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
    add(waiter: W): void {
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
      const touched = new Set<W>();
      for (const event of events) {
        for (const waiter of byVenue.get(event.venueId) ?? []) touched.add(waiter);
      }
      // Judged on what was known before this batch.
      const stale = new Set<W>();
      for (const waiter of touched) {
        const known = waiter.venueIds.every((venue) => {
          const seq = newest.get(venue);
          return seq !== undefined && seq <= waiter.after;
        });
        if (!known) stale.add(waiter);
      }
      for (const event of events) raise(event.venueId, event.seq);
      // A thousand terminals of one venue at one cursor get one filtered list and one rendered
      // answer (one body, one set of headers), written to their sockets slice by slice.
      const answers = new Map<string, { events: StoredEvent[]; answer: Answer | null }>();
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
          answer = { events: mine, answer: mine.length > 0 ? render(mine) : null };
          answers.set(key, answer);
        }
        if (answer.answer !== null && remove(waiter)) {
          queue.push({ waiter, events: answer.events, answer: answer.answer });
        }
      }
      if (!delivering && next < queue.length) deliver();
    },
    /** Woken polls whose answer is still to be written (a fan-out in progress). */
    get unanswered(): number {
      return queue.length - next;
    },
    revoke(terminalId: string): void {
      for (const waiter of [...(byTerminal.get(terminalId) ?? [])]) {
        if (remove(waiter)) waiter.settle('revoked');
      }
    },
    closeAll(): void {
      // Polls already woken get their events, not an empty answer.
      while (next < queue.length) {
        const item = queue[next] as Delivery<Answer>;
        next += 1;
        item.waiter.settle(item.events, item.answer);
      }
      queue = [];
      next = 0;
      for (const set of [...byTerminal.values()]) {
        for (const waiter of [...set]) {
          if (remove(waiter)) waiter.settle('closing');
        }
      }
    },
  };
}
