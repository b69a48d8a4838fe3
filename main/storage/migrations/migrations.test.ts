import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseFromTheFutureError, migrate, openDatabase } from '../database';
import { MIGRATIONS } from '.';
import { migration001Initial } from './001-initial';
import { migration002ItemAvailability } from './002-item-availability';
import { migration003Deliveries } from './003-deliveries';
import { migration004RelayLog } from './004-relay-log';
import { migration005OutboxFacts } from './005-outbox-facts';
import { migration006NotificationFields } from './006-notification-fields';
import { migration007AutoAccepted } from './007-auto-accepted';
import { migration008OrderHistory } from './008-order-history';
import { migration009PrintJobs } from './009-print-jobs';
import { migration010OrderIndexes } from './010-order-indexes';
import { migration011PinGuard } from './011-pin-guard';
import { migration012RetentionForgets } from './012-retention-forgets';
import { migration013DeliveryBookingCheck } from './013-delivery-booking-check';
import { migration014DeliveryReplacedBookings } from './014-delivery-replaced-bookings';
import { migration015MenuDrafts } from './015-menu-drafts';
import { migration016ArrivedLate } from './016-arrived-late';
import { migration017PrintJobVenue } from './017-print-job-venue';
import { migration018DeliveryCancelCode } from './018-delivery-cancel-code';

const dirs: string[] = [];
const tempDb = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'countertop-db-'));
  dirs.push(dir);
  return join(dir, 'core.db');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tables = (db: BetterSqlite3.Database): string[] =>
  (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as Array<{ name: string }>
  ).map((r) => r.name);

describe('migration 001 (initial schema)', () => {
  it('creates the orders, inbox, cursor, outbox, audit, settings and menu tables at version 1', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [migration001Initial]);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).toEqual([
      'audit_log',
      'menus',
      'notifications',
      'orders',
      'outbox',
      'relay_cursor',
      'settings',
    ]);
    // The dedupe key of notifications is their id.
    const insert = db.prepare(
      "INSERT OR IGNORE INTO notifications (id, type, body, received_at) VALUES ('n1', 'order.notification', '{}', 'x')",
    );
    expect(insert.run().changes).toBe(1);
    expect(insert.run().changes).toBe(0);
    // The outbox refuses an unknown state.
    expect(() =>
      db
        .prepare(
          "INSERT INTO outbox (id, kind, subject, summary, payload, state, created_at) VALUES ('a', 'accept', 'o', 's', '{}', 'weird', 'x')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});

describe('migration 002 (item availability)', () => {
  it('adds menu_item_states on top of version 1 and keeps existing rows', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [migration001Initial]);
    db.prepare("INSERT INTO settings (key, value) VALUES ('k', '1')").run();
    migrate(db, [migration001Initial, migration002ItemAvailability]);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(tables(db)).toContain('menu_item_states');
    expect(db.prepare('SELECT value FROM settings WHERE key = ?').get('k')).toEqual({ value: '1' });
  });
});

describe('migration 003 (deliveries)', () => {
  it('adds deliveries, their inbox and events on top of version 2, dedupes events by id', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, [migration001Initial, migration002ItemAvailability]);
    db.prepare("INSERT INTO settings (key, value) VALUES ('k', '2')").run();
    migrate(db, [migration001Initial, migration002ItemAvailability, migration003Deliveries]);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(tables(db)).toEqual(
      expect.arrayContaining(['deliveries', 'delivery_events', 'delivery_inbox']),
    );
    expect(db.prepare('SELECT value FROM settings WHERE key = ?').get('k')).toEqual({ value: '2' });
    const event = db.prepare(
      "INSERT OR IGNORE INTO delivery_events (id, reference, type, dispatched_at, payload, received_at) VALUES ('e1', 'r', 'order.received', 'x', '{}', 'x')",
    );
    expect(event.run().changes).toBe(1);
    expect(event.run().changes).toBe(0);
    // A platform reference belongs to one delivery only.
    const delivery = db.prepare(
      "INSERT INTO deliveries (id, reference, venue_id, booking, status, created_at, updated_at) VALUES (?, 'ref-1', 'v', '{}', 'received', 'x', 'x')",
    );
    delivery.run('d1');
    expect(() => delivery.run('d2')).toThrow(/UNIQUE/);
  });
});

