// The stream guard: what the terminal does when the order stream (the relay link) stays down.
// The platform drops a notification after its last retry and has no order list
// (docs/platform.md#notification-retries, #no-order-list), so while the stream is down every
// order placed is lost. After a configurable delay the guard takes the venue offline through the
// platform (the venue slice's port: its venue-online action) so customers stop ordering, remembers that it
// did (durably), and brings the venue back online when the stream returns, unless staff changed
// the venue's status meanwhile. Each outage leaves a gap notice staff acknowledge, with what the
// venue status's latest orders say we lack. It runs in main, so it works with no window open;
// its view of the stream is main's relay client's, never the renderer's. A terminal of several
// venues has one stream, so one outage, but judges each venue on its own: a venue another
// terminal still serves stays online, the others are paused, each once, and each is brought back
// once (docs/architecture.md#several-terminals-of-one-venue). Whether and after how long a venue
// is paused is that venue's own setting (kept at the relay for all its terminals): each venue of a
// terminal is paused after its own delay, or never when its pause is off.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RelayConnection, VenueState } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
import type {
  StreamDownSpan,
  StreamGap,
  StreamGuardSettings,
  StreamGuardState,
  StreamGuardVenue,
} from '../../shared/stream-guard';
import {
  DEFAULT_STREAM_GUARD_SETTINGS,
  PAUSE_REASON,
  STREAM_DOWN_ALARM_MS,
  streamGuardSettingsSchema,
} from '../../shared/stream-guard';
import { refusal } from '../../shared/refusals';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import { ServiceError } from '../service-error';
import type { Settings } from '../storage/settings';
import type { MissedOrderWatch } from './missed-orders';
import { createMissedOrderWatch } from './missed-orders';
import type { OtherTerminalsOptions } from './other-terminals';
import { createOtherTerminals } from './other-terminals';

type WatchDeps = Parameters<typeof createMissedOrderWatch>[0];

/** The venue set up first keeps the key it always had (an upgrade loses nothing); the others their own. */
const SETTINGS_KEY = 'stream-guard.settings';
const STATE_KEY = 'stream-guard.state';
/** Gaps kept for staff at most; older ones are folded into the oldest kept. */
const MAX_GAPS = 5;
/** While the pause is deferred to another terminal, how often the platform's word is looked at again. */
const DEFER_RECHECK_MS = 1_000;

const iso = z.string().min(1);
const pauseSchema = z.object({
  actionId: z.string(),
  venueId: z.string(),
  at: iso,
  downSince: iso,
});
/** A pause this guard made and still owns: of which venue, since when, in which outage. */
type Pause = z.infer<typeof pauseSchema>;
const storedSchema = z.object({
  /** The stream has been down since then (null: up). */
  downSince: iso.nullable(),
  /** The pauses this guard made and still owns, one per venue at most. */
  pauses: z.array(pauseSchema).optional(),
  /** Kept before venues were paused each on its own: the one venue's pause. */
  pause: pauseSchema.nullable().optional(),
  /** Per venue, the outage (its downSince) in which staff took its status over: no second pause. */
  tookOver: z.record(z.string(), iso).optional(),
  /** Kept before venues were paused each on its own: the outage staff took the one venue over in. */
  staffTookOver: iso.nullable().optional(),
  gaps: z.array(
    z.object({ id: z.string(), from: iso, to: iso, unknownOrders: z.number().int().nullable() }),
  ),
  /**
   * The last outages' spans, kept after staff acknowledge their gap notices: an order placed in
   * one that reaches this terminal later still arrived late (absent in state kept before).
   */
  spans: z.array(z.object({ from: iso, to: iso })).default([]),
});
type Stored = Omit<
  z.infer<typeof storedSchema>,
  'pauses' | 'pause' | 'tookOver' | 'staffTookOver'
> & { pauses: Pause[]; tookOver: Record<string, string> };
const EMPTY: Stored = { downSince: null, pauses: [], tookOver: {}, gaps: [], spans: [] };

type StreamChannels =
  'stream:get' | 'stream:configure' | 'stream:acknowledgeGap' | 'stream:acknowledgeMissed';

