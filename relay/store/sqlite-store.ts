import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  EVENT_COLUMNS,
  activeDeliverySecrets,
  eventFromRow,
  withOverlap,
  type DeliverySecretRow,
  type EventRow,
} from './event-row';
import { openRelayDatabase } from './sqlite-database';
import type {
  AppendOutcome,
  AppendedListener,
  EventKind,
  EventStore,
  IncomingEvent,
  NewTerminalRow,
  StoredEvent,
  Terminal,
} from './event-store';

type HeldRow = Omit<EventRow, 'seq' | 'venue_id'> & { order_ref: string | null };

type TerminalRow = {
  id: string;
  name: string | null;
  created_at: number;
  revoked_at: number | null;
};

// eslint-disable-next-line max-lines-per-function -- one method per EventStore operation over the same prepared statements; a list to read down (the PostgreSQL store is split by concern)
export function openSqliteStore(path: string): EventStore {
  const db = openRelayDatabase(path);
  const listeners = new Set<AppendedListener>();
  const statements = prepare(db);

  const insertEvent = (
    kind: EventKind,
    eventId: string,
    venueId: string,
    receivedAt: number,
    body: string,
    signature: string | null,
  ): StoredEvent => {
    const row = statements.insertEvent.get(
      kind,
      eventId,
      venueId,
      receivedAt,
      body,
      signature,
    ) as EventRow;
    return eventFromRow(row);
  };

  const appendOne = (event: IncomingEvent): AppendOutcome => {
    if (
      statements.eventExists.get(event.kind, event.eventId) ||
      statements.heldExists.get(event.kind, event.eventId)
    ) {
      return { status: 'duplicate' };
    }
    let venueId = event.venueId;
    if (venueId === null && event.orderRef !== null) {
      const known = statements.orderVenue.get(event.orderRef) as { venue_id: string } | undefined;
      venueId = known?.venue_id ?? null;
    }
    if (venueId === null) {
      statements.insertHeld.run(
        event.kind,
        event.eventId,
        event.orderRef,
        event.receivedAt,
        event.body,
        event.signature,
      );
      return { status: 'held' };
    }
    const released: StoredEvent[] = [];
    if (event.orderRef !== null) {
      statements.upsertOrder.run(event.orderRef, venueId, event.receivedAt);
      // Held events were received earlier, so they take the lower seqs.
      for (const held of statements.heldForOrder.all(event.orderRef) as HeldRow[]) {
        released.push(
          insertEvent(
            held.kind,
            held.event_id,
            venueId,
            held.received_at,
            held.body,
            held.signature,
          ),
        );
      }
      if (released.length > 0) statements.deleteHeldForOrder.run(event.orderRef);
    }
    const stored = insertEvent(
      event.kind,
      event.eventId,
      venueId,
      event.receivedAt,
      event.body,
      event.signature,
    );
    return { status: 'stored', event: stored, released };
  };

  const appendAll = db.transaction((events: IncomingEvent[]) => events.map(appendOne));
  // The newest seq handed to the listeners: this process is the file's only writer of events.
  let published =
    (db.prepare('SELECT coalesce(max(seq), 0) FROM events').pluck().get() as number) ?? 0;

  const rotateDeliverySecret = db.transaction(
    (venueId: string, secret: string, at: number, previousUntil: number) => {
      statements.keepReplacedSecret.run(previousUntil, venueId, secret);
      statements.setDeliverySecret.run(venueId, secret, at, previousUntil);
      statements.dropOverlapSecrets.run(venueId, at, secret);
    },
  );

  return {
    async appendBatch(events) {
      if (events.length === 0) return [];
      const outcomes = appendAll.immediate(events);
      const servable: StoredEvent[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === 'stored') servable.push(...outcome.released, outcome.event);
      }
      if (servable.length > 0) {
        const after = published;
        published = (servable.at(-1) as StoredEvent).seq;
        for (const listener of listeners) listener(servable, after);
      }
      return outcomes;
    },

    async logId() {
      return statements.logId.get() as string;
    },

    async listEvents(venueIds, after, limit) {
      if (venueIds.length === 0) return [];
      const rows =
        venueIds.length === 1
          ? statements.eventsOfVenue.all(venueIds[0], after, limit)
          : statements.eventsOfVenues.all(JSON.stringify(venueIds), after, limit);
      return (rows as EventRow[]).map(eventFromRow);
    },

    async findActiveTerminal(keyHash) {
      // One query per poll: the terminal and its venues together.
      const row = statements.terminalByHash.get(keyHash) as
        (TerminalRow & { venues: string }) | undefined;
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        venueIds: JSON.parse(row.venues) as string[],
        createdAt: row.created_at,
        revokedAt: row.revoked_at,
      };
    },

    async revokedSince(cursor) {
      const rows = statements.revokedSince.all(cursor) as { cursor: number; terminal_id: string }[];
      const last = rows.at(-1);
      return {
        terminalIds: rows.map((row) => row.terminal_id),
        cursor: last ? last.cursor : cursor,
      };
    },

    async pruneBefore(time) {
      const prune = db.transaction(() => {
        const events = statements.pruneEvents.run(time).changes;
        const held = statements.pruneHeld.run(time).changes;
        statements.pruneOrders.run(time);
        return events + held;
      });
      return prune.immediate();
    },

    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    // Another process's revocation is found by the relay's periodic revokedSince: no hint here.
    onRevoked() {
      return () => undefined;
    },

    async createTerminals(terminals) {
      insertTerminals(db, terminals);
    },

    async revokeTerminal(id, at) {
      return revokeTerminalIn(db, id, at);
    },

    async listTerminals() {
      return listTerminalsIn(db);
    },

    async setDeliverySecret(venueId, secret, at, previousUntil) {
      rotateDeliverySecret(venueId, secret, at, previousUntil);
    },

    async deliverySecrets(venueId, at) {
      return withOverlap(
        activeDeliverySecrets(
          statements.deliverySecrets.get(venueId) as DeliverySecretRow | undefined,
          at,
        ),
        statements.overlapSecrets.pluck().all(venueId, at) as string[],
      );
    },

    async deliveryOrderVenue(orderRef) {
      const row = statements.orderVenue.get(orderRef) as { venue_id: string } | undefined;
      return row?.venue_id ?? null;
    },

    async renewLogId() {
      return renewLogIdIn(db);
    },

    async close() {
      listeners.clear();
      db.close();
    },
  };
}

