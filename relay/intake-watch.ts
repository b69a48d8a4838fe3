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
// What a relay instance learns lives in its memory: after a restart the rate is learned again.

export type IntakeOptions = {
  now: () => number;
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
} as const;

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

export type IntakeWatch = ReturnType<typeof createIntakeWatch>;

export function createIntakeWatch(options: IntakeOptions) {
  const o = { ...INTAKE_DEFAULTS, ...options };
  const venues = new Map<string, Venue>();
  const venue = (id: string): Venue => {
    let v = venues.get(id);
    if (!v) {
      v = {
        lastWebhookAt: null,
        lastPlacementAt: null,
        gaps: [],
        report: null,
        lastPollAt: null,
        watchedSince: null,
      };
      venues.set(id, v);
    }
    return v;
  };

  /** Folds "now" into the watched stretch: it starts when all three hold, ends when one lapses. */
  const touch = (v: Venue, at: number): boolean => {
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

  const threshold = (v: Venue): number => {
    if (v.gaps.length < o.minHistory) return o.defaultQuietMs;
    const mean = v.gaps.reduce((sum, gap) => sum + gap, 0) / v.gaps.length;
    return Math.min(o.maxQuietMs, Math.max(o.minQuietMs, o.factor * mean));
  };

  const verdict = (id: string, v: Venue, at: number): IntakeVerdict => {
    const watched = touch(v, at);
    const since = Math.max(v.lastWebhookAt ?? -Infinity, v.watchedSince ?? at);
    const quiet = watched ? Math.max(0, at - since) : 0;
    const limit = threshold(v);
    return {
      venue_id: id,
      no_orders_arriving: watched && quiet > limit,
      watched,
      last_webhook_at: v.lastWebhookAt === null ? null : new Date(v.lastWebhookAt).toISOString(),
      quiet_seconds: Math.round(quiet / 1000),
      threshold_seconds: Math.round(limit / 1000),
    };
  };

  return {
    /** A marketplace notification of the venue was stored (by any instance). */
    webhook(venueId: string, receivedAt: number, body: string): void {
      const v = venue(venueId);
      const watched = touch(v, receivedAt);
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
    },
    /** A terminal of these venues polled. */
    polled(venueIds: readonly string[], at: number): void {
      for (const id of venueIds) {
        const v = venue(id);
        v.lastPollAt = at;
        touch(v, at);
      }
    },
    /** A terminal reported the venue's state as the platform shows it; answers the verdict. */
    reported(venueId: string, state: { online: boolean; open: boolean }): IntakeVerdict {
      const at = o.now();
      const v = venue(venueId);
      touch(v, at);
      v.report = { ...state, at };
      return verdict(venueId, v, at);
    },
    /** Every venue this instance knows of, for the partner's view. */
    list(): IntakeVerdict[] {
      const at = o.now();
      return [...venues.entries()]
        .map(([id, v]) => verdict(id, v, at))
        .sort((a, b) => a.venue_id.localeCompare(b.venue_id));
    },
    /** Prometheus text: the venues with no orders arriving, one gauge per venue watched. */
    render(): string {
      const all = this.list();
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
          .map(
            (v) => `relay_venue_quiet_seconds{venue_id="${label(v.venue_id)}"} ${v.quiet_seconds}`,
          ),
      ];
      return `${lines.join('\n')}\n`;
    },
  };
}
