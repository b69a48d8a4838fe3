// This terminal among the venue's terminals (docs/architecture.md#several-terminals-of-one-venue):
// the name staff give it, the venue's settings kept once at the relay for every terminal, and
// the per-order duties one terminal does for all (sent to POS; printing asks through `claim`),
// and which terminal took which order action (each tells the relay; the timeline reads it).
// The venue's settings are kept here as last read, so they stay in force while the relay cannot
// be reached; a change made here applies at once and reaches the relay through the outbox.
// A terminal of several venues keeps each venue's settings, read and changed under that venue,
// and does each order's duties under the order's own venue.
import { z } from 'zod';
import type { OrderActionKind } from '../../shared/domain';
import { ORDER_ACTION_KINDS } from '../../shared/domain';
import type { TimelineEntry } from '../../shared/history';
import type { ServiceApi } from '../../shared/ipc/contract';
import type { VenueSettingsHint } from '../../shared/relay-events';
import { terminalNameSchema } from '../../shared/terminal-health';
import type {
  OrderDuty,
  TerminalState,
  VenueSettings,
  VenueSettingsPatch,
} from '../../shared/venue-settings';
import {
  applyVenuePatch,
  venueSettingsPatchSchema,
  venueSettingsSchema,
} from '../../shared/venue-settings';
import type { AuditLog } from '../audit/audit-log';
import type { MarketplaceClient } from '../marketplace/client';
import type { ActionKind, Outbox, StoredAction } from '../outbox/outbox-context';
import { ORDER_DOCUMENTS } from '../../shared/printing';
import type { RelayAccess } from '../relay-client/venue-duties';
import {
  changeVenueSettings,
  claimOrderDuty,
  readOrderClaims,
  readVenueSettings,
} from '../relay-client/venue-duties';
import { readTerminalsOfVenues, terminalsOfVenue } from '../relay-client/venue-terminals';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import type { Settings } from '../storage/settings';

const NAME_KEY = 'terminal.name';
/** The venue set up first keeps the key it always had (an upgrade loses nothing); the others their own. */
const VENUE_KEY = 'terminal.venue-settings';
const venueKey = (ctx: Ctx, venueId: string): string =>
  venueId === ctx.deps.firstVenue() ? VENUE_KEY : `${VENUE_KEY}@${venueId}`;
/** How often the venue's settings are read from the relay (a change on another terminal shows within it). */
export const VENUE_SETTINGS_READ_MS = 10_000;

const storedSchema = z.object({
  venueId: z.string(),
  version: z.number().int().nonnegative(),
  settings: venueSettingsSchema,
});
type Stored = z.infer<typeof storedSchema>;

type SentToPosPayload = { orderId: string; orderNumber: string; venueId: string };
type SettingsPayload = { venueId: string; changes: VenueSettingsPatch };

export type TerminalsDeps = {
  now: () => Date;
  settings: Settings;
  outbox: Outbox;
  audit: AuditLog;
  client: MarketplaceClient;
  /** The relay and this terminal's key for the connected venue; null when not connected. */
  relay: () => Promise<RelayAccess | null>;
  /**
   * The venue of an order this terminal holds (null: unknown). A terminal of several venues
   * records an order's duties and reads its claims under the order's own venue.
   */
  venueOfOrder?: (orderId: string) => string | null;
  /** Whether this terminal serves the venue (default: only the relay access's venue). */
  serves?: (venueId: string) => boolean;
  /** The venue set up first (the relay access's), synchronously; null when not connected. */
  firstVenue: () => string | null;
  /** Every venue of the terminal, the one set up first first (default: the first only). */
  venueIds?: () => string[];
  /** The computer's name, shown until staff name the terminal. */
  fallbackName: string;
  /** A venue's settings as they stand now here (its first change seeds the relay with them). */
  currentSettings: (venueId: string) => VenueSettings;
  /** A venue's settings changed (read from the relay, or changed here): the slices follow. */
  apply: (settings: VenueSettings, venueId: string) => void;
  /** A venue's settings were changed here (held here now, on their way to the relay). */
  changedHere?: (venueId: string) => void;
  readIntervalMs?: number;
  /**
   * The pre-orders stored here as waiting for a confirm: another terminal's confirm changes no
   * status, so no notification tells it; the relay's claims do, and the platform confirms it.
   */
  waitingPreorders?: () => string[];
  /** Whether the venue has other terminals (none: nobody else can confirm; no reads). */
  othersKnown?: () => boolean;
  /** Reads an order from the platform again (the truth a relay's claim only hints at). */
  refetch?: (orderId: string) => Promise<unknown>;
  /** How often the waiting pre-orders' claims are read (default PREORDER_WATCH_MS). */
  preorderWatchMs?: number;
};

