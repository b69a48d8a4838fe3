// The venue slice: the venue's state as last read from the platform (online, open, opening
// times), the venue-online and venue-opening-times actions, the venue:* channels and the
// venue:changed event, and the reconcile that reads the venue status and hands it to the orders.
import type { OpeningTime, VenueChange, VenueState } from '../../shared/domain';
import type { ActionReceipt, ServiceApi } from '../../shared/ipc/contract';
import type { AuditLog } from '../audit/audit-log';
import type { EventHub } from '../host/event-hub';
import type { MarketplaceClient } from '../marketplace/client';
import type { VenueStatus } from '../marketplace/schemas';
import type { Outbox, StoredAction } from '../outbox/outbox';
import type { ActionKind } from '../outbox/outbox-context';
import type { Settings } from '../storage/settings';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';

const VENUE_KEY = 'venue';
/** The venue set up first keeps the key it always had (an upgrade loses nothing); the others their own. */
const venueKey = (ctx: VenueContext, venueId: string): string =>
  venueId === ctx.deps.venueId() ? VENUE_KEY : `venue@${venueId}`;
const NAME_KEY = 'venue.name';
/**
 * The end of the last OFFLINE with a time this terminal set and the platform took, per venue. The
 * venue status says whether a venue is online, not until when (docs/platform.md#online-and-offline):
 * only the terminal that chose the time knows it.
 */
const untilKey = (venueId: string): string => `venue.offlineUntil@${venueId}`;

export type VenueOnlinePayload = { venueId: string; online: boolean; until: string | null };
export type VenueOpeningTimesPayload = { venueId: string; availability: OpeningTime[] };

type VenueChannels =
  'venue:get' | 'venue:list' | 'venue:refresh' | 'venue:setOnline' | 'venue:setOpeningTimes';

/** A venue's status as one reconcile read it, handed to the orders' part of the reconcile. */
export type VenueStatusRead = { venueId: string; status: VenueStatus };

/** A change of online/offline asked for, by whoever (staff, the stream guard): its outbox row. */
export type OnlineChange = { actionId: string; venueId: string; online: boolean };

export type VenueSlice = {
  handlers: Pick<ServiceApi, VenueChannels>;
  /** The venue's state as last read from the platform, with what is changing (none named: the first venue's). */
  state(venueId?: string): VenueState | null;
  /**
   * Takes the venue (none named: the first) offline with no end (an outbox action, shown as
   * changing until confirmed).
   */
  pause(venueId?: string): ActionReceipt;
  /** Takes it back online (an outbox action). */
  resume(venueId?: string): ActionReceipt;
  /** Drops an online change not sent yet; false if it is on its way or gone. */
  withdraw(actionId: string): boolean;
  /** Hears every online change asked for from now on, once it is stored. */
  onOnlineChange(listener: (change: OnlineChange) => void): () => void;
  /** The venue's name as staff know it (from orders, else the venue status). */
  name(): string | null;
  /** Orders carry the venue's name; the venue status has none. */
  rememberName(name: string): void;
  /** Reads the venue status, then lets the orders heal what notifications missed. */
  reconcile(): Promise<void>;
  /** reconcile() in the background; a failure only shows as the platform's error. */
  reconcileQuietly(): void;
  /** Forgets the stored state (another venue connected, or disconnected). */
  forget(options: { name: boolean }): void;
  close(): Promise<void>;
};

