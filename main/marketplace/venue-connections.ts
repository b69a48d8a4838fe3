// A terminal's venue connections: one platform grant per venue (its tokens in the keychain under
// the venue's own names, its details under the venue's own settings), one marketplace client per
// venue, and one routed client that sends every call to the venue it concerns. The slices keep
// calling one MarketplaceClient; the router picks the venue from the call's venue id, or from the
// order's venue for an order call, so an action can never reach another venue's grant.
import type { ConnectInput, TokenManager } from '../auth/token-manager';
import { createTokenManager } from '../auth/token-manager';
import { RequestError } from '../http/http';
import type { SecretStore } from '../secrets/secret-store';
import { venueSecretStore } from '../secrets/secret-store';
import type { Settings } from '../storage/settings';
import { scopedSettings } from '../storage/settings';
import type { MarketplaceClient, MarketplaceClientOptions } from './client';
import { createMarketplaceClient } from './client';

export type VenueConnection = { venueId: string; tokens: TokenManager; client: MarketplaceClient };

export type VenueConnections = {
  /**
   * Signs a venue in (its authorization code) and adds it; a venue already here is signed in anew.
   * `check` hears the venue the platform named before anything is stored, and may refuse it.
   */
  add(input: ConnectInput, check?: (venueId: string) => void): Promise<VenueConnection>;
  /** Signs a venue out: its grant leaves the keychain; the other venues are untouched. */
  remove(venueId: string): Promise<void>;
  /** The venues of this terminal, in the order they were added. */
  venueIds(): string[];
  get(venueId: string): VenueConnection | null;
  /** Whether this terminal serves the venue (the set-up venue or one added here). */
  serves(venueId: string): boolean;
  /** The venue's name as its orders give it (null: none seen yet). */
  nameOf(venueId: string): string | null;
  rememberName(venueId: string, name: string): void;
  /** A notification named the order's venue, before the order is stored: its calls go there. */
  learn(orderId: string, venueId: string): void;
  /** One client for all venues: each call goes to the grant of the venue it concerns. */
  routed: MarketplaceClient;
};

export type VenueConnectionsOptions = {
  secrets: SecretStore;
  settings: Settings;
  now: () => Date;
  /** The venue of an order this terminal knows (stored, or named by its notification). */
  venueOfOrder: (orderId: string) => string | null;
  client: Omit<MarketplaceClientOptions, 'tokens'>;
  tokenTimeoutMs?: number;
  /**
   * The venue set up first, with its grant under the single-venue names (main/setup/): an order
   * that nothing has named a venue for is this venue's, as on a terminal of one venue.
   */
  primary?: { venueId: () => string | null; client: MarketplaceClient };
};

/** How many orders named by a notification before being stored are remembered (oldest go first). */
const LEARNED_LIMIT = 1000;

const VENUES_KEY = 'venues';
/** Settings of one venue's grant live under this prefix (the token manager's own keys after it). */
const scopeOf = (venueId: string): string => `venue:${venueId}:`;

/** The venue's name as its orders gave it (staff see venues by name, never by id). */
const nameKey = (venueId: string): string => `${scopeOf(venueId)}name`;

const notHere = (what: string): RequestError =>
  new RequestError({
    kind: 'permanent',
    status: null,
    message: `${what} is not connected to this terminal.`,
  });

/** A store whose names are bound to a venue only once the platform has said which venue it is. */
const lateBound = <T>(make: (venueId: string) => T) => {
  let bound: T | null = null;
  return {
    bind: (venueId: string) => {
      bound = make(venueId);
    },
    get: (): T => {
      if (!bound) throw new Error('This grant has no venue yet.');
      return bound;
    },
  };
};