export type StreamGuard = {
  handlers: Pick<ServiceApi, StreamChannels>;
  /**
   * What main's relay client reports. `downForMs`: how long before this report the relay was last
   * known to answer (a poll that hit its deadline was sent that long ago).
   */
  relayState(state: RelayConnection, downForMs?: number): void;
  /** A reconcile compared the venue's latest orders with ours: `unknown` we do not have. */
  latestOrdersChecked(unknown: number): void;
  /** The continuous check for orders that never reached this terminal. */
  missedOrders: Pick<MissedOrderWatch, 'checkSoon' | 'idle'>;
  /** When this guard took the venue offline and still owns that pause (null: it does not). */
  pausedAt(venueId: string): string | null;
  /** Whether the relay's last answer named other terminals of this terminal's venues. */
  hasOtherTerminals(): boolean;
  /** A venue's pause settings in force here (absent: the venue set up first's). */
  settings(venueId?: string): StreamGuardSettings;
  /** A venue's pause settings as every terminal of it keeps them (read from the relay). */
  applyVenueSettings(next: StreamGuardSettings, venueId: string): void;
  /** One venue left the terminal: its pause settings go. */
  forgetVenue(venueId: string): void;
  /**
   * When the order stream was down: the last outages' spans (acknowledged or not) and one going
   * on long enough to lose orders. An order placed in one arrived late.
   */
  downSpans(): StreamDownSpan[];
  close(): void;
};

/**
 * What the guard asks of the venue slice (its port, which core.ts hands over): the venue's state,
 * and its own online/offline action, never its rows or channels.
 */
export type VenuePort = {
  /** The venue's state as last read from the platform. */
  state(venueId: string): VenueState | null;
  /** Offline with no end, through the venue's outbox action. */
  pause(venueId: string): { actionId: string };
  /** Back online, the same way. */
  resume(venueId: string): { actionId: string };
  /** Drops a change not sent yet; false if it is on its way or gone. */
  withdraw(actionId: string): boolean;
  /** Every online change asked for from now on (staff's too), once stored. */
  onOnlineChange(
    listener: (change: { actionId: string; venueId: string; online: boolean }) => void,
  ): () => void;
};

type GuardDeps = {
  settings: Settings;
  audit: AuditLog;
  hub: EventHub;
  now: () => Date;
  /** The venue set up first. */
  venueId: () => string | null;
  /** Every venue of the terminal, the one set up first first (default: that one alone). */
  venueIds?: () => string[];
  /** A venue's name as staff know it (its alarms say which venue when the terminal has several). */
  venueNameOf?: (venueId: string) => string | null;
  venue: VenuePort;
  /** What the continuous check for missed orders reads and asks (missed-orders.ts). */
  missedOrders: Omit<WatchDeps, 'settings' | 'audit' | 'now' | 'venueId' | 'changed'>;
  /** The venue's other terminals at the relay (other-terminals.ts); absent: this one decides alone. */
  otherTerminals?: OtherTerminalsOptions;
  /** The venue's online state as the platform answers it now (null: cannot tell). */
  venueOnlineNow?: (venueId: string) => Promise<boolean | null>;
  /** Staff changed a venue's pause settings here (they are the venue's: they go to every terminal). */
  onConfigured?: (next: StreamGuardSettings, venueId: string) => void;
  /** An outage long enough to lose orders is over (its gap is stored): orders placed in it arrived late. */
  onGap?: (span: StreamDownSpan) => void;
};

/** The guard's state between calls: its timers, the watches it composes, the in-memory verdicts. */
type GuardCtx = {
  deps: GuardDeps;
  watch: MissedOrderWatch;
  others: ReturnType<typeof createOtherTerminals>;
  changed: () => void;
  timer: NodeJS.Timeout | null;
  deferTimer: NodeJS.Timeout | null;
  /** Per venue, since when this outage's pause is left to another terminal (in memory: a restart decides anew). */
  deferredSince: Map<string, string>;
  /** Per venue, the outage (its downSince) in which a follower found the venue already offline. */
  followerDone: Map<string, string>;
  closed: boolean;
  /** One pause or resume at a time: each reads the state, calls the venue slice, writes the state. */
  busy: Promise<void>;
};