export type VenueDeps = {
  settings: Settings;
  outbox: Outbox;
  client: MarketplaceClient;
  audit: AuditLog;
  hub: EventHub;
  now: () => Date;
  /** The connected venue, or throws the not-configured error. */
  requireVenue: () => string;
  venueId: () => string | null;
  /** Every venue of the terminal, the one set up first first. */
  venueIds: () => string[];
  /** An added venue's name as its orders give it (the first venue's is this slice's own). */
  nameOf: (venueId: string) => string | null;
  /** Whether a reconcile may call the platform now (the token is usable). */
  canReconcile: () => boolean;
  /**
   * The orders' part of a reconcile: the first venue's status and every other venue's, each read
   * once by this slice (the orders compare each venue's latest orders with it; no second read).
   */
  reconcileOrders: (
    remote: VenueStatus,
    others: ReadonlyArray<VenueStatusRead>,
  ) => Promise<{ refetched: number; mismatch: boolean }>;
  /** The venue's name changed (the status bar shows it). */
  nameChanged: () => void;
  /** A reconcile failed: the platform's error (its why shown, its text logged). */
  failed: (error: unknown) => void;
};

/** The venue slice's state and dependencies, passed to the module-level functions below. */
type VenueContext = {
  deps: VenueDeps;
  settings: Settings;
  outbox: Outbox;
  hub: EventHub;
  now: () => Date;
  /** Changes the platform took (its 2xx) that a status read has not shown yet, by venue and kind. */
  awaiting: Map<string, { venueId: string; kind: VenueKind; change: VenueChange; since: number }>;
  readBack: ReturnType<typeof setTimeout> | null;
  closed: boolean;
  reconciling: Promise<void> | null;
  onlineListeners: Set<(change: OnlineChange) => void>;
  /** Set once the kinds are registered, before the slice is handed out. */
  kinds: {
    online: ActionKind<VenueOnlinePayload>;
    openingTimes: ActionKind<VenueOpeningTimesPayload>;
  } | null;
};

const kindsOf = (ctx: VenueContext): NonNullable<VenueContext['kinds']> => {
  if (!ctx.kinds) throw new Error('The venue kinds are not registered yet.');
  return ctx.kinds;
};

const awaitKey = (venueId: string, kind: VenueKind): string => `${venueId} ${kind}`;

/** What staff asked for and the platform has not confirmed: rows on their way, then awaiting. */
const changing = (ctx: VenueContext, venueId: string): VenueChange | null => {
  let online: VenueChange['online'] =
    ctx.awaiting.get(awaitKey(venueId, 'venue-online'))?.change.online ?? null;
  let openingTimes: VenueChange['openingTimes'] =
    ctx.awaiting.get(awaitKey(venueId, 'venue-opening-times'))?.change.openingTimes ?? null;
  for (const action of ctx.outbox.open({ kinds: VENUE_KINDS })) {
    if (action.state === 'failed') continue;
    if ((action.payload as { venueId: string }).venueId !== venueId) continue;
    if (action.kind === 'venue-online') {
      const payload = action.payload as VenueOnlinePayload;
      online = { online: payload.online, until: payload.until };
    } else openingTimes = (action.payload as VenueOpeningTimesPayload).availability;
  }
  return online || openingTimes ? { online, openingTimes } : null;
};

/** The platform's state as last read (never what staff asked for: that is `changing`), with what is changing. */
const storedOf = (ctx: VenueContext, venueId: string): VenueState | null => {
  const venue = ctx.settings.get<VenueState>(venueKey(ctx, venueId));
  if (!venue) return null;
  const change = changing(ctx, venueId);
  return {
    ...venue,
    name: nameOf(ctx, venueId) ?? venue.name,
    changing: change,
    pending: change !== null,
    timeZone: TIME_ZONE,
  };
};

/** The venue set up first (venue:get, the stream guard, one-venue terminals). */
const stored = (ctx: VenueContext): VenueState | null => {
  const first = ctx.deps.venueId();
  return first ? storedOf(ctx, first) : null;
};

/** Every venue whose status was read, the one set up first first. */
const list = (ctx: VenueContext): VenueState[] =>
  ctx.deps
    .venueIds()
    .map((id) => storedOf(ctx, id))
    .filter((v): v is VenueState => v !== null);

const emit = (ctx: VenueContext): void => {
  ctx.hub.emit('venue:changed', stored(ctx));
  ctx.hub.emit('venues:changed', { venues: list(ctx) });
};

