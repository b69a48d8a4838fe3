import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipReason, type PgCluster } from '../../testing/pg-cluster';
import { acquirePgCluster, releasePgCluster } from '../../testing/store-fixture';
import { SchemaFromTheFutureError } from '../../../kit/migrations';
import { LOCK, PG_MIGRATIONS, RELAY_LOCKS, migratePostgres } from './migrations';

const skip = postgresSkipReason();

describe.skipIf(skip !== null)(
  `relay PostgreSQL migrations${skip ? ` (SKIPPED: ${skip})` : ''}`,
  () => {
    let cluster: PgCluster;
    const pools: pg.Pool[] = [];
    beforeAll(async () => {
      cluster = await acquirePgCluster();
    });
    afterAll(async () => {
      await Promise.all(pools.map((pool) => pool.end()));
      await releasePgCluster();
    });

    const fresh = async () => {
      const pool = new pg.Pool({ connectionString: await cluster.createDatabase(), max: 4 });
      pools.push(pool);
      return pool;
    };
    const migrate = (pool: pg.Pool, upTo = PG_MIGRATIONS.length) =>
      migratePostgres(() => pool.connect(), PG_MIGRATIONS.slice(0, upTo));
    const tables = async (pool: pg.Pool) =>
      (
        await pool.query<{ tablename: string }>(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
        )
      ).rows.map((row) => row.tablename);
    const version = async (pool: pg.Pool) =>
      (await pool.query<{ version: number }>('SELECT version FROM relay_schema')).rows[0]?.version;

    it('1 creates the event log with a unique (kind, event_id) and never-reused seqs', async () => {
      const pool = await fresh();
      expect(await migrate(pool, 1)).toBe(1);
      expect(await tables(pool)).toEqual(['events', 'relay_schema']);
      const insert = (id: string) =>
        pool.query<{ seq: string }>(
          "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', $1, 'v', 0, '{}') RETURNING seq",
          [id],
        );
      const first = Number((await insert('a')).rows[0]?.seq);
      await expect(insert('a')).rejects.toThrow(/unique/i);
      await pool.query('DELETE FROM events');
      expect(Number((await insert('b')).rows[0]?.seq)).toBeGreaterThan(first);
    });

    it('2 adds terminals, their venues and the revocation log, keeping events', async () => {
      const pool = await fresh();
      await migrate(pool, 1);
      await pool.query(
        "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', 'kept', 'v', 0, '{}')",
      );
      expect(await migrate(pool, 2)).toBe(2);
      expect(await tables(pool)).toEqual([
        'events',
        'relay_schema',
        'revocations',
        'terminal_venues',
        'terminals',
      ]);
      expect((await pool.query('SELECT event_id FROM events')).rows).toEqual([
        { event_id: 'kept' },
      ]);
      await pool.query("INSERT INTO terminals (id, key_hash, created_at) VALUES ('t', 'h', 0)");
      await expect(
        pool.query("INSERT INTO terminals (id, key_hash, created_at) VALUES ('t2', 'h', 0)"),
      ).rejects.toThrow(/unique/i);
    });

    it('3 adds delivery order venues and held events', async () => {
      const pool = await fresh();
      await migrate(pool, 2);
      expect(await migrate(pool, 3)).toBe(3);
      expect(await tables(pool)).toEqual(
        expect.arrayContaining(['delivery_orders', 'held_events']),
      );
      const hold = () =>
        pool.query(
          "INSERT INTO held_events (kind, event_id, order_ref, received_at, body) VALUES ('delivery', 'e', 'o', 0, '{}')",
        );
      await hold();
      await expect(hold()).rejects.toThrow(/unique|duplicate/i);
    });

    it('4 gives the event log a random identity, once', async () => {
      const pool = await fresh();
      await migrate(pool, 3);
      expect(await migrate(pool, 4)).toBe(4);
      const logId = async () =>
        (await pool.query("SELECT value FROM meta WHERE key = 'log_id'")).rows;
      const first = await logId();
      expect(first).toHaveLength(1);
      expect(first[0].value).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(await migrate(pool, 4)).toBe(4);
      expect(await logId()).toEqual(first);
    });

    it('5 appends a batch in one statement: stored, duplicate, held, released before its resolver', async () => {
      const pool = await fresh();
      await migrate(pool, 5);
      const { rows } = await pool.query(
        'SELECT r_idx, r_status, r_seq::int AS seq, r_event_id FROM relay_append($1, $2, $3, $4, $5, $6, $7)',
        [
          ['marketplace', 'marketplace', 'delivery', 'delivery'],
          ['m1', 'm1', 'held', 'resolver'],
          ['v', 'v', null, 'v'],
          [null, null, 'o-1', 'o-1'],
          [1, 2, 3, 4],
          ['{}', '{}', '{}', '{}'],
          ['s', 's', null, null],
        ],
      );
      expect(rows).toEqual([
        { r_idx: 1, r_status: 'stored', seq: 1, r_event_id: null },
        { r_idx: 2, r_status: 'duplicate', seq: null, r_event_id: null },
        { r_idx: 3, r_status: 'held', seq: null, r_event_id: null },
        { r_idx: 4, r_status: 'released', seq: 2, r_event_id: 'held' },
        { r_idx: 4, r_status: 'stored', seq: 3, r_event_id: null },
      ]);
      expect((await pool.query('SELECT count(*)::int AS n FROM held_events')).rows[0].n).toBe(0);
    });

    it('6 adds the instances and their per-key poll usage, unlogged', async () => {
      const pool = await fresh();
      await migrate(pool, 5);
      expect(await migrate(pool, 6)).toBe(6);
      const { rows } = await pool.query(
        "SELECT relname, relpersistence FROM pg_class WHERE relname IN ('relay_instances', 'poll_usage') ORDER BY relname",
      );
      expect(rows).toEqual([
        { relname: 'poll_usage', relpersistence: 'u' },
        { relname: 'relay_instances', relpersistence: 'u' },
      ]);
    });

    it('7 adds one delivery secret per venue, keeping events', async () => {
      const pool = await fresh();
      await migrate(pool, 6);
      await pool.query(
        "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('delivery', 'kept', 'v', 0, '{}')",
      );
      expect(await migrate(pool, 7)).toBe(7);
      expect(await tables(pool)).toContain('delivery_secrets');
      expect((await pool.query('SELECT event_id FROM events')).rows).toEqual([
        { event_id: 'kept' },
      ]);
      const add = () =>
        pool.query(
          "INSERT INTO delivery_secrets (venue_id, secret, updated_at) VALUES ('v', 's', 0)",
        );
      await add();
      await expect(add()).rejects.toThrow(/unique|duplicate/i);
    });

    it('8 keeps every replaced delivery secret of the overlap window, starting with each venue’s previous one', async () => {
      const pool = await fresh();
      await migrate(pool, 7);
      await pool.query(
        "INSERT INTO delivery_secrets (venue_id, secret, previous_secret, previous_until, updated_at) VALUES ('v', 'new', 'old', 99, 0), ('w', 'only', NULL, NULL, 0)",
      );
      expect(await migrate(pool, 8)).toBe(8);
      expect(
        (
          await pool.query(
            'SELECT venue_id, secret, valid_until::int AS valid_until FROM delivery_secret_history',
          )
        ).rows,
      ).toEqual([{ venue_id: 'v', secret: 'old', valid_until: 99 }]);
      const add = () =>
        pool.query(
          "INSERT INTO delivery_secret_history (venue_id, secret, valid_until) VALUES ('v', 'older', 1)",
        );
      await add();
      await expect(add()).rejects.toThrow(/unique|duplicate/i);
    });

    it('9 keeps each venue’s last marketplace notification with the event’s own insert, filled from the log', async () => {
      const pool = await fresh();
      await migrate(pool, 8);
      const insert = (id: string, kind: string, venue: string, at: number) =>
        pool.query(
          'INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ($1, $2, $3, $4, $5)',
          [kind, id, venue, at, '{}'],
        );
      await insert('a', 'marketplace', 'v', 100);
      await insert('b', 'marketplace', 'v', 300);
      await insert('c', 'delivery', 'w', 500);
      expect(await migrate(pool, 9)).toBe(9);
      const intake = async () =>
        (
          await pool.query(
            'SELECT venue_id, last_webhook_at::int AS last_webhook_at FROM venue_intake ORDER BY venue_id',
          )
        ).rows;
      // Filled from the log: delivery events are no marketplace notification.
      expect(await intake()).toEqual([{ venue_id: 'v', last_webhook_at: 300 }]);
      await insert('d', 'marketplace', 'v', 400);
      await insert('e', 'marketplace', 'x', 50);
      await insert('f', 'delivery', 'x', 900);
      // One received earlier but committed later never moves it back.
      await insert('g', 'marketplace', 'v', 350);
      expect(await intake()).toEqual([
        { venue_id: 'v', last_webhook_at: 400 },
        { venue_id: 'x', last_webhook_at: 50 },
      ]);
      // A rolled-back append leaves no trace.
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', 'h', 'v', 999, '{}')",
        );
        await client.query('ROLLBACK');
      } finally {
        client.release();
      }
      expect((await intake())[0]).toEqual({ venue_id: 'v', last_webhook_at: 400 });
    });

    it("10 adds the merchants' delivery credentials, keeping the venues' secrets; a booked reference has one owner", async () => {
      const pool = await fresh();
      await migrate(pool, 9);
      await pool.query(
        "INSERT INTO delivery_secrets (venue_id, secret, updated_at) VALUES ('v', 's', 0)",
      );
      expect(await migrate(pool, 10)).toBe(10);
      expect((await pool.query('SELECT venue_id FROM delivery_secrets')).rows).toEqual([
        { venue_id: 'v' },
      ]);
      const book = (venue: string) =>
        pool.query(
          "INSERT INTO delivery_bookings (merchant_id, order_ref, venue_id, booked_at) VALUES ('m', 'r', $1, 0)",
          [venue],
        );
      await book('a');
      await expect(book('b')).rejects.toThrow(/unique|duplicate/i);
      await pool.query(
        "INSERT INTO delivery_merchants (merchant_id, drive_url, key_box, updated_at) VALUES ('m', 'https://d', 'v1.x', 0)",
      );
    });

    it('11 adds one presence row per terminal (last seen, last health report), keeping the rest', async () => {
      const pool = await fresh();
      await migrate(pool, 10);
      await pool.query("INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES ('v', 1)");
      expect(await migrate(pool, 11)).toBe(11);
      expect((await pool.query('SELECT venue_id FROM venue_intake')).rows).toEqual([
        { venue_id: 'v' },
      ]);
      const add = () =>
        pool.query(
          "INSERT INTO terminal_presence (terminal_id, last_seen_at, reported_at, report) VALUES ('t', 1, 1, '{}')",
        );
      await add();
      await expect(add()).rejects.toThrow(/unique|duplicate/i);
    });

    it('12 adds venue settings and per-order duties (one holder per duty), keeping presence', async () => {
      const pool = await fresh();
      await migrate(pool, 11);
      await pool.query("INSERT INTO terminal_presence (terminal_id, last_seen_at) VALUES ('t', 1)");
      expect(await migrate(pool, 12)).toBe(12);
      expect((await pool.query('SELECT terminal_id FROM terminal_presence')).rows).toEqual([
        { terminal_id: 't' },
      ]);
      const settings = () =>
        pool.query(
          "INSERT INTO venue_settings (venue_id, settings, version, updated_at, updated_by) VALUES ('v', '{}', 1, 0, 't')",
        );
      await settings();
      await expect(settings()).rejects.toThrow(/unique|duplicate/i);
      const claim = (terminal: string) =>
        pool.query(
          "INSERT INTO order_duties (venue_id, order_id, duty, terminal_id, claimed_at) VALUES ('v', 'o', 'sent-to-pos', $1, 0)",
          [terminal],
        );
      await claim('a');
      await expect(claim('b')).rejects.toThrow(/unique|duplicate/i);
    });

    it('13 adds one trouble row per terminal and time, pruned by time, keeping presence and duties', async () => {
      const pool = await fresh();
      await migrate(pool, 12);
      await pool.query("INSERT INTO terminal_presence (terminal_id, last_seen_at) VALUES ('t', 1)");
      await pool.query(
        "INSERT INTO order_duties (venue_id, order_id, duty, terminal_id, claimed_at) VALUES ('v', 'o', 'sent-to-pos', 't', 0)",
      );
      expect(await tables(pool)).not.toContain('terminal_trouble');
      expect(await migrate(pool, 13)).toBe(13);
      expect(await version(pool)).toBe(13);
      expect((await pool.query('SELECT terminal_id FROM terminal_presence')).rows).toEqual([
        { terminal_id: 't' },
      ]);
      expect((await pool.query('SELECT order_id FROM order_duties')).rows).toEqual([
        { order_id: 'o' },
      ]);
      const add = (terminal: string, at: number) =>
        pool.query('INSERT INTO terminal_trouble (terminal_id, at, problems) VALUES ($1, $2, $3)', [
          terminal,
          at,
          '["stream-down"]',
        ]);
      await add('t', 1);
      await add('t', 2);
      await add('u', 1);
      await expect(add('t', 1)).rejects.toThrow(/unique|duplicate/i);
      await expect(
        pool.query("INSERT INTO terminal_trouble (terminal_id, at) VALUES ('t', 3)"),
      ).rejects.toThrow(/null/i);
      // Pruning deletes by time across every terminal: the index on `at` serves it.
      const indexes = (
        await pool.query<{ indexdef: string }>(
          "SELECT indexdef FROM pg_indexes WHERE tablename = 'terminal_trouble' ORDER BY indexname",
        )
      ).rows.map((row) => row.indexdef);
      expect(indexes.some((def) => /\(at\)/.test(def))).toBe(true);
      expect((await migrate(pool, 13)) as number).toBe(13);
      expect(
        Number((await pool.query('SELECT count(*) AS n FROM terminal_trouble')).rows[0]?.n),
      ).toBe(3);
    });

    it('14 lets appends commit in parallel: the lock covers the xid and the seqs, events carry their xid, the intake row follows outside the lock', async () => {
      const pool = await fresh();
      await migrate(pool, 13);
      await pool.query(
        "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', 'old', 'v', 100, '{}')",
      );
      expect(await migrate(pool, 14)).toBe(14);
      const append = (
        client: pg.Pool | pg.PoolClient,
        batch: [kind: string, id: string, venue: string, at: number][],
      ) =>
        client.query<{ r_status: string; r_seq: string }>(
          'SELECT r_status, r_seq FROM relay_append($1, $2, $3, $4, $5, $6, $7)',
          [
            batch.map((b) => b[0]),
            batch.map((b) => b[1]),
            batch.map((b) => b[2]),
            batch.map(() => null),
            batch.map((b) => b[3]),
            batch.map(() => '{}'),
            batch.map(() => null),
          ],
        );
      const rows = async () =>
        (
          await pool.query<{ event_id: string; seq: number; xid: string | null; settled: boolean }>(
            `SELECT event_id, seq::int AS seq, xid::text AS xid,
                    (xid IS NULL OR xid < pg_snapshot_xmin(pg_current_snapshot())) AS settled
             FROM events ORDER BY seq`,
          )
        ).rows;
      const intake = async () =>
        (
          await pool.query(
            'SELECT venue_id, last_webhook_at::int AS at FROM venue_intake ORDER BY venue_id',
          )
        ).rows;
      const advisoryLocks = async () =>
        Number(
          (
            await pool.query<{ n: string }>(
              "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'",
            )
          ).rows[0]?.n,
        );

      // One batch: one xid for its rows; the row from before the migration has none.
      await append(pool, [
        ['marketplace', 'a', 'v', 300],
        ['marketplace', 'b', 'w', 50],
        ['delivery', 'c', 'v', 900],
        ['marketplace', 'd', 'v', 200],
      ]);
      const [old, a, b, c, d] = await rows();
      expect(old).toMatchObject({ event_id: 'old', xid: null, settled: true });
      expect(a?.xid).not.toBeNull();
      expect([b?.xid, c?.xid, d?.xid]).toEqual([a?.xid, a?.xid, a?.xid]);
      // The intake row is kept by the append (the trigger is gone): the latest marketplace
      // notification per venue, never moved back; the one from before the migration is kept.
      expect(await intake()).toEqual([
        { venue_id: 'v', at: 300 },
        { venue_id: 'w', at: 50 },
      ]);
      await pool.query(
        "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ('marketplace', 'direct', 'x', 5, '{}')",
      );
      expect(await intake()).toHaveLength(2);
      // No lock is left behind by the statement.
      expect(await advisoryLocks()).toBe(0);

      // An append left open holds no lock: a later one commits meanwhile, with a later seq and
      // xid, and is not settled until the earlier transaction ends.
      const open = await pool.connect();
      try {
        await open.query('BEGIN');
        const early = Number((await append(open, [['marketplace', 'e', 'y', 1]])).rows[0]?.r_seq);
        expect(await advisoryLocks()).toBe(0);
        const late = Number((await append(pool, [['marketplace', 'f', 'z', 2]])).rows[0]?.r_seq);
        expect(late).toBeGreaterThan(early);
        const f = (await rows()).find((row) => row.event_id === 'f');
        expect(f?.settled).toBe(false);
        expect(BigInt(f?.xid as string)).toBeGreaterThan(BigInt(a?.xid as string));
        await open.query('ROLLBACK');
      } finally {
        open.release();
      }
      expect((await rows()).map((row) => [row.event_id, row.settled])).toEqual([
        ['old', true],
        ['a', true],
        ['b', true],
        ['c', true],
        ['d', true],
        ['direct', true],
        ['f', true],
      ]);
      expect((await migrate(pool, 14)) as number).toBe(14);
    });

    it('15 lets the log take the venue-settings hint, keeping events; the intake row follows marketplace events only', async () => {
      const pool = await fresh();
      await migrate(pool, 14);
      const insert = (kind: string, id: string) =>
        pool.query(
          "INSERT INTO events (kind, event_id, venue_id, received_at, body) VALUES ($1, $2, 'v', 5, '{}')",
          [kind, id],
        );
      await expect(insert('venue-settings', 'before')).rejects.toThrow(/check constraint/);
      await insert('marketplace', 'kept');
      expect(await migrate(pool, 15)).toBe(15);
      expect((await pool.query('SELECT kind, event_id FROM events')).rows).toEqual([
        { kind: 'marketplace', event_id: 'kept' },
      ]);
      await insert('venue-settings', 'v@1');
      await expect(insert('venue-settings', 'v@1')).rejects.toThrow(/unique/);
      await expect(insert('other', 'x')).rejects.toThrow(/check constraint/);
      // Through the append a hint is stored like any event, and is no notification of the venue.
      const { rows } = await pool.query<{ r_status: string }>(
        'SELECT r_status FROM relay_append($1, $2, $3, $4, $5, $6, $7)',
        [['venue-settings'], ['w@1'], ['w'], [null], [9], ['{}'], [null]],
      );
      expect(rows.map((row) => row.r_status)).toEqual(['stored']);
      expect(
        (await pool.query("SELECT venue_id FROM venue_intake WHERE venue_id = 'w'")).rows,
      ).toEqual([]);
    });

    it("16 never waits for another transaction's intake row: the busy venue comes back as an 'intake' row", async () => {
      const pool = await fresh();
      await migrate(pool, 15);
      await pool.query(
        "INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES ('x', 10), ('y', 10)",
      );
      expect(await migrate(pool, 16)).toBe(16);
      const holder = await pool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query("SELECT 1 FROM venue_intake WHERE venue_id = 'y' FOR UPDATE");
        const { rows } = await pool.query<{
          r_idx: number;
          r_status: string;
          r_venue_id: string | null;
          r_received_at: string | null;
        }>(
          'SELECT r_idx, r_status, r_venue_id, r_received_at::int AS r_received_at FROM relay_append($1, $2, $3, $4, $5, $6, $7)',
          [
            ['marketplace', 'marketplace', 'marketplace', 'marketplace'],
            ['a', 'b', 'c', 'd'],
            ['x', 'y', 'z', 'y'],
            [null, null, null, null],
            [300, 200, 100, 250],
            ['{}', '{}', '{}', '{}'],
            [null, null, null, null],
          ],
        );
        expect(rows.map((row) => [row.r_idx, row.r_status])).toEqual([
          [1, 'stored'],
          [2, 'stored'],
          [3, 'stored'],
          [4, 'stored'],
          [0, 'intake'],
        ]);
        expect(rows[4]).toMatchObject({ r_venue_id: 'y', r_received_at: 250 });
        await holder.query('ROLLBACK');
      } finally {
        holder.release();
      }
      expect(
        (
          await pool.query(
            'SELECT venue_id, last_webhook_at::int AS at FROM venue_intake ORDER BY venue_id',
          )
        ).rows,
      ).toEqual([
        { venue_id: 'x', at: 300 },
        { venue_id: 'y', at: 10 },
        { venue_id: 'z', at: 100 },
      ]);
    });

    it('17 tells an append that no older transaction but the bookkeeping sessions is running, with the highest seq below its first; not while one is', async () => {
      const pool = await fresh();
      await migrate(pool, 17);
      const append = async (ids: string[]) =>
        (
          await pool.query<{ r_idx: number; r_status: string; seq: number | null }>(
            'SELECT r_idx, r_status, r_seq::int AS seq FROM relay_append_settled($1, $2, $3, $4, $5, $6, $7)',
            [
              ids.map(() => 'delivery'),
              ids,
              ids.map(() => 'v'),
              ids.map(() => null),
              ids.map(() => 1),
              ids.map(() => '{}'),
              ids.map(() => null),
            ],
          )
        ).rows;
      expect(await append(['a', 'b'])).toEqual([
        { r_idx: 1, r_status: 'stored', seq: 1 },
        { r_idx: 2, r_status: 'stored', seq: 2 },
        { r_idx: 0, r_status: 'settled', seq: 0 },
      ]);
      // A duplicate commits nothing: nothing to settle.
      expect(await append(['a'])).toEqual([{ r_idx: 1, r_status: 'duplicate', seq: null }]);
      const older = await pool.connect();
      try {
        // Any older transaction (this one is no append) may hold an earlier seq: not settled.
        await older.query('BEGIN');
        await older.query("INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES ('w', 1)");
        expect(await append(['c'])).toEqual([{ r_idx: 1, r_status: 'stored', seq: 3 }]);
        await older.query('COMMIT');
      } finally {
        older.release();
      }
      expect(await append(['d'])).toEqual([
        { r_idx: 1, r_status: 'stored', seq: 4 },
        { r_idx: 0, r_status: 'settled', seq: 3 },
      ]);
      // The bookkeeping's sessions hold the notes lock and never append: theirs do not count.
      const notes = await pool.connect();
      try {
        await notes.query('SELECT pg_advisory_lock_shared($1, $2)', [RELAY_LOCKS, LOCK.notes]);
        await notes.query('BEGIN');
        await notes.query("INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES ('n', 1)");
        expect(await append(['e'])).toEqual([
          { r_idx: 1, r_status: 'stored', seq: 5 },
          { r_idx: 0, r_status: 'settled', seq: 4 },
        ]);
        // An append that took its seq before this one and has not committed does count.
        const earlier = await pool.connect();
        try {
          await earlier.query('BEGIN');
          await earlier.query(
            "SELECT * FROM relay_append_settled('{delivery}', '{f}', '{v}', '{NULL}', '{1}', '{\"{}\"}', '{NULL}')",
          );
          expect(await append(['g'])).toEqual([{ r_idx: 1, r_status: 'stored', seq: 7 }]);
          await earlier.query('COMMIT');
        } finally {
          earlier.release();
        }
        await notes.query('COMMIT');
      } finally {
        await notes.query('SELECT pg_advisory_unlock_all()');
        notes.release();
      }
    });

    it('18 marks appends, and only an older marked one holds an event back, at the append and in the reads; the procedure commits, then tells the instances', async () => {
      const pool = await fresh();
      await migrate(pool, 18);
      const listener = new pg.Client({ connectionString: pool.options.connectionString });
      await listener.connect();
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(message.payload ?? ''));
      await listener.query('LISTEN relay_events');
      const columns = (ids: string[], body: string) => [
        ids.map(() => 'delivery'),
        ids,
        ids.map(() => 'v'),
        ids.map(() => null),
        ids.map(() => 1),
        ids.map(() => body),
        ids.map(() => null),
      ];
      const tell = async (ids: string[], body = '{}') => {
        const { rows } = await pool.query<{ r_status: string[]; r_seq: string[] }>(
          'CALL relay_append_told($1, $2, $3, $4, $5, $6, $7)',
          columns(ids, body),
        );
        const row = rows[0] as { r_status: string[]; r_seq: string[] };
        return row.r_status.map((status, i) => [status, Number(row.r_seq[i])]);
      };
      const settledSeqs = async () =>
        (
          await pool.query<{ seq: number }>(
            'SELECT seq::int AS seq FROM events WHERE xid < (SELECT relay_settled_horizon()) ORDER BY seq',
          )
        ).rows.map((row) => row.seq);
      const event = (seq: number, eventId: string) => ({
        seq,
        kind: 'delivery',
        eventId,
        venueId: 'v',
        receivedAt: 1,
        body: '{}',
        signature: null,
      });
      try {
        expect(await tell(['a', 'b'])).toEqual([
          ['stored', 1],
          ['stored', 2],
          ['settled', 0],
        ]);
        await expect.poll(() => heard.length).toBe(1);
        expect(JSON.parse(heard[0] as string)).toEqual({
          top: 2,
          below: 0,
          events: [event(1, 'a'), event(2, 'b')],
        });
        // A duplicate commits nothing and tells nothing: the next notification is the next append's.
        expect(await tell(['a'])).toEqual([['duplicate', 0]]);
        const other = await pool.connect();
        const earlier = await pool.connect();
        try {
          // An older transaction that is no append (a psql session, the bookkeeping) holds no
          // seq: neither the append's settling nor the reads wait for it.
          await other.query('BEGIN');
          await other.query("INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES ('w', 1)");
          expect(await tell(['c'])).toEqual([
            ['stored', 3],
            ['settled', 2],
          ]);
          await expect.poll(() => heard.length).toBe(2);
          expect(JSON.parse(heard[1] as string)).toMatchObject({ top: 3, below: 2 });
          expect(await settledSeqs()).toEqual([1, 2, 3]);
          // An older append still open (marked) may commit a lower seq: the later one waits for it.
          await earlier.query('BEGIN');
          await earlier.query(
            `SELECT * FROM relay_append('{delivery}', '{e}', '{v}', '{NULL}', '{1}', '{"{}"}', '{NULL}')`,
          );
          expect(await tell(['d'])).toEqual([['stored', 5]]);
          await expect.poll(() => heard.length).toBe(3);
          expect(heard[2]).toBe('5');
          expect(await settledSeqs()).toEqual([1, 2, 3]);
          await earlier.query('COMMIT');
          expect(await settledSeqs()).toEqual([1, 2, 3, 4, 5]);
          await other.query('COMMIT');
        } finally {
          other.release();
          earlier.release();
        }
        // Settled, but too large for a notification: the highest seq only.
        expect(await tell(['f'], JSON.stringify({ pad: 'x'.repeat(8_000) }))).toEqual([
          ['stored', 6],
          ['settled', 5],
        ]);
        await expect.poll(() => heard.length).toBe(4);
        expect(heard[3]).toBe('6');
      } finally {
        await listener.end();
      }
    });

    it('19 tells which poll-usage rows changed since a read, whatever order their writers commit in', async () => {
      const pool = await fresh();
      await migrate(pool, 19);
      const write = (client: pg.Pool | pg.PoolClient, terminal: string, polls: number) =>
        client.query(
          `INSERT INTO poll_usage (instance_id, terminal_id, polls, open, seen_at)
           VALUES ('a', $1, $2, 0, 1)
           ON CONFLICT (instance_id, terminal_id) DO UPDATE SET polls = excluded.polls`,
          [terminal, polls],
        );
      const changedSince = async (horizon: string) =>
        (
          await pool.query<{ terminal_id: string }>(
            'SELECT terminal_id FROM poll_usage WHERE changed >= $1::xid8 ORDER BY terminal_id',
            [horizon],
          )
        ).rows.map((row) => row.terminal_id);
      await write(pool, 't1', 1);
      await write(pool, 't2', 1);
      const slow = await pool.connect();
      try {
        // Written before the read and committed after it: the next read must still find it.
        await slow.query('BEGIN');
        await write(slow, 't3', 1);
        const { rows } = await pool.query<{ horizon: string }>(
          'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon',
        );
        const horizon = rows[0]?.horizon as string;
        await write(pool, 't2', 2);
        await slow.query('COMMIT');
        expect(await changedSince(horizon)).toEqual(['t2', 't3']);
        expect(await changedSince('0')).toEqual(['t1', 't2', 't3']);
      } finally {
        slow.release();
      }
    });

    it('20 plans the append on the indexes when the tables were empty at its first run', async () => {
      const pool = await fresh();
      await migrate(pool, 20);
      // A session of its own, not the one that migrated.
      const session = new pg.Client({ connectionString: pool.options.connectionString });
      await session.connect();
      const append = (eventId: string, venueId: string) =>
        session.query('SELECT count(*) FROM relay_append_settled($1, $2, $3, $4, $5, $6, $7)', [
          ['marketplace'],
          [eventId],
          [venueId],
          [null],
          [1],
          ['{}'],
          [null],
        ]);
      try {
        // The session's plans are made now, on empty tables, and kept.
        await session.query('BEGIN');
        await append('first', 'v-1');
        await session.query('ROLLBACK');
        await pool.query(
          "INSERT INTO venue_intake (venue_id, polled_at) SELECT 'v-' || g, 1 FROM generate_series(1, 2000) g",
        );
        await session.query('BEGIN');
        await append('second', 'v-7');
        const { rows } = await session.query<{ seq_scan: string; idx_scan: string }>(
          "SELECT seq_scan, idx_scan FROM pg_stat_xact_user_tables WHERE relname = 'venue_intake'",
        );
        await session.query('ROLLBACK');
        // The intake row found by its key, not by reading the 2,000 rows.
        expect(Number(rows[0]?.seq_scan)).toBe(0);
        expect(Number(rows[0]?.idx_scan)).toBeGreaterThan(0);
      } finally {
        await session.end();
      }
    });

    it('runs once when two instances start together (advisory lock)', async () => {
      const pool = await fresh();
      const results = await Promise.all([migrate(pool), migrate(pool), migrate(pool)]);
      const newest = PG_MIGRATIONS.length;
      expect(results).toEqual([newest, newest, newest]);
      expect(await version(pool)).toBe(newest);
    });

    it('refuses a schema from a newer relay and leaves it untouched', async () => {
      const pool = await fresh();
      await migrate(pool);
      await pool.query('UPDATE relay_schema SET version = 99');
      await expect(migrate(pool)).rejects.toBeInstanceOf(SchemaFromTheFutureError);
      expect(await version(pool)).toBe(99);
    });

    it('rolls every step back when a later step fails, so the version never lies', async () => {
      const pool = await fresh();
      const broken = [
        ...PG_MIGRATIONS.slice(0, 2),
        async (tx: pg.PoolClient) => {
          await tx.query('CREATE TABLE ok (a int)');
          await tx.query('CREATE TABLE events (a int)');
        },
      ];
      await expect(migratePostgres(() => pool.connect(), broken)).rejects.toThrow(/already exists/);
      expect(await tables(pool)).toEqual([]);
    });
  },
);
