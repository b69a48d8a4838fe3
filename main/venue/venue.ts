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
import type { Settings } from '../storage/settings';

const VENUE_KEY = 'venue';
const NAME_KEY = 'venue.name';

export type VenueOnlinePayload = { venueId: string; online: boolean; until: string | null };
export type VenueOpeningTimesPayload = { venueId: string; availability: OpeningTime[] };

type VenueChannels = 'venue:get' | 'venue:refresh' | 'venue:setOnline' | 'venue:setOpeningTimes';

/** A change of online/offline asked for, by whoever (staff, the stream guard): its outbox row. */
export type OnlineChange = { actionId: string; venueId: string; online: boolean };

export type VenueSlice = {
  handlers: Pick<ServiceApi, VenueChannels>;
  /** The venue's state as last read from the platform, with what is changing. */
  state(): VenueState | null;
  /** Takes the venue offline with no end (an outbox action, shown as changing until confirmed). */
  pause(): ActionReceipt;
  /** Takes it back online (an outbox action). */
  resume(): ActionReceipt;
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

// eslint-disable-next-line max-lines-per-function -- one closure over the venue slice's status, pending changes and ports; not yet cut into module-level functions over a context (issue 37)
export const createVenueSlice = (deps: {
  settings: Settings;
  outbox: Outbox;
  client: MarketplaceClient;
  audit: AuditLog;
  hub: EventHub;
  now: () => Date;
  /** The connected venue, or throws the not-configured error. */
  requireVenue: () => string;
  venueId: () => string | null;
  /** Whether a reconcile may call the platform now (the token is usable). */
  canReconcile: () => boolean;
  /** The orders' part of a reconcile. */
  reconcileOrders: (remote: VenueStatus) => Promise<{ refetched: number; mismatch: boolean }>;
  /** The venue's name changed (the status bar shows it). */
  nameChanged: () => void;
  /** A reconcile failed: the platform's error to show. */
  failed: (message: string) => void;
}): VenueSlice => {
  const { settings, outbox, client, audit, hub, now } = deps;
  /** Changes the platform took (its 2xx) that a status read has not shown yet, by kind. */
  const awaiting = new Map<VenueKind, { change: VenueChange; since: number }>();
  let readBack: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  /** What staff asked for and the platform has not confirmed: rows on their way, then awaiting. */
  const changing = (): VenueChange | null => {
    let online: VenueChange['online'] = awaiting.get('venue-online')?.change.online ?? null;
    let openingTimes: VenueChange['openingTimes'] =
      awaiting.get('venue-opening-times')?.change.openingTimes ?? null;
    for (const action of outbox.open({ kinds: VENUE_KINDS })) {
      if (action.state === 'failed') continue;
      if (action.kind === 'venue-online') {
        const payload = action.payload as VenueOnlinePayload;
        online = { online: payload.online, until: payload.until };
      } else openingTimes = (action.payload as VenueOpeningTimesPayload).availability;
    }
    return online || openingTimes ? { online, openingTimes } : null;
  };
  /** The platform's state as last read, never what staff asked for (that is `changing`). */
  const confirmed = (): VenueState | null => settings.get<VenueState>(VENUE_KEY);
  const stored = (): VenueState | null => {
    const venue = confirmed();
    if (!venue) return null;
    const change = changing();
    return { ...venue, changing: change, pending: change !== null, timeZone: TIME_ZONE };
  };
  const save = (venue: VenueState | null): void => {
    if (venue) settings.set(VENUE_KEY, venue);
    else settings.delete(VENUE_KEY);
    hub.emit('venue:changed', stored());
  };
  /** Drops the changes the read shows, and those the platform kept not showing for a while. */
  const settle = (remote: VenueStatus): void => {
    const at = now().getTime();
    for (const [kind, { change, since }] of awaiting) {
      const shown =
        kind === 'venue-online'
          ? remote.status.is_online === change.online?.online
          : sameTimes(remote.opening_times ?? [], change.openingTimes ?? []);
      if (shown || at - since > SETTLE_MS) awaiting.delete(kind);
    }
    if (awaiting.size > 0 && !readBack && !closed) {
      readBack = setTimeout(() => {
        readBack = null;
        void refresh().catch(() => undefined);
      }, READ_BACK_MS);
      readBack.unref();
    }
  };
  const name = (): string | null => settings.get<string>(NAME_KEY) ?? stored()?.name ?? null;

  let reconciling: Promise<void> | null = null;
  const refresh = async (): Promise<VenueStatus | null> => {
    const id = deps.venueId();
    if (!id) return null;
    const remote = await client.getVenueStatus(id);
    settle(remote);
    save({
      venueId: id,
      name: settings.get<string>(NAME_KEY) ?? remote.name ?? null,
      isOnline: remote.status.is_online,
      isOpen: remote.status.is_open,
      offlineUntil: remote.offline_until ?? null,
      openingTimes: remote.opening_times ?? [],
      fetchedAt: now().toISOString(),
      pending: false,
      changing: null,
      timeZone: TIME_ZONE,
    });
    return remote;
  };
  const reconcile = (): Promise<void> => {
    reconciling ??= (async () => {
      const id = deps.venueId();
      if (!id || !deps.canReconcile()) return;
      const remote = await refresh();
      if (!remote) return;
      const result = await deps.reconcileOrders(remote);
      if (result.mismatch) {
        audit.record({
          action: 'reconcile',
          subject: id,
          outcome: 'mismatch',
          detail: `refetched ${result.refetched} open orders`,
        });
      }
    })().finally(() => {
      reconciling = null;
    });
    return reconciling;
  };
  const reconcileQuietly = (): void => {
    void reconcile().catch((error: unknown) =>
      deps.failed(error instanceof Error ? error.message : String(error)),
    );
  };

  // Once the platform took (or staff dropped) a venue change, read the venue's state back; until a
  // read shows it, the change stays "changing…".
  const settledThenRead = (action: StoredAction, outcome: string): void => {
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
      awaiting.set(action.kind as VenueKind, { change, since: now().getTime() });
    }
    hub.emit('venue:changed', stored());
    if (outcome === 'done' || outcome === 'discarded') void refresh().catch(() => undefined);
  };
  // Both set a state (online, the week's hours), so a repeat sets the same state.
  const onlineListeners = new Set<(change: OnlineChange) => void>();
  /** Stores an online change (staff's or the guard's); then tells who listens. */
  const setOnline = (online: boolean, until: string | null): ActionReceipt => {
    const venueId = deps.requireVenue();
    const offlineUntil = online ? null : until;
    // The stored state stays the platform's: the wish shows as `changing` until confirmed.
    const receipt = outbox.enqueue(onlineKind, {
      subject: `venue:${venueId}`,
      auditSubject: venueId,
      prepare: () => ({
        payload: { venueId, online, until: offlineUntil },
        facts: offlineUntil ? { online, until: offlineUntil } : { online },
        auditDetail: online ? 'ONLINE' : 'OFFLINE',
      }),
    });
    for (const listener of onlineListeners)
      listener({ actionId: receipt.actionId, venueId, online });
    return receipt;
  };
  const onlineKind = outbox.register<VenueOnlinePayload>('venue-online', {
    resend: 'safe',
    send: ({ payload, id }) =>
      client.setVenueOnline(payload.venueId, payload.online, payload.until, id),
    changed: settledThenRead,
  });
  const openingTimesKind = outbox.register<VenueOpeningTimesPayload>('venue-opening-times', {
    resend: 'safe',
    send: ({ payload, id }) => client.setOpeningTimes(payload.venueId, payload.availability, id),
    changed: settledThenRead,
  });

  return {
    name,
    state: stored,
    pause: () => setOnline(false, null),
    resume: () => setOnline(true, null),
    withdraw: (actionId) => {
      const waiting = outbox
        .open({ kinds: VENUE_KINDS })
        .find((action) => action.id === actionId && action.state !== 'sending');
      return waiting ? outbox.discard(waiting.id) !== null : false;
    },
    onOnlineChange: (listener) => {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
    rememberName: (value) => {
      if (settings.get<string>(NAME_KEY) === value) return;
      settings.set(NAME_KEY, value);
      const venue = stored();
      if (venue) save({ ...venue, name: value });
      deps.nameChanged();
    },
    reconcile,
    reconcileQuietly,
    forget: (options) => {
      awaiting.clear();
      settings.delete(VENUE_KEY);
      if (options.name) settings.delete(NAME_KEY);
      hub.emit('venue:changed', null);
    },
    close: async () => {
      closed = true;
      if (readBack) clearTimeout(readBack);
      await reconciling?.catch(() => undefined);
    },
    handlers: {
      'venue:get': async () => stored(),
      'venue:refresh': async () => {
        deps.requireVenue();
        await reconcile();
        return stored();
      },
      'venue:setOnline': async ({ online, until }) => setOnline(online, until ?? null),
      'venue:setOpeningTimes': async ({ availability }) => {
        const venueId = deps.requireVenue();
        return outbox.enqueue(openingTimesKind, {
          subject: `venue:${venueId}`,
          auditSubject: venueId,
          prepare: () => ({
            payload: { venueId, availability },
            facts: { count: availability.length },
          }),
        });
      },
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