const venuesOf = (deps: GuardDeps): string[] => {
  const first = deps.venueId();
  return deps.venueIds?.() ?? (first ? [first] : []);
};

/** The stored state; one kept before venues were paused each on its own reads as the first venue's. */
const read = (ctx: GuardCtx): Stored => {
  const parsed = storedSchema.safeParse(ctx.deps.settings.get(STATE_KEY));
  if (!parsed.success) return EMPTY;
  const { pause, staffTookOver, pauses, tookOver, ...rest } = parsed.data;
  const legacyVenue = pause?.venueId ?? ctx.deps.venueId();
  return {
    ...rest,
    pauses: pauses ?? (pause ? [pause] : []),
    tookOver: tookOver ?? (staffTookOver && legacyVenue ? { [legacyVenue]: staffTookOver } : {}),
  };
};

const pauseOf = (stored: Stored, venueId: string | null): Pause | null =>
  stored.pauses.find((p) => p.venueId === venueId) ?? null;

/** What the guard holds for one venue, for staff and the health report. */
const venueView = (ctx: GuardCtx, stored: Stored, venueId: string): StreamGuardVenue => ({
  venueId,
  name: ctx.deps.venueNameOf?.(venueId) ?? null,
  settings: readSettings(ctx, venueId),
  pausedAt: pauseOf(stored, venueId)?.at ?? null,
  pauseDeferredSince: ctx.deferredSince.get(venueId) ?? null,
  otherTerminals: ctx.others.view(venueId)?.terminals ?? [],
});

const settingsKey = (ctx: GuardCtx, venueId: string | null): string =>
  venueId === null || venueId === ctx.deps.venueId() ? SETTINGS_KEY : `${SETTINGS_KEY}@${venueId}`;

/** A venue's pause settings (none named: the venue set up first's); never set: the defaults. */
const readSettings = (
  ctx: GuardCtx,
  venueId: string | null = ctx.deps.venueId(),
): StreamGuardSettings => {
  const parsed = streamGuardSettingsSchema.safeParse(
    ctx.deps.settings.get(settingsKey(ctx, venueId)),
  );
  return parsed.success ? parsed.data : DEFAULT_STREAM_GUARD_SETTINGS;
};

/** When a venue is due to be paused in the outage begun at `downSince` (null: its pause is off). */
const dueAt = (ctx: GuardCtx, downSince: string, venueId: string): number | null => {
  const chosen = readSettings(ctx, venueId);
  return chosen.autoPause ? Date.parse(downSince) + chosen.pauseAfterSeconds * 1000 : null;
};

const view = (ctx: GuardCtx, stored: Stored = read(ctx)): StreamGuardState => ({
  settings: readSettings(ctx),
  downSince: stored.downSince,
  pausedAt: pauseOf(stored, ctx.deps.venueId())?.at ?? null,
  gaps: stored.gaps,
  missed: ctx.watch.missed(),
  missedCheckedAt: ctx.watch.checkedAt(),
  noOrdersArriving: ctx.watch.noOrdersArriving(),
  otherTerminals: ctx.others.view(),
  pauseDeferredSince: ctx.deferredSince.get(ctx.deps.venueId() ?? '') ?? null,
  venues: venuesOf(ctx.deps).map((venueId) => venueView(ctx, stored, venueId)),
});

const write = (ctx: GuardCtx, next: Stored): void => {
  ctx.deps.settings.set(STATE_KEY, next);
  ctx.changed();
};

/** The venues still to pause in this outage: served here, not paused by us, not taken over by staff. */
const unpaused = (ctx: GuardCtx, stored: Stored): string[] =>
  venuesOf(ctx.deps).filter(
    (venueId) => pauseOf(stored, venueId) === null && stored.tookOver[venueId] !== stored.downSince,
  );

/**
 * Wakes the guard when the next venue still to pause is due, each venue by its own delay; `after`:
 * only a venue due later than that (those due by then are being decided now).
 */
