// The SQLite store's database, prepared statements and listeners, passed explicitly to the
// module-level functions of sqlite-events.ts, sqlite-terminals.ts and sqlite-delivery.ts;
// sqlite-store.ts opens the file and composes them.
import type Database from 'better-sqlite3';
import { EVENT_COLUMNS, type EventRow } from './event-row';
import { INTAKE_COLUMNS } from './intake-row';
import { PRESENCE_COLUMNS } from './presence-row';
import { openRelayDatabase } from './sqlite-database';
import type { AppendedListener } from './event-store';

export type HeldRow = Omit<EventRow, 'seq' | 'venue_id'> & { order_ref: string | null };

export type TerminalRow = {
  id: string;
  name: string | null;
  created_at: number;
  revoked_at: number | null;
};

const prepare = (db: Database.Database) => {
  const columns = EVENT_COLUMNS;
  return {
    logId: db.prepare("SELECT value FROM meta WHERE key = 'log_id'").pluck(),
    known: db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM events WHERE kind = ? AND event_id = ?)
             OR EXISTS (SELECT 1 FROM held_events WHERE kind = ? AND event_id = ?)`,
      )
      .pluck(),
    // Only the seq: the rest is the caller's own values, not read back from the file.
    insertEvent: db
      .prepare(
        `INSERT INTO events (kind, event_id, venue_id, received_at, body, signature)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING seq`,
      )
      .pluck(),
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
    intakeAll: db.prepare(`SELECT ${INTAKE_COLUMNS} FROM venue_intake ORDER BY venue_id`),
    intakeOf: db.prepare(
      `SELECT ${INTAKE_COLUMNS} FROM venue_intake WHERE venue_id IN (SELECT value FROM json_each(?)) ORDER BY venue_id`,
    ),
    noteReport: db.prepare(
      `INSERT INTO venue_intake (venue_id, reported_online, reported_open, reported_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (venue_id) DO UPDATE SET reported_online = excluded.reported_online,
         reported_open = excluded.reported_open, reported_at = excluded.reported_at
       WHERE coalesce(reported_at, 0) <= excluded.reported_at`,
    ),
    // WHERE true: an upsert's SELECT needs one, or ON CONFLICT would parse as a join's.
    notePolls: db.prepare(
      `INSERT INTO venue_intake (venue_id, polled_at)
       SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?) WHERE true
       ON CONFLICT (venue_id) DO UPDATE SET polled_at = max(coalesce(polled_at, 0), excluded.polled_at)`,
    ),
    presenceAll: db.prepare(
      `SELECT ${PRESENCE_COLUMNS} FROM terminal_presence ORDER BY terminal_id`,
    ),
    presenceOf: db.prepare(
      `SELECT ${PRESENCE_COLUMNS} FROM terminal_presence WHERE terminal_id IN (SELECT value FROM json_each(?)) ORDER BY terminal_id`,
    ),
    noteSeen: db.prepare(
      `INSERT INTO terminal_presence (terminal_id, last_seen_at)
       SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?) WHERE true
       ON CONFLICT (terminal_id) DO UPDATE SET last_seen_at = max(coalesce(last_seen_at, 0), excluded.last_seen_at)`,
    ),
    noteHealth: db.prepare(
      `INSERT INTO terminal_presence (terminal_id, last_seen_at, reported_at, report) VALUES (@id, @at, @at, @report)
       ON CONFLICT (terminal_id) DO UPDATE SET
         last_seen_at = max(coalesce(last_seen_at, 0), excluded.last_seen_at),
         reported_at = CASE WHEN coalesce(reported_at, 0) <= excluded.reported_at THEN excluded.reported_at ELSE reported_at END,
         report = CASE WHEN coalesce(reported_at, 0) <= excluded.reported_at THEN excluded.report ELSE report END`,
    ),
    pruneEvents: db.prepare('DELETE FROM events WHERE received_at < ?'),
    pruneHeld: db.prepare('DELETE FROM held_events WHERE received_at < ?'),
    pruneOrders: db.prepare('DELETE FROM delivery_orders WHERE last_seen_at < ?'),
    pruneDuties: db.prepare('DELETE FROM order_duties WHERE claimed_at < ?'),
    pruneTrouble: db.prepare('DELETE FROM terminal_trouble WHERE at < ?'),
    noteTrouble: db.prepare(
      `INSERT INTO terminal_trouble (terminal_id, at, problems)
       SELECT @id, @at, @problems
       WHERE (SELECT problems FROM terminal_trouble WHERE terminal_id = @id ORDER BY at DESC LIMIT 1) IS NOT @problems
         AND NOT EXISTS (SELECT 1 FROM terminal_trouble WHERE terminal_id = @id AND at >= @at)`,
    ),
    troubleOf: db.prepare(
      `SELECT terminal_id, at, problems FROM terminal_trouble
       WHERE terminal_id IN (SELECT value FROM json_each(?)) AND at >= ? ORDER BY at, terminal_id`,
    ),
  };
};

export type SqliteStatements = ReturnType<typeof prepare>;

export type SqliteContext = {
  db: Database.Database;
  statements: SqliteStatements;
  listeners: Set<AppendedListener>;
  /** The newest seq handed to the listeners: this process is the file's only writer of events. */
  published: number;
};

export const createSqliteContext = (path: string): SqliteContext => {
  const db = openRelayDatabase(path);
  const statements = prepare(db);
  return {
    db,
    statements,
    listeners: new Set(),
    published:
      (db.prepare('SELECT coalesce(max(seq), 0) FROM events').pluck().get() as number) ?? 0,
  };
};
