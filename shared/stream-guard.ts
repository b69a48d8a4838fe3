// What the terminal does when the order stream (the relay) is down, declared once for main and
// the renderer. The platform drops a notification after its last retry, about 15 s after the
// first (docs/platform.md#notification-retries), and has no order list: while the stream is
// down, orders are lost for good, so staff must hear it and customers must stop ordering.
import { z } from 'zod';

/** The order stream may blink (a relay restart, a poll cut); longer than this is an outage. */
export const STREAM_DOWN_ALARM_MS = 10_000;

/** Why the venue went offline by itself, for staff and the audit log alike. */
export const PAUSE_REASON = 'Paused by Countertop because orders could not arrive';

/** After this long down, Countertop takes the venue offline through the platform (by default). */
export const AUTO_PAUSE_DEFAULT_SECONDS = 60;
export const AUTO_PAUSE_MIN_SECONDS = 5;
export const AUTO_PAUSE_MAX_SECONDS = 1_800;

/**
 * The pause staff chose for a venue: a venue-level setting (shared/venue-settings.ts), kept once
 * for every terminal of the venue; each venue of a terminal has its own.
 */
export const streamGuardSettingsSchema = z
  .object({
    /** Take the venue offline when the order stream stays down, and back online when it returns. */
    autoPause: z.boolean(),
    pauseAfterSeconds: z.number().int().min(AUTO_PAUSE_MIN_SECONDS).max(AUTO_PAUSE_MAX_SECONDS),
  })
  .strict();
export type StreamGuardSettings = z.infer<typeof streamGuardSettingsSchema>;

export const DEFAULT_STREAM_GUARD_SETTINGS: StreamGuardSettings = {
  autoPause: true,
  pauseAfterSeconds: AUTO_PAUSE_DEFAULT_SECONDS,
};

/** A time the order stream was down: orders placed then may never have reached this terminal. */
export type StreamGap = {
  id: string;
  from: string;
  to: string;
  /**
   * How many of the venue's newest orders the platform lists that this terminal does not have,
   * as last checked after the gap (null: not checked yet).
   */
  unknownOrders: number | null;
};

/** When the order stream was down (a gap's span, or an outage still going on). */
export type StreamDownSpan = Pick<StreamGap, 'from' | 'to'>;

/**
 * An order placed while the stream was down (inside a gap): it reached the terminal late. Main
 * decides it as the order is stored or the gap closes, and keeps it on the order
 * (`Order.arrivedLate`); the gap notice lists these orders and their cards say so.
 */
export const placedDuringGap = (createdAt: string, gaps: readonly StreamDownSpan[]): boolean => {
  const at = Date.parse(createdAt);
  return gaps.some((gap) => at >= Date.parse(gap.from) && at <= Date.parse(gap.to));
};

export type StreamGuardState = {
  /** The venue set up first's pause settings (every venue's in `venues`). */
  settings: StreamGuardSettings;
  /** Since when main's relay client has seen the order stream down; null while it is up. */
  downSince: string | null;
  /**
   * Countertop took the venue (the one set up first; every venue's in `venues`) offline because
   * orders could not arrive (since then), and will bring it back online when the stream returns,
   * unless staff change the venue's status first.
   */
  pausedAt: string | null;
  /** Outages staff have not acknowledged yet, oldest first. */
  gaps: StreamGap[];
  /** Orders the platform has that never reached this terminal, not acknowledged yet, oldest first. */
  missed: MissedOrder[];
  /** When the platform's latest orders were last compared with ours (null: not yet). */
  missedCheckedAt: string | null;
  /** The relay says no notifications arrive for the venue (null: they do, or it cannot tell). */
  noOrdersArriving: IntakeWarning | null;
  /**
   * The other terminals of this terminal's venues as the relay last told (their last poll), with
   * when it told (null: not read yet). Read while this terminal's stream is up, kept while it is down: then it
   * says who was still receiving when this one lost its stream.
   */
  otherTerminals: { terminals: OtherTerminal[]; readAt: string } | null;
  /**
   * While this terminal's stream is down and another terminal of the venue was receiving, the
   * venue (the one set up first; every venue's in `venues`) is left online (the other one takes
   * its orders): since then. Null otherwise.
   */
  pauseDeferredSince: string | null;
  /** Each venue of this terminal, the one set up first first: its pause and who else serves it. */
  venues: StreamGuardVenue[];
};

