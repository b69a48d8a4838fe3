// The venue slice: the venue's state as last read from the platform (online, open, opening
// times), the venue-online and venue-opening-times actions, the venue:* channels and the
// venue:changed event, and the reconcile that reads the venue status and hands it to the orders.
import type { OpeningTime, VenueState } from '../../shared/domain';
import type { ServiceApi } from '../../shared/ipc/contract';
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

export type VenueSlice = {
  handlers: Pick<ServiceApi, VenueChannels>;
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
  const stored = (): VenueState | null => settings.get<VenueState>(VENUE_KEY);
  const save = (venue: VenueState | null): void => {
    if (venue) settings.set(VENUE_KEY, venue);
    else settings.delete(VENUE_KEY);
    hub.emit('venue:changed', venue);
  };
  const name = (): string | null => settings.get<string>(NAME_KEY) ?? stored()?.name ?? null;

  let reconciling: Promise<void> | null = null;
  const refresh = async (): Promise<VenueStatus | null> => {
    const id = deps.venueId();
    if (!id) return null;
    const remote = await client.getVenueStatus(id);
    save({
      venueId: id,
      name: settings.get<string>(NAME_KEY) ?? remote.name ?? null,
      isOnline: remote.status.is_online,
      isOpen: remote.status.is_open,
      offlineUntil: remote.offline_until ?? null,
      openingTimes: remote.opening_times ?? [],
      fetchedAt: now().toISOString(),
      pending: outbox.open({ kinds: VENUE_KINDS }).some((action) => action.state !== 'failed'),
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

  // Once the platform took (or staff dropped) a venue change, read the venue's state back.
  const settledThenRead = (_action: StoredAction, outcome: string): void => {
    if (outcome === 'done' || outcome === 'discarded') void refresh().catch(() => undefined);
  };
  const onlineKind = outbox.register<VenueOnlinePayload>('venue-online', {
    send: ({ payload, id }) =>
      client.setVenueOnline(payload.venueId, payload.online, payload.until, id),
    changed: settledThenRead,
  });
  const openingTimesKind = outbox.register<VenueOpeningTimesPayload>('venue-opening-times', {
    send: ({ payload, id }) => client.setOpeningTimes(payload.venueId, payload.availability, id),
    changed: settledThenRead,
  });

  /** Shows the asked-for state as pending until the platform's state is read back. */
  const markPending = (change: Partial<VenueState>): void => {
    const current = stored();
    if (current) settings.set(VENUE_KEY, { ...current, ...change, pending: true });
  };

  return {
    name,
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
      settings.delete(VENUE_KEY);
      if (options.name) settings.delete(NAME_KEY);
      hub.emit('venue:changed', null);
    },
    close: async () => {
      await reconciling?.catch(() => undefined);
    },
    handlers: {
      'venue:get': async () => stored(),
      'venue:refresh': async () => {
        deps.requireVenue();
        await reconcile();
        return stored();
      },
      'venue:setOnline': async ({ online, until }) => {
        const venueId = deps.requireVenue();
        const offlineUntil = online ? null : (until ?? null);
        const receipt = outbox.enqueue(onlineKind, {
          subject: `venue:${venueId}`,
          auditSubject: venueId,
          prepare: () => {
            markPending({ isOnline: online, offlineUntil });
            return {
              payload: { venueId, online, until: offlineUntil },
              facts: offlineUntil ? { online, until: offlineUntil } : { online },
              auditDetail: online ? 'ONLINE' : 'OFFLINE',
            };
          },
        });
        hub.emit('venue:changed', stored());
        return receipt;
      },
      'venue:setOpeningTimes': async ({ availability }) => {
        const venueId = deps.requireVenue();
        const receipt = outbox.enqueue(openingTimesKind, {
          subject: `venue:${venueId}`,
          auditSubject: venueId,
          prepare: () => {
            markPending({ openingTimes: availability });
            return { payload: { venueId, availability }, facts: { count: availability.length } };
          },
        });
        hub.emit('venue:changed', stored());
        return receipt;
      },
    },
  };
};

const VENUE_KINDS = ['venue-online', 'venue-opening-times'] as const;
