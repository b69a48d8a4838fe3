// Retention of customers' personal data: orders past it are anonymised (in batches, the counter
// keeps working meanwhile), then each other domain's hook runs; one run at a time, audited.
import type { HistorySettings } from '../../shared/history';
import { DEFAULT_RETENTION_DAYS } from '../../shared/history';
import type { Database } from '../storage/database';
import { checkpointAndTruncate } from '../storage/database';
import type { OrderHistoryDeps } from './history-context';

export const RETENTION_KEY = 'history.retentionDays';
/** Orders anonymised per transaction. */
const RETENTION_BATCH = 200;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export type RetentionReason = 'start' | 'schedule' | 'setting';

export type RetentionContext = {
  deps: OrderHistoryDeps;
  forgetBatch: (cutoff: string) => number;
  closed: boolean;
  running: Promise<void>;
};

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes a customer's name (and each word of it), phone and comment where free text quotes them. */
const scrubText = (text: string, personal: readonly string[]): string => {
  let result = text;
  for (const value of personal) {
    if (value.trim().length < 3) continue;
    result = result.replace(new RegExp(escapeRegExp(value.trim()), 'giu'), '…');
  }
  return result;
};

// Personal data of orders past the retention, whatever their state: an order stuck unfinished
// (the platform never told its end) would otherwise keep its customer forever. A pre-order waits
// until its own time is past the retention too. Orders are anonymised, not deleted: a past day's
// summary (counts, sales, items, timings) stays useful and holds nobody's name.
const prepareForgetBatch = (db: Database): ((cutoff: string) => number) => {
  const selectExpired = db.prepare<
    [{ cutoff: string }],
    { id: string; data: string; reject_reason: string | null }
  >(
    `SELECT id, data, reject_reason FROM orders INDEXED BY orders_named
     WHERE anonymised = 0 AND created_at < @cutoff
       AND (json_extract(data, '$.preorderTime') IS NULL
         OR julianday(json_extract(data, '$.preorderTime')) < julianday(@cutoff))
     ORDER BY created_at LIMIT ${RETENTION_BATCH}`,
  );
  const anonymise = db.prepare(
    'UPDATE orders SET data = ?, reject_reason = ?, anonymised = 1 WHERE id = ?',
  );
  const selectReasons = db.prepare<[string], { seq: number; reason: string }>(
    'SELECT seq, reason FROM order_events WHERE order_id = ? AND reason IS NOT NULL',
  );
  const updateReason = db.prepare('UPDATE order_events SET reason = ? WHERE seq = ?');
  return db.transaction((cutoff: string): number => {
    const rows = selectExpired.all({ cutoff });
    for (const row of rows) {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const name = typeof data.consumerName === 'string' ? data.consumerName : '';
      const address = (data.deliveryAddress ?? null) as Record<string, unknown> | null;
      const personal = [
        data.consumerPhone,
        data.consumerComment,
        address?.street,
        address?.formatted,
        name,
        ...name.split(/\s+/),
      ].filter((v): v is string => typeof v === 'string');
      const scrubbed = {
        ...data,
        consumerName: null,
        consumerPhone: null,
        consumerComment: null,
        deliveryAddress: null,
      };
      anonymise.run(
        JSON.stringify(scrubbed),
        row.reject_reason === null ? null : scrubText(row.reject_reason, personal),
        row.id,
      );
      for (const event of selectReasons.all(row.id)) {
        const reason = scrubText(event.reason, personal);
        if (reason !== event.reason) updateReason.run(reason, event.seq);
      }
    }
    return rows.length;
  });
};

export const createRetentionContext = (deps: OrderHistoryDeps): RetentionContext => ({
  deps,
  forgetBatch: prepareForgetBatch(deps.db),
  closed: false,
  running: Promise.resolve(),
});

export const readHistorySettings = (deps: OrderHistoryDeps): HistorySettings => ({
  retentionDays: deps.settings.get<number>(RETENTION_KEY) ?? DEFAULT_RETENTION_DAYS,
});

// In batches, giving the event loop back between them: the first run after an upgrade may find
// a hundred thousand orders, and the counter must keep working meanwhile.
const forgetOrders = async (ctx: RetentionContext, cutoff: string): Promise<number> => {
  let total = 0;
  for (;;) {
    if (ctx.closed) return total;
    const count = ctx.forgetBatch(cutoff);
    total += count;
    if (count < RETENTION_BATCH) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
};

const run = async (ctx: RetentionContext, reason: RetentionReason): Promise<void> => {
  if (ctx.closed) return;
  const { deps } = ctx;
  const { retentionDays } = readHistorySettings(deps);
  const cutoff = new Date(deps.now().getTime() - retentionDays * DAY_MS).toISOString();
  const counts: string[] = [];
  let changed = 0;
  const step = async (
    name: string,
    forget: (cutoff: string) => number | Promise<number>,
  ): Promise<void> => {
    try {
      const count = await forget(cutoff);
      changed += count;
      counts.push(`${name} ${count}`);
    } catch (error) {
      counts.push(`${name} failed (${error instanceof Error ? error.name : 'error'})`);
      changed += 1;
    }
  };
  await step('orders', (at) => forgetOrders(ctx, at));
  for (const hook of deps.retention) if (!ctx.closed) await step(hook.name, hook.forget);
  if (ctx.closed) return;
  // What was removed is zeroed (secure_delete) in the WAL's pages; only a checkpoint puts them
  // in the database file, and the WAL's older copies of those pages go with its truncation.
  if (changed > 0) checkpointAndTruncate(deps.db);
  // Counts only, never what was removed. A quiet hourly run is not worth an entry.
  if (changed > 0 || reason !== 'schedule')
    deps.audit.record({
      action: 'retention',
      subject: 'history',
      outcome: 'ran',
      detail: `Personal data older than ${retentionDays} days (before ${cutoff}) removed: ${counts.join(', ')}.`,
    });
};

/** One run at a time: a run asked for during another starts after it. */
export const runRetention = (ctx: RetentionContext, reason: RetentionReason): Promise<void> => {
  // Each step's failure is in the run's audit entry; a failed run never stops the next one.
  ctx.running = ctx.running.then(() => run(ctx, reason)).catch(() => undefined);
  return ctx.running;
};

export const RETENTION_EVERY_MS = HOUR_MS;