const save = (ctx: VenueContext, venueId: string, venue: VenueState | null): void => {
  if (venue) ctx.settings.set(venueKey(ctx, venueId), venue);
  else ctx.settings.delete(venueKey(ctx, venueId));
  emit(ctx);
};

/** Drops the changes the read shows, and those the platform kept not showing for a while. */
const settle = (ctx: VenueContext, venueId: string, remote: VenueStatus): void => {
  const at = ctx.now().getTime();
  for (const [key, { venueId: of, kind, change, since }] of ctx.awaiting) {
    if (of !== venueId) continue;
    const shown =
      kind === 'venue-online'
        ? remote.status.is_online === change.online?.online
        : sameTimes(remote.opening_times ?? [], change.openingTimes ?? []);
    if (shown || at - since > SETTLE_MS) ctx.awaiting.delete(key);
  }
  if (ctx.awaiting.size > 0 && !ctx.readBack && !ctx.closed) {
    ctx.readBack = setTimeout(() => {
      ctx.readBack = null;
      const waiting = new Set([...ctx.awaiting.values()].map((a) => a.venueId));
      for (const id of waiting) void refresh(ctx, id).catch(() => undefined);
    }, READ_BACK_MS);
    ctx.readBack.unref();
  }
};

const name = (ctx: VenueContext): string | null =>
  ctx.settings.get<string>(NAME_KEY) ?? stored(ctx)?.name ?? null;

const nameOf = (ctx: VenueContext, venueId: string): string | null =>
  venueId === ctx.deps.venueId() ? ctx.settings.get<string>(NAME_KEY) : ctx.deps.nameOf(venueId);

/** The time this terminal chose for the venue's OFFLINE, while the platform reads it offline. */
const offlineUntil = (ctx: VenueContext, venueId: string, isOnline: boolean): string | null => {
  const until = ctx.settings.get<string>(untilKey(venueId));
  if (until && !isOnline && Date.parse(until) > ctx.now().getTime()) return until;
  // Online again, or the time passed: whatever holds now was not set with this time.
  if (until) ctx.settings.delete(untilKey(venueId));
  return null;
};

const refresh = async (ctx: VenueContext, id: string | null): Promise<VenueStatus | null> => {
  if (!id) return null;
  const remote = await ctx.deps.client.getVenueStatus(id);
  settle(ctx, id, remote);
  save(ctx, id, {
    venueId: id,
    name: nameOf(ctx, id) ?? remote.name ?? null,
    isOnline: remote.status.is_online,
    isOpen: remote.status.is_open,
    offlineUntil: offlineUntil(ctx, id, remote.status.is_online),
    openingTimes: remote.opening_times ?? [],
    fetchedAt: ctx.now().toISOString(),
    pending: false,
    changing: null,
    timeZone: TIME_ZONE,
  });
  return remote;
};

const reconcileOnce = async (ctx: VenueContext): Promise<void> => {
  const id = ctx.deps.venueId();
  if (!id || !ctx.deps.canReconcile()) return;
  const remote = await refresh(ctx, id);
  if (!remote) return;
  // Every other venue's state too, read once: the same read goes on to its orders' check.
  const others = await Promise.all(
    ctx.deps
      .venueIds()
      .filter((other) => other !== id)
      .map(async (other) => {
        const status = await refresh(ctx, other).catch(() => null);
        return status ? [{ venueId: other, status }] : [];
      }),
  );
  const result = await ctx.deps.reconcileOrders(remote, others.flat());
  if (result.mismatch) {
    ctx.deps.audit.record({
      action: 'reconcile',
      subject: id,
      outcome: 'mismatch',
      detail: `refetched ${result.refetched} open orders`,
    });
  }
};

const reconcile = (ctx: VenueContext): Promise<void> => {
  ctx.reconciling ??= reconcileOnce(ctx).finally(() => {
    ctx.reconciling = null;
  });
  return ctx.reconciling;
};

