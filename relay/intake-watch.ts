// The relay watches its own intake: a venue that is online and open, whose terminals poll, but
// whose notifications stopped for far longer than its own order rate makes likely, is reported
// as "no orders arriving" (to its terminals in the answer to their venue-state report, to the
// partner on GET /v1/intake and in /metrics). A broken webhook path (an expired certificate, a
// misrouted path, a load balancer sending webhooks nowhere) looks exactly like a quiet shift
// from everywhere else: the platform drops what it cannot deliver and has no order list.
//
// The rule (README.md, "No orders arriving"): a venue is watched while a terminal reported it
// online and open and polled within `freshMs`. Its usual gap is the mean time between order
// placements (CREATED notifications) seen while it was watched, over its last `historySize`
// placements. Orders arriving at random at that rate leave a silence longer than `factor`
// usual gaps with a chance of e^-factor (0.1% at 7); the threshold is that, kept between
// `minQuietMs` and `maxQuietMs`, and `defaultQuietMs` until `minHistory` gaps are known. Any
// notification of the venue ends a silence; a silence is counted from the later of its last
// notification and the moment it became watched, so a venue that just opened is not flagged.
//
// Which instance saw what does not matter (README.md, "No orders arriving"): behind a load
// balancer the webhooks, a terminal's polls and its reports may each reach a different instance.
// The store keeps each venue's last notification (with the event's own commit), the state a
// terminal last reported and its last poll (noted at most every `pollNoteMs` per instance), and
// every verdict reads them; the order rate is learned in each instance's memory from the shared
// log (every instance is told of every event), and learned again after a restart.
import type { EventStore, VenueIntakeRow } from './store/event-store';

export type IntakeOptions = {
  now: () => number;
  /** How often at most this instance notes a venue's polls in the store. */
  pollNoteMs?: number;
  freshMs?: number;
  factor?: number;
  minQuietMs?: number;
  maxQuietMs?: number;
  defaultQuietMs?: number;
  historySize?: number;
  minHistory?: number;
};

export const INTAKE_DEFAULTS = {
  freshMs: 2 * 60_000,
  factor: 7,
  minQuietMs: 5 * 60_000,
  maxQuietMs: 60 * 60_000,
  defaultQuietMs: 30 * 60_000,
  historySize: 20,
  minHistory: 5,
  pollNoteMs: 15_000,
} as const;

export type IntakeStore = Pick<EventStore, 'venueIntake' | 'noteVenueReport' | 'noteVenuePolls'>;

export type IntakeVerdict = {
  venue_id: string;
  /** Watched (online, open, polled) and silent past its threshold. */
  no_orders_arriving: boolean;
  watched: boolean;
  last_webhook_at: string | null;
  quiet_seconds: number;
  threshold_seconds: number;
};

type Venue = {
  lastWebhookAt: number | null;
  lastPlacementAt: number | null;
  /** Gaps between placements seen while watched, newest last. */
  gaps: number[];
  report: { online: boolean; open: boolean; at: number } | null;
  lastPollAt: number | null;
  /** Start of the current watched stretch (null: not watched). */
  watchedSince: number | null;
  /** When this instance last noted the venue's polls in the store. */
  pollNotedAt: number | null;
};

/** Whether a marketplace notification body is an order's placement (CREATED). */
const isPlacement = (body: string): boolean => {
  try {
    const parsed = JSON.parse(body) as { type?: unknown; order?: { status?: unknown } };
    return parsed.type === 'order.notification' && parsed.order?.status === 'CREATED';
  } catch {
    return false;
  }
};

type Rules = Required<IntakeOptions>;

/** Polls noted within this window go to the store in one statement. */
const NOTE_WINDOW_MS = 250;

const emptyVenue = (): Venue => ({
  lastWebhookAt: null,
  lastPlacementAt: null,
  gaps: [],
  report: null,
  lastPollAt: null,
  watchedSince: null,
  pollNotedAt: null,
});

