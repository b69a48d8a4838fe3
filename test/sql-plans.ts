// The SQL a store prepares, and how SQLite would run it: a store's reads by state must stay on an
// index as its table grows over a terminal's life (a scan of every row, run at every event, is a
// stall of main's loop that lengthens each day).
import type { Database } from 'better-sqlite3';

/** Every SQL text `create` prepares on `db` (the store is built on a recording stand-in). */
export const preparedBy = (db: Database, create: (db: Database) => unknown): string[] => {
  const sources: string[] = [];
  const recording = new Proxy(db, {
    get: (target, key) => {
      const value: unknown = Reflect.get(target, key, target);
      if (key === 'prepare')
        return (source: string) => {
          sources.push(source);
          return target.prepare(source);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  create(recording);
  return sources;
};

/** SQLite's plan for `source`, its steps joined by " | " (parameters bound to NULL). */
export const queryPlan = (db: Database, source: string): string => {
  const named = [...source.matchAll(/@(\w+)/g)].map((match) => match[1] as string);
  const args: unknown[] = named.length
    ? [Object.fromEntries(named.map((name) => [name, null]))]
    : Array.from(source.matchAll(/\?/g), () => null);
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...args) as Array<{
    detail: string;
  }>;
  return rows.map((row) => row.detail).join(' | ');
};