const schedule = (ctx: GuardCtx, after = -Infinity): void => {
  if (ctx.timer) clearTimeout(ctx.timer);
  ctx.timer = null;
  const stored = read(ctx);
  const { downSince } = stored;
  if (ctx.closed || !downSince) return;
  const dues = unpaused(ctx, stored)
    .map((venueId) => dueAt(ctx, downSince, venueId))
    .filter((due): due is number => due !== null && due > after);
  if (dues.length === 0) return;
  const due = Math.min(...dues);
  ctx.timer = setTimeout(
    () => {
      ctx.timer = null;
      void pauseIfDue(ctx);
    },
    Math.max(0, due - ctx.deps.now().getTime()),
  );
  ctx.timer.unref();
};

const serial = (ctx: GuardCtx, work: () => Promise<void>): Promise<void> => {
  ctx.busy = ctx.busy.then(work).catch((error: unknown) => {
    ctx.deps.audit.record({
      action: 'stream-guard',
      subject: ctx.deps.venueId() ?? '-',
      outcome: 'failed',
      detail: error instanceof Error ? error.message : String(error),
    });
  });
  return ctx.busy;
};

const pauseIfDue = (ctx: GuardCtx): Promise<void> =>
  serial(ctx, async () => {
    const { deps } = ctx;
    const stored = read(ctx);
    const { downSince } = stored;
    if (ctx.closed || !downSince) return;
    const now = deps.now().getTime();
    // A venue whose own delay is not over yet is woken for later.
    schedule(ctx, now);
    // Each venue on its own: by its own delay (none while its pause is off); one another
    // terminal still serves stays online, the others go.
    for (const venueId of unpaused(ctx, stored)) {
      if (ctx.closed) return;
      const due = dueAt(ctx, downSince, venueId);
      if (due === null || due > now) continue;
      const { pauseAfterSeconds } = readSettings(ctx, venueId);
      // One venue's failure (removed meanwhile, its status unreadable) leaves the others' pause be.
      await pauseVenueIfDue(ctx, downSince, venueId, pauseAfterSeconds).catch((error: unknown) =>
        deps.audit.record({
          action: 'stream-guard',
          subject: venueId,
          outcome: 'failed',
          detail: error instanceof Error ? error.message : String(error),
        }),
      );
    }
  });

const pauseVenueIfDue = async (
  ctx: GuardCtx,
  downSince: string,
  venueId: string,
  pauseAfterSeconds: number,
): Promise<void> => {
  const { deps } = ctx;
  if (!(await mayPause(ctx, downSince, venueId, pauseAfterSeconds))) return;
  // Only a venue taking orders is paused: one staff (or anyone) took offline stays theirs.
  const venue = deps.venue.state(venueId);
  if (!venue || venue.venueId !== venueId || !venue.isOnline) return;
  const now = read(ctx);
  // The stream came back (or the venue was paused) while the platform was asked.
  if (now.downSince !== downSince || pauseOf(now, venueId)) return;
  const { actionId } = deps.venue.pause(venueId);
  const at = deps.now().toISOString();
  write(ctx, { ...now, pauses: [...now.pauses, { actionId, venueId, at, downSince }] });
  deps.audit.record({
    action: 'stream-guard',
    subject: venueId,
    outcome: 'paused',
    detail: `${PAUSE_REASON} (the order stream has been down since ${downSince}).`,
  });
};

/** Leaves the pause to another terminal of the venue for now; checks the platform again soon. */
const defer = (ctx: GuardCtx, downSince: string, venueId: string): void => {
  if (!ctx.deferredSince.has(venueId)) {
    ctx.deferredSince.set(venueId, ctx.deps.now().toISOString());
    ctx.deps.audit.record({
      action: 'stream-guard',
      subject: venueId,
      outcome: 'deferred',
      detail: `The order stream has been down since ${downSince}, but another terminal of the venue was receiving orders: the venue stays online.`,
    });
    ctx.changed();
  }
  // One recheck for every deferred venue.
  if (ctx.deferTimer) return;
  ctx.deferTimer = setTimeout(() => {
    ctx.deferTimer = null;
    void pauseIfDue(ctx);
  }, DEFER_RECHECK_MS);
  ctx.deferTimer.unref();
};

