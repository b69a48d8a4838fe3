// The soak's database breakdown: each table's bytes with its indexes, its rows, the free pages.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { perThousand, tableBytes } from '../bench/db-tables';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fileWith = (fill: (db: Database.Database) => void): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'db-tables-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.db');
  const db = new Database(file);
  fill(db);
  db.close();
  return file;
};

describe('tableBytes', () => {
  it("counts a table's index pages for the table, its rows, and every page of the file", () => {
    const file = fileWith((db) => {
      db.exec('CREATE TABLE big (x TEXT); CREATE TABLE small (y TEXT)');
      const insert = db.prepare('INSERT INTO big (x) VALUES (?)');
      // One transaction: 2,000 commits would each wait for the disk.
      db.transaction(() => {
        for (let i = 0; i < 2_000; i += 1) insert.run(`${'x'.repeat(200)}${i}`);
      })();
      db.prepare('INSERT INTO small (y) VALUES (?)').run('one');
    });
    const without = tableBytes(file).tables.find((t) => t.table === 'big')!.bytes;
    const db = new Database(file);
    db.exec('CREATE INDEX big_x ON big (x)');
    db.close();

    const bytes = tableBytes(file);
    const big = bytes.tables.find((t) => t.table === 'big')!;
    expect(bytes.tables[0]!.table).toBe('big');
    expect(big.rows).toBe(2_000);
    expect(big.bytes).toBeGreaterThan(without * 1.5);
    expect(bytes.tables.some((t) => t.table === 'big_x')).toBe(false);
    expect(bytes.tables.find((t) => t.table === 'small')!.rows).toBe(1);
    expect(bytes.file).toBe(statSync(file).size);
    expect(bytes.tables.reduce((sum, t) => sum + t.bytes, 0) + bytes.free).toBe(bytes.file);
  });

  it('gives the pages freed by deleted rows as free pages', () => {
    const file = fileWith((db) => {
      db.exec('CREATE TABLE t (x TEXT)');
      const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
      db.transaction(() => {
        for (let i = 0; i < 2_000; i += 1) insert.run('y'.repeat(300));
      })();
      db.exec('DELETE FROM t');
    });
    const bytes = tableBytes(file);
    expect(bytes.free).toBeGreaterThan(500_000);
    expect(perThousand(bytes, 500)).toMatch(
      /^t \d+ \(0 rows\).*; free pages \d+ \(KB per 1,000 orders\)$/,
    );
  });
});