/** A waiting pre-order confirmed on another terminal stops ringing here within about this. */
export const PREORDER_WATCH_MS = 1_000;
/** The waiting pre-orders read per round (one relay call each, from the calls' budget). */
const PREORDER_WATCH_MAX = 5;

export type TerminalsSlice = {
  handlers: Pick<ServiceApi, 'terminal:get' | 'terminal:rename' | 'terminal:assignPrinting'>;
  /** The name staff gave this terminal, else the computer's. */
  name(): string;
  /** The name staff gave this terminal, or null. */
  staffName(): string | null;
  /** A venue's settings as last known here (absent: the venue set up first). */
  venueSettings(venueId?: string): VenueSettings;
  /** A setting changed on this terminal: it holds here now and goes to the relay. */
  changeVenueSettings(changes: VenueSettingsPatch, venueId: string): void;
  /** An order was stored on this terminal for the first time (inside its transaction). */
  orderStored(order: { orderId: string; orderNumber: string; venueId: string }): void;
  /** Whether this terminal does the duty for the order (throws when the relay cannot answer). */
  claim(orderId: string, duty: OrderDuty): Promise<boolean>;
  /** This terminal's relay id, once learnt. */
  selfId(): string | null;
  /** The platform took an order action sent from here: the relay keeps who took it. */
  actionTaken(orderId: string, action: OrderActionKind): void;
  /** The order actions other terminals of the venue took, as the relay keeps them; none when
   *  it cannot say (out of reach: the timeline shows what this terminal knows). */
  actionsElsewhere(orderId: string): Promise<Elsewhere[]>;
  /** Reads the relay now (connected, or the relay changed). */
  refreshSoon(): void;
  /**
   * The relay hinted that these venues' settings changed: each venue served here whose settings
   * are older than the hint's version is read again now (after a read under way, which may have
   * begun before the change).
   */
  hinted(hints: readonly VenueSettingsHint[]): void;
  /** The terminal is disconnected: the venues' settings go; the name stays (it is the machine's). */
  forget(): void;
  /** One venue left the terminal: its settings go. */
  forgetVenue(venueId: string): void;
  close(): void;
};

type Elsewhere = Extract<TimelineEntry, { kind: 'elsewhere' }>;

/** How long the timeline waits for the relay to say who took the order's other actions. */
const ELSEWHERE_READ_MS = 3_000;
/** Telling the relay who took an action: tries 2 s, 4 s, … apart, about a minute in all. */
const TAKEN_TRIES = 5;

type Ctx = {
  deps: TerminalsDeps;
  watching: boolean;
  /** Each venue's terminals as the relay last named them. */
  terminals: Map<string, TerminalState['terminals']>;
  selfId: string | null;
  closed: boolean;
  reading: Promise<void> | null;
  /** Venues a relay hint asks to read again, read once the read under way is over. */
  hinted: Set<string>;
};

const stored = (ctx: Ctx, venueId: string): Stored | null => {
  const parsed = storedSchema.safeParse(ctx.deps.settings.get(venueKey(ctx, venueId)));
  return parsed.success && parsed.data.venueId === venueId ? parsed.data : null;
};
const keep = (ctx: Ctx, kept: Stored): void =>
  ctx.deps.settings.set(venueKey(ctx, kept.venueId), kept);

/** Every venue of the terminal, the one set up first first. */
const venues = (ctx: Ctx): string[] => {
  const first = ctx.deps.firstVenue();
  const all = ctx.deps.venueIds?.() ?? [];
  return [...(first ? [first] : []), ...all.filter((v) => v !== first)];
};