export const createVenueConnections = (options: VenueConnectionsOptions): VenueConnections => {
  const { secrets, settings, now } = options;
  const connections = new Map<string, VenueConnection>();

  const open = (venueId: string | null) => {
    const keychain = lateBound((id) => venueSecretStore(secrets, id));
    const stored = lateBound((id) => scopedSettings(settings, scopeOf(id)));
    if (venueId) {
      keychain.bind(venueId);
      stored.bind(venueId);
    }
    const tokens = createTokenManager({
      secrets: {
        get: (name) => keychain.get().get(name),
        set: (name, value) => keychain.get().set(name, value),
        delete: (name) => keychain.get().delete(name),
      },
      settings: {
        get: (key) => stored.get().get(key),
        set: (key, value) => stored.get().set(key, value),
        delete: (key) => stored.get().delete(key),
      },
      now,
      timeoutMs: options.tokenTimeoutMs,
    });
    const bind = (id: string) => {
      keychain.bind(id);
      stored.bind(id);
    };
    return { tokens, bind };
  };

  const connection = (venueId: string, tokens: TokenManager): VenueConnection => ({
    venueId,
    tokens,
    client: createMarketplaceClient({ ...options.client, tokens }),
  });

  for (const venueId of settings.get<string[]>(VENUES_KEY) ?? [])
    connections.set(venueId, connection(venueId, open(venueId).tokens));

  const save = () => settings.set(VENUES_KEY, [...connections.keys()]);

  const { primary } = options;
  const forVenue = (venueId: string): MarketplaceClient => {
    const found = connections.get(venueId);
    if (found) return found.client;
    if (primary && primary.venueId() === venueId) return primary.client;
    throw notHere('This venue');
  };
  const learned = new Map<string, string>();
  const forOrder = (orderId: string): MarketplaceClient => {
    const venueId =
      options.venueOfOrder(orderId) ?? learned.get(orderId) ?? primary?.venueId() ?? null;
    if (!venueId) throw notHere("This order's venue");
    return forVenue(venueId);
  };
  // A menu's answer is read at the address its request gave, with the same venue's grant.
  const menuReads = new Map<string, string>();

  const routed: MarketplaceClient = {
    getOrder: async (id) => forOrder(id).getOrder(id),
    getOrderV1: async (id) => forOrder(id).getOrderV1(id),
    acceptOrder: async (id, ...rest) => forOrder(id).acceptOrder(id, ...rest),
    acceptSelfDeliveryOrder: async (id, ...rest) =>
      forOrder(id).acceptSelfDeliveryOrder(id, ...rest),
    rejectOrder: async (id, ...rest) => forOrder(id).rejectOrder(id, ...rest),
    orderAction: async (id, ...rest) => forOrder(id).orderAction(id, ...rest),
    markSentToPos: async (id, ...rest) => forOrder(id).markSentToPos(id, ...rest),
    markReady: async (id, ...rest) => forOrder(id).markReady(id, ...rest),
    markDelivered: async (id, ...rest) => forOrder(id).markDelivered(id, ...rest),
    confirmPreorder: async (id, ...rest) => forOrder(id).confirmPreorder(id, ...rest),
    getVenueStatus: async (v) => forVenue(v).getVenueStatus(v),
    setVenueOnline: async (v, ...rest) => forVenue(v).setVenueOnline(v, ...rest),
    setOpeningTimes: async (v, ...rest) => forVenue(v).setOpeningTimes(v, ...rest),
    setSpecialOpeningTimes: async (v, ...rest) => forVenue(v).setSpecialOpeningTimes(v, ...rest),
    createMenu: async (v, ...rest) => forVenue(v).createMenu(v, ...rest),
    requestMenu: async (v) => {
      const request = await forVenue(v).requestMenu(v);
      menuReads.set(request.resource_url, v);
      return request;
    },
    getMenuResult: async (url) => {
      const venueId = menuReads.get(url);
      if (!venueId) throw notHere('This menu request');
      const result = await forVenue(venueId).getMenuResult(url);
      if (['COMPLETED', 'FAILED'].includes(result.status.toUpperCase())) menuReads.delete(url);
      return result;
    },
    updateItems: async (v, ...rest) => forVenue(v).updateItems(v, ...rest),
    updateItemInventory: async (v, ...rest) => forVenue(v).updateItemInventory(v, ...rest),
    updateOptionValues: async (v, ...rest) => forVenue(v).updateOptionValues(v, ...rest),
  };

  return {
    add: async (input, check) => {
      const { tokens, bind } = open(null);
      // The platform names the venue in the exchange; its grant is stored under that venue's
      // names from the first write on (a venue signed in anew overwrites its own grant only).
      const { venueId } = await tokens.connect(input, (id) => {
        check?.(id);
        bind(id);
      });
      const added = connection(venueId, tokens);
      connections.set(venueId, added);
      save();
      return added;
    },
    remove: async (venueId) => {
      const found = connections.get(venueId);
      if (!found) return;
      await found.tokens.disconnect();
      connections.delete(venueId);
      settings.delete(nameKey(venueId));
      save();
    },
    venueIds: () => [...connections.keys()],
    nameOf: (venueId) => settings.get<string>(nameKey(venueId)),
    rememberName: (venueId, name) => settings.set(nameKey(venueId), name),
    serves: (venueId) => connections.has(venueId) || primary?.venueId() === venueId,
    learn: (orderId, venueId) => {
      learned.delete(orderId);
      learned.set(orderId, venueId);
      if (learned.size > LEARNED_LIMIT) learned.delete(learned.keys().next().value as string);
    },
    get: (venueId) => connections.get(venueId) ?? null,
    routed,
  };
};
