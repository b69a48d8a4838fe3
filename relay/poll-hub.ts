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
   * Most CPU time spent waking polls in one turn of the event loop (default 100 ms). A webhook
   * that wakes many thousands of polls answers them in slices, each followed by a turn of the
   * loop, so webhooks, re-polls and timers that arrive meanwhile wait at most one slice, not the
   * whole fan-out. The budget is the process's CPU time, not the clock's: on a machine whose
   * other processes take the CPU, a wall-clock budget shrank slices to a handful of answers. And
   * it is large enough for the 1,000 polls of one venue to go in one slice even in the first
   * fan-outs after they all connected, which cost 60–100 ms of CPU (later ones 20–40): with
   * 40 ms slices those were cut in two, and the 1,000 re-polls of the first half were taken in
   * between, so the second half waited for both (webhook to the last terminal 170 ms against 90
   * in one slice, on a relay just started). 8 ms slices answered even a later fan-out several
   * times later than one pass did. A webhook arriving meanwhile waits 100 ms at most; the
   * platform waits seconds for its answer.
   */
  sliceMs?: number;
  /** The window of recent events kept to answer polls without the store (10,000 events, 16 MiB). */
  windowEvents?: number;
  windowBytes?: number;
};

type Delivery<Answer> = { waiter: Waiter<Answer>; events: StoredEvent[]; answer: Answer };

/**
 * Open long-polls indexed by venue and by terminal, so a committed event wakes exactly the polls
 * of its venue and a revocation ends exactly the polls of its terminal: no per-request timers
 * reading the database.
 */
