// The settings a venue keeps once for all its terminals, declared once for the relay that stores
// them (PUT/GET /v1/terminal/venue-settings) and the terminals that follow them: auto-accept and
// its rule, the reminder for an unclaimed order, the order stream's pause, and which terminal
// prints which order document. A terminal's printers, its name and its language stay its own.
// Each change is a patch (RFC 7396 merge patch: a field sent replaces the stored one, a null
// removes it, so the default holds again); two terminals changing different fields both keep
// theirs. Duties are the per-order tasks one terminal of the venue does for all of them (telling
// the platform an order reached the counter, printing a document): the first terminal to claim
// one for an order at the relay does it (docs/architecture.md#duties-done-once-per-venue).
import { z } from 'zod';
import type { OrderDocumentKind } from './printing';
import { ORDER_DOCUMENTS } from './printing';
import { ORDER_ACTION_KINDS } from './order-actions';
import { streamGuardSettingsSchema } from './stream-guard';
import { isVenueId } from './venue-id';
import { visibleAscii } from './visible-ascii';

/** The largest settings body the relay reads. */
export const VENUE_SETTINGS_MAX_BYTES = 4 * 1024;

/** A relay terminal id (a UUID the relay gave the terminal's key). */
const terminalId = z.uuid();

/** Who prints each order document: a terminal of the venue, or (absent) any that has a printer for it. */
const assignment = <T extends z.ZodType>(who: T) =>
  z
    .object({ 'kitchen-ticket': who, 'pickup-label': who, receipt: who } satisfies Record<
      OrderDocumentKind,
      T
    >)
    .partial()
    .strict();
export const printAssignmentSchema = assignment(terminalId);

const fields = {
  autoAccept: z.boolean(),
  autoAcceptMaxItems: z.number().int().min(1).max(100),
  /** The reminder: an order left READY and unclaimed this long asks staff to call the customer. */
  unclaimedAfterMinutes: z.number().int().min(1).max(120),
  ...streamGuardSettingsSchema.shape,
  printedBy: printAssignmentSchema,
};

/** The stored settings: every field optional (absent: the default). */
export const venueSettingsSchema = z.object(fields).partial().strict();
export type VenueSettings = z.infer<typeof venueSettingsSchema>;

/** A change: each field set, or null to go back to the default (printedBy: per document). */
export const venueSettingsPatchSchema = z
  .object({
    autoAccept: fields.autoAccept.nullable(),
    autoAcceptMaxItems: fields.autoAcceptMaxItems.nullable(),
    unclaimedAfterMinutes: fields.unclaimedAfterMinutes.nullable(),
    autoPause: fields.autoPause.nullable(),
    pauseAfterSeconds: fields.pauseAfterSeconds.nullable(),
    printedBy: assignment(terminalId.nullable()).nullable(),
  })
  .partial()
  .strict();
export type VenueSettingsPatch = z.infer<typeof venueSettingsPatchSchema>;

export const venueSettingsChangeSchema = z
  .object({ venue_id: z.string().refine(isVenueId), changes: venueSettingsPatchSchema })
  .strict();

/** What the relay answers to a read or a change. `version` 0: never set, every default holds. */
export type VenueSettingsAnswer = {
  venue_id: string;
  version: number;
  settings: VenueSettings;
  /** When the newest change was stored (ms since the epoch), and by which terminal. */
  updated_at: number | null;
  updated_by: string | null;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 7396: a field in the patch replaces the target's, null removes it, objects merge. */
export const mergePatch = (target: unknown, patch: unknown): unknown => {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
};

/** The settings after a change; an emptied printedBy goes altogether. */
export const applyVenuePatch = (
  settings: VenueSettings,
  patch: VenueSettingsPatch,
): VenueSettings => {
  const merged = mergePatch(settings, patch) as VenueSettings;
  if (merged.printedBy && Object.keys(merged.printedBy).length === 0) delete merged.printedBy;
  return venueSettingsSchema.parse(merged);
};

/** The duties one terminal of a venue does for an order, for all its terminals. */
export const ORDER_DUTIES = ['sent-to-pos', ...ORDER_DOCUMENTS] as const;
export type OrderDuty = (typeof ORDER_DUTIES)[number];

/**
 * What a venue's terminals claim for an order at the relay: a duty, or an order action the
 * platform took from the claiming terminal (the first claim holds: the platform takes each
 * action once), so every terminal's timeline can name the terminal that took it.
 */
export const ORDER_CLAIMS = [...ORDER_DUTIES, ...ORDER_ACTION_KINDS] as const;
export type OrderClaim = (typeof ORDER_CLAIMS)[number];

export const dutyClaimSchema = z
  .object({
    venue_id: z.string().refine(isVenueId),
    order_id: visibleAscii(1, 200),
    duty: z.enum(ORDER_CLAIMS),
  })
  .strict();
export type DutyClaim = z.infer<typeof dutyClaimSchema>;

/** `GET /v1/terminal/duties?venue_id=V&order_id=O`: every claim of the order, oldest first. */
export type OrderClaimsAnswer = {
  order_id: string;
  claims: Array<{ duty: string; terminal_id: string; claimed_at: number }>;
};

/** The relay's answer to a claim: which terminal holds the duty, and whether that is the caller. */
export type DutyClaimAnswer = { holder: string; mine: boolean };

/** This terminal as staff see it: its name, the venue's terminals, the venue's settings. */
export type TerminalState = {
  /** The name staff gave it; null: not named yet (`fallbackName`, the computer's, is shown). */
  name: string | null;
  fallbackName: string;
  /** This terminal's id at the relay (null: not learnt yet); an option value, never shown. */
  selfId: string | null;
  /** The venue's terminals as the relay last named them, this one included. */
  terminals: Array<{ id: string; name: string | null; self: boolean }>;
  /** Who prints each order document (absent: any terminal that has a printer for it). */
  printedBy: VenueSettings['printedBy'];
  /** A change of the venue's settings waits to reach the relay. */
  settingsWaiting: boolean;
};
