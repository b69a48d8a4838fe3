// The missed-order watch's state and dependencies, passed explicitly to the module-level
// functions of missed-fold.ts and missed-check.ts; the stored suspicions and alarms.
import { z } from 'zod';
import type { OrderStatus } from '../../shared/domain';
import type { IntakeWarning } from '../../shared/stream-guard';
import type { AuditLog } from '../audit/audit-log';
import type { Settings } from '../storage/settings';
import type { LocalOrder } from '../lib/latest-alignment';

const STATE_KEY = 'missed-orders.state';
/** A missing entry already told (or there when the terminal was connected) is not told again. */
export const KNOWN_FOR_MS = 60 * 60_000;
/** Alarms kept for staff at most; the oldest acknowledged first… none is dropped unseen. */
export const MAX_MISSED = 30;
/** The relay's word on the venue's webhooks is stale after this long without a new one. */
export const INTAKE_STALE_MS = 3 * 60_000;

const iso = z.string().min(1);
const statusSchema = z.enum(['CREATED', 'PRODUCTION', 'READY', 'DELIVERED', 'REJECTED']).nullable();
/**
 * A missing order as the checks bound it: a suspicion until it stood the grace, then an alarm
 * (`raisedAt`) until staff acknowledge it; an acknowledged one is kept while the platform still
 * lists it, so it is not told twice. `seenFrom` to `firstSeen` bound it as first seen: later
 * checks narrow `from`/`to` for staff, but which entry of a later list is which can only be
 * guessed, so whether it arrived is judged on these. `within`: our orders already inside those
 * bounds when it was first seen, so one that arrives there later is the missing order itself.
 */
const itemSchema = z.object({
  id: z.string(),
  firstSeen: iso,
  lastSeen: iso,
  from: iso.nullable(),
  to: iso,
  status: statusSchema,
  seenFrom: iso.nullable().default(null),
  within: z.array(z.string()),
  raisedAt: iso.nullable(),
  acknowledged: z.boolean(),
  moreUntil: iso.nullable().default(null),
  order: z.object({ orderId: z.string(), orderNumber: z.string() }).nullable(),
});
export type Item = z.infer<typeof itemSchema>;
const storedSchema = z.object({
  venueId: z.string(),
  /** The first check happened: what it found missing was there before this terminal looked. */
  baselined: z.boolean(),
  items: z.array(itemSchema),
});
export type Stored = z.infer<typeof storedSchema>;
const empty = (venueId: string): Stored => ({ venueId, baselined: false, items: [] });

/** What the relay says of the venue's webhooks (null: it could not be asked). */
export type IntakeVerdict = {
  noOrdersArriving: boolean;
  lastWebhookAt: string | null;
  quietSeconds: number;
  thresholdSeconds: number;
};

export type MissedWatchDeps = {
  settings: Settings;
  audit: AuditLog;
  now: () => Date;
  venueId: () => string | null;
  /** Every venue this terminal serves, the one set up first first (default: that one alone). */
  venueIds?: () => string[];
  /** A venue's name as staff know it (its alarms say which venue when the terminal has several). */
  venueNameOf?: (venueId: string) => string | null;
  /** The venue status as the platform answers it now (throws when it cannot be read). */
  readVenueStatus: (venueId: string) => Promise<{
    isOnline: boolean;
    isOpen: boolean;
    latest: ReadonlyArray<OrderStatus | null>;
  }>;
  /** Our newest orders of the venue, newest first. */
  latestOrders: (count: number, venueId: string) => LocalOrder[];
  /** Our orders of the venue placed strictly between two times (platform time). */
  ordersPlacedBetween: (
    from: string | null,
    to: string,
    venueId: string,
  ) => { id: string; orderNumber: string; createdAt: string }[];
  /** Takes in what the relay holds and reads our open orders again. */
  settle: () => Promise<void>;
  /** Tells the relay the venue's state; answers its word on the venue's webhooks. */
  reportToRelay: (
    venueId: string,
    state: { online: boolean; open: boolean },
  ) => Promise<IntakeVerdict | null>;
  changed: () => void;
  intervalMs?: number;
  graceMs?: number;
};

export type MissedWatchContext = {
  deps: MissedWatchDeps;
  intervalMs: number;
  graceMs: number;
  intake: IntakeWarning | null;
  /** Each venue's own (the relay answers per venue); `intake` is the first venue's that warns. */
  intakes: Map<string, IntakeWarning | null>;
  /** When the last check compared the lists (null: none since start). */
  checkedAt: string | null;
  timer: NodeJS.Timeout | null;
  /** The check under way; `again`: another was asked for meanwhile. */
  running: Promise<void> | null;
  again: boolean;
  closed: boolean;
};

/** The venues watched: every venue of the terminal. */
export const watchedVenues = (deps: MissedWatchDeps): string[] => {
  const first = deps.venueId();
  return deps.venueIds?.() ?? (first ? [first] : []);
};

// The venue set up first keeps the key it always had; every other venue has its own.
const stateKey = (ctx: MissedWatchContext, venueId: string): string =>
  venueId === ctx.deps.venueId() ? STATE_KEY : `${STATE_KEY}@${venueId}`;

export const read = (ctx: MissedWatchContext, venueId: string): Stored => {
  const parsed = storedSchema.safeParse(ctx.deps.settings.get(stateKey(ctx, venueId)));
  return parsed.success && parsed.data.venueId === venueId ? parsed.data : empty(venueId);
};

export const write = (ctx: MissedWatchContext, next: Stored): void =>
  ctx.deps.settings.set(stateKey(ctx, next.venueId), next);