describe('migration 004 (relay log identity)', () => {
  it('adds log_id and seq_offset to the relay cursor, keeping the stored cursor', () => {
    const db = new BetterSqlite3(':memory:');
    const upTo3 = [migration001Initial, migration002ItemAvailability, migration003Deliveries];
    migrate(db, upTo3);
    db.prepare('INSERT INTO relay_cursor (id, seq) VALUES (1, 42)').run();
    migrate(db, [...upTo3, migration004RelayLog]);
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    // No log id yet: the client adopts the relay's on its next answer and keeps cursor 42.
    expect(db.prepare('SELECT seq, log_id, seq_offset FROM relay_cursor').get()).toEqual({
      seq: 42,
      log_id: null,
      seq_offset: 0,
    });
    db.prepare("UPDATE relay_cursor SET log_id = 'L', seq_offset = 7").run();
    expect(db.prepare('SELECT log_id, seq_offset FROM relay_cursor').get()).toEqual({
      log_id: 'L',
      seq_offset: 7,
    });
  });
});

describe('migration 005 (outbox facts instead of English summaries)', () => {
  it('turns every summary of version 4 into facts and drops the summary column', () => {
    const db = new BetterSqlite3(':memory:');
    const upTo4 = [
      migration001Initial,
      migration002ItemAvailability,
      migration003Deliveries,
      migration004RelayLog,
    ];
    migrate(db, upTo4);
    const insert = db.prepare(
      "INSERT INTO outbox (id, kind, subject, summary, payload, state, created_at) VALUES (?, ?, ?, ?, ?, 'pending', 'x')",
    );
    const rows: Array<[string, string, string, string, unknown]> = [
      ['a', 'accept', 'o1', 'Accept #101 (15 min)', { orderId: 'o1' }],
      ['b', 'accept', 'o2', 'Accept #102', { orderId: 'o2' }],
      ['c', 'delivered', 'o1', 'Handed over #101', { orderId: 'o1' }],
      [
        'd',
        'venue-online',
        'venue:v',
        'Venue offline until 2026-11-23T18:00:00.000Z',
        {
          venueId: 'v',
          online: false,
          until: '2026-11-23T18:00:00.000Z',
        },
      ],
      ['e', 'venue-opening-times', 'venue:v', 'Opening times (3 windows)', { venueId: 'v' }],
      ['f', 'menu-push', 'menu:v', 'Menu (40 items)', { venueId: 'v', menu: {} }],
      [
        'g',
        'item-availability',
        'menu:v',
        'Disable pizza-1',
        {
          venueId: 'v',
          externalData: 'pizza-1',
          enabled: false,
          disabledUntil: null,
        },
      ],
      ['h', 'delivery-cancel', 'delivery:d', 'Cancel courier #77', { deliveryId: 'd' }],
      ['i', 'ready', 'o3', 'Ready #103', 'not json'],
    ];
    for (const [id, kind, subject, summary, payload] of rows)
      insert.run(
        id,
        kind,
        subject,
        summary,
        typeof payload === 'string' ? payload : JSON.stringify(payload),
      );
    migrate(db, [...upTo4, migration005OutboxFacts]);
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    const columns = (db.prepare('PRAGMA table_info(outbox)').all() as Array<{ name: string }>).map(
      (c) => c.name,
    );
    expect(columns).toContain('facts');
    expect(columns).not.toContain('summary');
    const facts = Object.fromEntries(
      (
        db.prepare('SELECT id, facts FROM outbox ORDER BY seq').all() as Array<{
          id: string;
          facts: string;
        }>
      ).map((row) => [row.id, JSON.parse(row.facts) as unknown]),
    );
    expect(facts).toEqual({
      a: { orderNumber: '101', minutes: 15 },
      b: { orderNumber: '102' },
      c: { orderNumber: '101' },
      d: { online: false, until: '2026-11-23T18:00:00.000Z' },
      e: { count: 3 },
      f: { count: 40 },
      g: { item: 'pizza-1', enabled: false },
      h: { orderNumber: '77' },
      i: { orderNumber: '103' },
    });
    // Rows keep their payload and state: nothing waiting is lost.
    expect(db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE state = 'pending'").get()).toEqual({
      n: rows.length,
    });
  });
});

