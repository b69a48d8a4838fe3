import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SchemaFromTheFutureError,
  migrateAsync,
  migrateSqlite,
  planMigrations,
} from './migrations';
import type { AsyncMigrationTarget } from './migrations';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const open = (): Database => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-migrations-'));
  dirs.push(dir);
  return new BetterSqlite3(path.join(dir, 'db.sqlite'));
};
const tables = (db: Database): string[] =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);

describe('migrateSqlite', () => {
  const steps = [
    (db: Database) => db.exec('CREATE TABLE a (x INTEGER)'),
    (db: Database) => db.exec('CREATE TABLE b (y INTEGER)'),
  ];

  it('runs the pending steps and sets user_version; a second run does nothing', () => {
    const db = open();
    expect(migrateSqlite(db, steps.slice(0, 1))).toEqual({ from: 0, to: 1 });
    expect(migrateSqlite(db, steps)).toEqual({ from: 1, to: 2 });
    expect(migrateSqlite(db, steps)).toEqual({ from: 2, to: 2 });
    expect(tables(db)).toEqual(['a', 'b']);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
  });

  it('leaves the starting version whole when a step fails', () => {
    const db = open();
    const failing = [
      ...steps,
      () => {
        throw new Error('step 3 failed');
      },
    ];
    expect(() => migrateSqlite(db, failing)).toThrow('step 3 failed');
    expect(tables(db)).toEqual([]);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
  });

  it('refuses a database from the future and leaves it untouched', () => {
    const db = open();
    db.pragma('user_version = 5');
    expect(() => migrateSqlite(db, steps, 'The relay database')).toThrow(SchemaFromTheFutureError);
    expect(() => migrateSqlite(db, steps, 'The relay database')).toThrow(
      /^The relay database has schema version 5, but this program knows only up to 2/,
    );
    expect(tables(db)).toEqual([]);
    expect(db.pragma('user_version', { simple: true })).toBe(5);
  });
});

describe('migrateAsync', () => {
  // An in-memory target with copy-on-write transactions: enough to check the runner's rules;
  // the PostgreSQL target is tested against a real server in relay/.
  type State = { version: number; applied: string[] };
  const target = (state: State): AsyncMigrationTarget<State> => ({
    async transaction(fn) {
      const copy = { version: state.version, applied: [...state.applied] };
      const result = await fn(copy);
      Object.assign(state, copy);
      return result;
    },
    readVersion: async (tx) => tx.version,
    writeVersion: async (tx, version) => {
      tx.version = version;
    },
  });
  const step = (name: string) => async (tx: State) => {
    tx.applied.push(name);
  };

  it('runs pending steps in order with the version, and refuses the future', async () => {
    const state: State = { version: 1, applied: [] };
    await expect(migrateAsync(target(state), [step('1'), step('2'), step('3')])).resolves.toEqual({
      from: 1,
      to: 3,
    });
    expect(state).toEqual({ version: 3, applied: ['2', '3'] });
    await expect(migrateAsync(target(state), [step('1')])).rejects.toThrow(
      SchemaFromTheFutureError,
    );
    expect(state.version).toBe(3);
  });

  it('commits nothing when a step fails', async () => {
    const state: State = { version: 0, applied: [] };
    const failing = async () => {
      throw new Error('no');
    };
    await expect(migrateAsync(target(state), [step('1'), failing])).rejects.toThrow('no');
    expect(state).toEqual({ version: 0, applied: [] });
  });
});

describe('planMigrations', () => {
  it('refuses a stored version that is not a count', () => {
    expect(() => planMigrations(-1, 3)).toThrow('not a version number');
    expect(() => planMigrations(1.5, 3)).toThrow('not a version number');
  });
});