// Terminal administration, shared by the store and the synchronous file functions of terminals.ts.

export function insertTerminals(db: Database.Database, terminals: NewTerminalRow[]): void {
  db.transaction(() => {
    const addTerminal = db.prepare(
      'INSERT INTO terminals (id, key_hash, name, created_at) VALUES (?, ?, ?, ?)',
    );
    const addVenue = db.prepare(
      'INSERT INTO terminal_venues (terminal_id, venue_id) VALUES (?, ?)',
    );
    for (const terminal of terminals) {
      addTerminal.run(terminal.id, terminal.keyHash, terminal.name, terminal.createdAt);
      for (const venue of terminal.venueIds) addVenue.run(terminal.id, venue);
    }
  }).immediate();
}

export function revokeTerminalIn(db: Database.Database, id: string, at: number): boolean {
  return db
    .transaction(() => {
      const changed = db
        .prepare('UPDATE terminals SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
        .run(at, id);
      if (changed.changes === 0) return false;
      db.prepare('INSERT INTO revocations (terminal_id, revoked_at) VALUES (?, ?)').run(id, at);
      return true;
    })
    .immediate();
}

export function listTerminalsIn(db: Database.Database): Terminal[] {
  const rows = db
    .prepare('SELECT id, name, created_at, revoked_at FROM terminals ORDER BY created_at, id')
    .all() as TerminalRow[];
  const venuesOf = db
    .prepare('SELECT venue_id FROM terminal_venues WHERE terminal_id = ? ORDER BY venue_id')
    .pluck();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    venueIds: venuesOf.all(row.id) as string[],
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  }));
}

export function readLogIdIn(db: Database.Database): string {
  return db.prepare("SELECT value FROM meta WHERE key = 'log_id'").pluck().get() as string;
}

