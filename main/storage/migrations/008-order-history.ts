import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';

// The statuses order actions lead to, as they were when this migration was written (a migration
// never follows later changes of the live table in shared/order-actions.ts).
const LEADS_TO: Record<string, string | undefined> = {
  accept: 'PRODUCTION',
  reject: 'REJECTED',
  ready: 'READY',
  delivered: 'DELIVERED',
};
const ORDER_KINDS = ['accept', 'confirm-preorder', 'reject', 'ready', 'delivered'];

type OrderRow = {
  id: string;
  platform_status: string;
  created_at: string;
  updated_at: string;
  auto_accepted: number;
};
type OutboxRow = {
  id: string;
  kind: string;
  subject: string;
  facts: string;
  payload: string;
  state: string;
  error: string | null;
  created_at: string;
  finished_at: string | null;
};
type AuditRow = {
  at: string;
  action: string;
  subject: string;
  outcome: string;
  detail: string | null;
};

const parse = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/**
 * Order history: the orders slice's timeline (`order_events`: received, platform-confirmed
 * statuses, actions taken here with who, where and what), the outbox's log of every try
 * (`outbox_attempts`), and what history search and filters read without parsing each order
 * (`delivery_type`, the `order_search` full-text index kept by triggers, a paging index).
 * Orders stored before get a best-effort timeline from what exists: their creation time, their
 * outbox rows and the audit log (which recorded a temporary failure once, and every outcome).
 */