/** Defers the pause while another terminal of the venue receives (other-terminals.ts). */
const mayPause = async (
  ctx: GuardCtx,
  downSince: string,
  venueId: string,
  pauseAfterSeconds: number,
): Promise<boolean> => {
  if (ctx.followerDone.get(venueId) === downSince) return false;
  const missed = ctx.watch.missed().filter((m) => m.venueId === venueId);
  const verdict = ctx.others.verdict(venueId, downSince, missed);
  if (verdict.kind === 'alone') return true;
  const wait =
    verdict.kind === 'defer' ||
    (verdict.follower && ctx.deps.now().getTime() < verdict.evidenceAt + pauseAfterSeconds * 1000);
  if (wait) {
    defer(ctx, downSince, venueId);
    return false;
  }
  // A follower pauses only a venue the first terminal did not pause already.
  if (verdict.follower && (await ctx.deps.venueOnlineNow?.(venueId).catch(() => null)) === false) {
    ctx.followerDone.set(venueId, downSince);
    return false;
  }
  ctx.deferredSince.delete(venueId);
  return true;
};

const resume = (ctx: GuardCtx): Promise<void> =>
  serial(ctx, async () => {
    const stored = read(ctx);
    if (stored.pauses.length === 0) return;
    write(ctx, { ...stored, pauses: [] });
    // Every venue this guard paused, each once.
    for (const pause of stored.pauses) resumeVenue(ctx, pause);
  });

const resumeVenue = (ctx: GuardCtx, pause: Pause): void => {
  const { deps } = ctx;
  // Not sent yet (the platform was unreachable too): dropping it is the whole resume.
  if (deps.venue.withdraw(pause.actionId)) {
    deps.audit.record({
      action: 'stream-guard',
      subject: pause.venueId,
      outcome: 'pause-dropped',
      detail: 'The order stream came back before the platform took the pause.',
    });
    return;
  }
  // A venue removed from this terminal meanwhile is no longer this terminal's to resume.
  if (!venuesOf(deps).includes(pause.venueId)) return;
  deps.venue.resume(pause.venueId);
  deps.audit.record({
    action: 'stream-guard',
    subject: pause.venueId,
    outcome: 'resumed',
    detail: `Back online: the order stream is back (it was down since ${pause.downSince}).`,
  });
};

/** Staff (or anyone) changed the venue's status after the pause: it is theirs now. */
const release = (ctx: GuardCtx, venueId: string, why: string): void => {
  const stored = read(ctx);
  const pause = pauseOf(stored, venueId);
  if (!pause) return;
  write(ctx, {
    ...stored,
    pauses: stored.pauses.filter((p) => p !== pause),
    tookOver: { ...stored.tookOver, [venueId]: stored.downSince ?? pause.downSince },
  });
  ctx.deps.audit.record({
    action: 'stream-guard',
    subject: venueId,
    outcome: 'released',
    detail: `${why} Countertop will not bring the venue back online by itself.`,
  });
};

/**
 * Staff who change the venue's status here after the pause keep it. A change made elsewhere (the
 * merchant's admin) cannot be told from the pause: the platform's status says offline, not until
 * when nor by whom (docs/platform.md#online-and-offline).
 */
const watchVenue = (ctx: GuardCtx): (() => void) =>
  ctx.deps.venue.onOnlineChange((change) => {
    const pause = pauseOf(read(ctx), change.venueId);
    if (!pause || change.actionId === pause.actionId) return;
    release(ctx, change.venueId, 'Staff changed the venue status after the automatic pause.');
  });

/**
 * Whether an outage from `from` to `at` may have lost orders. A blip shorter than the alarm loses
 * nothing (the platform retries for about 15 s); an outage that alarmed or paused the venue may have.
 */
const losesOrders = (stored: Stored, from: string, at: Date): boolean =>
  at.getTime() - Date.parse(from) >= STREAM_DOWN_ALARM_MS ||
  stored.pauses.length > 0 ||
  Object.values(stored.tookOver).includes(from);