// eslint-disable-next-line max-lines-per-function -- the poll hub's indexes (by venue, by terminal, the window) must change together on every add, publish and remove; the hot path stays in one closure
export function createPollHub<Answer>(render: RenderAnswer<Answer>, options: PollHubOptions = {}) {
  type W = Waiter<Answer>;
  const sliceMs = options.sliceMs ?? 100;
  // The venues of a terminal with several as one string (kept per venues array, which a terminal's
  // polls share), so waiters at one cursor on the same venues share an answer.
  const venueKeys = new WeakMap<readonly string[], string>();
  const byVenue = new Map<string, Set<W>>();
  // A terminal's waiting polls: the poll itself while it has one (the rule), a set past that.
  // A set per terminal cost more than the poll's own object, on every open poll.
  const byTerminal = new Map<string, W | Set<W>>();
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
    const startedAt = performance.now();
    const started = process.cpuUsage();
    try {
      while (next < queue.length) {
        const item = queue[next] as Delivery<Answer>;
        next += 1;
        item.waiter.settle(item.events, item.answer);
        // The clock is read every 16 answers (an answer costs tens of microseconds), the CPU time
        // only once the clock has passed the budget (this loop cannot have used more CPU than
        // the time that passed): reading it is a system call that cost 50 µs on the benchmark
        // machine, a seventh of a 1,000-poll fan-out when it was read every 16 answers.
        if ((next & 15) === 0 && performance.now() - startedAt >= sliceMs) {
          const used = process.cpuUsage(started);
          if (used.user + used.system >= sliceMs * 1000) break;
        }
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

  // The window: every published event with a seq above `windowFrom`, oldest first, bounded in
  // count and bytes, and indexed by venue. Batches arrive in seq order, each continuing where the
  // previous ended, so the window holds every event of every venue in (windowFrom, last].
  const windowEvents = options.windowEvents ?? 10_000;
  const windowBytes = options.windowBytes ?? 16 * 1024 * 1024;
  let windowFrom: number | null = null;
  let lastPublished: number | null = null;
  let recent: StoredEvent[] = [];
  let recentHead = 0;
  let recentBytes = 0;
  const recentByVenue = new Map<string, { events: StoredEvent[]; head: number }>();
  const remember = (events: readonly StoredEvent[], after: number): void => {
    if (lastPublished !== after) {
      // Not a continuation (the first batch, or a contract broken): start the window afresh.
      recent = [];
      recentHead = 0;
      recentBytes = 0;
      recentByVenue.clear();
      windowFrom = after;
    }
    for (const event of events) {
      recent.push(event);
      recentBytes += event.body.length;
      let list = recentByVenue.get(event.venueId);
      if (!list) recentByVenue.set(event.venueId, (list = { events: [], head: 0 }));
      list.events.push(event);
    }
    lastPublished = (events.at(-1) as StoredEvent).seq;
    while (recent.length - recentHead > windowEvents || recentBytes > windowBytes) {
      const oldest = recent[recentHead] as StoredEvent;
      recentHead += 1;
      recentBytes -= oldest.body.length;
      windowFrom = oldest.seq;
      const list = recentByVenue.get(oldest.venueId) as { events: StoredEvent[]; head: number };
      list.head += 1;
      if (list.head === list.events.length) recentByVenue.delete(oldest.venueId);
      else if (list.head > 64 && list.head * 2 > list.events.length) {
        list.events = list.events.slice(list.head);
        list.head = 0;
      }
    }
    if (recentHead > 1024 && recentHead * 2 > recent.length) {
      recent = recent.slice(recentHead);
      recentHead = 0;
    }
  };
  /** The events of one venue in the window with a seq above `after`, at most `limit`. */
  const recentOf = (venue: string, after: number, limit: number): StoredEvent[] => {
    const list = recentByVenue.get(venue);
    if (!list) return [];
    let low = list.head;
    let high = list.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((list.events[middle] as StoredEvent).seq > after) high = middle;
      else low = middle + 1;
    }
    return list.events.slice(low, low + limit);
  };
  /** The store's answer to (venues, after, limit) when the hub knows it, else null. */
  const known = (
    venueIds: readonly string[],
    after: number,
    limit: number,
  ): StoredEvent[] | null => {
    if (windowFrom !== null && after >= windowFrom) {
      if (venueIds.length === 1) return recentOf(venueIds[0] as string, after, limit);
      return venueIds
        .flatMap((venue) => recentOf(venue, after, limit))
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit);
    }
    const nothing = venueIds.every((venue) => {
      const seq = newest.get(venue);
      return seq !== undefined && seq <= after;
    });
    return nothing ? [] : null;
  };
  const venueKeyOf = (venueIds: readonly string[]): string => {
    if (venueIds.length === 1) return venueIds[0] as string;
    let key = venueKeys.get(venueIds);
    if (key === undefined) venueKeys.set(venueIds, (key = JSON.stringify([...venueIds].sort())));
    return key;
  };
  // Rendered answers since the last batch, by cursor, limit and venues.
  const answers = new Map<string, { events: StoredEvent[]; answer: Answer }>();
  const rendered = (venueKey: string, after: number, limit: number, events: StoredEvent[]) => {
    const key = `${after}\u0000${limit}\u0000${venueKey}`;
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = { events, answer: render(events) }));
    return answer;
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

  const waitersOf = (terminalId: string): W[] => {
    const held = byTerminal.get(terminalId);
    return held === undefined ? [] : held instanceof Set ? [...held] : [held];
  };
  const holdFor = (waiter: W): void => {
    const held = byTerminal.get(waiter.terminalId);
    if (held === undefined) byTerminal.set(waiter.terminalId, waiter);
    else if (held instanceof Set) held.add(waiter);
    else byTerminal.set(waiter.terminalId, new Set([held, waiter]));
  };
  /** Takes the waiter off its terminal's entry; false when it was not held. */
  const releaseFor = (waiter: W): boolean => {
    const held = byTerminal.get(waiter.terminalId);
    if (held === waiter) {
      byTerminal.delete(waiter.terminalId);
      return true;
    }
    if (!(held instanceof Set) || !held.delete(waiter)) return false;
    if (held.size === 1) byTerminal.set(waiter.terminalId, held.values().next().value as W);
    return true;
  };

  const remove = (waiter: W): boolean => {
    if (!releaseFor(waiter)) return false;
    for (const venue of waiter.venueIds) removeFrom(byVenue, venue, waiter);
    count -= 1;
    return true;
  };

  return {
    get size() {
      return count;
    },
    openFor(terminalId: string): number {
      const held = byTerminal.get(terminalId);
      return held === undefined ? 0 : held instanceof Set ? held.size : 1;
    },
    add(waiter: W): void {
      holdFor(waiter);
      for (const venue of waiter.venueIds) addTo(byVenue, venue, waiter);
      count += 1;
    },
    /** Removes a waiter that ended on its own (timeout, client gone, answered from the store). */
    remove,
    /**
     * What a waiting poll would read from the store, when the hub knows it: the events of these
     * venues after `after` (up to `limit`, with their rendered answer, shared by every poll asking
     * the same), or none; null when the hub cannot know and the store must be read. Known when
     * the cursor lies inside the window of recent events, or when none of the venues has an event
     * after it. A terminal re-polling behind the newest event, which a fan-out of thousands makes
     * common, is then answered without a database read.
     */
    lookup(
      venueIds: readonly string[],
      after: number,
      limit: number,
    ): { events: StoredEvent[]; answer: Answer | null } | null {
      const events = known(venueIds, after, limit);
      if (events === null) return null;
      if (events.length === 0) return { events, answer: null };
      return rendered(venueKeyOf(venueIds), after, limit, events);
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
     * Events in seq order, holding every event with a seq in (after, last] (each batch continues
     * where the previous one ended). A waiter is answered only with what the hub knows to be
     * complete: from the window when its cursor lies inside it, or from the batch when none of
     * its venues had an event between its cursor and the batch; otherwise it reads the store
     * again, or it would skip events.
     */
    publish(events: readonly StoredEvent[], after: number): void {
      if (events.length === 0) return;
      const touched = new Set<W>();
      for (const event of events) {
        for (const waiter of byVenue.get(event.venueId) ?? []) touched.add(waiter);
      }
      // Judged on what was known before this batch.
      const knownBefore = new Set<W>();
      for (const waiter of touched) {
        const known = waiter.venueIds.every((venue) => {
          const seq = newest.get(venue);
          return seq !== undefined && seq <= waiter.after;
        });
        if (known) knownBefore.add(waiter);
      }
      for (const event of events) raise(event.venueId, event.seq);
      remember(events, after);
      answers.clear();
      // A thousand terminals of one venue at one cursor get one filtered list and one rendered
      // answer (one body, one set of headers), written to their sockets slice by slice.
      for (const waiter of touched) {
        let mine: StoredEvent[] | null;
        if (windowFrom !== null && waiter.after >= windowFrom) {
          mine = known(waiter.venueIds, waiter.after, waiter.limit);
        } else if (knownBefore.has(waiter)) {
          const venues = new Set(waiter.venueIds);
          mine = events
            .filter((event) => event.seq > waiter.after && venues.has(event.venueId))
            .slice(0, waiter.limit);
        } else mine = null;
        if (mine === null) {
          waiter.recheck();
          continue;
        }
        if (mine.length === 0) continue;
        const answer = rendered(venueKeyOf(waiter.venueIds), waiter.after, waiter.limit, mine);
        if (remove(waiter)) queue.push({ waiter, events: answer.events, answer: answer.answer });
      }
      if (!delivering && next < queue.length) deliver();
    },
    /** Woken polls whose answer is still to be written (a fan-out in progress). */
    get unanswered(): number {
      return queue.length - next;
    },
    revoke(terminalId: string): void {
      for (const waiter of waitersOf(terminalId)) {
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
      for (const terminalId of [...byTerminal.keys()]) {
        for (const waiter of waitersOf(terminalId)) {
          if (remove(waiter)) waiter.settle('closing');
        }
      }
    },
  };
}
