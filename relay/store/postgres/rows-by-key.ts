// One table's rows by their key column, all of them or those of the keys asked for: how the
// shared per-venue and per-terminal tables (intake, presence) are read.
import type { QueryResultRow } from 'pg';
import type { PgContext } from './postgres-context';

/** `columns` of `table`'s rows, every one (`keys` null) or those whose `key` is in `keys`, by key. */
export const rowsByKey = async <Row extends QueryResultRow>(
  ctx: PgContext,
  table: string,
  columns: string,
  key: string,
  keys: string[] | null,
): Promise<Row[]> => {
  const { rows } =
    keys === null
      ? await ctx.pool.query<Row>(`SELECT ${columns} FROM ${table} ORDER BY ${key}`)
      : await ctx.pool.query<Row>(
          `SELECT ${columns} FROM ${table} WHERE ${key} = ANY($1) ORDER BY ${key}`,
          [keys],
        );
  return rows;
};