/** The stream guard's word on one venue of this terminal (each venue is paused on its own). */
export type StreamGuardVenue = {
  venueId: string;
  /** Its name as staff know it (null: not known yet). */
  name: string | null;
  /** Its own pause settings (the venue's, as its terminals keep them at the relay). */
  settings: StreamGuardSettings;
  /** Countertop took this venue offline (since then) and still owns that pause. */
  pausedAt: string | null;
  /** Left online since then, while this terminal's stream is down: another terminal serves it. */
  pauseDeferredSince: string | null;
  /** The other terminals serving this venue, as the relay last told. */
  otherTerminals: OtherTerminal[];
};

/** Another terminal of the venue, as the relay saw it at its last poll. */
export type OtherTerminal = {
  /** The name staff gave it (null: none given). */
  name: string | null;
  receiving: boolean;
  /** How long before the read the relay last heard from it (null: never). */
  lastSeenSeconds: number | null;
};

/** How often a terminal reads its venue's other terminals from the relay while its stream is up. */
export const OTHER_TERMINALS_READ_MS = 10_000;

/**
 * A terminal that lost its stream while another of its venue received does not pause the venue,
 * until the platform shows an order that nobody answered: one it lacks, still new after this long
 * since it was raised as missed (the other terminal would have rung and answered it).
 */
export const UNANSWERED_PAUSE_MS = 60_000;

/**
 * The continuous check for orders that never reached this terminal (docs/platform.md#missed-orders):
 * how often the venue status' latest orders are compared with ours, and how long a difference
 * must last before it alarms. The platform retries a notification for about 15 s, so an order
 * placed a moment ago may still be on its way: a difference alarms only when a second check, at
 * least the grace later and after re-reading the terminal's own orders, still shows it.
 */
export const MISSED_CHECK_INTERVAL_MS = 10_000;
export const MISSED_GRACE_MS = 20_000;

/** An order the platform lists among the venue's newest that this terminal never received. */
export type MissedOrder = {
  id: string;
  /** The venue the platform lists it for. */
  venueId: string;
  /** That venue's name, when this terminal serves several (null: one venue, or no name known). */
  venueName: string | null;
  /**
   * When it was placed, as far as the platform's list and our own orders bound it (platform
   * time): after `placedFrom` (null: no bound) and before `placedTo`.
   */
  placedFrom: string | null;
  placedTo: string;
  /** Its status as the platform's list shows it (null: the platform says OTHER, e.g. cancelled). */
  platformStatus: 'CREATED' | 'PRODUCTION' | 'READY' | 'DELIVERED' | 'REJECTED' | null;
  raisedAt: string;
  /**
   * More orders placed after it, up to this time, may be missing too: the platform lists only
   * its latest 3 and at that time none of them was one this terminal holds (null: not so).
   */
  moreUntil: string | null;
  /** The order itself, once it reached this terminal after all (it is then on the board). */
  order: { orderId: string; orderNumber: string } | null;
};

/**
 * The relay's word on the venue's webhooks: none for far longer than the venue's own order rate
 * makes likely while it is online and open. A broken webhook path looks like a quiet shift.
 */
export type IntakeWarning = {
  /** Since when the relay received no notification for this venue (null: none ever). */
  lastWebhookAt: string | null;
  quietSeconds: number;
  thresholdSeconds: number;
  /** When this terminal last heard it from the relay. */
  reportedAt: string;
};
