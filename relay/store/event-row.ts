import type { EventKind, StoredEvent } from './event-store';

/** An events row as both adapters select it (same columns and names in SQLite and PostgreSQL). */
export type EventRow = {
  seq: number;
  kind: EventKind;
  event_id: string;
  venue_id: string;
  received_at: number;
  body: string;
  signature: string | null;
};

export const EVENT_COLUMNS = 'seq, kind, event_id, venue_id, received_at, body, signature';

export const eventFromRow = (row: EventRow): StoredEvent => ({
  seq: row.seq,
  kind: row.kind,
  eventId: row.event_id,
  venueId: row.venue_id,
  receivedAt: row.received_at,
  body: row.body,
  signature: row.signature,
});

/** A venue's delivery secrets as both adapters select them. */
export type DeliverySecretRow = {
  secret: string;
  previous_secret: string | null;
  previous_until: number | null;
};

/** The active secrets, then the overlap window's others not among them. */
export const withOverlap = (active: string[], overlap: string[]): string[] => [
  ...active,
  ...overlap.filter((secret) => !active.includes(secret)),
];

/** The current secret, then the previous one while its grace lasts. */
export const activeDeliverySecrets = (row: DeliverySecretRow | undefined, at: number): string[] =>
  row === undefined
    ? []
    : [
        row.secret,
        ...(row.previous_secret !== null && (row.previous_until ?? 0) > at
          ? [row.previous_secret]
          : []),
      ];