/** The venue a call names, if this terminal serves it; else the venue set up first. */
const venueOf = (ctx: Ctx, venueId: string | undefined): string => {
  const first = ctx.deps.firstVenue();
  if (!first) throw new ServiceError('not-configured', refusal('terminal-not-connected'));
  if (venueId === undefined) return first;
  if (!venues(ctx).includes(venueId))
    throw new ServiceError('invalid-request', refusal('venue-not-connected'), [
      { path: 'venueId', message: 'This venue is not connected to this terminal.' },
    ]);
  return venueId;
};
const staffName = (ctx: Ctx): string | null => {
  const parsed = terminalNameSchema.safeParse(ctx.deps.settings.get(NAME_KEY));
  return parsed.success ? parsed.data : null;
};
/** The venue's settings changes still to go to the relay, in the order they were made. */
const waitingChanges = (
  ctx: Ctx,
  venueId: string,
  except: string | null = null,
): VenueSettingsPatch[] =>
  ctx.deps.outbox
    .open({ kinds: ['venue-settings'] })
    .filter((a) => a.state !== 'failed' && a.id !== except)
    .map((a) => a.payload as SettingsPayload)
    .filter((p) => p.venueId === venueId)
    .map((p) => p.changes);
const settingsWaiting = (ctx: Ctx, venueId: string): boolean =>
  waitingChanges(ctx, venueId).length > 0;

/** The relay access for one order's duties: under the order's own venue when it is known. */
const forOrder = (ctx: Ctx, relay: RelayAccess, orderId: string): RelayAccess => ({
  ...relay,
  venueId: ctx.deps.venueOfOrder?.(orderId) ?? relay.venueId,
});

const access = async (ctx: Ctx): Promise<RelayAccess> => {
  const relay = await ctx.deps.relay();
  if (!relay) throw new Error('This terminal is not connected to a relay.');
  return relay;
};

/** Takes the relay's settings when newer than what is kept, unless a change of ours waits. */
const take = (ctx: Ctx, venueId: string, version: number, next: VenueSettings): void => {
  const kept = stored(ctx, venueId);
  if (kept && kept.version >= version) return;
  if (settingsWaiting(ctx, venueId)) return;
  keep(ctx, { venueId, version, settings: next });
  if (version > 0) ctx.deps.apply(next, venueId);
};

const sendSentToPos = async (ctx: Ctx, action: StoredAction<SentToPosPayload>): Promise<void> => {
  const { orderId } = action.payload;
  const relay = await access(ctx);
  // An order of a venue this terminal left is no longer its to tell.
  const { venueId } = action.payload;
  if (!(ctx.deps.serves?.(venueId) ?? relay.venueId === venueId)) return;
  const claimed = await claimOrderDuty({ ...relay, venueId }, orderId, 'sent-to-pos');
  if (!claimed.mine) {
    ctx.deps.audit.record({
      action: 'sent-to-pos',
      subject: orderId,
      outcome: 'other-terminal',
      detail: 'Another terminal of the venue tells the platform.',
    });
    return;
  }
  // Telling it twice (a try whose answer was lost) says the same: safe to repeat.
  await ctx.deps.client.markSentToPos(orderId, ctx.deps.now().toISOString(), action.id);
};

const sendSettings = async (ctx: Ctx, action: StoredAction<SettingsPayload>): Promise<void> => {
  const relay = await access(ctx);
  // Settings of a venue this terminal left are no longer its to change.
  const { venueId } = action.payload;
  if (!(ctx.deps.serves?.(venueId) ?? relay.venueId === venueId)) return;
  const answer = await changeVenueSettings({ ...relay, venueId }, action.payload.changes);
  if (answer.venue_id !== venueId) throw new Error('The relay answered for another venue.');
  const kept = stored(ctx, venueId);
  // What the relay holds now (this change and any other terminal's before it), with the changes
  // made here after this one on top: they stay in force and shown until their own answers.
  const next = waitingChanges(ctx, venueId, action.id).reduce(applyVenuePatch, answer.settings);
  keep(ctx, { venueId, version: answer.version, settings: next });
  // Told only when another terminal's change came in between: this terminal's own were told when
  // they were made.
  if (JSON.stringify(kept?.settings) !== JSON.stringify(next)) ctx.deps.apply(next, venueId);
};