export function renewLogIdIn(db: Database.Database): string {
  const logId = randomUUID();
  db.prepare("UPDATE meta SET value = ? WHERE key = 'log_id'").run(logId);
  return logId;
}

function prepare(db: Database.Database) {
  const columns = EVENT_COLUMNS;
  return {
    logId: db.prepare("SELECT value FROM meta WHERE key = 'log_id'").pluck(),
    eventExists: db.prepare('SELECT 1 FROM events WHERE kind = ? AND event_id = ?'),
    heldExists: db.prepare('SELECT 1 FROM held_events WHERE kind = ? AND event_id = ?'),
    insertEvent: db.prepare(
      `INSERT INTO events (kind, event_id, venue_id, received_at, body, signature)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING ${columns}`,
    ),
    insertHeld: db.prepare(
      `INSERT INTO held_events (kind, event_id, order_ref, received_at, body, signature) VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    orderVenue: db.prepare('SELECT venue_id FROM delivery_orders WHERE order_ref = ?'),
    upsertOrder: db.prepare(
      `INSERT INTO delivery_orders (order_ref, venue_id, last_seen_at) VALUES (?, ?, ?)
       ON CONFLICT (order_ref) DO UPDATE SET venue_id = excluded.venue_id, last_seen_at = excluded.last_seen_at`,
    ),
    heldForOrder: db.prepare(
      'SELECT kind, event_id, order_ref, received_at, body, signature FROM held_events WHERE order_ref = ? ORDER BY received_at, rowid',
    ),
    deleteHeldForOrder: db.prepare('DELETE FROM held_events WHERE order_ref = ?'),
    eventsOfVenue: db.prepare(
      `SELECT ${columns} FROM events WHERE venue_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
    ),
    eventsOfVenues: db.prepare(
      `SELECT ${columns} FROM events WHERE venue_id IN (SELECT value FROM json_each(?)) AND seq > ? ORDER BY seq LIMIT ?`,
    ),
    terminalByHash: db.prepare(
      `SELECT t.id, t.name, t.created_at, t.revoked_at,
              (SELECT json_group_array(venue_id) FROM (SELECT venue_id FROM terminal_venues WHERE terminal_id = t.id ORDER BY venue_id)) AS venues
       FROM terminals t WHERE t.key_hash = ? AND t.revoked_at IS NULL`,
    ),
    revokedSince: db.prepare(
      'SELECT cursor, terminal_id FROM revocations WHERE cursor > ? ORDER BY cursor',
    ),
    // The replaced secret becomes the previous one; the same secret again is no change.
    setDeliverySecret: db.prepare(
      `INSERT INTO delivery_secrets (venue_id, secret, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (venue_id) DO UPDATE SET previous_secret = secret, previous_until = ?,
         secret = excluded.secret, updated_at = excluded.updated_at
       WHERE secret <> excluded.secret`,
    ),
    deliverySecrets: db.prepare(
      'SELECT secret, previous_secret, previous_until FROM delivery_secrets WHERE venue_id = ?',
    ),
    // The secret being replaced joins the overlap window's others (a later rotation keeps them).
    keepReplacedSecret: db.prepare(
      `INSERT INTO delivery_secret_history (venue_id, secret, valid_until)
       SELECT venue_id, secret, ? FROM delivery_secrets WHERE venue_id = ? AND secret <> ?
       ON CONFLICT (venue_id, secret) DO UPDATE SET valid_until = MAX(valid_until, excluded.valid_until)`,
    ),
    dropOverlapSecrets: db.prepare(
      'DELETE FROM delivery_secret_history WHERE venue_id = ? AND (valid_until <= ? OR secret = ?)',
    ),
    overlapSecrets: db.prepare(
      'SELECT secret FROM delivery_secret_history WHERE venue_id = ? AND valid_until > ? ORDER BY valid_until DESC',
    ),
    pruneEvents: db.prepare('DELETE FROM events WHERE received_at < ?'),
    pruneHeld: db.prepare('DELETE FROM held_events WHERE received_at < ?'),
    pruneOrders: db.prepare('DELETE FROM delivery_orders WHERE last_seen_at < ?'),
  };
}