/** The outage is over: its gap notice when it was long enough to lose orders. */
const gapsAfter = (ctx: GuardCtx, stored: Stored, at: Date): Stored['gaps'] => {
  const from = stored.downSince ?? at.toISOString();
  const to = at.toISOString();
  if (!losesOrders(stored, from, at)) return stored.gaps;
  let gaps = [...stored.gaps, { id: randomUUID(), from, to, unknownOrders: null }];
  if (gaps.length > MAX_GAPS) {
    const [first, second, ...rest] = gaps;
    if (first && second) gaps = [{ ...second, from: first.from }, ...rest];
  }
  ctx.deps.audit.record({
    action: 'stream-guard',
    subject: ctx.deps.venueId() ?? '-',
    outcome: 'stream-back',
    detail: `The order stream was down from ${from} to ${to}: orders placed then may not have reached this terminal.`,
  });
  return gaps;
};

const relayState = (ctx: GuardCtx, state: RelayConnection, downForMs = 0): void => {
  if (ctx.closed || state === 'unconfigured') return;
  const stored = read(ctx);
  const at = ctx.deps.now();
  if (state !== 'connected') {
    if (stored.downSince) return;
    const since = new Date(at.getTime() - Math.max(0, downForMs)).toISOString();
    write(ctx, { ...stored, downSince: since });
    schedule(ctx);
    return;
  }
  if (!stored.downSince) return;
  const gaps = gapsAfter(ctx, stored, at);
  const span = gaps === stored.gaps ? null : { from: stored.downSince, to: at.toISOString() };
  write(ctx, {
    ...stored,
    downSince: null,
    tookOver: {},
    gaps,
    spans: span ? [...stored.spans, span].slice(-MAX_GAPS) : stored.spans,
  });
  // The orders that came in meanwhile (through the reconcile, or the relay's queue as the stream
  // returned) were placed in it: main marks them, whatever staff do with the gap notice.
  if (span) ctx.deps.onGap?.(span);
  if (ctx.timer) clearTimeout(ctx.timer);
  ctx.timer = null;
  if (ctx.deferTimer) clearTimeout(ctx.deferTimer);
  ctx.deferTimer = null;
  ctx.deferredSince.clear();
  ctx.followerDone.clear();
  void ctx.others.readNow();
  void resume(ctx);
  // After any outage, the orders placed meanwhile are looked for at once.
  ctx.watch.checkSoon();
};

/** A venue's pause settings in force now: staff's here, or the venue's read from the relay. */
const takeSettings = (ctx: GuardCtx, next: StreamGuardSettings, venueId: string | null): void => {
  ctx.deps.settings.set(settingsKey(ctx, venueId), next);
  schedule(ctx);
  ctx.changed();
  // A shorter delay may already be over.
  if (next.autoPause) void pauseIfDue(ctx);
};

/** The venue a settings call names, if this terminal serves it; else the venue set up first. */
const settingsVenue = (ctx: GuardCtx, venueId: string | undefined): string | null => {
  if (venueId === undefined || venueId === ctx.deps.venueId()) return ctx.deps.venueId();
  if (!venuesOf(ctx.deps).includes(venueId))
    throw new ServiceError('invalid-request', refusal('venue-not-connected'), [
      { path: 'venueId', message: 'This venue is not connected to this terminal.' },
    ]);
  return venueId;
};

const handlers = (ctx: GuardCtx): StreamGuard['handlers'] => ({
  'stream:get': async () => view(ctx),
  'stream:configure': async ({ venueId: named, ...request }) => {
    const venueId = settingsVenue(ctx, named);
    const next: StreamGuardSettings = {
      autoPause: request.autoPause,
      pauseAfterSeconds: request.pauseAfterSeconds,
    };
    ctx.deps.audit.record({
      action: 'stream-guard',
      subject: venueId ?? '-',
      outcome: 'configured',
      detail: next.autoPause
        ? `Pause the venue after ${next.pauseAfterSeconds} s without the order stream.`
        : 'Never pause the venue automatically.',
    });
    takeSettings(ctx, next, venueId);
    if (venueId) ctx.deps.onConfigured?.(next, venueId);
    return view(ctx);
  },
  'stream:acknowledgeGap': async ({ gapId }) => {
    const stored = read(ctx);
    const gap = stored.gaps.find((g: StreamGap) => g.id === gapId);
    // A second tap (or another window) acknowledging it again changes nothing.
    if (!gap) return view(ctx, stored);
    write(ctx, { ...stored, gaps: stored.gaps.filter((g) => g.id !== gapId) });
    ctx.deps.audit.record({
      action: 'stream-guard',
      subject: ctx.deps.venueId() ?? '-',
      outcome: 'gap-acknowledged',
      detail: `The order stream's gap from ${gap.from} to ${gap.to}.`,
    });
    return view(ctx);
  },
  'stream:acknowledgeMissed': async ({ missedId }) => {
    // A second tap (or another window) acknowledging it again changes nothing.
    ctx.watch.acknowledge(missedId);
    return view(ctx);
  },
});