const reconcileQuietly = (ctx: VenueContext): void => {
  void reconcile(ctx).catch((error: unknown) => ctx.deps.failed(error));
};

// Once the platform took (or staff dropped) a venue change, read the venue's state back; until a
// read shows it, the change stays "changing…".
const settledThenRead = (ctx: VenueContext, action: StoredAction, outcome: string): void => {
  const venueId = (action.payload as { venueId: string }).venueId;
  if (outcome === 'done') {
    const change: VenueChange =
      action.kind === 'venue-online'
        ? {
            online: {
              online: (action.payload as VenueOnlinePayload).online,
              until: (action.payload as VenueOnlinePayload).until,
            },
            openingTimes: null,
          }
        : {
            online: null,
            openingTimes: (action.payload as VenueOpeningTimesPayload).availability,
          };
    if (change.online) {
      const { online, until } = change.online;
      if (!online && until) ctx.settings.set(untilKey(venueId), until);
      else ctx.settings.delete(untilKey(venueId));
    }
    const kind = action.kind as VenueKind;
    ctx.awaiting.set(awaitKey(venueId, kind), {
      venueId,
      kind,
      change,
      since: ctx.now().getTime(),
    });
  }
  emit(ctx);
  if (outcome === 'done' || outcome === 'discarded')
    void refresh(ctx, venueId).catch(() => undefined);
};

/** The venue a call names, if this terminal serves it; else the venue set up first. */
const venueOf = (ctx: VenueContext, venueId: string | undefined): string => {
  const first = ctx.deps.requireVenue();
  if (venueId === undefined) return first;
  if (!ctx.deps.venueIds().includes(venueId))
    throw new ServiceError('invalid-request', refusal('venue-not-connected'), [
      { path: 'venueId', message: 'This venue is not connected to this terminal.' },
    ]);
  return venueId;
};

/** Stores an online change (staff's or the guard's); then tells who listens. */
const setOnline = (
  ctx: VenueContext,
  online: boolean,
  until: string | null,
  venue?: string,
): ActionReceipt => {
  const venueId = venueOf(ctx, venue);
  const offlineUntil = online ? null : until;
  // The stored state stays the platform's: the wish shows as `changing` until confirmed.
  const receipt = ctx.outbox.enqueue(kindsOf(ctx).online, {
    subject: `venue:${venueId}`,
    auditSubject: venueId,
    prepare: () => ({
      payload: { venueId, online, until: offlineUntil },
      facts: offlineUntil ? { online, until: offlineUntil } : { online },
      auditDetail: online ? 'ONLINE' : 'OFFLINE',
    }),
  });
  for (const listener of ctx.onlineListeners)
    listener({ actionId: receipt.actionId, venueId, online });
  return receipt;
};

const setOpeningTimes = (
  ctx: VenueContext,
  availability: OpeningTime[],
  venue?: string,
): ActionReceipt => {
  const venueId = venueOf(ctx, venue);
  return ctx.outbox.enqueue(kindsOf(ctx).openingTimes, {
    subject: `venue:${venueId}`,
    auditSubject: venueId,
    prepare: () => ({
      payload: { venueId, availability },
      facts: { count: availability.length },
    }),
  });
};

// Both set a state (online, the week's hours), so a repeat sets the same state.
const registerKinds = (ctx: VenueContext): void => {
  const { client } = ctx.deps;
  ctx.kinds = {
    online: ctx.outbox.register<VenueOnlinePayload>('venue-online', {
      resend: 'safe',
      send: ({ payload, id }) =>
        client.setVenueOnline(payload.venueId, payload.online, payload.until, id),
      changed: (action, outcome) => settledThenRead(ctx, action, outcome),
    }),
    openingTimes: ctx.outbox.register<VenueOpeningTimesPayload>('venue-opening-times', {
      resend: 'safe',
      send: ({ payload, id }) => client.setOpeningTimes(payload.venueId, payload.availability, id),
      changed: (action, outcome) => settledThenRead(ctx, action, outcome),
    }),
  };
};