/**
 * Who the venues' terminals are, in one read for all of them (the relay names each terminal's
 * venues; this terminal's relay id is one for all its venues).
 */
const readTerminals = async (
  ctx: Ctx,
  relay: RelayAccess,
  venueIds: readonly string[],
): Promise<void> => {
  const all = await readTerminalsOfVenues(relay);
  ctx.selfId = all.selfId ?? ctx.selfId;
  for (const venueId of venueIds) {
    const read = terminalsOfVenue(all, venueId);
    ctx.terminals.set(venueId, [
      ...(read.selfId ? [{ id: read.selfId, name: staffName(ctx), self: true }] : []),
      ...read.others.map((t) => ({ id: t.id, name: t.name, self: false })),
    ]);
  }
};

/** Reads every venue's settings (and, when asked or not known yet, its terminals). */
const refresh = async (
  ctx: Ctx,
  withTerminals: boolean,
  only: string | null = null,
): Promise<void> => {
  const relay = await ctx.deps.relay();
  if (!relay || ctx.closed) return;
  let failed: unknown = null;
  const targets = only ? [only] : venues(ctx);
  // Who the venues' terminals are is read once, and again whenever staff open the screen.
  if (withTerminals || ctx.selfId === null || targets.some((v) => !ctx.terminals.has(v)))
    await readTerminals(ctx, relay, targets).catch((error: unknown) => {
      failed = error;
    });
  for (const venueId of targets) {
    // One venue's failed read does not keep the others' settings from being followed.
    try {
      const answer = await readVenueSettings({ ...relay, venueId });
      if (answer.venue_id === venueId) take(ctx, venueId, answer.version, answer.settings);
    } catch (error) {
      failed ??= error;
    }
  }
  if (failed) throw failed;
};

const refreshSoon = (ctx: Ctx, withTerminals = false, only: string | null = null): void => {
  if (ctx.reading || ctx.closed) return;
  ctx.reading = refresh(ctx, withTerminals, only)
    .catch(() => undefined)
    .finally(() => {
      ctx.reading = null;
      readHinted(ctx);
    });
};

/** Reads the hinted venues, each on its own (one's failure leaves it to the periodic read). */
const readHinted = (ctx: Ctx): void => {
  if (ctx.reading || ctx.closed || ctx.hinted.size === 0) return;
  const venueIds = [...ctx.hinted];
  ctx.hinted.clear();
  ctx.reading = (async () => {
    for (const venueId of venueIds) await refresh(ctx, false, venueId).catch(() => undefined);
  })().finally(() => {
    ctx.reading = null;
    readHinted(ctx);
  });
};

const hinted = (ctx: Ctx, hints: readonly VenueSettingsHint[]): void => {
  const served = venues(ctx);
  for (const hint of hints) {
    // Its own change comes back as a hint too: the version it holds already is not read again.
    if (!served.includes(hint.venue_id)) continue;
    if ((stored(ctx, hint.venue_id)?.version ?? 0) >= hint.version) continue;
    ctx.hinted.add(hint.venue_id);
  }
  readHinted(ctx);
};

// Best effort, not through the outbox: a lost record costs a name in another terminal's
// timeline, never an order or an action.
const tellTaken = async (
  ctx: Ctx,
  orderId: string,
  action: OrderActionKind,
  tried = 0,
): Promise<void> => {
  try {
    const relay = await ctx.deps.relay();
    if (!relay || ctx.closed) return;
    await claimOrderDuty(forOrder(ctx, relay, orderId), orderId, action);
  } catch {
    if (tried + 1 >= TAKEN_TRIES || ctx.closed) return;
    const timer = setTimeout(
      () => void tellTaken(ctx, orderId, action, tried + 1),
      2_000 * 2 ** tried,
    );
    timer.unref();
  }
};

const isAction = (duty: string): duty is OrderActionKind =>
  (ORDER_ACTION_KINDS as readonly string[]).includes(duty);

