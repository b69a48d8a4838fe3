// The relay's storage boundary. The server talks only to this type, never to SQL, so a
// PostgreSQL adapter (several relay instances behind a load balancer) can implement it next.
// Every method is async for that reason, even though the SQLite adapter answers synchronously.

export type EventKind = 'marketplace' | 'delivery';

/** An event as the relay received and verified it, before it has a seq. */
export type IncomingEvent = {
  kind: EventKind;
  /** The sender's event id (notification id, or details.id of a delivery event): the dedupe key. */
  eventId: string;
  /** null when a delivery event names no venue and none is known for its order yet. */
  venueId: string | null;
  /** Delivery events only: platform_order_reference_id, used to resolve the venue of later events. */
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

export type Terminal = {
  id: string;
  name: string | null;
  venueIds: string[];
  createdAt: number;
  revokedAt: number | null;
};

export type AppendedListener = (events: StoredEvent[]) => void;

export type EventStore = {
  /** Commits the whole batch durably in one transaction, then tells the listeners. */
  appendBatch(events: IncomingEvent[]): Promise<AppendOutcome[]>;
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
  /** Deletes events (and held events) received before the given time; returns how many. */
  pruneBefore(time: number): Promise<number>;
  /** Called after every commit that makes events servable (in-process for SQLite; LISTEN/NOTIFY for Postgres). */
  onAppended(listener: AppendedListener): () => void;
  close(): Promise<void>;
};
