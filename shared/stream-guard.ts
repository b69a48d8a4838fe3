// What the terminal does when the order stream (the relay) is down, declared once for main and
// the renderer. The platform drops a notification after its last retry, about 15 s after the
// first (docs/platform.md#notification-retries), and has no order list: while the stream is
// down, orders are lost for good, so staff must hear it and customers must stop ordering.

/** The order stream may blink (a relay restart, a poll cut); longer than this is an outage. */
export const STREAM_DOWN_ALARM_MS = 10_000;

/** Why the venue went offline by itself, for staff and the audit log alike. */
export const PAUSE_REASON = 'Paused by Countertop because orders could not arrive';

/** After this long down, Countertop takes the venue offline through the platform (by default). */
export const AUTO_PAUSE_DEFAULT_SECONDS = 60;
export const AUTO_PAUSE_MIN_SECONDS = 5;
export const AUTO_PAUSE_MAX_SECONDS = 1_800;

/** What staff chose; persisted in main. */
export type StreamGuardSettings = {
  /** Take the venue offline when the order stream stays down, and back online when it returns. */
  autoPause: boolean;
  pauseAfterSeconds: number;
};

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

export type StreamGuardState = {
  settings: StreamGuardSettings;
  /** Since when main's relay client has seen the order stream down; null while it is up. */
  downSince: string | null;
  /**
   * Countertop took the venue offline because orders could not arrive (since then), and will
   * bring it back online when the stream returns, unless staff change the venue's status first.
   */
  pausedAt: string | null;
  /** Outages staff have not acknowledged yet, oldest first. */
  gaps: StreamGap[];
};