/** Folds "now" into the watched stretch: it starts when all three hold, ends when one lapses. */
const touch = (o: Rules, v: Venue, at: number): boolean => {
  const watched =
    v.report !== null &&
    v.report.online &&
    v.report.open &&
    at - v.report.at <= o.freshMs &&
    v.lastPollAt !== null &&
    at - v.lastPollAt <= o.freshMs;
  if (!watched) v.watchedSince = null;
  else v.watchedSince ??= at;
  return watched;
};

const later = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

/** What any instance left in the store, folded in: the newest of each. */
const absorb = (v: Venue, row: VenueIntakeRow): Venue => {
  v.lastWebhookAt = later(v.lastWebhookAt, row.lastWebhookAt);
  v.lastPollAt = later(v.lastPollAt, row.polledAt);
  if (row.report && (v.report === null || row.report.at > v.report.at)) v.report = row.report;
  return v;
};

const threshold = (o: Rules, v: Venue): number => {
  if (v.gaps.length < o.minHistory) return o.defaultQuietMs;
  const mean = v.gaps.reduce((sum, gap) => sum + gap, 0) / v.gaps.length;
  return Math.min(o.maxQuietMs, Math.max(o.minQuietMs, o.factor * mean));
};

const verdictOf = (o: Rules, id: string, v: Venue, at: number): IntakeVerdict => {
  const watched = touch(o, v, at);
  const since = Math.max(v.lastWebhookAt ?? -Infinity, v.watchedSince ?? at);
  const quiet = watched ? Math.max(0, at - since) : 0;
  const limit = threshold(o, v);
  return {
    venue_id: id,
    no_orders_arriving: watched && quiet > limit,
    watched,
    last_webhook_at: v.lastWebhookAt === null ? null : new Date(v.lastWebhookAt).toISOString(),
    quiet_seconds: Math.round(quiet / 1000),
    threshold_seconds: Math.round(limit / 1000),
  };
};

/** A stored marketplace notification: ends a silence, and a placement teaches the order rate. */
const takeWebhook = (o: Rules, v: Venue, receivedAt: number, body: string): void => {
  const watched = touch(o, v, receivedAt);
  if (isPlacement(body)) {
    // Only a gap wholly inside one watched stretch says something about the order rate.
    if (
      watched &&
      v.lastPlacementAt !== null &&
      v.watchedSince !== null &&
      v.lastPlacementAt >= v.watchedSince
    ) {
      v.gaps.push(receivedAt - v.lastPlacementAt);
      if (v.gaps.length > o.historySize) v.gaps.shift();
    }
    v.lastPlacementAt = receivedAt;
  }
  v.lastWebhookAt = Math.max(v.lastWebhookAt ?? receivedAt, receivedAt);
};

/** Prometheus text: the venues with no orders arriving, one gauge per venue watched. */
const renderVerdicts = (all: IntakeVerdict[]): string => {
  const flagged = all.filter((v) => v.no_orders_arriving);
  const label = (id: string) => id.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  const lines = [
    '# HELP relay_venues_no_orders_arriving Venues online and open, polled, with no notification for longer than their order rate makes likely.',
    '# TYPE relay_venues_no_orders_arriving gauge',
    `relay_venues_no_orders_arriving ${flagged.length}`,
    '# HELP relay_venue_no_orders_arriving 1 while the venue is watched and silent past its threshold, else 0.',
    '# TYPE relay_venue_no_orders_arriving gauge',
    ...all
      .filter((v) => v.watched)
      .map(
        (v) =>
          `relay_venue_no_orders_arriving{venue_id="${label(v.venue_id)}"} ${v.no_orders_arriving ? 1 : 0}`,
      ),
    '# HELP relay_venue_quiet_seconds Seconds since the watched venue last received a notification.',
    '# TYPE relay_venue_quiet_seconds gauge',
    ...all
      .filter((v) => v.watched)
      .map((v) => `relay_venue_quiet_seconds{venue_id="${label(v.venue_id)}"} ${v.quiet_seconds}`),
  ];
  return `${lines.join('\n')}\n`;
};

export type IntakeWatch = ReturnType<typeof createIntakeWatch>;