describe('migration 006 (notification fields as columns)', () => {
  it("fills waiting notifications' fields from their bodies, BOM or not, and leaves processed ones", () => {
    const db = new BetterSqlite3(':memory:');
    const upTo5 = [
      migration001Initial,
      migration002ItemAvailability,
      migration003Deliveries,
      migration004RelayLog,
      migration005OutboxFacts,
    ];
    migrate(db, upTo5);
    const insert = db.prepare(
      'INSERT INTO notifications (id, relay_seq, type, order_id, body, received_at, processed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const order = (id: string, status: string) => ({ id, venue_id: 'v', status });
    insert.run(
      'n1',
      1,
      'order.notification',
      'o1',
      JSON.stringify({ order: order('o1', 'READY') }),
      'x',
      null,
    );
    insert.run(
      'n2',
      2,
      'courier.notification',
      'o1',
      '\uFEFF' +
        JSON.stringify({
          order: order('o1', 'READY'),
          courier_details: { courier_pickup_eta: 'T' },
        }),
      'x',
      null,
    );
    insert.run(
      'n3',
      3,
      'pickup_completed.notification',
      'o1',
      JSON.stringify({ order: order('o1', 'READY'), details: { is_pickup_completed: true } }),
      'x',
      null,
    );
    insert.run(
      'n4',
      4,
      'order.notification',
      'o2',
      JSON.stringify({ order: order('o2', 'CREATED') }),
      'x',
      'done',
    );
    migrate(db, [...upTo5, migration006NotificationFields]);
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    expect(
      db
        .prepare(
          'SELECT id, order_status, order_venue_id, courier_pickup_eta, pickup_completed FROM notifications ORDER BY relay_seq',
        )
        .all(),
    ).toEqual([
      {
        id: 'n1',
        order_status: 'READY',
        order_venue_id: 'v',
        courier_pickup_eta: null,
        pickup_completed: 0,
      },
      {
        id: 'n2',
        order_status: 'READY',
        order_venue_id: 'v',
        courier_pickup_eta: 'T',
        pickup_completed: 0,
      },
      {
        id: 'n3',
        order_status: 'READY',
        order_venue_id: 'v',
        courier_pickup_eta: null,
        pickup_completed: 1,
      },
      {
        id: 'n4',
        order_status: null,
        order_venue_id: null,
        courier_pickup_eta: null,
        pickup_completed: 0,
      },
    ]);
  });
});

describe('migration 007 (auto-accepted orders)', () => {
  it('marks every existing order as accepted by a person and keeps its row', () => {
    const db = new BetterSqlite3(':memory:');
    const upTo6 = MIGRATIONS.slice(0, 6);
    migrate(db, upTo6);
    db.prepare(
      `INSERT INTO orders (id, venue_id, order_number, platform_status, data, created_at, updated_at)
       VALUES ('o1', 'v', '7', 'PRODUCTION', '{}', 'x', 'x')`,
    ).run();
    migrate(db, [...upTo6, migration007AutoAccepted]);
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.prepare('SELECT id, platform_status, auto_accepted FROM orders').all()).toEqual([
      { id: 'o1', platform_status: 'PRODUCTION', auto_accepted: 0 },
    ]);
  });
});