/** Reads the platform's order again where another terminal has confirmed a waiting pre-order. */
const watchPreorders = async (ctx: Ctx): Promise<void> => {
  const { waitingPreorders, refetch } = ctx.deps;
  if (!waitingPreorders || !refetch || ctx.watching || ctx.closed) return;
  if (ctx.deps.othersKnown && !ctx.deps.othersKnown()) return;
  const waiting = waitingPreorders().slice(0, PREORDER_WATCH_MAX);
  if (!waiting.length) return;
  ctx.watching = true;
  try {
    const relay = await ctx.deps.relay();
    if (!relay) return;
    for (const orderId of waiting) {
      const claims = await readOrderClaims(
        forOrder(ctx, relay, orderId),
        orderId,
        ELSEWHERE_READ_MS,
      );
      if (claims.some((c) => c.duty === 'confirm-preorder' && c.terminal_id !== ctx.selfId))
        await refetch(orderId);
    }
  } catch {
    // The relay or the platform out of reach: the next round asks again; the reconcile heals it.
  } finally {
    ctx.watching = false;
  }
};

const actionsElsewhere = async (ctx: Ctx, orderId: string): Promise<Elsewhere[]> => {
  const relay = await ctx.deps.relay();
  if (!relay) return [];
  const claims = (
    await readOrderClaims(forOrder(ctx, relay, orderId), orderId, ELSEWHERE_READ_MS)
  ).filter((c) => isAction(c.duty));
  const { venueId } = forOrder(ctx, relay, orderId);
  const known = new Set((ctx.terminals.get(venueId) ?? []).map((t) => t.id));
  // A terminal not seen yet (or this one's own id not learnt): read the venue's terminals again.
  if (ctx.selfId === null || claims.some((c) => !known.has(c.terminal_id))) {
    await ctx.reading;
    await readTerminals(ctx, relay, [venueId]);
  }
  const names = new Map((ctx.terminals.get(venueId) ?? []).map((t) => [t.id, t.name]));
  return claims
    .filter((c) => c.terminal_id !== ctx.selfId)
    .map((c) => ({
      at: new Date(c.claimed_at).toISOString(),
      kind: 'elsewhere' as const,
      action: c.duty as OrderActionKind,
      terminal: names.get(c.terminal_id) ?? null,
    }));
};

const venueSettings = (ctx: Ctx, venueId: string | null): VenueSettings =>
  (venueId ? stored(ctx, venueId)?.settings : undefined) ?? {};

const changeSettings = (
  ctx: Ctx,
  kind: ActionKind<SettingsPayload>,
  changes: VenueSettingsPatch,
  venueId: string,
): void => {
  const checked = venueSettingsPatchSchema.parse(changes);
  const kept = stored(ctx, venueId);
  // The venue's first change carries every setting this terminal holds for it, so every terminal
  // of the venue follows the same set from then on, not the defaults for what was never sent.
  const patch: VenueSettingsPatch =
    !kept || kept.version === 0 ? { ...ctx.deps.currentSettings(venueId), ...checked } : checked;
  const next = applyVenuePatch(kept ? kept.settings : {}, patch);
  ctx.deps.outbox.enqueue(kind, {
    subject: `venue-settings:${venueId}`,
    auditSubject: venueId,
    prepare: () => {
      keep(ctx, { venueId, version: kept ? kept.version : 0, settings: next });
      return {
        payload: { venueId, changes: patch },
        facts: {},
        auditDetail: JSON.stringify(patch),
      };
    },
  });
  ctx.deps.changedHere?.(venueId);
};

/** This terminal among one venue's terminals (absent: the venue set up first). */
const state = (ctx: Ctx, venueId: string | null = ctx.deps.firstVenue()): TerminalState => ({
  name: staffName(ctx),
  fallbackName: ctx.deps.fallbackName,
  selfId: ctx.selfId,
  terminals: (venueId ? (ctx.terminals.get(venueId) ?? []) : []).map((t) =>
    t.self ? { ...t, name: staffName(ctx) } : t,
  ),
  printedBy: venueSettings(ctx, venueId).printedBy,
  settingsWaiting: venueId ? settingsWaiting(ctx, venueId) : false,
});

