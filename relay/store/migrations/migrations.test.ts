import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/test-support';
import { SchemaFromTheFutureError, type SqliteStep } from '../../../kit/migrations';
import { MIGRATIONS, migrate, schemaVersion } from '.';
import { openRelayDatabase } from '../sqlite-database';

const upTo = (version: number) => MIGRATIONS.slice(0, version);
const tables = (db: Database.Database) =>
  db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all();

describe('relay migrations', () => {
  const dirs: { remove(): void }[] = [];
  const fresh = () => {
    const dir = tempDir();
    dirs.push(dir);
    return new Database(dir.dbPath);
  };
  afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

  it('1 creates the event log with a unique (kind, event_id) and never-reused seqs', () => {
    const db = fresh();
    expect(migrate(db, upTo(1)).to).toBe(1);
    expect(tables(db)).toEqual(['events']);
    const insert = db.prepare(
      "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', ?, 'v', 0, '{}') RETURNING seq",
    );
    const first = insert.pluck().get('a') as number;
    expect(() => insert.run('a')).toThrow(/UNIQUE/);
    db.prepare('DELETE FROM events').run();
    expect(insert.pluck().get('b')).toBeGreaterThan(first);
    db.close();
  });

  it('2 adds terminals, their venues and the revocation log, keeping existing events', () => {
    const db = fresh();
    migrate(db, upTo(1));
    db.prepare(
      "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', 'kept', 'v', 0, '{}')",
    ).run();
    expect(migrate(db, upTo(2)).to).toBe(2);
    expect(tables(db)).toEqual(['events', 'revocations', 'terminal_venues', 'terminals']);
    expect(db.prepare('SELECT event_id FROM events').pluck().all()).toEqual(['kept']);
    db.prepare("INSERT INTO terminals (id, key_hash, created_at) VALUES ('t', 'h', 0)").run();
    expect(() =>
      db.prepare("INSERT INTO terminals (id, key_hash, created_at) VALUES ('t2', 'h', 0)").run(),
    ).toThrow(/UNIQUE/);
    db.close();
  });

  it('3 adds delivery order venues and held events, keeping terminals and events', () => {
    const db = fresh();
    migrate(db, upTo(2));
    db.prepare("INSERT INTO terminals (id, key_hash, created_at) VALUES ('t', 'h', 0)").run();
    expect(migrate(db, upTo(3)).to).toBe(3);
    expect(tables(db)).toEqual([
      'delivery_orders',
      'events',
      'held_events',
      'revocations',
      'terminal_venues',
      'terminals',
    ]);
    expect(db.prepare('SELECT id FROM terminals').pluck().all()).toEqual(['t']);
    db.prepare(
      "INSERT INTO held_events (kind, event_id, order_ref, received_at, body) VALUES ('delivery', 'e', 'o', 0, '{}')",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO held_events (kind, event_id, order_ref, received_at, body) VALUES ('delivery', 'e', 'o', 0, '{}')",
        )
        .run(),
    ).toThrow(/UNIQUE/);
    db.close();
  });

  it('4 gives the event log a random identity, once, keeping events', () => {
    const db = fresh();
    migrate(db, upTo(3));
    db.prepare(
      "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', 'kept', 'v', 0, '{}')",
    ).run();
    expect(migrate(db, upTo(4)).to).toBe(4);
    expect(tables(db)).toContain('meta');
    const logId = () => db.prepare("SELECT value FROM meta WHERE key = 'log_id'").pluck().all();
    const first = logId();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(migrate(db, upTo(4)).to).toBe(4);
    expect(logId()).toEqual(first);
    expect(db.prepare('SELECT event_id FROM events').pluck().all()).toEqual(['kept']);
    const other = fresh();
    migrate(other, upTo(4));
    expect(other.prepare("SELECT value FROM meta WHERE key = 'log_id'").pluck().get()).not.toBe(
      first[0],
    );
    other.close();
    db.close();
  });

  it('6 keeps every replaced delivery secret of the overlap window, starting with each venue’s previous one', () => {
    const db = fresh();
    migrate(db, upTo(5));
    db.prepare(
      "INSERT INTO delivery_secrets (venue_id, secret, previous_secret, previous_until, updated_at) VALUES ('v', 'new', 'old', 99, 0), ('w', 'only', NULL, NULL, 0)",
    ).run();
    expect(migrate(db, upTo(6)).to).toBe(6);
    expect(
      db.prepare('SELECT venue_id, secret, valid_until FROM delivery_secret_history').all(),
    ).toEqual([{ venue_id: 'v', secret: 'old', valid_until: 99 }]);
    const add = db.prepare(
      "INSERT INTO delivery_secret_history (venue_id, secret, valid_until) VALUES ('v', 'older', 1)",
    );
    add.run();
    expect(() => add.run()).toThrow(/UNIQUE/);
    db.close();
  });

  it("8 adds the merchants' delivery credentials, keeping the venues' secrets; a booked reference has one owner", () => {
    const db = fresh();
    migrate(db, upTo(7));
    db.prepare(
      "INSERT INTO delivery_secrets (venue_id, secret, updated_at) VALUES ('v', 's', 0)",
    ).run();
    expect(migrate(db, upTo(8)).to).toBe(8);
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'delivery_merchants',
        'delivery_venues',
        'merchant_secrets',
        'delivery_bookings',
      ]),
    );
    expect(db.prepare('SELECT venue_id FROM delivery_secrets').pluck().all()).toEqual(['v']);
    const book = db.prepare(
      "INSERT INTO delivery_bookings (merchant_id, order_ref, venue_id, booked_at) VALUES ('m', 'r', ?, 0)",
    );
    book.run('a');
    expect(() => book.run('b')).toThrow(/UNIQUE/);
    db.close();
  });

  it('5 adds one delivery secret per venue, keeping events', () => {
    const db = fresh();
    migrate(db, upTo(4));
    db.prepare(
      "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('delivery', 'kept', 'v', 0, '{}')",
    ).run();
    expect(migrate(db, upTo(5)).to).toBe(5);
    expect(tables(db)).toContain('delivery_secrets');
    expect(db.prepare('SELECT event_id FROM events').pluck().all()).toEqual(['kept']);
    const add = db.prepare(
      "INSERT INTO delivery_secrets (venue_id, secret, updated_at) VALUES ('v', 's', 0)",
    );
    add.run();
    expect(() => add.run()).toThrow(/UNIQUE/);
    db.close();
  });

  it('7 keeps each venue’s last marketplace notification with the event’s own insert, filled from the log', () => {
    const db = fresh();
    migrate(db, upTo(6));
    const insert = db.prepare(
      'INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES (?, ?, ?, ?, ?)',
    );
    insert.run('marketplace', 'a', 'v', 100, '{}');
    insert.run('marketplace', 'b', 'v', 300, '{}');
    insert.run('delivery', 'c', 'w', 500, '{}');
    expect(migrate(db, upTo(7)).to).toBe(7);
    const intake = () =>
      db.prepare('SELECT venue_id, last_webhook_at FROM venue_intake ORDER BY venue_id').all();
    // Filled from the log: delivery events are no marketplace notification.
    expect(intake()).toEqual([{ venue_id: 'v', last_webhook_at: 300 }]);
    insert.run('marketplace', 'd', 'v', 400, '{}');
    insert.run('marketplace', 'e', 'x', 50, '{}');
    insert.run('delivery', 'f', 'x', 900, '{}');
    // One received earlier but committed later never moves it back.
    insert.run('marketplace', 'g', 'v', 350, '{}');
    expect(intake()).toEqual([
      { venue_id: 'v', last_webhook_at: 400 },
      { venue_id: 'x', last_webhook_at: 50 },
    ]);
    // A rolled-back append leaves no trace.
    expect(() =>
      db.transaction(() => {
        insert.run('marketplace', 'h', 'v', 999, '{}');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(intake()[0]).toEqual({ venue_id: 'v', last_webhook_at: 400 });
    db.close();
  });

  it('9 adds one presence row per terminal (last seen, last health report), keeping the rest', () => {
    const db = fresh();
    migrate(db, upTo(8));
    db.prepare("INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES ('v', 1)").run();
    expect(migrate(db, upTo(9)).to).toBe(9);
    expect(db.prepare('SELECT venue_id FROM venue_intake').pluck().all()).toEqual(['v']);
    const insert = db.prepare(
      "INSERT INTO terminal_presence (terminal_id, last_seen_at, reported_at, report) VALUES ('t', 1, 1, '{}')",
    );
    insert.run();
    expect(() => insert.run()).toThrow(/UNIQUE|PRIMARY KEY/);
    db.close();
  });

  it('10 adds venue settings and per-order duties (one holder per duty), keeping presence', () => {
    const db = fresh();
    migrate(db, upTo(9));
    db.prepare("INSERT INTO terminal_presence (terminal_id, last_seen_at) VALUES ('t', 1)").run();
    expect(migrate(db, upTo(10)).to).toBe(10);
    expect(db.prepare('SELECT terminal_id FROM terminal_presence').pluck().all()).toEqual(['t']);
    const settings = db.prepare(
      "INSERT INTO venue_settings (venue_id, settings, version, updated_at, updated_by) VALUES ('v', '{}', 1, 0, 't')",
    );
    settings.run();
    expect(() => settings.run()).toThrow(/UNIQUE|PRIMARY KEY/);
    const claim = db.prepare(
      "INSERT INTO order_duties (venue_id, order_id, duty, terminal_id, claimed_at) VALUES ('v', 'o', 'sent-to-pos', ?, 0)",
    );
    claim.run('a');
    expect(() => claim.run('b')).toThrow(/UNIQUE|PRIMARY KEY/);
    db.close();
  });

  it('11 adds one trouble row per terminal and time, keeping presence', () => {
    const db = fresh();
    migrate(db, upTo(10));
    db.prepare("INSERT INTO terminal_presence (terminal_id, last_seen_at) VALUES ('t', 1)").run();
    expect(migrate(db, upTo(11)).to).toBe(11);
    expect(db.prepare('SELECT terminal_id FROM terminal_presence').pluck().all()).toEqual(['t']);
    const insert = db.prepare(
      "INSERT INTO terminal_trouble (terminal_id, at, problems) VALUES ('t', 1, '[]')",
    );
    insert.run();
    expect(() => insert.run()).toThrow(/UNIQUE|PRIMARY KEY/);
    db.close();
  });

  it('12 lets the log take the venue-settings hint, keeping every event, its seq and the seqs never reused', () => {
    const db = fresh();
    migrate(db, upTo(11));
    const insert = (kind: string, id: string) =>
      db
        .prepare(
          "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES (?, ?, 'v', 5, '{}') RETURNING seq",
        )
        .pluck()
        .get(kind, id) as number;
    expect(() => insert('venue-settings', 'before')).toThrow(/CHECK/);
    const kept = insert('marketplace', 'kept');
    const pruned = insert('delivery', 'pruned');
    db.prepare("DELETE FROM events WHERE event_id = 'pruned'").run();
    expect(migrate(db, upTo(12)).to).toBe(12);
    expect(db.prepare('SELECT seq, kind, event_id FROM events').all()).toEqual([
      { seq: kept, kind: 'marketplace', event_id: 'kept' },
    ]);
    // The pruned seq is not handed out again, and the new kind is taken; others still refused.
    expect(insert('venue-settings', 'v@1')).toBeGreaterThan(pruned);
    expect(() => insert('venue-settings', 'v@1')).toThrow(/UNIQUE/);
    expect(() => insert('other', 'x')).toThrow(/CHECK/);
    // The intake trigger came back: a marketplace event moves the venue's last notification, a
    // hint does not.
    insert('marketplace', 'later');
    db.prepare("UPDATE venue_intake SET last_webhook_at = 1 WHERE venue_id = 'v'").run();
    insert('venue-settings', 'v@2');
    expect(
      db.prepare("SELECT last_webhook_at FROM venue_intake WHERE venue_id = 'v'").pluck().get(),
    ).toBe(1);
    insert('marketplace', 'last');
    expect(
      db.prepare("SELECT last_webhook_at FROM venue_intake WHERE venue_id = 'v'").pluck().get(),
    ).toBe(5);
    const indexes = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL ORDER BY name",
      )
      .pluck()
      .all();
    expect(indexes).toEqual(['events_received_at', 'events_venue_seq']);
    expect(tables(db)).not.toContain('events_before_12');
    db.close();
  });

  it('opens a file at the newest version with WAL and synchronous=FULL', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = openRelayDatabase(dir.dbPath);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });

  it('refuses a database from a newer relay and leaves it untouched', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = new Database(dir.dbPath);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openRelayDatabase(dir.dbPath)).toThrow(SchemaFromTheFutureError);
    const again = new Database(dir.dbPath);
    expect(schemaVersion(again)).toBe(99);
    expect(tables(again)).toEqual([]);
    again.close();
  });

  it('rolls every step back when a later step fails, so the version never lies', () => {
    const db = fresh();
    const broken: SqliteStep[] = [
      ...upTo(2),
      (target) => target.exec('CREATE TABLE ok (a); CREATE TABLE events (a);'),
    ];
    expect(() => migrate(db, broken)).toThrow(/already exists/);
    expect(schemaVersion(db)).toBe(0);
    expect(tables(db)).toEqual([]);
    db.close();
  });
});
