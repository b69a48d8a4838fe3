// History search beyond "Done today": words (FTS5 prefix queries), day, statuses, types, pages.
import type { Order } from '../../shared/domain';
import type { HistoryPage, HistoryQuery } from '../../shared/history';
import type { Database } from '../storage/database';
import { ServiceError } from '../service-error';
import { refusal } from '../../shared/refusals';
import type { OrderHistoryDeps } from './history-context';
import { dayBounds } from './local-time';

/** From this many matches on, a search walks the orders by time instead of sorting the matches. */
const MANY_MATCHES = 2000;

export type SearchContext = {
  deps: OrderHistoryDeps;
  /** Each query shape's statement, prepared once. */
  searches: Map<string, ReturnType<Database['prepare']>>;
  countMatches: ReturnType<typeof prepareCountMatches>;
};

const prepareCountMatches = (db: Database) =>
  db.prepare<[string], { n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT rowid FROM order_search WHERE order_search MATCH ? LIMIT ${MANY_MATCHES})`,
  );

export const createSearchContext = (deps: OrderHistoryDeps): SearchContext => ({
  deps,
  searches: new Map(),
  countMatches: prepareCountMatches(deps.db),
});

/** Words of a search, each matched as the beginning of a word (FTS5 prefix queries). */
const matchQuery = (text: string): string | null => {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  // Only letters and digits remain, so each word quoted is a plain phrase, never query syntax.
  return words.length ? words.map((word) => `"${word}"*`).join(' ') : null;
};

type Cursor = { createdAt: string; id: string };
const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
const decodeCursor = (text: string): Cursor => {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    )
      return { createdAt: value[0], id: value[1] };
  } catch {
    // Falls through to the refusal below.
  }
  throw new ServiceError('invalid-request', refusal('history-page-stale'));
};

/** The WHERE clauses and their parameters of a query. */
const conditions = (
  ctx: SearchContext,
  query: HistoryQuery,
): { where: string[]; params: Record<string, string | number> } => {
  const where: string[] = [];
  const params: Record<string, string | number> = { limit: query.limit + 1 };
  const match = query.text ? matchQuery(query.text) : null;
  if (match) {
    // Few matches: read them from the index and sort them. Many (a common item, one letter):
    // walk the orders newest first and stop at the page's end ("+" keeps SQLite from driving
    // the query from the index, which would sort tens of thousands of rows).
    const many = (ctx.countMatches.get(match)?.n ?? 0) >= MANY_MATCHES;
    where.push(
      `${many ? '+' : ''}search_id IN (SELECT rowid FROM order_search WHERE order_search MATCH @match)`,
    );
    params.match = match;
  }
  if (query.day) {
    const { from, to } = dayBounds(query.day, ctx.deps.timeZone());
    where.push('created_at >= @from AND created_at < @to');
    Object.assign(params, { from, to });
  }
  // Filters read the confirmed status: history shows what the platform said.
  const list = (column: string, name: string, values: readonly string[] | undefined): void => {
    if (!values?.length) return;
    where.push(`${column} IN (${values.map((_, i) => `@${name}${i}`).join(', ')})`);
    values.forEach((value, i) => (params[`${name}${i}`] = value));
  };
  list('platform_status', 'status', query.statuses);
  list('delivery_type', 'type', query.types);
  if (query.venueId) {
    where.push('venue_id = @venueId');
    params.venueId = query.venueId;
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    where.push('(created_at, id) < (@cursorAt, @cursorId)');
    Object.assign(params, { cursorAt: cursor.createdAt, cursorId: cursor.id });
  }
  return { where, params };
};

export const search = (ctx: SearchContext, query: HistoryQuery): HistoryPage => {
  const { where, params } = conditions(ctx, query);
  const sql = `SELECT id, created_at FROM orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, id DESC LIMIT @limit`;
  let statement = ctx.searches.get(sql);
  if (!statement) {
    statement = ctx.deps.db.prepare(sql);
    ctx.searches.set(sql, statement);
  }
  const rows = statement.all(params) as Array<{ id: string; created_at: string }>;
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    orders: page.map((row) => ctx.deps.store.get(row.id)).filter((o): o is Order => o !== null),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  };
};