const handlers = (ctx: Ctx, kind: ActionKind<SettingsPayload>): TerminalsSlice['handlers'] => ({
  'terminal:get': async ({ venueId: named }) => {
    // No venue yet: the name alone (staff may name the terminal before it is connected).
    const venueId = named === undefined && !ctx.deps.firstVenue() ? null : venueOf(ctx, named);
    await ctx.reading;
    refreshSoon(ctx, true, venueId);
    await ctx.reading;
    return state(ctx, venueId);
  },
  'terminal:rename': async ({ name }) => {
    if (name === null) ctx.deps.settings.delete(NAME_KEY);
    else ctx.deps.settings.set(NAME_KEY, name);
    ctx.deps.audit.record({
      action: 'terminal-name',
      subject: 'terminal',
      outcome: 'changed',
      detail: name ?? `(the computer's name: ${ctx.deps.fallbackName})`,
    });
    return state(ctx);
  },
  'terminal:assignPrinting': async ({ venueId: named, printedBy }) => {
    const relay = await ctx.deps.relay();
    if (!relay) throw new ServiceError('not-configured', refusal('terminal-not-connected'));
    const venueId = venueOf(ctx, named);
    const known = new Set((ctx.terminals.get(venueId) ?? []).map((t) => t.id));
    const patch: NonNullable<VenueSettingsPatch['printedBy']> = {};
    for (const doc of ORDER_DOCUMENTS) {
      const who = printedBy[doc];
      if (who !== undefined && !known.has(who))
        throw new ServiceError('invalid-request', refusal('not-this-venues-terminal'));
      patch[doc] = who ?? null;
    }
    changeSettings(ctx, kind, { printedBy: patch }, venueId);
    return state(ctx, venueId);
  },
});

export const createTerminalsSlice = (deps: TerminalsDeps): TerminalsSlice => {
  const ctx: Ctx = {
    deps,
    watching: false,
    terminals: new Map(),
    selfId: null,
    closed: false,
    reading: null,
    hinted: new Set(),
  };
  const kinds = {
    sentToPos: deps.outbox.register<SentToPosPayload>('sent-to-pos', {
      resend: 'safe',
      send: (action) => sendSentToPos(ctx, action),
    }),
    venueSettings: deps.outbox.register<SettingsPayload>('venue-settings', {
      resend: 'safe',
      send: (action) => sendSettings(ctx, action),
    }),
  };
  const timer = setInterval(() => refreshSoon(ctx), deps.readIntervalMs ?? VENUE_SETTINGS_READ_MS);
  timer.unref();
  const watch = setInterval(
    () => void watchPreorders(ctx),
    deps.preorderWatchMs ?? PREORDER_WATCH_MS,
  );
  watch.unref();
  return {
    name: () => staffName(ctx) ?? deps.fallbackName,
    staffName: () => staffName(ctx),
    venueSettings: (venueId) => venueSettings(ctx, venueId ?? deps.firstVenue()),
    changeVenueSettings: (changes, venueId) =>
      changeSettings(ctx, kinds.venueSettings, changes, venueId),
    orderStored: ({ orderId, orderNumber, venueId }) => {
      deps.outbox.enqueue(kinds.sentToPos, {
        // Its own queue: an accept of the order never waits behind it.
        subject: `sent-to-pos:${orderId}`,
        auditSubject: orderId,
        prepare: () => ({ payload: { orderId, orderNumber, venueId }, facts: { orderNumber } }),
      });
    },
    // Under the order's own venue: each venue's duties are held by its own terminals.
    claim: async (orderId, duty) =>
      (await claimOrderDuty(forOrder(ctx, await access(ctx), orderId), orderId, duty)).mine,
    selfId: () => ctx.selfId,
    actionTaken: (orderId, action) => void tellTaken(ctx, orderId, action),
    actionsElsewhere: (orderId) => actionsElsewhere(ctx, orderId).catch(() => []),
    refreshSoon: () => refreshSoon(ctx),
    hinted: (hints) => hinted(ctx, hints),
    forget: () => {
      for (const venueId of venues(ctx)) deps.settings.delete(venueKey(ctx, venueId));
      deps.settings.delete(VENUE_KEY);
      ctx.terminals.clear();
      ctx.selfId = null;
    },
    forgetVenue: (venueId) => {
      if (venueId !== deps.firstVenue()) deps.settings.delete(venueKey(ctx, venueId));
      ctx.terminals.delete(venueId);
    },
    close: () => {
      ctx.closed = true;
      clearInterval(timer);
      clearInterval(watch);
    },
    handlers: handlers(ctx, kinds.venueSettings),
  };
};