const withdraw = (ctx: VenueContext, actionId: string): boolean => {
  const waiting = ctx.outbox
    .open({ kinds: VENUE_KINDS })
    .find((action) => action.id === actionId && action.state !== 'sending');
  return waiting ? ctx.outbox.discard(waiting.id) !== null : false;
};

const rememberName = (ctx: VenueContext, value: string): void => {
  if (ctx.settings.get<string>(NAME_KEY) === value) return;
  ctx.settings.set(NAME_KEY, value);
  const venue = stored(ctx);
  if (venue) save(ctx, venue.venueId, { ...venue, name: value });
  ctx.deps.nameChanged();
};

const forget = (ctx: VenueContext, options: { name: boolean }): void => {
  ctx.awaiting.clear();
  for (const id of ctx.deps.venueIds()) {
    ctx.settings.delete(`venue@${id}`);
    ctx.settings.delete(untilKey(id));
  }
  ctx.settings.delete(VENUE_KEY);
  if (options.name) ctx.settings.delete(NAME_KEY);
  ctx.hub.emit('venue:changed', null);
  ctx.hub.emit('venues:changed', { venues: list(ctx) });
};

const close = async (ctx: VenueContext): Promise<void> => {
  ctx.closed = true;
  if (ctx.readBack) clearTimeout(ctx.readBack);
  await ctx.reconciling?.catch(() => undefined);
};

export const createVenueSlice = (deps: VenueDeps): VenueSlice => {
  const ctx: VenueContext = {
    deps,
    settings: deps.settings,
    outbox: deps.outbox,
    hub: deps.hub,
    now: deps.now,
    awaiting: new Map(),
    readBack: null,
    closed: false,
    reconciling: null,
    onlineListeners: new Set(),
    kinds: null,
  };
  registerKinds(ctx);
  return {
    name: () => name(ctx),
    state: (venueId) => (venueId === undefined ? stored(ctx) : storedOf(ctx, venueId)),
    pause: (venueId) => setOnline(ctx, false, null, venueId),
    resume: (venueId) => setOnline(ctx, true, null, venueId),
    withdraw: (actionId) => withdraw(ctx, actionId),
    onOnlineChange: (listener) => {
      ctx.onlineListeners.add(listener);
      return () => ctx.onlineListeners.delete(listener);
    },
    rememberName: (value) => rememberName(ctx, value),
    reconcile: () => reconcile(ctx),
    reconcileQuietly: () => reconcileQuietly(ctx),
    forget: (options) => forget(ctx, options),
    close: () => close(ctx),
    handlers: {
      'venue:get': async () => stored(ctx),
      'venue:list': async () => list(ctx),
      'venue:refresh': async () => {
        deps.requireVenue();
        await reconcile(ctx);
        return stored(ctx);
      },
      'venue:setOnline': async ({ venueId, online, until }) =>
        setOnline(ctx, online, until ?? null, venueId),
      'venue:setOpeningTimes': async ({ venueId, availability }) =>
        setOpeningTimes(ctx, availability, venueId),
    },
  };
};

const VENUE_KINDS = ['venue-online', 'venue-opening-times'] as const;
type VenueKind = (typeof VENUE_KINDS)[number];

/** How long a change the platform took may take to show in its status before the status is believed. */
const SETTLE_MS = 30_000;
const READ_BACK_MS = 2_000;

/**
 * The venue status carries no time zone; the platform reads opening times in the venue's local
 * time, and this terminal stands in the venue, so its zone is the venue's (docs/platform.md#opening-times).
 */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const timeKey = (t: OpeningTime): string =>
  `${t.opening_day} ${t.opening_time} ${t.closing_day} ${t.closing_time}`;
const sameTimes = (a: readonly OpeningTime[], b: readonly OpeningTime[]): boolean =>
  JSON.stringify(a.map(timeKey).sort()) === JSON.stringify(b.map(timeKey).sort());
