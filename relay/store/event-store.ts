// The relay's storage boundary. The server and the admin commands talk only to this type, never
// to SQL: the SQLite adapter (one process, one file) and the PostgreSQL adapter (any number of
// instances behind a load balancer) both implement it.

import type { RelayEventKind } from '../../shared/relay-events';

/** shared/relay-events.ts declares the kinds (and what each means to a terminal). */
export type EventKind = RelayEventKind;

/** An event as the relay received and verified it, before it has a seq. */
export type IncomingEvent = {
  kind: EventKind;
  /**
   * The dedupe key: the notification id, or for a delivery event `[venue, details.id]` as JSON
   * (a venue's event ids are its own: another venue's event cannot take one).
   */
  eventId: string;
  /** null when a delivery event names no venue and none is known for its order yet. */
  venueId: string | null;
  /**
   * Delivery events only: `[venue, platform_order_reference_id]` as JSON, by which later events of
   * the order that name no venue are resolved (only an event at the same venue's address can).
   */
  orderRef: string | null;
  receivedAt: number;
  body: string;
  signature: string | null;
};

export type StoredEvent = {
  seq: number;
  kind: EventKind;
  eventId: string;
  venueId: string;
  receivedAt: number;
  body: string;
  signature: string | null;
};

/**
 * stored: committed with a new seq (and, for a delivery event, possibly earlier held events that it
 * resolved, in `released`); duplicate: already known, nothing changed; held: committed, but no
 * venue is known yet, so it waits until an event of the same order names one.
 */
export type AppendOutcome =
  | { status: 'stored'; event: StoredEvent; released: StoredEvent[] }
  | { status: 'duplicate' }
  | { status: 'held' };

export type OrderClaimRow = { duty: string; terminalId: string; claimedAt: number };

export type Terminal = {
  id: string;
  name: string | null;
  venueIds: string[];
  createdAt: number;
  revokedAt: number | null;
};

/**
 * `events` in seq order, and `after`: every servable event with a seq in (after, last event's
 * seq] is in `events`. A poll whose cursor is ≥ after can be answered from them alone; one with
 * an older cursor may be missing events published before and must read the store.
 */
export type AppendedListener = (events: StoredEvent[], after: number) => void;

/** One instance's count for one terminal key: polls taken since it started, long-polls open now. */
export type KeyUsage = { terminalId: string; polls: number; open: number };

/** What the other live instances reported (changed rows only, with some overlap). */
export type SharedUsage = {
  others: (KeyUsage & { instanceId: string })[];
  /** Every other instance alive now. */
  live: string[];
};

/**
 * What the store holds of a venue's intake, whichever instance saw it (intake-watch.ts): its
 * newest marketplace notification (kept with the event's own commit), the state a terminal last
 * reported, and its terminals' last poll.
 */
export type VenueIntakeRow = {
  venueId: string;
  lastWebhookAt: number | null;
  report: { online: boolean; open: boolean; at: number } | null;
  polledAt: number | null;
};

/**
 * What the store holds of one terminal key's presence, whichever instance saw it: when the relay
 * last heard from it and its last health report (the JSON of shared/terminal-health.ts as the
 * relay re-serialised it after checking it), with when it came.
 */
export type TerminalPresenceRow = {
  terminalId: string;
  lastSeenAt: number | null;
  report: string | null;
  reportedAt: number | null;
};

/** One change of a terminal's trouble: its problems' JSON from then on ('[]': fine). */
export type TerminalTroubleRow = { terminalId: string; at: number; problems: string };

/** A venue's settings as stored (shared/venue-settings.ts, the JSON the relay checked). */
export type VenueSettingsRow = {
  settings: string;
  /** 1 at the first change, one more at each. */
  version: number;
  updatedAt: number;
  /** The terminal whose change it was. */
  updatedBy: string | null;
};

/** A terminal as the admin commands create it: only the key's hash is stored. */
export type NewTerminalRow = {
  id: string;
  keyHash: string;
  name: string | null;
  venueIds: string[];
  createdAt: number;
};

