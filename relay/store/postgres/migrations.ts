// The PostgreSQL schema of the relay, as numbered steps for the project's migration runner
// (version = index + 1). Append only: a step that shipped is never edited.
import type { PoolClient } from 'pg';
import { migrateAsync, type AsyncMigrationTarget } from '../../../kit/migrations';
import { inTransaction } from './transaction';

/** Advisory lock keys: (RELAY_LOCKS, n). One namespace so they cannot collide with other software. */
export const RELAY_LOCKS = 0x52454c59; // 'RELY'
export const LOCK = { append: 1, revoke: 2, prune: 3, migrate: 4, notes: 5, appending: 6 } as const;

/** NOTIFY channels: hints only, every listener also re-checks on an interval. */
export const CHANNEL = { events: 'relay_events', revocations: 'relay_revocations' } as const;

/** PostgreSQL's limit on a NOTIFY payload (8,000 bytes in a default build), less a margin. */
const NOTIFY_MAX_BYTES = 7_900;

type Step = (tx: PoolClient) => Promise<void>;

const sql =
  (text: string): Step =>
  async (tx) => {
    await tx.query(text);
  };

export const PG_MIGRATIONS: readonly Step[] = [
  // 1: the event log. An identity column is never reused after pruning: terminals hold cursors.
  sql(`
    CREATE TABLE events (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('marketplace', 'delivery')),
      event_id text NOT NULL,
      venue_id text NOT NULL,
      received_at bigint NOT NULL,
      body text NOT NULL,
      signature text,
      UNIQUE (kind, event_id)
    );
    CREATE INDEX events_venue_seq ON events (venue_id, seq);
    CREATE INDEX events_received_at ON events (received_at);
  `),
  // 2: terminals, their venues, and the append-only revocation log read by every instance.
  sql(`
    CREATE TABLE terminals (
      id text PRIMARY KEY,
      key_hash text NOT NULL UNIQUE,
      name text,
      created_at bigint NOT NULL,
      revoked_at bigint
    );
    CREATE TABLE terminal_venues (
      terminal_id text NOT NULL REFERENCES terminals (id),
      venue_id text NOT NULL,
      PRIMARY KEY (terminal_id, venue_id)
    );
    CREATE TABLE revocations (
      cursor bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      terminal_id text NOT NULL REFERENCES terminals (id),
      revoked_at bigint NOT NULL
    );
  `),
  // 3: delivery order → venue, and delivery events held until their venue is known.
  sql(`
    CREATE TABLE delivery_orders (
      order_ref text PRIMARY KEY,
      venue_id text NOT NULL,
      last_seen_at bigint NOT NULL
    );
    CREATE INDEX delivery_orders_last_seen ON delivery_orders (last_seen_at);
    CREATE TABLE held_events (
      held bigint GENERATED ALWAYS AS IDENTITY,
      kind text NOT NULL,
      event_id text NOT NULL,
      order_ref text,
      received_at bigint NOT NULL,
      body text NOT NULL,
      signature text,
      PRIMARY KEY (kind, event_id)
    );
    CREATE INDEX held_events_order_ref ON held_events (order_ref);
    CREATE INDEX held_events_received_at ON held_events (received_at);
  `),
  // 4: the random identity of this event log, shared by every instance.
  sql(`
    CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL);
    INSERT INTO meta (key, value) VALUES ('log_id', gen_random_uuid()::text);
  `),
  // 5: the append, server-side in one statement (one round trip per group commit). Its first act
  // is a transaction-level advisory lock held until commit: seqs are taken one transaction at a
  // time, so they become visible in seq order and a poller can never pass a seq that commits later.
  sql(`
    CREATE FUNCTION relay_append(
      p_kind text[], p_event_id text[], p_venue_id text[], p_order_ref text[],
      p_received_at bigint[], p_body text[], p_signature text[]
    ) RETURNS TABLE (
      r_idx integer, r_status text, r_seq bigint, r_kind text, r_event_id text,
      r_venue_id text, r_received_at bigint, r_body text, r_signature text
    ) LANGUAGE plpgsql AS $$
    DECLARE
      i integer;
      v text;
      h record;
      top bigint := 0;
    BEGIN
      PERFORM pg_advisory_xact_lock(${RELAY_LOCKS}, ${LOCK.append});
      FOR i IN 1 .. coalesce(array_length(p_kind, 1), 0) LOOP
        r_idx := i;
        r_seq := NULL; r_kind := NULL; r_event_id := NULL; r_venue_id := NULL;
        r_received_at := NULL; r_body := NULL; r_signature := NULL;
        IF EXISTS (SELECT 1 FROM events e WHERE e.kind = p_kind[i] AND e.event_id = p_event_id[i])
           OR EXISTS (SELECT 1 FROM held_events he WHERE he.kind = p_kind[i] AND he.event_id = p_event_id[i]) THEN
          r_status := 'duplicate';
          RETURN NEXT;
          CONTINUE;
        END IF;
        v := p_venue_id[i];
        IF v IS NULL AND p_order_ref[i] IS NOT NULL THEN
          SELECT d.venue_id INTO v FROM delivery_orders d WHERE d.order_ref = p_order_ref[i];
        END IF;
        IF v IS NULL THEN
          INSERT INTO held_events (kind, event_id, order_ref, received_at, body, signature)
          VALUES (p_kind[i], p_event_id[i], p_order_ref[i], p_received_at[i], p_body[i], p_signature[i]);
          r_status := 'held';
          RETURN NEXT;
          CONTINUE;
        END IF;
        IF p_order_ref[i] IS NOT NULL THEN
          INSERT INTO delivery_orders (order_ref, venue_id, last_seen_at)
          VALUES (p_order_ref[i], v, p_received_at[i])
          ON CONFLICT (order_ref) DO UPDATE
            SET venue_id = excluded.venue_id, last_seen_at = excluded.last_seen_at;
          -- Held events were received earlier, so they take the lower seqs.
          FOR h IN SELECT he.kind, he.event_id, he.received_at, he.body, he.signature
                   FROM held_events he WHERE he.order_ref = p_order_ref[i]
                   ORDER BY he.received_at, he.held LOOP
            INSERT INTO events (kind, event_id, venue_id, received_at, body, signature)
            VALUES (h.kind, h.event_id, v, h.received_at, h.body, h.signature)
            RETURNING seq INTO r_seq;
            r_status := 'released'; r_kind := h.kind; r_event_id := h.event_id; r_venue_id := v;
            r_received_at := h.received_at; r_body := h.body; r_signature := h.signature;
            top := r_seq;
            RETURN NEXT;
          END LOOP;
          DELETE FROM held_events he WHERE he.order_ref = p_order_ref[i];
          r_kind := NULL; r_event_id := NULL; r_received_at := NULL; r_body := NULL; r_signature := NULL;
        END IF;
        INSERT INTO events (kind, event_id, venue_id, received_at, body, signature)
        VALUES (p_kind[i], p_event_id[i], v, p_received_at[i], p_body[i], p_signature[i])
        RETURNING seq INTO r_seq;
        r_status := 'stored'; r_venue_id := v;
        top := r_seq;
        RETURN NEXT;
      END LOOP;
      IF top > 0 THEN
        -- Delivered at commit, and only if it commits.
        PERFORM pg_notify('${CHANNEL.events}', top::text);
      END IF;
    END;
    $$;
  `), // 6: what each live instance knows of each terminal key's polls (taken so far, open now), so
  // rate and open-poll limits hold across instances. UNLOGGED: fast, and nothing here needs to
  // survive a crash of the server (instances report again within a second).
  sql(`
    CREATE UNLOGGED TABLE relay_instances (id text PRIMARY KEY, seen_at bigint NOT NULL);
    CREATE UNLOGGED TABLE poll_usage (
      instance_id text NOT NULL,
      terminal_id text NOT NULL,
      polls bigint NOT NULL,
      open integer NOT NULL,
      seen_at bigint NOT NULL,
      PRIMARY KEY (instance_id, terminal_id)
    );
    CREATE INDEX poll_usage_seen_at ON poll_usage (seen_at);
  `),
  // 7: each venue's delivery webhook secret, handed over by a terminal of that venue; the previous
  // one stays valid until previous_until (events signed just before a rotation).
  sql(`
    CREATE TABLE delivery_secrets (
      venue_id text PRIMARY KEY,
      secret text NOT NULL,
      previous_secret text,
      previous_until bigint,
      updated_at bigint NOT NULL
    );
  `),
  // 8: every secret a venue's webhook had within the overlap window, not only the last one
  // replaced (two rotations within the window would otherwise cut the first).
  sql(`
    CREATE TABLE delivery_secret_history (
      venue_id text NOT NULL,
      secret text NOT NULL,
      valid_until bigint NOT NULL,
      PRIMARY KEY (venue_id, secret)
    );
    INSERT INTO delivery_secret_history (venue_id, secret, valid_until)
      SELECT venue_id, previous_secret, previous_until FROM delivery_secrets
      WHERE previous_secret IS NOT NULL AND previous_until IS NOT NULL;
  `),
  // 9: what the "no orders arriving" watch judges a venue by, shared by every instance: its last
  // marketplace notification (kept by a trigger, so it commits with the event whichever instance
  // took the webhook; appends are serialized by relay_append's lock, so the row lock cannot
  // deadlock), the state a terminal last reported and its last poll, to whichever instance.
  sql(`
    CREATE TABLE venue_intake (
      venue_id text PRIMARY KEY,
      last_webhook_at bigint,
      reported_online boolean,
      reported_open boolean,
      reported_at bigint,
      polled_at bigint
    );
    INSERT INTO venue_intake (venue_id, last_webhook_at)
      SELECT venue_id, max(received_at) FROM events WHERE kind = 'marketplace' GROUP BY venue_id;
    CREATE FUNCTION relay_venue_intake() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO venue_intake (venue_id, last_webhook_at) VALUES (NEW.venue_id, NEW.received_at)
        ON CONFLICT (venue_id) DO UPDATE
        SET last_webhook_at = GREATEST(venue_intake.last_webhook_at, excluded.last_webhook_at);
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER events_venue_intake AFTER INSERT ON events
      FOR EACH ROW WHEN (NEW.kind = 'marketplace') EXECUTE FUNCTION relay_venue_intake();
  `),
  // 10: the merchants' delivery credentials (sealed key, webhooks, venues, every webhook secret of
  // the overlap window) and the venue that booked each order reference.
  sql(`
    CREATE TABLE delivery_merchants (
      merchant_id text PRIMARY KEY,
      drive_url text NOT NULL,
      key_box text NOT NULL,
      webhook_id text,
      location_webhook_id text,
      updated_at bigint NOT NULL
    );
    CREATE TABLE delivery_venues (
      venue_id text PRIMARY KEY,
      merchant_id text NOT NULL,
      linked_at bigint NOT NULL
    );
    CREATE INDEX delivery_venues_merchant ON delivery_venues (merchant_id);
    CREATE TABLE merchant_secrets (
      merchant_id text NOT NULL,
      secret_box text NOT NULL,
      created_at bigint NOT NULL,
      valid_until bigint,
      PRIMARY KEY (merchant_id, secret_box)
    );
    CREATE TABLE delivery_bookings (
      merchant_id text NOT NULL,
      order_ref text NOT NULL,
      venue_id text NOT NULL,
      booked_at bigint NOT NULL,
      PRIMARY KEY (merchant_id, order_ref)
    );
    CREATE INDEX delivery_bookings_booked_at ON delivery_bookings (booked_at);
  `),
  // 11: each terminal's presence (SQLite's 9): last heard from, last health report.
  sql(`
    CREATE TABLE terminal_presence (
      terminal_id text PRIMARY KEY,
      last_seen_at bigint,
      reported_at bigint,
      report text
    );
  `),
  // 12: each venue's settings and the per-order duties one terminal claimed (SQLite's 10).
  sql(`
    CREATE TABLE venue_settings (
      venue_id text PRIMARY KEY,
      settings text NOT NULL,
      version bigint NOT NULL,
      updated_at bigint NOT NULL,
      updated_by text
    );
    CREATE TABLE order_duties (
      venue_id text NOT NULL,
      order_id text NOT NULL,
      duty text NOT NULL,
      terminal_id text NOT NULL,
      claimed_at bigint NOT NULL,
      PRIMARY KEY (venue_id, order_id, duty)
    );
    CREATE INDEX order_duties_claimed_at ON order_duties (claimed_at);
  `),
  // 13: each terminal's trouble, one row per change (SQLite's 11).
  sql(`
    CREATE TABLE terminal_trouble (
      terminal_id text NOT NULL,
      at bigint NOT NULL,
      problems text NOT NULL,
      PRIMARY KEY (terminal_id, at)
    );
    CREATE INDEX terminal_trouble_at ON terminal_trouble (at);
  `),
  // 14: appends commit in parallel. Migration 5's lock was held until commit, so every append,
  // from both instances, waited for the one before it to be flushed to disk. Now the lock covers
  // only taking the transaction id and the seqs, so seq order is transaction-id order, and is
  // released before the commit's flush. Readers hand out an event only once every transaction
  // older than its own has ended (its xid below the snapshot's xmin, postgres-log.ts): a later
  // seq that commits first waits, invisible to pollers, for the earlier ones. The venue's intake
  // row is written after the lock (it was a trigger inside it), sorted, so a poll note holding
  // that row no longer stalls every append. The notification is sent by the instance after the
  // commit (postgres-events.ts): a NOTIFY inside the transaction would serialise the commits again
  // (PostgreSQL holds its notify queue lock through the commit). Every instance must run this
  // version: an older reader does not wait for earlier transactions.
  sql(`
    ALTER TABLE events ADD COLUMN xid xid8;
    ALTER TABLE events ALTER COLUMN xid SET DEFAULT pg_current_xact_id();
    DROP TRIGGER events_venue_intake ON events;
    DROP FUNCTION relay_venue_intake();
    CREATE OR REPLACE FUNCTION relay_append(
      p_kind text[], p_event_id text[], p_venue_id text[], p_order_ref text[],
      p_received_at bigint[], p_body text[], p_signature text[]
    ) RETURNS TABLE (
      r_idx integer, r_status text, r_seq bigint, r_kind text, r_event_id text,
      r_venue_id text, r_received_at bigint, r_body text, r_signature text
    ) LANGUAGE plpgsql AS $$
    DECLARE
      i integer;
      v text;
      h record;
      intake_venue text[] := '{}';
      intake_at bigint[] := '{}';
    BEGIN
      -- A session lock, released below before the commit. The caller releases it when the
      -- statement fails (pg_advisory_unlock_all), since an abort does not.
      PERFORM pg_advisory_lock(${RELAY_LOCKS}, ${LOCK.append});
      PERFORM pg_current_xact_id();
      FOR i IN 1 .. coalesce(array_length(p_kind, 1), 0) LOOP
        r_idx := i;
        r_seq := NULL; r_kind := NULL; r_event_id := NULL; r_venue_id := NULL;
        r_received_at := NULL; r_body := NULL; r_signature := NULL;
        IF EXISTS (SELECT 1 FROM events e WHERE e.kind = p_kind[i] AND e.event_id = p_event_id[i])
           OR EXISTS (SELECT 1 FROM held_events he WHERE he.kind = p_kind[i] AND he.event_id = p_event_id[i]) THEN
          r_status := 'duplicate';
          RETURN NEXT;
          CONTINUE;
        END IF;
        v := p_venue_id[i];
        IF v IS NULL AND p_order_ref[i] IS NOT NULL THEN
          SELECT d.venue_id INTO v FROM delivery_orders d WHERE d.order_ref = p_order_ref[i];
        END IF;
        IF v IS NULL THEN
          INSERT INTO held_events (kind, event_id, order_ref, received_at, body, signature)
          VALUES (p_kind[i], p_event_id[i], p_order_ref[i], p_received_at[i], p_body[i], p_signature[i]);
          r_status := 'held';
          RETURN NEXT;
          CONTINUE;
        END IF;
        IF p_order_ref[i] IS NOT NULL THEN
          INSERT INTO delivery_orders (order_ref, venue_id, last_seen_at)
          VALUES (p_order_ref[i], v, p_received_at[i])
          ON CONFLICT (order_ref) DO UPDATE
            SET venue_id = excluded.venue_id, last_seen_at = excluded.last_seen_at;
          -- Held events were received earlier, so they take the lower seqs.
          FOR h IN SELECT he.kind, he.event_id, he.received_at, he.body, he.signature
                   FROM held_events he WHERE he.order_ref = p_order_ref[i]
                   ORDER BY he.received_at, he.held LOOP
            INSERT INTO events (kind, event_id, venue_id, received_at, body, signature)
            VALUES (h.kind, h.event_id, v, h.received_at, h.body, h.signature)
            RETURNING seq INTO r_seq;
            r_status := 'released'; r_kind := h.kind; r_event_id := h.event_id; r_venue_id := v;
            r_received_at := h.received_at; r_body := h.body; r_signature := h.signature;
            RETURN NEXT;
          END LOOP;
          DELETE FROM held_events he WHERE he.order_ref = p_order_ref[i];
          r_kind := NULL; r_event_id := NULL; r_received_at := NULL; r_body := NULL; r_signature := NULL;
        END IF;
        INSERT INTO events (kind, event_id, venue_id, received_at, body, signature)
        VALUES (p_kind[i], p_event_id[i], v, p_received_at[i], p_body[i], p_signature[i])
        RETURNING seq INTO r_seq;
        IF p_kind[i] = 'marketplace' THEN
          intake_venue := intake_venue || v;
          intake_at := intake_at || p_received_at[i];
        END IF;
        r_status := 'stored'; r_venue_id := v;
        RETURN NEXT;
      END LOOP;
      PERFORM pg_advisory_unlock(${RELAY_LOCKS}, ${LOCK.append});
      -- Still in the append's transaction (committed with the events), but outside the lock.
      INSERT INTO venue_intake (venue_id, last_webhook_at)
        SELECT n.venue_id, max(n.t) FROM unnest(intake_venue, intake_at) AS n (venue_id, t)
        GROUP BY n.venue_id ORDER BY n.venue_id
        ON CONFLICT (venue_id) DO UPDATE
        SET last_webhook_at = GREATEST(venue_intake.last_webhook_at, excluded.last_webhook_at);
    END;
    $$;
  `),
  // 15: the event log takes the venue-settings hint (shared/relay-events.ts; SQLite's 12), so a
  // venue's terminals read its settings at once when one of them changed them.
  sql(`
    ALTER TABLE events DROP CONSTRAINT events_kind_check;
    ALTER TABLE events ADD CONSTRAINT events_kind_check
      CHECK (kind IN ('marketplace', 'delivery', 'venue-settings'));
  `),
  // 16: an append never waits for another transaction's intake row. A batch holds notifications
  // of many venues; one venue's row held by another transaction (a later append on the other
  // instance, a report) made the whole batch, every venue's webhook, wait for that commit. Now the
  // rows free at once are written in the append's transaction, and each busy venue comes back as
  // an 'intake' row (r_idx 0, its venue and time), noted by the caller after the commit in a
  // statement of its own (postgres-events.ts), which waits for that venue's row alone.
  sql(`
    CREATE OR REPLACE FUNCTION relay_append(
      p_kind text[], p_event_id text[], p_venue_id text[], p_order_ref text[],
      p_received_at bigint[], p_body text[], p_signature text[]
    ) RETURNS TABLE (
      r_idx integer, r_status text, r_seq bigint, r_kind text, r_event_id text,
      r_venue_id text, r_received_at bigint, r_body text, r_signature text
    ) LANGUAGE plpgsql AS $$
    DECLARE
      i integer;
      v text;
      h record;
      intake_venue text[] := '{}';
      intake_at bigint[] := '{}';
      busy_venue text[];
      busy_at bigint[];
    BEGIN
      -- A session lock, released below before the commit. The caller releases it when the
      -- statement fails (pg_advisory_unlock_all), since an abort does not.
      PERFORM pg_advisory_lock(${RELAY_LOCKS}, ${LOCK.append});
      PERFORM pg_current_xact_id();
      FOR i IN 1 .. coalesce(array_length(p_kind, 1), 0) LOOP
        r_idx := i;
        r_seq := NULL; r_kind := NULL; r_event_id := NULL; r_venue_id := NULL;
        r_received_at := NULL; r_body := NULL; r_signature := NULL;
        IF EXISTS (SELECT 1 FROM events e WHERE e.kind = p_kind[i] AND e.event_id = p_event_id[i])
           OR EXISTS (SELECT 1 FROM held_events he WHERE he.kind = p_kind[i] AND he.event_id = p_event_id[i]) THEN
          r_status := 'duplicate';
          RETURN NEXT;
          CONTINUE;
        END IF;
        v := p_venue_id[i];
        IF v IS NULL AND p_order_ref[i] IS NOT NULL THEN
          SELECT d.venue_id INTO v FROM delivery_orders d WHERE d.order_ref = p_order_ref[i];
        END IF;
        IF v IS NULL THEN
          INSERT INTO held_events (kind, event_id, order_ref, received_at, body, signature)
          VALUES (p_kind[i], p_event_id[i], p_order_ref[i], p_received_at[i], p_body[i], p_signature[i]);
          r_status := 'held';
          RETURN NEXT;
          CONTINUE;
        END IF;
        IF p_order_ref[i] IS NOT NULL THEN
          INSERT INTO delivery_orders (order_ref, venue_id, last_seen_at)
          VALUES (p_order_ref[i], v, p_received_at[i])
          ON CONFLICT (order_ref) DO UPDATE
            SET venue_id = excluded.venue_id, last_seen_at = excluded.last_seen_at;
          -- Held events were received earlier, so they take the lower seqs.
          FOR h IN SELECT he.kind, he.event_id, he.received_at, he.body, he.signature
                   FROM held_events he WHERE he.order_ref = p_order_ref[i]
                   ORDER BY he.received_at, he.held LOOP
            INSERT INTO events (kind, event_id, venue_id, received_at, body, signature)
            VALUES (h.kind, h.event_id, v, h.received_at, h.body, h.signature)
            RETURNING seq INTO r_seq;
            r_status := 'released'; r_kind := h.kind; r_event_id := h.event_id; r_venue_id := v;
            r_received_at := h.received_at; r_body := h.body; r_signature := h.signature;
            RETURN NEXT;
          END LOOP;
          DELETE FROM held_events he WHERE he.order_ref = p_order_ref[i];
          r_kind := NULL; r_event_id := NULL; r_received_at := NULL; r_body := NULL; r_signature := NULL;
        END IF;
        INSERT INTO events (kind, event_id, venue_id, received_at, body, signature)
        VALUES (p_kind[i], p_event_id[i], v, p_received_at[i], p_body[i], p_signature[i])
        RETURNING seq INTO r_seq;
        IF p_kind[i] = 'marketplace' THEN
          intake_venue := intake_venue || v;
          intake_at := intake_at || p_received_at[i];
        END IF;
        r_status := 'stored'; r_venue_id := v;
        RETURN NEXT;
      END LOOP;
      PERFORM pg_advisory_unlock(${RELAY_LOCKS}, ${LOCK.append});
      -- Still in the append's transaction (committed with the events), but outside the lock, and
      -- never waiting for another transaction's row: rows free now are updated, missing ones
      -- inserted; a row locked elsewhere (or inserted meanwhile) is handed back to the caller.
      WITH want AS (
        SELECT n.venue_id, max(n.t) AS t FROM unnest(intake_venue, intake_at) AS n (venue_id, t)
        GROUP BY n.venue_id
      ), free AS MATERIALIZED (
        SELECT vi.venue_id FROM venue_intake vi WHERE vi.venue_id IN (SELECT w.venue_id FROM want w)
        ORDER BY vi.venue_id FOR UPDATE SKIP LOCKED
      ), noted AS (
        UPDATE venue_intake vi SET last_webhook_at = GREATEST(vi.last_webhook_at, w.t)
        FROM want w JOIN free f ON f.venue_id = w.venue_id WHERE vi.venue_id = w.venue_id
        RETURNING vi.venue_id
      ), added AS (
        INSERT INTO venue_intake (venue_id, last_webhook_at)
        SELECT w.venue_id, w.t FROM want w
        WHERE NOT EXISTS (SELECT 1 FROM venue_intake vi WHERE vi.venue_id = w.venue_id)
        ORDER BY w.venue_id
        ON CONFLICT (venue_id) DO NOTHING
        RETURNING venue_id
      )
      SELECT array_agg(w.venue_id ORDER BY w.venue_id), array_agg(w.t ORDER BY w.venue_id)
        INTO busy_venue, busy_at
      FROM want w
      WHERE w.venue_id NOT IN (SELECT venue_id FROM noted)
        AND w.venue_id NOT IN (SELECT venue_id FROM added);
      FOR i IN 1 .. coalesce(array_length(busy_venue, 1), 0) LOOP
        r_idx := 0; r_status := 'intake'; r_seq := NULL; r_kind := NULL; r_event_id := NULL;
        r_venue_id := busy_venue[i]; r_received_at := busy_at[i]; r_body := NULL; r_signature := NULL;
        RETURN NEXT;
      END LOOP;
    END;
    $$;
  `),
  // 17: an append that tells its caller when its events are settled at once, so the instances hand
  // them out without reading the log again (postgres-events.ts, postgres-log.ts). relay_append's
  // rows, then, when no transaction older than this one that may have taken a seq is running, a
  // 'settled' row whose r_seq is the highest seq below this append's first (0: none): every event
  // up to this append's last is then settled once it commits, since seqs are taken in
  // transaction-id order and every earlier append has ended (read in a later statement, so a
  // later snapshot). Running transactions are read from their transaction-id locks; those of the
  // bookkeeping's sessions, which hold the notes lock for their life (postgres-context.ts) and
  // never append, do not count: they are most of what runs beside the appends. Any other older
  // transaction counts, whoever runs it: the log is read as before. A wrapper, not a new
  // relay_append, so an instance of the previous version appends unchanged meanwhile.
  sql(`
    CREATE FUNCTION relay_append_settled(
      p_kind text[], p_event_id text[], p_venue_id text[], p_order_ref text[],
      p_received_at bigint[], p_body text[], p_signature text[]
    ) RETURNS TABLE (
      r_idx integer, r_status text, r_seq bigint, r_kind text, r_event_id text,
      r_venue_id text, r_received_at bigint, r_body text, r_signature text
    ) LANGUAGE plpgsql AS $$
    DECLARE
      a record;
      first_seq bigint;
      oldest boolean;
      below bigint;
    BEGIN
      FOR a IN SELECT * FROM relay_append(p_kind, p_event_id, p_venue_id, p_order_ref,
                                          p_received_at, p_body, p_signature) LOOP
        r_idx := a.r_idx; r_status := a.r_status; r_seq := a.r_seq; r_kind := a.r_kind;
        r_event_id := a.r_event_id; r_venue_id := a.r_venue_id; r_received_at := a.r_received_at;
        r_body := a.r_body; r_signature := a.r_signature;
        IF a.r_status IN ('stored', 'released') THEN first_seq := least(first_seq, a.r_seq); END IF;
        RETURN NEXT;
      END LOOP;
      IF first_seq IS NULL THEN RETURN; END IF;
      SELECT NOT EXISTS (
        SELECT 1 FROM pg_locks t
        WHERE t.locktype = 'transactionid' AND t.mode = 'ExclusiveLock' AND t.granted
          AND t.pid IS DISTINCT FROM pg_backend_pid()
          AND age(t.transactionid) > age(pg_current_xact_id()::xid)
          AND NOT EXISTS (
            SELECT 1 FROM pg_locks n
            WHERE n.locktype = 'advisory' AND n.granted AND n.pid = t.pid
              AND n.classid = ${RELAY_LOCKS}::oid AND n.objid = ${LOCK.notes} AND n.objsubid = 2))
        INTO oldest;
      IF NOT oldest THEN RETURN; END IF;
      SELECT max(e.seq) FROM events e WHERE e.seq < first_seq INTO below;
      r_idx := 0; r_status := 'settled'; r_seq := coalesce(below, 0); r_kind := NULL;
      r_event_id := NULL; r_venue_id := NULL; r_received_at := NULL; r_body := NULL;
      r_signature := NULL;
      RETURN NEXT;
    END;
    $$;
  `),
  // 18: an append that tells the other instances itself, and a settling that counts appends only.
  // - relay_append marks its transaction as an append (a shared transaction-level lock, taken
  //   before its transaction id and held to its end); the previous body is kept as
  //   relay_append_unmarked and called by it, so every caller, of any version, is marked.
  // - relay_append_settled counts, of the older transactions still running, those marked only: a
  //   seq is taken by a marked transaction alone, and an unmarked one (the bookkeeping, a NOTIFY's
  //   commit, a psql session) never holds one. One read of the lock table.
  // - relay_append_told: the append, its commit, then its NOTIFY from the same session, with no
  //   round trip to the instance in between (the other instances' polls were woken one round trip
  //   and one event-loop turn of the appending instance later). The NOTIFY is its own transaction,
  //   after the commit: in the append's, PostgreSQL's notify lock would be held through the
  //   commit's flush and serialise every instance's appends. Its payload: the settled events
  //   (under NOTIFY's 8,000 bytes) as JSON, else the highest seq (postgres-log.ts reads both).
  //   A procedure returns one row: the rows of relay_append_settled as arrays, in their order.
  // - relay_settled_horizon(): the lowest transaction id that may still hold a seq, for the log
  //   and poll reads (postgres-log.ts): an event whose transaction is below it is settled. The
  //   snapshot's running transactions, less those the lock table shows running unmarked (read
  //   after the snapshot: one that ended in between still counts, as its rows are not in the
  //   snapshot). Before, the snapshot's xmin: any transaction at all held delivery back.
  // - The functions run with generic plans: a custom plan for the intake statement on each call
  //   cost more than the rest of the append on this development machine (1.1 ms against 0.6 ms).
  sql(`
    ALTER FUNCTION relay_append(text[], text[], text[], text[], bigint[], text[], text[])
      RENAME TO relay_append_unmarked;
    ALTER FUNCTION relay_append_unmarked(text[], text[], text[], text[], bigint[], text[], text[])
      SET plan_cache_mode = force_generic_plan;
    CREATE FUNCTION relay_append(
      p_kind text[], p_event_id text[], p_venue_id text[], p_order_ref text[],
      p_received_at bigint[], p_body text[], p_signature text[]
    ) RETURNS TABLE (
      r_idx integer, r_status text, r_seq bigint, r_kind text, r_event_id text,
      r_venue_id text, r_received_at bigint, r_body text, r_signature text
    ) LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(${RELAY_LOCKS}, ${LOCK.appending});
      RETURN QUERY SELECT * FROM relay_append_unmarked(p_kind, p_event_id, p_venue_id,
        p_order_ref, p_received_at, p_body, p_signature);
    END;
    $$;
    CREATE OR REPLACE FUNCTION relay_append_settled(
      p_kind text[], p_event_id text[], p_venue_id text[], p_order_ref text[],
      p_received_at bigint[], p_body text[], p_signature text[]
    ) RETURNS TABLE (
      r_idx integer, r_status text, r_seq bigint, r_kind text, r_event_id text,
      r_venue_id text, r_received_at bigint, r_body text, r_signature text
    ) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
    DECLARE
      a record;
      first_seq bigint;
      oldest boolean;
      below bigint;
    BEGIN
      FOR a IN SELECT * FROM relay_append(p_kind, p_event_id, p_venue_id, p_order_ref,
                                          p_received_at, p_body, p_signature) LOOP
        r_idx := a.r_idx; r_status := a.r_status; r_seq := a.r_seq; r_kind := a.r_kind;
        r_event_id := a.r_event_id; r_venue_id := a.r_venue_id; r_received_at := a.r_received_at;
        r_body := a.r_body; r_signature := a.r_signature;
        IF a.r_status IN ('stored', 'released') THEN first_seq := least(first_seq, a.r_seq); END IF;
        RETURN NEXT;
      END LOOP;
      IF first_seq IS NULL THEN RETURN; END IF;
      -- Marked and older than this one: a transaction's own id lock and its mark, seen together.
      WITH locks AS MATERIALIZED (
        SELECT l.pid, l.locktype, l.transactionid, l.classid, l.objid, l.objsubid
        FROM pg_locks l
        WHERE l.granted AND l.pid IS DISTINCT FROM pg_backend_pid()
          AND (l.locktype = 'transactionid' AND l.mode = 'ExclusiveLock'
               OR l.locktype = 'advisory' AND l.classid = ${RELAY_LOCKS}::oid
                  AND l.objid = ${LOCK.appending} AND l.objsubid = 2)
      )
      SELECT NOT EXISTS (
        SELECT 1 FROM locks t JOIN locks m ON m.pid = t.pid AND m.locktype = 'advisory'
        WHERE t.locktype = 'transactionid'
          AND age(t.transactionid) > age(pg_current_xact_id()::xid))
        INTO oldest;
      IF NOT oldest THEN RETURN; END IF;
      SELECT max(e.seq) FROM events e WHERE e.seq < first_seq INTO below;
      r_idx := 0; r_status := 'settled'; r_seq := coalesce(below, 0); r_kind := NULL;
      r_event_id := NULL; r_venue_id := NULL; r_received_at := NULL; r_body := NULL;
      r_signature := NULL;
      RETURN NEXT;
    END;
    $$;
    CREATE FUNCTION relay_settled_horizon() RETURNS xid8 LANGUAGE sql STABLE AS $$
      WITH locks AS MATERIALIZED (
        SELECT l.pid, l.locktype, l.transactionid FROM pg_locks l
        WHERE l.granted
          AND (l.locktype = 'transactionid' AND l.mode = 'ExclusiveLock'
               OR l.locktype = 'advisory' AND l.classid = ${RELAY_LOCKS}::oid
                  AND l.objid = ${LOCK.appending} AND l.objsubid = 2)
      ), unmarked AS (
        SELECT t.transactionid FROM locks t
        WHERE t.locktype = 'transactionid'
          AND NOT EXISTS (SELECT 1 FROM locks m WHERE m.pid = t.pid AND m.locktype = 'advisory')
      )
      SELECT coalesce(min(x), pg_snapshot_xmax(pg_current_snapshot()))
      FROM pg_snapshot_xip(pg_current_snapshot()) AS x
      WHERE x::xid NOT IN (SELECT u.transactionid FROM unmarked u);
    $$;
    CREATE PROCEDURE relay_append_told(
      p_kind text[], p_event_id text[], p_venue_id text[], p_order_ref text[],
      p_received_at bigint[], p_body text[], p_signature text[],
      INOUT r_idx integer[] DEFAULT NULL, INOUT r_status text[] DEFAULT NULL,
      INOUT r_seq bigint[] DEFAULT NULL, INOUT r_kind text[] DEFAULT NULL,
      INOUT r_event_id text[] DEFAULT NULL, INOUT r_venue_id text[] DEFAULT NULL,
      INOUT r_received_at bigint[] DEFAULT NULL, INOUT r_body text[] DEFAULT NULL,
      INOUT r_signature text[] DEFAULT NULL
    ) LANGUAGE plpgsql AS $$
    DECLARE
      top bigint;
      below bigint;
      payload text;
    BEGIN
      SELECT array_agg(a.r_idx ORDER BY a.ordinality), array_agg(a.r_status ORDER BY a.ordinality),
             array_agg(a.r_seq ORDER BY a.ordinality), array_agg(a.r_kind ORDER BY a.ordinality),
             array_agg(a.r_event_id ORDER BY a.ordinality), array_agg(a.r_venue_id ORDER BY a.ordinality),
             array_agg(a.r_received_at ORDER BY a.ordinality), array_agg(a.r_body ORDER BY a.ordinality),
             array_agg(a.r_signature ORDER BY a.ordinality)
        INTO r_idx, r_status, r_seq, r_kind, r_event_id, r_venue_id, r_received_at, r_body,
             r_signature
      FROM relay_append_settled(p_kind, p_event_id, p_venue_id, p_order_ref, p_received_at,
                                p_body, p_signature) WITH ORDINALITY AS a;
      COMMIT;
      SELECT max(s.seq) FILTER (WHERE s.status IN ('stored', 'released')),
             max(s.seq) FILTER (WHERE s.status = 'settled')
        INTO top, below
      FROM unnest(r_status, r_seq) AS s (status, seq);
      IF top IS NULL THEN RETURN; END IF;
      IF below IS NOT NULL THEN
        SELECT json_build_object('top', top, 'below', below, 'events', json_agg(json_build_object(
                 'seq', e.seq, 'kind', e.kind, 'eventId', e.event_id, 'venueId', e.venue_id,
                 'receivedAt', e.received_at, 'body', e.body, 'signature', e.signature)
                 ORDER BY e.seq))::text
          INTO payload
        FROM (
          SELECT s.seq, s.venue_id,
                 CASE WHEN s.status = 'stored' THEN p_kind[s.idx] ELSE s.kind END AS kind,
                 CASE WHEN s.status = 'stored' THEN p_event_id[s.idx] ELSE s.event_id END AS event_id,
                 CASE WHEN s.status = 'stored' THEN p_received_at[s.idx] ELSE s.received_at END AS received_at,
                 CASE WHEN s.status = 'stored' THEN p_body[s.idx] ELSE s.body END AS body,
                 CASE WHEN s.status = 'stored' THEN p_signature[s.idx] ELSE s.signature END AS signature
          FROM unnest(r_idx, r_status, r_seq, r_kind, r_event_id, r_venue_id, r_received_at,
                      r_body, r_signature)
            AS s (idx, status, seq, kind, event_id, venue_id, received_at, body, signature)
          WHERE s.status IN ('stored', 'released')
        ) e;
      END IF;
      IF payload IS NULL OR octet_length(payload) >= ${NOTIFY_MAX_BYTES} THEN payload := top::text; END IF;
      PERFORM pg_notify('${CHANNEL.events}', payload);
    END;
    $$;
  `),
  // 19: which poll-usage rows changed since an instance last read them, by the transaction that
  // wrote them: a row committed after a read's snapshot was written by a transaction at or above
  // that snapshot's xmin. Before, each read took every row written in the last 2 s (a window for
  // statements committing out of order), so at 5 reads a second each change was read about ten
  // times: 1,100-2,300 rows a second per instance at 20,000 terminals, the most allocation in the
  // relay's process while it delivered. Kept by a trigger, so every writer, of any version, sets it.
  sql(`
    ALTER TABLE poll_usage ADD COLUMN changed xid8 NOT NULL DEFAULT pg_current_xact_id();
    CREATE INDEX poll_usage_changed ON poll_usage (changed);
    CREATE FUNCTION poll_usage_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.changed := pg_current_xact_id();
      RETURN NEW;
    END;
    $$;
    CREATE TRIGGER poll_usage_changed BEFORE INSERT OR UPDATE ON poll_usage
      FOR EACH ROW EXECUTE FUNCTION poll_usage_changed();
  `),
  // 20: the append plans every statement on the tables' indexes, however small the tables were
  // when it was planned. Its plans are generic (migration 18), made once per session, on the
  // sizes of that moment: a session that first appended while venue_intake was nearly empty (a
  // new install) kept a plan that read the whole table on every append (7.9 ms at 10,000 venues
  // against 1.5 ms on the development machine) until autovacuum's next analyze of the table.
  // Each of the append's statements finds its rows by key, for which the index is right at any
  // size.
  sql(`
    ALTER FUNCTION relay_append_unmarked(text[], text[], text[], text[], bigint[], text[], text[])
      SET enable_seqscan = off;
    ALTER FUNCTION relay_append_settled(text[], text[], text[], text[], bigint[], text[], text[])
      SET enable_seqscan = off;
  `),
];

