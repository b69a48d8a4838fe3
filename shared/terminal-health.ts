// A terminal's health report to the relay (PUT /v1/terminal/health), declared once for the
// terminal that sends it and the relay that checks it at its door. The partner who runs the relay
// sees every terminal's trouble from it (relay/fleet.ts, /metrics); a terminal knows its own
// trouble, nobody else does. Every field is a count, a state, an age or a short label: the report
// carries no secret, no order content and no customer data, and the relay refuses any field it
// does not know (a strict schema), so nothing else can ride along.
import { z } from 'zod';
import { isVenueId } from './venue-id';

/** How often a terminal reports. */
export const TERMINAL_HEALTH_INTERVAL_MS = 30_000;

/**
 * A terminal not heard from (any call of its key: polls every few seconds, reports every 30 s)
 * for this long is silent. A live terminal's long-poll returns within 25 s and the relay notes a
 * terminal at most every 15 s, so a silent terminal shows within 60 + 15 s.
 */
export const TERMINAL_SILENT_MS = 60_000;

/** The largest report body the relay reads. */
export const TERMINAL_HEALTH_MAX_BYTES = 4 * 1024;

export const PRINTER_STATES = ['ready', 'out_of_paper', 'offline', 'error'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

/** The order stream as the terminal sees it: its relay link, and its platform link. */
export const STREAM_STATES = ['up', 'down'] as const;
export const PLATFORM_STATES = ['ok', 'unreachable', 'refused', 'unknown'] as const;

// One line of plain text: no control characters (a label is shown to people and put in HTML).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const PLAIN = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+$/;
const label = (max: number) => z.string().min(1).max(max).regex(PLAIN);
/** The name staff give a terminal ("Counter", "Kitchen"): one line of plain text. */
/** The venues one report names at most (one terminal serves a few brands, not a food court's all). */
export const TERMINAL_HEALTH_MAX_VENUES = 16;
export const TERMINAL_NAME_MAX_LENGTH = 60;
export const terminalNameSchema = label(TERMINAL_NAME_MAX_LENGTH);
const count = z.number().int().min(0).max(1_000_000);
const ageSeconds = z
  .number()
  .int()
  .min(0)
  .max(10 * 365 * 24 * 3600);

export const terminalHealthSchema = z
  .object({
    app_version: z
      .string()
      .min(1)
      .max(40)
      .regex(/^[0-9A-Za-z.+_-]+$/),
    /** The name staff gave this terminal, if any ("Counter", "Kitchen"). */
    name: terminalNameSchema.nullable(),
    stream: z.enum(STREAM_STATES),
    platform: z.enum(PLATFORM_STATES),
    venues: z
      .array(
        z
          .object({
            venue_id: z.string().refine(isVenueId),
            /** As the platform last showed it (null: not read yet). */
            online: z.boolean().nullable(),
            /** The terminal's own order-stream guard took the venue offline then (ISO 8601), and still owns that pause. */
            paused_by_countertop_since: z.iso.datetime({ offset: true }).nullable(),
          })
          .strict(),
      )
      .max(TERMINAL_HEALTH_MAX_VENUES),
    actions_waiting: count,
    oldest_action_age_seconds: ageSeconds.nullable(),
    orders_unanswered: count,
    oldest_unanswered_age_seconds: ageSeconds.nullable(),
    printers: z.array(z.object({ name: label(60), state: z.enum(PRINTER_STATES) }).strict()).max(8),
    /** The terminal's clock minus the platform's (ms; null: not measured yet). */
    clock_offset_ms: z.number().int().min(-1e10).max(1e10).nullable(),
  })
  .strict();

export type TerminalHealth = z.infer<typeof terminalHealthSchema>;

/** What the fleet view and the alert rules call trouble, each a short code with a sentence. */
export const HEALTH_LIMITS = {
  /** An action (accept, ready, …) not confirmed by the platform for this long. */
  actionWaitingMs: 2 * 60_000,
  /** An order nobody answered for this long. */
  unansweredMs: 3 * 60_000,
  /** A clock this far off the platform's. */
  clockOffsetMs: 60_000,
} as const;