const latestOrdersChecked = (ctx: GuardCtx, unknown: number): void => {
  const stored = read(ctx);
  const last = stored.gaps.at(-1);
  if (!last || last.unknownOrders === unknown) return;
  write(ctx, {
    ...stored,
    gaps: [...stored.gaps.slice(0, -1), { ...last, unknownOrders: unknown }],
  });
};

const downSpans = (ctx: GuardCtx): StreamDownSpan[] => {
  const stored = read(ctx);
  const at = ctx.deps.now();
  const going = stored.downSince !== null && losesOrders(stored, stored.downSince, at);
  return going && stored.downSince
    ? [...stored.spans, { from: stored.downSince, to: at.toISOString() }]
    : stored.spans;
};

/** The guard's context: the watches it composes report their changes through its one event. */
const createGuardCtx = (deps: GuardDeps): GuardCtx => {
  const { settings, audit, hub, now } = deps;
  // Filled below: the watches' `changed` reads the context only once they report.
  const ctx = {
    deps,
    timer: null,
    deferTimer: null,
    deferredSince: new Map(),
    followerDone: new Map(),
    closed: false,
    busy: Promise.resolve(),
  } as unknown as GuardCtx;
  ctx.changed = hub.batched('stream:changed', () => view(ctx));
  ctx.watch = createMissedOrderWatch({
    ...deps.missedOrders,
    settings,
    audit,
    now,
    venueId: deps.venueId,
    ...(deps.venueNameOf ? { venueNameOf: deps.venueNameOf } : {}),
    changed: () => ctx.changed(),
  });
  ctx.others = createOtherTerminals({
    read: deps.otherTerminals?.read ?? (async () => null),
    ...(deps.otherTerminals?.intervalMs === undefined
      ? {}
      : { intervalMs: deps.otherTerminals.intervalMs }),
    ...(deps.otherTerminals?.unansweredMs === undefined
      ? {}
      : { unansweredMs: deps.otherTerminals.unansweredMs }),
    now: () => now().getTime(),
    changed: () => ctx.changed(),
  });
  return ctx;
};

export const createStreamGuard = (deps: GuardDeps): StreamGuard => {
  const ctx = createGuardCtx(deps);
  const stopWatchingVenue = watchVenue(ctx);
  // A stream already down when the app closed is still down until the relay client says otherwise.
  schedule(ctx);
  ctx.others.start(() => read(ctx).downSince === null);
  return {
    relayState: (state, downForMs) => relayState(ctx, state, downForMs),
    latestOrdersChecked: (unknown) => latestOrdersChecked(ctx, unknown),
    missedOrders: { checkSoon: ctx.watch.checkSoon, idle: ctx.watch.idle },
    pausedAt: (venueId) => pauseOf(read(ctx), venueId)?.at ?? null,
    hasOtherTerminals: () => (ctx.others.view()?.terminals.length ?? 0) > 0,
    settings: (venueId) => readSettings(ctx, venueId),
    applyVenueSettings: (next, venueId) => takeSettings(ctx, next, venueId),
    forgetVenue: (venueId) => {
      if (venueId !== deps.venueId()) deps.settings.delete(settingsKey(ctx, venueId));
    },
    downSpans: () => downSpans(ctx),
    close: () => {
      ctx.closed = true;
      ctx.watch.close();
      ctx.others.close();
      if (ctx.timer) clearTimeout(ctx.timer);
      if (ctx.deferTimer) clearTimeout(ctx.deferTimer);
      stopWatchingVenue();
    },
    handlers: handlers(ctx),
  };
};
