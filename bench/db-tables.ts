// What a SQLite file's bytes are: each table with its indexes (SQLite's dbstat), the free pages,
// the file as a whole. The soak prints it per 1,000 orders, so a change in the database's size
// names the table that grew.
import Database from 'better-sqlite3';

export type TableBytes = { table: string; bytes: number; rows: number };

export type FileBytes = { file: number; free: number; tables: TableBytes[] };

export const tableBytes = (file: string): FileBytes => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // An index's pages count for the table it indexes (sqlite_schema's tbl_name); the rows are the
    // cells of the table's own leaves.
    const tables = db
      .prepare<[], TableBytes>(
        `SELECT coalesce(s.tbl_name, d.name) AS "table", sum(d.pgsize) AS bytes,
           sum(CASE WHEN d.name = s.tbl_name AND d.pagetype = 'leaf' THEN d.ncell ELSE 0 END) AS rows
         FROM dbstat AS d LEFT JOIN sqlite_schema AS s ON s.name = d.name
         GROUP BY 1 ORDER BY 2 DESC`,
      )
      .all();
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    return { file: pages * pageSize, free: free * pageSize, tables };
  } finally {
    db.close();
  }
};

/** One line: the largest tables' KB (and rows) per 1,000 orders, then the free pages'. */
export const perThousand = (bytes: FileBytes, orders: number, most = 12): string => {
  const kb = (b: number) => (b / 1024 / (orders / 1000)).toFixed(0);
  const per = (n: number) => (n / (orders / 1000)).toFixed(0);
  const rows = bytes.tables
    .slice(0, most)
    .map((t) => `${t.table} ${kb(t.bytes)} (${per(t.rows)} rows)`);
  return `${rows.join(', ')}; free pages ${kb(bytes.free)} (KB per 1,000 orders)`;
};