// eslint-disable-next-line max-lines-per-function -- one migration step: its statements read in order as one schema change, and a step is never edited after release
export const migration008OrderHistory = (db: Database): void => {
  db.exec(`
    ALTER TABLE orders ADD COLUMN delivery_type TEXT NOT NULL DEFAULT 'takeaway';
    ALTER TABLE orders ADD COLUMN search_id INTEGER;
    ALTER TABLE orders ADD COLUMN anonymised INTEGER NOT NULL DEFAULT 0;
    UPDATE orders SET delivery_type = COALESCE(json_extract(data, '$.deliveryType'), 'takeaway');
    -- One format for ranges and paging: UTC with milliseconds, whatever offset the platform sent.
    UPDATE orders SET created_at = COALESCE(strftime('%Y-%m-%dT%H:%M:%fZ', created_at), created_at);
    UPDATE orders SET search_id = (SELECT COUNT(*) FROM orders o2 WHERE o2.rowid <= orders.rowid);
    CREATE UNIQUE INDEX orders_by_search_id ON orders (search_id);
    -- Newest first with a stable tie-break: history pages by (created_at, id).
    DROP INDEX orders_by_created;
    CREATE INDEX orders_by_created ON orders (created_at, id);

    -- Order number, customer name, item names; words and their beginnings, accents ignored.
    -- Its rowid is orders.search_id (stable, unlike an implicit rowid, which VACUUM may renumber).
    CREATE VIRTUAL TABLE order_search USING fts5(
      number, name, items, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
    );
    INSERT INTO order_search (rowid, number, name, items)
      SELECT search_id, order_number, json_extract(data, '$.consumerName'),
        (SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(data, '$.items'))
      FROM orders;
    CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
      UPDATE orders SET search_id = (SELECT IFNULL(MAX(search_id), 0) + 1 FROM orders)
        WHERE id = new.id AND search_id IS NULL;
      INSERT INTO order_search (rowid, number, name, items)
        SELECT search_id, order_number, json_extract(data, '$.consumerName'),
          (SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(data, '$.items'))
        FROM orders WHERE id = new.id;
    END;
    CREATE TRIGGER orders_search_update AFTER UPDATE OF data, order_number ON orders BEGIN
      DELETE FROM order_search WHERE rowid = old.search_id;
      INSERT INTO order_search (rowid, number, name, items)
        VALUES (new.search_id, new.order_number, json_extract(new.data, '$.consumerName'),
          (SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(new.data, '$.items')));
    END;
    CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
      DELETE FROM order_search WHERE rowid = old.search_id;
    END;

    CREATE TABLE order_events (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id TEXT NOT NULL,
      at TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('received', 'status', 'action')),
      status TEXT,
      action_id TEXT,
      action TEXT,
      actor TEXT CHECK (actor IN ('staff', 'auto')),
      terminal TEXT,
      preparation_minutes INTEGER,
      reason TEXT
    );
    CREATE INDEX order_events_by_order ON order_events (order_id, seq);

    CREATE TABLE outbox_attempts (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      action_id TEXT NOT NULL,
      at TEXT NOT NULL,
      outcome TEXT NOT NULL CHECK (outcome IN ('done', 'retrying', 'failed', 'discarded', 'retried')),
      error TEXT
    );
    CREATE INDEX outbox_attempts_by_action ON outbox_attempts (action_id, seq);
    CREATE INDEX outbox_by_subject ON outbox (subject, seq);
  `);

  const terminal = hostname();
  const insertEvent = db.prepare(
    `INSERT INTO order_events (order_id, at, kind, status, action_id, action, actor, terminal, preparation_minutes, reason)
     VALUES (@orderId, @at, @kind, @status, @actionId, @action, @actor, @terminal, @minutes, @reason)`,
  );
  const insertAttempt = db.prepare(
    'INSERT INTO outbox_attempts (action_id, at, outcome, error) VALUES (?, ?, ?, ?)',
  );
  const outboxOf = db.prepare<[string], OutboxRow>(
    'SELECT id, kind, subject, facts, payload, state, error, created_at, finished_at FROM outbox WHERE subject = ? ORDER BY seq',
  );
  const auditOf = db.prepare<[string], AuditRow>(
    'SELECT at, action, subject, outcome, detail FROM audit_log WHERE subject = ? ORDER BY id',
  );
  const retriedOf = db.prepare<[string], AuditRow>(
    "SELECT at, action, subject, outcome, detail FROM audit_log WHERE action = 'retry' AND subject = ? ORDER BY id",
  );

  const orders = db
    .prepare(
      'SELECT id, platform_status, created_at, updated_at, auto_accepted FROM orders ORDER BY created_at',
    )
    .all() as OrderRow[];
  for (const order of orders) {
    type Event = { at: string; kind: string; status?: string; action?: OutboxRow };
    const events: Event[] = [{ at: order.created_at, kind: 'received' }];
    const seen = new Set<string>();
    const rows = outboxOf.all(order.id).filter((row) => ORDER_KINDS.includes(row.kind));
    const audit = auditOf.all(order.id);
    for (const row of rows) {
      events.push({ at: row.created_at, kind: 'action', action: row });
      const leadsTo = LEADS_TO[row.kind];
      if (row.state === 'done' && leadsTo && row.finished_at && !seen.has(leadsTo)) {
        seen.add(leadsTo);
        events.push({ at: row.finished_at, kind: 'status', status: leadsTo });
      }
    }
    if (order.platform_status !== 'CREATED' && !seen.has(order.platform_status))
      events.push({ at: order.updated_at, kind: 'status', status: order.platform_status });
    events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    for (const event of events) {
      const row = event.action;
      const facts = row ? parse(row.facts) : {};
      const payload = row ? parse(row.payload) : {};
      insertEvent.run({
        orderId: order.id,
        at: event.at,
        kind: event.kind,
        status: event.status ?? null,
        actionId: row?.id ?? null,
        action: row?.kind ?? null,
        actor: row ? (facts.auto === true ? 'auto' : 'staff') : null,
        terminal: row ? terminal : null,
        minutes: typeof facts.minutes === 'number' ? facts.minutes : null,
        reason: typeof payload.reason === 'string' ? payload.reason : null,
      });
    }

    // Each row's tries as the audit log told them: a row's entries are those of its kind after
    // it was queued (and before the next row of that kind was).
    for (const [index, row] of rows.entries()) {
      const next = rows.slice(index + 1).find((later) => later.kind === row.kind);
      const attempts: Array<{ at: string; outcome: string; error: string | null }> = [];
      for (const entry of audit) {
        if (entry.action === 'discard' && entry.detail === row.kind && entry.at >= row.created_at) {
          if (!next || entry.at < next.created_at)
            attempts.push({ at: entry.at, outcome: 'discarded', error: null });
          continue;
        }
        if (entry.action !== row.kind || entry.at < row.created_at) continue;
        if (next && entry.at >= next.created_at) continue;
        const outcome =
          entry.outcome === 'retrying'
            ? 'retrying'
            : entry.outcome === 'done' || entry.outcome === 'failed'
              ? entry.outcome
              : null;
        if (outcome)
          attempts.push({
            at: entry.at,
            outcome,
            error: outcome === 'done' ? null : entry.detail,
          });
      }
      for (const entry of retriedOf.all(row.id))
        attempts.push({ at: entry.at, outcome: 'retried', error: null });
      const has = (outcome: string): boolean => attempts.some((a) => a.outcome === outcome);
      if (row.state === 'done' && !has('done'))
        attempts.push({ at: row.finished_at ?? row.created_at, outcome: 'done', error: null });
      if (row.state === 'failed' && !has('failed'))
        attempts.push({ at: row.created_at, outcome: 'failed', error: row.error });
      if (row.state === 'discarded' && !has('discarded'))
        attempts.push({ at: row.finished_at ?? row.created_at, outcome: 'discarded', error: null });
      attempts.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
      for (const attempt of attempts)
        insertAttempt.run(row.id, attempt.at, attempt.outcome, attempt.error);
    }
  }

  // Other kinds' rows (venue, menu, deliveries) get their outcome as their only known try.
  const others = db
    .prepare(
      `SELECT id, state, error, created_at, finished_at FROM outbox
       WHERE kind NOT IN (${ORDER_KINDS.map(() => '?').join(', ')}) AND state IN ('done', 'failed', 'discarded')`,
    )
    .all(...ORDER_KINDS) as Array<
    Pick<OutboxRow, 'id' | 'state' | 'error' | 'created_at' | 'finished_at'>
  >;
  for (const row of others)
    insertAttempt.run(
      row.id,
      row.finished_at ?? row.created_at,
      row.state,
      row.state === 'failed' ? row.error : null,
    );
};