/**
 * The PostgreSQL target of the migration runner: one transaction on one connection, a one-row
 * schema_version table, and a transaction-level advisory lock so instances starting together
 * migrate one after the other (the second finds the work done).
 */
export function postgresTarget(
  connect: () => Promise<PoolClient>,
): AsyncMigrationTarget<PoolClient> {
  return {
    transaction: (fn) =>
      inTransaction(connect, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1, $2)', [RELAY_LOCKS, LOCK.migrate]);
        await client.query(
          'CREATE TABLE IF NOT EXISTS relay_schema (one boolean PRIMARY KEY DEFAULT true CHECK (one), version integer NOT NULL)',
        );
        return fn(client);
      }),
    async readVersion(tx) {
      const { rows } = await tx.query<{ version: number }>('SELECT version FROM relay_schema');
      return rows[0]?.version ?? 0;
    },
    async writeVersion(tx, version) {
      await tx.query(
        'INSERT INTO relay_schema (one, version) VALUES (true, $1) ON CONFLICT (one) DO UPDATE SET version = excluded.version',
        [version],
      );
    },
  };
}

/** Migrates to the newest schema; returns its version. */
export async function migratePostgres(
  connect: () => Promise<PoolClient>,
  steps: readonly Step[] = PG_MIGRATIONS,
): Promise<number> {
  return (await migrateAsync(postgresTarget(connect), steps, 'The relay database')).to;
}