describe('migration 008 (order history)', () => {
  it('gives stored orders a timeline, their outbox rows their tries, and makes them searchable', () => {
    const db = new BetterSqlite3(':memory:');
    const upTo7 = MIGRATIONS.slice(0, 7);
    migrate(db, upTo7);
    const data = (name: string, items: string[], type: string) =>
      JSON.stringify({
        consumerName: name,
        deliveryType: type,
        items: items.map((n) => ({ name: n })),
      });
    const insertOrder = db.prepare(
      `INSERT INTO orders (id, venue_id, order_number, platform_status, data, created_at, updated_at, auto_accepted)
       VALUES (?, 'v', ?, ?, ?, ?, ?, ?)`,
    );
    insertOrder.run(
      'o1',
      '101',
      'DELIVERED',
      data('Anna Virtanen', ['Margherita'], 'homedelivery'),
      '2026-03-10T12:00:00+02:00',
      '2026-03-10T10:40:00.000Z',
      1,
    );
    insertOrder.run(
      'o2',
      '102',
      'CREATED',
      data('José Núñez', ['Falafel wrap'], 'takeaway'),
      '2026-03-10T11:00:00.000Z',
      '2026-03-10T11:00:00.000Z',
      0,
    );
    const insertOutbox = db.prepare(
      `INSERT INTO outbox (id, kind, subject, facts, payload, state, attempts, error, created_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    insertOutbox.run(
      'a1',
      'accept',
      'o1',
      '{"orderNumber":"101","minutes":15,"auto":true}',
      '{"orderId":"o1"}',
      'done',
      2,
      null,
      '2026-03-10T10:01:00.000Z',
      '2026-03-10T10:03:00.000Z',
    );
    insertOutbox.run(
      'a2',
      'ready',
      'o1',
      '{"orderNumber":"101"}',
      '{"orderId":"o1"}',
      'done',
      1,
      null,
      '2026-03-10T10:20:00.000Z',
      '2026-03-10T10:20:01.000Z',
    );
    insertOutbox.run(
      'a3',
      'reject',
      'o2',
      '{"orderNumber":"102"}',
      '{"orderId":"o2","reason":"Out of dough"}',
      'failed',
      1,
      'The platform refused',
      '2026-03-10T11:05:00.000Z',
      null,
    );
    insertOutbox.run(
      'm1',
      'menu-push',
      'menu:v',
      '{}',
      '{}',
      'done',
      1,
      null,
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T09:00:02.000Z',
    );
    const insertAudit = db.prepare(
      'INSERT INTO audit_log (at, action, subject, outcome, detail) VALUES (?, ?, ?, ?, ?)',
    );
    insertAudit.run('2026-03-10T10:01:00.000Z', 'accept', 'o1', 'queued', null);
    insertAudit.run('2026-03-10T10:01:01.000Z', 'accept', 'o1', 'retrying', 'HTTP 503');
    insertAudit.run('2026-03-10T10:03:00.000Z', 'accept', 'o1', 'done', '{"orderNumber":"101"}');
    insertAudit.run('2026-03-10T11:05:01.000Z', 'reject', 'o2', 'failed', 'The platform refused');

    migrate(db, [...upTo7, migration008OrderHistory]);
    expect(db.pragma('user_version', { simple: true })).toBe(8);

    const events = (id: string) =>
      db
        .prepare(
          'SELECT at, kind, status, action_id, action, actor, terminal, preparation_minutes, reason FROM order_events WHERE order_id = ? ORDER BY seq',
        )
        .all(id);
    const here = { terminal: hostname() };
    expect(events('o1')).toEqual([
      // The creation time, in one format (UTC, milliseconds) like every stored time.
      expect.objectContaining({ at: '2026-03-10T10:00:00.000Z', kind: 'received' }),
      expect.objectContaining({
        kind: 'action',
        action_id: 'a1',
        action: 'accept',
        actor: 'auto',
        preparation_minutes: 15,
        ...here,
      }),
      expect.objectContaining({
        at: '2026-03-10T10:03:00.000Z',
        kind: 'status',
        status: 'PRODUCTION',
      }),
      expect.objectContaining({ kind: 'action', action_id: 'a2', action: 'ready', actor: 'staff' }),
      expect.objectContaining({ at: '2026-03-10T10:20:01.000Z', kind: 'status', status: 'READY' }),
      // The final status as last stored.
      expect.objectContaining({
        at: '2026-03-10T10:40:00.000Z',
        kind: 'status',
        status: 'DELIVERED',
      }),
    ]);
    expect(events('o2')).toEqual([
      expect.objectContaining({ kind: 'received' }),
      expect.objectContaining({ kind: 'action', action: 'reject', reason: 'Out of dough' }),
    ]);
    const attempts = db
      .prepare('SELECT action_id, at, outcome, error FROM outbox_attempts ORDER BY action_id, seq')
      .all();
    expect(attempts).toEqual([
      { action_id: 'a1', at: '2026-03-10T10:01:01.000Z', outcome: 'retrying', error: 'HTTP 503' },
      { action_id: 'a1', at: '2026-03-10T10:03:00.000Z', outcome: 'done', error: null },
      { action_id: 'a2', at: '2026-03-10T10:20:01.000Z', outcome: 'done', error: null },
      {
        action_id: 'a3',
        at: '2026-03-10T11:05:01.000Z',
        outcome: 'failed',
        error: 'The platform refused',
      },
      { action_id: 'm1', at: '2026-03-10T09:00:02.000Z', outcome: 'done', error: null },
    ]);

    expect(db.prepare('SELECT id, delivery_type, search_id FROM orders ORDER BY id').all()).toEqual(
      [
        { id: 'o1', delivery_type: 'homedelivery', search_id: 1 },
        { id: 'o2', delivery_type: 'takeaway', search_id: 2 },
      ],
    );
    const find = (match: string) =>
      (
        db
          .prepare(
            'SELECT id FROM orders WHERE search_id IN (SELECT rowid FROM order_search WHERE order_search MATCH ?) ORDER BY id',
          )
          .all(match) as Array<{ id: string }>
      ).map((r) => r.id);
    expect(find('"virta"*')).toEqual(['o1']);
    expect(find('"jose"*')).toEqual(['o2']);
    expect(find('"falafel"*')).toEqual(['o2']);
    expect(find('"10"*')).toEqual(['o1', 'o2']);
    // Orders stored later and changed later are kept in the index by the triggers.
    insertOrder.run(
      'o3',
      '303',
      'CREATED',
      data('Bo Li', ['Pepperoni'], 'eatin'),
      '2026-03-11T10:00:00.000Z',
      'x',
      0,
    );
    expect(find('"pepper"*')).toEqual(['o3']);
    db.prepare("UPDATE orders SET data = ? WHERE id = 'o1'").run(
      data('', ['Margherita'], 'homedelivery'),
    );
    expect(find('"virta"*')).toEqual([]);
    expect(find('"marg"*')).toEqual(['o1']);
    db.prepare("DELETE FROM orders WHERE id = 'o3'").run();
    expect(find('"pepper"*')).toEqual([]);
    expect(db.prepare("SELECT search_id FROM orders WHERE id = 'o1'").get()).toEqual({
      search_id: 1,
    });
  });
});

describe('migration 009 (print jobs)', () => {
  it('adds print_jobs: one job per request and printer, known states only, existing rows kept', () => {
    const db = new BetterSqlite3(':memory:');
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(migration009PrintJobs));
    migrate(db, before);
    db.prepare("INSERT INTO settings (key, value) VALUES ('k', '1')").run();
    migrate(db, [...before, migration009PrintJobs]);
    expect(db.pragma('user_version', { simple: true })).toBe(before.length + 1);
    expect(tables(db)).toContain('print_jobs');
    expect(db.prepare('SELECT value FROM settings').all()).toEqual([{ value: '1' }]);
    const insert = db.prepare(
      `INSERT OR IGNORE INTO print_jobs (id, request_key, document, printer_id, state, origin, created_at)
       VALUES (?, ?, 'kitchen-ticket', ?, ?, 'auto', 'x')`,
    );
    expect(insert.run('j1', 'action-1:kitchen-ticket', 'p1', 'queued').changes).toBe(1);
    // The same request on the same printer is one job; on another printer, another.
    expect(insert.run('j2', 'action-1:kitchen-ticket', 'p1', 'queued').changes).toBe(0);
    expect(insert.run('j3', 'action-1:kitchen-ticket', 'p2', 'queued').changes).toBe(1);
    expect(() =>
      db
        .prepare(
          "INSERT INTO print_jobs (id, request_key, document, printer_id, state, origin, created_at) VALUES ('j4', 'k', 'receipt', 'p1', 'lost', 'auto', 'x')",
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});

describe('migration 010 (order indexes)', () => {
  it("indexes open orders and updated_at, so the board's reads search instead of scanning, and keeps every row", () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration010OrderIndexes);
    const before = MIGRATIONS.slice(0, position);
    migrate(db, before);
    const insert = db.prepare(
      `INSERT INTO orders (id, venue_id, order_number, platform_status, data, created_at, updated_at)
       VALUES (?, 'v', ?, ?, '{}', ?, ?)`,
    );
    insert.run('old', '1', 'DELIVERED', '2026-01-01T10:00:00.000Z', '2026-01-01T10:30:00.000Z');
    insert.run('open', '2', 'PRODUCTION', '2026-01-02T10:00:00.000Z', '2026-01-02T10:05:00.000Z');
    const plan = (sql: string): string =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
        .map((row) => row.detail)
        .join('; ');
    const openOrders =
      "SELECT id FROM orders WHERE platform_status IN ('CREATED', 'PRODUCTION', 'READY')";
    const recent = "SELECT id FROM orders WHERE updated_at >= '2026-01-02T00:00:00.000Z'";
    expect(plan(openOrders)).toMatch(/^SCAN orders/);

    migrate(db, [...before, migration010OrderIndexes]);
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    expect(plan(openOrders)).toContain('USING INDEX orders_open');
    expect(plan(recent)).toContain('USING INDEX orders_by_updated');
    expect(db.prepare(openOrders).all()).toEqual([{ id: 'open' }]);
    expect(db.prepare(recent).all()).toEqual([{ id: 'open' }]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 2 });
  });
});

describe('migration 011 (staff PIN guard)', () => {
  it('adds the one-row PIN guard with no wrong tries and no lockout, refusing a second row', () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration011PinGuard);
    const before = MIGRATIONS.slice(0, position);
    migrate(db, before);
    db.prepare("INSERT INTO settings (key, value) VALUES ('machine', '{\"kiosk\":true}')").run();
    migrate(db, [...before, migration011PinGuard]);
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    expect(
      db.prepare('SELECT id, wrong_tries, locked_until_ms FROM machine_pin_guard').all(),
    ).toEqual([{ id: 1, wrong_tries: 0, locked_until_ms: 0 }]);
    expect(() => db.prepare('INSERT INTO machine_pin_guard (id) VALUES (2)').run()).toThrow(
      /CHECK/,
    );
    expect(db.prepare("SELECT value FROM settings WHERE key = 'machine'").get()).toEqual({
      value: '{"kiosk":true}',
    });
  });
});

describe('migration 012 (retention that forgets)', () => {
  it("drops the search index's stale copies of removed names, deletes for real from then on, and indexes what retention looks for", () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration012RetentionForgets);
    const before = MIGRATIONS.slice(0, position);
    migrate(db, before);
    const insert = db.prepare(
      `INSERT INTO orders (id, venue_id, order_number, platform_status, data, created_at, updated_at)
       VALUES (?, 'v', ?, 'DELIVERED', ?, '2026-01-01T10:00:00.000Z', '2026-01-01T10:30:00.000Z')`,
    );
    const named = (name: string | null) =>
      JSON.stringify({ consumerName: name, items: [{ name: 'Margherita' }] });
    insert.run('o1', '101', named('Zebulon Quaxley'));
    insert.run('o2', '102', named('Ottoline Recentia'));
    db.prepare('UPDATE orders SET data = ?, anonymised = 1 WHERE id = ?').run(named(null), 'o1');
    const indexBytes = (): string =>
      (db.prepare('SELECT block FROM order_search_data').all() as Array<{ block: Buffer }>)
        .map((row) => Buffer.from(row.block).toString('latin1'))
        .join('');
    // Before: the anonymised order's name is still in the index's older segment.
    expect(indexBytes()).toContain('quaxley');

    migrate(db, [...before, migration012RetentionForgets]);
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    expect(indexBytes()).not.toContain('quaxley');
    expect(indexBytes()).toContain('recentia');
    db.prepare('UPDATE orders SET data = ?, anonymised = 1 WHERE id = ?').run(named(null), 'o2');
    expect(indexBytes()).not.toContain('recentia');
    const find = (word: string) =>
      db.prepare('SELECT rowid FROM order_search WHERE order_search MATCH ?').all(word);
    expect(find('"margherita"')).toHaveLength(2);
    const plan = (sql: string): string =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>)
        .map((row) => row.detail)
        .join('; ');
    expect(
      plan("SELECT id FROM orders WHERE anonymised = 0 AND created_at < '2026-02-01'"),
    ).toContain('orders_named');
    expect(
      plan("UPDATE audit_log SET detail = NULL WHERE at < '2026-02-01' AND detail IS NOT NULL"),
    ).toContain('audit_log_details');
  });
});

describe('migration 013 (a booking is sent once)', () => {
  it('gives existing deliveries their own id as booking reference (what earlier versions sent), unique, with nothing unconfirmed', () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration013DeliveryBookingCheck);
    const before = MIGRATIONS.slice(0, position);
    migrate(db, before);
    const insert = db.prepare(
      `INSERT INTO deliveries (id, venue_id, booking, status, created_at, updated_at)
       VALUES (?, 'v', '{}', 'received', '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z')`,
    );
    insert.run('d1');
    insert.run('d2');
    migrate(db, [...before, migration013DeliveryBookingCheck]);
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    expect(
      db
        .prepare(
          'SELECT id, booking_ref, unconfirmed_at, abandoned_at, request FROM deliveries ORDER BY id',
        )
        .all(),
    ).toEqual([
      { id: 'd1', booking_ref: 'd1', unconfirmed_at: null, abandoned_at: null, request: null },
      { id: 'd2', booking_ref: 'd2', unconfirmed_at: null, abandoned_at: null, request: null },
    ]);
    expect(() =>
      db.prepare("UPDATE deliveries SET booking_ref = 'd1' WHERE id = 'd2'").run(),
    ).toThrow(/UNIQUE/);
  });
});

describe('migration 014 (replaced booking references)', () => {
  it('adds the replaced booking references, one row each, keeping deliveries', () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration014DeliveryReplacedBookings);
    migrate(db, MIGRATIONS.slice(0, position));
    db.prepare(
      `INSERT INTO deliveries (id, venue_id, booking, status, created_at, updated_at, booking_ref)
       VALUES ('d1', 'v', '{}', 'booking', '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z', 'r2')`,
    ).run();
    migrate(db, MIGRATIONS.slice(0, position + 1));
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    const add = db.prepare(
      "INSERT INTO delivery_replaced_bookings (booking_ref, delivery_id, replaced_at) VALUES ('r1', 'd1', 'x')",
    );
    add.run();
    expect(() => add.run()).toThrow(/UNIQUE/);
    expect(db.prepare('SELECT id FROM deliveries').pluck().all()).toEqual(['d1']);
  });
});

describe('migration 015 (menu drafts)', () => {
  it('adds one menu draft per venue, keeping the platform menus read before', () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration015MenuDrafts);
    migrate(db, MIGRATIONS.slice(0, position));
    db.prepare("INSERT INTO menus (venue_id, menu, updated_at) VALUES ('v', '{}', 'x')").run();
    migrate(db, MIGRATIONS.slice(0, position + 1));
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    const add = db.prepare(
      "INSERT INTO menu_drafts (venue_id, draft, saved_at) VALUES ('v', '{}', '2026-01-01T10:00:00.000Z')",
    );
    add.run();
    expect(() => add.run()).toThrow(/UNIQUE/);
    expect(db.prepare('SELECT published_at FROM menu_drafts').pluck().get()).toBeNull();
    expect(db.prepare('SELECT venue_id FROM menus').pluck().all()).toEqual(['v']);
  });
});

describe('migration 016 (arrived late)', () => {
  it('marks the orders placed in a gap the stream guard still shows, leaves the rest on time, and keeps every row', () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration016ArrivedLate);
    migrate(db, MIGRATIONS.slice(0, position));
    const order = db.prepare(
      `INSERT INTO orders (id, venue_id, order_number, platform_status, data, created_at, updated_at)
       VALUES (?, 'v', ?, 'CREATED', '{}', ?, 'x')`,
    );
    order.run('before', '1', '2026-11-23T11:41:59.999Z');
    order.run('inside', '2', '2026-11-23T11:42:40.000Z');
    order.run('at-end', '3', '2026-11-23T11:44:30.000Z');
    order.run('after', '4', '2026-11-23T11:44:30.001Z');
    const gap = {
      id: 'g',
      from: '2026-11-23T11:42:00.000Z',
      to: '2026-11-23T11:44:30.000Z',
      unknownOrders: null,
    };
    db.prepare("INSERT INTO settings (key, value) VALUES ('stream-guard.state', ?)").run(
      JSON.stringify({ downSince: null, pause: null, staffTookOver: null, gaps: [gap] }),
    );
    migrate(db, MIGRATIONS.slice(0, position + 1));
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    expect(db.prepare('SELECT id, arrived_late FROM orders ORDER BY created_at').all()).toEqual([
      { id: 'before', arrived_late: 0 },
      { id: 'inside', arrived_late: 1 },
      { id: 'at-end', arrived_late: 1 },
      { id: 'after', arrived_late: 0 },
    ]);
    // New orders are on time unless main says otherwise.
    order.run('new', '5', '2026-11-23T11:43:00.000Z');
    expect(db.prepare("SELECT arrived_late FROM orders WHERE id = 'new'").pluck().get()).toBe(0);
  });

  it('marks nothing without a stream guard state, or with one that is not JSON', () => {
    for (const state of [null, 'not json']) {
      const db = new BetterSqlite3(':memory:');
      const position = MIGRATIONS.indexOf(migration016ArrivedLate);
      migrate(db, MIGRATIONS.slice(0, position));
      db.prepare(
        `INSERT INTO orders (id, venue_id, order_number, platform_status, data, created_at, updated_at)
         VALUES ('o', 'v', '1', 'CREATED', '{}', '2026-11-23T11:43:00.000Z', 'x')`,
      ).run();
      if (state !== null)
        db.prepare("INSERT INTO settings (key, value) VALUES ('stream-guard.state', ?)").run(state);
      migrate(db, MIGRATIONS.slice(0, position + 1));
      expect(db.prepare('SELECT arrived_late FROM orders').pluck().all()).toEqual([0]);
    }
  });
});

describe('migration 017 (print job venue)', () => {
  it("keeps every job, each of every venue (null), and takes a new day summary's venue", () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration017PrintJobVenue);
    migrate(db, MIGRATIONS.slice(0, position));
    const job = db.prepare(
      `INSERT INTO print_jobs (id, request_key, document, day, printer_id, state, origin, created_at)
       VALUES (?, ?, 'day-summary', '2026-11-23', 'p1', 'queued', 'staff', 'x')`,
    );
    job.run('before', 'k1');
    migrate(db, MIGRATIONS.slice(0, position + 1));
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    expect(db.prepare('SELECT id, day, venue_id FROM print_jobs').all()).toEqual([
      { id: 'before', day: '2026-11-23', venue_id: null },
    ]);
    db.prepare(
      `INSERT INTO print_jobs (id, request_key, document, day, venue_id, printer_id, state, origin, created_at)
       VALUES ('after', 'k2', 'day-summary', '2026-11-23', 'bowls', 'p1', 'queued', 'staff', 'x')`,
    ).run();
    expect(db.prepare('SELECT venue_id FROM print_jobs ORDER BY seq').pluck().all()).toEqual([
      null,
      'bowls',
    ]);
  });
});

describe('migration 018 (delivery cancel code)', () => {
  it('keeps every delivery, with no code, and takes a code after', () => {
    const db = new BetterSqlite3(':memory:');
    const position = MIGRATIONS.indexOf(migration018DeliveryCancelCode);
    migrate(db, MIGRATIONS.slice(0, position));
    const add = db.prepare(
      `INSERT INTO deliveries (id, venue_id, booking, status, created_at, updated_at, booking_ref)
       VALUES (?, 'v', '{}', 'cancelled', 'x', 'x', ?)`,
    );
    add.run('before', 'r1');
    migrate(db, MIGRATIONS.slice(0, position + 1));
    expect(db.pragma('user_version', { simple: true })).toBe(position + 1);
    add.run('after', 'r2');
    db.prepare("UPDATE deliveries SET cancel_code = 'customer-cancelled' WHERE id = 'after'").run();
    expect(db.prepare('SELECT id, cancel_code FROM deliveries ORDER BY id').all()).toEqual([
      { id: 'after', cancel_code: 'customer-cancelled' },
      { id: 'before', cancel_code: null },
    ]);
  });
});

describe('openDatabase', () => {
  it('zeroes deleted content (secure_delete), so removed names do not stay in free pages', () => {
    const db = openDatabase(tempDb());
    expect(db.pragma('secure_delete', { simple: true })).toBe(1);
    db.close();
  });

  it('uses WAL, synchronous=NORMAL (flushed off the loop) and a 4 MB page cache and applies every migration once', () => {
    const path = tempDb();
    openDatabase(path).close();
    const db = openDatabase(path);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    // Not better-sqlite3's 16 MB, which a shift fills (database.ts says why).
    expect(db.pragma('cache_size', { simple: true })).toBe(-4096);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    db.close();
  });

  it('refuses a database written by a newer version and leaves it untouched', () => {
    const path = tempDb();
    const raw = new BetterSqlite3(path);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => openDatabase(path)).toThrow(DatabaseFromTheFutureError);
    const after = new BetterSqlite3(path);
    expect(after.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length + 1);
    expect(tables(after)).toEqual([]);
    after.close();
  });

  it('runs the pending migrations in one transaction: a failing one leaves the start version whole', () => {
    const db = new BetterSqlite3(':memory:');
    const broken = (d: BetterSqlite3.Database): void => {
      d.exec('CREATE TABLE half (x INTEGER)');
      throw new Error('boom');
    };
    expect(() => migrate(db, [migration001Initial, broken])).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(tables(db)).toEqual([]);
    migrate(db, [migration001Initial]);
    expect(() => migrate(db, [migration001Initial, broken])).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).not.toContain('half');
  });
});