export function createIntakeWatch(
  options: IntakeOptions,
  store: IntakeStore,
  /** A store write that failed (the next poll tries again; a report's caller hears of it). */
  failed: (message: string) => void = () => undefined,
) {
  const o: Rules = { ...INTAKE_DEFAULTS, ...options };
  const venues = new Map<string, Venue>();
  const venue = (id: string): Venue => {
    let v = venues.get(id);
    if (!v) {
      v = emptyVenue();
      venues.set(id, v);
    }
    return v;
  };

  /** Venues polled since the last write, each with its latest poll. */
  const notes = new Map<string, number>();
  let flushing: NodeJS.Timeout | null = null;
  /** The writes under way, one after another: a flush waits for the one its timer started too. */
  let writing: Promise<void> = Promise.resolve();
  const flushNotes = (): Promise<void> => {
    if (flushing) clearTimeout(flushing);
    flushing = null;
    if (notes.size === 0) return writing;
    const polls = [...notes].map(([venueId, at]) => ({ venueId, at }));
    notes.clear();
    writing = writing.then(() =>
      store.noteVenuePolls(polls).then(
        (busy) => {
          // Rows another transaction held (an append of that venue's notifications): noted in a
          // later window, so no venue's note waits for another's.
          if (busy.length === 0) return;
          const wanted = new Set(busy);
          for (const { venueId, at } of polls)
            if (wanted.has(venueId)) notes.set(venueId, Math.max(notes.get(venueId) ?? at, at));
          schedule();
        },
        (error: unknown) => {
          for (const { venueId } of polls) venue(venueId).pollNotedAt = null;
          failed(`noting polls failed: ${(error as Error).message}`);
        },
      ),
    );
    return writing;
  };
  function schedule(): void {
    if (notes.size > 0 && flushing === null) {
      flushing = setTimeout(() => void flushNotes(), NOTE_WINDOW_MS);
      flushing.unref();
    }
  }

  const list = async (): Promise<IntakeVerdict[]> => {
    for (const row of await store.venueIntake(null)) absorb(venue(row.venueId), row);
    const at = o.now();
    return [...venues.entries()]
      .map(([id, v]) => verdictOf(o, id, v, at))
      .sort((a, b) => a.venue_id.localeCompare(b.venue_id));
  };

  return {
    /** A marketplace notification of the venue was stored (by any instance). */
    webhook(venueId: string, receivedAt: number, body: string): void {
      takeWebhook(o, venue(venueId), receivedAt, body);
    },
    /**
     * A terminal of these venues polled; noted in the store at most every pollNoteMs per venue,
     * the venues of a short window in one statement (a thousand terminals polling at once cost
     * one write, not one each).
     */
    polled(venueIds: readonly string[], at: number): void {
      for (const id of venueIds) {
        const v = venue(id);
        v.lastPollAt = at;
        touch(o, v, at);
        if (v.pollNotedAt === null || at - v.pollNotedAt >= o.pollNoteMs) {
          v.pollNotedAt = at;
          notes.set(id, Math.max(notes.get(id) ?? at, at));
        }
      }
      schedule();
    },
    /** A terminal reported the venue's state as the platform shows it; answers the verdict. */
    async reported(
      venueId: string,
      state: { online: boolean; open: boolean },
    ): Promise<IntakeVerdict> {
      const at = o.now();
      // The polls this instance took are in the store before the report answers, so whatever
      // instance is asked next sees them.
      await flushNotes();
      // What every instance knew before this report: a stretch whose last report lapsed ends
      // here, and the new one starts now.
      const [row] = await store.venueIntake([venueId]);
      const v = row ? absorb(venue(venueId), row) : venue(venueId);
      touch(o, v, at);
      if (v.report === null || v.report.at <= at) v.report = { ...state, at };
      await store.noteVenueReport(venueId, state, at);
      return verdictOf(o, venueId, v, at);
    },
    /** Every venue the store or this instance knows of, for the partner's view. */
    list,
    /** The clock and the freshness a poll or report must have to count (the fleet view's too). */
    now: o.now,
    freshMs: o.freshMs,
    /** Writes the polls still waiting for their window (before the store closes). */
    flush: flushNotes,
    /** Prometheus text: the venues with no orders arriving, one gauge per venue watched. */
    async render(): Promise<string> {
      return renderVerdicts(await list());
    },
  };
}