/**
 * A merchant whose delivery credentials the relay holds (docs/security.md): its merchant key,
 * sealed (relay/drive/credentials.ts), the ids of the webhooks the relay keeps for it at the
 * delivery service, and the venues it serves.
 */
export type DeliveryMerchant = {
  merchantId: string;
  driveUrl: string;
  keyBox: string;
  webhookId: string | null;
  locationWebhookId: string | null;
  venueIds: string[];
};

export type EventStore = {
  /**
   * Commits the whole batch durably in one transaction, then tells the listeners. `committed`,
   * when given, is called once the transaction has committed, before the listeners are told (a
   * store that tells them at once need not call it).
   */
  appendBatch(events: IncomingEvent[], committed?: () => void): Promise<AppendOutcome[]>;
  /**
   * The random identity of this event log, fixed when its storage was created. A seq is only
   * meaningful within one log: a terminal seeing another id must restart its cursor at 0.
   */
  logId(): Promise<string>;
  /** Events of these venues with seq > after, oldest first. */
  listEvents(venueIds: string[], after: number, limit: number): Promise<StoredEvent[]>;
  /** An active (not revoked) terminal by the SHA-256 hash of its key. */
  findActiveTerminal(keyHash: string): Promise<Terminal | null>;
  /** Terminals revoked after the given cursor (0 at start), with the cursor to ask from next time. */
  revokedSince(cursor: number): Promise<{ terminalIds: string[]; cursor: number }>;
  /**
   * Deletes events (and held events) received before the given time; returns how many. Where
   * several instances share the store one prunes at a time: a periodic round skips when another
   * is pruning (`wait` false), an explicit prune waits its turn (`wait` true).
   */
  pruneBefore(time: number, options?: { wait?: boolean }): Promise<number>;
  /**
   * Called with every servable event, each exactly once and in seq order, each batch continuing
   * where the previous one ended (SQLite: after each local commit; PostgreSQL: by reading the log
   * of every instance in commit order, woken by LISTEN/NOTIFY and on a short interval).
   */
  onAppended(listener: AppendedListener): () => void;
  /** Called when another process may have revoked a terminal (a hint to read revokedSince now). */
  onRevoked(listener: () => void): () => void;
  createTerminals(terminals: NewTerminalRow[]): Promise<void>;
  /** Returns false when no active terminal has this id. */
  revokeTerminal(id: string, at: number): Promise<boolean>;
  listTerminals(): Promise<Terminal[]>;
  /** The active terminals that serve any of these venues (who else of a venue is receiving). */
  venueTerminals(venueIds: string[]): Promise<Terminal[]>;
  /**
   * Makes `secret` the venue's delivery webhook secret (committed when it resolves). The secret it
   * replaces stays valid until `previousUntil`; the same secret again changes nothing.
   */
  setDeliverySecret(
    venueId: string,
    secret: string,
    at: number,
    previousUntil: number,
  ): Promise<void>;
  /** What a delivery event of this venue may be signed with at `at`: current, then previous. */
  deliverySecrets(venueId: string, at: number): Promise<string[]>;
  /** The venue an earlier delivery event of this order was stored under, or null. */
  deliveryOrderVenue(orderRef: string): Promise<string | null>;
  /** The intake of these venues (every venue the store knows when null), as all instances left it. */
  venueIntake(venueIds: string[] | null): Promise<VenueIntakeRow[]>;
  /** A terminal reported the venue's state at `at`; an older report than the one kept is ignored. */
  noteVenueReport(
    venueId: string,
    state: { online: boolean; open: boolean },
    at: number,
  ): Promise<void>;
  /**
   * Terminals of these venues polled at these times (the time kept only moves forward). Returns
   * the venues left out because another transaction holds their row (PostgreSQL: an append of
   * the venue's notifications in progress), for the caller to note again: a poll never waits on
   * another venue's intake.
   */
  noteVenuePolls(polls: { venueId: string; at: number }[]): Promise<string[]>;
  /** These terminals were heard from at these times (the time kept only moves forward). */
  noteTerminalsSeen(seen: { terminalId: string; at: number }[]): Promise<void>;
  /**
   * A terminal's health report at `at` (also heard from then); a report older than the one kept
   * is ignored.
   */
  noteTerminalReport(terminalId: string, report: string, at: number): Promise<void>;
  /**
   * A terminal's problems (JSON) as its report at `at` judged them, kept only when they differ
   * from the ones last kept for it (and nothing newer is kept): its trouble, one row per change.
   */
  noteTerminalTrouble(terminalId: string, problems: string, at: number): Promise<void>;
  /** These terminals' trouble changes since `since`, oldest first. */
  terminalTrouble(terminalIds: string[], since: number): Promise<TerminalTroubleRow[]>;
  /** The presence of these terminals (every terminal with a row when null), by terminal id. */
  terminalPresence(terminalIds: string[] | null): Promise<TerminalPresenceRow[]>;
  /** The venue's settings as last changed, or null when no terminal ever changed them. */
  venueSettings(venueId: string): Promise<VenueSettingsRow | null>;
  /**
   * Changes the venue's settings: `change` gets the stored JSON (null: none yet) and returns the
   * new one, read and written in one transaction, so two terminals' changes at once both count.
   */
  changeVenueSettings(
    venueId: string,
    change: (current: string | null) => string,
    terminalId: string,
    at: number,
  ): Promise<VenueSettingsRow>;
  /**
   * Claims a per-order duty for a terminal: the first claim holds it for good, and every claim
   * (the holder's again, or another terminal's) answers the holder's terminal id.
   */
  claimOrderDuty(
    venueId: string,
    orderId: string,
    duty: string,
    terminalId: string,
    at: number,
  ): Promise<string>;
  /** Every claim made for an order at a venue (duties and actions), oldest first. */
  orderClaims(venueId: string, orderId: string): Promise<OrderClaimRow[]>;
  /** Stores (or replaces) a merchant's sealed key and service address; its webhook ids stay. */
  putDeliveryMerchant(
    merchant: { merchantId: string; driveUrl: string; keyBox: string },
    at: number,
  ): Promise<void>;
  deliveryMerchant(merchantId: string): Promise<DeliveryMerchant | null>;
  listDeliveryMerchants(): Promise<DeliveryMerchant[]>;
  setDeliveryWebhooks(
    merchantId: string,
    webhookId: string | null,
    locationWebhookId: string | null,
  ): Promise<void>;
  /** Forgets a merchant: its key, its webhook secrets and its venues' links. */
  removeDeliveryMerchant(merchantId: string): Promise<void>;
  /** The venue's deliveries go through this merchant's credentials from now on. */
  linkDeliveryVenue(venueId: string, merchantId: string, at: number): Promise<void>;
  /** The merchant the venue was linked to, or null. */
  unlinkDeliveryVenue(venueId: string): Promise<string | null>;
  deliveryVenueMerchant(venueId: string): Promise<string | null>;
  /**
   * A new sealed webhook secret for the merchant (committed when it resolves). Every secret it
   * replaces, and every earlier one still within its window, stays valid until `previousUntil`
   * at least: two rotations within the window lose nothing.
   */
  rotateMerchantSecret(
    merchantId: string,
    secretBox: string,
    at: number,
    previousUntil: number,
  ): Promise<void>;
  /** The merchant's sealed webhook secrets valid at `at`, the current one first. */
  merchantSecrets(merchantId: string, at: number): Promise<string[]>;
  /**
   * The venue that booked this order reference (first writer wins, never changed) and returns
   * the owner: an event can never move a reference to another venue.
   */
  recordDeliveryBooking(
    merchantId: string,
    orderRef: string,
    venueId: string,
    at: number,
  ): Promise<string>;
  deliveryBookingVenue(merchantId: string, orderRef: string): Promise<string | null>;
  /** Forgets bookings made before `time` (their deliveries long over); how many. */
  pruneDeliveryBookings(time: number): Promise<number>;
  /** Gives the log a new random identity (after restoring a backup) and returns it. */
  renewLogId(): Promise<string>;
  /**
   * Shared stores only (absent for SQLite, where one process serves everything): reports this
   * instance's changed key usage and a heartbeat, and answers what the other instances reported.
   */
  shareUsage?(instanceId: string, changes: KeyUsage[]): Promise<SharedUsage>;
  close(): Promise<void>;
};
